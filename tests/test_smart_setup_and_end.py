"""SMART set-up and end of the game: S-SETUP-1..3, S-WIN-1..3."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from smart_positions import card, play, smart_position

import warkit
from warkit import DealObjective, Phase
from warkit.rules.smart import SmartPhase, smart_winners

IDS = warkit.world_map().ids


# -- S-SETUP-1: Paranoia objectives ---------------------------------------------------------------

def test_only_destroy_objectives_of_colours_in_the_game_s_setup_1():
    state = warkit.initial_state(4, "smart")
    pool = state.rules.objective_pool(state)
    assert sorted(pool) == ["destroy_black", "destroy_blue", "destroy_red", "destroy_white"]
    for seed in range(40):
        players = 3 + seed % 4
        game = warkit.new_game(players, "smart", seed=seed)
        cards = game.objective_cards
        assert len(set(cards)) == players
        for seat, objective in enumerate(cards):
            o = warkit.world_map().objective(objective)
            assert o.kind == "destroy" and o.color in game.colors
            assert o.color != game.colors[seat]                 # never their own colour


def test_a_deal_giving_someone_their_own_colour_is_dealt_again_s_setup_1():
    state = warkit.initial_state(3, "smart")
    state = play(state, "objective destroy_black", "objective destroy_white")
    assert state.objective_cards == ("destroy_black", "destroy_white", None)
    assert warkit.chance_outcomes(state) == [(DealObjective("destroy_red"), 1)]
    redealt = play(state, "objective destroy_red")             # red hunts red: deal again
    assert redealt.objective_cards == (None, None, None)
    assert redealt.phase is Phase.SETUP


def test_the_deal_is_uniform_over_the_valid_deals_s_setup_1():
    """Every order of the 3 cards is equally likely; the 2 without anyone's own colour are
    kept, the other 4 dealt again: each valid deal ends up with probability 1/2."""
    start = warkit.initial_state(3, "smart")
    kept: dict[tuple, Fraction] = {}
    frontier = [(start, Fraction(1))]
    while frontier:
        state, p = frontier.pop()
        if None not in state.objective_cards:
            kept[state.objective_cards] = kept.get(state.objective_cards, 0) + p
            continue
        for action, q in warkit.chance_outcomes(state):
            after = warkit.apply(state, action)
            if after.objective_cards == (None, None, None):
                continue  # a restart: conditioning on the valid deals
            frontier.append((after, p * q))
    total = sum(kept.values())
    assert {k: v / total for k, v in kept.items()} == {
        ("destroy_black", "destroy_red", "destroy_white"): Fraction(1, 2),
        ("destroy_red", "destroy_white", "destroy_black"): Fraction(1, 2)}
    assert len([p for p in permutations(range(3)) if all(p[i] != i for i in range(3))]) == 2


def test_no_objective_fallback_in_smart_s_setup_1():
    """Classic C-SETUP-2 gives "24 territories" when another player eliminates the hunted
    colour; SMART keeps the card (and the game ends at that elimination anyway)."""
    state = smart_position(rest=(0, 2, 3), objectives={2: "destroy_black"},
                           eliminated_by=(None, 0, None, None))
    assert not state.alive[1]
    assert warkit.rules.victory.effective_objective(state, 2) == "24_territories"  # classic
    assert state.objective(2) == "destroy_black"
    assert state.rules.effective_objective(state, 2) == "destroy_black"


# -- S-SETUP-2 / S-SETUP-3: dealing and who starts ------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_dealing_as_classic_s_setup_2(players):
    """S-SETUP-2: the 42 territory cards dealt evenly, 1 army each, jokers back in."""
    for seed in range(10):
        game = warkit.new_game(players, "smart", seed=seed)
        counts = [game.territory_count(s) for s in range(players)]
        assert sorted(counts) in ([42 // players] * players,
                                  [42 // players] * (players - 2) + [42 // players + 1] * 2)
        assert set(game.armies) == {1}
        assert len(game.deck) == 44 and game.rules.name == "smart"
        assert game.phase is Phase.TRADE                      # the first turn opens (S-REINF-2)


@pytest.mark.parametrize("players", [4, 5])
def test_players_with_fewer_territories_play_first_s_setup_3(players):
    """S-SETUP-3: with 4 or 5 players two seats get one territory more; C-SETUP-4's first
    player (the one after the last card) already makes the others play first."""
    for seed in range(60):
        game = warkit.new_game(players, "smart", seed=seed)
        order = [(game.first_player + k) % players for k in range(players)]
        counts = [game.territory_count(s) for s in order]
        assert counts == sorted(counts), (seed, counts)
        assert counts[0] == 42 // players and counts[-1] == 42 // players + 1


# -- S-WIN-1, S-WIN-2, S-WIN-3 --------------------------------------------------------------------

def last_stand(counts: dict[int, int], *, players: int = 4, objectives=None, hands=None,
               extra_armies: dict[int, int] | None = None):
    """White (seat 0) about to take Argélia, black's (seat 1) last territory, from Brasil
    (3 armies). ``counts`` gives every seat's territories before the conquest."""
    assert counts[1] == 1 and sum(counts.values()) == 42
    owner = {"argelia": 1, "brasil": 0}
    left = dict(counts)
    left[0] -= 1
    left[1] -= 1
    free = [t for t in IDS if t not in owner]
    for seat in sorted(left):
        for _ in range(left[seat]):
            owner[free.pop(0)] = seat
    armies = {"brasil": 3}
    for seat, more in (extra_armies or {}).items():
        first = next(t for t in IDS if owner[t] == seat and t != "brasil")
        armies[first] = 1 + more
    objectives = objectives or {0: "destroy_red"}
    return smart_position(owner, armies, players=players, objectives=objectives,
                          hands=hands or {}, deck=[t for t in IDS[20:]] + ["joker1"])


