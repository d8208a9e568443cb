"""Hand-built SMART positions for rule tests, so that a test reads like the mod's text.

``smart_position(...)`` takes a real SMART state from
``warkit.initial_state(rules="smart")`` and evolves it into the position
described; everything not given gets a harmless default:

- territories not listed in ``owners`` go round-robin to the seats in
  ``rest`` (default: every seat but ``current``), so nobody owns a whole
  continent by accident; unlisted territories hold 1 army; a ``current``
  seat owning nothing gets Australia;
- objectives are "destroy colour X" cards (S-SETUP-1): seat ``s`` hunts the
  colour of seat ``s + 1``;
- round 5 (no attack limit, S-LIMIT-1) unless ``round`` says otherwise;
- the deck holds the 44 cards minus hands and discards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import pytest

import warkit
from warkit import GameState, IllegalActionError, Phase, Reason
from warkit.rules.smart_state import EMPTY, Mark
from warkit.state import CARD_COUNT, JOKERS, evolve

MAP = warkit.world_map()
IDS = MAP.ids


def idx(name: str) -> int:
    """Territory index (also its card number)."""
    return MAP.index(name)


def card(name: str) -> int:
    """Card number of a territory id or ``joker1`` / ``joker2``."""
    if name.startswith("joker"):
        return JOKERS[int(name[5:]) - 1]
    return idx(name)


def smart_position(owners: Mapping[str, int] | None = None,
                   armies: Mapping[str, int] | None = None, *, players: int = 4,
                   rest: int | tuple[int, ...] | None = None, current: int = 0,
                   phase: Phase = Phase.ATTACK, hands: Mapping[int, Iterable[str]] | None = None,
                   discard: Iterable[str] = (), deck: Iterable[str] | None = None,
                   objectives: Mapping[int, str] | None = None, round: int = 5,
                   reserves: int = 0, continent_reserves: Mapping[str, int] | None = None,
                   revealed: Iterable[tuple[str, int, str]] = (),
                   settings: Mapping[str, Any] | None = None, **changes: Any) -> GameState:
    """A hand-made SMART position; ``revealed`` are (card, seat, use) marks; ``changes`` are
    raw state fields (``extra=...`` replaces the SMART state)."""
    base = warkit.initial_state(players, "smart", **(settings or {}))
    n = players
    owners = dict(owners or {})
    if rest is None:
        rest = tuple(s for s in range(n) if s != current)
    elif isinstance(rest, int):
        rest = (rest,)
    owner = [owners[t] if t in owners else rest[i % len(rest)] for i, t in enumerate(IDS)]
    for t in owners:
        idx(t)
    if current not in owner:  # the player to act owns something: Australia, unless listed
        owner[idx("australia")] = current
    army = [1] * len(IDS)
    for t, a in (armies or {}).items():
        army[idx(t)] = a
    hand_cards = [tuple(sorted(card(c) for c in (hands or {}).get(s, ()))) for s in range(n)]
    discard_cards = tuple(sorted(card(c) for c in discard))
    used = {c for h in hand_cards for c in h} | set(discard_cards)
    deck_cards = (tuple(c for c in range(CARD_COUNT) if c not in used) if deck is None
                  else tuple(sorted(card(c) for c in deck)))
    colors = base.colors
    objective_cards = [f"destroy_{colors[(s + 1) % n]}" for s in range(n)]
    for s, o in (objectives or {}).items():
        objective_cards[s] = o
    cont = [0] * len(MAP.continents)
    for c, r in (continent_reserves or {}).items():
        cont[MAP.continent(c).index] = r
    marks = tuple(sorted((Mark(card(c), seat, use) for c, seat, use in revealed),
                         key=lambda m: m.card))
    fields: dict[str, Any] = dict(
        phase=phase, owner=tuple(owner), armies=tuple(army),
        objective_cards=tuple(objective_cards), hands=tuple(hand_cards), deck=deck_cards,
        discard=discard_cards, alive=tuple(s in owner for s in range(n)),
        eliminated_by=(None,) * n, dealer=n - 1, first_player=0, current=current,
        turn=n * (round - 1) + current + 1, round=round, reserves=reserves,
        continent_reserves=tuple(cont), moved_in=(0,) * len(IDS),
        extra=replace(EMPTY, revealed=marks),
    )
    fields.update(changes)
    return evolve(base, **fields)


def with_extra(state: GameState, **changes: Any) -> GameState:
    """``state`` with some SMART extra fields replaced."""
    return evolve(state, extra=replace(state.extra, **changes))


def refused(state: GameState, action: Any, reason: Reason, rule: str | None = None,
            player: int | None = None) -> IllegalActionError:
    """Assert ``action`` is refused for ``reason`` (naming ``rule``) and the state is unchanged."""
    before = evolve(state)
    with pytest.raises(IllegalActionError) as info:
        warkit.apply(state, action, player)
    assert info.value.reason is reason, (info.value.reason, str(info.value))
    if rule is not None:
        assert info.value.rule == rule, (info.value.rule, str(info.value))
        assert f"({rule})" in str(info.value)
    assert state == before
    return info.value


def play(state: GameState, *actions: str) -> GameState:
    """Apply text actions in order."""
    for action in actions:
        state = warkit.apply(state, action)
    return state


def pass_all(state: GameState) -> GameState:
    """Let every reacting player pass until the battle resolves."""
    while state.phase is Phase.REACT:
        state = warkit.apply(state, "pass")
    return state


def battle(state: GameState, src: str, dst: str, dice: int, roll: str) -> GameState:
    """Declare a battle and force its dice; both sides then pass."""
    return pass_all(play(state, f"attack {src} {dst} {dice}", f"roll {roll}"))
