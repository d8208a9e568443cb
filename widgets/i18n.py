"""The one translation layer of the widgets: every string a player reads (pt-BR and en).

Messages are keyed templates (``tr("dice.losses", "pt", att=2, dfn=1)``);
territory, continent and colour names come from the map data
(``name_pt`` / ``name_en``), so they are never translated twice. Numbers
are formatted for the language (``41,7%`` in pt-BR, ``41.7%`` in en).

Refusals from the engine (:class:`warkit.IllegalActionError`) are said from
templates keyed by their reason (and rule), filled with the error's params
with names in the player's language; the engine's own English message is the
fallback.
"""

from __future__ import annotations

import contextlib
import os
import string
from typing import Literal
from urllib.parse import parse_qs

from warkit import IllegalActionError, world_map

Lang = Literal["pt", "en"]
LANGS: tuple[Lang, ...] = ("pt", "en")

_ALIASES: dict[str, Lang] = {
    "pt": "pt", "pt-br": "pt", "pt_br": "pt", "br": "pt", "portugues": "pt", "português": "pt",
    "en": "en", "en-us": "en", "en_us": "en", "en-gb": "en", "en_gb": "en", "english": "en",
}

MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the map ---------------------------------------------------------------------------
    "map.pick_source.attack": {
        "en": "{player}: click one of your highlighted territories to attack from.",
        "pt": "{player}: clique em um dos seus territórios destacados para atacar.",
    },
    "map.pick_source.move": {
        "en": "{player}: click a highlighted territory to move armies from.",
        "pt": "{player}: clique em um território destacado para deslocar exércitos.",
    },
    "map.pick_source.place": {
        "en": "{player}: click one of your territories to place armies ({armies} left).",
        "pt": "{player}: clique em um dos seus territórios para colocar exércitos "
              "({armies:falta|faltam} {armies}).",
    },
    "map.source.attack": {
        "en": "{src} ({armies} {armies:army|armies}) selected: now click a highlighted enemy "
              "neighbour.",
        "pt": "{src} ({armies} {armies:exército|exércitos}) selecionado: agora clique em um "
              "vizinho inimigo "
              "destacado.",
    },
    "map.source.move": {
        "en": "{src} selected: click a highlighted territory to move armies into.",
        "pt": "{src} selecionado: clique em um território destacado para receber exércitos.",
    },
    "map.source.place": {
        "en": "{src} selected: up to {count} {count:army|armies} may go there.",
        "pt": "{src} selecionado: até {count} {count:exército pode|exércitos podem} ir para lá.",
    },
    "map.target.attack": {
        "en": "Attack {src} → {dst}: up to {count} {count:die|dice} against {defence}.",
        "pt": "Ataque {src} → {dst}: até {count} {count:dado|dados} contra {defence}.",
    },
    "map.target.move": {
        "en": "Move {src} → {dst}: up to {count} {count:army|armies}.",
        "pt": "Deslocar {src} → {dst}: até {count} {count:exército|exércitos}.",
    },
    "map.cleared": {"en": "Selection cleared.", "pt": "Seleção desfeita."},
    "map.no_enemy_neighbour": {
        "en": "{src} has no enemy neighbour to attack (C-ATK-1).",
        "pt": "{src} não tem vizinho inimigo para atacar (C-ATK-1).",
    },
    "map.nothing_to_move": {
        "en": "{src} has no army free to move (C-MOVE-2, C-MOVE-3).",
        "pt": "{src} não tem exército livre para deslocar (C-MOVE-2, C-MOVE-3).",
    },
    "map.not_your_turn": {
        "en": "It is {player}'s turn, not yours.",
        "pt": "É a vez de {player}, não a sua.",
    },
    "map.phase.occupy": {
        "en": "{dst} was conquered: first move armies in (C-CONQ-1).",
        "pt": "{dst}: território conquistado; primeiro mova exércitos para lá (C-CONQ-1).",
    },
    "map.phase.roll": {
        "en": "The dice of {src} → {dst} must be rolled first.",
        "pt": "Primeiro é preciso rolar os dados do ataque {src} → {dst}.",
    },
    "map.phase.trade": {
        "en": "{player} may trade cards first (or pass).",
        "pt": "{player} pode trocar cartas primeiro (ou passar).",
    },
    "map.phase.chance": {"en": "Waiting for chance (dice or a card).",
                         "pt": "Aguardando a sorte (dados ou carta)."},
    "map.phase.over": {"en": "The game is over.", "pt": "O jogo acabou."},
    "map.battle": {
        "en": "{src} → {dst}: attacker lost {att}, defender lost {dfn}.",
        "pt": "{src} → {dst}: o ataque perdeu {att}, a defesa perdeu {dfn}.",
    },
    "map.conquered": {
        "en": "{dst} conquered! Move 1 to {count} {count:army|armies} in (C-CONQ-1).",
        "pt": "Conquista: {dst}! Mova de 1 a {count} {count:exército|exércitos} para lá "
              "(C-CONQ-1).",
    },
    "map.done": {"en": "Done: {action}.", "pt": "Feito: {action}."},
    # -- refusals in Portuguese (English shows the engine's own words) ---------------------------
    # Keyed by the engine's reason, refined by ":<counting>" or ":<rule ID>"; placeholders come
    # from IllegalActionError.params with ids turned into names (see refusal_text). In pt a
    # territory or continent name leads as a label ("Egito: ...") or follows "território": the
    # map data has no genders, so "de Egito"/"Argélia ... seu" would be wrong Portuguese.
    "refused.game_over": {
        "en": "the game is over",
        "pt": "o jogo acabou",
    },
    "refused.not_your_turn": {
        "en": "it is {color}'s turn",
        "pt": "é a vez do {color}",
    },
    "refused.chance_pending": {
        "en": "wait: the dice or the cards are still to be drawn",
        "pt": "espere: os dados ou as cartas ainda vão ser sorteados",
    },
    "refused.wrong_phase": {
        "en": "that is not possible at this step of the turn",
        "pt": "isso não é possível nesta etapa do turno",
    },
    "refused.unknown_territory": {
        "en": "there is no territory called {name}",
        "pt": "não existe o território {name}",
    },
    "refused.unknown_card": {
        "en": "there is no card called {name}",
        "pt": "não existe a carta {name}",
    },
    "refused.not_owned": {
        "en": "{territory} is not yours",
        "pt": "{territory}: este território não é seu",
    },
    "refused.not_owned:S-REINF-3": {
        "en": "you receive no bonus for {continent} this turn: only a whole continent"
              " you own has one to give up",
        "pt": "{continent}: você não recebe o bônus deste continente neste turno; só um "
              "continente inteiro seu tem bônus para trocar",
    },
    "refused.own_territory": {
        "en": "{territory} is yours: attack an enemy territory",
        "pt": "{territory}: este território é seu; ataque um território inimigo",
    },
    "refused.own_territory:S-AIR-1": {
        "en": "an air attack needs the card of an opponent's territory: {territory} "
              "is yours",
        "pt": "{territory}: este território é seu, e o ataque aéreo precisa da carta de "
              "um território adversário",
    },
    "refused.not_adjacent": {
        "en": "{src} and {dst} share no border and no sea link",
        "pt": "{src} e {dst}: os dois territórios não têm fronteira nem ligação por mar",
    },
    "refused.not_adjacent:C-MOVE-1": {
        "en": "{src} and {dst} are not neighbours",
        "pt": "{src} e {dst}: os dois territórios não são vizinhos",
    },
    "refused.too_few_armies": {
        "en": "{territory} has 1 army, which must stay: attacking needs at least 2",
        "pt": "{territory}: este território tem 1 exército, que precisa ficar; para atacar "
              "são precisos pelo menos 2",
    },
    "refused.too_few_armies:C-MOVE-2": {
        "en": "{territory} has only its occupying army, which never moves",
        "pt": "{territory}: este território só tem o exército de ocupação, que nunca se move",
    },
    "refused.no_attack_first_round": {
        "en": "this table plays without attacks in the first round",
        "pt": "esta mesa joga sem ataques na primeira rodada",
    },
    "refused.bad_count": {
        "en": "that number is not allowed",
        "pt": "número fora do permitido",
    },
    "refused.bad_count:place": {
        "en": "place {low} to {high} armies on {territory}",
        "pt": "{territory}: coloque de {low} a {high} exércitos neste território",
    },
    "refused.bad_count:attack_dice": {
        "en": "attack from {territory} with {low} to {high} dice (armies − 1, at most"
              " 3)",
        "pt": "{territory}: ataque deste território com {low} a {high} dados (exércitos − 1, "
              "no máximo 3)",
    },
    "refused.bad_count:occupy": {
        "en": "move {low} to {high} armies into {territory}",
        "pt": "{territory}: mova de {low} a {high} exércitos para este território",
    },
    "refused.bad_count:move": {
        "en": "move {low} to {high} armies from {territory}",
        "pt": "{territory}: mova de {low} a {high} exércitos deste território",
    },
    "refused.continent_restricted": {
        "en": "the armies left are other continents' bonuses: none may go on "
              "{territory}",
        "pt": "{territory}: os exércitos que restam são bônus de outros continentes, e "
              "nenhum vai para este território",
    },
    "refused.must_trade": {
        "en": "you hold {cards} cards and must trade first",
        "pt": "você tem {cards} cartas e precisa trocar primeiro",
    },
    "refused.not_a_set": {
        "en": "a trade needs 3 cards of one shape or of 3 different shapes (a joker "
              "is any shape)",
        "pt": "uma troca precisa de 3 cartas da mesma figura ou de 3 figuras "
              "diferentes (o coringa vale qualquer uma)",
    },
    "refused.card_not_in_hand": {
        "en": "you do not hold the card {card}",
        "pt": "você não tem a carta {card}",
    },
    "refused.armies_already_moved": {
        "en": "the armies on {territory} arrived by a regroup move this turn and "
              "cannot move again",
        "pt": "{territory}: os exércitos deste território chegaram por remanejamento neste "
              "turno e não se movem de novo",
    },
    "refused.attack_limit": {
        "en": "nobody attacks in round 1",
        "pt": "ninguém ataca na primeira rodada",
    },
    "refused.attack_limit:S-LIMIT-1": {
        "en": "in round {round} each player makes at most {limit} attack(s)",
        "pt": "na rodada {round} cada jogador faz no máximo {limit} ataque(s)",
    },
    "refused.wrong_card:S-AIR-1": {
        "en": "an air attack needs the card of an opponent's territory, not a joker",
        "pt": "o ataque aéreo precisa da carta de um território adversário, não de um"
              " coringa",
    },
    "refused.wrong_card:S-TERRAIN-1": {
        "en": "terrain knowledge needs the card of the territory under attack, "
              "{territory}",
        "pt": "o conhecimento de terreno precisa da carta do território atacado, "
              "{territory}",
    },
    "refused.wrong_card:S-PASS-1": {
        "en": "a hidden passage needs a territory card, not a joker",
        "pt": "a passagem oculta precisa de uma carta de território, não de um "
              "coringa",
    },
    "refused.wrong_card:S-ALLY-1": {
        "en": "an alliance needs the card of a territory in a continent you wholly "
              "control",
        "pt": "a aliança precisa da carta de um território de um continente inteiro "
              "seu",
    },
    "refused.wrong_card:S-AIRLIFT-1": {
        "en": "an airlift needs the card of a territory you control",
        "pt": "o transporte aéreo precisa da carta de um território seu",
    },
    "refused.card_already_used": {
        "en": "{card} is revealed this turn: a card serves one advantage per turn",
        "pt": "a carta {card} já foi revelada neste turno: cada carta serve a uma só "
              "vantagem por turno",
    },
    "refused.cards_not_tradable": {
        "en": "{card} was drawn by Intelligence this turn and can be traded from the "
              "next",
        "pt": "a carta {card} veio da Inteligência neste turno e só pode ser trocada no "
              "próximo",
    },
    "refused.unknown_seat": {
        "en": "there is no such seat in this game (seats 0 to {last})",
        "pt": "não existe esse lugar neste jogo (lugares de 0 a {last})",
    },
    "refused.one_trade_per_turn": {
        "en": "you already traded this turn: one trade per turn, all cards at once",
        "pt": "você já trocou neste turno: uma troca por turno, com todas as cartas de uma vez",
    },
    "refused.no_path:S-PASS-1": {
        "en": "no direct way from {src} to {dst}: a passage jumps only revealed territories",
        "pt": "{src} → {dst}: não há caminho direto; a passagem só pula territórios "
              "revelados",
    },
    "refused.no_path:S-ALLY-1": {
        "en": "an alliance moves armies between territories of {continent}",
        "pt": "{continent}: a aliança move exércitos só entre territórios deste continente",
    },
    "refused.no_path:S-AIRLIFT-1": {
        "en": "this airlift moves armies from or to {territory}, one way only",
        "pt": "{territory}: este transporte aéreo move exércitos só deste território ou para "
              "ele, num só sentido",
    },
    "refused.option_unavailable": {
        "en": "Intelligence is used once per turn",
        "pt": "a Inteligência é usada uma vez por turno",
    },
    "refused.cannot_undo": {
        "en": "dice rolled and cards seen cannot be taken back",
        "pt": "dados rolados e cartas vistas não se desfazem",
    },
    "refused.prefix": {"en": "Refused: ", "pt": "Recusado: "},
    # -- dice ------------------------------------------------------------------------------------
    "dice.attack": {"en": "Attack", "pt": "Ataque"},
    "dice.defence": {"en": "Defence", "pt": "Defesa"},
    "dice.attacker_wins": {"en": "attack wins", "pt": "ataque vence"},
    "dice.defender_wins": {"en": "defence wins", "pt": "defesa vence"},
    "dice.tie": {"en": "tie: defence wins", "pt": "empate: defesa vence"},
    "dice.unpaired": {"en": "not compared", "pt": "não comparado"},
    "dice.losses": {"en": "Attacker loses {att}, defender loses {dfn}.",
                    "pt": "O ataque perde {att}, a defesa perde {dfn}."},
    "dice.empty": {"en": "No roll yet.", "pt": "Nenhuma rolagem ainda."},
    "dice.roll": {"en": "Roll", "pt": "Rolar"},
    "dice.animate": {"en": "animation", "pt": "animação"},
    "dice.pair": {"en": "pair {n}", "pt": "par {n}"},
    "dice.tie_terrain": {"en": "tie: attack wins (terrain)",
                         "pt": "empate: ataque vence (terreno)"},
    "dice.losses_if": {"en": "If nobody reacts: attacker loses {att}, defender loses {dfn}.",
                       "pt": "Se ninguém reagir: o ataque perde {att}, a defesa perde {dfn}."},
    "dice.pending": {"en": "Dice on the table: either side may still reroll with a card or "
                           "reveal the terrain (S-REROLL-1, S-TERRAIN-1).",
                     "pt": "Dados na mesa: cada lado ainda pode rolar de novo com uma carta ou "
                           "mostrar o terreno (S-REROLL-1, S-TERRAIN-1)."},
    "dice.reroll.attacker": {"en": "Attack rerolled {old} → {new} (minimum {minimum}, S-REROLL-1).",
                             "pt": "O ataque rolou de novo {old} → {new} (mínimo {minimum}, "
                                   "S-REROLL-1)."},
    "dice.reroll.defender": {"en": "Defence rerolled {old} → {new} (minimum {minimum}, "
                                   "S-REROLL-1).",
                             "pt": "A defesa rolou de novo {old} → {new} (mínimo {minimum}, "
                                   "S-REROLL-1)."},
    "dice.terrain.attacker": {
        "en": "Attacker's terrain knowledge (S-TERRAIN-2): ties go to the attack and the "
              "defender loses 1 more: {dice} by the dice → {total}.",
        "pt": "Conhecimento do terreno do ataque (S-TERRAIN-2): empates são do ataque e a "
              "defesa perde 1 a mais: {dice} pelos dados → {total}."},
    "dice.terrain.defender": {
        "en": "Defender's terrain knowledge (S-TERRAIN-3): the defender loses 1 fewer: "
              "{dice} by the dice → {total}.",
        "pt": "Conhecimento do terreno da defesa (S-TERRAIN-3): a defesa perde 1 a menos: "
              "{dice} pelos dados → {total}."},
    # -- odds ------------------------------------------------------------------------------------
    "odds.title": {"en": "{att} attacking vs {dfn} defending {dfn:army|armies}",
                   "pt": "{att} {att:atacante|atacantes} contra {dfn} "
                         "{dfn:defensor|defensores}"},
    "odds.win": {"en": "Probability to conquer", "pt": "Probabilidade de conquistar"},
    "odds.losses": {"en": "Expected losses: attacker {att}, defender {dfn}",
                    "pt": "Perdas esperadas: ataque {att}, defesa {dfn}"},
    "odds.final": {"en": "How the whole attack ends", "pt": "Como termina o ataque inteiro"},
    "odds.final.win": {"en": "conquered, {n} attacking {n:army|armies} left",
                       "pt": "conquistado, {n:resta|restam} {n} "
                             "{n:exército atacante|exércitos atacantes}"},
    "odds.final.loss": {"en": "repelled, {n} defending {n:army|armies} left",
                        "pt": "repelido, {n:resta|restam} {n} {n:exército|exércitos} na defesa"},
    "odds.final.axis": {"en": "← defence keeps      attack keeps →",
                        "pt": "← a defesa fica com      o ataque fica com →"},
    "odds.table": {"en": "Probability to conquer: attacking armies (rows) × defending armies "
                         "(columns)",
                   "pt": "Probabilidade de conquistar: exércitos atacantes (linhas) × "
                         "defensores (colunas)"},
    "odds.no_attack": {"en": "Pick an attack: your territory, then an enemy neighbour.",
                       "pt": "Escolha um ataque: seu território, depois um vizinho inimigo."},
    "odds.cannot": {"en": "No army can attack: one must always stay home (C-ATK-2).",
                    "pt": "Nenhum exército pode atacar: um sempre fica (C-ATK-2)."},
    "odds.note": {"en": "The attacker rolls the most dice allowed every time, until the "
                        "target falls or no attacking army is left (C-ATK-5).",
                  "pt": "O atacante rola sempre o máximo de dados permitido, até o alvo cair "
                        "ou não restar exército atacante (C-ATK-5)."},
    "odds.attackers": {"en": "attacking armies", "pt": "exércitos atacantes"},
    "odds.defenders": {"en": "defending armies", "pt": "exércitos defensores"},
    "odds.territory_armies": {"en": "armies on the attacking territory",
                              "pt": "exércitos no território atacante"},
    "odds.roll_table": {"en": "One roll: probability of each result",
                        "pt": "Uma rolagem: probabilidade de cada resultado"},
    "odds.roll_result": {"en": "attacker −{att}, defender −{dfn}",
                         "pt": "ataque −{att}, defesa −{dfn}"},
    "odds.mods": {"en": "SMART modifiers counted in these odds:",
                  "pt": "Modificadores SMART considerados nestas chances:"},
    "odds.mods.none": {"en": "none (nothing you can see changes this attack's battles)",
                       "pt": "nenhum (nada que você vê muda as batalhas deste ataque)"},
    "odds.mod.terrain.attacker": {
        "en": "Terrain knowledge of {dst}, revealed by the attacker (S-TERRAIN-2): ties go to "
              "the attack and the defender loses 1 army more in each battle.",
        "pt": "Conhecimento do terreno {dst:de}, mostrado pelo atacante (S-TERRAIN-2): empates "
              "são do ataque e a defesa perde 1 exército a mais em cada batalha."},
    "odds.mod.terrain.defender": {
        "en": "Terrain knowledge of {dst}, revealed by the defender (S-TERRAIN-3): the defender "
              "loses 1 army fewer in each battle, but never keeps its last army that way.",
        "pt": "Conhecimento do terreno {dst:de}, mostrado pelo defensor (S-TERRAIN-3): a defesa "
              "perde 1 exército a menos em cada batalha, mas nunca salva assim o último "
              "exército."},
    "odds.mod.air.card": {
        "en": "Air attack (S-AIR-1): the card of {dst} is discarded to attack over the borders; "
              "the battles are as usual.",
        "pt": "Ataque aéreo (S-AIR-1): a carta {dst:de} é descartada para atacar por cima das "
              "fronteiras; as batalhas são as de sempre."},
    "odds.mod.air.open": {
        "en": "Air attack (S-AIR-1): the route to {dst} is open this turn; the battles are as "
              "usual.",
        "pt": "Ataque aéreo (S-AIR-1): a rota {dst:para} está aberta neste turno; as batalhas "
              "são as de sempre."},
    "odds.mod.reroll.attacker": {
        "en": "Tactical regroup (S-REROLL-1): your usable cards counted: {cards} of {n}, each "
              "as {kind} ({dice}, minimum {minimum}), spent on the attack's dice whenever "
              "a reroll pays.",
        "pt": "Reagrupamento tático (S-REROLL-1): suas cartas disponíveis contadas: {cards} de "
              "{n}, cada uma como {kind} ({dice}, mínimo {minimum}), gastas nos dados do "
              "ataque sempre que rolar de novo compensa."},
    "odds.mod.reroll.defender": {
        "en": "Tactical regroup (S-REROLL-1), yours as defender: your usable cards counted: "
              "{cards} of {n}, each as {kind} ({dice}, minimum {minimum}), spent on the "
              "defence's dice whenever a reroll pays.",
        "pt": "Reagrupamento tático (S-REROLL-1), seu como defensor: suas cartas disponíveis "
              "contadas: {cards} de {n}, cada uma como {kind} ({dice}, mínimo {minimum})"
              ", gastas nos dados da defesa sempre que rolar de novo compensa."},
    "odds.kind.joker": {"en": "a joker", "pt": "um coringa"},
    "odds.dice.one": {"en": "1 die", "pt": "1 dado"},
    "odds.dice.range": {"en": "{low}–{high} dice", "pt": "{low} a {high} dados"},
    "odds.kind.controlled": {"en": "a card of a territory you control",
                             "pt": "carta de território seu"},
    "odds.kind.non_controlled": {"en": "a card of a territory you do not control",
                                 "pt": "carta de território alheio"},
    "odds.what_if.attacker": {
        "en": "You hold the card of {dst}: revealing it after a roll (terrain knowledge, "
              "S-TERRAIN-1/2) would give {p} to conquer.",
        "pt": "Você tem a carta {dst:de}: mostrá-la depois de uma rolagem (conhecimento do "
              "terreno, S-TERRAIN-1/2) daria {p} de conquistar."},
    "odds.what_if.defender": {
        "en": "You hold the card of {dst}: revealing it after a roll (terrain knowledge, "
              "S-TERRAIN-1/3) would leave the attacker {p} to conquer.",
        "pt": "Você tem a carta {dst:de}: mostrá-la depois de uma rolagem (conhecimento do "
              "terreno, S-TERRAIN-1/3) deixaria ao atacante {p} de conquistar."},
    "odds.unknown.defender": {
        "en": "Not counted: the defender holds {n} card(s) you cannot see; each may reroll "
              "defence dice (S-REROLL-1).",
        "pt": "Não considerado: o defensor tem {n} carta(s) que você não vê; cada uma pode "
              "rolar de novo dados da defesa (S-REROLL-1)."},
    "odds.unknown.defender.terrain": {
        "en": "Not counted: the defender holds {n} card(s) you cannot see; each may reroll "
              "defence dice (S-REROLL-1), and if one is the card of {dst}, revealing it makes "
              "the defender lose 1 fewer per battle, except its last army (S-TERRAIN-3).",
        "pt": "Não considerado: o defensor tem {n} carta(s) que você não vê; cada uma pode "
              "rolar de novo dados da defesa (S-REROLL-1) e, se uma for a carta {dst:de}, "
              "mostrá-la faz a defesa perder 1 a menos por batalha, salvo o último exército "
              "(S-TERRAIN-3)."},
    "odds.unknown.attacker": {
        "en": "Not counted: the attacker holds {n} card(s) you cannot see; each may reroll "
              "attack dice (S-REROLL-1).",
        "pt": "Não considerado: o atacante tem {n} carta(s) que você não vê; cada uma pode "
              "rolar de novo dados do ataque (S-REROLL-1)."},
    "odds.unknown.attacker.terrain": {
        "en": "Not counted: the attacker holds {n} card(s) you cannot see; each may reroll "
              "attack dice (S-REROLL-1), and if one is the card of {dst}, revealing it gives "
              "ties to the attack and costs the defender 1 more per battle (S-TERRAIN-2).",
        "pt": "Não considerado: o atacante tem {n} carta(s) que você não vê; cada uma pode "
              "rolar de novo dados do ataque (S-REROLL-1) e, se uma for a carta {dst:de}, "
              "mostrá-la dá os empates ao ataque e custa 1 a mais à defesa por batalha "
              "(S-TERRAIN-2)."},
    # -- cards -----------------------------------------------------------------------------------
    "hand.title": {"en": "{player}'s cards", "pt": "Cartas de {player}"},
    "hand.empty": {"en": "No cards in hand.", "pt": "Nenhuma carta na mão."},
    "hand.pick": {"en": "Select cards to trade.", "pt": "Selecione cartas para trocar."},
    "hand.need_count": {"en": "A trade is exactly {count} cards ({rule}).",
                        "pt": "Uma troca tem exatamente {count} cartas ({rule})."},
    "hand.not_a_set": {"en": "Not a set: 3 of one shape or 3 different shapes; a joker is any "
                             "shape (C-CARD-2).",
                       "pt": "Não é uma troca: 3 figuras iguais ou 3 diferentes; o coringa vale "
                             "qualquer figura (C-CARD-2)."},
    "hand.value": {"en": "This trade is worth {armies} armies (C-CARD-4).",
                   "pt": "Esta troca vale {armies} exércitos (C-CARD-4)."},
    "hand.bonus": {"en": "+2 on {territory} (C-CARD-5)", "pt": "+2 {territory:em} (C-CARD-5)"},
    "hand.count_range": {"en": "A trade is {low} to {high} cards ({rule}).",
                         "pt": "Uma troca tem de {low} a {high} cartas ({rule})."},
    "hand.smart_value": {"en": "Best split: {split} = {armies} armies (S-TRADE-1).",
                         "pt": "Melhor divisão: {split} = {armies} exércitos (S-TRADE-1)."},
    "hand.joker_bonus": {"en": "jokers +{bonus} (S-TRADE-5)",
                         "pt": "coringas +{bonus} (S-TRADE-5)"},
    "hand.trade": {"en": "Trade", "pt": "Trocar"},
    "shape.triangle": {"en": "triangle", "pt": "triângulo"},
    "shape.square": {"en": "square", "pt": "quadrado"},
    "shape.circle": {"en": "circle", "pt": "círculo"},
    "shape.joker": {"en": "joker", "pt": "coringa"},
    # -- controls --------------------------------------------------------------------------------
    "button.attack": {"en": "Attack", "pt": "Atacar"},
    "button.end_attacks": {"en": "End attacks", "pt": "Encerrar ataques"},
    "button.occupy": {"en": "Move in", "pt": "Ocupar"},
    "button.clear": {"en": "Clear", "pt": "Limpar"},
    "label.dice": {"en": "dice", "pt": "dados"},
    "label.armies": {"en": "armies", "pt": "exércitos"},
    "label.attack_dice": {"en": "attack dice", "pt": "dados de ataque"},
    "label.defence_dice": {"en": "defence dice", "pt": "dados de defesa"},
    # -- errors and exercises ---------------------------------------------------------------------
    "error": {"en": "Something went wrong: {error}", "pt": "Algo deu errado: {error}"},
    "error.short": {"en": "Something went wrong here, and it was put back as it was before. "
                          "Try again, or save the game and start it again.",
                    "pt": "Algo deu errado aqui, e tudo voltou a como estava antes. Tente de "
                          "novo, ou salve o jogo e recomece-o."},
    "error.report": {"en": "Report (for whoever looks after this page)",
                     "pt": "Relatório (para quem cuida desta página)"},
    "exercise.correct": {"en": "Correct! {detail}", "pt": "Correto! {detail}"},
    "exercise.hint": {"en": "Not yet. {hint}", "pt": "Ainda não. {hint}"},
    "exercise.unreadable": {
        "en": "{answer!r} is not a number: write a fraction (1/6), a decimal (0.17 or 0,17) "
              "or a percentage (17%).",
        "pt": "{answer!r} não é um número: escreva uma fração (1/6), um decimal (0,17 ou 0.17) "
              "ou uma porcentagem (17%).",
    },
    "exercise.comma": {
        "en": "In Python a comma separates values, so {typed} became the pair {answer!r}. Write "
              "{point} (with a point) or the text \"{typed}\" in quotes.",
        "pt": "Em Python a vírgula separa valores, então {typed} virou o par {answer!r}. Escreva "
              "{point} (com ponto) ou o texto \"{typed}\" entre aspas.",
    },
    "exercise.close": {
        "en": "Not yet: {answer} is close, but an answer must be within 1% of the exact value "
              "(33% counts for 1/3, 32% does not). Check your rounding.",
        "pt": "Ainda não: {answer} está perto, mas a resposta precisa estar a menos de 1% do "
              "valor exato (33% vale para 1/3, 32% não). Confira o arredondamento.",
    },
    "exercise.form": {"en": "a fraction, decimal or %", "pt": "fração, decimal ou %"},
    "exercise.wrong": {"en": "Not yet: {answer} is not the answer. Try again.",
                       "pt": "Ainda não: {answer} não é a resposta. Tente de novo."},
    "exercise.check": {"en": "Check", "pt": "Conferir"},
    "exercise.whole": {"en": "a whole number", "pt": "um número inteiro"},
    "exercise.empty": {"en": "Type an answer first.", "pt": "Digite uma resposta primeiro."},
    "exercise.missing": {"en": "Write your answer in the cell above, then run this cell.",
                         "pt": "Escreva sua resposta na célula acima e rode esta célula."},
}