def conquer_argelia(state):
    state = play(state, "attack brasil argelia 1", "roll 6 vs 1")
    while state.phase is SmartPhase.REACT:
        state = play(state, "pass")
    if state.phase is Phase.DRAW:
        state = play(state, "draw joker1")
    return state


def test_the_game_ends_at_the_first_elimination_s_win_1():
    state = last_stand({0: 12, 1: 1, 2: 15, 3: 14})
    before = play(state, "attack brasil argelia 1", "roll 6 vs 1")
    assert before.phase is Phase.DRAW                       # the conquest card comes first
    end = play(before, "draw joker1")
    assert end.is_terminal and end.alive == (True, False, True, True)
    assert end.armies[IDS.index("argelia")] == 2            # the armies moved in
    assert card("joker1") in end.hands[0]
    assert warkit.legal_actions(end) == []


def test_the_eliminating_conquests_card_counts_in_the_tie_break_s_win_1():
    """S-WIN-1 (decision): the card of the eliminating conquest (S-CONQ-2) is drawn before
    the game ends, and counts in S-WIN-3's tie-break: white and red are level in territories
    and armies, each holds one card; the drawn card gives white the win."""
    even = {0: 20, 1: 1, 2: 21}
    tie = dict(players=3, objectives={0: "destroy_red", 1: "destroy_white",
                                      2: "destroy_black"})
    state = last_stand(even, extra_armies={2: 1}, hands={0: ["peru"], 2: ["india"]}, **tie)
    before = play(state, "attack brasil argelia 1", "roll 6 vs 1")
    while before.phase is SmartPhase.REACT:
        before = play(before, "pass")
    assert before.phase is Phase.DRAW and not before.alive[1]   # out, but the card comes first
    assert not before.is_terminal and before.winners == ()
    end = play(before, "draw joker1")
    assert end.is_terminal and len(end.hands[0]) == 2 and len(end.hands[2]) == 1
    assert end.territory_count(0) == end.territory_count(2) == 21
    assert end.army_count(0) == end.army_count(2)
    assert end.winners == (0,)


def test_the_eliminator_wins_if_that_colour_was_the_objective_s_win_2():
    """S-WIN-2: hunting black and eliminating black wins outright."""
    end = conquer_argelia(last_stand({0: 5, 1: 1, 2: 20, 3: 16},
                                     objectives={0: "destroy_black"}))
    assert end.winners == (0,)                             # despite fewer territories


def test_tie_breaks_in_order_s_win_3():
    """S-WIN-3: 24+ territories, most territories, most armies, most cards (the eliminator
    takes the loser's cards first), else a shared victory."""
    assert conquer_argelia(last_stand({0: 10, 1: 1, 2: 24, 3: 7})).winners == (2,)
    assert conquer_argelia(last_stand({0: 10, 1: 1, 2: 12, 3: 19})).winners == (3,)
    # 3 players: 21 territories each after the conquest; armies and cards decide
    even = {0: 20, 1: 1, 2: 21}
    # white: 20 territories, Brasil 3 -> 22 armies; red: 21 territories + 1 -> 22
    tie = dict(players=3, objectives={0: "destroy_red", 1: "destroy_white",
                                      2: "destroy_black"})
    more_armies = conquer_argelia(last_stand(even, extra_armies={2: 2}, **tie))
    assert more_armies.winners == (2,)
    # equal armies: cards. Black's 2 cards go to white, who also drew one: 3 against 2
    cards = conquer_argelia(last_stand(even, extra_armies={2: 1},
                                       hands={1: ["peru", "china"], 2: ["india", "japao"]},
                                       **tie))
    assert cards.hands[0] == tuple(sorted(card(c) for c in ("peru", "china", "joker1")))
    assert cards.winners == (0,)
    shared = conquer_argelia(last_stand(even, extra_armies={2: 1}, hands={2: ["india"]}, **tie))
    assert shared.winners == (0, 2)
    assert smart_winners(shared) == (0, 2)
