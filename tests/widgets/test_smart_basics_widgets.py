"""The SMART basics lesson widgets and their models without a browser: the Paranoia dealer,
the Intelligence desk, the terrain explorer, and the quiet-turn positions of the lessons.

Rule IDs: S-SETUP-1 (Paranoia objectives), S-REINF-3 and S-INTEL-1 (Intelligence),
S-TERRAIN-2 and S-TERRAIN-3 (terrain knowledge), S-LIMIT-1 (rounds).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations
from math import e, factorial

import pytest
from warkit_widgets.lessons import IntelligenceDesk, ParanoiaDealer, TerrainExplorer
from warkit_widgets.lessons.smart_basics.examples import played_smart_table, quiet_turn
from warkit_widgets.lessons.smart_basics.models import (
    derangements,
    intelligence_choice,
    intelligence_options,
    paranoia_deal,
    terrain_chances,
    valid_deal_chance,
)

import warkit
from warkit.odds import win_probability


@pytest.mark.parametrize("n", range(1, 8))
def test_derangements_match_a_brute_force_count(n):
    """S-SETUP-1: the valid deals are the orders with no fixed point."""
    count = sum(1 for p in permutations(range(n)) if all(p[i] != i for i in range(n)))
    assert derangements(n) == count
    assert valid_deal_chance(n) == Fraction(count, factorial(n))


def test_the_valid_deal_chance_tends_to_one_over_e():
    assert [valid_deal_chance(n) for n in (3, 4, 5, 6)] == [
        Fraction(1, 3), Fraction(3, 8), Fraction(11, 30), Fraction(53, 144)]
    assert abs(valid_deal_chance(6) - 1 / e) < 1e-3


def test_paranoia_deal_ends_with_a_derangement():
    colors = ("white", "black", "red", "blue")
    attempts = paranoia_deal(colors, random.Random(3))
    assert all(h != c for h, c in zip(attempts[-1], colors))
    for deal in attempts[:-1]:
        assert any(h == c for h, c in zip(deal, colors))
        assert sorted(deal) == sorted(colors)


def test_paranoia_dealer_counts_games_and_deals():
    dealer = ParanoiaDealer(4, seed=1, lang="en")
    for _ in range(9):
        dealer.deal()
    games, first, deals = dealer.counts[4]
    assert games == 10 and 0 <= first <= games <= deals
    assert "Exact chance: 3/8" in dealer.tally.value and "8/3" in dealer.tally.value
    dealer.players.value = 5
    assert "11/30" in dealer.tally.value


def test_intelligence_the_mods_europe_and_africa_example():
    """S-INTEL-1: keep both (8 armies), Africa for 1 card, Europe for 2, both for 4."""
    found = {tuple(c for c, _ in o.given_up): (o.armies, o.cards, o.lost)
             for o in intelligence_options(["europa", "africa"])}
    assert found == {(): (8, 0, 0), ("europa",): (3, 2, 1), ("africa",): (5, 1, 1),
                     ("europa", "africa"): (0, 4, 0)}
    with pytest.raises(ValueError):
        intelligence_choice(["europa"], ["asia"])


def test_intelligence_desk_follows_the_toggles():
    desk = IntelligenceDesk(["europa", "africa"], lang="en")
    assert desk.choice.armies == 8 and desk.choice.cards == 0
    choice = desk.give_up("europa", "africa")
    assert (choice.armies, choice.cards, choice.lost) == (0, 4, 0)
    assert "4 card" in desk.result.value
    desk.give_up("africa")
    assert "1 army left over is lost" in desk.result.value


def test_terrain_chances_come_from_the_odds():
    """S-TERRAIN-2: more for the attacker; S-TERRAIN-3 (revised): less, but not 0."""
    chances = terrain_chances(3, 3)
    assert chances[None] == pytest.approx(float(win_probability(3, 3)))
    assert chances["defender"] == pytest.approx(float(win_probability(3, 3, terrain="defender")))
    assert chances["attacker"] > chances[None] > chances["defender"] > 0


def test_terrain_explorer_switches_sides():
    explorer = TerrainExplorer(5, 3, lang="pt")
    plain = explorer.odds.odds.win
    explorer.side.value = "attacker"
    assert explorer.odds.odds.win > plain
    explorer.side.value = "defender"
    assert 0 < explorer.odds.odds.win < plain
    assert "S-TERRAIN-3" in explorer.compare.value


def test_smart_table_reaches_the_round_by_quiet_turns():
    """S-LIMIT-1: a position in round 2 really is one (every seat played round 1)."""
    state = played_smart_table(4, seed=3, round=2, armies={"brasil": 5})
    assert state.round == 2 and state.current == state.first_player
    assert state.phase is warkit.Phase.ATTACK and state.extra.attacks == 0
    assert state.armies_at("brasil") == 5
    after = quiet_turn(state)
    assert after.current == (state.current + 1) % 4 and after.phase is warkit.Phase.TRADE


def test_objective_text_names_the_hunted_colour_in_both_languages():
    """S-SETUP-1: a Paranoia objective in words, with the Portuguese plural of the colour."""
    from warkit_widgets.lessons.smart_basics.messages import objective_text

    assert objective_text("destroy_blue", "en") == "destroy the blue armies"
    assert objective_text("destroy_blue", "pt") == "destruir os exércitos azuis"
    assert objective_text("destroy_red", "pt") == "destruir os exércitos vermelhos"
    with pytest.raises(ValueError, match="S-SETUP-1"):
        objective_text("conquer_24", "en")


def test_expected_best_trade_matches_every_hand_and_lab_07():
    """S-TRADE-1..5: the mean best split over every hand of 1 and 2 cards, counted hand by
    hand, equals the make-up sum; 6 cards give 67341/3526 = 19.098 (probability lab 07)."""
    from itertools import combinations

    from warkit_widgets.lessons.smart_basics.models import expected_best_trade

    from warkit.rules.smart import best_trade

    deck = [*warkit.world_map().ids, "joker1", "joker2"]
    for n in (1, 2):
        hands = list(combinations(deck, n))
        assert expected_best_trade(n) == Fraction(sum(best_trade(h).total for h in hands),
                                                  len(hands))
    assert expected_best_trade(1) == Fraction(42 + 2 * 11, 44)
    assert expected_best_trade(6) == Fraction(67341, 3526)
    with pytest.raises(ValueError, match="S-TRADE-1"):
        expected_best_trade(7)


def test_trade_text_explains_the_best_split_in_both_languages():
    """S-TRADE-1..5: the split, the joker bonus and the +2 per owned territory, in words."""
    from warkit_widgets.lessons.smart_basics.messages import trade_text

    from warkit.rules.smart import best_trade

    hand = ["franca", "polonia", "sudao", "congo", "brasil", "peru"]
    value = best_trade(hand, owned=hand[:4])
    assert trade_text(value, "en") == ("square ×4 (16) + triangle circle (3) + 2 × 4 on owned "
                                       "territories = 27")
    assert trade_text(value, "pt") == ("quadrado ×4 (16) + triângulo círculo (3) + 2 × 4 nos "
                                       "territórios próprios = 27")
    assert trade_text(best_trade(["joker1", "joker2"]), "pt") == \
        "2 × coringa (4) + bônus de coringa 25 = 29"


def test_played_smart_table_keeps_its_rule_settings():
    """S-SUPPLY-1 as an example of a SMART rule setting: it survives the arranged position."""
    table = played_smart_table(3, seed=1, round=2, army_supply=40)
    settings = warkit.state_to_dict(table)["rules"]["settings"]
    assert table.round == 2 and settings["army_supply"] == 40
