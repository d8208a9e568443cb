"""SMART reinforcements: S-REINF-1..3, S-TRADE-1..6, S-INTEL-1..2, S-SUPPLY-1.

The mod's worked examples are here as tests: one joker alone is 11, two
jokers 29, the largest trade 69; Intelligence with Europe and Africa (keep
both / give up Africa for 1 card / Europe for 2 / both for 4, and no way to
keep 3 of Europe's 5).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from smart_positions import card, idx, play, refused, smart_position

import warkit
from warkit import EndPhase, Phase, Reason, Trade
from warkit.rules.smart import Intelligence, best_trade, group_value, intelligence_draws

SQUARES = ("argentina", "franca", "polonia", "mexico", "sudao", "congo")
TRIANGLES = ("peru", "egito", "moscou")
CIRCLES = ("brasil", "argelia", "inglaterra")
EUROPE = warkit.world_map().continent("europa").territories
AFRICA = warkit.world_map().continent("africa").territories


def trade_state(hand, owners=None, **kw):
    """Seat 0 in its trade step holding ``hand``."""
    return smart_position(owners, hands={0: hand}, phase=Phase.TRADE, reserves=4, **kw)


# -- S-TRADE-2 / S-TRADE-3: group values ----------------------------------------------------

@pytest.mark.parametrize("bad", [-1, 44, 99, True, 1.5, None, "atlantida"])
def test_best_trade_refuses_cards_outside_0_to_43_s_trade_1(bad):
    """Card -1 is not Australia and 44 is nothing: a clear ValueError, never an IndexError."""
    with pytest.raises(ValueError, match="card"):
        best_trade([bad])
    with pytest.raises(ValueError, match="card"):
        best_trade(["brasil"], owned=[bad])
    assert best_trade([41, 43]).total == best_trade(["australia", "joker2"]).total


def test_different_shapes_are_worth_1_3_6_s_trade_2():
    """S-TRADE-2: 1, 2 or 3 different shapes are worth 1, 3, 6."""
    assert [group_value(s) for s in (["square"], ["square", "circle"],
                                     ["square", "circle", "triangle"])] == [
        ("same", 1), ("different", 3), ("different", 6)]
    assert best_trade(["argentina", "peru"]).total == 3
    assert best_trade(["argentina", "peru", "brasil"]).total == 6
    assert group_value(["square", "circle", "triangle", "square"]) is None  # 4 can't differ


def test_same_shapes_are_worth_n_squared_s_trade_3():
    """S-TRADE-3: n cards of one shape are worth n squared, up to 36."""
    for n in range(1, 7):
        assert best_trade(SQUARES[:n]).total == n * n
    assert best_trade(SQUARES).groups[0].kind == "same"


def test_the_best_split_is_used_and_shown_s_trade_1():
    """S-TRADE-1 decision: four squares, a circle and a triangle: 16 + 3 beats 9 + 6."""
    value = best_trade([*SQUARES[:4], "brasil", "peru"])
    assert value.total == 19
    assert sorted(g.value for g in value.groups) == [3, 16]
    assert "square x4 (16)" in str(value) and "= 19" in str(value)
    # two of each shape: 4 + 4 + 4 = 12 is beaten by two different-shape triples, 6 + 6
    assert best_trade(["argentina", "franca", "peru", "egito", "brasil", "argelia"]).total == 12


# -- S-TRADE-5: jokers ------------------------------------------------------------------------

def test_one_joker_alone_is_11_two_jokers_29_s_trade_5():
    """S-TRADE-5: the mod's own figures."""
    one, two = best_trade(["joker1"]), best_trade(["joker1", "joker2"])
    assert (one.total, one.groups_value, one.joker_bonus) == (11, 1, 10)
    assert (two.total, two.groups_value, two.joker_bonus) == (29, 4, 25)
    assert best_trade(["argentina", "joker1"]).total == 4 + 10  # the joker is a square here


def test_the_largest_trade_is_69_s_trade_5_s_trade_4():
    """Six cards of one shape with both jokers, the four territories owned: 36 + 25 + 8."""
    cards = ["argentina", "franca", "polonia", "mexico", "joker1", "joker2"]
    value = best_trade(cards, owned=cards[:4])
    assert (value.groups_value, value.joker_bonus, value.total) == (36, 25, 69)
    owners = {t: 0 for t in cards[:4]}
    state = trade_state(cards, owners)
    after = warkit.apply(state, Trade(tuple(cards)))
    assert after.reserves - state.reserves == 61
    assert sum(after.armies) - sum(state.armies) == 8
    for t in cards[:4]:
        assert after.armies[idx(t)] == state.armies[idx(t)] + 2
    assert value == max((best_trade(c, owned=cards[:4]) for c in
                         [cards, cards[:5], ["joker1", "joker2"]]), key=lambda v: v.total)


