"""Pure-Python models behind the lesson widgets (no ipywidgets): facts about a territory,
the armies a set of territories earns, and the exact chance that random cards hold a set.

Every number comes from the engine (:func:`warkit.world_map`, the rule set's own
:meth:`~warkit.rules.classic.ClassicRules.territory_armies`, :func:`warkit.cards.has_set`),
so the widgets show what the rules say and tests check the numbers without a browser.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

from warkit import JOKERS, SHAPES, ClassicRules, find_rules, world_map
from warkit.cards import all_cards, card_shape, has_set, sets_in


# -- the map -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TerritoryFacts:
    """One territory on the board: its continent and its neighbours (C-COMP-2, C-ATK-1)."""

    index: int
    continent: int
    neighbours: tuple[tuple[int, str], ...]
    """``(territory index, "land" or "sea")`` for each neighbour, in map order."""

    @property
    def degree(self) -> int:
        """How many territories it borders (land and sea): how many it can attack."""
        return len(self.neighbours)

    @property
    def outside(self) -> tuple[int, ...]:
        """Neighbours in another continent: a territory with any is a border of its continent."""
        m = world_map()
        return tuple(j for j, _ in self.neighbours if m.continent_of[j] != self.continent)


def territory_facts(territory: int | str) -> TerritoryFacts:
    """The facts of a territory (index or id)."""
    m = world_map()
    i = m.index(territory)
    return TerritoryFacts(i, m.continent_of[i],
                          tuple((j, m.border_kind(i, j) or "land") for j in m.adjacency[i]))


# -- reinforcements ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Reinforcement:
    """The armies received at the start of a turn, before any trade (C-REINF-1, C-REINF-2)."""

    territories: int
    share: int
    """The rule set's count from the territories before its minimum (C-REINF-1: half)."""
    base: int
    """The armies for the territories, placed anywhere (``rules.territory_armies``)."""
    bonuses: tuple[tuple[int, int], ...]
    """``(continent index, bonus)`` for each whole continent owned: placed inside it."""

    @property
    def total(self) -> int:
        return self.base + sum(b for _, b in self.bonuses)


def reinforcement(owned: Iterable[int | str], rules: ClassicRules | str = "classic"
                  ) -> Reinforcement:
    """What a player owning ``owned`` (indices or ids) receives, by the rule set's own count."""
    m = world_map()
    rules = find_rules(rules) if isinstance(rules, str) else rules
    mine = {m.index(t) for t in owned}
    bonuses = tuple((c.index, c.bonus) for c, members in zip(m.continents, m.continent_members)
                    if all(i in mine for i in members))
    return Reinforcement(len(mine), rules.territory_share(len(mine)),
                         rules.territory_armies(len(mine)), bonuses)


# -- cards -------------------------------------------------------------------------------------
@cache
def set_chance(n: int) -> Fraction:
    """The exact chance that ``n`` cards drawn at random from the 44 hold a set (C-CARD-2).

    Only the shapes matter, so the hands are grouped by how many cards of each shape (and
    jokers) they hold; each group is judged once by :func:`warkit.cards.has_set` on one hand
    of that make-up and weighted by the number of hands that share it.
    """
    if not 0 <= n <= len(all_cards()):
        raise ValueError(f"a hand holds 0 to 44 cards, got {n}")
    by_shape = {s: [c for c in all_cards() if card_shape(c) == s] for s in SHAPES}
    groups = [*(by_shape[s] for s in SHAPES), list(JOKERS)]
    hits = 0
    for counts in product(*(range(min(n, len(g)) + 1) for g in groups)):
        if sum(counts) != n:
            continue
        hand = [c for g, k in zip(groups, counts) for c in g[:k]]
        if has_set(hand):
            ways = 1
            for g, k in zip(groups, counts):
                ways *= comb(len(g), k)
            hits += ways
    return Fraction(hits, comb(len(all_cards()), n))


def deal_hand(n: int, rng: random.Random) -> tuple[int, ...]:
    """``n`` cards drawn at random from the 44 (sorted card numbers)."""
    return tuple(sorted(rng.sample(all_cards(), n)))


def hand_sets(hand: Iterable[int]) -> tuple[tuple[int, int, int], ...]:
    """Every set that can be traded from ``hand`` (:func:`warkit.cards.sets_in`)."""
    return tuple(sets_in(tuple(hand)))
