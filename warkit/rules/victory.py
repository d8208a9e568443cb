"""Objectives and victory (C-SETUP-2, C-WIN-1, C-WIN-2)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter

from ..state import GameState
from ..worldmap import Objective, world_map
from .terms import Board


def target_seat(state: Board, objective: Objective) -> int | None:
    """The seat holding the colour a "destroy" objective hunts (``None`` if not in the game)."""
    try:
        return state.colors.index(objective.color)
    except ValueError:
        return None


def effective_objective(state: GameState, seat: int) -> str | None:
    """The objective a seat plays for now.

    C-SETUP-2: "destroy colour X" becomes the fallback ("conquer 24
    territories") when X is the seat's own colour or when another player
    eliminated X. Derived from the state, so the change stays secret.
    """
    card = state.objective_cards[seat]
    if card is None:
        return None
    objective = _objective(card)
    if objective.kind != "destroy":
        return card
    target = target_seat(state, objective)
    if target is None or target == seat:
        return world_map().objective_fallback
    by = state.eliminated_by[target]
    if by is not None and by != seat:
        return world_map().objective_fallback
    return card


@cache
def _objective(objective_id: str) -> Objective:
    return world_map().objective(objective_id)


@cache
def _continent_indices(objective_id: str) -> tuple[int, ...]:
    m = world_map()
    return tuple(m.continent(c).index for c in m.objective(objective_id).continents)


@cache
def _continent_getters() -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]:
    """For each continent, a function picking its territories' owners out of ``owner``."""
    return tuple(itemgetter(*members) for members in world_map().continent_members)


def whole_continents(state: GameState, seat: int) -> set[int]:
    """Indices of the continents the seat owns entirely."""
    if 0 <= seat < len(state.colors):  # one & per continent on the state's territory bits
        mine = state.owned_masks[seat]
        return {k for k, members in enumerate(_continent_masks()) if mine & members == members}
    owner = state.owner
    return {k for k, owners_of in enumerate(_continent_getters())
            if (owners := owners_of(owner)).count(seat) == len(owners)}


@cache
def _continent_masks() -> tuple[int, ...]:
    """For each continent, its territories as bits."""
    return tuple(sum(1 << t for t in members) for members in world_map().continent_members)


def objective_met(state: GameState, seat: int, objective_id: str | None = None) -> bool:
    """Is the seat's (effective) objective fulfilled in this state? (C-WIN-1).

    "Continents A, B and a third" means any third whole continent; "18
    territories with 2 armies" means at least 18 owned territories holding 2
    or more armies each (the decisions of RULES.md).
    """
    objective_id = objective_id or effective_objective(state, seat)
    if objective_id is None:
        return False
    objective = _objective(objective_id)
    if objective.kind == "destroy":
        target = target_seat(state, objective)
        return target is not None and state.eliminated_by[target] == seat
    if objective.kind == "territories":
        if state.owner.count(seat) < objective.count:
            return False
        least = objective.min_armies
        if least <= 1:  # a territory just conquered counts before its armies move in
            return True
        return sum(1 for o, a in zip(state.owner, state.armies)
                   if o == seat and a >= least) >= objective.count
    if 0 <= seat < len(state.colors):  # on the seat's territory bits (see whole_continents)
        mine = state.owned_masks[seat]
        required, others = _continent_test(objective_id)
        if mine & required != required:
            return False
        plus = objective.plus_any
        return not plus or sum(1 for m in others if mine & m == m) >= plus
    whole = whole_continents(state, seat)
    needed = set(_continent_indices(objective_id))
    return needed <= whole and len(whole - needed) >= objective.plus_any


@cache
def _continent_test(objective_id: str) -> tuple[int, tuple[int, ...]]:
    """A continent objective as bits: its required continents' territories together, and each
    other continent's (any of which may count as "a third")."""
    needed = set(_continent_indices(objective_id))
    masks = _continent_masks()
    return (sum(masks[k] for k in needed),
            tuple(m for k, m in enumerate(masks) if k not in needed))


@cache
def _needs_armies(objective_id: str) -> bool:
    """Can armies alone (no territory changing hands) complete this objective? Only
    "N territories with at least 2 armies" can."""
    objective = _objective(objective_id)
    return objective.kind == "territories" and objective.min_armies > 1


@cache
def _card_counts_armies(objective_id: str) -> bool:
    """Can the objective of this card, or the fallback it may turn into (C-SETUP-2: "24
    territories", one army each), be completed by armies alone?"""
    fallback = world_map().objective_fallback
    return _needs_armies(objective_id) or (_objective(objective_id).kind == "destroy"
                                           and _needs_armies(fallback))


def may_win_by_armies(state: GameState) -> bool:
    """Could :func:`winners` find a winner after armies alone changed, with nobody out? Only
    if one player is left or the active player's card counts armies (the quick exit of
    ``after_action``: most actions move armies only)."""
    card = state.objective_cards[state.current]
    return state.alive.count(True) == 1 or (card is not None and _card_counts_armies(card))


def winners(state: GameState, everyone: bool = True, armies_only: bool = False
            ) -> tuple[int, ...]:
    """Who has won in this state: the last player standing (C-WIN-2), else the first
    player whose objective is met, looking at the active player first, then
    clockwise (C-WIN-1). Empty while the game goes on. ``everyone=False`` looks
    at the active player only (enough when nobody was eliminated: only the
    active player gains territories and armies); ``armies_only=True`` says no
    territory changed hands, so only objectives that count armies can be met."""
    alive = state.alive
    if alive.count(True) == 1:
        return (alive.index(True),)
    n = len(alive)
    for step in range(n if everyone else 1):
        seat = (state.current + step) % n
        if not alive[seat]:
            continue
        card = state.objective_cards[seat]
        if armies_only and (card is None or not _card_counts_armies(card)):
            continue  # the card, and so its fallback too, counts no armies
        objective_id = effective_objective(state, seat)
        if objective_id is None or (armies_only and not _needs_armies(objective_id)):
            continue
        if objective_met(state, seat, objective_id):
            return (seat,)
    return ()
