"""Small helpers shared by the phase modules of the rules."""

from __future__ import annotations

from functools import cache
from typing import NoReturn

from ..actions import EndPhase, card_index
from ..errors import IllegalActionError, InvalidActionError, Reason
from ..state import Battle, GameState
from ..worldmap import world_map
from .terms import Board


def fail(reason: Reason, message: str, rule: str | None = None, **params: object) -> NoReturn:
    """Refuse an action; ``params`` name what the message is about (see IllegalActionError)."""
    raise IllegalActionError(reason, message, rule, params)


def territory(name: str) -> int:
    """The index of a territory named in an action, or an error naming the unknown id."""
    index = _territory_ids().get(name) if name.__class__ is str else None
    if index is not None:
        return index
    try:
        return world_map().index(name)
    except (KeyError, TypeError):
        fail(Reason.UNKNOWN_TERRITORY, f"there is no territory called {name!r} on the map",
             name=name)


@cache
def _territory_ids() -> dict[str, int]:
    """Territory id -> index (the common case of :func:`territory`, one dict lookup)."""
    return dict(world_map()._index)


@cache
def adjacent_masks() -> tuple[int, ...]:
    """For each territory, its neighbours as bits (bit ``i``: territory ``i``), to meet the
    state's :attr:`~warkit.state.GameState.owned_masks` in one ``&``."""
    return tuple(sum(1 << t for t in near) for near in world_map().adjacency)


END = EndPhase()
"""The one "end" action the listers share (actions are immutable values)."""


@cache
def neighbour_sets() -> tuple[frozenset[int], ...]:
    """For each territory, its neighbours as a set (C-ATK-1, C-MOVE-1: one lookup per check)."""
    return tuple(map(frozenset, world_map().adjacency))


def card(name: str) -> int:
    """The number of a card named in an action, or an error naming the unknown card."""
    try:
        return card_index(name)
    except (InvalidActionError, TypeError, AttributeError):
        fail(Reason.UNKNOWN_CARD, f"there is no card called {name!r}: cards are territory ids "
             "and joker1 / joker2", name=name)


def label(index: int) -> str:
    """How a territory is named in messages: its id."""
    return world_map().territories[index].id


def owned(state: GameState, index: int, seat: int, rule: str) -> None:
    if state.owner[index] != seat:
        fail(Reason.NOT_OWNED, f"{label(index)} is not yours", rule, territory=label(index))


def battle_of(state: Board) -> Battle:
    """The pending battle of a state whose step has one (ROLL, REACT, OCCUPY...)."""
    b = state.battle
    if b is None:
        raise ValueError(f"no battle is pending in the {state.phase.value} step")
    return b


def roll_of(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dice of the battle being resolved (a reaction step has them)."""
    roll = state.last_roll
    if roll is None:
        raise ValueError(f"no dice were rolled before the {state.phase.value} step")
    return roll


def within(n: object, low: int, high: int) -> bool:
    """The quick test of :func:`count` (no message built): a whole number in ``low..high``."""
    return type(n) is int and low <= n <= high


def count(n: object, low: int, high: int, what: str, rule: str, **params: object) -> int:
    """Check a number of armies or dice lies in ``low..high``; ``params`` say what is counted
    (e.g. ``counting="place", territory=...``) for translations of the refusal."""
    if isinstance(n, bool) or not isinstance(n, int):
        fail(Reason.BAD_COUNT, f"{what} must be a whole number, got {n!r}", rule,
             low=low, high=high, value=str(n), **params)
    if not low <= n <= high:
        if high < low:
            fail(Reason.TOO_FEW_ARMIES, f"{what}: none available", rule, **params)
        fail(Reason.BAD_COUNT, f"{what} must be between {low} and {high}, got {n}", rule,
             low=low, high=high, value=n, **params)
    return n


def next_alive(state: GameState, seat: int) -> int:
    """The next seat clockwise after ``seat`` that is still in the game."""
    n = state.num_players
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if state.alive[candidate]:
            return candidate
    return seat