# -- S-TRADE-4 / S-TRADE-6 / S-TRADE-1 in the engine ----------------------------------------------

def test_plus_two_on_each_owned_card_territory_s_trade_4():
    """S-TRADE-4: +2 on each owned card territory, not on others, never for a joker."""
    state = trade_state(["argentina", "franca", "joker1"], {"argentina": 0})
    after = warkit.apply(state, "trade argentina franca joker1")
    assert after.armies[idx("argentina")] == state.armies[idx("argentina")] + 2
    assert after.armies[idx("franca")] == state.armies[idx("franca")]  # not owned: no bonus
    assert after.reserves == state.reserves + 9 + 10
    assert best_trade(["joker1"], owned=range(42)).territory_bonus == ()  # a joker has none


def test_no_game_wide_progression_s_trade_6():
    """S-TRADE-6: the same cards are worth the same whatever the game traded before."""
    first = trade_state(["argentina", "franca", "sudao"])
    late = trade_state(["argentina", "franca", "sudao"], trades=25)
    gained = [warkit.apply(s, "trade argentina franca sudao").reserves - s.reserves
              for s in (first, late)]
    assert gained == [9, 9]
    assert warkit.view(late, 0).next_trade_value == 0


def test_one_to_six_cards_in_one_trade_per_turn_s_trade_1():
    """S-TRADE-1: 1 to 6 distinct cards per trade, and (decision) one trade per turn: the
    cards go "all at once", otherwise the 6-card limit would mean nothing."""
    hand = [*SQUARES, "peru", "brasil"]
    state = trade_state(hand)
    refused(state, Trade(tuple(hand[:7])), Reason.BAD_COUNT, "S-TRADE-1")
    refused(state, Trade(("argentina", "argentina")), Reason.BAD_COUNT, "S-TRADE-1")
    refused(state, Trade(("moscou",)), Reason.CARD_NOT_IN_HAND, "S-TRADE-1")
    legal = warkit.legal_actions(state)
    assert Trade(("mexico", "polonia", "franca", "sudao", "congo")) in legal  # card order
    assert len(warkit.legal_actions(trade_state(SQUARES))) == 63 + 1  # every subset, or end
    traded = play(state, "trade peru")  # a single card is worth 1
    assert traded.phase is Phase.TRADE and traded.reserves == 5 and traded.extra.traded
    err = refused(traded, "trade brasil argentina", Reason.ONE_TRADE_PER_TURN, "S-TRADE-1")
    assert "one trade" in str(err)
    assert list(warkit.legal_actions(traded)) == [EndPhase()]
    assert warkit.view(traded, 1).extra.traded       # a trade is public
    placing = play(traded, "end")
    assert placing.phase is Phase.PLACE
    refused(placing, "trade brasil", Reason.WRONG_PHASE, "S-TRADE-1")


def test_no_second_trade_with_jokers_s_trade_1():
    """The issue's case: a joker traded alone (11), then another joker, is one trade too
    many; both jokers together are one trade (29, S-TRADE-5)."""
    state = trade_state(["joker1", "joker2", "brasil"])
    once = play(state, "trade joker1")
    assert once.reserves == 4 + 11
    refused(once, "trade joker2", Reason.ONE_TRADE_PER_TURN, "S-TRADE-1")
    assert play(state, "trade joker1 joker2").reserves == 4 + 29


def test_intelligence_and_the_trade_in_either_order_s_trade_1_s_intel_1():
    """The trade step keeps Intelligence (once) after the turn's one trade, and the trade
    after Intelligence; the next turn may trade again."""
    state = turn_start({t: 0 for t in EUROPE}, hands={0: ["argentina", "peru"]},
                       deck=["franca", "sudao", "congo"])
    traded = play(state, "trade argentina")
    assert Intelligence(("europa",)) in warkit.legal_actions(traded)
    after = play(traded, "intelligence europa", "draw franca", "draw congo")
    assert after.phase is Phase.TRADE and list(warkit.legal_actions(after)) == [EndPhase()]
    first = play(state, "intelligence europa", "draw franca", "draw congo", "trade peru")
    assert first.extra.traded and first.extra.intelligence_used
    nxt = smart_position({t: 0 for t in EUROPE}, current=3, phase=Phase.MOVE, rest=(1, 2, 3),
                         hands={0: ["argentina", "franca"]},
                         extra=first.extra)
    nxt = warkit.apply(nxt, EndPhase())
    assert nxt.current == 0 and not nxt.extra.traded
    assert Trade(("argentina", "franca")) in warkit.legal_actions(nxt)


