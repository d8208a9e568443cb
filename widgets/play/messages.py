"""The dashboard's strings (pt-BR and en), added to the one translation layer.

Importing this module registers :data:`PLAY_MESSAGES` in
:data:`warkit_widgets.i18n.MESSAGES`, so every string is read with
:func:`warkit_widgets.i18n.tr` like the rest of the widgets.
"""

from __future__ import annotations

from ..i18n import MESSAGES, Lang

PLAY_MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the page ------------------------------------------------------------------------------
    "play.title": {"en": "War — play in the browser", "pt": "War — jogue no navegador"},
    "play.rules.classic": {"en": "classic War", "pt": "War clássico"},
    "play.rules.smart": {"en": "War SMART", "pt": "War SMART"},
    "play.header": {"en": "{rules} · round {round} · turn {turn}",
                    "pt": "{rules} · rodada {round} · turno {turn}"},
    "play.language": {"en": "Language", "pt": "Idioma"},
    "play.speed": {"en": "Computers' pace", "pt": "Ritmo do computador"},
    "play.speed.tip": {"en": "How long each move of a computer stays on screen",
                       "pt": "Quanto tempo cada jogada do computador fica na tela"},
    "play.speed.slow": {"en": "slow", "pt": "lenta"},
    "play.speed.normal": {"en": "normal", "pt": "normal"},
    "play.speed.fast": {"en": "fast", "pt": "rápida"},
    "play.speed.instant": {"en": "instant", "pt": "instantânea"},
    "play.new": {"en": "New game", "pt": "Novo jogo"},
    "play.save": {"en": "Save", "pt": "Salvar"},
    "play.load": {"en": "Load a saved game", "pt": "Carregar jogo salvo"},
    "play.undo": {"en": "Undo", "pt": "Desfazer"},
    "play.undone": {"en": "Undone.", "pt": "Desfeito."},
    "play.cannot_undo": {
        "en": "Nothing to undo: dice rolled, cards drawn or revealed and other players' moves "
              "cannot be taken back.",
        "pt": "Nada a desfazer: dados rolados, cartas compradas ou mostradas e jogadas de outros "
              "não voltam atrás."},
    "play.download": {"en": "Download {file}", "pt": "Baixar {file}"},
    "play.saved": {"en": "Game saved: click the link to download it. The file holds every "
                         "secret of the game (hands, objectives): keep it to yourself.",
                   "pt": "Jogo salvo: clique no link para baixá-lo. O arquivo contém todos os "
                         "segredos do jogo (mãos, objetivos): guarde-o só para você."},
    "play.loaded": {"en": "Game loaded: {file}.", "pt": "Jogo carregado: {file}."},
    "play.load_failed": {"en": "This file cannot be loaded: {error}. The game in progress is "
                               "unchanged.",
                         "pt": "Este arquivo não pode ser carregado: {error}. O jogo em andamento "
                               "continua como estava."},
    "play.too_big": {"en": "the file is too large ({size} bytes; a saved game is at most "
                           "{limit})",
                     "pt": "o arquivo é grande demais ({size} bytes; um jogo salvo tem no "
                           "máximo {limit})"},
    "play.not_text": {"en": "it is not a text file", "pt": "não é um arquivo de texto"},
    "play.bad_players": {"en": "the player settings are wrong ({detail})",
                         "pt": "os dados dos jogadores estão errados ({detail})"},
    "play.finished_file": {"en": "that game is already over", "pt": "esse jogo já terminou"},
    "play.resume": {"en": "Resume: {players} — {rules}, turn {turn} ({when})",
                    "pt": "Continuar: {players} — {rules}, turno {turn} ({when})"},
    "play.resume_title": {"en": "Games in progress", "pt": "Jogos em andamento"},
    "play.not_yours": {"en": "that game is not one of this browser's games in progress",
                       "pt": "esse jogo não está entre os jogos em andamento deste navegador"},
    "play.error": {"en": "Something went wrong: {error}", "pt": "Algo deu errado: {error}"},
    # -- the new-game form ------------------------------------------------------------------
    "setup.title": {"en": "New game", "pt": "Novo jogo"},
    "setup.rules": {"en": "Rules", "pt": "Regras"},
    "setup.players": {"en": "Players", "pt": "Jogadores"},
    "setup.seed": {"en": "Seed (optional)", "pt": "Semente (opcional)"},
    "setup.seed_help": {"en": "the same seed deals the same game",
                        "pt": "a mesma semente distribui o mesmo jogo"},
    "setup.name": {"en": "Name", "pt": "Nome"},
    "setup.color": {"en": "Colour", "pt": "Cor"},
    "setup.kind": {"en": "Who plays", "pt": "Quem joga"},
    "setup.kind.human": {"en": "human", "pt": "humano"},
    "setup.kind.easy": {"en": "computer (easy)", "pt": "computador (fácil)"},
    "setup.kind.normal": {"en": "computer (normal)", "pt": "computador (normal)"},
    "setup.kind.hard": {"en": "computer (hard)", "pt": "computador (difícil)"},
    "setup.kind.random": {"en": "computer (random)", "pt": "computador (aleatório)"},
    "setup.start": {"en": "Start the game", "pt": "Começar o jogo"},
    "setup.player": {"en": "Player {n}", "pt": "Jogador {n}"},
    "setup.computer": {"en": "Computer {n}", "pt": "Computador {n}"},
    "setup.bad": {"en": "Cannot start: {error}", "pt": "Não dá para começar: {error}"},
    "setup.same_color": {"en": "each player needs a different colour (C-COMP-1)",
                         "pt": "cada jogador precisa de uma cor diferente (C-COMP-1)"},
    "setup.bad_seed": {"en": "the seed is a whole number, or empty",
                       "pt": "a semente é um número inteiro, ou vazia"},
    # -- players and secrets -------------------------------------------------------------------
    "play.players": {"en": "Players", "pt": "Jogadores"},
    "play.stats": {"en": "{territories} terr. · {armies} · {cards}",
                   "pt": "{territories} terr. · {armies} · {cards}"},
    "play.count.armies.one": {"en": "{n} army", "pt": "{n} exérc."},
    "play.count.armies.many": {"en": "{n} armies", "pt": "{n} exérc."},
    "play.count.cards.one": {"en": "{n} card", "pt": "{n} carta"},
    "play.count.cards.many": {"en": "{n} cards", "pt": "{n} cartas"},
    "play.out": {"en": "out of the game", "pt": "fora do jogo"},
    "play.bot": {"en": "computer ({level})", "pt": "computador ({level})"},
    "play.objective": {"en": "Your objective", "pt": "Seu objetivo"},
    "play.objective_of": {"en": "{player}'s objective (secret)",
                          "pt": "Objetivo de {player} (secreto)"},
    "play.no_secret": {"en": "Hands and objectives are hidden until a player takes the device.",
                       "pt": "Mãos e objetivos ficam escondidos até um jogador pegar o "
                             "aparelho."},
    "play.log": {"en": "Game log", "pt": "Registro do jogo"},
    "play.reserves": {"en": "To place: {free} anywhere", "pt": "A colocar: {free} em qualquer "
                                                                "lugar"},
    "play.reserves.continent": {"en": "{count} in {continent} only",
                                "pt": "{count} só {continent:em}"},
    # -- hot-seat ------------------------------------------------------------------------------
    "play.handoff.title": {"en": "Pass the device to {player}",
                           "pt": "Passe o aparelho para {player}"},
    "play.handoff.text": {"en": "{player}, it is your move{why}. Make sure nobody else is "
                                "looking, then click below: your cards and objective will be "
                                "shown.",
                          "pt": "{player}, é a sua vez{why}. Confira que ninguém mais está "
                                "olhando e clique abaixo: suas cartas e seu objetivo serão "
                                "mostrados."},
    "play.handoff.react": {"en": " (to react: {attacker} attacks your {dst})",
                           "pt": " (para reagir: {attacker} ataca seu território {dst})"},
    "play.handoff.ready": {"en": "I am {player}: show my game", "pt": "Sou {player}: mostrar "
                                                                       "meu jogo"},
    # -- prompts ---------------------------------------------------------------------------------
    "play.wait": {"en": "{player} is playing…", "pt": "{player} está jogando…"},
    "play.tab": {"en": "War", "pt": "War"},
    "play.zoom.in": {"en": "Zoom the map", "pt": "Ampliar o mapa"},
    "play.zoom.out": {"en": "Whole map", "pt": "Mapa inteiro"},
    "play.tab.yours": {"en": "▶ Your turn, {player} — War", "pt": "▶ Sua vez, {player} — War"},
    "play.tab.wait": {"en": "{player} is playing — War", "pt": "{player} está jogando — War"},
    "play.tab.handoff": {"en": "Pass the device to {player} — War",
                         "pt": "Passe o aparelho para {player} — War"},
    "play.tab.over": {"en": "Game over — War", "pt": "Fim de jogo — War"},
    "play.sound.on": {"en": "Sound on (click to mute)", "pt": "Som ligado (clique para silenciar)"},
    "play.sound.on_short": {"en": "on", "pt": "som"},
    "play.sound.off_short": {"en": "off", "pt": "mudo"},
    "play.sound.off": {"en": "Sound off (click to turn it on)",
                       "pt": "Som desligado (clique para ligar)"},
    "play.pick_attack": {"en": "Pick an attack first: your territory, then an enemy target.",
                         "pt": "Escolha um ataque primeiro: seu território, depois um alvo "
                               "inimigo."},
    "play.prompt.trade": {"en": "{player}: select cards to trade, or go on to placing.",
                          "pt": "{player}: selecione cartas para trocar, ou passe para a "
                                "colocação."},
    "play.prompt.trade_late": {"en": "{player}: you may trade the cards taken from the "
                                     "eliminated player (C-ELIM-2), or finish.",
                               "pt": "{player}: você pode trocar as cartas tomadas do jogador "
                                     "eliminado (C-ELIM-2), ou terminar."},
    "play.prompt.place": {"en": "{player}: click one of your territories and place armies "
                                "({armies} left).",
                          "pt": "{player}: clique em um dos seus territórios e coloque "
                                "exércitos (faltam {armies})."},
    "play.prompt.attack": {"en": "{player}: pick your territory, then an enemy target; or end "
                                 "the attacks.",
                           "pt": "{player}: escolha seu território, depois um alvo inimigo; "
                                 "ou encerre os ataques."},
    "play.prompt.occupy": {"en": "{player}: conquered! Choose how many armies move in "
                                 "(C-CONQ-1).",
                           "pt": "{player}: conquistado! Escolha quantos exércitos entram "
                                 "(C-CONQ-1)."},
    "play.prompt.move": {"en": "{player}: regroup armies between your neighbouring territories, "
                               "or end the turn.",
                         "pt": "{player}: desloque exércitos entre seus territórios vizinhos, "
                               "ou termine o turno."},
    "play.prompt.react.attacker": {
        "en": "{player}: the dice of {src} → {dst} are rolled. React (terrain knowledge, "
              "tactical regroup) or pass.",
        "pt": "{player}: os dados do ataque {src} → {dst} foram rolados. Reaja (conhecimento do "
              "terreno, reagrupamento tático) ou passe."},
    "play.prompt.react.defender": {
        "en": "{player}: {dst} is under attack from {src}. React to the dice (terrain "
              "knowledge, tactical regroup) or pass.",
        "pt": "{player}: {dst} está sob ataque, vindo {src:de}. Reaja aos dados (conhecimento do "
              "terreno, reagrupamento tático) ou passe."},
    "play.prompt.discard": {"en": "{player}: more than 6 cards: discard down to 6 (S-END-2).",
                            "pt": "{player}: mais de 6 cartas: descarte até ficar com 6 "
                                  "(S-END-2)."},
    "play.prompt.alliance": {"en": "{player}: shift armies freely inside the continent "
                                   "(S-ALLY-1), then finish.",
                             "pt": "{player}: redistribua exércitos livremente dentro do "
                                   "continente (S-ALLY-1), depois termine."},
    "play.prompt.airlift": {"en": "{player}: move armies to or from the airlift territory "
                                  "(S-AIRLIFT-1), then finish.",
                            "pt": "{player}: mova exércitos de ou para o território da ponte "
                                  "aérea (S-AIRLIFT-1), depois termine."},
    "play.over.one": {"en": "{player} wins!", "pt": "{player} venceu!"},
    "play.over.shared": {"en": "Shared victory: {players}.",
                         "pt": "Vitória compartilhada: {players}."},
    # -- buttons ---------------------------------------------------------------------------------
    "play.btn.place": {"en": "Place {n}", "pt": "Colocar {n}"},
    "play.btn.attack": {"en": "Attack with {n}", "pt": "Atacar com {n}"},
    "play.btn.airattack": {"en": "Air attack with {n}", "pt": "Ataque aéreo com {n}"},
    "play.btn.occupy": {"en": "Move in {n}", "pt": "Ocupar com {n}"},
    "play.btn.move": {"en": "Move {n}", "pt": "Deslocar {n}"},
    "play.btn.end.trade": {"en": "Go on to placing", "pt": "Ir para a colocação"},
    "play.btn.end.trade_late": {"en": "Finish the turn", "pt": "Terminar o turno"},
    "play.btn.end.attack": {"en": "End attacks", "pt": "Encerrar ataques"},
    "play.btn.end.move": {"en": "End the turn", "pt": "Terminar o turno"},
    "play.btn.end.alliance": {"en": "Finish the alliance", "pt": "Terminar a aliança"},
    "play.btn.end.airlift": {"en": "Finish the airlift", "pt": "Terminar a ponte aérea"},
    "play.btn.pass": {"en": "Pass", "pt": "Passar"},
    "play.btn.use": {"en": "Use", "pt": "Usar"},
    "play.count": {"en": "how many", "pt": "quantos"},
    "play.advantages": {"en": "SMART advantages", "pt": "Vantagens SMART"},
    "play.no_advantage": {"en": "none available now", "pt": "nenhuma disponível agora"},
    # -- SMART options, in words ------------------------------------------------------------------
    "opt.intelligence": {"en": "Intelligence: give up the bonus of {continents} for {draws} "
                               "card(s) (S-INTEL-1)",
                         "pt": "Inteligência: abrir mão do bônus de {continents} por {draws} "
                               "carta(s) (S-INTEL-1)"},
    "opt.airattack": {"en": "Air attack on {dst} from {src}, discarding its card (S-AIR-1)",
                      "pt": "Ataque aéreo {dst:a} a partir {src:de}, descartando a carta "
                            "(S-AIR-1)"},
    "opt.terrain": {"en": "Terrain knowledge: reveal {card} (S-TERRAIN-1)",
                    "pt": "Conhecimento do terreno: mostrar {card} (S-TERRAIN-1)"},
    "opt.reroll": {"en": "Tactical regroup: discard {card}, reroll {dice} (minimum {minimum}, "
                         "S-REROLL-1)",
                   "pt": "Reagrupamento tático: descartar {card}, rolar de novo {dice} (mínimo "
                         "{minimum}, S-REROLL-1)"},
    "opt.passage": {"en": "Hidden passage: reveal {card} (S-PASS-1)",
                    "pt": "Passagem secreta: mostrar {card} (S-PASS-1)"},
    "opt.alliance": {"en": "Continental alliance in {continent}: discard {card} (S-ALLY-1)",
                     "pt": "Aliança continental {continent:em}: descartar {card} (S-ALLY-1)"},
    "opt.airlift": {"en": "Air transport through {card}: discard its card (S-AIRLIFT-1)",
                    "pt": "Ponte aérea por {card}: descartar a carta (S-AIRLIFT-1)"},
    "opt.discard": {"en": "Discard {card} (S-END-2)", "pt": "Descartar {card} (S-END-2)"},
    "opt.pass": {"en": "Pass", "pt": "Passar"},
    # -- the end ---------------------------------------------------------------------------------
    "over.title": {"en": "Game over", "pt": "Fim de jogo"},
    "over.objectives": {"en": "Everyone's objective", "pt": "O objetivo de cada um"},
    "over.winner": {"en": "winner", "pt": "vencedor"},
    "over.tiebreak": {"en": "SMART tie-break (S-WIN-3): {criterion} decided.",
                      "pt": "Desempate SMART (S-WIN-3): decidiu {criterion}."},
    "over.eliminator": {"en": "{player} eliminated the colour of their objective (S-WIN-2).",
                        "pt": "{player} eliminou a cor do seu objetivo (S-WIN-2)."},
    "over.criterion.big": {"en": "24 or more territories", "pt": "24 territórios ou mais"},
    "over.criterion.territories": {"en": "most territories", "pt": "mais territórios"},
    "over.criterion.armies": {"en": "most armies on the board",
                              "pt": "mais exércitos no tabuleiro"},
    "over.criterion.cards": {"en": "most cards in hand", "pt": "mais cartas na mão"},
    "over.criterion.shared": {"en": "nothing: a shared victory",
                              "pt": "nada: vitória compartilhada"},
    "over.col.player": {"en": "Player", "pt": "Jogador"},
    "over.col.territories": {"en": "Territories", "pt": "Territórios"},
    "over.col.armies": {"en": "Armies", "pt": "Exércitos"},
    "over.col.cards": {"en": "Cards", "pt": "Cartas"},
    "over.col.objective": {"en": "Objective", "pt": "Objetivo"},
    "over.again": {"en": "Play again", "pt": "Jogar de novo"},
    # -- the log -----------------------------------------------------------------------------------
    "log.and": {"en": " and ", "pt": " e "},
    "log.turn": {"en": "Round {round}, turn {turn}: {seat} ({territories} territories, "
                       "receives {income})",
                 "pt": "Rodada {round}, turno {turn}: {seat} ({territories} territórios, "
                       "recebe {income})"},
    "log.trade": {"en": "{seat} trades {cards} for {armies} armies",
                  "pt": "{seat} troca {cards} por {armies} exércitos"},
    "log.place": {"en": "{seat} places {count} on {territory}",
                  "pt": "{seat} coloca {count} {territory:em}"},
    "log.battle": {"en": "{seat} attacks {dst} from {src}: {attack} vs {defence} → attacker "
                         "−{lost_att}, defender −{lost_def}",
                   "pt": "{seat} ataca {dst:o} a partir {src:de}: {attack} contra {defence} → "
                         "ataque −{lost_att}, defesa −{lost_def}"},
    "log.conquered": {"en": "{seat} conquers {dst}", "pt": "{seat} conquista {dst:o}"},
    "log.eliminated": {"en": "{loser} is out of the game", "pt": "{loser} está fora do jogo"},
    "log.occupy": {"en": "{seat} moves {count} into {dst}", "pt": "{seat} ocupa {dst} com "
                                                                  "{count}"},
    "log.move": {"en": "{seat} regroups {count} from {src} to {dst}",
                 "pt": "{seat} desloca {count} {src:de} {dst:para}"},
    "log.alliance_move": {"en": "{seat} shifts {count} from {src} to {dst} (alliance)",
                          "pt": "{seat} passa {count} {src:de} {dst:para} (aliança)"},
    "log.airlift_move": {"en": "{seat} flies {count} from {src} to {dst} (air transport)",
                         "pt": "{seat} leva {count} {src:de} {dst:para} (ponte aérea)"},
    "log.draw": {"en": "{seat} draws a card", "pt": "{seat} compra uma carta"},
    "log.loot": {"en": "{seat} takes a card of the eliminated player",
                 "pt": "{seat} pega uma carta do jogador eliminado"},
    "log.airattack": {"en": "{seat} discards {card}: air attack from {src}",
                      "pt": "{seat} descarta {card}: ataque aéreo a partir {src:de}"},
    "log.intelligence": {"en": "{seat} gives up the bonus of {continents} for cards "
                               "(Intelligence)",
                         "pt": "{seat} abre mão do bônus de {continents} por cartas "
                               "(Inteligência)"},
    "log.alliance": {"en": "{seat} discards {card}: continental alliance",
                     "pt": "{seat} descarta {card}: aliança continental"},
    "log.airlift": {"en": "{seat} discards {card}: air transport",
                    "pt": "{seat} descarta {card}: ponte aérea"},
    "log.passage": {"en": "{seat} reveals {card}: hidden passage",
                    "pt": "{seat} mostra {card}: passagem secreta"},
    "log.reveal_terrain": {"en": "{seat} reveals {card}: terrain knowledge",
                           "pt": "{seat} mostra {card}: conhecimento do terreno"},
    "log.reroll": {"en": "{seat} discards {card} to reroll the dice showing {dice}",
                   "pt": "{seat} descarta {card} para rolar de novo os dados que mostravam "
                         "{dice}"},
    "log.rerolled": {"en": "the rerolled dice show {dice}",
                     "pt": "os dados rolados de novo mostram {dice}"},
    "log.rerolled_by": {"en": "{seat} rolled again: {dice}", "pt": "{seat} rolou de novo: {dice}"},
    "log.discard": {"en": "{seat} discards a card (hand limit)",
                    "pt": "{seat} descarta uma carta (limite da mão)"},
    "log.over": {"en": "Game over: {winners} wins", "pt": "Fim de jogo: {winners} vence"},
    "log.action": {"en": "{seat} plays {action}", "pt": "{seat} joga {action}"},
    # -- dash-core (issue 13): one controller, pace, fewer clicks, shortcuts ---------------------
    "log.autopass": {"en": "{seat} passes: no reaction could help this battle",
                     "pt": "{seat} passa: nenhuma reação ajudaria nesta batalha"},
    "play.blitz.too_few": {"en": "The attacking territory must have more than {keep} armies "
                                 "(C-ATK-2).",
                           "pt": "O território atacante precisa ter mais de {keep} exércitos "
                                 "(C-ATK-2)."},
    "play.blitz.going": {"en": "Attacking {dst} from {src} until it falls or {keep} "
                               "remain in {src}… (Esc stops)",
                         "pt": "Atacando {dst:o} a partir {src:de} até conquistar ou restarem "
                               "{keep} {src:em}… (Esc para)"},
    "play.blitz.stopped": {"en": "The attack stopped: the rules allow it no more.",
                           "pt": "O ataque parou: as regras não o permitem mais."},
    "play.repeat.none": {"en": "There is no attack to repeat.",
                         "pt": "Não há ataque para repetir."},
    "play.btn.blitz": {"en": "Attack until conquered", "pt": "Atacar até conquistar"},
    "play.btn.blitz_keep": {"en": "Attack until {n} are left", "pt": "Atacar até restarem {n}"},
    "play.blitz.keep": {"en": "leave", "pt": "deixar"},
    "play.btn.repeat": {"en": "Repeat last attack", "pt": "Repetir o último ataque"},
    "play.btn.stop": {"en": "Stop", "pt": "Parar"},
    "play.keys": {"en": "Keys (anywhere but in a text box): Enter attacks or confirms, B "
                        "attacks until conquered, R repeats the last attack, Esc clears, "
                        "Ctrl+Z undoes, ? opens the help.",
                  "pt": "Teclas (fora das caixas de texto): Enter ataca ou confirma, B ataca "
                        "até conquistar, R repete o último ataque, Esc limpa, Ctrl+Z desfaz, "
                        "? abre a ajuda."},
    "adv.gain": {"en": "{gain} armies in your favour, on average",
                 "pt": "{gain} exércitos a seu favor, em média"},
    "adv.none_helps": {"en": "No reaction can help this battle.",
                       "pt": "Nenhuma reação pode ajudar nesta batalha."},
    "adv.rule_link": {"en": "Open the rule {rule} in the help",
                      "pt": "Abrir a regra {rule} na ajuda"},
    "adv.reroll.title": {"en": "Tactical regroup", "pt": "Reagrupamento tático"},
    "adv.reroll.what": {"en": "discard a card to roll some of your dice again with a higher "
                              "minimum: a card of a territory you hold rerolls up to 2 dice "
                              "(at least 3), another territory's card 1 die (at least 2), a "
                              "joker up to 3 (at least 4). Best choice first.",
                        "pt": "descarte uma carta para rolar de novo alguns dos seus dados com "
                              "um mínimo maior: a carta de um território seu rola até 2 dados "
                              "(no mínimo 3), a de outro território 1 dado (no mínimo 2), um "
                              "coringa até 3 (no mínimo 4). A melhor escolha vem primeiro."},
    "adv.terrain.title": {"en": "Terrain knowledge", "pt": "Conhecimento do terreno"},
    "adv.terrain.what": {"en": "show the card of the territory under attack: for the rest of "
                               "the turn the side that showed it is favoured in every battle "
                               "there (the attacker wins ties and takes one more army; the "
                               "defender loses one fewer).",
                         "pt": "mostre a carta do território atacado: até o fim do turno, o "
                               "lado que a mostrou leva vantagem em toda batalha ali (o "
                               "atacante vence os empates e tira um exército a mais; o "
                               "defensor perde um a menos)."},
    "adv.passage.title": {"en": "Hidden passage", "pt": "Passagem secreta"},
    "adv.passage.what": {"en": "show a territory card: this turn your moves may jump over "
                               "that territory, whoever holds it.",
                         "pt": "mostre a carta de um território: neste turno seus "
                               "deslocamentos podem passar por cima dele, seja de quem for."},
    "adv.intelligence.title": {"en": "Intelligence", "pt": "Inteligência"},
    "adv.intelligence.what": {"en": "give up continent bonuses for cards: each 2 armies given "
                                    "up draw 1 card (not tradable this turn).",
                              "pt": "troque bônus de continente por cartas: cada 2 exércitos "
                                    "cedidos valem 1 carta (que não pode ser trocada neste "
                                    "turno)."},
    "adv.alliance.title": {"en": "Continental alliance", "pt": "Aliança continental"},
    "adv.alliance.what": {"en": "discard the card of a territory in a continent you hold "
                                "whole, then shift its armies freely inside the continent.",
                          "pt": "descarte a carta de um território de um continente que é "
                                "todo seu e redistribua livremente os exércitos dentro dele."},
    "adv.airlift.title": {"en": "Air transport", "pt": "Ponte aérea"},
    "adv.airlift.what": {"en": "discard the card of a territory you hold: move armies from it "
                               "to any of your territories, or from any of them to it.",
                         "pt": "descarte a carta de um território seu: leve exércitos dele "
                               "para qualquer território seu, ou de qualquer um para ele."},
    "adv.discard.title": {"en": "Hand limit", "pt": "Limite de cartas"},
    "adv.discard.what": {"en": "at the end of the turn keep at most 6 cards: choose one to "
                               "discard.",
                         "pt": "no fim do turno fique com no máximo 6 cartas: escolha uma "
                               "para descartar."},
}

MESSAGES.update(PLAY_MESSAGES)
