"""Territory cards: earning, sets, trading, values, bonuses and the deck (C-CARD-1..6).

Card shapes used below (from the map data): triangles alasca, vancouver,
nova_york, peru; circles mackenzie, groenlandia, ottawa, brasil; squares
labrador, california, mexico, argentina; and the jokers joker1, joker2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from positions import (
    JOKER1,
    JOKER2,
    card,
    card_count,
    conquer,
    position,
    refused,
    turn_start,
)

from warkit import (
    Draw,
    EndPhase,
    Phase,
    Place,
    Reason,
    Trade,
    apply,
    chance_outcomes,
    legal_actions,
    view,
)
from warkit.cards import has_set, is_set, trade_value

SET_OF_TRIANGLES = ("alasca", "vancouver", "nova_york")


def to_regroup_after_conquests(state, *targets, src="brasil"):
    for target in targets:
        state = conquer(state, src, target, occupy=1)
    return apply(state, EndPhase())


def start_with_hand(hand, trades=0, owners=None, **kwargs):
    """Seat 0's turn starts holding ``hand`` (owns brasil, peru and ``owners``)."""
    owners = {"brasil": 0, "peru": 0, **(owners or {})}
    return turn_start(owners, hands={0: hand}, trades=trades, **kwargs)


# -- C-CARD-1: one card per turn, only after a conquest -------------------------------------
def test_card_1_a_conquest_earns_one_card_drawn_after_regrouping():
    """C-CARD-1: a player who conquered draws one card at the end of the turn, after
    regrouping, uniformly from the deck."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 6})
    state = to_regroup_after_conquests(state, "argentina")
    assert state.phase is Phase.MOVE and state.hands[0] == ()  # not yet: regroup first
    state = apply(state, "move brasil peru 1")
    assert state.hands[0] == ()
    state = apply(state, EndPhase())
    assert state.phase is Phase.DRAW and state.current == 0
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 44 and all(p == Fraction(1, 44) for _, p in outcomes)
    assert {a.card for a, _ in outcomes} >= {"alasca", "joker1", "joker2"}
    state = apply(state, Draw("mexico"))
    assert state.hands[0] == (card("mexico"),)
    assert card("mexico") not in state.deck and len(state.deck) == 43
    assert state.current == 1 and state.phase in (Phase.PLACE, Phase.TRADE)
    assert card_count(state) == 44


def test_card_1_no_conquest_no_card():
    """C-CARD-1: without a conquest the turn ends with no draw step and no card."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 6})
    state = apply(state, "attack brasil argentina 3")
    state = apply(state, "roll 1,1,1 vs 6")  # a failed battle is not a conquest
    assert state.phase is Phase.ATTACK and not state.conquered
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.current == 1 and state.phase is not Phase.DRAW
    assert state.hands[0] == () and len(state.deck) == 44


def test_card_1_exactly_one_card_after_three_conquests():
    """C-CARD-1: one card per turn, whether 1 or 20 territories were conquered."""
    state = position({"brasil": 0}, {"brasil": 10}, rest=(1, 2, 3))
    state = to_regroup_after_conquests(state, "argentina", "peru", "venezuela")
    assert [state.owner_of(t) for t in ("argentina", "peru", "venezuela")] == [0, 0, 0]
    state = apply(state, EndPhase())
    assert state.phase is Phase.DRAW
    state = apply(state, Draw("joker2"))
    assert state.hands[0] == (JOKER2,)
    assert state.current == 1 and state.phase is not Phase.DRAW


def test_card_1_only_a_card_of_the_deck_can_be_drawn():
    """C-CARD-1 / C-CARD-6: the card drawn comes from the deck; a decision must wait."""
    state = position({"brasil": 0}, {"brasil": 6}, hands={2: ["mexico"]})
    state = apply(to_regroup_after_conquests(state, "argentina"), EndPhase())
    refused(state, Draw("mexico"), Reason.NOT_A_CHANCE_OUTCOME, "C-CARD-6")
    refused(state, EndPhase(), Reason.CHANCE_PENDING)