# -- S-REINF-1..3 ---------------------------------------------------------------------------------

def turn_start(owners, hands=None, **kw):
    """Seat 0's turn started by the engine after seat 3 ends its turn."""
    kw.setdefault("rest", (1, 2, 3))   # seat 0 owns only what ``owners`` gives it
    state = smart_position(owners, current=3, phase=Phase.MOVE, hands=hands, **kw)
    state = warkit.apply(state, EndPhase())
    assert state.current == 0 and state.phase is Phase.TRADE
    return state


def test_territory_armies_as_classic_s_reinf_1():
    """S-REINF-1: territories // 2, at least 3, as C-REINF-1."""
    few = turn_start({t: 0 for t in ("brasil", "peru")})
    assert few.reserves == 3                                     # never fewer than 3
    many = turn_start({t: 0 for t in warkit.world_map().ids[:30:2]})
    assert many.reserves == 15 // 2


def test_trading_is_never_forced_s_reinf_2():
    """S-REINF-2: 6 cards in hand and still free to stop trading."""
    state = turn_start({"brasil": 0}, hands={0: ["argentina", "franca", "sudao", "congo",
                                                 "polonia", "mexico"]})
    assert EndPhase() in warkit.legal_actions(state)
    after = warkit.apply(state, EndPhase())
    assert after.phase is Phase.PLACE and len(after.hands[0]) == 6


def test_the_continent_bonus_is_optional_s_reinf_3():
    """S-REINF-3: only a whole continent's bonus can be given up; giving it up is a choice."""
    owners = {t: 0 for t in AFRICA}
    state = turn_start(owners)
    assert state.continent_reserves[warkit.world_map().continent("africa").index] == 3
    refused(state, Intelligence(("europa",)), Reason.NOT_OWNED, "S-REINF-3")
    refused(state, Intelligence(("atlantis",)), Reason.UNKNOWN_TERRITORY, "S-INTEL-1")
    assert warkit.apply(state, EndPhase()).continent_reserves == state.continent_reserves


# -- S-INTEL-1 / S-INTEL-2: the mod's Europe and Africa example ---------------------------------

def europe_africa():
    return turn_start({t: 0 for t in (*EUROPE, *AFRICA)})


def draw_all(state):
    rng_sampler = warkit.Sampler(5)
    while state.phase is Phase.DRAW:
        state = warkit.apply(state, rng_sampler.sample(state))
    return state


@pytest.mark.parametrize(("give_up", "cards", "kept"), [
    ((), 0, {"europa": 5, "africa": 3}),                  # keep both, place 5 + 3
    (("africa",), 1, {"europa": 5, "africa": 0}),         # Europe kept, Africa -> 1 card
    (("europa",), 2, {"europa": 0, "africa": 3}),         # Africa kept, Europe -> 2 cards
    (("europa", "africa"), 4, {"europa": 0, "africa": 0}),  # 5 + 3 = 8 -> 4 cards
])
def test_intelligence_europe_and_africa_worked_example_s_intel_1(give_up, cards, kept):
    state = europe_africa()
    m = warkit.world_map()
    hand = len(state.hands[0])
    if give_up:
        state = warkit.apply(state, Intelligence(give_up))
        assert state.phase is Phase.DRAW and state.extra.draws == cards
        state = draw_all(state)
    assert state.phase is Phase.TRADE
    assert len(state.hands[0]) == hand + cards
    assert {c: state.continent_reserves[m.continent(c).index] for c in kept} == kept
    assert intelligence_draws([5, 3][k] for k, c in enumerate(("europa", "africa"))
                               if c in give_up) == cards


