"""Whole battles in exact arithmetic (Fractions), for small cases, lessons and tests.

The same chain as :mod:`warkit.odds.chain` (same per-battle steps from
:mod:`warkit.odds.transitions`), walked in plain Python: probability mass
flows from the start state down the diagonals until it settles on end states.
Cost grows like ``attackers x defenders`` times the size of the fractions, so
keep it to a few dozen armies a side.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

from .options import BattleRules
from .transitions import is_end, layer_count, state_class, steps


@lru_cache(maxsize=256)
def end_distribution(rules: BattleRules, attackers: int, defenders: int,
                     stop_at: int) -> dict[tuple[int, int], Fraction]:
    """Exact ``{(attackers left, defenders left): probability}`` of the end states."""
    top = layer_count(rules) - 1
    mass: dict[tuple[int, int, int], Fraction] = {(top, attackers, defenders): Fraction(1)}
    final: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for layer in range(top, -1, -1):
        for total in range(attackers + defenders, -1, -1):
            for a in range(max(0, total - defenders), min(attackers, total) + 1):
                m = mass.pop((layer, a, total - a), None)
                if m is None:
                    continue
                d = total - a
                if is_end(a, d, stop_at):
                    final[a, d] += m
                    continue
                for (spent, la, ld), p in steps(rules, layer, *state_class(rules, a, d)):
                    key = (layer - spent, a - la, d - ld)
                    mass[key] = mass.get(key, Fraction(0)) + m * p
    return dict(sorted(final.items()))
