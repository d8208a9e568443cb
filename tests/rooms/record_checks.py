"""What a room page's Save may hold: checks shared by the room tests and the browser test
(which imports this file by its path)."""

from __future__ import annotations

import json
from typing import Any

import warkit
from warkit import Match, card_name
from warkit.seat_record import loads_seat_record


def seed_words(seed: int) -> list[str]:
    """How a (256-bit) seed could be written in a file or a page."""
    assert seed.bit_length() > 64, "a short seed's digits are found anywhere: use a room's"
    return [str(seed), f"{seed:064x}", f"{seed:x}"]


def assert_record_keeps_secrets(text: str, match: Match, seat: int | None,
                                base: int) -> dict[str, Any]:
    """``text``, downloaded by ``seat``'s page (``None``: the spectator's) while ``match`` is
    running, is a seat record that holds no seed, no other seat's hand or objective, and
    every step as that seat may see it (its own draws named, the others' hidden). Returns
    the record."""
    assert not match.state.is_terminal
    record = loads_seat_record(text)
    data = json.loads(text)
    assert "seed" not in json.dumps(sorted(_keys(data)))  # no field named seed anywhere
    for word in seed_words(match.seed):
        assert word not in text, "the room's seed is in the file"
    colors = match.state.colors
    assert record["seat"] == (None if seat is None else colors[seat])
    for key, state in (("start", match.states[base]), ("now", match.state)):
        own = warkit.view(state, seat)
        assert record[key]["hand"] == [card_name(c) for c in own.hand]
        assert record[key]["objective"] == own.objective
        assert record[key]["revealed_objectives"] is None
    mine = None if seat is None else warkit.view(match.state, seat).objective
    for other, objective in enumerate(match.state.objective_cards):
        if other != seat and objective != mine:
            assert f'"{objective}"' not in text, f"seat {other}'s objective in the file"
    steps = record["steps"]
    assert len(steps) == len(match.actions) - base
    for index, step in zip(range(base, len(match.actions)), steps, strict=True):
        action, before = match.actions[index], match.states[index]
        phase = match.states[index + 1].phase.value  # public: every view shows it
        if action.keyword in ("draw", "discard"):
            if before.current == seat:
                assert step == {"actor": step["actor"], "action": str(action), "phase": phase}
            else:
                assert step == {"actor": step["actor"], "keyword": action.keyword,
                                "hidden": True, "phase": phase}, \
                    f"step {index}: {action} shown to {seat}"
        else:
            assert step["action"] == str(action)
    return record


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()
