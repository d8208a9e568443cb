"""Classic War components and set-up, rule by rule: C-COMP-1..4, C-SETUP-1..4.

Set-up is a chain of chance steps (objectives, the dealer, the deal), so the
tests force every outcome and check what the rule book says happens.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from positions import IDS, MAP, position, refused

import warkit
from warkit import (
    Attack,
    ChooseDealer,
    Deal,
    DealObjective,
    EndPhase,
    Phase,
    Reason,
    Roll,
    apply,
    chance_outcomes,
    initial_state,
    new_game,
    view,
)
from warkit.cards import all_cards, card_shape, is_joker
from warkit.state import evolve

COLOURS = ("white", "black", "red", "blue", "yellow", "green")


def deal_objectives(state, objectives):
    for objective in objectives:
        state = apply(state, DealObjective(objective))
    return state


def quiet_objectives(n):
    return ("asia_africa", "asia_south_america", "north_america_africa",
            "north_america_oceania", "europe_oceania_plus_one",
            "europe_south_america_plus_one")[:n]


def deal_all(state, order=IDS):
    for tid in order:
        state = apply(state, Deal(tid))
    return state


# -- C-COMP-1: players and colours ------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_comp_1_three_to_six_players_take_the_colours_in_order(players):
    """C-COMP-1: 3 to 6 players; colours white, black, red, blue, yellow, green."""
    state = initial_state(players)
    assert state.colors == COLOURS[:players]
    assert state.num_players == players
    assert state.phase is Phase.SETUP
    assert new_game(players, seed=1).num_players == players


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_comp_1_other_player_counts_are_refused(players):
    """C-COMP-1: War is not for 2 or 7 players."""
    with pytest.raises(ValueError, match="C-COMP-1"):
        initial_state(players)
    with pytest.raises(ValueError):
        new_game(players, seed=1)


def test_comp_1_players_may_choose_their_colours_by_english_or_portuguese_name():
    """C-COMP-1: each player picks a colour; seats keep the order given."""
    assert initial_state(["green", "red", "black"]).colors == ("green", "red", "black")
    assert initial_state(["vermelho", "azul", "verde", "branco"]).colors == (
        "red", "blue", "green", "white")


@pytest.mark.parametrize("colours", [
    ["white", "black"],                                               # 2 players
    ["white", "black", "red", "blue", "yellow", "green", "white"],    # 7 players
    ["white", "black", "white"],                                      # duplicate
    ["red", "vermelho", "blue"],                                      # same colour twice
])
def test_comp_1_bad_colour_lists_are_refused(colours):
    """C-COMP-1: 3 to 6 players, each with a different colour."""
    with pytest.raises(ValueError, match="C-COMP-1"):
        initial_state(colours)


def test_comp_1_unknown_colour_is_a_value_error():
    """C-COMP-1: only the six colours exist; bad input is a ValueError like every other
    bad input of warkit (errors.py: "All errors subclass ValueError")."""
    with pytest.raises(ValueError, match="purple"):
        initial_state(["white", "black", "purple"])


# -- C-COMP-2: territories, continents, cards ----------------------------------------------------
def test_comp_2_board_has_42_territories_in_6_continents():
    """C-COMP-2: 42 territories, 6 continents, each territory in exactly one continent."""
    assert len(MAP.territories) == 42
    assert len(MAP.continents) == 6
    sizes = {c.id: len(c.territories) for c in MAP.continents}
    assert sizes == {"america_do_norte": 9, "america_do_sul": 4, "europa": 7, "africa": 6,
                     "asia": 12, "oceania": 4}
    everyone = [t for c in MAP.continents for t in c.territories]
    assert sorted(everyone) == sorted(IDS)


def test_comp_2_deck_has_44_cards_14_of_each_shape_and_2_jokers():
    """C-COMP-2: 42 territory cards (one shape each, 14 per shape) and 2 jokers."""
    cards = all_cards()
    assert len(cards) == 44
    shapes = Counter(card_shape(c) for c in cards if not is_joker(c))
    assert shapes == {"square": 14, "triangle": 14, "circle": 14}
    jokers = [c for c in cards if is_joker(c)]
    assert len(jokers) == 2
    assert all(card_shape(j) is None for j in jokers)
    # card i is the card of territory i
    assert [MAP.territories[c].id for c in cards if not is_joker(c)] == list(IDS)
    assert new_game(4, seed=3).deck == tuple(range(44))


# -- C-COMP-3: objectives --------------------------------------------------------------------------
def test_comp_3_fourteen_objective_cards():
    """C-COMP-3: 14 objectives: 8 of continents or territories and 6 "destroy colour X"."""
    objectives = MAP.objectives
    assert len(objectives) == 14
    assert len({o.id for o in objectives}) == 14
    kinds = Counter(o.kind for o in objectives)
    assert kinds == {"continents": 6, "territories": 2, "destroy": 6}
    assert sorted(o.color for o in objectives if o.kind == "destroy") == sorted(COLOURS)
    # with 6 players every objective is in the draw
    outcomes = chance_outcomes(initial_state(6))
    assert sorted(a.objective for a, _ in outcomes) == sorted(o.id for o in objectives)


# -- C-COMP-4: dice --------------------------------------------------------------------------------
def test_comp_4_at_most_three_attack_and_three_defence_dice():
    """C-COMP-4: up to 3 red (attack) and 3 yellow (defence) dice, however many armies."""
    state = position({"brasil": 0}, {"brasil": 30, "argentina": 30})
    assert max(a.dice for a in warkit.legal_actions(state) if isinstance(a, Attack)) == 3
    refused(state, Attack("brasil", "argentina", 4), Reason.BAD_COUNT, "C-ATK-2")
    rolling = apply(state, Attack("brasil", "argentina", 3))
    assert rolling.battle.attack_dice == 3 and rolling.battle.defence_dice == 3
    refused(rolling, Roll((6, 6, 6, 6), (1, 1, 1)), Reason.NOT_A_CHANCE_OUTCOME, "C-ATK-3")
    refused(rolling, Roll((6, 6, 6), (1, 1, 1, 1)), Reason.NOT_A_CHANCE_OUTCOME, "C-ATK-3")
    assert all(len(r.attack) == 3 and len(r.defence) == 3 for r, _ in chance_outcomes(rolling))


@pytest.mark.parametrize("bad", [0, 4])
def test_comp_4_dice_settings_stay_within_three(bad):
    """C-COMP-4: a table cannot set more than 3 dice (or none) per side."""
    with pytest.raises(ValueError):
        initial_state(4, attack_dice_max=bad)
    with pytest.raises(ValueError):
        initial_state(4, defence_dice_max=bad)


# -- C-SETUP-1: objectives -------------------------------------------------------------------------
def test_setup_1_absent_colours_destroy_cards_leave_the_draw():
    """C-SETUP-1: with 3 players (white, black, red) the "destroy" cards of blue, yellow
    and green are removed: 11 objectives in the draw, each equally likely."""
    outcomes = chance_outcomes(initial_state(3))
    assert len(outcomes) == 11
    assert all(p == Fraction(1, 11) for _, p in outcomes)
    drawn = {a.objective for a, _ in outcomes}
    assert {"destroy_white", "destroy_black", "destroy_red"} <= drawn
    assert not drawn & {"destroy_blue", "destroy_yellow", "destroy_green"}
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.parametrize("players, pool", [(3, 11), (4, 12), (5, 13), (6, 14)])
def test_setup_1_pool_size_by_player_count(players, pool):
    """C-SETUP-1: 8 non-"destroy" objectives + one "destroy" card per colour in the game."""
    assert len(chance_outcomes(initial_state(players))) == pool


def test_setup_1_each_player_draws_one_objective_kept_secret():
    """C-SETUP-1: one objective each, drawn without replacement, seen by its owner only."""
    state = initial_state(3)
    state = apply(state, DealObjective("destroy_red"))
    assert state.objective_cards == ("destroy_red", None, None)
    # the card drawn has left the pool
    left = {a.objective for a, _ in chance_outcomes(state)}
    assert len(left) == 10 and "destroy_red" not in left
    refused(state, DealObjective("destroy_red"), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-1")
    state = deal_objectives(state, ["asia_africa", "24_territories"])
    assert state.objective_cards == ("destroy_red", "asia_africa", "24_territories")
    # secrecy: each view shows only its own objective
    for seat, own in enumerate(("destroy_red", "asia_africa", "24_territories")):
        seen = view(state, seat)
        assert seen.objective == own
        assert seen.revealed_objectives is None
    assert view(state, None).objective is None


def test_setup_1_absent_colour_cannot_be_dealt():
    """C-SETUP-1: "destroy blue" is not in a 3-player draw, so it cannot be dealt."""
    state = initial_state(3)
    err = refused(state, DealObjective("destroy_blue"), Reason.NOT_A_CHANCE_OUTCOME,
                  "C-SETUP-1")
    assert "destroy_blue" in str(err)
    assert initial_state(4).rules.objective_pool(initial_state(4)).count("destroy_blue") == 1


# -- C-SETUP-2: objective fallback ----------------------------------------------------------------
def test_setup_2_own_colour_becomes_24_territories():
    """C-SETUP-2: white (seat 0) drawing "destroy white" plays for 24 territories instead;
    the card drawn is still the one in the state."""
    state = apply(initial_state(3), DealObjective("destroy_white"))
    assert state.objective_cards[0] == "destroy_white"
    assert state.objective(0) == "24_territories"
    assert view(state, 0).objective == "24_territories"
    # another player drawing "destroy white" keeps it (white is someone else for them)
    other = deal_objectives(initial_state(3), ["asia_africa", "destroy_white"])
    assert other.objective(1) == "destroy_white"


def test_setup_2_colour_eliminated_by_someone_else_becomes_24_territories():
    """C-SETUP-2: seat 0 hunts black; red (seat 2) eliminates black: from that moment
    seat 0 plays for 24 territories, and nobody else can tell from their view."""
    owners = {"argentina": 1, "brasil": 2}
    hunting = position(owners, {"brasil": 5}, current=2, rest=(0, 3),
                       objectives={0: "destroy_black"})
    control = evolve(hunting, objective_cards=("asia_africa", *hunting.objective_cards[1:]))
    assert hunting.objective(0) == "destroy_black"

    def eliminate_black(state):
        state = apply(state, Attack("brasil", "argentina", 1))
        return apply(state, Roll((6,), (1,)))

    after = eliminate_black(hunting)
    assert after.alive[1] is False and after.eliminated_by[1] == 2
    assert after.phase is Phase.OCCUPY  # nobody won
    assert after.objective_cards[0] == "destroy_black"
    assert after.objective(0) == "24_territories"
    assert view(after, 0).objective == "24_territories"
    # the change is secret: every other view is the same as if seat 0 had another objective
    control_after = eliminate_black(control)
    for seat in (None, 1, 2, 3):
        assert view(after, seat) == view(control_after, seat)


def test_setup_2_fallback_applies_at_once_and_can_win_on_another_turn():
    """C-SETUP-2 (Decision: applies from the moment it happens) with C-WIN-1: seat 0 hunts
    black and already owns 24 territories; when red eliminates black, seat 0's objective
    becomes 24 territories, met at once: seat 0 wins during red's turn."""
    mine = [t for t in IDS if t not in ("brasil", "argentina")][:24]
    owners = {**{t: 0 for t in mine}, "argentina": 1, "brasil": 2}
    state = position(owners, {"brasil": 5}, current=2, rest=(2, 3),
                     objectives={0: "destroy_black"})
    assert state.territory_count(0) == 24 and state.objective(0) == "destroy_black"
    state = apply(apply(state, Attack("brasil", "argentina", 1)), Roll((6,), (1,)))
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)
    assert view(state, 2).revealed_objectives[0] == "24_territories"