def normalize_lang(lang: str | None) -> Lang:
    """``"pt"`` or ``"en"`` from a language tag (``"pt-BR"``, ``"en_US"``...); default pt."""
    if lang is None:
        return "pt"
    key = str(lang).strip().lower()
    if key not in _ALIASES:
        raise ValueError(f"unknown language {lang!r}: use 'pt' (pt-BR) or 'en'")
    return _ALIASES[key]


def lang_from_env(default: str = "en") -> Lang:
    """The language asked for: the ``lang`` of a Voilà URL (``?lang=pt-BR``, from
    ``QUERY_STRING``) first, then the ``WARKIT_LANG`` environment variable (a JupyterHub class
    sets it once for every notebook and the dashboard), then ``default``. A value that names no
    language is skipped."""
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [])
    for value in (*asked[:1], os.environ.get("WARKIT_LANG", "")):
        with contextlib.suppress(ValueError):
            if value.strip():
                return normalize_lang(value)
    return normalize_lang(default)


PT_ARTICLES: dict[str, str] = {
    "Alasca": "o", "Mackenzie": "o", "Groenlândia": "a", "Vancouver": "", "Ottawa": "",
    "Labrador": "o", "Califórnia": "a", "Nova York": "", "México": "o", "Venezuela": "a",
    "Peru": "o", "Brasil": "o", "Argentina": "a", "Islândia": "a", "Inglaterra": "a",
    "Suécia": "a", "Moscou": "", "Alemanha": "a", "Polônia": "a", "França": "a",
    "Argélia": "a", "Egito": "o", "Sudão": "o", "Congo": "o", "África do Sul": "a",
    "Madagascar": "", "Oriente Médio": "o", "Aral": "o", "Omsk": "", "Dudinka": "",
    "Sibéria": "a", "Tchita": "", "Mongólia": "a", "Vladivostok": "", "China": "a",
    "Índia": "a", "Japão": "o", "Vietnã": "o", "Sumatra": "", "Bornéu": "o",
    "Nova Guiné": "a", "Austrália": "a",
    "América do Norte": "a", "América do Sul": "a", "Europa": "a", "África": "a",
    "Ásia": "a", "Oceania": "a",
}
"""The article each territory and continent takes in Portuguese ("o Brasil", "a Argentina";
cities, Madagascar and Sumatra take none): a message writes ``{dst:de}`` and reads "do
Brasil", "da Argentina", "de Moscou"."""

