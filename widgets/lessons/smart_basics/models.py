"""Pure-Python models behind the SMART basics lesson widgets (no ipywidgets).

- Paranoia objectives (S-SETUP-1): deal "destroy colour X" cards again and again until
  nobody hunts their own colour; the chance that one deal works is the share of
  *derangements*, D(n) / n!, close to 1/e.
- Intelligence (S-INTEL-1): keep or give up each whole continent bonus; every 2 armies given
  up draw a card, an odd army is lost.
- Terrain knowledge (S-TERRAIN-2, S-TERRAIN-3): the chance to conquer with nobody's terrain
  knowledge, the attacker's or the defender's, from :mod:`warkit.odds`.
- SMART trades (S-TRADE-1 to S-TRADE-5): the exact mean of the best split of a random hand of
  n cards (SMART lesson 03 and probability lab 07 share it).

Every number comes from the engine or an exact count, so the widgets and the tests agree.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, factorial

from warkit import world_map
from warkit.cards import card_shape
from warkit.odds import win_probability
from warkit.rules.smart import best_trade, intelligence_draws
from warkit.rules.terms import Side


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


# -- SMART trades (S-TRADE-1 to S-TRADE-5) --------------------------------------------------------
def _cards_by_kind() -> tuple[tuple[str, ...], ...]:
    """The deck's cards by kind: squares, triangles, circles (14 each), jokers (2)."""
    m = world_map()
    shapes = tuple(tuple(t for t in m.ids if card_shape(m.index(t)) == shape)
                   for shape in ("square", "triangle", "circle"))
    return (*shapes, ("joker1", "joker2"))


@cache
def expected_best_trade(n: int) -> Fraction:
    """The exact mean of the best split (``best_trade(hand).total``, no territory owned) over
    all C(44, n) hands of n cards. Without the territory bonus a hand's value depends only on
    how many squares, triangles, circles and jokers it holds, so the hands are grouped by that
    make-up and each group weighted by its number of hands."""
    if not 1 <= n <= 6:
        raise ValueError(f"a SMART trade has 1 to 6 cards, not {n} (S-TRADE-1)")
    kinds = _cards_by_kind()
    deck = sum(len(k) for k in kinds)
    total = 0
    for sq in range(n + 1):
        for tr in range(n + 1 - sq):
            for ci in range(n + 1 - sq - tr):
                counts = (sq, tr, ci, n - sq - tr - ci)
                if counts[3] > len(kinds[3]):
                    continue
                hand = [c for kind, k in zip(kinds, counts) for c in kind[:k]]
                ways = 1
                for kind, k in zip(kinds, counts):
                    ways *= comb(len(kind), k)
                total += ways * best_trade(hand).total
    return Fraction(total, comb(deck, n))


# -- terrain knowledge (S-TERRAIN-2, S-TERRAIN-3) --------------------------------------------------
SIDES: tuple[Side | None, ...] = (None, "attacker", "defender")
"""Nobody's terrain knowledge, the attacker's, the defender's."""


def terrain_chances(attackers: int, defenders: int) -> Mapping[Side | None, float]:
    """The chance to conquer for each terrain side (``attackers`` may roll: the territory
    holds one more)."""
    return {side: float(win_probability(attackers, defenders, terrain=side)) for side in SIDES}


__all__ = ["SIDES", "IntelligenceChoice", "derangements", "expected_best_trade",
           "intelligence_choice",
           "intelligence_options", "paranoia_deal", "terrain_chances", "valid_deal_chance"]
