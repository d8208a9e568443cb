"""Territory cards, jokers and classic trade sets (C-COMP-2, C-CARD-2, C-CARD-4)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from .state import CARD_COUNT, JOKERS
from .worldmap import world_map


def card_shape(card: int) -> str | None:
    """The shape on a card, or ``None`` for a joker (which shows all three)."""
    if card in JOKERS:
        return None
    return world_map().territories[card].card_shape


def is_joker(card: int) -> bool:
    return card in JOKERS


def all_cards() -> tuple[int, ...]:
    """The 44 cards: 42 territory cards then the 2 jokers."""
    return tuple(range(CARD_COUNT))


def is_set(cards: Sequence[int]) -> bool:
    """Three cards of one shape or of three different shapes; a joker is any shape (C-CARD-2)."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    shapes = [card_shape(c) for c in cards if not is_joker(c)]
    return len(set(shapes)) in (1, len(shapes))


def sets_in(hand: Sequence[int]) -> Iterator[tuple[int, int, int]]:
    """Every set that can be traded from ``hand`` (in sorted card order)."""
    for combo in combinations(sorted(hand), 3):
        if is_set(combo):
            yield combo


def has_set(hand: Sequence[int]) -> bool:
    if len(hand) < 3:
        return False
    if hand.__class__ is tuple:  # a state's hand: asked at the start of every turn
        return _tuple_has_set(hand)
    return next(sets_in(hand), None) is not None


@lru_cache(maxsize=4096)
def _tuple_has_set(hand: tuple[int, ...]) -> bool:
    return next(sets_in(hand), None) is not None


def trade_value(trades_so_far: int, values: Sequence[int] = (4, 6, 8, 10, 12, 15),
                step: int = 5) -> int:
    """Armies for the next trade of the game (C-CARD-4): 4, 6, 8, 10, 12, 15, 20, 25...

    >>> [trade_value(k) for k in range(8)]
    [4, 6, 8, 10, 12, 15, 20, 25]
    """
    if trades_so_far < len(values):
        return values[trades_so_far]
    return values[-1] + step * (trades_so_far - len(values) + 1)
