"""Monte Carlo (warkit.odds.simulate_*) beside the exact odds: C-ATK-4, C-ATK-5,
S-TERRAIN-2, S-TERRAIN-3, S-REROLL-1. Seeds are fixed, so every run is the same."""

from __future__ import annotations

import math

import numpy as np
import pytest

from warkit import odds
from warkit.dice import battle_losses


def _close(sample: dict, exact: dict, n: int, sigmas: float = 4.5) -> None:
    for key in set(sample) | set(exact):
        p = float(exact.get(key, 0))
        assert p > 0, f"simulated an impossible outcome {key}"
        assert abs(sample.get(key, 0.0) - p) <= sigmas * math.sqrt(p * (1 - p) / n) + 1e-12, key


@pytest.mark.parametrize(("na", "nd", "kw"), [
    (1, 1, {}), (3, 2, {}), (3, 3, {}), (2, 3, {"sides": 8}), (3, 3, {"ties": "attacker"}),
    (3, 3, {"terrain": "attacker", "defenders": 4}), (2, 2, {"terrain": "attacker"}),
    (3, 1, {"terrain": "defender"}),
    (3, 3, {"reroll": odds.Reroll("joker")}),
    (3, 2, {"reroll": odds.Reroll("controlled", side="defender")}),
    (1, 3, {"reroll": odds.Reroll("non_controlled", side="defender"), "terrain": "attacker",
            "defenders": 5}),
])
def test_simulated_rolls_match_exact_tables(na, nd, kw):
    """C-ATK-4 with S-TERRAIN-2/3 and S-REROLL-1: sampled frequencies sit within 4.5
    standard errors of the exact distribution (fixed seed)."""
    n = 400_000
    sample = odds.simulate_rolls(na, nd, n, seed=20240601, **kw)
    _close(sample.frequencies(), odds.roll_outcomes(na, nd, **kw), n)


def test_simulated_dice_are_sorted_and_resolved_by_the_dice_model_c_atk_4():
    sample = odds.simulate_rolls(3, 2, 2000, seed=7)
    assert sample.attack.shape == (2000, 3) and sample.defence.shape == (2000, 2)
    assert (np.diff(sample.attack, axis=1) <= 0).all()
    assert (np.diff(sample.defence, axis=1) <= 0).all()
    assert sample.attack.min() >= 1 and sample.attack.max() <= 6
    for i in range(2000):
        expected = battle_losses(sample.attack[i], sample.defence[i])
        assert (sample.attacker_losses[i], sample.defender_losses[i]) == expected
    assert not sample.card_spent.any()


def test_simulated_rerolls_respect_the_minimum_s_reroll_1():
    """S-REROLL-1: dice are rerolled only when the card is spent; the policy is the exact one."""
    sample = odds.simulate_rolls(3, 3, 50_000, seed=3, reroll=odds.Reroll("joker", policy="lowest"))
    assert sample.card_spent.all()
    assert sample.attack.min() == 4          # a joker rerolls all three, each 4..6
    assert sample.defence.min() == 1
    best = odds.simulate_rolls(3, 3, 50_000, seed=3, reroll=odds.Reroll("joker"))
    assert 0.5 < best.card_spent.mean() < 1


@pytest.mark.parametrize(("a", "d", "kw"), [
    (30, 30, {}), (30, 30, {"defender_dice_max": 2}), (5, 4, {"terrain": "attacker"}),
    (6, 5, {"stop_at": 2}), (5, 5, {"reroll": odds.Reroll("joker", cards=1)}),
    (5, 5, {"reroll": odds.Reroll("controlled", side="defender")}),
    (8, 3, {"reroll": odds.Reroll("non_controlled", cards=2), "terrain": "attacker"}),
])
def test_simulated_battles_agree_with_exact_c_atk_5(a, d, kw):
    """C-ATK-5: the win rate's 99.9 % Wilson interval holds the exact value; mean losses
    are close to expected_losses."""
    n = 100_000
    sample = odds.simulate_battles(a, d, n, seed=11, confidence=0.999, **kw)
    exact = odds.win_probability(a, d, **kw)
    low, high = sample.ci
    assert low <= exact <= high
    assert low <= sample.win_rate <= high
    lost = odds.expected_losses(a, d, **kw)
    for got, want, most in zip(sample.mean_losses, lost, (a, d), strict=True):
        assert abs(got - want) < 0.02 * most + 0.02
    ends = set(zip(sample.attackers_left.tolist(), sample.defenders_left.tolist(), strict=True))
    assert ends <= set(odds.final_distribution(a, d, **kw))