# -- C-CARD-2: sets --------------------------------------------------------------------------------
SETS = [
    ("alasca", "vancouver", "nova_york"),        # three triangles
    ("mackenzie", "groenlandia", "ottawa"),      # three circles
    ("labrador", "california", "mexico"),        # three squares
    ("alasca", "mackenzie", "labrador"),         # triangle, circle, square
    ("alasca", "vancouver", "joker1"),           # joker as a third triangle
    ("alasca", "mackenzie", "joker2"),           # joker as the missing square
    ("alasca", "joker1", "joker2"),              # two jokers and anything
]
NOT_SETS = [
    ("alasca", "vancouver", "mackenzie"),        # triangle, triangle, circle
    ("labrador", "california", "ottawa"),        # square, square, circle
    ("mackenzie", "groenlandia", "labrador"),    # circle, circle, square
]


@pytest.mark.parametrize("cards", SETS)
def test_card_2_sets_can_be_traded(cards):
    """C-CARD-2: three of a shape or three different shapes form a set; a joker is any
    shape."""
    assert is_set([card(c) for c in cards])
    state = start_with_hand(cards)
    assert state.phase is Phase.TRADE
    assert Trade(tuple(cards)) in legal_actions(state)
    traded = apply(state, Trade(tuple(cards)))
    assert traded.hands[0] == () and traded.trades == 1
    assert traded.phase is Phase.PLACE


@pytest.mark.parametrize("pair", [
    ("alasca", "vancouver", "mackenzie", "groenlandia"),   # two triangles, two circles
    ("labrador", "california", "brasil", "ottawa"),
])
def test_card_2_non_sets_are_refused(pair):
    """C-CARD-2: mixed shapes that are neither all equal nor all different are no set;
    a hand without a set skips the trade step."""
    hand = tuple(pair)
    assert not has_set([card(c) for c in hand])
    state = start_with_hand(hand)
    assert state.phase is Phase.PLACE  # nothing to trade
    hand_with_set = (*hand[:3], "joker1")
    state = start_with_hand(hand_with_set)
    assert state.phase is Phase.TRADE
    err = refused(state, Trade(hand[:3]), Reason.NOT_A_SET, "C-CARD-2")
    assert "shape" in str(err)
    assert Trade(hand[:3]) not in legal_actions(state)


@pytest.mark.parametrize("cards", NOT_SETS)
def test_card_2_not_a_set(cards):
    """C-CARD-2: two of one shape and one of another is not a set."""
    assert not is_set([card(c) for c in cards])
    state = start_with_hand((*cards, "joker1"))
    refused(state, Trade(cards), Reason.NOT_A_SET, "C-CARD-2")


def test_card_2_three_distinct_held_cards():
    """C-CARD-2: a trade is three cards the player holds, each once."""
    state = start_with_hand(("alasca", "vancouver", "nova_york"))
    refused(state, Trade(("alasca", "vancouver")), Reason.NOT_A_SET, "C-CARD-2")
    refused(state, Trade(("alasca", "alasca", "vancouver")), Reason.NOT_A_SET, "C-CARD-2")
    refused(state, Trade(("alasca", "vancouver", "nova_york", "nova_york")),
            Reason.NOT_A_SET, "C-CARD-2")
    refused(state, Trade(("alasca", "vancouver", "peru")), Reason.CARD_NOT_IN_HAND, "C-CARD-2")
    refused(state, Trade(("alasca", "vancouver", "joker1")), Reason.CARD_NOT_IN_HAND,
            "C-CARD-2")
    refused(state, Trade(("alasca", "vancouver", "atlantida")), Reason.UNKNOWN_CARD)


# -- C-CARD-3: trading at the start of the turn, forced at 5 cards --------------------------------
def test_card_3_trading_is_optional_below_five_cards():
    """C-CARD-3: with a set and fewer than 5 cards the player may pass."""
    state = start_with_hand(("alasca", "vancouver", "nova_york", "brasil"))
    assert state.phase is Phase.TRADE
    assert EndPhase() in legal_actions(state)
    passed = apply(state, EndPhase())
    assert passed.phase is Phase.PLACE and len(passed.hands[0]) == 4
    assert passed.reserves == 3 and passed.trades == 0


