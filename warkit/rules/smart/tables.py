"""SMART's tables and their helpers: trade values, attack limits, card kinds (S-TRADE, S-LIMIT,
S-REROLL). Lessons, bots, the dashboard and :mod:`warkit.odds` read them from here.

The engine uses the same functions, so what a lesson shows is what a game does:

>>> from warkit.rules.smart import best_trade
>>> best_trade(["joker1"]).total                 # one joker alone (S-TRADE-5)
11
>>> best_trade(["joker1", "joker2"]).total       # two jokers alone
29
>>> print(best_trade(["brasil", "argelia", "joker1"]))
circle x2 + joker (9) + joker bonus 10 = 19

Play SMART with ``warkit.new_game(rules="smart")``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from numbers import Integral
from typing import Literal

from ...cards import card_shape
from ...state import CARD_COUNT, JOKERS

CardKind = Literal["non_controlled", "controlled", "joker"]
"""The reroll strength of a card (S-REROLL-1), as :func:`card_kind` names it."""

#: S-REROLL-1: card kind -> (how many dice may be rerolled, minimum of a rerolled die).
CARD_KINDS: dict[str, tuple[tuple[int, ...], int]] = {
    "non_controlled": ((1,), 2),   # card of a territory the player does not control
    "controlled": ((1, 2), 3),     # card of a territory the player controls
    "joker": ((1, 2, 3), 4),
}
MAX_TRADE = 6
"""S-TRADE-1: 1 to 6 cards at once."""
JOKER_BONUS = (0, 10, 25)
"""S-TRADE-5: +10 for the first joker of a trade, +15 more for the second."""
TERRITORY_BONUS = 2
"""S-TRADE-4: armies placed on each traded card's own territory, when owned."""
HAND_LIMIT = 6
"""S-END-2: the active player discards down to this many cards at the end of the turn."""
ATTACK_LIMITS = (0, 1, 2, 3)
"""S-LIMIT-1: attacks allowed per player in rounds 1..4 (none from round 5 on)."""


# -- trades (S-TRADE-1..6) ------------------------------------------------------------------
@dataclass(frozen=True)
class TradeGroup:
    """One group of a split trade: ``"same"`` shape (n² armies) or ``"different"`` shapes
    (1, 3, 6); jokers stand for any shape."""

    cards: tuple[int, ...]
    kind: str
    value: int

    def __str__(self) -> str:
        shapes = [str(card_shape(c)) for c in self.cards if c not in JOKERS]
        jokers = len(self.cards) - len(shapes)
        if self.kind == "same" and shapes:
            text = f"{shapes[0]} x{len(shapes)}"
        else:
            text = " ".join(shapes) if shapes else ""
        if jokers:
            text = f"{text} + {'joker' if jokers == 1 else f'{jokers} jokers'}".lstrip(" +")
        return f"{text} ({self.value})"


@dataclass(frozen=True)
class TradeValue:
    """The value of a SMART trade and why: the best split into groups (S-TRADE-1..3), the
    joker bonus (S-TRADE-5) and the +2 armies on each owned card territory (S-TRADE-4)."""

    cards: tuple[int, ...]
    groups: tuple[TradeGroup, ...]
    joker_bonus: int
    territory_bonus: tuple[int, ...]
    """Territories (card numbers) that receive +2 armies each."""

    @property
    def groups_value(self) -> int:
        return sum(g.value for g in self.groups)

    @property
    def armies(self) -> int:
        """Armies received to place freely: the groups plus the joker bonus."""
        return self.groups_value + self.joker_bonus

    @property
    def total(self) -> int:
        """Every army the trade brings, the territory bonuses included."""
        return self.armies + TERRITORY_BONUS * len(self.territory_bonus)

    def __str__(self) -> str:
        parts = [" + ".join(str(g) for g in self.groups)]
        if self.joker_bonus:
            parts.append(f"joker bonus {self.joker_bonus}")
        if self.territory_bonus:
            parts.append(f"{TERRITORY_BONUS} x {len(self.territory_bonus)} on owned territories")
        return " + ".join(parts) + f" = {self.total}"


def group_value(shapes: Sequence[str | None]) -> tuple[str, int] | None:
    """Kind and value of one group of cards (``None`` = a joker), or ``None`` if the cards
    form neither a same-shape group nor a different-shapes group of at most 3."""
    known = [s for s in shapes if s is not None]
    n = len(shapes)
    if len(set(known)) <= 1:
        return "same", n * n                                   # S-TRADE-3
    if n <= 3 and len(set(known)) == len(known):
        return "different", n * (n + 1) // 2                   # S-TRADE-2
    return None


def _partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of ``items`` into non-empty groups (203 for 6 items)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in _partitions(rest):
        yield [(first,), *split]
        for i, group in enumerate(split):
            yield [*split[:i], (first, *group), *split[i + 1:]]


