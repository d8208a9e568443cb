"""Elimination and victory, rule by rule: C-ELIM-1..2, C-WIN-1..2.

Victory is checked after every action (C-WIN-1, Decision), so each objective
is completed by one forced action and the test checks the game ends right
there, and not one army or territory earlier.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from positions import (
    JOKER1,
    battle,
    card,
    card_count,
    conquer,
    members,
    position,
    refused,
    turn_start,
)

from warkit import (
    TERMINAL,
    Draw,
    EndPhase,
    Occupy,
    Phase,
    Place,
    Reason,
    Trade,
    apply,
    chance_outcomes,
    legal_actions,
    view,
)
from warkit.rules.victory import objective_met


def black_down_to(territory="argentina", **kwargs):
    """Seat 0 (white) attacks black's (seat 1) last territory from Brasil."""
    owners = {"brasil": 0, territory: 1, **kwargs.pop("owners", {})}
    armies = {"brasil": 5, **kwargs.pop("armies", {})}
    return position(owners, armies, rest=kwargs.pop("rest", (2, 3)), **kwargs)


# -- C-ELIM-1: out of the game ------------------------------------------------------------------
def test_elim_1_losing_the_last_territory_puts_a_player_out():
    """C-ELIM-1: a player who loses their last territory is out of the game."""
    state = black_down_to()
    assert state.alive == (True, True, True, True)
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 2")
    assert state.alive == (True, False, True, True)
    assert state.eliminated_by == (None, 0, None, None)
    assert state.territory_count(1) == 0
    assert view(state, 2).alive[1] is False


def test_elim_1_a_player_with_territories_left_stays_in():
    """C-ELIM-1: losing a territory that is not the last one does not eliminate."""
    state = black_down_to(owners={"japao": 1})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 2")
    assert state.alive == (True, True, True, True)
    assert state.eliminated_by == (None, None, None, None)


def test_elim_1_turn_order_skips_the_eliminated_player():
    """C-ELIM-1: after seat 0's turn comes seat 2, not the eliminated seat 1; seat 1 can
    never act again."""
    state = conquer(black_down_to(), "brasil", "argentina", occupy=1)
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.phase is Phase.DRAW
    state = apply(state, Draw("joker1"))
    assert state.current == 2
    refused(state, EndPhase(), Reason.NOT_YOUR_TURN, player=1)
    # seat 3 ends its turn: back to seat 0 (new round), seat 1 skipped again
    state = position(current=3, phase=Phase.MOVE, rest=(0, 2, 3), alive=(True, False, True, True),
                     eliminated_by={1: 0})
    state = apply(state, EndPhase())
    assert state.current == 0 and state.round == 3
    state = position(current=0, phase=Phase.MOVE, rest=(0, 2, 3), alive=(True, False, True, True),
                     eliminated_by={1: 2})
    assert apply(state, EndPhase()).current == 2


# -- C-ELIM-2: the eliminated player's cards -------------------------------------------------------
def test_elim_2_one_card_takes_all_three():
    """C-ELIM-2 (rule book example): A holding 1 card eliminates B holding 3: A takes all
    of them (4 cards), no draw needed."""
    hands = {0: ["mexico"], 1: ["alasca", "vancouver", "joker1"]}
    state = conquer(black_down_to(hands=hands), "brasil", "argentina", occupy=0)
    assert state.phase is Phase.OCCUPY
    assert state.hands[0] == tuple(sorted(card(c) for c in
                                          ("mexico", "alasca", "vancouver", "joker1")))
    assert state.hands[1] == () and state.loot == ()
    assert card_count(state) == 44


def test_elim_2_three_cards_against_four_draw_two_blind_rest_discarded():
    """C-ELIM-2 (walk-through example): holding 3, eliminating a player with 4: draw 2
    blind from those 4 (each equally likely); the other 2 go to the discard pile."""
    hands = {0: ["mexico", "california", "labrador"],
             1: ["alasca", "vancouver", "nova_york", "joker1"]}
    state = conquer(black_down_to(hands=hands), "brasil", "argentina", occupy=0)
    assert state.phase is Phase.LOOT and state.current_player == -1
    assert state.loot_draws == 2 and len(state.loot) == 4
    assert view(state, 0).loot_size == 4 and view(state, 0).hand == state.hands[0]
    outcomes = chance_outcomes(state)
    assert sorted(a.card for a, _ in outcomes) == sorted(
        ["alasca", "vancouver", "nova_york", "joker1"])
    assert all(p == Fraction(1, 4) for _, p in outcomes)
    refused(state, Draw("mexico"), Reason.NOT_A_CHANCE_OUTCOME, "C-ELIM-2")
    refused(state, Occupy(1), Reason.CHANCE_PENDING)
    state = apply(state, Draw("joker1"))
    assert state.phase is Phase.LOOT and state.loot_draws == 1
    assert [p for _, p in chance_outcomes(state)] == [Fraction(1, 3)] * 3
    refused(state, Draw("joker1"), Reason.NOT_A_CHANCE_OUTCOME, "C-ELIM-2")
    state = apply(state, Draw("vancouver"))
    assert state.phase is Phase.OCCUPY
    assert len(state.hands[0]) == 5
    assert {card("vancouver"), JOKER1} <= set(state.hands[0])
    assert set(state.discard) == {card("alasca"), card("nova_york")}
    assert state.loot == () and card_count(state) == 44


