"""Save files: versioned JSON for states and match records, validated on load.

A wrong, corrupt, oversized or tampered file raises SaveFileError (a
ValueError) with a message that says what is wrong - never a crash deep
inside, never a half-loaded game.
"""

from __future__ import annotations

import copy
import json

import pytest

import warkit
from warkit import SaveFileError, record
from warkit.dice import battle_losses


@pytest.fixture(scope="module")
def match() -> warkit.Match:
    return warkit.simulate(4, seed=21)


@pytest.fixture(scope="module")
def saved_state(match) -> dict:
    return record.state_to_dict(match.states[len(match.states) // 2])


def test_a_state_survives_a_round_trip(match):
    state = match.states[len(match.states) * 2 // 3]  # mid-game: cards, armies, a battle
    assert warkit.loads(warkit.dumps(state)) == state
    assert json.loads(warkit.dumps(state))["format"] == "warkit.state"


def test_a_match_replays_from_its_record(match):
    again = warkit.loads(warkit.dumps(match, indent=1))
    assert again.states == match.states and again.seed == match.seed
    assert again.meta == match.meta


def load_modified(data: dict, change) -> None:
    data = copy.deepcopy(data)
    change(data)
    record.state_from_dict(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="chess.fen"), "not a warkit.state"),
    (lambda d: d.update(version=99), "version 99 is not supported"),
    (lambda d: d.pop("deck"), "missing field 'deck'"),
    (lambda d: d.update(turn="7"), "'turn' must be int"),
    (lambda d: d.update(turn=-3), "must not be negative"),
    (lambda d: d.update(turn=True), "must be a whole number"),
    (lambda d: d.update(phase="lunch"), "unknown phase"),
    (lambda d: d.update(players=["white", "black"]), "3 to 6 players"),
    (lambda d: d["territories"].pop("brasil"), "missing field 'territories.brasil'"),
    (lambda d: d["territories"].update(atlantida={}), "'atlantida', which is not a territory"),
    (lambda d: d["hands"].update(pink=[]), "'pink', which is not a player of this game"),
    (lambda d: d["territories"]["brasil"].update(owner="pink"), "not a player of this game"),
    (lambda d: d["territories"]["brasil"].update(armies=0), "brasil has 0 armies"),
    (lambda d: d["deck"].append("brasil"), "44 cards are not each in exactly one place"),
    (lambda d: d["deck"].append("atlantida"), "unknown card"),
    (lambda d: d["objectives"].update(white="rule_the_world"), "unknown objective"),
    (lambda d: d.update(rules={"name": "chess", "settings": {}}), "unknown rules"),
    (lambda d: d["rules"]["settings"].update(card_bonus="double"), "card_bonus"),
    (lambda d: d.update(last_roll=[[7], [1]]), "dice from 1 to 6"),
])
def test_a_damaged_state_is_refused_with_a_clear_message(saved_state, change, message):
    with pytest.raises(SaveFileError, match=message):
        load_modified(saved_state, change)


def test_a_state_no_game_can_reach_is_refused(saved_state):
    """C-ELIM-1: a player out of the game cannot own territories."""
    data = copy.deepcopy(saved_state)
    owner = data["territories"]["brasil"]["owner"]
    data["alive"][owner] = False
    with pytest.raises(SaveFileError, match="out of the game"):
        record.state_from_dict(data)


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ("[1, 2, 3]", "must hold a JSON object"),
    ('{"format": "warkit.match", "version": 1}', "missing field"),
    ("x" * (record.MAX_BYTES + 1), "too large"),
])
def test_corrupt_files_are_refused(text, message):
    with pytest.raises(SaveFileError, match=message):
        warkit.loads(text)


