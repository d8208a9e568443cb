"""The SMART tactics widgets and their models without a browser: the reroll explorer, the
reach map, and the hand-set SMART tables of lessons 06 to 09.

Rule IDs: S-REROLL-1 (rerolls with a raised minimum), S-MOVE-1, S-PASS-1, S-ALLY-1,
S-AIRLIFT-1 (where a move can go).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from warkit_widgets.lessons.smart_tactics.examples import arranged_smart_table
from warkit_widgets.lessons.smart_tactics.models import (
    bfs_layers,
    distances,
    move_targets,
    reroll_dice,
    reroll_options,
    rerolled_die,
    roll_until,
)
from warkit_widgets.lessons.smart_tactics.widgets import ReachMap, RerollExplorer, parse_roll

import warkit
from warkit.odds import choose_reroll

M = warkit.world_map()
ix = M.index


def test_smart_table_is_a_checked_smart_position():
    s = arranged_smart_table(seed=3, owners={"brasil": "white", "peru": "white"},
                             armies={"brasil": 5}, hands={"white": ["joker1", "sudao"]},
                             round=6, phase="move")
    assert s.rules.name == "smart" and s.phase is warkit.Phase.MOVE and s.round == 6
    assert s.colors[s.current] == "white" and s.territory_count(s.current) == 2
    assert s.armies_at("brasil") == 5 and len(s.deck) == 42
    assert s.objective(s.current) == "destroy_black"
    small = arranged_smart_table(seed=3, owners={"brasil": "white"}, deck=["china"])
    assert small.deck == (ix("china"),) and len(small.discard) == 43
    with pytest.raises(ValueError):
        arranged_smart_table(players=3, current="blue")


def test_smart_table_keeps_rule_settings():
    """A rule setting reaches the game and survives the save format the table is set through."""
    mine = {"brasil": "white"}
    assert arranged_smart_table(seed=3, owners=mine).rules.attacks_in_first_round is True
    late = arranged_smart_table(seed=3, owners=mine, attacks_in_first_round=False)
    assert late.rules.name == "smart" and late.rules.attacks_in_first_round is False


# -- S-REROLL-1 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("minimum", [2, 3, 4])
def test_a_die_rerolled_until_the_minimum_is_uniform_above_it(minimum):
    law = rerolled_die(minimum)
    assert sum(law.values()) == 1 and set(law) == set(range(minimum, 7))
    rng = random.Random(minimum)
    seen = Counter(roll_until(minimum, rng)[0] for _ in range(3000))
    assert set(seen) == set(law)
    assert all(abs(seen[f] / 3000 - float(p)) < 0.04 for f, p in law.items())


def test_reroll_options_follow_the_engine():
    rows = reroll_options((3, 1, 1), (2, 2, 2), "non_controlled")
    choice = choose_reroll((3, 1, 1), (2, 2, 2), "non_controlled")
    assert rows[0].best and rows[0].dice == choice.dice == (1,)
    assert {r.dice: r.value for r in rows} == choice.options
    assert sum(r.best for r in rows) == 1
    keep = reroll_options((6, 6, 6), (5, 5, 5), "joker")
    assert keep[0].dice == () and keep[0].best
    with pytest.raises(ValueError):
        reroll_options((3,), (2,), "ace")


def test_reroll_dice_keeps_the_others_and_raises_the_rerolled():
    roll, new = reroll_dice((3, 1, 1), (1,), 2, random.Random(0))
    assert len(new) == 1 and new[0] >= 2 and sorted(roll) == sorted((3, 1, new[0]))


def test_parse_roll():
    assert parse_roll("1, 3 ,1") == (3, 1, 1) and parse_roll("6/5") == (6, 5)
    for bad in ("", "7", "1,2,3,4", "a,b", "0"):
        with pytest.raises(ValueError):
            parse_roll(bad)


def test_reroll_explorer():
    ex = RerollExplorer((3, 1, 1), (2, 2, 2), seed=5, lang="en")
    assert ex.options[0].dice == (1,) and "8/5" in ex.verdict.value
    new = ex.reroll()
    assert len(new) == 1 and new[0] >= 2 and ex.rolls[0] == tuple(sorted((3, 1, new[0]),
                                                                        reverse=True))
    assert ex.dice.comparison.rerolls[0].new == new
    ex.card.value = "joker"
    ex.set_roll((1, 1, 1), (3, 3, 3))
    assert ex.options[0].dice == (1, 1, 1) and ex.options[0].value == 3
    ex.side.value = "defender"
    assert ex.options[0].value == choose_reroll((3, 3, 3), (1, 1, 1), "joker",
                                                side="defender").options[ex.options[0].dice]
    ex.attack_text.value = "9"
    assert ex.options == () and "1 to 3 dice" in ex.table.value
    ex.attack_text.value = "2"
    ex.new_roll()
    assert len(ex.rolls[0]) == 1 and len(ex.rolls[1]) == 3
    pt = RerollExplorer(lang="pt")
    assert "Melhor" in pt.verdict.value


# -- S-MOVE-1, S-PASS-1, S-ALLY-1, S-AIRLIFT-1 ----------------------------------------------
def test_bfs_layers_and_distances():
    layers = bfs_layers("brasil", range(len(M.ids)))
    assert layers[0] == (ix("brasil"),) and set(layers[1]) == set(M.adjacency[ix("brasil")])
    d = distances("brasil")
    assert len(d) == 42 and max(d.values()) == len(layers) - 1
    assert all(abs(d[a] - d[b]) <= 1 for a in range(42) for b in M.adjacency[a])


def test_move_targets_by_mode():
    s = arranged_smart_table(seed=1, owners={t: "white" for t in
                                    ("brasil", "argentina", "peru", "venezuela", "egito")},
                    phase="move")
    owner, seat = s.owner, s.current
    assert move_targets(owner, seat, "brasil", "regroup") == {ix("argentina"), ix("peru"),
                                                               ix("venezuela")}
    assert move_targets(owner, seat, "argentina", "alliance") == {
        ix("brasil"), ix("peru"), ix("venezuela")}
    assert move_targets(owner, seat, "egito", "alliance") == frozenset()
    assert move_targets(owner, seat, "egito", "airlift") == {
        ix("brasil"), ix("argentina"), ix("peru"), ix("venezuela")}
    assert move_targets(owner, seat, "brasil", "passage", ["argelia"]) == {
        ix("argentina"), ix("peru"), ix("venezuela"), ix("egito")}
    assert move_targets(owner, seat, "china", "airlift") == frozenset()
    with pytest.raises(ValueError):
        move_targets(owner, seat, "brasil", "teleport")


def test_reach_map():
    s = arranged_smart_table(seed=1, phase="move",
                             owners={t: "white" for t in ("brasil", "egito", "congo", "franca")})
    reach = ReachMap(s, lang="en")
    assert "Click one of white" in reach.info.value and reach.targets == frozenset()
    reach.pick("china")
    assert "is not white" in reach.info.value
    reach.pick("brasil")
    assert reach.targets == frozenset() and "nowhere" in reach.info.value
    reach.passages.value = ("argelia",)
    reach.mode.value = "passage"
    assert reach.targets == {ix("egito"), ix("congo"), ix("franca")}
    assert "Algeria*" in reach.info.value and "3 of white" in reach.info.value
    reach.mode.value = "airlift"
    assert len(reach.targets) == 3
    assert Fraction(len(reach.targets), 3) == 1