def test_card_3_five_cards_force_a_trade():
    """C-CARD-3: holding 5 cards the player must trade (MUST_TRADE)."""
    hand = ("alasca", "vancouver", "nova_york", "mackenzie", "labrador")
    state = start_with_hand(hand)
    assert state.phase is Phase.TRADE
    assert EndPhase() not in legal_actions(state)
    err = refused(state, EndPhase(), Reason.MUST_TRADE, "C-CARD-3")
    assert "5" in str(err)
    refused(state, Place("brasil", 1), Reason.WRONG_PHASE, "C-TURN-1")
    traded = apply(state, Trade(("alasca", "mackenzie", "labrador")))
    assert traded.phase is Phase.PLACE and len(traded.hands[0]) == 2


def test_card_3_no_trading_after_the_reinforcement_step():
    """C-CARD-3: trades happen at the start of the turn only, not during the attacks or
    the regroup (WRONG_PHASE: C-TURN-1's order), nor once placing began (C-CARD-3)."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 4}, hands={0: SET_OF_TRIANGLES})
    refused(state, Trade(SET_OF_TRIANGLES), Reason.WRONG_PHASE, "C-TURN-1")
    refused(apply(state, EndPhase()), Trade(SET_OF_TRIANGLES), Reason.WRONG_PHASE, "C-TURN-1")
    placing = start_with_hand(SET_OF_TRIANGLES)
    placing = apply(placing, EndPhase())
    assert placing.phase is Phase.PLACE
    refused(placing, Trade(SET_OF_TRIANGLES), Reason.WRONG_PHASE, "C-CARD-3")


def test_card_3_one_trade_per_turn():
    """C-CARD-3 (decision): one trade per turn. Holding two sets (6 cards, the C-ELIM-2
    decision) the player trades one, must trade then, and places at once: the other set
    waits for the next turn."""
    circles = ("mackenzie", "groenlandia", "ottawa")
    state = start_with_hand((*SET_OF_TRIANGLES, *circles))
    assert state.phase is Phase.TRADE and EndPhase() not in legal_actions(state)
    traded = apply(state, Trade(SET_OF_TRIANGLES))
    assert traded.phase is Phase.PLACE and traded.trades == 1
    assert has_set(traded.hands[0]) and traded.reserves == state.reserves + 4
    assert not any(isinstance(a, Trade) for a in legal_actions(traded))
    err = refused(traded, Trade(circles), Reason.WRONG_PHASE, "C-CARD-3")
    assert "one set per turn" in str(err)


# -- C-CARD-4: game-wide values -------------------------------------------------------------------
@pytest.mark.parametrize("trades, value", [
    (0, 4), (1, 6), (2, 8), (3, 10), (4, 12), (5, 15), (6, 20), (7, 25), (8, 30), (12, 50)])
def test_card_4_value_follows_the_games_trade_count(trades, value):
    """C-CARD-4: 4, 6, 8, 10, 12, 15, then +5 per trade (20, 25, 30, ...)."""
    assert trade_value(trades) == value
    state = start_with_hand(SET_OF_TRIANGLES, trades=trades)
    assert view(state, 0).next_trade_value == value
    traded = apply(state, Trade(SET_OF_TRIANGLES))
    assert traded.reserves == state.reserves + value
    assert traded.trades == trades + 1


def test_card_4_the_counter_belongs_to_the_game_not_the_player():
    """C-CARD-4: seat 0 makes the game's first trade (4); seat 1's first trade is the
    game's second, worth 6."""
    hands = {0: SET_OF_TRIANGLES, 1: ("mackenzie", "groenlandia", "ottawa")}
    state = turn_start({"brasil": 0, "argentina": 1}, hands=hands, rest=(2, 3))
    state = apply(state, Trade(SET_OF_TRIANGLES))
    assert state.reserves == 3 + 4 and state.trades == 1
    state = apply(state, Place("brasil", 7))
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.current == 1 and state.phase is Phase.TRADE
    before = state.reserves
    state = apply(state, Trade(("mackenzie", "groenlandia", "ottawa")))
    assert state.reserves == before + 6 and state.trades == 2


