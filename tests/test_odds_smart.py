"""SMART modifiers in the odds (warkit.odds): S-TERRAIN-2, S-TERRAIN-3, S-REROLL-1.

Hand-checked small cases, a brute-force reroll model written here (ordered
dice, every choice of dice positions, every rerolled value), the revised
S-TERRAIN-3 (a lone defender gets no saving) and the degenerate cases of its
literal reading (``lone_defender_shield=True``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product

import numpy as np
import pytest
from test_odds import brute_force_roll, recursive_win

from warkit import odds
from warkit.dice import battle_losses
from warkit.odds.roll import apply_terrain

MINIMUM = {"non_controlled": 2, "controlled": 3, "joker": 4}
COUNTS = {"non_controlled": (1,), "controlled": (1, 2), "joker": (1, 2, 3)}


def _losses(att, dfn, ties, terrain, cap, attackers):
    att, dfn = sorted(att, reverse=True), sorted(dfn, reverse=True)
    lost_att = lost_def = 0
    for x, y in zip(att, dfn, strict=False):
        if x > y or (ties == "attacker" and x == y):
            lost_def += 1
        else:
            lost_att += 1
    if terrain == "attacker":
        lost_def = min(lost_def + 1, cap)
        if lost_att == attackers and lost_def == cap == 1:   # nobody left to move in
            lost_def = 0
    elif terrain == "defender" and cap > 1:     # S-TERRAIN-3 revised: a lone one falls
        lost_def = max(lost_def - 1, 0)
    return lost_att, lost_def


def brute_force_reroll(na, nd, card, side="attacker", terrain=None, defenders=None):
    """S-REROLL-1 by brute force: every ordered roll, every subset of die positions,
    every ordered rerolled value; best expected (enemy - own) losses, ties: keep the
    card, then fewer dice, then the lower dice."""
    ties = "attacker" if terrain == "attacker" else "defender"
    cap = nd if defenders is None else min(defenders, nd + 1)
    faces = range(MINIMUM[card], 7)
    total = Fraction(0)
    dist: dict[tuple[int, int], Fraction] = {}

    @cache
    def outcome(own, enemy):
        att, dfn = (own, enemy) if side == "attacker" else (enemy, own)
        return _losses(att, dfn, ties, terrain, cap, na)

    def score(own, enemy):
        la, ld = outcome(tuple(sorted(own)), tuple(sorted(enemy)))
        return ld - la if side == "attacker" else la - ld

    own_n, enemy_n = (na, nd) if side == "attacker" else (nd, na)
    for dice in product(range(1, 7), repeat=own_n + enemy_n):
        own, enemy = list(dice[:own_n]), dice[own_n:]
        best = None
        for k in (0, *COUNTS[card]):
            if k > own_n:
                continue
            for positions in combinations(range(own_n), k):
                results = []
                for new in product(faces, repeat=k):
                    rolled = own[:]
                    for pos, value in zip(positions, new, strict=True):
                        rolled[pos] = value
                    results.append(rolled)
                expected = Fraction(sum(score(r, enemy) for r in results), len(results))
                key = (-expected, k, tuple(sorted(own[p] for p in positions)))
                if best is None or key < best[0]:
                    best = (key, results)
        for rolled in best[1]:
            p = Fraction(1, 6 ** (own_n + enemy_n) * len(best[1]))
            result = outcome(tuple(sorted(rolled)), tuple(sorted(enemy)))
            dist[result] = dist.get(result, Fraction(0)) + p
            total += p
    assert total == 1
    return dist


# -- S-TERRAIN-2: terrain knowledge for the attacker ---------------------------------------

def test_terrain_attacker_666_kills_4_when_4_are_there_s_terrain_2():
    """S-TERRAIN-2: ties to the attacker and one loss more, capped by the defenders."""
    by_dice = battle_losses((6, 6, 6), (6, 6, 6), ties="attacker")
    assert by_dice == (0, 3)
    assert apply_terrain(*by_dice, "attacker", 4) == (0, 4)
    assert apply_terrain(*by_dice, "attacker", 3) == (0, 3)      # only 3 there
    with_four = odds.roll_outcomes(3, 3, defenders=4, terrain="attacker")
    with_three = odds.roll_outcomes(3, 3, defenders=3, terrain="attacker")
    assert max(ld for _, ld in with_four) == 4
    assert max(ld for _, ld in with_three) == 3
    assert with_four[(0, 4)] == with_three[(0, 3)]


@pytest.mark.parametrize(("na", "nd", "defenders"), [
    (1, 1, 1), (2, 1, 1), (3, 2, 2), (3, 3, 3), (3, 3, 4), (3, 3, 9), (1, 3, 5), (2, 2, 2),
])
def test_terrain_attacker_tables_match_brute_force_s_terrain_2(na, nd, defenders):
    expected = brute_force_roll(na, nd, ties="attacker", terrain="attacker", defenders=defenders)
    assert odds.roll_outcomes(na, nd, defenders=defenders, terrain="attacker") == expected


def test_terrain_attacker_lone_defender_falls_unless_nobody_could_move_in_s_terrain_2():
    """S-TERRAIN-2 literally: the defender loses 1 even when its die wins, so a lone
    defender falls. Decision (shared with the engine): when the attacker loses its last
    attacking army in that battle, nobody could move in (C-CONQ-1), so the extra loss
    spares the last defender: the end state (0, 0) never happens."""
    assert odds.roll_outcomes(1, 1, terrain="attacker") == {(0, 1): Fraction(21, 36),
                                                            (1, 0): Fraction(15, 36)}
    assert odds.roll_outcomes(1, 1, attackers=2, terrain="attacker") == {
        (0, 1): Fraction(21, 36), (1, 1): Fraction(15, 36)}
    assert odds.final_distribution(1, 1, terrain="attacker", exact=True) == {
        (0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    for a in range(2, 8):
        assert odds.win_probability(a, 1, terrain="attacker", exact=True) == 1
    assert odds.win_probability(1, 1, terrain="attacker", exact=True) == Fraction(21, 36)
    # from 3 against 2 the only way to lose everything is losing both dice (-> 1 against 1),
    # then 15/36: the defender keeps its last army instead of the old (0, 0)
    both_lost = brute_force_roll(3, 2, ties="attacker")[(2, 0)]
    final = odds.final_distribution(3, 2, terrain="attacker", exact=True)
    assert (0, 0) not in final
    assert final[(0, 1)] == both_lost * Fraction(15, 36) == Fraction(4895, 93312)
    floats = odds.final_distribution(3, 2, terrain="attacker")
    assert (0, 0) not in floats
    assert floats[(0, 1)] == pytest.approx(0.05246, abs=1e-5)
    sample = odds.simulate_battles(1, 1, 20_000, seed=11, terrain="attacker")
    ends = set(zip(sample.attackers_left.tolist(), sample.defenders_left.tolist(), strict=True))
    assert ends == {(0, 1), (1, 0)}


def test_terrain_attacker_needs_enough_attackers_for_the_dice():
    with pytest.raises(ValueError, match="att_dice must be at most attackers"):
        odds.roll_outcomes(3, 1, attackers=2, terrain="attacker")


def test_terrain_attacker_whole_battle_matches_recursion_s_terrain_2():
    win = recursive_win(ties="attacker", terrain="attacker")
    table = odds.win_table(10, 10, terrain="attacker")
    for a in range(11):
        for d in range(11):
            assert table[a, d] == pytest.approx(float(win(a, d)), abs=1e-13)
    assert odds.win_probability(5, 7, terrain="attacker", exact=True) == win(5, 7)
    assert (table >= odds.win_table(10, 10) - 1e-15).all()


# -- S-TERRAIN-3: terrain knowledge for the defender ---------------------------------------

def test_terrain_defender_one_fewer_loss_but_never_the_last_army_s_terrain_3():
    """S-TERRAIN-3 (revised): ties stay with the defender; it removes one army fewer than the
    dice say, except that a lone defender gets no saving. ``lone_defender_shield=True`` is the
    literal reading, where it does."""
    assert apply_terrain(*battle_losses((6, 6, 6), (5, 5, 5)), "defender", 3) == (0, 2)
    assert apply_terrain(*battle_losses((6, 6), (5, 5)), "defender", 2) == (0, 1)
    assert apply_terrain(*battle_losses((6,), (5,)), "defender", 1) == (0, 1)
    assert apply_terrain(*battle_losses((6,), (5,)), "defender", 1, None, True) == (0, 0)
    for shield in (False, True):
        for na in (1, 2, 3):
            for nd in (1, 2, 3):
                for defenders in {nd, 4} if nd == 3 else {nd}:
                    expected = brute_force_roll(na, nd, terrain="defender", defenders=defenders,
                                                shield=shield)
                    assert odds.roll_outcomes(na, nd, terrain="defender", defenders=defenders,
                                              lone_defender_shield=shield) == expected


def test_terrain_defender_lone_defender_falls_s_terrain_3():
    """S-TERRAIN-3 revised: against a lone defender the knowledge changes nothing (ties go to
    the defender anyway), so 1 against 1 is won 5/12 as without it; against 2 or more it
    helps the defender; every whole-battle number matches an independent recursion."""
    assert odds.roll_outcomes(1, 1, terrain="defender") == odds.roll_outcomes(1, 1)
    assert odds.win_probability(1, 1, terrain="defender", exact=True) == Fraction(5, 12)
    assert odds.win_probability(1, 1, terrain="defender") > 0
    plain, known = odds.win_table(30, 30), odds.win_table(30, 30, terrain="defender")
    assert np.allclose(known[:, 1], plain[:, 1], atol=1e-14)       # lone defenders
    assert (known[1:, 2:] < plain[1:, 2:]).all() and (known[2:, 2:] > 0).all()
    assert (known[1, 2:] == 0).all()   # one die kills 1 a battle, and the 1 is always saved
    win = recursive_win(terrain="defender")
    table = odds.win_table(8, 8, terrain="defender")
    for a in range(9):
        for d in range(9):
            assert table[a, d] == pytest.approx(float(win(a, d)), abs=1e-13)
    assert odds.win_probability(5, 4, terrain="defender", exact=True) == win(5, 4)
    final = odds.final_distribution(5, 2, terrain="defender", exact=True)
    assert sum(final.values()) == 1 and any(d == 0 for _, d in final)
    assert odds.final_distribution(5, 2, terrain="defender")[(0, 1)] == pytest.approx(
        float(final[(0, 1)]), abs=1e-14)


def test_terrain_defender_lone_defender_shield_never_falls_s_terrain_3():
    """Degenerate (S-TERRAIN-3 literally, ``lone_defender_shield=True``): a lone defender that
    loses its comparison loses nothing, so nothing changes 15/36 of the time with 1 die each,
    the target never falls, the win probability is 0 and the attacker loses every attacking
    army."""
    lit = {"terrain": "defender", "lone_defender_shield": True}
    assert odds.roll_outcomes(1, 1, **lit) == {(0, 0): Fraction(15, 36),
                                               (1, 0): Fraction(21, 36)}
    assert odds.roll_outcomes(3, 1, **lit)[(0, 0)] == Fraction(855, 1296)
    table = odds.win_table(30, 30, **lit)
    assert (table[:, 1:] == 0).all() and (table[:, 0] == 1).all()
    assert odds.win_probability(10, 1, exact=True, **lit) == 0
    assert odds.win_probability(1, 1, **lit) == 0
    assert odds.final_distribution(1, 1, exact=True, **lit) == {(0, 1): 1}
    final = odds.final_distribution(5, 2, exact=True, **lit)
    assert set(final) == {(0, 1), (0, 2)} and sum(final.values()) == 1
    assert odds.final_distribution(5, 2, **lit)[(0, 1)] == pytest.approx(
        float(final[(0, 1)]), abs=1e-14)
    lost_att, lost_def = odds.expected_losses(8, 4, exact=True, **lit)
    assert lost_att == 8 and 0 < lost_def < 3
    stopped = odds.final_distribution(8, 4, stop_at=3, **lit)
    assert all(a <= 3 and d >= 1 for a, d in stopped)


def test_the_shield_setting_is_checked_s_terrain_3():
    """The setting is a real True/False (1 is not True) and only matters with terrain."""
    with pytest.raises(ValueError, match="lone_defender_shield"):
        odds.win_probability(1, 1, terrain="defender", lone_defender_shield=1)
    with pytest.raises(ValueError, match="lone_defender_shield"):
        odds.roll_outcomes(1, 1, lone_defender_shield="yes")
    assert odds.win_probability(4, 3, lone_defender_shield=True) == odds.win_probability(4, 3)
    assert odds.win_probability(4, 3, terrain="attacker", lone_defender_shield=True) == \
        odds.win_probability(4, 3, terrain="attacker")


@pytest.mark.parametrize("shield", [False, True])
def test_terrain_defender_matches_recursion_with_self_loops_s_terrain_3(shield):
    """The self-loop (nothing changes) conditioned away: same end states as recursion, for the
    revised rule and for the literal reading."""
    win = recursive_win(terrain="defender", shield=shield)
    assert (win(6, 3) == 0) is shield
    ours = odds.expected_losses(6, 3, terrain="defender", exact=True,
                                lone_defender_shield=shield)

    @cache
    def lost(a, d):
        """Expected (attacker, defender) losses from (a, d), by recursion."""
        if a == 0 or d == 0:
            return Fraction(0), Fraction(0)
        dist = brute_force_roll(min(a, 3), min(d, 3), terrain="defender",
                                defenders=min(d, 4), attackers=min(a, 4), shield=shield)
        stay = dist.get((0, 0), Fraction(0))
        att = deff = Fraction(0)
        for (la, ld), p in dist.items():
            if (la, ld) != (0, 0):
                rest = lost(a - la, d - ld)
                att += p * (la + rest[0])
                deff += p * (ld + rest[1])
        return att / (1 - stay), deff / (1 - stay)

    assert ours == lost(6, 3)


# -- S-REROLL-1: tactical regroup --------------------------------------------------------------

def test_reroll_non_controlled_on_3_1_1_s_reroll_1():
    """S-REROLL-1 by hand: attacker 3/1/1 against 2/2 gets (1, 1). A non-controlled card
    rerolls one die, uniform on 2..6. Rerolling a 1: 3..6 wins both comparisons (4/5),
    a 2 ties (1/5) -> (1, 1). Rerolling the 3: a 2 loses both, else (1, 1): worse."""
    choice = odds.choose_reroll((3, 1, 1), (2, 2), "non_controlled")
    assert choice.dice == (1,)
    assert choice.options == {(): 0, (1,): Fraction(8, 5), (3,): Fraction(-2, 5)}
    assert choice.gain == Fraction(8, 5)
    assert choice.outcomes == {(0, 2): Fraction(4, 5), (1, 1): Fraction(1, 5)}


def test_reroll_keeps_the_card_when_nothing_helps_s_reroll_1():
    assert odds.choose_reroll((6, 6, 6), (5, 5, 5), "joker").dice == ()
    assert odds.choose_reroll((6, 6, 6), (5, 5, 5), "joker").gain == 0
    # a defender whose 6 already wins the only comparison keeps the card
    choice = odds.choose_reroll((6,), (5, 4, 1), "controlled", side="defender")
    assert choice.dice == () and choice.outcomes == {(1, 0): 1}


def test_reroll_defender_with_joker_s_reroll_1():
    """The defender rerolls its own 1 with a joker (4..6 against a 5: wins 2/3)."""
    choice = odds.choose_reroll((1,), (5,), "joker", side="defender")
    assert choice.dice == (1,)
    assert choice.outcomes == {(0, 1): Fraction(1, 3), (1, 0): Fraction(2, 3)}
    assert choice.gain == Fraction(4, 3)


@pytest.mark.parametrize(("na", "nd", "card", "side"), [
    (2, 2, "joker", "attacker"), (3, 1, "joker", "attacker"), (2, 2, "controlled", "attacker"),
    (3, 1, "non_controlled", "attacker"), (1, 3, "controlled", "defender"),
    (2, 2, "joker", "defender"), (1, 1, "non_controlled", "defender"),
])
def test_reroll_tables_match_brute_force_s_reroll_1(na, nd, card, side):
    """S-REROLL-1: the exact reroll distributions against the brute-force model."""
    got = odds.roll_outcomes(na, nd, reroll=odds.Reroll(card, side=side))
    assert got == brute_force_reroll(na, nd, card, side)


def test_reroll_with_terrain_matches_brute_force_s_reroll_1_s_terrain_2():
    got = odds.roll_outcomes(2, 2, defenders=2, terrain="attacker",
                             reroll=odds.Reroll("controlled", side="defender"))
    assert got == brute_force_reroll(2, 2, "controlled", "defender", terrain="attacker",
                                     defenders=2)


@pytest.mark.parametrize("card", ["non_controlled", "controlled", "joker"])
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_best_reroll_never_hurts_the_spender_s_reroll_1(card, side):
    """Per roll, the best policy raises the spender's expected (enemy - own) losses."""
    sign = 1 if side == "attacker" else -1
    better = 0
    for na in (1, 2, 3):
        for nd in (1, 2, 3):
            plain = odds.roll_outcomes(na, nd)
            rerolled = odds.roll_outcomes(na, nd, reroll=odds.Reroll(card, side=side))
            assert sum(rerolled.values()) == 1
            before = sum(p * sign * (ld - la) for (la, ld), p in plain.items())
            after = sum(p * sign * (ld - la) for (la, ld), p in rerolled.items())
            assert after > before
            better += 1
    assert better == 9


