"""The lesson widgets' strings (pt-BR and en), added to the one translation layer.

Importing this module registers :data:`LESSON_MESSAGES` in
:data:`warkit_widgets.i18n.MESSAGES`, so every string is read with
:func:`warkit_widgets.i18n.tr` like the rest of the widgets.
"""

from __future__ import annotations

from warkit_widgets.i18n import MESSAGES, Lang

LESSON_MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the map tour (classic lesson 01) -------------------------------------------------------
    "tour.pick": {"en": "Click any territory to see its continent and its neighbours.",
                  "pt": "Clique em qualquer território para ver seu continente e seus vizinhos."},
    "tour.title": {"en": "{territory} — {continent}", "pt": "{territory} — {continent}"},
    "tour.degree": {"en": "{degree} neighbours (its degree): it can attack and be attacked "
                          "from {degree} territories (C-ATK-1).",
                    "pt": "{degree} vizinhos (seu grau): pode atacar e ser atacado por "
                          "{degree} territórios (C-ATK-1)."},
    "tour.sea": {"en": "dotted sea line", "pt": "pontilhado no mar"},
    "tour.border": {"en": "A border of {continent}: it touches {others}.",
                    "pt": "Uma fronteira {continent:de}, com vizinhos em outros continentes: "
                          "{others}."},
    "tour.inside": {"en": "Inside {continent}: every neighbour is in the same continent.",
                    "pt": "No interior {continent:de}: todos os vizinhos são do mesmo "
                          "continente."},
    # -- the reinforcement calculator (classic lesson 02) --------------------------------------
    "reinf.help": {"en": "Click territories to add them to {player}'s or take them away.",
                   "pt": "Clique nos territórios para dá-los a {player} ou tirá-los."},
    "reinf.base": {"en": "{territories} territories → {territories} ÷ 2 = {half}, at least 3: "
                         "<b>{base}</b> armies to place anywhere (C-REINF-1).",
                   "pt": "{territories} territórios → {territories} ÷ 2 = {half}, no mínimo 3: "
                         "<b>{base}</b> exércitos para pôr onde quiser (C-REINF-1)."},
    "reinf.bonus": {"en": "Whole {continent}: <b>+{bonus}</b>, placed only in {continent} "
                          "(C-REINF-2).",
                    "pt": "{continent} inteira: <b>+{bonus}</b>, só dentro {continent:de} "
                          "(C-REINF-2)."},
    "reinf.no_bonus": {"en": "No whole continent: no bonus (C-REINF-2).",
                       "pt": "Nenhum continente inteiro: nenhum bônus (C-REINF-2)."},
    "reinf.total": {"en": "In all: <b>{total}</b> armies, all placed before attacking "
                          "(C-REINF-3).",
                    "pt": "No total: <b>{total}</b> exércitos, todos colocados antes de atacar "
                          "(C-REINF-3)."},
    # -- the regroup desk (classic lesson 04) ---------------------------------------------------
    "regroup.move": {"en": "Move", "pt": "Deslocar"},
    "regroup.end": {"en": "End the turn", "pt": "Encerrar o turno"},
    "regroup.free": {"en": "Free to move: {free}.", "pt": "Livres para deslocar: {free}."},
    "regroup.none": {"en": "No army is free to move.",
                     "pt": "Nenhum exército está livre para deslocar."},
    # -- the set finder (classic lesson 05) -----------------------------------------------------
    "sets.deal": {"en": "Deal", "pt": "Distribuir"},
    "sets.cards": {"en": "cards", "pt": "cartas"},
    "sets.found": {"en": "Sets in this hand: {sets}.", "pt": "Trocas nesta mão: {sets}."},
    "sets.none": {"en": "No set in this hand (C-CARD-2).",
                  "pt": "Nenhuma troca nesta mão (C-CARD-2)."},
    "sets.tally": {"en": "Hands of {n} dealt: {deals}, with a set: {hits} ({share}). "
                         "Exact chance: {exact}.",
                   "pt": "Mãos de {n} distribuídas: {deals}, com troca: {hits} ({share}). "
                         "Chance exata: {exact}."},
}

MESSAGES.update(LESSON_MESSAGES)
