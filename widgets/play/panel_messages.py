"""Strings (pt-BR and en) of the dashboard's panels: the end-of-game report, the help panel,
saving and loading; registered in :data:`warkit_widgets.i18n.MESSAGES` on import."""

from __future__ import annotations

from ..i18n import MESSAGES, Lang

PANEL_MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the end-of-game report -----------------------------------------------------------
    "end.title": {"en": "How the game went", "pt": "Como foi o jogo"},
    "end.chart.territories": {"en": "Territories at the start of each turn",
                              "pt": "Territórios no início de cada turno"},
    "end.chart.armies": {"en": "Armies on the board at the start of each turn",
                         "pt": "Exércitos no tabuleiro no início de cada turno"},
    "end.chart.luck": {"en": "Luck: dice comparisons won above expectation",
                       "pt": "Sorte: comparações de dados vencidas acima do esperado"},
    "end.luck.row": {"en": "{player}: won {won} of {total} dice comparisons "
                           "(expected {expected})",
                     "pt": "{player}: venceu {won} de {total} comparações de dados "
                           "(esperado: {expected})"},
    "end.luck.note": {
        "en": "Expected = the exact average over every possible face of the dice rolled "
              "(C-ATK-4: highest against highest, ties to the defender), first roll of each "
              "battle, attacking and defending.",
        "pt": "Esperado = a média exata sobre todas as faces possíveis dos dados rolados "
              "(C-ATK-4: maior contra maior, empate da defesa), primeira rolagem de cada "
              "batalha, no ataque e na defesa."},
    "end.moments": {"en": "Decisive moments", "pt": "Momentos decisivos"},
    "end.turn": {"en": "Turn {turn}:", "pt": "Turno {turn}:"},
    "end.moment.continent": {"en": "{seat} takes the whole of {continent}",
                             "pt": "{seat} domina {continent:o} inteira"},
    "end.moment.broken": {"en": "{seat} breaks {owner}'s hold on {continent}",
                          "pt": "{seat} quebra o domínio de {owner} sobre {continent:o}"},
    "end.moment.eliminated": {"en": "{by} eliminates {seat}", "pt": "{by} elimina {seat}"},
    "end.moment.trade": {"en": "the largest trade: {seat} receives {armies} armies",
                         "pt": "a maior troca: {seat} recebe {armies} exércitos"},
    "end.moment.won": {"en": "{seat} wins", "pt": "{seat} vence"},
    # -- the help panel ---------------------------------------------------------------------
    "help.title": {"en": "Rules", "pt": "Regras"},
    "help.button": {"en": "Rules (?)", "pt": "Regras (?)"},
    "help.close": {"en": "Close", "pt": "Fechar"},
    "help.book": {"en": "The whole rule book, with each decision and its reason:",
                  "pt": "O livro de regras completo, com cada decisão e o seu motivo:"},
    "help.open_rule": {"en": "What rule {rule} says", "pt": "O que diz a regra {rule}"},
    # -- saved games that cannot be loaded (the reason; see saves.LoadProblem) ---------------
    "play.bad.json": {"en": "it is not a JSON file",
                      "pt": "não é um arquivo JSON"},
    "play.bad.format": {"en": "it is not a warkit saved game",
                        "pt": "não é um jogo salvo do warkit"},
    "play.bad.version": {"en": "it was written by another version of warkit",
                         "pt": "foi gravado por outra versão do warkit"},
    "play.bad.size": {"en": "the file is too large",
                      "pt": "o arquivo é grande demais"},
    "play.bad.replay": {"en": "its moves break the rules: it was changed or damaged",
                        "pt": "as jogadas dele quebram as regras: ele foi alterado ou "
                              "danificado"},
    "play.bad.content": {"en": "its content is damaged or incomplete",
                         "pt": "o conteúdo dele está danificado ou incompleto"},
    "play.not_dealt": {"en": "the game has not been dealt yet",
                       "pt": "o jogo ainda nem foi distribuído"},
    "play.bad_seats.none": {"en": "the player settings are missing",
                            "pt": "faltam os dados dos jogadores"},
    "play.bad_seats.count": {"en": "the player settings list {found} seats for {players} "
                                   "players",
                             "pt": "os dados dos jogadores trazem {found} lugares para "
                                   "{players} jogadores"},
    "play.bad_seats.color": {"en": "player {seat}'s colour does not match the game",
                             "pt": "a cor do jogador {seat} não confere com o jogo"},
    "play.bad_seats.kind": {"en": "player {seat} is neither a person nor a computer level",
                            "pt": "o jogador {seat} não é pessoa nem nível de computador"},
    "play.bad_seats.name": {"en": "player {seat} has no name",
                            "pt": "o jogador {seat} está sem nome"},
    # -- saving and loading -----------------------------------------------------------------
    "files.close": {"en": "Close", "pt": "Fechar"},
    "files.save_tip": {"en": "Download this game as a file (it holds every player's secrets)",
                       "pt": "Baixar este jogo como arquivo (ele tem os segredos de todos)"},
    "files.saved": {"en": "Saved: {file} is downloading. It holds every secret of the game "
                          "(hands, objectives): keep it to yourself.",
                    "pt": "Salvo: {file} está sendo baixado. Ele contém todos os segredos do "
                          "jogo (mãos, objetivos): guarde-o só para você."},
    "files.ask": {"en": "Replace the game in progress ({players}, turn {turn}) with {file}? "
                        "It stays under \"Games in progress\" in New game.",
                  "pt": "Trocar o jogo em andamento ({players}, turno {turn}) por {file}? "
                        "Ele continua em \"Jogos em andamento\", no Novo jogo."},
    "files.ask_unsaved": {"en": "Replace the game in progress ({players}, turn {turn}) with "
                                "{file}? Save it first if you want to come back to it.",
                          "pt": "Trocar o jogo em andamento ({players}, turno {turn}) por "
                                "{file}? Salve-o antes se quiser voltar a ele."},
    "files.replace": {"en": "Replace it", "pt": "Trocar"},
    "files.keep": {"en": "Keep playing", "pt": "Continuar este jogo"},
    "files.kept": {"en": "The game in progress goes on; the file was not loaded.",
                   "pt": "O jogo em andamento continua; o arquivo não foi carregado."},
}

MESSAGES.update(PANEL_MESSAGES)
