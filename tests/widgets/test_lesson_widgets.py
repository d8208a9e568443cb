"""The lesson widgets and their models without a browser: the map tour, the reinforcement
calculator, the regroup desk and the set finder.

Rule IDs: C-COMP-2 (42 territories, 44 cards), C-ATK-1 (neighbours), C-REINF-1 and C-REINF-2
(armies received), C-MOVE-1..3 (regrouping), C-CARD-2 (sets).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from warkit_widgets.lessons import RegroupDesk, ReinforcementCalculator, SetFinder, TerritoryTour
from warkit_widgets.lessons.classic.models import (
    deal_hand,
    hand_sets,
    reinforcement,
    set_chance,
    territory_facts,
)
from warkit_widgets.lessons.examples import arranged_position, deal_actions, rule_book_position

import warkit
from warkit.cards import all_cards, is_set

M = warkit.world_map()


def test_territory_facts_follow_the_map_data():
    """C-ATK-1: neighbours by land border or dotted sea line; the degree counts them all."""
    china = territory_facts("china")
    assert china.degree == len(M.adjacency[M.index("china")]) == 8
    assert (M.index("japao"), "sea") in china.neighbours
    assert sum(territory_facts(t).degree for t in M.ids) == 2 * len(M.borders)
    assert territory_facts("brasil").outside == (M.index("argelia"),)
    assert territory_facts("peru").outside == ()


@pytest.mark.parametrize("owned, expected", [
    ((), 3), (M.ids[:7], 3), (M.ids[:8], 4), (M.ids[:11], 5 + 5), (M.ids, 21 + 24)])
def test_reinforcement_counts_territories_and_whole_continents(owned, expected):
    """C-REINF-1: territories // 2, at least 3; C-REINF-2: the bonus of each whole continent."""
    assert reinforcement(owned).total == expected


def test_reinforcement_of_the_rule_book_example():
    """19 territories with the whole of South America: 9 + 2 = 11 (C-REINF-1, C-REINF-2)."""
    south = M.continent("america_do_sul").territories
    others = [t for t in M.ids if t not in south][::2][:15]
    r = reinforcement((*south, *others))
    assert (r.territories, r.base, r.bonuses, r.total) == (
        19, 9, ((M.continent("america_do_sul").index, 2),), 11)


def test_set_chance_matches_a_brute_force_count_for_three_cards():
    """C-CARD-2: every one of the C(44, 3) hands judged by the engine."""
    hits = sum(1 for hand in combinations(all_cards(), 3) if is_set(hand))
    assert set_chance(3) == Fraction(hits, comb(44, 3))
    assert set_chance(2) == 0 and set_chance(5) == 1 and 0 < set_chance(4) < 1


def test_dealt_hands_and_their_sets():
    hand = deal_hand(5, random.Random(1))
    assert len(hand) == len(set(hand)) == 5
    assert all(is_set(s) for s in hand_sets(hand)) and hand_sets(hand)


def test_deal_actions_give_each_colour_its_territories():
    """C-SETUP-3: the dealer first, clockwise; with 4 players the dealer and the next get 11."""
    south = M.continent("america_do_sul").territories
    state = warkit.initial_state(4)
    for move in deal_actions(4, dealer=1, objectives=("24_territories", "asia_africa",
                                                      "destroy_red", "destroy_white"),
                             territories={"red": south}):
        state = warkit.apply(state, move)
    assert [state.territory_count(s) for s in range(4)] == [10, 11, 11, 10]
    assert all(state.owner_of(t) == 2 for t in south)
    with pytest.raises(ValueError):
        deal_actions(6, dealer=0, objectives=(), territories={"white": M.ids[:8]})


def test_arranged_position_is_checked_by_the_engine():
    state = arranged_position(rule_book_position(), hands={"red": ("brasil", "joker1")})
    assert state.hands[2] == (M.index("brasil"), 42)
    assert len(state.deck) == 42
    with pytest.raises(ValueError, match="brasil"):  # C-MOVE-2: at least 1 army everywhere
        arranged_position(rule_book_position(), armies={"brasil": 0})
    with pytest.raises(ValueError, match="no 'pink' player"):
        arranged_position(rule_book_position(), owners={"brasil": "pink"})


def test_territory_tour_describes_the_clicked_territory():
    tour = TerritoryTour(rule_book_position(), lang="en")
    x, y = tour.map.pixel_of("china")
    tour.map.click_at(x, y)
    assert tour.selected == M.index("china")
    assert "8 neighbours" in tour.info.value and "Japan" in tour.info.value
    highlights = tour.map.highlights()
    assert highlights.selected == M.index("china") and len(highlights.targets) == 8
    tour.show("peru")
    assert "Inside South America" in tour.info.value


def test_reinforcement_calculator_follows_clicks():
    state = rule_book_position()
    calc = ReinforcementCalculator(state, 2, lang="pt")
    assert calc.reinforcement.territories == 14 and "<b>7</b>" in calc.result.value
    calc.set_owned(M.continent("oceania").territories)
    assert calc.reinforcement.total == 3 + 2 and "Oceania" in calc.result.value
    x, y = calc.map.pixel_of("brasil")
    calc.map.click_at(x, y)
    assert M.index("brasil") in calc.owned
    assert calc.map.highlights().sources == frozenset(calc.owned)
    calc.toggle("brasil")
    assert M.index("brasil") not in calc.owned


def test_regroup_desk_moves_and_refuses_a_second_move():
    """C-MOVE-1: adjacent owned territories; C-MOVE-3: armies moved once stay."""
    state = warkit.apply(rule_book_position(), "end")  # red: to the regroup step
    desk = RegroupDesk(state, lang="en", seed=1)
    desk.controller.select("franca", "egito")
    assert desk.count.max == 9 and not desk.move_button.disabled
    desk.count.value = 4
    assert desk.move()
    assert desk.controller.state.armies_at("egito") == 5
    assert "Egypt 0" not in desk.free.value
    desk.controller.select("egito", "congo")
    assert desk.controller.selection.source is None  # nothing free on Egypt any more
    assert desk.end() and desk.controller.state.colors[desk.controller.state.current] == "white"


def test_set_finder_deals_and_counts():
    finder = SetFinder(3, seed=5, lang="en")
    for _ in range(9):
        finder.deal()
    dealt, hits = finder.counts[3]
    assert dealt == 10 and 0 <= hits <= 10
    assert "200/473" in finder.tally.value
    finder.size.value = 5
    finder.deal()
    assert finder.counts[5] == [1, 1] and "Sets in this hand" in finder.found.value
