"""The SMART tactics widgets' strings (pt-BR and en), added to the one translation layer.

Importing this module registers :data:`SMART_TACTICS_MESSAGES` in
:data:`warkit_widgets.i18n.MESSAGES`, so every string is read with
:func:`warkit_widgets.i18n.tr` like the rest of the widgets.
"""

from __future__ import annotations

from warkit_widgets.i18n import MESSAGES, Lang

SMART_TACTICS_MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the reroll explorer (SMART lesson 06) -----------------------------------------------
    "reroll.attack": {"en": "Attack dice", "pt": "Dados de ataque"},
    "reroll.defence": {"en": "Defence dice", "pt": "Dados de defesa"},
    "reroll.card": {"en": "Card", "pt": "Carta"},
    "reroll.side": {"en": "Who rerolls", "pt": "Quem rola de novo"},
    "reroll.attacker": {"en": "attacker", "pt": "ataque"},
    "reroll.defender": {"en": "defender", "pt": "defesa"},
    "reroll.card.non_controlled": {"en": "territory you do not control: 1 die, minimum 2",
                                   "pt": "território que você não controla: 1 dado, mínimo 2"},
    "reroll.card.controlled": {"en": "territory you control: 1 or 2 dice, minimum 3",
                               "pt": "território que você controla: 1 ou 2 dados, mínimo 3"},
    "reroll.card.joker": {"en": "joker: 1, 2 or 3 dice, minimum 4",
                          "pt": "coringa: 1, 2 ou 3 dados, mínimo 4"},
    "reroll.new_roll": {"en": "New roll", "pt": "Nova rolagem"},
    "reroll.do": {"en": "Reroll the best choice", "pt": "Rolar de novo a melhor escolha"},
    "reroll.bad_dice": {"en": "Write 1 to 3 dice from 1 to 6, like 3,1,1.",
                        "pt": "Escreva de 1 a 3 dados de 1 a 6, como 3,1,1."},
    "reroll.head.choice": {"en": "dice to reroll", "pt": "dados a rolar de novo"},
    "reroll.head.value": {"en": "expected (enemy losses − own losses)",
                          "pt": "esperado (perdas do outro − perdas próprias)"},
    "reroll.keep": {"en": "none: keep the card", "pt": "nenhum: guardar a carta"},
    "reroll.best": {"en": "best", "pt": "melhor"},
    "reroll.summary": {"en": "Best: {choice}, a gain of {gain} armies on average over keeping "
                             "the dice (S-REROLL-1).",
                       "pt": "Melhor: {choice}, um ganho médio de {gain} exércitos sobre manter "
                             "os dados (S-REROLL-1)."},
    "reroll.nothing": {"en": "No reroll helps: keep the card (S-REROLL-1).",
                       "pt": "Nenhuma nova rolagem ajuda: guarde a carta (S-REROLL-1)."},
    # -- the reach map (SMART lesson 08) ------------------------------------------------------
    "reach.mode": {"en": "Move by", "pt": "Mover por"},
    "reach.mode.regroup": {"en": "border (S-MOVE-1)", "pt": "fronteira (S-MOVE-1)"},
    "reach.mode.passage": {"en": "hidden passage (S-PASS-1)",
                           "pt": "passagem oculta (S-PASS-1)"},
    "reach.mode.alliance": {"en": "alliance (S-ALLY-1)", "pt": "aliança (S-ALLY-1)"},
    "reach.mode.airlift": {"en": "air transport (S-AIRLIFT-1)",
                           "pt": "transporte aéreo (S-AIRLIFT-1)"},
    "reach.passages": {"en": "Cards revealed", "pt": "Cartas reveladas"},
    "reach.pick": {"en": "Click one of {player}'s territories to see where its armies can go.",
                   "pt": "Clique em um território de {player} para ver aonde seus exércitos "
                         "podem ir."},
    "reach.not_yours": {"en": "{territory} is not {player}'s: moves start from your own "
                              "territories (S-MOVE-1).",
                        "pt": "{territory} não é de {player}: os deslocamentos partem dos seus "
                              "territórios (S-MOVE-1)."},
    "reach.count": {"en": "From {territory}: {count} of {player}'s territories in one move.",
                    "pt": "De {territory}: {count} territórios de {player} em um "
                          "deslocamento."},
    "reach.none": {"en": "From {territory}: nowhere with this way of moving.",
                   "pt": "De {territory}: nenhum destino com esta forma de deslocar."},
    "reach.layers": {"en": "Breadth-first search over the revealed territories (a move crosses "
                           "only these, then steps onto one of yours):",
                     "pt": "Busca em largura pelos territórios revelados (um deslocamento só "
                           "atravessa estes e então entra num dos seus):"},
    "reach.layer": {"en": "{k} border(s): {names}", "pt": "{k} fronteira(s): {names}"},
}

MESSAGES.update(SMART_TACTICS_MESSAGES)
