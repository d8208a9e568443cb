"""One stream of events (warkit.events): what each action did, without words.

The narration reads these events, so its losses are the engine's: checked at a
game-winning conquest (C-WIN-1's decision: the battle's armies move in at once),
where reading losses off the board without the move-in used to blame the
attacker for the armies that moved in; and over whole games, where every
battle's losses and move-ins must add up to the armies on the board.
"""

from __future__ import annotations

import pytest
from positions import position

import warkit
from warkit import Attack, Phase, Roll
from warkit.events import BattleResult, Conquest, Eliminated, MoveIn, Won, events
from warkit.narrate import describe


def winning_conquest(rules: str = "classic") -> tuple[warkit.GameState, warkit.GameState]:
    """White (seat 0, "destroy black") takes black's last territory with 3 dice, 6,6,6 vs 1."""
    before = position({"brasil": 0, "argentina": 1}, {"brasil": 5}, rest=(2, 3),
                      objectives={0: "destroy_black"})
    before = warkit.apply(before, Attack("brasil", "argentina", 3))
    return before, warkit.apply(before, Roll((6, 6, 6), (1,)))


def test_a_game_winning_conquest_has_the_battle_losses_and_the_automatic_move_in():
    """C-ATK-4, C-WIN-1: the attacker lost nothing; 3 armies moved in at once."""
    before, after = winning_conquest()
    assert after.phase is Phase.GAME_OVER and after.armies[after.map.index("argentina")] == 3
    said = events(before, Roll((6, 6, 6), (1,)), after)
    brasil, argentina = after.map.index("brasil"), after.map.index("argentina")
    assert said[0] == BattleResult(0, 1, brasil, argentina, (6, 6, 6), (1,), 0, 1)
    assert said[1] == Conquest(0, 1, argentina)
    assert said[2] == Eliminated(0, 1)
    assert said[3] == MoveIn(0, brasil, argentina, 3, automatic=True)
    assert isinstance(said[4], Won) and said[4].winners == (0,)
    line = describe(before, Roll((6, 6, 6), (1,)), after)
    assert "attacker loses 0, defender loses 1" in line and "black is out" in line


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_battle_losses_and_move_ins_add_up_to_the_board(rules):
    """Over whole games: every army that left a battle's territories is a loss or a move-in."""
    for seed in range(6):
        match = warkit.simulate(4, rules, bots="normal", seed=seed, max_turns=40, fast=False)
        for i, (before, after) in enumerate(zip(match.states, match.states[1:])):
            said = match.events(i)
            for e in said:
                if isinstance(e, BattleResult):
                    moved = sum(m.armies for m in said if isinstance(m, MoveIn))
                    assert before.armies[e.src] - e.lost_attacker - moved \
                        == after.armies[e.src]
                    conquered = any(isinstance(c, Conquest) for c in said)
                    assert (after.armies[e.dst] == moved if conquered
                            else before.armies[e.dst] - e.lost_defender == after.armies[e.dst])
                    # 3 pairs of dice, +1 for the attacker's terrain knowledge (S-TERRAIN-2)
                    assert 0 <= e.lost_attacker + e.lost_defender <= 4
            if after.is_terminal:
                assert isinstance(said[-1], Won)
