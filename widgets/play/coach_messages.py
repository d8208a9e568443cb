"""Strings (pt-BR and en) of the coach (:mod:`warkit_widgets.play.coach`), registered in
:data:`warkit_widgets.i18n.MESSAGES` on import (light: the new-game form's "hints allowed"
box needs them before any game is loaded)."""

from __future__ import annotations

from ..i18n import MESSAGES, Lang

COACH_MESSAGES: dict[str, dict[Lang, str]] = {
    "coach.button": {"en": "Hint (H)", "pt": "Dica (H)"},
    "coach.tip": {"en": "What the strongest computer player would do now, and why",
                  "pt": "O que o computador mais forte faria agora, e por quê"},
    "coach.off": {"en": "The host of this room turned hints off.",
                  "pt": "Quem criou esta sala desligou as dicas."},
    "coach.not_now": {"en": "A hint is for your own decision: wait for your turn.",
                      "pt": "A dica é para a sua decisão: espere a sua vez."},
    "coach.prefix": {"en": "Hint: ", "pt": "Dica: "},
    "coach.attack": {"en": "Attack {dst} from {src}: {chance} to conquer; {why}.",
                     "pt": "Atacar {dst:o} a partir {src:de}: {chance} de conquistar; {why}."},
    "coach.place": {"en": "Place {n} {n:army|armies} on {dst}: {why}.",
                    "pt": "Colocar {n} {n:exército|exércitos} {dst:em}: {why}."},
    "coach.trade": {"en": "Trade these cards now: {value} armies.",
                    "pt": "Trocar estas cartas agora: {value} exércitos."},
    "coach.occupy": {"en": "Move {n} {n:army|armies} into {dst}: {why}.",
                     "pt": "Mover {n} {n:exército|exércitos} {dst:para}: {why}."},
    "coach.move": {"en": "Move {n} {n:army|armies} from {src} to {dst}: {why}.",
                   "pt": "Remanejar {n} {n:exército|exércitos} {src:de} {dst:para}: {why}."},
    "coach.end.attack": {"en": "Stop attacking: no attack is worth its risk now.",
                         "pt": "Encerrar os ataques: nenhum ataque vale o risco agora."},
    "coach.end.move": {"en": "End your turn: no move makes a border safer.",
                       "pt": "Terminar a jogada: nenhum remanejamento protege melhor a "
                             "fronteira."},
    "coach.end.trade": {"en": "Keep your cards for now: a later trade is worth more.",
                        "pt": "Guardar as cartas por enquanto: uma troca depois vale mais."},
    "coach.end": {"en": "Go on to the next step.", "pt": "Passar para o próximo passo."},
    "coach.other": {"en": "The strongest computer player would choose: {action}.",
                    "pt": "O computador mais forte escolheria: {action}."},
    "coach.why.eliminate": {"en": "it is {player}'s last territory",
                            "pt": "é o último território de {player}"},
    "coach.why.complete": {"en": "it completes {continent}, +{bonus} armies a round",
                           "pt": "completa {continent:o}, +{bonus} exércitos por rodada"},
    "coach.why.break": {"en": "it breaks {player}'s hold on {continent} (+{bonus} a round)",
                        "pt": "quebra o domínio de {player} sobre {continent:o} "
                              "(+{bonus} por rodada)"},
    "coach.why.card": {"en": "a first conquest this turn earns a card",
                       "pt": "a primeira conquista da rodada garante uma carta"},
    "coach.why.weak": {"en": "{n} {n:defender|defenders} against your {a} attacking "
                             "{a:army|armies}",
                       "pt": "{n} {n:defensor|defensores} contra seus {a} "
                             "{a:exército|exércitos} de ataque"},
    "coach.why.prepare": {"en": "it prepares the attack on {dst}, {chance} to conquer",
                          "pt": "prepara o ataque {dst:a}, {chance} de conquistar"},
    "coach.why.guard": {"en": "it guards the border with {dst} ({n} {n:army|armies} of "
                              "{player})",
                        "pt": "protege a fronteira com {dst:o} ({n} {n:exército|exércitos} "
                              "de {player})"},
    "coach.why.front": {"en": "the enemy can reach {dst}, not {src}",
                        "pt": "o inimigo alcança {dst:o}, não {src:o}"},
    "coach.why.reserve": {"en": "armies where the enemy can reach",
                          "pt": "exércitos onde o inimigo pode chegar"},
    "coach.why.leave": {"en": "{n} {n:stays|stay} behind on {src}",
                        "pt": "{n} {n:fica|ficam} {src:em}"},
    "setup.coach": {"en": "Hints allowed", "pt": "Dicas permitidas"},
    "end.hints": {"en": "Hints asked: {counts}", "pt": "Dicas pedidas: {counts}"},
}
MESSAGES.update(COACH_MESSAGES)