def test_intelligence_cannot_keep_part_of_a_bonus_s_intel_1():
    """"Keep 3 of Europe's 5 and trade 2 for a card" is impossible: whole bonuses only, once."""
    state = europe_africa()
    options = {a for a in warkit.legal_actions(state) if isinstance(a, Intelligence)}
    assert options == {Intelligence(("europa",)), Intelligence(("africa",)),
                       Intelligence(("europa", "africa"))}
    with pytest.raises(warkit.InvalidActionError):
        warkit.parse_action("intelligence")
    refused(state, "intelligence europa 2", Reason.UNKNOWN_TERRITORY, "S-INTEL-1")
    after = draw_all(warkit.apply(state, Intelligence(("africa",))))
    refused(after, Intelligence(("europa",)), Reason.OPTION_UNAVAILABLE, "S-INTEL-1")
    placing = warkit.apply(after, EndPhase())
    europe = warkit.world_map().continent("europa").index
    assert placing.continent_reserves[europe] == 5     # all 5 go to Europe, none elsewhere
    refused(placing, "place brasil 6", Reason.NOT_OWNED)


def test_intelligence_draws_are_uniform_chance_steps_s_intel_1():
    state = warkit.apply(europe_africa(), Intelligence(("africa",)))
    outcomes = warkit.chance_outcomes(state)
    assert len(outcomes) == len(state.deck)
    assert set(p for _, p in outcomes) == {Fraction(1, len(state.deck))}


def test_intelligence_cards_cannot_be_traded_this_turn_s_intel_2():
    state = turn_start({t: 0 for t in EUROPE}, hands={0: ["argentina"]},
                       deck=["franca", "sudao", "congo"])
    state = play(state, "intelligence europa", "draw franca", "draw congo")
    assert state.extra.intel_cards == (card("franca"), card("congo"))
    refused(state, "trade franca congo", Reason.CARDS_NOT_TRADABLE, "S-INTEL-2")
    refused(state, "trade argentina franca", Reason.CARDS_NOT_TRADABLE, "S-INTEL-2")
    trades = [a for a in warkit.legal_actions(state) if isinstance(a, Trade)]
    assert trades == [Trade(("argentina",))]
    # the next turn they are ordinary cards again
    nxt = smart_position({t: 0 for t in EUROPE}, current=3, phase=Phase.MOVE, rest=(1, 2, 3),
                         hands={0: ["argentina", "franca", "congo"]})
    nxt = warkit.apply(nxt, EndPhase())
    assert Trade(("argentina", "franca", "congo")) in warkit.legal_actions(nxt)
    assert warkit.view(state, 0).extra.intel_cards == (card("franca"), card("congo"))
    assert warkit.view(state, 1).extra.intel_cards == ()   # others only see how many
    assert warkit.view(state, 1).extra.intel_count == 2


def test_intelligence_reshuffles_the_discards_when_the_deck_runs_out_s_intel_1():
    state = turn_start({t: 0 for t in EUROPE}, deck=["franca"],
                       discard=[c for c in warkit.world_map().ids[:10]])
    state = play(state, "intelligence europa", "draw franca")
    assert state.phase is Phase.DRAW and len(state.deck) == 10 and state.discard == ()


# -- S-SUPPLY-1 -----------------------------------------------------------------------------------

def test_army_supply_caps_what_is_received_s_supply_1():
    owners = {t: 0 for t in AFRICA}
    armies = {t: 3 for t in AFRICA}                                # 18 on the board
    capped = turn_start(owners, armies=armies, settings={"army_supply": 21})
    assert capped.reserves + sum(capped.continent_reserves) == 3    # 3 + 3 wanted, 3 room
    free = turn_start(owners, armies=armies)
    assert free.reserves + sum(free.continent_reserves) == 6
    trade = smart_position(owners, armies, hands={0: ["sudao", "congo", "egito"]},
                           phase=Phase.TRADE, reserves=1, settings={"army_supply": 24},
                           rest=(1, 2, 3))
    after = warkit.apply(trade, "trade sudao congo egito")   # 3 + 2 x 3 owned, room 5
    assert after.army_count(0) + after.reserves == 24
    assert warkit.find_rules("smart").army_supply is None
    with pytest.raises(ValueError, match="S-SUPPLY-1"):
        warkit.find_rules("smart", army_supply=0)


def test_trade_text_and_counts():
    state = trade_state(["joker1", "joker2"])
    after = warkit.apply(state, "trade joker1 joker2")
    assert after.reserves - state.reserves == 29
    assert Counter(after.discard)[card("joker1")] == 1
