"""Exact odds of classic War battles (warkit.odds): C-ATK-2, C-ATK-3, C-ATK-4, C-ATK-5.

Every number is checked against something written here, independently of
the package: brute-force enumeration of all ordered dice, closed forms, and
a plain recursive Fraction DP over (attackers, defenders).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warkit import odds


def brute_force_roll(na: int, nd: int, sides: int = 6, ties: str = "defender",
                     terrain: str | None = None, defenders: int | None = None,
                     attackers: int | None = None, shield: bool = False) -> dict:
    """All sides**(na+nd) ordered outcomes, resolved by hand (C-ATK-4, S-TERRAIN-2/3).

    ``attackers``: armies that may attack (default ``na``). With the attacker's
    terrain knowledge, an attacker that loses all of them leaves the last
    defender standing (nobody could move in: the engine's decision). With the
    defender's, a lone defender gets no saving (S-TERRAIN-3 revised) unless
    ``shield`` (the literal reading, ``lone_defender_shield=True``)."""
    defenders = nd if defenders is None else defenders
    attackers = na if attackers is None else attackers
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, sides + 1), repeat=na + nd):
        att = sorted(dice[:na], reverse=True)
        dfn = sorted(dice[na:], reverse=True)
        lost_att = lost_def = 0
        for x, y in zip(att, dfn, strict=False):
            if x > y or (ties == "attacker" and x == y):
                lost_def += 1
            else:
                lost_att += 1
        if terrain == "attacker":
            lost_def = min(lost_def + 1, defenders)
            if lost_att == attackers and lost_def == defenders:
                lost_def -= 1
        elif terrain == "defender" and (defenders > 1 or shield):
            lost_def = max(lost_def - 1, 0)
        counts[lost_att, lost_def] = counts.get((lost_att, lost_def), 0) + 1
    total = sides ** (na + nd)
    return {k: Fraction(v, total) for k, v in counts.items()}


def recursive_win(max_att: int = 3, max_def: int = 3, sides: int = 6, ties: str = "defender",
                  terrain: str | None = None, stop_at: int = 0, shield: bool = False):
    """An independent whole-battle DP: W(a, d) by recursion over brute-force rolls."""
    @cache
    def roll(na: int, nd: int, cap: int, attackers: int):
        return brute_force_roll(na, nd, sides, ties, terrain, cap, attackers, shield)

    @cache
    def win(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a <= stop_at:
            return Fraction(0)
        na, nd = min(a, max_att), min(d, max_def)
        dist = roll(na, nd, min(d, nd + 1), min(a, max_att + 1))
        stay = dist.get((0, 0), Fraction(0))
        total = sum((p * win(a - la, d - ld) for (la, ld), p in dist.items() if (la, ld) != (0, 0)),
                    Fraction(0))
        return total / (1 - stay)

    return win


# -- one battle ---------------------------------------------------------------------------

def test_one_die_against_one_attacker_wins_15_of_36_c_atk_4():
    """C-ATK-4: ties go to the defender, so 1 die against 1 wins 15 times in 36."""
    assert odds.roll_outcomes(1, 1) == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}


@pytest.mark.parametrize(("na", "nd", "expected"), [
    (2, 1, {(0, 1): Fraction(125, 216), (1, 0): Fraction(91, 216)}),
    (3, 1, {(0, 1): Fraction(855, 1296), (1, 0): Fraction(441, 1296)}),
    (1, 2, {(0, 1): Fraction(55, 216), (1, 0): Fraction(161, 216)}),
    (2, 2, {(0, 2): Fraction(295, 1296), (1, 1): Fraction(420, 1296),
            (2, 0): Fraction(581, 1296)}),
    (3, 2, {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776),
            (2, 0): Fraction(2275, 7776)}),
])
def test_closed_forms_c_atk_4(na, nd, expected):
    """C-ATK-4: the classic closed forms (the same as Risk's for these dice)."""
    assert odds.roll_outcomes(na, nd) == expected


@pytest.mark.parametrize("na", [1, 2, 3])
@pytest.mark.parametrize("nd", [1, 2, 3])
def test_every_single_roll_table_matches_brute_force_c_atk_2_3_4(na, nd):
    """C-ATK-2/3/4: 1-3 attack dice against 1-3 defence dice, all 6**(na+nd) outcomes."""
    got = odds.roll_outcomes(na, nd)
    assert got == brute_force_roll(na, nd)
    assert sum(got.values()) == 1
    assert all(la + ld == min(na, nd) for la, ld in got)


@pytest.mark.parametrize(("na", "nd", "sides", "ties"), [
    (2, 2, 4, "defender"), (3, 2, 8, "attacker"), (1, 3, 2, "attacker"), (3, 3, 5, "defender"),
])
def test_generalised_dice_match_brute_force(na, nd, sides, ties):
    """Lesson variants: other dice and the attacker-wins-ties rule, still exact."""
    expected = brute_force_roll(na, nd, sides, ties)
    assert odds.roll_outcomes(na, nd, sides=sides, ties=ties) == expected


def test_more_dice_than_three_for_lessons():
    """attacker_dice_max / defender_dice_max widen C-ATK-2/3 for comparison lessons."""
    got = odds.roll_outcomes(4, 2, attacker_dice_max=4)
    assert got == brute_force_roll(4, 2)


# -- whole battles --------------------------------------------------------------------------

def test_win_table_matches_independent_recursion_c_atk_5():
    """C-ATK-5: the numpy DP over (a, d) equals a plain recursive Fraction DP."""
    win = recursive_win()
    table = odds.win_table(12, 12)
    expected = np.array([[float(win(a, d)) for d in range(13)] for a in range(13)])
    np.testing.assert_allclose(table, expected, rtol=0, atol=1e-13)


@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 3), (5, 4), (7, 7), (3, 9)])
def test_exact_win_probability_equals_recursion_c_atk_5(a, d):
    """exact=True gives the very same Fraction as the independent recursion."""
    assert odds.win_probability(a, d, exact=True) == recursive_win()(a, d)