def test_card_strength_order_s_reroll_1():
    """A joker beats a controlled card beats a non-controlled one, over a whole battle."""
    probs = [odds.win_probability(8, 8, reroll=odds.Reroll(card, cards=1))
             for card in ("non_controlled", "controlled", "joker")]
    base = odds.win_probability(8, 8)
    assert base < probs[0] < probs[1] < probs[2]


@pytest.mark.parametrize("reroll", [
    odds.Reroll("joker"), odds.Reroll("controlled", cards=1), odds.Reroll("joker", cards=2),
    odds.Reroll("non_controlled", side="defender"), odds.Reroll("joker", side="defender", cards=1),
    odds.Reroll("controlled", policy="lowest"),
])
def test_whole_battle_reroll_float_equals_exact_s_reroll_1(reroll):
    """The numpy chain (with a cards-left layer when the supply is limited) equals the
    exact Fraction walk, for the win probability and every end state."""
    exact = odds.final_distribution(6, 5, reroll=reroll, exact=True)
    floats = odds.final_distribution(6, 5, reroll=reroll)
    assert sum(exact.values()) == 1
    assert exact.keys() == floats.keys()
    for key, p in exact.items():
        assert floats[key] == pytest.approx(float(p), abs=1e-13)
    assert odds.win_probability(6, 5, reroll=reroll) == pytest.approx(
        float(odds.win_probability(6, 5, reroll=reroll, exact=True)), abs=1e-13)


