"""The rule sets' ``elimination_winners`` hook: who would win if a seat took another's last
territory now (the bots ask it instead of keeping a copy of S-WIN-1..3)."""

from __future__ import annotations

import pytest
from positions import position
from smart_positions import IDS, smart_position
from test_smart_setup_and_end import conquer_argelia, last_stand

OTHERS = [t for t in IDS if t != "argentina"]


def even_board(victim_cards: int):
    """Seat 1 holds only Argentina; after seat 0 takes it, seats 0 and 2 have 21 territories
    and 21 armies each; seat 2 holds one card, seat 1 ``victim_cards``, seat 0 none."""
    owners = {t: 0 for t in OTHERS[:20]} | {t: 2 for t in OTHERS[20:]} | {"argentina": 1}
    armies = {OTHERS[0]: 2}
    hands = {2: ["brasil"], 1: ["mexico", "chile"][:victim_cards]}
    return smart_position(owners, armies, players=3, hands=hands,
                          objectives={0: "destroy_red", 1: "destroy_red", 2: "destroy_red"})


def test_s_win_2_the_eliminator_hunting_that_colour_wins_alone():
    state = even_board(0)
    hunter = f"destroy_{state.colors[1]}"
    assert state.rules.elimination_winners(state, 0, 1, hunter) == (0,)
    assert state.rules.elimination_winners(state, 0, 1, "destroy_red") == (0, 2)


def test_s_win_3_cards_count_the_victims_and_the_conquest_card():
    """S-WIN-3: equal territories and armies, so cards decide: the eliminator takes the
    victim's cards and draws one for the conquest (S-CONQ-2, S-WIN-1's decision)."""
    state = even_board(0)
    assert [state.territory_count(s) for s in range(3)] == [20, 1, 21]
    assert state.army_count(0) == state.army_count(2) == 21
    assert state.army_counts() == [state.army_count(s) for s in range(3)] == [21, 1, 21]
    assert state.rules.elimination_winners(state, 0, 1) == (0, 2)   # 1 card each: shared
    assert even_board(1).rules.elimination_winners(even_board(1), 0, 1) == (0,)


def test_s_win_3_most_territories_first():
    state = even_board(0)
    assert state.rules.elimination_winners(state, 2, 1) == (2,)     # 22 territories to 20


TIE = dict(players=3, objectives={0: "destroy_red", 1: "destroy_white", 2: "destroy_black"})
ENDINGS = [  # (territories before, keyword arguments of last_stand), as in the rule tests
    ({0: 10, 1: 1, 2: 24, 3: 7}, {}),                                 # 24+ territories
    ({0: 10, 1: 1, 2: 12, 3: 19}, {}),                                # most territories
    ({0: 5, 1: 1, 2: 20, 3: 16}, {"objectives": {0: "destroy_black"}}),   # S-WIN-2
    ({0: 20, 1: 1, 2: 21}, {"extra_armies": {2: 2}, **TIE}),          # most armies
    ({0: 20, 1: 1, 2: 21}, {"extra_armies": {2: 1}, **TIE,
                            "hands": {1: ["peru", "china"], 2: ["india", "japao"]}}),  # cards
    ({0: 20, 1: 1, 2: 21}, {"extra_armies": {2: 1}, **TIE, "hands": {2: ["india"]}}),  # shared
]


@pytest.mark.parametrize(("counts", "kwargs"), ENDINGS)
def test_the_hook_foresees_the_engines_end_of_game_s_win_1_to_3(counts, kwargs):
    """Asked before white takes black's last territory, the hook names the winners the
    engine declares once the conquest is played (S-WIN-1..3)."""
    state = last_stand(counts, **kwargs)
    foreseen = state.rules.elimination_winners(state, 0, 1, state.objective_cards[0])
    assert foreseen == conquer_argelia(state).winners


def test_classic_eliminations_do_not_end_the_game():
    """C-ELIM-2: the cards change hands and the game goes on (only objectives end it)."""
    state = position({"brasil": 0, "argentina": 1}, players=3, rest=(2,))
    assert state.rules.elimination_winners(state, 0, 1) is None
