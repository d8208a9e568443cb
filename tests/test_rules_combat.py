"""Attacks, conquest and regrouping, rule by rule: C-ATK-1..5, C-CONQ-1..2, C-MOVE-1..3.

Dice are forced with ``roll`` outcomes, so the rule book's worked examples
(a), (b) and (c) are replayed exactly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from positions import battle, conquer, position, refused

from warkit import (
    Attack,
    EndPhase,
    Move,
    Occupy,
    Phase,
    Reason,
    Roll,
    apply,
    chance_outcomes,
    legal_actions,
    view,
)
from warkit.state import Battle


def attacks(state):
    return [a for a in legal_actions(state) if isinstance(a, Attack)]


# -- C-ATK-1: from where, to where -----------------------------------------------------------------
@pytest.mark.parametrize("src, dst", [
    ("brasil", "argentina"),      # land border
    ("alasca", "vladivostok"),    # dotted sea link (the Earth is round)
    ("vladivostok", "alasca"),    # ... both ways
    ("brasil", "argelia"),        # sea link across the Atlantic
])
def test_atk_1_attack_an_adjacent_enemy_territory(src, dst):
    """C-ATK-1: an attack goes to an adjacent enemy territory; borders and dotted sea
    links count."""
    state = position({src: 0, dst: 1}, {src: 2})
    assert Attack(src, dst, 1) in legal_actions(state)
    rolling = apply(state, Attack(src, dst, 1))
    assert rolling.phase is Phase.ROLL
    assert rolling.battle.src == state.map.index(src)
    assert rolling.battle.dst == state.map.index(dst)


def test_atk_1_not_adjacent_is_refused():
    """C-ATK-1: Brasil and México share no border (NOT_ADJACENT)."""
    state = position({"brasil": 0, "mexico": 1}, {"brasil": 5})
    err = refused(state, Attack("brasil", "mexico", 1), Reason.NOT_ADJACENT, "C-ATK-1")
    assert "mexico" in str(err)
    refused(state, Attack("alasca", "japao", 1), Reason.NOT_OWNED, "C-ATK-1")
    assert all(state.map.are_adjacent(a.src, a.dst) for a in attacks(state))


def test_atk_1_needs_two_armies_on_the_attacking_territory():
    """C-ATK-1: one army must stay: a territory with 1 army cannot attack."""
    state = position({"brasil": 0}, {"brasil": 1})
    refused(state, Attack("brasil", "argentina", 1), Reason.TOO_FEW_ARMIES, "C-ATK-1")
    assert attacks(state) == []
    assert apply(position({"brasil": 0}, {"brasil": 2}), "attack brasil argentina 1")


def test_atk_1_target_must_be_an_enemy_and_source_must_be_owned():
    """C-ATK-1: attacks go from an owned territory to an enemy one."""
    state = position({"brasil": 0, "argentina": 0}, {"brasil": 5, "peru": 5})
    refused(state, Attack("brasil", "argentina", 1), Reason.OWN_TERRITORY, "C-ATK-1")
    refused(state, Attack("peru", "brasil", 1), Reason.NOT_OWNED, "C-ATK-1")
    refused(state, Attack("brasil", "atlantida", 1), Reason.UNKNOWN_TERRITORY)
    refused(state, Attack("atlantida", "brasil", 1), Reason.UNKNOWN_TERRITORY)
    assert {(a.src, a.dst) for a in attacks(state)} == {
        ("brasil", "venezuela"), ("brasil", "peru"), ("brasil", "argelia")}


# -- C-ATK-2: attack dice --------------------------------------------------------------------------
@pytest.mark.parametrize("armies, most", [(2, 1), (3, 2), (4, 3), (10, 3)])
def test_atk_2_one_to_three_dice_at_most_armies_minus_one(armies, most):
    """C-ATK-2: 1, 2 or 3 dice, never more than the territory's armies - 1."""
    state = position({"brasil": 0}, {"brasil": armies})
    dice = sorted(a.dice for a in attacks(state) if a.dst == "argentina")
    assert dice == list(range(1, most + 1))
    for n in dice:
        assert apply(state, Attack("brasil", "argentina", n)).battle.attack_dice == n
    refused(state, Attack("brasil", "argentina", most + 1), Reason.BAD_COUNT, "C-ATK-2")
    refused(state, Attack("brasil", "argentina", 0), Reason.BAD_COUNT, "C-ATK-2")
    refused(state, Attack("brasil", "argentina", -1), Reason.BAD_COUNT, "C-ATK-2")


