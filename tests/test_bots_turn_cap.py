"""SMART games between bots end (S-WIN-1 at the first elimination, now that S-TERRAIN-3's
revision lets a lone defender showing its card fall and S-CONQ-3 happen).

A small seeded sample for CI; tests/bench/bench_turn_cap.py plays 1,000 games and prints
the counts."""

from __future__ import annotations

import pytest

import warkit

LINEUPS = [("hard",), ("hard", "normal"), ("normal", "easy"), ("random", "hard"),
           ("easy",), ("hard", "normal", "easy", "random")]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_smart_games_between_bots_end_before_the_cap_s_win_1(players):
    for k, levels in enumerate(LINEUPS[:3] if players > 4 else LINEUPS):
        bots = [levels[s % len(levels)] for s in range(players)]
        match = warkit.simulate(players, "smart", bots=bots, seed=100 * players + k,
                                max_turns=300)
        state = match.state
        assert not match.meta["capped"] and state.is_terminal, (players, bots)
        assert state.alive.count(False) == 1 and state.winners   # the first elimination