def test_setup_2_colour_eliminated_by_the_hunter_is_a_win_not_a_fallback():
    """C-SETUP-2 applies only when *another* player eliminates the colour (C-WIN-1)."""
    state = position({"argentina": 1, "brasil": 0}, {"brasil": 5}, rest=(2, 3),
                     objectives={0: "destroy_black"})
    state = apply(apply(state, Attack("brasil", "argentina", 1)), Roll((6,), (1,)))
    assert state.objective(0) == "destroy_black"
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)


# -- C-SETUP-3: dealing ----------------------------------------------------------------------------
def test_setup_3_dealer_then_cards_one_at_a_time_clockwise_from_the_dealer():
    """C-SETUP-3: a die picks the dealer (each seat 1/4); the dealer gets the first card,
    then clockwise; 4 players: two get 11 territories and two get 10."""
    state = deal_objectives(initial_state(4), quiet_objectives(4))
    outcomes = chance_outcomes(state)
    assert [a for a, _ in outcomes] == [ChooseDealer(s) for s in range(4)]
    assert all(p == Fraction(1, 4) for _, p in outcomes)
    state = apply(state, ChooseDealer(2))
    assert state.dealer == 2
    deals = chance_outcomes(state)
    assert len(deals) == 42 and all(p == Fraction(1, 42) for _, p in deals)
    for k, tid in enumerate(IDS):
        state = apply(state, Deal(tid))
        if k < 41:
            assert state.owner[k] == (2 + k) % 4, tid
            assert len(chance_outcomes(state)) == 41 - k
    assert [state.territory_count(s) for s in range(4)] == [10, 10, 11, 11]
    assert set(state.armies) == {1}  # 1 army on each territory dealt


