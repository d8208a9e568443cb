"""Bad input to warkit.odds: one of warkit's errors (a ValueError) that names the argument and
says why (C-ATK-2 and C-ATK-3 bound the dice; S-REROLL-1 the cards), and sizes past the
documented limits refused before any work starts."""

from __future__ import annotations

import numpy as np
import pytest

from warkit import WarkitError, odds

NOT_NEGATIVE = "must be a non-negative whole number"
CASES = [
    (lambda: odds.win_probability(-1, 3), f"attackers {NOT_NEGATIVE}, got -1"),
    (lambda: odds.win_probability(3, -2), f"defenders {NOT_NEGATIVE}, got -2"),
    (lambda: odds.win_probability(2.5, 3), f"attackers {NOT_NEGATIVE}, got 2.5"),
    (lambda: odds.win_probability(3.0, 3), f"attackers {NOT_NEGATIVE}, got 3.0"),
    (lambda: odds.win_probability(True, 3), f"attackers {NOT_NEGATIVE}, got True"),
    (lambda: odds.win_probability("3", 3), f"attackers {NOT_NEGATIVE}, got '3'"),
    (lambda: odds.win_probability(3, 3, stop_at=-1), f"stop_at {NOT_NEGATIVE}"),
    (lambda: odds.win_probability(501, 3), "attackers must be at most 500"),
    (lambda: odds.win_table(-1, 3), f"max_attackers {NOT_NEGATIVE}"),
    (lambda: odds.win_table(3, None), f"max_defenders {NOT_NEGATIVE}"),
    (lambda: odds.final_distribution(3, False), f"defenders {NOT_NEGATIVE}"),
    (lambda: odds.expected_losses(-3, 1), f"attackers {NOT_NEGATIVE}"),
    (lambda: odds.roll_outcomes(4, 1),
     r"att_dice must be a whole number from 1 to 3 \(C-ATK-2\), got 4"),
    (lambda: odds.roll_outcomes(0, 1), r"att_dice must be a whole number from 1 to 3 \(C-ATK-2\)"),
    (lambda: odds.roll_outcomes(1, 4), r"def_dice must be a whole number from 1 to 3 \(C-ATK-3\)"),
    (lambda: odds.roll_outcomes(1, 3, defender_dice_max=2), r"def_dice .* from 1 to 2"),
    (lambda: odds.roll_outcomes(1, 2, defenders=5), r"def_dice must be 3 with 5 defenders"),
    (lambda: odds.roll_outcomes(1, 1, ties="draw"),
     "ties must be one of 'defender', 'attacker', got 'draw'"),
    (lambda: odds.roll_outcomes(1, 1, terrain="both"), "terrain must be one of"),
    (lambda: odds.roll_outcomes(1, 1, terrain="attacker", ties="defender"), "contradicts"),
    (lambda: odds.roll_outcomes(1, 1, terrain="defender", ties="attacker"), "contradicts"),
    (lambda: odds.roll_outcomes(1, 1, sides=1), "sides must be a whole number from 2 to 12, got 1"),
    (lambda: odds.roll_outcomes(1, 1, sides=6.0), "sides must be a whole number"),
    (lambda: odds.roll_outcomes(1, 1, attacker_dice_max=0), "attacker_dice_max must be"),
    (lambda: odds.roll_outcomes(1, 1, reroll="joker"), "reroll must be a Reroll"),
    (lambda: odds.roll_outcomes(1, 1, sides=8, reroll=odds.Reroll("joker")), "reroll needs"),
    (lambda: odds.Reroll("foo"),
     "reroll card must be one of 'non_controlled', 'controlled', 'joker', got 'foo'"),
    (lambda: odds.Reroll("joker", side="both"), "reroll side must be one of"),
    (lambda: odds.Reroll("joker", policy="random"), "reroll policy must be one of"),
    (lambda: odds.Reroll("joker", cards=0),
     "reroll cards must be a whole number from 1 to 44, got 0"),
    (lambda: odds.choose_reroll((7, 1), (2,), "joker"),
     "each die of own must be a whole number from 1 to 6"),
    (lambda: odds.choose_reroll((6, 6, 6, 6), (2,), "joker"), "own must hold 1 to 3 dice"),
    (lambda: odds.choose_reroll((6,), (2,), "foo"), "card must be one of"),
    (lambda: odds.simulate_rolls(3, 3, -5), "n must be a whole number from 0 to 10000000, got -5"),
    (lambda: odds.simulate_rolls(3, 3, 5, seed=1, rng=np.random.default_rng(1)), "seed or rng"),
    (lambda: odds.simulate_rolls(3, 3, 5, rng=42), "rng must be a numpy.random.Generator"),
    (lambda: odds.simulate_rolls(3, 3, 5, seed=1.5), "seed must be a non-negative whole number"),
    (lambda: odds.simulate_rolls(3, 3, 5, seed=-1), "seed must be a non-negative whole number"),
    (lambda: odds.simulate_battles(3, 3, 10, confidence=1.5),
     "confidence must be a number between 0 and 1"),
    (lambda: odds.simulate_battles(-3, 3, 10), "attackers must be a whole number from 0 to 500"),
    (lambda: odds.simulate_battles(3, 3, 10, confidence="x"), "confidence must be a number"),
    # sizes: refused at once, before anything is allocated
    (lambda: odds.simulate_battles(10**9, 10**9, 1), "attackers must be .* to 500, got 1000000000"),
    (lambda: odds.simulate_battles(3, 2, 10**10), "n must be a whole number from 0 to 10000000"),
    (lambda: odds.simulate_battles(500, 500, 300_000), "at most 200,000 battles of this size"),
    (lambda: odds.simulate_rolls(3, 3, 10**10), "n must be a whole number from 0 to 10000000"),
    (lambda: odds.roll_outcomes(6, 6, sides=12, attacker_dice_max=6, defender_dice_max=6),
     "would enumerate 153,165,376 pairs of rolls; the limit is 500,000"),
    (lambda: odds.win_probability(20, 20, sides=12, attacker_dice_max=6, defender_dice_max=6),
     "the odds of battles of up to 6 against 6 dice with 12-sided dice"),
    (lambda: odds.win_table(30, 30, sides=6, attacker_dice_max=6, defender_dice_max=6),
     "would enumerate 851,929 pairs"),
    (lambda: odds.win_probability(201, 200, exact=True), "states for exact odds"),
    (lambda: odds.win_table(500, 500, reroll=odds.Reroll("joker", cards=3)),
     "with 3 reroll cards is 1,004,004 states"),
    (lambda: odds.final_distribution(3, 2, exact="yes"), "exact must be True or False"),
    (lambda: odds.Reroll("joker", cards=10**6), "reroll cards must be a whole number from 1 to 44"),
]


