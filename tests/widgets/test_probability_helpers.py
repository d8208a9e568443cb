"""The probability labs' helpers (warkit_widgets.lessons.probability): numbers and labels in
each language."""

from __future__ import annotations

from fractions import Fraction

import pytest
from warkit_widgets.lessons.probability import fmt_int, objective_label, pct

from warkit.worldmap import world_map


def test_whole_numbers_and_percentages_follow_the_language():
    assert (fmt_int(46_656, "pt"), fmt_int(46_656, "en")) == ("46.656", "46,656")
    assert (pct(Fraction(5, 12), "pt"), pct(Fraction(5, 12), "en")) == ("41,7%", "41.7%")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_objective_card_has_a_short_distinct_label(lang):
    """C-COMP-3: 14 cards, 14 different labels short enough for a chart's row."""
    cards = [o.id for o in world_map().objectives]
    labels = [objective_label(card, lang) for card in cards]
    assert len(set(labels)) == len(cards) == 14
    assert max(map(len, labels)) <= 36


def test_objective_labels_name_continents_counts_and_colours():
    assert objective_label("europe_oceania_plus_one", "en") == "Europe + Oceania + 1"
    assert objective_label("18_territories_2_armies", "pt") == "18 territórios, 2 exércitos cada"
    assert objective_label("destroy_red", "pt") == "destruir o vermelho"


def test_lab05_war_rolls_and_battles_match_the_engine():
    """C-ATK-4, C-ATK-5: the lab's small functions agree with warkit.odds for War, Risk and six
    attack dice."""
    from warkit_widgets.lessons.probability import one_roll, top_dice, war_win

    from warkit.odds import roll_outcomes, win_probability

    assert one_roll(3, 3) == roll_outcomes(3, 3) and one_roll(2, 1) == roll_outcomes(2, 1)
    assert len(top_dice(6, 3)) == 56
    for a, d in ((1, 1), (3, 2), (4, 4), (6, 5)):
        assert war_win(a, d) == win_probability(a, d, exact=True)
        assert war_win(a, d, most_defence=2) == win_probability(a, d, defender_dice_max=2,
                                                                exact=True)
        assert war_win(a, d, most=6) == win_probability(a, d, attacker_dice_max=6, exact=True)


def test_lab05_clash_of_cultures_is_symmetric_and_sums_to_one():
    from warkit_widgets.lessons.probability import D12_TWICE_1_TO_6, clash, hits

    assert clash(1, 1) == (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    assert clash(1, 1, D12_TWICE_1_TO_6) == (Fraction(2, 5), Fraction(2, 5), Fraction(1, 5))
    # faces 1-4 score no hit, 5-9 one, 10-12 two
    assert hits(1) == {0: Fraction(4, 12), 1: Fraction(5, 12), 2: Fraction(3, 12)}
    for a in range(1, 5):
        for d in range(1, 5):
            won, lost, both = clash(a, d)
            assert won + lost + both == 1 and clash(d, a)[:2] == (lost, won)
