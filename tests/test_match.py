"""Match: push / undo / replay, and the one-call simulation."""

from __future__ import annotations

import subprocess
import sys

import pytest

import warkit
from warkit import IllegalActionError, Match, Reason
from warkit.legal import ActionRange, LegalActions


def test_new_match_records_the_set_up_as_chance_steps():
    """C-SETUP-1..4 happen as recorded chance steps, so the record replays without a seed."""
    match = Match.new(4, seed=5)
    kinds = [a.keyword for a in match.actions]
    assert kinds[:4] == ["objective"] * 4 and kinds[4] == "dealer"
    assert kinds[5:] == ["deal"] * 42
    assert list(match.replay()) == match.states
    assert match.state == warkit.new_game(4, seed=5)


def test_push_checks_legality_and_keeps_the_match_on_refusal():
    match = Match.new(4, seed=5)
    before = (list(match.states), list(match.actions))
    with pytest.raises(IllegalActionError):
        match.push("attack brasil argentina 3")  # still placing armies (C-REINF-3)
    assert (match.states, match.actions) == before


def test_undo_takes_back_decisions_but_never_a_roll():
    match = Match.new(4, seed=5)
    state = match.state
    place = next(a for a in warkit.legal_actions(state) if a.keyword == "place")
    match.push(place)
    assert match.can_undo() and match.undo() == place and match.state == state
    # play until a roll happens, then undo must refuse
    sampler = warkit.Sampler(1)
    bot = warkit.bots.RandomBot(seed=2)
    while not any(a.keyword == "roll" for a in match.actions[47:]):
        if match.state.current_player == warkit.CHANCE:
            match.resolve(sampler)
        else:
            s = match.state
            match.push(bot.choose(warkit.view(s, s.current), warkit.legal_actions(s)))
    while match.actions[-1].keyword != "roll":
        match.undo()
    with pytest.raises(IllegalActionError) as error:
        match.undo()
    assert error.value.reason is Reason.CANNOT_UNDO
    assert match.state_id == len(match.actions)


def test_simulate_accepts_bots_or_level_names_and_is_deterministic():
    a = warkit.simulate(3, seed=9, bots=["random", warkit.bots.RandomBot(1), "random"])
    b = warkit.simulate(3, seed=9, bots=["random", warkit.bots.RandomBot(1), "random"])
    assert a.actions == b.actions and a.state.winners
    with pytest.raises(ValueError, match="unknown bot level"):
        warkit.simulate(3, seed=9, bots="genius")
    with pytest.raises(ValueError, match="2 bots for 3 players"):
        warkit.simulate(3, seed=9, bots=["random", "random"])


def test_the_turn_cap_is_a_simulation_setting_not_a_rule():
    match = warkit.simulate(4, seed=9, max_turns=3)
    assert match.meta["capped"] and not match.state.is_terminal and match.state.turn == 4


def test_legal_actions_behave_as_a_complete_lazy_sequence():
    families = [warkit.EndPhase(), ActionRange(lambda n: warkit.Place("brasil", n), 1, 40)]
    legal = LegalActions(families)
    assert len(legal) == 41 and legal[0] == warkit.EndPhase()
    assert legal[40] == warkit.Place("brasil", 40) and legal[-1] == legal[40]
    assert warkit.Place("brasil", 17) in legal and warkit.Place("brasil", 41) not in legal
    assert warkit.Place("peru", 1) not in legal and "end" not in legal
    assert list(legal) == [legal[i] for i in range(41)] and legal == list(legal)
    with pytest.raises(IndexError):
        legal[41]
    assert not LegalActions() and len(LegalActions()) == 0


def test_state_text_and_repr():
    state = warkit.new_game(4, seed=5)
    text = str(state)
    assert text.splitlines()[0].startswith("War (classic) - round 1, turn 1")
    assert "South America (+2)" in text and "brasil" in text
    assert repr(state) == "<GameState round 1, turn 1, red, place>"


def test_demo_command_prints_a_whole_game():
    out = subprocess.run([sys.executable, "-m", "warkit", "demo", "--seed", "3", "--players", "3"],
                         capture_output=True, text=True, check=True).stdout
    assert "-- round 1, turn 1:" in out and "wins on turn" in out
    bad = subprocess.run([sys.executable, "-m", "warkit", "demo", "--players", "9"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "3 to 6 players" in bad.stderr


def test_undo_never_takes_back_a_revealed_card():
    """S-TERRAIN-1 / S-PASS-1: once a card is shown, undo stops there."""
    for seed in range(40):
        played = warkit.simulate(4, rules="smart", seed=seed)
        reveals = [k for k, a in enumerate(played.actions) if a.keyword == "reveal"]
        if reveals:
            break
    else:
        pytest.fail("no SMART game in 40 revealed a card")
    k = reveals[0]
    match = Match(played.states[0])
    for action in played.actions[:k + 1]:
        match.push(action)
    assert not match.can_undo()
    with pytest.raises(IllegalActionError) as error:
        match.undo()
    assert error.value.reason is Reason.CANNOT_UNDO and "revealed" in error.value.message