def test_simulated_defender_terrain_lone_defender_falls_s_terrain_3():
    """S-TERRAIN-3 revised: simulated battles against the defender's knowledge conquer as often
    as the exact odds say (a lone defender gets no saving), inside the 99.9% interval."""
    kw = {"terrain": "defender"}
    for a, d in ((6, 2), (1, 1), (10, 5)):
        sample = odds.simulate_battles(a, d, 20_000, seed=6, confidence=0.999, **kw)
        low, high = sample.ci
        assert low <= odds.win_probability(a, d, **kw) <= high and sample.win_rate > 0
    rolls = odds.simulate_rolls(1, 1, 20_000, seed=7, **kw)
    assert set(rolls.frequencies()) == {(0, 1), (1, 0)}      # a lone defender never saved


def test_simulated_defender_terrain_shield_never_falls_s_terrain_3():
    """S-TERRAIN-3 literally (``lone_defender_shield=True``), a degenerate case: no simulated
    battle conquers; each one ends when the attacker runs out, and battles with nothing
    changing still end."""
    sample = odds.simulate_battles(6, 2, 20_000, seed=5, terrain="defender",
                                   lone_defender_shield=True)
    assert sample.win_rate == 0 and sample.ci[0] == 0 and sample.ci[1] < 1e-3
    assert (sample.attackers_left == 0).all()
    assert set(np.unique(sample.defenders_left)) <= {1, 2}
    assert sample.mean_losses[0] == 6
    assert (sample.rolls >= 2).all()


def test_limited_cards_are_counted_s_reroll_1():
    sample = odds.simulate_battles(10, 10, 5000, seed=1, reroll=odds.Reroll("joker", cards=2))
    assert sample.cards_spent.max() == 2 and sample.cards_spent.min() >= 0
    every = odds.simulate_battles(10, 10, 5000, seed=1, reroll=odds.Reroll("joker"))
    assert every.cards_spent.max() > 2


def test_seed_and_rng_reproduce():
    one = odds.simulate_battles(10, 8, 1000, seed=42)
    two = odds.simulate_battles(10, 8, 1000, rng=np.random.default_rng(42))
    assert np.array_equal(one.attackers_left, two.attackers_left)
    assert np.array_equal(one.rolls, two.rolls)
    again = odds.simulate_rolls(3, 3, 1000, seed=42)
    assert np.array_equal(again.attack, odds.simulate_rolls(3, 3, 1000, seed=42).attack)
    other = odds.simulate_battles(10, 8, 1000, seed=43)
    assert not np.array_equal(one.attackers_left, other.attackers_left)


def test_edge_battles():
    done = odds.simulate_battles(3, 0, 10, seed=1)
    assert done.win_rate == 1 and (done.rolls == 0).all()
    nobody = odds.simulate_battles(0, 3, 10, seed=1)
    assert nobody.win_rate == 0 and (nobody.defenders_left == 3).all()
    empty = odds.simulate_rolls(2, 2, 0, seed=1)
    assert empty.n == 0 and empty.frequencies() == {}
    assert odds.simulate_battles(2, 2, 0, seed=1).ci == (0.0, 1.0)


def test_wilson_interval_by_hand():
    """Wilson 95 % for 50 wins in 100: 0.4038..0.5962."""
    sample = odds.BattleSample(1, 1, np.array([1] * 50 + [0] * 50), np.array([0] * 50 + [1] * 50),
                               np.ones(100, dtype=int), np.zeros(100, dtype=int))
    low, high = sample.ci
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
