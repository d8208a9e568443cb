"""A seat's record (warkit.seat_record): every action type is public or private, a seat's
record names only its own draws and discards, holds no seed, and reads back validated."""

from __future__ import annotations

import json

import pytest

import warkit
import warkit.rules.smart  # registers SMART's actions
from warkit import SaveFileError
from warkit.actions import ACTION_TYPES
from warkit.seat_record import (
    PRIVATE,
    PUBLIC,
    dumps_seat_record,
    loads_seat_record,
    seat_record,
)


def test_every_action_type_is_public_or_private():
    assert PUBLIC.isdisjoint(PRIVATE)
    assert set(ACTION_TYPES) == PUBLIC | PRIVATE


SEED = 2**255 + 3


@pytest.fixture(scope="module")
def played() -> tuple[warkit.Match, int]:
    match = warkit.Match.new(players=["red", "blue", "green"], rules="smart", seed=SEED)
    base = len(match.actions)
    bots = {s: warkit.bots.make("easy", seed=s) for s in range(3)}
    sampler = warkit.Sampler(SEED)
    while match.state.turn < 12:
        state = match.state
        if state.current_player == warkit.CHANCE:
            match.push(sampler.sample(state))
        else:
            seat = state.current_player
            match.push(bots[seat].choose(warkit.view(state, seat), warkit.legal_actions(state)))
    return match, base


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_record_names_only_the_seats_own_cards(played, seat):
    match, base = played
    record = seat_record(match, seat, base, {"note": "x"})
    steps = record["steps"]
    assert len(steps) == len(match.actions) - base and record["meta"] == {"note": "x"}
    own = hidden = 0
    for index, step in zip(range(base, len(match.actions)), steps, strict=True):
        action, before = match.actions[index], match.states[index]
        if action.keyword in PRIVATE:
            if before.current == seat:
                own += step["action"] == str(action)
            else:
                hidden += 1
                assert step == {"actor": step["actor"], "keyword": action.keyword,
                                "hidden": True, "phase": match.states[index + 1].phase.value}
        else:
            assert step["action"] == str(action)
    assert hidden > 0 and (own > 0) == (seat is not None)
    now = warkit.view(match.state, seat)
    assert record["now"]["hand"] == [warkit.card_name(c) for c in now.hand]
    assert record["now"]["objective"] == now.objective
    text = dumps_seat_record(match, seat, base)
    assert "seed" not in text and str(SEED) not in text and f"{SEED:x}" not in text
    assert loads_seat_record(text)["seat"] == record["seat"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(format="warkit.match"), "not a warkit.seat-record"),
    (lambda r: r.update(version=9), "not supported"),
    (lambda r: r["steps"].append({"actor": "pink", "action": "end"}), "no known actor"),
    (lambda r: r["steps"].append({"actor": "red", "keyword": "attack", "hidden": True}),
     "public action cannot be hidden"),
    (lambda r: r["steps"].append({"actor": "red"}), "has no action"),
])
def test_a_bad_seat_record_is_refused_with_its_reason(played, change, message):
    match, base = played
    record = seat_record(match, 0, base)
    change(record)
    with pytest.raises(SaveFileError, match=message):
        loads_seat_record(json.dumps(record))
