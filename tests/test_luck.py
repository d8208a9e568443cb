"""Luck against the exact expectation, with its spread (warkit.luck): C-ATK-4 judges every
recorded roll; the mean and variance of each roll's losses are exact; a player's luck sums
them over every roll it fought, attacking and defending."""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from warkit import Attack, Match, Phase
from warkit.events import Conquest
from warkit.luck import battles, decisive_battles, luck, roll_loss_moments, roll_lucks
from warkit.simulate import simulate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from positions import position


@pytest.fixture(scope="module")
def game() -> Match:
    return simulate(4, bots=["normal"] * 4, seed=3)


@pytest.mark.parametrize(("att", "dfn"), list(itertools.product((1, 2, 3), repeat=2)))
def test_roll_moments_are_the_brute_force_enumeration(att, dfn):
    """C-ATK-4 by hand: every face of every die, sorted, compared, ties to the defender."""
    losses = []
    for faces in itertools.product(range(1, 7), repeat=att + dfn):
        a = sorted(faces[:att], reverse=True)
        d = sorted(faces[att:], reverse=True)
        losses.append(sum(x <= y for x, y in zip(a, d)))
    mean = Fraction(sum(losses), len(losses))
    variance = Fraction(sum(x * x for x in losses), len(losses)) - mean * mean
    assert roll_loss_moments(att, dfn) == (mean, variance)


def test_ties_follow_the_rule_sets_battle_rule():
    """With ties to the attacker (S-TERRAIN-2), one die each: the attacker loses only to a
    higher die, 15 of 36."""
    from warkit.rules.terms import BattleRule

    mean, variance = roll_loss_moments(1, 1, BattleRule(ties="attacker"))
    assert (mean, variance) == (Fraction(15, 36), Fraction(15, 36) * Fraction(21, 36))


def test_one_roll_by_hand():
    """6-5-1 against 6-3-1: the attacker loses 2 (6 = 6 and 1 = 1 are ties), the defender 1."""
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 4, "argentina": 3},
                     phase=Phase.ATTACK)
    match = Match(state)
    match.push(Attack("brasil", "argentina", 3))
    match.push("roll 6,5,1 vs 6,3,1")
    mean, variance = roll_loss_moments(3, 3)
    rows = luck(match)
    assert (rows[0].lost, rows[0].expected_lost, rows[0].variance) == (2, mean, variance)
    assert (rows[1].lost, rows[1].expected_lost, rows[1].variance) == (1, 3 - mean, variance)
    assert rows[0].extra_lost == 2 - mean == -rows[1].extra_lost
    assert rows[0].z == pytest.approx(float(2 - mean) / float(variance) ** 0.5)
    assert rows[2].comparisons == 0 and rows[2].z == 0.0


def test_a_whole_game_adds_up(game):
    """Every comparison is lost by exactly one side: the extra losses sum to zero; each
    seat's variance is the sum of the variances of the rolls it fought."""
    rows = luck(game)
    assert sum(r.extra_lost for r in rows) == 0
    assert sum(r.lost for r in rows) == sum(r.comparisons for r in rows) // 2
    for r in rows:
        fought = [x for x in roll_lucks(game) if r.seat in (x.attacker, x.defender)]
        assert r.variance == sum((x.variance for x in fought), Fraction(0))
        assert r.extra_lost == -r.surplus
        assert r.sigma > 0


def test_luck_upto_is_the_luck_of_the_game_so_far(game):
    """The replay's luck at a move is the luck of the game cut at that move."""
    cut = len(game.actions) // 2
    short = Match(game.states[0], seed=game.seed)
    for action in game.actions[:cut]:
        short.push(action)
    assert luck(game, cut) == luck(short)
    assert battles(game, cut) == battles(short)


def test_battles_split_the_rolls_and_know_their_conquests(game):
    """Each attack groups consecutive rolls of one pair in one turn; it is "conquered"
    exactly when the engine reported a conquest of its target after its last roll."""
    found = battles(game)
    assert sum(b.rolls for b in found) == len(roll_lucks(game))
    conquests = {(e.seat, e.territory, game.states[i].turn)
                 for i in range(len(game.actions)) for e in game.events(i)
                 if isinstance(e, Conquest)}
    assert {(b.attacker, b.dst, b.turn) for b in found if b.conquered} == conquests


def test_decisive_battles_are_the_largest_swings(game):
    top = decisive_battles(game, 3)
    assert len(top) == 3
    assert [b.first for b in top] == sorted(b.first for b in top)
    swings = sorted((abs(b.extra_lost) for b in battles(game)), reverse=True)
    assert sorted((abs(b.extra_lost) for b in top), reverse=True) == swings[:3]


def test_sigma_matches_a_simulation_of_the_same_dice():
    """The summed variance is the spread of the total losses: seeded Monte Carlo of 40
    rolls of 3 dice against 2 agrees with 40 times the exact variance."""
    import numpy as np
    rng = np.random.default_rng(7)
    att = -np.sort(-rng.integers(1, 7, size=(20_000, 40, 3)), axis=2)[:, :, :2]
    dfn = -np.sort(-rng.integers(1, 7, size=(20_000, 40, 2)), axis=2)
    totals = (att <= dfn).sum(axis=(1, 2))
    mean, variance = roll_loss_moments(3, 2)
    assert totals.mean() == pytest.approx(40 * float(mean), rel=0.01)
    assert totals.var() == pytest.approx(40 * float(variance), rel=0.05)


def test_the_teachers_guide_example_is_what_the_code_says(game):
    """TEACHERS.md quotes the luck of ``simulate(bots=["normal"] * 4, seed=3)``."""
    from warkit_widgets.luck_panel import luck_sentence

    rafa = luck(game)[0]
    said = {lang: luck_sentence(rafa, "Rafa", lang) for lang in ("en", "pt")}
    assert said["en"] == "Rafa lost 3.4 armies more than expected (119 against 115.6), +0.4 σ"
    assert said["pt"] == ("Rafa perdeu 3,4 exércitos a mais que o esperado (119 contra 115,6), "
                          "+0,4 σ")
    teachers = " ".join((Path(__file__).resolve().parents[1] / "notebooks" / "TEACHERS.md")
                        .read_text().split())
    assert "Rafa lost 3.4 armies more than expected (119 against 115.6), +0.4 σ" in teachers
    assert said["pt"] in teachers


def test_the_end_screens_luck_speaks_portuguese_numbers(game):
    """0,4 σ and -3,4 in Portuguese, never 0.4 (the end report and its chart)."""
    from warkit_widgets.play.end_report import report_html

    pt, en = report_html(game, None, "pt"), report_html(game, None, "en")
    assert "+0,4 σ" in pt and ">-3,4<" in pt and "+0.4 σ" not in pt
    assert "+0.4 σ" in en and ">-3.4<" in en