def test_reroll_every_battle_is_a_plain_chain_on_the_per_roll_table_s_reroll_1():
    """With a card every battle, the battle is the classic chain on roll_outcomes(..., reroll)."""
    reroll = odds.Reroll("controlled")

    @cache
    def win(a, d):
        if d == 0:
            return Fraction(1)
        if a == 0:
            return Fraction(0)
        dist = odds.roll_outcomes(min(a, 3), min(d, 3), reroll=reroll)
        return sum((p * win(a - la, d - ld) for (la, ld), p in dist.items()), Fraction(0))

    for a, d in [(3, 3), (5, 2), (4, 6)]:
        assert odds.win_probability(a, d, reroll=reroll, exact=True) == win(a, d)
    table = odds.win_table(6, 6, reroll=reroll)
    assert table[4, 6] == pytest.approx(float(win(4, 6)), abs=1e-13)


def test_one_card_lies_between_none_and_every_battle_s_reroll_1():
    none = odds.win_table(10, 10)
    once = odds.win_table(10, 10, reroll=odds.Reroll("joker", cards=1))
    every = odds.win_table(10, 10, reroll=odds.Reroll("joker"))
    assert (once[1:, 1:] >= none[1:, 1:]).all()
    assert (every[1:, 1:] >= once[1:, 1:]).all()
    assert every[10, 10] > 0.9 > once[10, 10] > none[10, 10]


