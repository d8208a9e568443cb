"""A seat's record (warkit.seat_record): every action type is public or private, a seat's
record names only its own draws and discards, holds no seed, and reads back validated; its
views (``view_to_dict``, also what the room server sends a page) keep every field of a view:
two views are equal exactly when their dicts are."""

from __future__ import annotations

import dataclasses
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from view_fields import as_sent, assert_views_told_apart, changed_fields

import warkit
import warkit.rules.smart  # registers SMART's actions
from warkit import ClassicRules, SaveFileError
from warkit.actions import ACTION_TYPES
from warkit.rules.smart.state import SmartView
from warkit.seat_record import (
    PRIVATE,
    PUBLIC,
    dumps_seat_record,
    loads_seat_record,
    seat_record,
    view_to_dict,
)
from warkit.state import Battle
from warkit.view import PlayerView


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


# -- view_to_dict: every field of a view ----------------------------------------------------
@cache
def game(seed: int, players: int, rules: str) -> warkit.Match:
    """A finished seeded game between random bots (they play SMART's advantages too)."""
    return warkit.simulate(players=players, rules=rules, seed=seed, max_turns=3000)


seats = st.one_of(st.none(), st.integers(min_value=0, max_value=5))


@pytest.mark.parametrize("rules", ["classic", "smart"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000),
       players=st.integers(min_value=3, max_value=6), data=st.data())
def test_two_views_have_equal_dicts_exactly_when_they_are_equal(rules, seed, players, data):
    """Two views of reachable states (any steps of a random game, any seats or a
    spectator): their dicts survive JSON and are equal exactly when the views are; taking any
    one differing field (or a field of the battle, or of the rule set's part) from the other
    view changes the dict."""
    states = game(seed, players, rules).states
    pick = st.integers(min_value=0, max_value=len(states) - 1)
    near = data.draw(st.integers(min_value=0, max_value=8), label="steps apart")
    first = data.draw(pick, label="step")
    second = data.draw(st.sampled_from([first, min(first + near, len(states) - 1),
                                        data.draw(pick, label="other step")]))
    seat, other = (data.draw(seats.filter(lambda s: s is None or s < players), label=name)
                   for name in ("seat", "other seat"))
    assert_views_told_apart(warkit.view(states[first], seat), warkit.view(states[second], other))


GAMES = (("classic", 10, 6), ("smart", 11, 4), ("smart", 13, 4))
"""Games whose steps change every field of a view: classic's loot and late trade (C-ELIM-2),
SMART's Intelligence and airlift (seed 11) and alliance (seed 13)."""


def test_a_change_of_any_field_of_a_view_changes_its_dict():
    """Over whole games, each field of a view (and of its battle and SMART's part) changed
    alone, as one step changes it, changes the dict; a new field of PlayerView, Battle or
    SmartView that view_to_dict leaves out fails here."""
    seen: set[str] = set()
    for rules, seed, players in GAMES:
        states = game(seed, players, rules).states
        for i, state in enumerate(states[:-1]):
            for later in (states[i + 1], states[min(i + 7, len(states) - 1)]):
                for seat in (None, state.current, (state.current + 1) % players):
                    v, w = warkit.view(state, seat), warkit.view(later, seat)
                    if {name for name, _ in changed_fields(v, w)} - seen:
                        assert_views_told_apart(v, w, seen)
            assert_views_told_apart(warkit.view(state, state.current),
                                    warkit.view(state, None), seen)
    v = warkit.view(game(10, 6, "classic").states[-1], 0)
    for name, changed in (("colors", tuple(reversed(v.colors))),
                          ("colors", tuple(f"x{c}" for c in v.colors)),
                          ("rules", ClassicRules(card_bonus="once"))):
        assert as_sent(dataclasses.replace(v, **{name: changed})) != as_sent(v)
        seen.add(name)
    fields = {f.name for f in dataclasses.fields(PlayerView)}
    fields |= {f"battle.{f.name}" for f in dataclasses.fields(Battle)}
    fields |= {f"extra.{f.name}" for f in dataclasses.fields(SmartView)}
    assert fields - seen == set()


def test_classic_rules_refuse_an_extra_part_they_cannot_write():
    """A variant showing a part of its own must write it (its public_extra_to_dict): classic
    War's refuses, rather than leave it out of the room's check."""
    v = warkit.view(game(10, 6, "classic").states[-1], 0)
    with pytest.raises(ValueError, match="show no extra state"):
        view_to_dict(dataclasses.replace(v, extra={"anything": 1}))