_PT_CONTRACTIONS: dict[str, dict[str, str]] = {
    "o": {"o": "o ", "a": "a ", "": ""},
    "de": {"o": "do ", "a": "da ", "": "de "},
    "em": {"o": "no ", "a": "na ", "": "em "},
    "a": {"o": "ao ", "a": "à ", "": "a "},
    "para": {"o": "para o ", "a": "para a ", "": "para "},
}


def pt_with(preposition: str, place: str) -> str:
    """A Portuguese place name after ``preposition`` ("de", "em", "a", "para", or "o" for the
    bare article), contracted with its article: ``pt_with("de", "Brasil")`` is "do Brasil".
    A name the table does not know takes no article."""
    return _PT_CONTRACTIONS[preposition][PT_ARTICLES.get(place, "")] + place


class _Formatter(string.Formatter):
    """Two specs of the messages: ``{n:army|armies}`` is the singular word when ``n`` is 1,
    else the plural ("1 defensor", "até 1 exército": issue 13); ``{dst:de}`` puts a place
    after a Portuguese preposition with its article ("ataca o Brasil a partir da Argentina")."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            one, many = format_spec.split("|", 1)
            return one if value == 1 else many
        if format_spec in _PT_CONTRACTIONS and isinstance(value, str):
            return pt_with(format_spec, value)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def tr(key: str, lang: str = "pt", /, **params: object) -> str:
    """The message ``key`` in ``lang``, with ``{placeholders}`` filled from ``params``
    (``{n:singular|plural}`` picks a word by the number ``n``; ``{dst:de}`` contracts a
    Portuguese preposition with the place's article: see :class:`_Formatter`)."""
    entry = MESSAGES.get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in warkit_widgets.i18n.MESSAGES")
    text = entry[normalize_lang(lang)]
    return _FORMATTER.vformat(text, (), params) if ":" in text else text.format(**params)


def tr_count(key: str, n: int, lang: str = "pt", /, **params: object) -> str:
    """``tr`` of ``key.one`` when ``n`` is 1, else of ``key.many``, with ``{n}`` filled: "1 card",
    "2 cards" (both languages make the plural this way)."""
    return tr(f"{key}.{'one' if n == 1 else 'many'}", lang, n=n, **params)


def territory_name(territory: str | int, lang: str = "pt") -> str:
    """A territory's display name (from the map data)."""
    return world_map().territory(territory).name(normalize_lang(lang))


def continent_name(continent: str | int, lang: str = "pt") -> str:
    return world_map().continent(continent).name(normalize_lang(lang))


def color_name(color: str, lang: str = "pt") -> str:
    """A player colour's name (``"red"`` → ``"vermelho"`` in pt)."""
    m = world_map()
    return m.colors[m.color_index(color)].name(normalize_lang(lang))


def shape_name(shape: str | None, lang: str = "pt") -> str:
    """A card shape's name; ``None`` is the joker."""
    return tr(f"shape.{shape or 'joker'}", lang)


def fmt_number(value: float, lang: str = "pt", digits: int = 2, *, signed: bool = False) -> str:
    """A number with ``digits`` decimals and the language's decimal mark (``signed``: with
    its sign, ``+0,50``)."""
    value = float(value)
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text.replace(".", ",") if normalize_lang(lang) == "pt" else text


def fmt_percent(p: float, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage (``0.4167`` → ``41,7%`` / ``41.7%``)."""
    return fmt_number(100 * float(p), lang, digits) + "%"


def _display(params: dict[str, object], lang: Lang) -> dict[str, object]:
    """A refusal's params with ids turned into names in ``lang`` (territories, cards,
    continents, colours); numbers and anything unknown are kept as they are."""
    m, shown = world_map(), dict(params)
    for key in ("territory", "src", "dst"):
        if params.get(key) in m.ids:
            shown[key] = territory_name(str(params[key]), lang)
    card = params.get("card")
    if isinstance(card, str):
        shown["card"] = territory_name(card, lang) if card in m.ids else \
            tr("shape.joker", lang) + card[5:]
    if isinstance(params.get("continent"), str):
        with contextlib.suppress(KeyError):
            shown["continent"] = continent_name(str(params["continent"]), lang)
    if isinstance(params.get("color"), str):
        with contextlib.suppress(KeyError):
            shown["color"] = color_name(str(params["color"]), lang)
    return shown


def refusal_text(error: IllegalActionError, lang: str = "pt", **names: str) -> str:
    """A refused action explained to the player.

    Fills the most specific template (``refused.<reason>:<counting>``, then
    ``refused.<reason>:<rule>``, then ``refused.<reason>``) from the error's params - ids
    become names in ``lang`` - and ``names`` (display names a caller already has), then
    adds the rule ID; with no template, or a placeholder it cannot fill, it falls back to
    the engine's own (English) message.
    """
    lang = normalize_lang(lang)
    prefix = tr("refused.prefix", lang)
    params = {**_display(error.params, lang), **names}
    reason = error.reason.value
    keys = [f"refused.{reason}:{params.get('counting')}", f"refused.{reason}:{error.rule}",
            f"refused.{reason}"]
    for key in keys:
        if MESSAGES.get(key, {}).get(lang):
            try:
                text = tr(key, lang, **params)
            except (KeyError, IndexError):
                continue
            return prefix + text + (f" ({error.rule})" if error.rule else "")
    return prefix + error.message