# -- C-ATK-3: defence dice -------------------------------------------------------------------------
@pytest.mark.parametrize("defenders, dice", [(1, 1), (2, 2), (3, 3), (4, 3), (30, 3)])
def test_atk_3_defender_rolls_one_die_per_army_at_most_three(defenders, dice):
    """C-ATK-3: the defender rolls min(3, armies) dice; rolls of other sizes are refused."""
    state = position({"brasil": 0}, {"brasil": 4, "argentina": defenders})
    rolling = apply(state, Attack("brasil", "argentina", 3))
    assert rolling.battle == Battle(state.map.index("brasil"), state.map.index("argentina"),
                                    3, dice)
    assert view(rolling, 1).battle.defence_dice == dice
    outcomes = chance_outcomes(rolling)
    assert all(len(r.attack) == 3 and len(r.defence) == dice for r, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert len(outcomes) == 56 * {1: 6, 2: 21, 3: 56}[dice]  # sorted rolls
    refused(rolling, Roll((6, 5, 4), (6,) * (dice + 1)), Reason.NOT_A_CHANCE_OUTCOME, "C-ATK-3")
    if dice > 1:
        refused(rolling, Roll((6, 5, 4), (6,) * (dice - 1)), Reason.NOT_A_CHANCE_OUTCOME,
                "C-ATK-3")
    refused(rolling, Roll((6, 5), (6,) * dice), Reason.NOT_A_CHANCE_OUTCOME, "C-ATK-3")


def test_atk_3_dice_show_one_to_six():
    """C-ATK-3: a die shows 1..6; anything else is not an outcome."""
    rolling = apply(position({"brasil": 0}, {"brasil": 2}), "attack brasil argentina 1")
    refused(rolling, Roll((7,), (1,)), Reason.NOT_A_CHANCE_OUTCOME)
    refused(rolling, Roll((6,), (0,)), Reason.NOT_A_CHANCE_OUTCOME)
    outcomes = chance_outcomes(rolling)
    assert len(outcomes) == 36 and all(p == Fraction(1, 36) for _, p in outcomes)


# -- C-ATK-4: resolution ---------------------------------------------------------------------------
def test_atk_4_example_a_attacker_loses_two_defender_one():
    """C-ATK-4, example (a): 4 attack 3; 5,4,1 vs 6,3,1 -> 5<6 defence, 4>3 attack, 1=1
    defence (ties to the defender): attacker 4 -> 2, defender 3 -> 2."""
    state = position({"brasil": 0}, {"brasil": 4, "argentina": 3})
    state = battle(state, "brasil", "argentina", 3, "5,4,1 vs 6,3,1")
    assert state.armies_at("brasil") == 2 and state.armies_at("argentina") == 2
    assert state.last_roll == ((5, 4, 1), (6, 3, 1))
    assert state.phase is Phase.ATTACK
    # "if he wished, the attacker could attack with 1 army against 2 of the defence"
    again = apply(state, Attack("brasil", "argentina", 1))
    assert again.battle.attack_dice == 1 and again.battle.defence_dice == 2


def test_atk_4_example_b_one_pair_only():
    """C-ATK-4, example (b): 3 attack 1 with 2 dice; 3,2 vs 6: only the highest dice are
    compared, the attacker loses exactly 1."""
    state = position({"brasil": 0}, {"brasil": 3, "argentina": 1})
    state = battle(state, "brasil", "argentina", 2, "3,2 vs 6")
    assert state.armies_at("brasil") == 2 and state.armies_at("argentina") == 1


def test_atk_4_example_c_two_battles_then_conquest():
    """C-ATK-4, example (c): 10 attack 4. 6,3,2 vs 5,4,2 -> attacker 8, defender 3; then
    5,3,2 vs 4,2,1 -> three wins, the territory is conquered."""
    state = position({"brasil": 0}, {"brasil": 10, "argentina": 4})
    state = battle(state, "brasil", "argentina", 3, "6,3,2 vs 5,4,2")
    assert state.armies_at("brasil") == 8 and state.armies_at("argentina") == 3
    state = battle(state, "brasil", "argentina", 3, "5,3,2 vs 4,2,1")
    assert state.armies_at("argentina") == 0 and state.owner_of("argentina") == 0
    assert state.phase is Phase.OCCUPY


@pytest.mark.parametrize("roll, losses", [
    ("6 vs 6", (1, 0)),            # a tie goes to the defender
    ("6 vs 5", (0, 1)),
    ("1,1,1 vs 1", (1, 0)),        # three dice against one: one comparison
    ("6 vs 5,5,5", (0, 1)),        # one die against three: one comparison
    ("6,6,6 vs 6,6,6", (3, 0)),
    ("6,6,6 vs 5,5,5", (0, 3)),
    ("6,1 vs 5,1", (1, 1)),
    ("2,1,6 vs 1,5,3", (2, 1)),    # dice are sorted before comparing: 6,2,1 vs 5,3,1
    ("2,6,5 vs 4,1,6", (1, 2)),    # 6,5,2 vs 6,4,1
])
def test_atk_4_dice_compared_highest_to_highest_ties_to_defence(roll, losses):
    """C-ATK-4: sort, compare in pairs (as many as the smaller side), higher wins, tie to
    the defender; each lost comparison costs one army."""
    attack_dice = len(roll.split(" vs ")[0].split(","))
    defence_dice = len(roll.split(" vs ")[1].split(","))
    state = position({"brasil": 0}, {"brasil": 4, "argentina": defence_dice})
    after = battle(state, "brasil", "argentina", attack_dice, roll)
    lost = (4 - after.armies_at("brasil"), defence_dice - after.armies_at("argentina"))
    assert lost == losses


# -- C-ATK-5: repeating and switching attacks ------------------------------------------------------
def test_atk_5_repeat_battles_until_one_army_is_left():
    """C-ATK-5: the attacker may repeat battles while the territory keeps 2 armies."""
    state = position({"brasil": 0}, {"brasil": 4, "argentina": 5})
    state = battle(state, "brasil", "argentina", 3, "1,1,1 vs 6,6,6")
    assert state.armies_at("brasil") == 1 and state.phase is Phase.ATTACK
    refused(state, Attack("brasil", "argentina", 1), Reason.TOO_FEW_ARMIES, "C-ATK-1")
    assert attacks(state) == []
    state = position({"brasil": 0}, {"brasil": 5, "argentina": 5})
    for _ in range(3):  # each failed battle costs 1 army (one die against three)
        state = battle(state, "brasil", "argentina", 1, "1 vs 6,6,6")
    assert state.armies_at("brasil") == 2
    state = battle(state, "brasil", "argentina", 1, "1 vs 6,6,6")
    assert state.armies_at("brasil") == 1


def test_atk_5_stop_at_any_time_and_attack_from_elsewhere():
    """C-ATK-5: stop attacking one target, attack another or from another territory; the
    attack step ends only when the player says so."""
    state = position({"brasil": 0, "peru": 0, "mexico": 0},
                     {"brasil": 6, "peru": 4, "mexico": 3, "argentina": 5})
    state = battle(state, "brasil", "argentina", 3, "1,1,1 vs 6,6,6")
    state = battle(state, "brasil", "venezuela", 1, "1 vs 6")       # another target
    state = battle(state, "peru", "argentina", 2, "6,6 vs 1,1,1")   # another territory
    state = battle(state, "mexico", "venezuela", 2, "6,6 vs 1")     # conquest
    assert state.phase is Phase.OCCUPY
    state = apply(state, Occupy(2))
    assert state.phase is Phase.ATTACK
    assert state.armies_at("argentina") == 3 and state.armies_at("brasil") == 2
    assert apply(state, EndPhase()).phase is Phase.MOVE


def test_atk_5_one_battle_from_one_territory_only():
    """C-ATK-5: armies of two territories never fight in the same battle: a pending battle
    must be rolled before another is declared."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 2, "peru": 2, "argentina": 2})
    rolling = apply(state, Attack("brasil", "argentina", 1))
    refused(rolling, Attack("peru", "argentina", 1), Reason.CHANCE_PENDING)
    assert rolling.battle.attack_dice == 1
    refused(rolling, Roll((6, 6), (1, 1)), Reason.NOT_A_CHANCE_OUTCOME, "C-ATK-3")


# -- C-CONQ-1: moving in ---------------------------------------------------------------------------
def test_conq_1_example_b_move_in_one_or_two():
    """C-CONQ-1, example (b): a conquest with 2 dice lets 1 or at most 2 armies move in."""
    state = position({"brasil": 0}, {"brasil": 3, "argentina": 1})
    state = battle(state, "brasil", "argentina", 2, "6,5 vs 1")
    assert state.phase is Phase.OCCUPY and state.owner_of("argentina") == 0
    assert list(legal_actions(state)) == [Occupy(1), Occupy(2)]
    refused(state, Occupy(0), Reason.BAD_COUNT, "C-CONQ-1")
    refused(state, Occupy(3), Reason.BAD_COUNT, "C-CONQ-1")
    for n in (1, 2):
        moved = apply(state, Occupy(n))
        assert moved.armies_at("argentina") == n and moved.armies_at("brasil") == 3 - n


def test_conq_1_example_c_move_in_one_to_three():
    """C-CONQ-1, example (c): after 3 dice, 1, 2 or at most 3 armies move in (not 4, even
    with 8 armies at home)."""
    state = position({"brasil": 0}, {"brasil": 10, "argentina": 4})
    state = battle(state, "brasil", "argentina", 3, "6,3,2 vs 5,4,2")
    state = battle(state, "brasil", "argentina", 3, "5,3,2 vs 4,2,1")
    assert state.armies_at("brasil") == 8
    assert list(legal_actions(state)) == [Occupy(1), Occupy(2), Occupy(3)]
    refused(state, Occupy(0), Reason.BAD_COUNT, "C-CONQ-1")
    refused(state, Occupy(4), Reason.BAD_COUNT, "C-CONQ-1")
    done = apply(state, Occupy(3))
    assert done.armies_at("argentina") == 3 and done.armies_at("brasil") == 5
    assert done.phase is Phase.ATTACK and done.battle is None


def test_conq_1_one_army_always_stays_behind():
    """C-CONQ-1: the dice of the last battle cap the move, and one army stays home."""
    state = position({"brasil": 0}, {"brasil": 4, "argentina": 1})
    state = battle(state, "brasil", "argentina", 3, "1,1,6 vs 2")  # 6 beats 2
    assert list(legal_actions(state)) == [Occupy(1), Occupy(2), Occupy(3)]
    single = battle(position({"brasil": 0}, {"brasil": 2}), "brasil", "argentina", 1, "6 vs 1")
    assert list(legal_actions(single)) == [Occupy(1)]
    refused(single, Occupy(2), Reason.BAD_COUNT, "C-CONQ-1")


def test_conq_1_occupy_before_anything_else():
    """C-CONQ-1: after a conquest the player must first occupy the territory."""
    state = battle(position({"brasil": 0}, {"brasil": 5}), "brasil", "argentina", 3,
                   "6,6,6 vs 1")
    refused(state, EndPhase(), Reason.WRONG_PHASE, "C-TURN-1")
    refused(state, Attack("brasil", "peru", 1), Reason.WRONG_PHASE, "C-TURN-1")
    refused(state, Move("brasil", "argentina", 1), Reason.WRONG_PHASE, "C-TURN-1")
    refused(apply(position(), EndPhase()), Occupy(1), Reason.WRONG_PHASE, "C-TURN-1")


# -- C-CONQ-2: attacking on from the new territory -----------------------------------------------
def test_conq_2_moved_in_armies_attack_on_this_turn():
    """C-CONQ-2: armies that moved in may attack again from the conquered territory."""
    state = position({"brasil": 0}, {"brasil": 10, "peru": 1})
    state = conquer(state, "brasil", "argentina", occupy=0)
    assert state.phase is Phase.OCCUPY
    state = apply(state, Occupy(1))  # (one die was rolled: only 1 may move in)
    assert state.armies_at("argentina") == 1
    refused(state, Attack("argentina", "peru", 1), Reason.TOO_FEW_ARMIES, "C-ATK-1")
    # with three dice, three armies move in and two of them can attack on
    state = position({"brasil": 0}, {"brasil": 10})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    state = apply(state, Occupy(3))
    assert Attack("argentina", "peru", 2) in legal_actions(state)
    state = battle(state, "argentina", "peru", 2, "6,6 vs 1")
    assert state.owner_of("peru") == 0 and state.phase is Phase.OCCUPY


# -- C-MOVE-1: regroup between adjacent owned territories ----------------------------------------
def regroup(owners, armies, **kwargs):
    return position(owners, armies, phase=Phase.MOVE, **kwargs)


def test_move_1_between_adjacent_owned_territories():
    """C-MOVE-1: armies move between adjacent territories of the player (sea links too)."""
    state = regroup({"brasil": 0, "argentina": 0, "argelia": 0}, {"brasil": 5})
    state = apply(state, Move("brasil", "argentina", 2))
    assert state.armies_at("brasil") == 3 and state.armies_at("argentina") == 3
    state = apply(state, Move("brasil", "argelia", 1))
    assert state.armies_at("argelia") == 2 and state.phase is Phase.MOVE
    assert {(a.src, a.dst) for a in legal_actions(state) if isinstance(a, Move)} == {
        ("brasil", "argentina"), ("brasil", "argelia")}


def test_move_1_not_to_enemy_or_distant_territories():
    """C-MOVE-1: only to adjacent owned territories (NOT_OWNED, NOT_ADJACENT)."""
    state = regroup({"brasil": 0, "mexico": 0}, {"brasil": 5, "peru": 5})
    refused(state, Move("brasil", "peru", 1), Reason.NOT_OWNED, "C-MOVE-1")
    refused(state, Move("peru", "brasil", 1), Reason.NOT_OWNED, "C-MOVE-1")
    refused(state, Move("brasil", "mexico", 1), Reason.NOT_ADJACENT, "C-MOVE-1")
    refused(state, Move("brasil", "atlantida", 1), Reason.UNKNOWN_TERRITORY)
    assert [a for a in legal_actions(state) if isinstance(a, Move)] == []


# -- C-MOVE-2: the occupying army stays ------------------------------------------------------------
def test_move_2_one_army_always_stays():
    """C-MOVE-2: every territory keeps at least 1 army, which never moves."""
    state = regroup({"brasil": 0, "argentina": 0}, {"brasil": 5})
    assert max(a.armies for a in legal_actions(state) if isinstance(a, Move)) == 4
    refused(state, Move("brasil", "argentina", 0), Reason.BAD_COUNT)
    refused(state, Move("argentina", "brasil", 1), Reason.TOO_FEW_ARMIES, "C-MOVE-2")
    state = apply(state, Move("brasil", "argentina", 4))
    assert state.armies_at("brasil") == 1
    refused(state, Move("brasil", "argentina", 1), Reason.TOO_FEW_ARMIES, "C-MOVE-2")


# -- C-MOVE-3: each army moves once ----------------------------------------------------------------
def test_move_2_moving_the_occupying_army_names_c_move_2():
    """C-MOVE-2: moving all 5 armies of Brasil (none of which has moved) breaks C-MOVE-2,
    the occupying army, so the refusal must name C-MOVE-2 (not C-MOVE-3)."""
    state = regroup({"brasil": 0, "argentina": 0}, {"brasil": 5})
    refused(state, Move("brasil", "argentina", 5), Reason.BAD_COUNT, "C-MOVE-2")


def test_move_3_rule_book_example_brasil_venezuela_mexico():
    """C-MOVE-3: armies moved from Brasil to Venezuela cannot go on to México this turn."""
    state = regroup({"brasil": 0, "venezuela": 0, "mexico": 0}, {"brasil": 5})
    state = apply(state, Move("brasil", "venezuela", 4))
    assert state.armies_at("venezuela") == 5
    err = refused(state, Move("venezuela", "mexico", 1), Reason.ARMIES_ALREADY_MOVED,
                  "C-MOVE-3")
    assert "venezuela" in str(err)
    refused(state, Move("venezuela", "brasil", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")
    assert not any(isinstance(a, Move) and a.src == "venezuela" for a in legal_actions(state))


def test_move_3_armies_already_there_may_still_move():
    """C-MOVE-3: only the armies that arrived stay; the territory's own spare armies move."""
    state = regroup({"brasil": 0, "venezuela": 0, "mexico": 0}, {"brasil": 5, "venezuela": 3})
    state = apply(state, Move("brasil", "venezuela", 4))  # venezuela: 3 own + 4 arrived
    refused(state, Move("venezuela", "mexico", 3), Reason.BAD_COUNT, "C-MOVE-3")
    state = apply(state, Move("venezuela", "mexico", 2))
    assert state.armies_at("venezuela") == 5 and state.armies_at("mexico") == 3
    refused(state, Move("venezuela", "mexico", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")
    refused(state, Move("mexico", "venezuela", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")


def test_move_3_armies_that_arrived_by_conquest_may_be_regrouped():
    """C-MOVE-3 (Decision): armies that moved in by conquest may still be regrouped."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 10})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    state = apply(state, Occupy(3))
    state = apply(state, EndPhase())
    assert state.phase is Phase.MOVE
    state = apply(state, Move("argentina", "peru", 2))
    assert state.armies_at("argentina") == 1 and state.armies_at("peru") == 3


def test_move_3_the_limit_lasts_one_turn():
    """C-MOVE-3: moved armies are free again on the player's next turn."""
    state = regroup({"brasil": 0, "venezuela": 0}, {"brasil": 5}, rest=(1, 2, 3))
    state = apply(state, Move("brasil", "venezuela", 4))
    assert state.moved_in[state.map.index("venezuela")] == 4
    state = apply(state, EndPhase())
    assert state.current == 1 and set(state.moved_in) == {0}