def test_a_tampered_match_record_is_detected(match):
    """Changing the dice of one roll that the attacker won makes the replay end elsewhere (or
    fail): refused. (A change that leaves every battle's losses alone cannot be seen.)"""
    data = record.match_to_dict(match)
    won = [k for k, a in enumerate(match.actions)
           if isinstance(a, warkit.Roll) and battle_losses(a.attack, a.defence)[1] > 0]
    roll = match.actions[won[3]]
    data["actions"][won[3]] = str(warkit.Roll((1,) * len(roll.attack), roll.defence))
    with pytest.raises(SaveFileError, match=r"cannot be replayed|does not end in the recorded"):
        record.match_from_dict(data)


def test_a_record_with_an_illegal_action_names_it(match):
    data = record.match_to_dict(match)
    data["actions"][60] = "place atlantida 3"
    with pytest.raises(SaveFileError, match=r"action 60 \('place atlantida 3'\)"):
        record.match_from_dict(data)


def test_loading_never_changes_the_running_game(match):
    """A failed load leaves the caller's objects untouched (states are immutable values)."""
    before = match.states[-1]
    with pytest.raises(SaveFileError):
        warkit.loads('{"format": "warkit.state", "version": 1}')
    assert match.states[-1] is before


# -- every required field ----------------------------------------------------------------------
OPEN = ("settings", "meta")
"""Objects whose keys are free: rule settings (a missing one takes its default) and meta."""


def field_paths(data: dict, path: tuple = ()) -> list[tuple]:
    """The path of every field of a saved dict, nested objects included (not inside OPEN)."""
    paths = []
    for key, value in data.items():
        paths.append((*path, key))
        if isinstance(value, dict) and key not in OPEN:
            paths.extend(field_paths(value, (*path, key)))
    return paths


def without(data: dict, path: tuple) -> dict:
    damaged = copy.deepcopy(data)
    inner = damaged
    for key in path[:-1]:
        inner = inner[key]
    del inner[path[-1]]
    return damaged


def battle_states() -> dict[str, warkit.GameState]:
    """States with every optional part filled: a classic battle waiting for its roll, a
    SMART reroll waiting for its dice (reaction, reroll, revealed card, air route, trade)."""
    from positions import position
    from smart_positions import smart_position

    classic = warkit.apply(position({"brasil": 0, "argentina": 1}, {"brasil": 5}),
                           "attack brasil argentina 3")
    smart = smart_position({"brasil": 0, "argentina": 1}, {"brasil": 5},
                           hands={0: ["egito", "joker1", "peru"], 1: ["argentina"]},
                           phase=warkit.Phase.TRADE, reserves=3)
    smart = warkit.apply(warkit.apply(smart, "trade peru"), "end")
    smart = warkit.apply(smart, f"place brasil {smart.reserves}")
    for action in ("airattack egito brasil 1", "roll 1 vs 6", "attack brasil argentina 3",
                   "roll 1,1,1 vs 6", "reroll joker1 1,1"):
        smart = warkit.apply(smart, action)
        while smart.phase is warkit.rules.smart.SmartPhase.REACT and action.startswith("roll 1 vs"):
            smart = warkit.apply(smart, "pass")
    assert smart.phase is warkit.rules.smart.SmartPhase.REROLL and smart.extra.traded
    return {"classic": classic, "smart": smart}


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_every_missing_field_is_named(rules):
    """A saved state or match without any one of its required fields (at any depth) is
    refused with SaveFileError naming that field; nothing escapes as KeyError."""
    state = battle_states()[rules]
    assert warkit.state_from_dict(record.state_to_dict(state)) == state
    match = warkit.simulate(3, rules, bots="random", seed=4, max_turns=3)
    for data, load in ((record.state_to_dict(state), record.state_from_dict),
                       (record.match_to_dict(match), record.match_from_dict)):
        paths = field_paths(data)
        assert len(paths) > 150
        for path in paths:
            with pytest.raises(SaveFileError) as info:
                load(without(data, path))
            message = str(info.value)
            assert "missing" in message and f"{path[-1]}'" in message, (path, message)