@pytest.mark.parametrize("kw", [
    {"defender_dice_max": 2}, {"sides": 4}, {"ties": "attacker"}, {"stop_at": 2},
    {"attacker_dice_max": 2, "defender_dice_max": 1, "sides": 8},
])
def test_rule_variants_match_recursion(kw):
    """Risk's 2 defence dice, other dice, ties, and stopping early: DP = recursion."""
    win = recursive_win(max_att=kw.get("attacker_dice_max", 3),
                        max_def=kw.get("defender_dice_max", 3),
                        sides=kw.get("sides", 6), ties=kw.get("ties", "defender"),
                        stop_at=kw.get("stop_at", 0))
    table = odds.win_table(9, 9, **kw)
    for a in range(10):
        for d in range(10):
            assert table[a, d] == pytest.approx(float(win(a, d)), abs=1e-13)
    assert odds.win_probability(6, 5, exact=True, **kw) == win(6, 5)


def test_win_table_edges():
    """Shape (A+1, D+1); W[a, 0] = 1 (nothing to conquer), W[0, d>0] = 0 (nobody attacks)."""
    table = odds.win_table(5, 7)
    assert table.shape == (6, 8)
    assert table.dtype == np.float64
    assert (table[:, 0] == 1).all()
    assert (table[0, 1:] == 0).all()
    assert ((table > 0) & (table < 1))[1:, 1:].all()


def test_win_table_is_a_fresh_array():
    table = odds.win_table(4, 4)
    table[:] = -1
    assert odds.win_table(4, 4)[2, 2] == pytest.approx(odds.win_probability(2, 2))


def test_monotone_in_attackers_and_defenders_c_atk_5():
    """More attackers never hurt, more defenders never help (War and Risk rules)."""
    for kw in ({}, {"defender_dice_max": 2}):
        table = odds.win_table(60, 60, **kw)
        assert (np.diff(table, axis=0) >= -1e-15).all()
        assert (np.diff(table, axis=1) <= 1e-15).all()


@settings(max_examples=40, deadline=None)
@given(sides=st.integers(2, 8), max_att=st.integers(1, 3), max_def=st.integers(1, 3),
       ties=st.sampled_from(["defender", "attacker"]), stop_at=st.integers(0, 3))
def test_monotone_for_any_dice(sides, max_att, max_def, ties, stop_at):
    """Monotonicity holds for every dice variant, and every probability is in [0, 1]."""
    table = odds.win_table(15, 15, sides=sides, attacker_dice_max=max_att,
                           defender_dice_max=max_def, ties=ties, stop_at=stop_at)
    assert ((table >= -1e-15) & (table <= 1 + 1e-12)).all()
    assert (np.diff(table, axis=0) >= -1e-12).all()
    assert (np.diff(table, axis=1) <= 1e-12).all()


@settings(max_examples=30, deadline=None)
@given(a=st.integers(0, 25), d=st.integers(0, 25), stop_at=st.integers(0, 4),
       max_def=st.sampled_from([2, 3]))