@cache
def _best_split(shapes: tuple[str | None, ...]) -> tuple[int, tuple[tuple[tuple[int, ...], str,
                                                                         int], ...]]:
    """Best split of cards with these shapes: (value, groups as positions, kind, value).
    Among equal values the split with fewer groups wins, then the first found."""
    best: tuple[int, int, tuple[tuple[tuple[int, ...], str, int], ...]] | None = None
    for split in _partitions(tuple(range(len(shapes)))):
        groups = []
        for group in split:
            kind_value = group_value([shapes[i] for i in group])
            if kind_value is None:
                break
            groups.append((tuple(sorted(group)), *kind_value))
        else:
            value = sum(g[2] for g in groups)
            if best is None or (value, -len(groups)) > (best[0], -best[1]):
                best = (value, len(groups), tuple(sorted(groups)))
    assert best is not None  # single cards always form valid groups
    return best[0], best[2]


def best_trade(cards: Iterable[int | str], owned: Iterable[int | str] = ()) -> TradeValue:
    """The value of trading ``cards`` (1 to 6 card numbers or names) in SMART, split the best
    way (S-TRADE-1 decision); ``owned`` are the trader's territories (S-TRADE-4).

    >>> best_trade(["brasil", "egito", "franca"]).total   # circle, triangle, square
    6
    >>> v = best_trade(["argentina", "franca", "polonia", "mexico", "joker1", "joker2"],
    ...                owned=["argentina", "franca", "polonia", "mexico"])
    >>> v.groups_value, v.joker_bonus, v.total            # the largest trade
    (36, 25, 69)
    """
    from ...actions import card_name

    numbers = tuple(sorted(_card_number(c, "card") for c in cards))
    if not 1 <= len(numbers) <= MAX_TRADE:
        raise ValueError(f"a SMART trade has 1 to {MAX_TRADE} cards, got {len(numbers)} "
                         "(S-TRADE-1)")
    if len(set(numbers)) != len(numbers):
        raise ValueError("a card can be traded only once: "
                         + ", ".join(card_name(c) for c in numbers))
    order = sorted(numbers, key=lambda c: (_shape_rank(c), c))
    _, split = _best_split(tuple(card_shape(c) for c in order))
    groups = tuple(TradeGroup(tuple(order[i] for i in group), kind, value)
                   for group, kind, value in split)
    owned_set = {_card_number(c, "owned territory") for c in owned}
    jokers = sum(c in JOKERS for c in numbers)
    return TradeValue(numbers, groups, JOKER_BONUS[jokers],
                      tuple(c for c in numbers if c not in JOKERS and c in owned_set))


def _card_number(card: object, what: str) -> int:
    """A card number 0..43 from a number or a name; anything else is a clear ValueError."""
    if type(card) is int and 0 <= card < CARD_COUNT:
        return card
    if isinstance(card, Integral) and not isinstance(card, bool) and 0 <= int(card) < CARD_COUNT:
        return int(card)   # a numpy integer, say
    if isinstance(card, str):
        from ...actions import card_index

        return card_index(card)  # InvalidActionError (a ValueError) for an unknown name
    raise ValueError(f"each {what} is a card number from 0 to {CARD_COUNT - 1} (0-41 the "
                     f"territories, {JOKERS[0]} and {JOKERS[1]} the jokers) or a card name, "
                     f"got {card!r}")


def _shape_rank(card: int) -> int:
    shape = card_shape(card)
    return 3 if shape is None else ("square", "triangle", "circle").index(shape)


# -- the other card uses -------------------------------------------------------------------------
def intelligence_draws(bonuses: Iterable[int]) -> int:
    """Cards drawn for giving up these continent bonuses: their sum // 2 (S-INTEL-1).

    >>> intelligence_draws([5]), intelligence_draws([3]), intelligence_draws([5, 3])
    (2, 1, 4)
    """
    return sum(bonuses) // 2


def attack_limit(round_number: int) -> int | None:
    """Attacks a player may make in their turn of this round, ``None`` for no limit
    (S-LIMIT-1: none in round 1, then 1, 2, 3, and no limit from round 5).

    >>> [attack_limit(r) for r in range(1, 6)]
    [0, 1, 2, 3, None]
    """
    if round_number <= len(ATTACK_LIMITS):
        return ATTACK_LIMITS[max(round_number, 1) - 1]
    return None


def card_kind(card: int, controlled: bool) -> CardKind:
    """The reroll strength of a card (S-REROLL-1): ``"joker"``, ``"controlled"`` (a territory
    the player controls) or ``"non_controlled"``; see :data:`CARD_KINDS`."""
    if card in JOKERS:
        return "joker"
    return "controlled" if controlled else "non_controlled"


def reroll_terms(kind: str) -> tuple[tuple[int, ...], int]:
    """(how many dice may be rerolled, the minimum of a rerolled die) for a card kind."""
    return CARD_KINDS[kind]


__all__ = [
    "ATTACK_LIMITS",
    "CARD_KINDS",
    "HAND_LIMIT",
    "JOKER_BONUS",
    "MAX_TRADE",
    "TERRITORY_BONUS",
    "TradeGroup",
    "TradeValue",
    "attack_limit",
    "best_trade",
    "card_kind",
    "group_value",
    "intelligence_draws",
    "reroll_terms",
]