# -- C-CARD-5: +2 on owned card territories -------------------------------------------------------
def test_card_5_two_armies_on_each_owned_card_territory():
    """C-CARD-5: for each traded card whose territory the player owns, +2 armies go on
    that territory (not to the reserves); unowned territories and jokers give nothing."""
    owners = {"alasca": 0, "nova_york": 0}  # vancouver is someone else's
    state = start_with_hand(SET_OF_TRIANGLES, owners=owners)
    traded = apply(state, Trade(SET_OF_TRIANGLES))
    assert traded.armies_at("alasca") == 3 and traded.armies_at("nova_york") == 3
    assert traded.armies_at("vancouver") == 1
    assert traded.reserves == state.reserves + 4  # the bonus is not in the reserves
    assert sum(traded.armies) == sum(state.armies) + 4
    joker = start_with_hand(("alasca", "vancouver", "joker1"), owners={"alasca": 0})
    traded = apply(joker, Trade(("alasca", "vancouver", "joker1")))
    assert sum(traded.armies) == sum(joker.armies) + 2
    assert traded.armies_at("alasca") == 3


def test_card_5_once_per_trade_setting():
    """C-CARD-5: with ``card_bonus="once"`` a trade gives +2 once, on the first owned card
    territory in the order the cards were given."""
    owners = {t: 0 for t in SET_OF_TRIANGLES}
    state = start_with_hand(SET_OF_TRIANGLES, owners=owners, settings={"card_bonus": "once"})
    traded = apply(state, Trade(("vancouver", "alasca", "nova_york")))
    assert traded.armies_at("vancouver") == 3
    assert traded.armies_at("alasca") == 1 and traded.armies_at("nova_york") == 1
    per_card = start_with_hand(SET_OF_TRIANGLES, owners=owners)
    traded = apply(per_card, Trade(("vancouver", "alasca", "nova_york")))
    assert [traded.armies_at(t) for t in SET_OF_TRIANGLES] == [3, 3, 3]
    with pytest.raises(ValueError):
        position(settings={"card_bonus": "twice"})


# -- C-CARD-6: discards and the new deck -----------------------------------------------------------
def test_card_6_traded_cards_go_to_the_discard_pile():
    """C-CARD-6: traded cards leave the hand for the discard pile (not the deck)."""
    state = start_with_hand((*SET_OF_TRIANGLES, "brasil"), discard=["mexico"])
    traded = apply(state, Trade(SET_OF_TRIANGLES))
    assert set(traded.discard) == {card(c) for c in (*SET_OF_TRIANGLES, "mexico")}
    assert traded.hands[0] == (card("brasil"),)
    assert not set(traded.deck) & set(traded.discard)
    assert card_count(traded) == 44
    assert view(traded, 1).discard_size == 4 and view(traded, 1).deck_size == 39


def test_card_6_empty_deck_is_refilled_from_the_discards():
    """C-CARD-6: when the deck has run out, the discards become the new deck before the
    turn's card is drawn."""
    hands = {0: ("alasca",), 2: ("mexico", "peru")}
    in_hands = {"alasca", "mexico", "peru"}
    everything = [c for c in (*position().map.ids, "joker1", "joker2") if c not in in_hands]
    state = position({"brasil": 0}, {"brasil": 5}, hands=hands, deck=(), discard=everything)
    assert state.deck == () and card_count(state) == 44
    state = apply(to_regroup_after_conquests(state, "argentina"), EndPhase())
    assert state.phase is Phase.DRAW
    assert len(state.deck) == 41 and state.discard == ()
    assert len(chance_outcomes(state)) == 41
    state = apply(state, Draw("joker1"))
    assert state.hands[0] == (card("alasca"), JOKER1)
    assert len(state.deck) == 40 and card_count(state) == 44


def test_card_6_no_refill_while_the_deck_has_cards():
    """C-CARD-6: the discards stay aside while the deck still has cards."""
    deck = ["alasca"]
    discard = [c for c in (*position().map.ids, "joker1", "joker2") if c != "alasca"]
    state = position({"brasil": 0}, {"brasil": 5}, deck=deck, discard=discard)
    state = apply(to_regroup_after_conquests(state, "argentina"), EndPhase())
    assert [str(a) for a, _ in chance_outcomes(state)] == ["draw alasca"]
    assert len(state.discard) == 43
    state = apply(state, Draw("alasca"))
    assert state.deck == () and len(state.discard) == 43