def test_final_distribution_is_a_distribution(a, d, stop_at, max_def):
    """End states sum to 1, are real end states, and agree with win_probability."""
    final = odds.final_distribution(a, d, stop_at=stop_at, defender_dice_max=max_def)
    assert sum(final.values()) == pytest.approx(1, abs=1e-12)
    for (left_a, left_d), p in final.items():
        assert p > 0
        assert 0 <= left_a <= a and 0 <= left_d <= d
        assert left_d == 0 or left_a <= stop_at
    won = sum(p for (_, left_d), p in final.items() if left_d == 0)
    assert won == pytest.approx(odds.win_probability(a, d, stop_at=stop_at,
                                                     defender_dice_max=max_def), abs=1e-12)


def test_final_distribution_exact_and_float_agree():
    exact = odds.final_distribution(6, 5, exact=True)
    floats = odds.final_distribution(6, 5)
    assert sum(exact.values()) == 1
    assert exact.keys() == floats.keys()
    for key, p in exact.items():
        assert floats[key] == pytest.approx(float(p), abs=1e-14)


def test_final_distribution_small_case_by_hand_c_atk_5():
    """1 attacker against 1 defender: one battle decides (15/36 conquest)."""
    assert odds.final_distribution(1, 1, exact=True) == {(0, 1): Fraction(21, 36),
                                                         (1, 0): Fraction(15, 36)}
    assert odds.final_distribution(0, 3) == {(0, 3): 1.0}
    assert odds.final_distribution(4, 0) == {(4, 0): 1.0}


def test_expected_losses_match_recursion():
    """Expected losses from the end states equal an independent recursion."""
    @cache
    def lost(a: int, d: int) -> tuple[Fraction, Fraction]:
        if a == 0 or d == 0:
            return Fraction(0), Fraction(0)
        dist = brute_force_roll(min(a, 3), min(d, 3))
        la_total = ld_total = Fraction(0)
        for (la, ld), p in dist.items():
            rest_a, rest_d = lost(a - la, d - ld)
            la_total += p * (la + rest_a)
            ld_total += p * (ld + rest_d)
        return la_total, ld_total

    assert odds.expected_losses(7, 6, exact=True) == lost(7, 6)
    floats = odds.expected_losses(7, 6)
    assert floats == pytest.approx(tuple(float(x) for x in lost(7, 6)), abs=1e-12)


def test_stop_at_threshold():
    """The attacker attacks while it has more than stop_at attacking armies."""
    final = odds.final_distribution(10, 6, stop_at=4, exact=True)
    assert all(d == 0 or a <= 4 for a, d in final)
    assert any(a in (2, 3) for a, d in final if d)   # 3 dice from 5 can end below 4
    assert odds.win_probability(10, 6, stop_at=4) < odds.win_probability(10, 6)
    assert odds.win_probability(4, 2, stop_at=4) == 0
    assert odds.win_probability(4, 0, stop_at=4) == 1
    lost_att, _ = odds.expected_losses(10, 6, stop_at=4)
    assert lost_att < odds.expected_losses(10, 6)[0]


def test_known_values_30_against_30_c_atk_3():
    """C-ATK-3: War's third defence die. 30 attacking armies (territory of 31) against
    30: about 6 % in War, about 68 % with Risk's two defence dice."""
    war = odds.win_probability(30, 30)
    risk = odds.win_probability(30, 30, defender_dice_max=2)
    assert war == pytest.approx(0.05653, abs=5e-5)
    assert risk == pytest.approx(0.67611, abs=5e-5)
    # with the other convention (30 in the territory, 29 attacking) the numbers differ
    assert odds.win_probability(29, 30) == pytest.approx(0.04698, abs=5e-5)
    assert odds.win_probability(30, 30, exact=True) == pytest.approx(war, abs=1e-14)


def test_cached_queries_are_consistent():
    first = odds.win_probability(40, 35)
    assert odds.win_probability(40, 35) == first
    assert odds.win_table(40, 35)[40, 35] == pytest.approx(first, abs=1e-15)
    assert isinstance(first, float)
    assert isinstance(odds.win_probability(4, 3, exact=True), Fraction)


def test_large_table_is_sane():
    table = odds.win_table(200, 200)
    assert table.shape == (201, 201)
    assert table[200, 200] == pytest.approx(odds.win_probability(200, 200), abs=1e-15)
    assert 0 < table[200, 100] < 1
