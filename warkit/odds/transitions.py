"""The battle as a Markov chain: states, end states and one step's probabilities.

A state is ``(cards left, attackers, defenders)``. ``attackers`` counts the
armies that may attack (the territory holds ``attackers + 1``, C-ATK-2, since
one always stays home); ``defenders`` the armies on the target. Each step is
one battle with the most dice allowed (C-ATK-2, C-ATK-3). The chain ends when
the defender is wiped out (``defenders == 0``: conquest) or the attacker
stops (``attackers <= stop_at``; ``stop_at=0``: no attacking army left).
Both at once cannot happen: with the attacker's terrain knowledge the extra
loss never takes the last defender when the attacker loses its last
attacking army (see :func:`warkit.dice.terrain_losses`).

"cards left" exists only when a reroll card supply is limited
(``Reroll(cards=n)``): layer ``n`` down to 0, where no card is left.

A battle that changes nothing (possible with the defender's terrain
knowledge, S-TERRAIN-3) is a self-loop; it is conditioned away, which keeps
every end-state probability exact and every DP finite.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..dice import attack_dice, defence_dice
from ..errors import InvalidArgumentError
from .options import BattleRules
from .roll import plain_outcomes, reroll_analysis

Step = tuple[int, int, int]   # (card spent 0/1, attacker losses, defender losses)


def layer_count(rules: BattleRules) -> int:
    """How many "cards left" layers the chain has (1 unless the card supply is limited)."""
    reroll = rules.reroll
    return 1 if reroll is None or reroll.cards is None else reroll.cards + 1


def is_end(attackers: int, defenders: int, stop_at: int) -> bool:
    """True when no battle follows: conquered, or the attacker stopped."""
    return defenders == 0 or attackers <= stop_at


def state_class(rules: BattleRules, attackers: int,
                defenders: int) -> tuple[int, int, int, bool]:
    """``(attack dice, defence dice, loss cap, all in)``: all a step's odds depend on."""
    na = attack_dice(attackers + 1, rules.attacker_dice_max)
    nd = defence_dice(defenders, rules.defender_dice_max)
    return na, nd, rules.cap(nd, defenders), rules.all_in(na, attackers)


@cache
def steps(rules: BattleRules, layer: int, na: int, nd: int, cap: int,
          all_in: bool = False) -> tuple[tuple[Step, Fraction], ...]:
    """One battle's moves out of a state, self-loop conditioned away.

    ``layer`` is the number of cards left (only meaningful with a limited
    supply; layer 0 rolls without a card); ``all_in`` as in
    :meth:`BattleRules.all_in`.
    """
    limited = layer_count(rules) > 1
    if rules.reroll is None or (limited and layer == 0):
        plain = plain_outcomes(rules.without_reroll(), na, nd, cap, all_in)
        raw = {(0, la, ld): p for (la, ld), p in plain.items()}
    else:
        raw = {}
        for (la, ld, spent), p in reroll_analysis(rules, na, nd, cap, all_in)[0].items():
            key = (spent if limited else 0, la, ld)
            raw[key] = raw.get(key, Fraction(0)) + p
    stay = raw.pop((0, 0, 0), Fraction(0))
    if stay == 1:  # pragma: no cover - the checked rules always let something happen
        raise InvalidArgumentError(f"battle {na} dice against {nd} can never change anything")
    return tuple((step, p / (1 - stay)) for step, p in sorted(raw.items()) if p)
