"""The fast simulation path (warkit.fastsim): its records replay through the checked ``apply``
to identical states, so it cannot drift from the rules (C-SETUP-1..4, C-REINF-1..3, C-CARD-1..6,
C-ATK-1..5, C-CONQ-1..2, C-MOVE-1..3, C-ELIM-1..2, C-WIN-1..2 are all played by it)."""

from __future__ import annotations

import pytest

import warkit
from warkit.fastsim import FastMatch, random_game
from warkit.game import apply, initial_state
from warkit.match import Match
from warkit.validate import state_problems


def replayed(match: FastMatch) -> list[warkit.GameState]:
    """Every state of the record, through the checked path (refuses any illegal action)."""
    state = initial_state(match.state.colors, match.state.rules)
    states = [state]
    for action in match.actions:
        state = apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(12))
def test_fast_games_replay_to_the_same_final_state(players, seed):
    match = random_game(players, seed=seed)
    states = replayed(match)
    assert states[-1].is_terminal and states[-1].winners
    assert states[-1] == match.state  # every field of the position, C-WIN-1 / C-WIN-2
    assert match.states == states  # the lazily rebuilt states are the checked ones


@pytest.mark.parametrize("settings", [
    {"attacks_in_first_round": False}, {"card_bonus": "once"},
    {"attack_dice_max": 2, "defence_dice_max": 2}, {"defence_dice_max": 1},
])
def test_fast_games_follow_the_rule_settings(settings):
    """C-TURN-2, C-CARD-5 and the dice limits are read from the rule set, not assumed."""
    for seed in range(6):
        match = random_game(4, seed=seed, **settings)
        assert replayed(match)[-1] == match.state
        assert match.state.rules == warkit.rules.find_rules("classic", **settings)


def test_every_turn_boundary_matches_the_checked_path():
    """Capping the same seeded game after 1, 2, 3... turns compares the fast position with the
    replay at the start of every turn (trade or place step, C-TURN-1), not only at the end."""
    full = random_game(4, seed=5)
    for cap in range(1, full.state.turn):
        capped = random_game(4, seed=5, max_turns=cap)
        assert capped.meta["capped"] and capped.state.turn == cap + 1
        state = replayed(capped)[-1]
        assert state == capped.state
        assert not state_problems(state)
        # the capped record is the beginning of the full one: same seed, same game
        assert capped.actions == full.actions[:len(capped.actions)]


def test_simulate_takes_the_fast_path_only_for_classic_random_players():
    assert isinstance(warkit.simulate(4, seed=1), FastMatch)
    assert isinstance(warkit.simulate(3, seed=1, bots="random"), FastMatch)
    assert isinstance(warkit.simulate(3, seed=1, bots=["random"] * 3), FastMatch)
    for slow in (warkit.simulate(3, seed=1, fast=False),
                 warkit.simulate(3, "smart", seed=1, max_turns=3),
                 warkit.simulate(3, seed=1, bots=["random", "easy", "random"], max_turns=3),
                 warkit.simulate(3, seed=1, bots=warkit.bots.RandomBot(2), max_turns=3)):
        assert type(slow) is Match


def test_a_fast_match_goes_on_like_any_match():
    """A capped fast game can be continued and undone through the ordinary Match methods."""
    match = warkit.simulate(3, seed=4, max_turns=2)
    before = match.state
    action = warkit.legal_actions(before)[0]
    after = match.push(action)
    assert after == apply(before, action) and match.states[-2] == before
    assert match.undo() == action and match.state == before


def test_the_fast_path_refuses_other_rule_sets():
    with pytest.raises(ValueError, match="classic rules only"):
        random_game(3, "smart", seed=1)
