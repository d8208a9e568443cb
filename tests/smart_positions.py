"""Hand-built SMART positions for rule tests, so that a test reads like the mod's text.

``smart_position(...)`` is :func:`warkit.position` with ``rules="smart"`` (the
engine's checked builder); everything not given gets a harmless default:

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

import copy
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import pytest

import warkit
from warkit import JOKERS, GameState, IllegalActionError, Reason
from warkit.rules.smart import EMPTY, Mark, SmartPhase

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
                   armies: Mapping[str, int] | None = None, *, current: int = 0,
                   revealed: Iterable[tuple[str, int, str]] = (), **kwargs: Any) -> GameState:
    """A hand-made SMART position (:func:`warkit.position` with ``rules="smart"``);
    ``revealed`` are (card, seat, use) marks; ``changes`` are raw state fields
    (``extra=...`` replaces the SMART state)."""
    owners = dict(owners or {})
    n = kwargs.get("players", 4)
    rest = kwargs.pop("rest", None)
    rest = tuple(s for s in range(n) if s != current) if rest is None else (
        (rest,) if isinstance(rest, int) else rest)
    listed = set(owners.values()) | {r for i, r in enumerate(rest * len(IDS))
                                     if i < len(IDS) and IDS[i] not in owners}
    if current not in listed:  # the player to act owns something: Australia, unless listed
        owners.setdefault("australia", current)
    marks = tuple(sorted((Mark(card(c), seat, use) for c, seat, use in revealed),
                         key=lambda m: m.card))
    kwargs.setdefault("extra", replace(EMPTY, revealed=marks))
    kwargs.setdefault("check", False)  # partial positions on purpose (a 3-card deck...)
    return warkit.position(owners, armies, rules="smart", current=current, rest=rest, **kwargs)


def with_extra(state: GameState, **changes: Any) -> GameState:
    """``state`` with some SMART extra fields replaced."""
    return replace(state, extra=replace(state.extra, **changes))


def refused(state: GameState, action: Any, reason: Reason, rule: str | None = None,
            player: int | None = None) -> IllegalActionError:
    """Assert ``action`` is refused for ``reason`` (naming ``rule``) and the state is unchanged."""
    before = copy.copy(state)
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
    while state.phase is SmartPhase.REACT:
        state = warkit.apply(state, "pass")
    return state


def battle(state: GameState, src: str, dst: str, dice: int, roll: str) -> GameState:
    """Declare a battle and force its dice; both sides then pass."""
    return pass_all(play(state, f"attack {src} {dst} {dice}", f"roll {roll}"))