def test_elim_2_full_hand_takes_nothing():
    """C-ELIM-2: an eliminator already holding 5 cards takes none; all go to the discards."""
    hands = {0: ["mexico", "california", "labrador", "alasca", "vancouver"],
             1: ["nova_york", "peru"]}
    state = conquer(black_down_to(hands=hands), "brasil", "argentina", occupy=0)
    assert state.phase is Phase.OCCUPY and len(state.hands[0]) == 5
    assert set(state.discard) == {card("nova_york"), card("peru")}


def test_elim_2_late_trade_after_regrouping():
    """C-ELIM-2: an eliminator holding a set may trade after regrouping (late=True),
    place those armies, and then draw the turn's card. The late trade is optional even
    with 5 cards."""
    hands = {0: ["mexico", "california", "alasca"], 1: ["labrador", "joker1"]}
    state = conquer(black_down_to(hands=hands), "brasil", "argentina", occupy=1)
    assert len(state.hands[0]) == 5
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.phase is Phase.TRADE and state.late is True and state.current == 0
    assert EndPhase() in legal_actions(state)  # optional
    assert apply(state, EndPhase()).phase is Phase.DRAW
    traded = apply(state, Trade(("mexico", "california", "labrador")))
    assert traded.phase is Phase.PLACE and traded.reserves == 4
    assert view(traded, 0).late is True
    refused(traded, "attack brasil peru 1", Reason.WRONG_PHASE, "C-TURN-1")
    done = apply(traded, Place("brasil", 4))
    assert done.phase is Phase.DRAW  # then the turn's card (C-CARD-1)
    assert done.armies_at("brasil") == 8


def test_elim_2_the_late_trade_is_the_only_second_trade():
    """C-CARD-3 and C-ELIM-2: a player who traded at the start of the turn and then
    eliminates someone may trade again after regrouping: the late trade is the one
    exception to one trade per turn."""
    hands = {0: ["nova_york", "peru", "vancouver", "mexico"], 1: ["california", "labrador"]}
    state = turn_start({"brasil": 0, "argentina": 1}, hands=hands, armies={"brasil": 6},
                       rest=(2, 3))
    state = apply(state, Trade(("nova_york", "peru", "vancouver")))   # three triangles
    assert state.phase is Phase.PLACE and state.trades == 1
    state = apply(state, Place("brasil", state.reserves))
    state = conquer(state, "brasil", "argentina", occupy=1)
    assert sorted(state.hands[0]) == sorted(card(c) for c in ("mexico", "california",
                                                              "labrador"))
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.phase is Phase.TRADE and state.late
    traded = apply(state, Trade(("mexico", "california", "labrador")))
    assert traded.phase is Phase.PLACE and traded.trades == 2 and traded.reserves == 6


def test_elim_2_a_sixth_card_forces_a_trade_next_turn():
    """C-ELIM-2 (decision): an eliminator who keeps 5 looted cards and earns the turn's card
    ends the turn with 6; C-CARD-3 forces a trade (one) at the start of their next turn."""
    hands = {0: ["mexico", "california", "alasca"], 1: ["labrador", "joker1"]}
    state = conquer(black_down_to(hands=hands), "brasil", "argentina", occupy=1)
    state = apply(apply(apply(state, EndPhase()), EndPhase()), EndPhase())  # no late trade
    assert state.phase is Phase.DRAW
    state = apply(state, Draw("peru"))
    assert len(state.hands[0]) == 6 and state.current == 2
    while state.current != 0:   # red and blue pass their turns
        legal = legal_actions(state)
        places = [f for f in legal.families if not isinstance(f, EndPhase)]
        state = apply(state, EndPhase() if EndPhase() in legal else places[0].largest)
    assert state.phase is Phase.TRADE and len(state.hands[0]) == 6
    refused(state, EndPhase(), Reason.MUST_TRADE, "C-CARD-3")
    traded = apply(state, Trade(("mexico", "california", "labrador")))
    assert traded.phase is Phase.PLACE and len(traded.hands[0]) == 3


