"""Pure-Python models behind the SMART basics lesson widgets (no ipywidgets).

- Paranoia objectives (S-SETUP-1): deal "destroy colour X" cards again and again until
  nobody hunts their own colour; the chance that one deal works is the share of
  *derangements*, D(n) / n!, close to 1/e.
- Intelligence (S-INTEL-1): keep or give up each whole continent bonus; every 2 armies given
  up draw a card, an odd army is lost.
- Terrain knowledge (S-TERRAIN-2, S-TERRAIN-3): the chance to conquer with nobody's terrain
  knowledge, the attacker's or the defender's, from :mod:`warkit.odds`.

Every number comes from the engine or an exact count, so the widgets and the tests agree.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import factorial

from warkit.odds import win_probability
from warkit.rules.smart import intelligence_draws
from warkit.worldmap import world_map


# -- Paranoia objectives (S-SETUP-1) -------------------------------------------------------------
@cache
def derangements(n: int) -> int:
    """How many orders of n cards leave no card in its own place: D(0) = 1, D(1) = 0,
    D(n) = (n - 1) (D(n - 1) + D(n - 2))."""
    if n < 0:
        raise ValueError("n must be at least 0")
    if n < 2:
        return 1 - n
    return (n - 1) * (derangements(n - 1) + derangements(n - 2))


def valid_deal_chance(players: int) -> Fraction:
    """The chance that one shuffle of the players' colours gives nobody their own: D(n)/n!."""
    return Fraction(derangements(players), factorial(players))


def paranoia_deal(colors: Sequence[str], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Deal the "destroy colour" cards of ``colors`` (one per seat, in seat order) until nobody
    hunts their own colour; every attempt, the last one the valid deal (S-SETUP-1)."""
    attempts = []
    while True:
        deal = list(colors)
        rng.shuffle(deal)
        attempts.append(tuple(deal))
        if all(hunted != own for hunted, own in zip(deal, colors)):
            return tuple(attempts)


# -- Intelligence (S-INTEL-1) ----------------------------------------------------------------------
@dataclass(frozen=True)
class IntelligenceChoice:
    """Keep some whole continent bonuses, give up the others for cards (S-REINF-3,
    S-INTEL-1)."""

    kept: tuple[tuple[str, int], ...]
    """(continent id, bonus) kept as armies, placed inside that continent."""
    given_up: tuple[tuple[str, int], ...]
    """(continent id, bonus) given up for cards."""

    @property
    def armies(self) -> int:
        return sum(b for _, b in self.kept)

    @property
    def cards(self) -> int:
        return intelligence_draws(b for _, b in self.given_up)

    @property
    def lost(self) -> int:
        """The odd army left over, lost."""
        return sum(b for _, b in self.given_up) - 2 * self.cards


def intelligence_choice(owned: Iterable[str], given_up: Iterable[str] = ()
                        ) -> IntelligenceChoice:
    """The choice of giving up ``given_up`` among the whole continents ``owned``."""
    m = world_map()
    owned, given_up = tuple(owned), set(given_up)
    if not given_up <= set(owned):
        raise ValueError(f"only owned continents can be given up: {sorted(given_up)}")
    bonus = {c: m.continent(c).bonus for c in owned}
    return IntelligenceChoice(tuple((c, bonus[c]) for c in owned if c not in given_up),
                              tuple((c, bonus[c]) for c in owned if c in given_up))


def intelligence_options(owned: Iterable[str]) -> tuple[IntelligenceChoice, ...]:
    """Every choice for these whole continents: each bonus kept or given up whole."""
    owned = tuple(owned)
    return tuple(intelligence_choice(owned, given)
                 for k in range(len(owned) + 1) for given in combinations(owned, k))


# -- terrain knowledge (S-TERRAIN-2, S-TERRAIN-3) --------------------------------------------------
SIDES = (None, "attacker", "defender")
"""Nobody's terrain knowledge, the attacker's, the defender's."""


def terrain_chances(attackers: int, defenders: int) -> Mapping[str | None, float]:
    """The chance to conquer for each terrain side (``attackers`` may roll: the territory
    holds one more)."""
    return {side: float(win_probability(attackers, defenders, terrain=side)) for side in SIDES}


__all__ = ["SIDES", "IntelligenceChoice", "derangements", "intelligence_choice",
           "intelligence_options", "paranoia_deal", "terrain_chances", "valid_deal_chance"]
