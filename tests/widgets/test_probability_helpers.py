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
