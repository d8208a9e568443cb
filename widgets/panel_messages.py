"""Strings (pt-BR and en) of the dashboard's panels: the end-of-game report, the help panel,
saving and loading; registered in :data:`warkit_widgets.i18n.MESSAGES` on import."""

from __future__ import annotations

from .i18n import MESSAGES, Lang

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
                             "pt": "{seat} domina {continent} inteira"},
    "end.moment.broken": {"en": "{seat} breaks {owner}'s hold on {continent}",
                          "pt": "{seat} quebra o domínio de {owner} sobre {continent}"},
    "end.moment.eliminated": {"en": "{by} eliminates {seat}", "pt": "{by} elimina {seat}"},
    "end.moment.trade": {"en": "the largest trade: {seat} receives {armies} armies",
                         "pt": "a maior troca: {seat} recebe {armies} exércitos"},
    "end.moment.won": {"en": "{seat} wins", "pt": "{seat} vence"},
    # -- the help panel ---------------------------------------------------------------------
    "help.title": {"en": "Rules", "pt": "Regras"},
    "help.button": {"en": "Rules (?)", "pt": "Regras (?)"},
    "help.close": {"en": "Close", "pt": "Fechar"},
    "help.open_rule": {"en": "What rule {rule} says", "pt": "O que diz a regra {rule}"},
    # -- the map ---------------------------------------------------------------------------
    "map.tint.owner": {"en": "Colours: owners", "pt": "Cores: donos"},
    "map.tint.continent": {"en": "Colours: continents", "pt": "Cores: continentes"},
}

MESSAGES.update(PANEL_MESSAGES)
