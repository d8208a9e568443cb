"""Hand-built War positions for rule tests, so that a test reads like the rule book.

``position(...)`` is :func:`warkit.position` (the engine's checked builder) with
the classic tests' defaults: who owns what,
how many armies stand where, the cards in hands, deck and discard pile, the
phase and the player to act. Everything not given gets a harmless default:

- territories not listed in ``owners`` go round-robin (by territory index)
  to the seats in ``rest`` (a seat or a tuple of seats), by default every
  seat but ``current``, so that nobody owns a whole continent by accident
  (a single seat in ``rest`` owns every unlisted territory: mind its objective);
- every territory not listed in ``armies`` holds 1 army;
- objectives are continent objectives nobody is close to meeting;
- players with no territory are out of the game (``alive``), unless given;
- the deck holds the 44 cards minus those in hands, the discard pile and
  the loot (the 44 cards are always conserved: see :func:`card_count`).

``turn_start(...)`` builds the end of the previous player's turn and lets
the engine start the next one, so the armies received are the engine's own
count (C-REINF-1, C-REINF-2) and the TRADE step opens when it should.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest

import warkit
from warkit import JOKERS, Attack, EndPhase, GameState, IllegalActionError, Phase, Reason, Roll

MAP = warkit.world_map()
IDS = MAP.ids
JOKER1, JOKER2 = JOKERS

# Continent objectives that hand-built positions do not meet unless a test says so.
QUIET_OBJECTIVES = warkit.ClassicRules().quiet_objectives(("a",) * 6)


def idx(territory: str) -> int:
    """Index of a territory id (also the number of its card)."""
    return MAP.index(territory)


def card(name: str) -> int:
    """Card number of a card name: a territory id, ``"joker1"`` or ``"joker2"``."""
    if name == "joker1":
        return JOKER1
    if name == "joker2":
        return JOKER2
    return idx(name)


def members(continent: str) -> tuple[str, ...]:
    """Territory ids of a continent, e.g. ``members("america_do_sul")``."""
    return MAP.continent(continent).territories


def position(owners: Mapping[str, int] | None = None, armies: Mapping[str, int] | None = None,
             *, players: int = 4, round: int = 2, turn: int | None = None,
             check: bool = False, **kwargs: Any) -> GameState:
    """A hand-made classic position: :func:`warkit.position` with the turn of seat 0 (so a
    test's ``current`` seat plays out of its usual order) and round 2 by default. Not
    checked by default: rule tests build partial positions on purpose (a 3-card deck, a
    ``current`` seat owning nothing)."""
    return warkit.position(owners, armies, players=players, round=round,
                           turn=turn if turn is not None else players * (round - 1) + 1,
                           check=check, **kwargs)


def turn_start(owners: Mapping[str, int] | None = None, armies: Mapping[str, int] | None = None,
               *, seat: int = 0, **kwargs: Any) -> GameState:
    """The start of ``seat``'s turn, reached by the engine itself.

    Builds the previous (alive) player's regroup step with no conquest, then
    ends it: the engine computes the armies ``seat`` receives and opens the
    TRADE step (if ``seat`` holds a set) or the PLACE step.
    """
    n = kwargs.get("players", 4)
    previous = (seat - 1) % n
    alive = kwargs.get("alive")
    if alive is not None:
        alive = tuple(alive)
        while not alive[previous]:
            previous = (previous - 1) % n
    round_ = kwargs.pop("round", 2)
    kwargs.setdefault("rest", tuple(s for s in range(n)
                                    if s != seat and (alive is None or alive[s])))
    state = position(owners, armies, current=previous, phase=Phase.MOVE,
                     round=round_ if seat != 0 else round_ - 1, **kwargs)
    state = warkit.apply(state, EndPhase())
    assert state.current == seat and state.phase in (Phase.TRADE, Phase.PLACE), state.phase
    return state


def battle(state: GameState, src: str, dst: str, dice: int, roll: str) -> GameState:
    """Declare an attack and force its dice, e.g. ``battle(s, "brasil", "argentina", 3,
    "5,4,1 vs 6,3,1")``."""
    state = warkit.apply(state, Attack(src, dst, dice))
    return warkit.apply(state, "roll " + roll)


def conquer(state: GameState, src: str, dst: str, occupy: int = 1) -> GameState:
    """Conquer ``dst`` (holding 1 army) from ``src`` with one battle of one die, 6 vs 1, and
    move ``occupy`` armies in (``occupy=0``: stop before occupying)."""
    state = warkit.apply(state, Attack(src, dst, 1))
    assert state.battle.defence_dice == 1, "conquer() needs a lone defender"
    state = warkit.apply(state, Roll((6,), (1,)))
    if occupy and state.phase is Phase.OCCUPY:
        state = warkit.apply(state, f"occupy {occupy}")
    return state


def refused(state: GameState, action: Any, reason: Reason, rule: str | None = None,
            player: int | None = None) -> IllegalActionError:
    """Assert that ``action`` is refused for ``reason`` (naming ``rule`` when given) and that
    the state is left exactly as it was."""
    before = copy.copy(state)
    with pytest.raises(IllegalActionError) as info:
        warkit.apply(state, action, player)
    assert info.value.reason is reason, (info.value.reason, str(info.value))
    if rule is not None:
        assert info.value.rule == rule, (info.value.rule, str(info.value))
        assert rule in str(info.value)
    assert state == before
    return info.value


def card_count(state: GameState) -> int:
    """All cards wherever they are: deck, discard pile, hands and loot."""
    cards = [*state.deck, *state.discard, *state.loot, *(c for h in state.hands for c in h)]
    assert len(set(cards)) == len(cards), "a card is in two places"
    return len(cards)


def army_total(state: GameState) -> int:
    return sum(state.armies)