def test_elim_2_no_late_trade_without_an_elimination():
    """C-ELIM-2: the late trade is for the eliminator only: a set in hand otherwise waits
    for the next turn."""
    hands = {0: ["mexico", "california", "labrador"]}
    state = position({"brasil": 0}, {"brasil": 5}, hands=hands)
    state = conquer(state, "brasil", "argentina", occupy=1)
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.phase is Phase.DRAW and not state.late


# -- C-WIN-1: objectives ---------------------------------------------------------------------------
def test_win_1_two_continents():
    """C-WIN-1: "Asia and South America": won the moment the last territory falls."""
    owners = {t: 0 for t in (*members("asia"), "brasil", "peru", "venezuela")}
    state = position(owners, {"brasil": 5}, objectives={0: "asia_south_america"})
    assert not state.is_terminal
    state = battle(state, "brasil", "argentina", 1, "6 vs 1")
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)
    assert state.current_player == TERMINAL
    assert min(state.armies) >= 1  # the conquering army moved in: no empty territory


def test_win_1_two_continents_one_territory_short():
    """C-WIN-1: one territory of South America short: no victory."""
    owners = {t: 0 for t in (*members("asia"), "brasil", "peru")}
    state = position(owners, {"brasil": 5}, objectives={0: "asia_south_america"})
    state = battle(state, "brasil", "argentina", 1, "6 vs 1")
    assert state.phase is Phase.OCCUPY and state.winners == ()


@pytest.mark.parametrize("third", ["america_do_sul", "africa", "asia"])
def test_win_1_two_continents_plus_any_third(third):
    """C-WIN-1 (Decision): "Europe, Oceania and a third": any third whole continent."""
    base = {t: 0 for t in (*members("europa"), *members("oceania"))}
    # the third continent, all but one territory that Brasil or Argelia can attack
    last = {"america_do_sul": "argentina", "africa": "egito", "asia": "oriente_medio"}[third]
    src = {"america_do_sul": "brasil", "africa": "argelia", "asia": "egito"}[third]
    owners = {**base, **{t: 0 for t in members(third) if t != last}, src: 0}
    owners[last] = 1
    state = position(owners, {src: 5}, objectives={0: "europe_oceania_plus_one"})
    assert not state.is_terminal
    state = battle(state, src, last, 1, "6 vs 1")
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)


def test_win_1_two_continents_without_a_third_is_not_enough():
    """C-WIN-1: Europe and Oceania alone do not meet "Europe, Oceania and a third"."""
    owners = {t: 0 for t in (*members("europa"), *members("oceania"), "brasil", "peru")}
    state = position(owners, {"brasil": 5}, objectives={0: "europe_oceania_plus_one"})
    state = battle(state, "brasil", "argentina", 1, "6 vs 1")  # South America not whole
    assert not state.is_terminal
    state = apply(state, Occupy(1))
    assert state.phase is Phase.ATTACK


EIGHTEEN = ("alasca", "mackenzie", "groenlandia", "vancouver", "ottawa", "labrador",
            "california", "nova_york", "mexico", "islandia", "inglaterra", "suecia", "moscou",
            "alemanha", "polonia", "franca", "argelia", "egito")


def test_win_1_eighteen_territories_with_two_armies_completed_by_a_place():
    """C-WIN-1: 18 territories with at least 2 armies each; 17 at 2 and one at 1 is not
    yet a win; the Place that puts the 18th at 2 armies ends the game at once."""
    owners = {t: 0 for t in EIGHTEEN}
    armies = {t: 2 for t in EIGHTEEN[1:]}
    state = turn_start(owners, armies, objectives={0: "18_territories_2_armies"})
    assert state.phase is Phase.PLACE and not state.is_terminal
    assert state.armies_at("alasca") == 1
    placed_elsewhere = apply(state, Place("mexico", 1))
    assert not placed_elsewhere.is_terminal
    won = apply(state, Place("alasca", 1))
    assert won.phase is Phase.GAME_OVER and won.winners == (0,)
    left = won.reserves + sum(won.continent_reserves)
    assert left == state.reserves + sum(state.continent_reserves) - 1  # ended right there
    refused(won, Place("alasca", 1), Reason.GAME_OVER)