@pytest.mark.parametrize("players, counts", [
    (3, {14: 3}), (4, {11: 2, 10: 2}), (5, {9: 2, 8: 3}), (6, {7: 6})])
def test_setup_3_territories_per_player(players, counts):
    """C-SETUP-3 (and the walk-through's table): 3 players get 14 each; 4 players 11, 11,
    10, 10; 5 players 9, 9, 8, 8, 8; 6 players 7 each. The dealer and the seats after it
    get the extra cards."""
    for seed in range(3):
        state = new_game(players, seed=seed)
        got = [state.territory_count(s) for s in range(players)]
        assert Counter(got) == counts
        extra = max(got)
        for k in range(42 % players):
            assert got[(state.dealer + k) % players] == extra


def test_setup_3_every_territory_gets_one_army_and_jokers_go_back():
    """C-SETUP-3: each territory holds 1 army of its owner; the jokers go back in and the
    whole 44-card deck is shuffled (hands empty, no discards)."""
    state = new_game(5, seed=11)
    assert -1 not in state.owner
    assert set(state.armies) == {1}
    assert len(state.deck) == 44 and set(state.deck) == set(range(44))
    assert state.discard == () and all(h == () for h in state.hands)
    assert 42 in state.deck and 43 in state.deck


def test_setup_3_chance_steps_come_in_order():
    """C-SETUP-3: no card is dealt before the dealer is chosen; the dealer is chosen
    after the objectives, once; each territory is dealt once; decisions wait."""
    start = initial_state(4)
    refused(start, ChooseDealer(0), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-3")
    refused(start, Deal("brasil"), Reason.NOT_A_CHANCE_OUTCOME)
    refused(start, EndPhase(), Reason.CHANCE_PENDING)
    state = deal_objectives(start, quiet_objectives(4))
    refused(state, Deal("brasil"), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-3")
    refused(state, ChooseDealer(4), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-3")
    refused(state, DealObjective("destroy_red"), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-1")
    state = apply(state, ChooseDealer(1))
    refused(state, ChooseDealer(2), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-3")
    state = apply(state, Deal("brasil"))
    refused(state, Deal("brasil"), Reason.NOT_A_CHANCE_OUTCOME, "C-SETUP-3")
    refused(state, Deal("atlantida"), Reason.UNKNOWN_TERRITORY)
    refused(state, "place brasil 1", Reason.CHANCE_PENDING)


# -- C-SETUP-4: the first player -------------------------------------------------------------------
@pytest.mark.parametrize("players, dealer, last, first", [
    (4, 2, 3, 0),   # 42 cards from seat 2: the 42nd goes to (2 + 41) % 4 = 3
    (4, 0, 1, 2),
    (3, 0, 2, 0),
    (5, 3, 4, 0),
    (6, 5, 4, 5),
])
def test_setup_4_player_after_the_last_card_starts(players, dealer, last, first):
    """C-SETUP-4: the player after the one who received the last card starts, in round 1,
    with the armies of C-REINF-1."""
    state = apply(deal_objectives(initial_state(players), quiet_objectives(players)),
                  ChooseDealer(dealer))
    state = deal_all(state)
    assert state.owner[41] == last
    assert state.first_player == first and state.current == first
    assert state.round == 1 and state.turn == 1
    assert state.phase is Phase.PLACE
    assert state.reserves == max(3, state.territory_count(first) // 2)


def test_setup_4_play_goes_clockwise_from_the_first_player():
    """C-SETUP-4: after the first player, the seats follow clockwise; round 2 starts when
    the turn comes back to the first player."""
    state = new_game(4, seed=5)
    first = state.first_player
    seen = []
    for _ in range(5):
        seen.append((state.current, state.round))
        while state.phase is Phase.PLACE:
            state = apply(state, warkit.legal_actions(state)[-1])
        state = apply(apply(state, EndPhase()), EndPhase())  # no attacks, no regroup
    assert [s for s, _ in seen] == [(first + k) % 4 for k in range(5)]
    assert [r for _, r in seen] == [1, 1, 1, 1, 2]

