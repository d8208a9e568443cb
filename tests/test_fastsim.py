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


# -- every branch of the fast path, replayed ----------------------------------------------------
BRANCH_GAMES = [(players, settings, seed) for players in (3, 4, 5, 6)
                for settings in ({}, {"card_bonus": "once"}, {"attacks_in_first_round": False})
                for seed in range(4)] + [
    (4, {"card_bonus": "once"}, 88),  # an eliminator holding 5 cards: the loot is discarded
]
"""The seeded games of :func:`test_the_replays_reach_every_branch_of_the_fast_path` (the last
ones found by a search over seeds for the rare branches)."""


def _kinds_won(state: warkit.GameState) -> set[str]:
    """The kind of objective that won a finished game ("territories" splits by armies)."""
    kinds = set()
    for seat in state.winners:
        objective = warkit.world_map().objective(state.rules.effective_objective(state, seat))
        kind = objective.kind
        if kind == "territories":
            kind += "+armies" if objective.min_armies > 1 else ""
        elif kind == "continents":
            kind += "+any" if objective.plus_any else ""
        kinds.add(kind)
    return kinds


def test_the_replays_reach_every_branch_of_the_fast_path(tmp_path):
    """The fast path is one rule book with the checked one only if every branch it has is
    compared with the checked path: coverage.py measures the branches these replays take
    (the module reloaded under measurement) and none may be left; the replays also reach a
    forced trade (C-CARD-3), eliminations and loot (C-ELIM-1/2), the eliminator's late trade,
    a capped game, and wins by every kind of objective (C-WIN-1)."""
    import importlib
    import json

    import coverage

    import warkit.fastsim

    cov = coverage.Coverage(branch=True, include=[warkit.fastsim.__file__], data_file=None)
    seen: dict[str, int] = {}
    kinds: set[str] = set()
    cov.start()
    try:
        fast = importlib.reload(warkit.fastsim)
        assert not fast.plays_fast(warkit.find_rules("smart"))
        with pytest.raises(ValueError, match="classic rules only"):
            fast.random_game(3, "smart", seed=1)
        capped = fast.random_game(4, seed=2, max_turns=3)
        assert capped.meta["capped"] and len(capped) == len(capped.actions)
        assert capped.state == replayed(capped)[-1] == capped.states[-1]
        capped.push(warkit.legal_actions(capped.state)[0])  # goes on like any match
        capped.undo()
        capped.actions, capped.states = capped.actions[:1], capped.states[:2]  # as Match allows
        assert capped.state == capped.states[1] and len(capped) == 1
        matches = [fast.random_game(players, seed=seed, **settings)
                   for players, settings, seed in BRANCH_GAMES]
        finals = [match.state for match in matches]  # the fast path's own final positions
    finally:
        cov.stop()
        importlib.reload(warkit.fastsim)  # the module as the rest of the tests import it
    for match, final in zip(matches, finals):  # the replays, outside the measurement (faster)
        states = replayed(match)
        assert states[-1] == final and len(match) == len(states) - 1
        rules = final.rules
        for state in states:
            if state.phase is warkit.Phase.TRADE and rules.must_trade(state):
                seen["forced trade"] = seen.get("forced trade", 0) + 1
            if state.phase is warkit.Phase.LOOT:
                seen["loot"] = seen.get("loot", 0) + 1
            if state.late and state.phase is warkit.Phase.PLACE:
                seen["late trade"] = seen.get("late trade", 0) + 1
        if not all(final.alive):
            seen["elimination"] = seen.get("elimination", 0) + 1
        kinds |= _kinds_won(final)
    cov.json_report(outfile=str(tmp_path / "fastsim.json"))
    report = next(iter(json.loads((tmp_path / "fastsim.json").read_text())["files"].values()))
    assert report["missing_lines"] == [] and report.get("missing_branches") == [], report
    assert set(seen) == {"forced trade", "loot", "late trade", "elimination"}, seen
    assert kinds == {"destroy", "territories", "territories+armies", "continents",
                     "continents+any"}, kinds