def test_callable_policy_s_reroll_1():
    """A lesson's own policy: always reroll the lowest die with a non-controlled card."""
    def lowest(own, enemy):
        return own[-1:]

    mine = odds.roll_outcomes(2, 2, reroll=odds.Reroll("non_controlled", policy=lowest))
    named = odds.roll_outcomes(2, 2, reroll=odds.Reroll("non_controlled", policy="lowest"))
    assert mine == named
    best = odds.roll_outcomes(2, 2, reroll=odds.Reroll("non_controlled"))
    assert mine != best
    # 3 against 2: the uncompared third die is the one to reroll, so "lowest" is best
    assert odds.roll_outcomes(3, 2, reroll=odds.Reroll("non_controlled", policy=lowest)) == \
        odds.roll_outcomes(3, 2, reroll=odds.Reroll("non_controlled"))
    gain = sum(p * (ld - la) for (la, ld), p in best.items())
    assert gain > sum(p * (ld - la) for (la, ld), p in mine.items())


def test_policies_that_break_the_rules_are_refused_s_reroll_1():
    with pytest.raises(ValueError, match="not a selection of the player's own dice"):
        odds.roll_outcomes(1, 1, reroll=odds.Reroll("joker", policy=lambda own, enemy: (7,)))
    with pytest.raises(ValueError, match="rerolls 1"):
        odds.roll_outcomes(3, 1, reroll=odds.Reroll("non_controlled",
                                                    policy=lambda own, enemy: own[:2]))


def test_reroll_win_table_monotone_s_reroll_1():
    table = odds.win_table(15, 15, reroll=odds.Reroll("controlled"))
    assert (np.diff(table, axis=0) >= -1e-12).all()
    assert (np.diff(table, axis=1) <= 1e-12).all()