def test_win_1_seventeen_territories_are_not_enough():
    """C-WIN-1: 17 territories with many armies do not meet "18 territories"."""
    owners = {t: 0 for t in EIGHTEEN[:17]}
    state = turn_start(owners, {t: 5 for t in owners},
                       objectives={0: "18_territories_2_armies"})
    while state.phase is Phase.PLACE:
        state = apply(state, legal_actions(state)[-1])
    assert not state.is_terminal and state.phase is Phase.ATTACK


def test_win_1_eighteenth_territory_conquered_with_two_armies():
    """C-WIN-1: conquering the 18th territory wins when it is occupied with 2 armies (the
    Occupy completes the objective), not with 1."""
    owners = {t: 0 for t in EIGHTEEN[:17]}
    armies = {t: 2 for t in owners} | {"argelia": 4}
    state = position(owners, armies, objectives={0: "18_territories_2_armies"})
    state = battle(state, "argelia", "egito", 2, "6,6 vs 1")
    assert state.phase is Phase.OCCUPY
    one = apply(state, Occupy(1))  # egito 1 army: 17 territories with 2+
    assert not one.is_terminal
    two = apply(state, Occupy(2))  # argelia 2, egito 2: 18 with 2+
    assert two.phase is Phase.GAME_OVER and two.winners == (0,)


def test_win_1_twenty_four_territories():
    """C-WIN-1: "24 territories": 23 is not enough; the 24th conquest wins."""
    scattered = [t for t in position().map.ids if t not in ("argentina", "peru", "brasil")][:22]
    owners = {t: 0 for t in scattered} | {"brasil": 0}
    assert len(owners) == 23
    state = position(owners, {"brasil": 5}, objectives={0: "24_territories"})
    assert not state.is_terminal
    state = battle(state, "brasil", "argentina", 1, "6 vs 1")
    assert state.territory_count(0) == 24
    # Like the continent objectives (test_win_1_two_continents), the game ends at the
    # conquest itself (C-CONQ-1: the territory is conquered when its last army falls).
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)
    assert min(state.armies) >= 1


def test_win_1_destroy_a_colour_yourself():
    """C-WIN-1: "destroy black": eliminating black yourself wins at once (no occupy,
    no loot)."""
    hands = {0: ["mexico", "california", "labrador"], 1: ["alasca", "vancouver",
                                                          "nova_york", "joker1"]}
    state = black_down_to(hands=hands, objectives={0: "destroy_black"})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)
    assert view(state, 2).revealed_objectives[0] == "destroy_black"


def test_win_1_victory_by_a_trade_bonus():
    """C-WIN-1: victory is checked after every action: the +2 of a traded card
    (C-CARD-5) can complete "18 territories with 2 armies"."""
    owners = {t: 0 for t in EIGHTEEN}
    armies = {t: 2 for t in EIGHTEEN[1:]}
    state = turn_start(owners, armies, objectives={0: "18_territories_2_armies"},
                       hands={0: ["alasca", "vancouver", "nova_york"]})
    assert state.phase is Phase.TRADE
    won = apply(state, Trade(("alasca", "vancouver", "nova_york")))
    assert won.phase is Phase.GAME_OVER and won.winners == (0,)


def test_win_1_game_over_refuses_everything():
    """C-WIN-1: the game ends: no more actions (GAME_OVER), no legal actions or chance."""
    state = black_down_to(objectives={0: "destroy_black"})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    assert state.is_terminal and list(legal_actions(state)) == []
    assert chance_outcomes(state) == []
    for action in (EndPhase(), Occupy(1), Draw("alasca"), "attack brasil peru 1",
                   "roll 6 vs 1"):
        refused(state, action, Reason.GAME_OVER)
    revealed = view(state, 1).revealed_objectives
    assert revealed == tuple(state.objective(s) for s in range(4))


# -- C-WIN-2: last player standing --------------------------------------------------------------
def test_win_2_last_player_standing_wins():
    """C-WIN-2: when only one player is left, that player wins (whatever the objective)."""
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 5}, players=3, rest=0,
                     alive=(True, True, False), eliminated_by={2: 1},
                     objectives={0: "18_territories_2_armies"})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    assert not objective_met(state, 0)  # white wins by C-WIN-2, not by its objective
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)


def test_win_2_not_while_two_players_are_left():
    """C-WIN-2: with two players left the game goes on."""
    state = position({"brasil": 0, "argentina": 1, "japao": 1}, {"brasil": 5}, players=3,
                     rest=0, alive=(True, True, False), eliminated_by={2: 1},
                     objectives={0: "18_territories_2_armies"})
    state = battle(state, "brasil", "argentina", 3, "6,6,6 vs 1")
    assert state.phase is Phase.OCCUPY and state.winners == ()