@pytest.mark.parametrize(("call", "message"), CASES)
def test_bad_input_is_refused_with_a_reason(call, message):
    with pytest.raises(WarkitError, match=message):
        call()


def test_the_largest_sizes_allowed_still_compute():
    """Each documented limit lets its largest case through (the refusals above are not
    off by one): 5 against 5 six-sided dice, 500 against 500 with 2 cards, 200 exact."""
    assert sum(odds.roll_outcomes(5, 5, attacker_dice_max=5, defender_dice_max=5).values()) == 1
    assert odds.win_table(500, 500, reroll=odds.Reroll("joker", cards=2)).shape == (501, 501)
    assert 0 < odds.win_probability(2, 200, exact=True) < 1
    assert odds.simulate_battles(500, 500, 200, seed=1).n == 200


def test_numpy_integers_are_whole_numbers():
    assert odds.win_probability(np.int64(3), np.int32(2)) == odds.win_probability(3, 2)
    assert odds.roll_outcomes(np.int8(2), 2) == odds.roll_outcomes(2, 2)


def test_import_on_its_own():
    import importlib

    module = importlib.import_module("warkit.odds")
    assert callable(module.win_probability)
    assert set(module.__all__) >= {"roll_outcomes", "win_probability", "win_table",
                                   "final_distribution", "expected_losses", "simulate_battles",
                                   "simulate_rolls", "Reroll", "choose_reroll"}
