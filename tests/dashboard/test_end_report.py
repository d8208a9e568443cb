"""The end-of-game report (warkit_widgets.play.end_report): timelines, exact luck and decisive
moments from a match record, drawn as SVG. Rules: C-ATK-4 (the comparisons luck counts),
C-ELIM-1, C-REINF-2 (continents), C-WIN-1."""

from __future__ import annotations

import itertools
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from warkit_widgets.play.end_report import (
    expected_attacker_wins,
    luck,
    moments,
    report_html,
    timeline,
)

import warkit
from warkit import Attack, Match, Phase
from warkit.odds import roll_outcomes
from warkit.simulate import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import position


@pytest.fixture(scope="module")
def game() -> Match:
    return simulate(4, bots=["normal"] * 4, seed=5)


@pytest.mark.parametrize(("att", "dfn"), list(itertools.product((1, 2, 3), repeat=2)))
def test_the_expected_comparisons_are_the_engines_exact_odds(att, dfn):
    """C-ATK-4: the mean number of comparisons the attacker wins is the defender's mean loss
    in the engine's exact one-battle distribution."""
    mean = sum(p * lost_def for (_, lost_def), p in roll_outcomes(att, dfn).items())
    assert expected_attacker_wins(att, dfn) == mean


def test_one_die_each_is_15_of_36():
    assert expected_attacker_wins(1, 1) == Fraction(15, 36)


def test_luck_counts_the_recorded_dice_of_both_sides():
    """A battle of 3 dice against 3 (C-ATK-4): 6-5-1 against 6-3-1 gives the attacker one
    comparison (5 > 3) and the defender two (6 = 6 and 1 = 1 are ties)."""
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 4, "argentina": 3},
                     phase=Phase.ATTACK)
    match = Match(state)
    match.push(Attack("brasil", "argentina", 3))
    match.push("roll 6,5,1 vs 6,3,1")
    rows = luck(match)
    mean = expected_attacker_wins(3, 3)
    assert (rows[0].won, rows[0].expected, rows[0].comparisons) == (1, mean, 3)
    assert (rows[1].won, rows[1].expected, rows[1].comparisons) == (2, 3 - mean, 3)
    assert rows[2].comparisons == rows[3].comparisons == 0
    assert rows[0].surplus == 1 - mean


def test_luck_adds_up_over_a_whole_game(game):
    """Each comparison is won by exactly one side: the wins add up to the comparisons fought,
    and the expectations to the same total."""
    rows = luck(game)
    pairs = sum(min(len(a.attack), len(a.defence)) for a in game.actions
                if isinstance(a, warkit.Roll))
    assert pairs > 100
    assert sum(r.won for r in rows) == pairs
    assert sum(r.expected for r in rows) == pairs
    assert sum(r.comparisons for r in rows) == 2 * pairs


def test_the_timeline_follows_the_turns(game):
    line = timeline(game)
    final = game.state
    assert line.turns[0] == 1 and line.turns[-1] == final.turn
    assert list(line.turns) == sorted(line.turns)
    for seat in range(4):
        assert line.territories[seat][-1] == final.territory_count(seat)
        assert line.armies[seat][-1] == final.army_count(seat)
    for k in range(len(line.turns)):  # 42 territories at every turn (C-COMP-2)
        assert sum(line.territories[s][k] for s in range(4)) == 42


def test_the_moments_end_with_the_winner(game):
    found = moments(game)
    assert found[-1].key == "end.moment.won"
    assert dict(found[-1].params)["seat"] == game.state.winners[0]
    assert [m.turn for m in found] == sorted(m.turn for m in found)
    assert len(found) <= 10


def test_an_elimination_is_a_moment():
    """C-ELIM-1: a player who loses their last territory is out; the report says who by."""
    for seed in range(1, 40):
        match = simulate(4, bots=["normal"] * 4, seed=seed)
        if not all(match.state.alive):
            break
    else:
        pytest.skip("no elimination in 40 seeded games")
    gone = [s for s, alive in enumerate(match.state.alive) if not alive]
    eliminated = [dict(m.params)["seat"] for m in moments(match)
                  if m.key == "end.moment.eliminated"]
    assert sorted(eliminated) == gone


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_report_draws_three_charts_in_the_language(game, lang):
    names = ["Ana", "Bento", "<Caio>", "Dora"]
    html = report_html(game, names, lang)
    assert html.count("<svg") == 3
    assert html.count('class="wk-series"') == 8  # territories and armies, one line per seat
    assert html.count('class="wk-bar"') == 4
    assert "&lt;Caio&gt;" in html and "<Caio>" not in html
    title = {"pt": "Territórios no início de cada jogada",
             "en": "Territories at the start of each turn"}[lang]
    assert title in html
    winner = names[game.state.winners[0]].replace("<", "&lt;").replace(">", "&gt;")
    assert re.search(re.escape(winner) + " (wins|vence)", html)


def test_the_luck_chart_bars_point_the_right_way(game):
    html = report_html(game, None, "en")
    rows = luck(game)
    for r in rows:
        assert f"{float(r.surplus):+.1f}" in html
