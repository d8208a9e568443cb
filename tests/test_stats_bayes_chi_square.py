"""warkit.stats' Bayes update and chi-square (labs 10 and 11): exact with Fractions, the same
numbers as the hard bot's belief, and clear errors for impossible data."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import warkit
from warkit.bots.belief import ObjectiveBelief
from warkit.bots.evaluate import Board
from warkit.bots.opponents import SHARPNESS
from warkit.stats import bayes_update, chi_square


def test_bayes_update_is_exact_and_sums_to_one():
    posterior = bayes_update({"A": Fraction(1, 3), "B": Fraction(2, 3)},
                             {"A": Fraction(1, 2), "B": Fraction(1, 8)})
    assert posterior == {"A": Fraction(2, 3), "B": Fraction(1, 3)}
    assert bayes_update({"A": 1, "B": 3}, {"A": 1.0}) == {"A": 1.0, "B": 0.0}  # missing: 0


def test_bayes_update_refuses_what_no_hypothesis_explains():
    with pytest.raises(ValueError, match="no hypothesis"):
        bayes_update({"A": 1, "B": 1}, {"A": 0, "B": 0})


def test_the_hard_bots_belief_is_bayes_rule_with_its_likelihood():
    """Lab 10: uniform prior x exp(SHARPNESS x evidence), normalised, is the bot's posterior."""
    match = warkit.simulate(4, bots=["hard"] * 4, seed=6, max_turns=20)
    belief, viewer, rival, last = ObjectiveBelief(), 1, 0, None
    for state in match.states:
        if state.current_player != viewer or state.turn == last:
            continue
        last = state.turn
        view = warkit.view(state, viewer)
        belief.observe(view)
        cards = belief.model.candidate_cards(view, rival)
        goals = belief.model.candidates(view, rival)
        board = Board(view)
        likelihood = {c: math.exp(SHARPNESS * belief.model.evidence(board, rival, g))
                      for c, g in zip(cards, goals, strict=True)}
        ours = bayes_update({c: Fraction(1, len(cards)) for c in cards}, likelihood)
        engine = belief.posterior(view, rival)
        assert max(abs(ours[c] - engine[c]) for c in cards) < 1e-12


def test_chi_square_of_counts_on_the_expected_values_is_zero():
    assert chi_square({"a": 25, "b": 75}, {"a": Fraction(1, 4), "b": Fraction(3, 4)}) == 0
