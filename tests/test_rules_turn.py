"""The turn and its reinforcements, rule by rule: C-TURN-1..2, C-REINF-1..3.

Positions are hand-built (tests/positions.py); ``turn_start`` lets the engine
itself begin a player's turn, so the armies received are the engine's count.
"""

from __future__ import annotations

import pytest
from positions import JOKER1, conquer, members, position, refused, turn_start

from warkit import (
    Attack,
    EndPhase,
    Move,
    Phase,
    Place,
    Reason,
    Trade,
    apply,
    legal_actions,
    new_game,
)

# Territories from every continent, never a whole continent (so no C-REINF-2 bonus).
SCATTERED = (
    "alasca", "venezuela", "islandia", "argelia", "oriente_medio", "sumatra",
    "mackenzie", "peru", "inglaterra", "egito", "aral", "borneu",
    "groenlandia", "brasil", "suecia", "sudao", "omsk", "nova_guine",
    "vancouver", "moscou", "congo", "dudinka", "ottawa", "alemanha", "africa_do_sul",
    "siberia", "labrador", "polonia", "tchita", "california", "mongolia", "nova_york",
    "vladivostok", "china", "india", "japao",
)


def owning(n: int, seat: int = 0) -> dict[str, int]:
    assert n <= len(SCATTERED)
    return {t: seat for t in SCATTERED[:n]}


def place_all(state, territory):
    """Place every army received on one territory (must be allowed to take them all)."""
    return apply(state, Place(territory, state.reserves + sum(state.continent_reserves)))


# -- C-TURN-1: the phases of a turn, in order ------------------------------------------------------
def test_turn_1_phases_in_order_trade_place_attack_regroup_draw():
    """C-TURN-1: (a) receive (trade) and place, (b) attack, (c) regroup, (d) draw the card
    earned; then the next player's turn starts."""
    state = turn_start({"brasil": 0, "peru": 0}, {"brasil": 5},
                       hands={0: ["alasca", "vancouver", "nova_york"]})
    assert state.phase is Phase.TRADE and state.current == 0
    state = apply(state, EndPhase())
    assert state.phase is Phase.PLACE and state.reserves == 3
    state = place_all(state, "brasil")
    assert state.phase is Phase.ATTACK
    state = conquer(state, "brasil", "argentina", occupy=1)
    assert state.phase is Phase.ATTACK
    state = apply(state, EndPhase())
    assert state.phase is Phase.MOVE
    state = apply(state, Move("brasil", "peru", 2))
    state = apply(state, EndPhase())
    assert state.phase is Phase.DRAW and state.current == 0
    state = apply(state, "draw joker1")
    assert state.current == 1 and state.phase in (Phase.PLACE, Phase.TRADE)
    assert JOKER1 in state.hands[0]


def test_turn_1_no_attack_once_regrouping_started():
    """C-TURN-1: once the regroup step starts, no more attacks that turn (WRONG_PHASE)."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 5, "peru": 2})
    assert Attack("brasil", "argentina", 3) in legal_actions(state)
    regroup = apply(state, EndPhase())
    assert regroup.phase is Phase.MOVE
    assert not any(isinstance(a, Attack) for a in legal_actions(regroup))
    err = refused(regroup, Attack("brasil", "argentina", 3), Reason.WRONG_PHASE, "C-TURN-1")
    assert "regroup" in str(err)
    # even after a move, attacks stay closed
    moved = apply(regroup, Move("brasil", "peru", 1))
    refused(moved, Attack("peru", "argentina", 1), Reason.WRONG_PHASE, "C-TURN-1")


def test_turn_1_no_regroup_before_the_attack_step_ends():
    """C-TURN-1: regrouping comes after the attacks, trading before placing."""
    state = position({"brasil": 0, "peru": 0}, {"brasil": 5})
    refused(state, Move("brasil", "peru", 1), Reason.WRONG_PHASE, "C-TURN-1")
    refused(state, Trade(("alasca", "vancouver", "nova_york")), Reason.WRONG_PHASE, "C-TURN-1")
    trading = turn_start({"brasil": 0}, {"brasil": 5},
                         hands={0: ["alasca", "vancouver", "nova_york"]})
    assert trading.phase is Phase.TRADE
    refused(trading, Place("brasil", 1), Reason.WRONG_PHASE, "C-TURN-1")
    refused(trading, Attack("brasil", "argentina", 1), Reason.WRONG_PHASE, "C-TURN-1")
    refused(trading, Move("brasil", "peru", 1), Reason.WRONG_PHASE, "C-TURN-1")


def test_turn_1_without_a_conquest_the_turn_ends_after_regrouping():
    """C-TURN-1 (d): nothing earned, no draw step: the next player starts at once."""
    state = position({"brasil": 0}, {"brasil": 5})
    state = apply(apply(state, EndPhase()), EndPhase())
    assert state.current == 1 and state.phase in (Phase.PLACE, Phase.TRADE)


# -- C-TURN-2: attacks in the first round ----------------------------------------------------------
def test_turn_2_default_allows_attacks_in_round_one():
    """C-TURN-2 (Decision): by default attacks are allowed from the first round."""
    state = new_game(4, seed=7)
    assert state.round == 1
    while state.phase is Phase.PLACE:
        state = apply(state, legal_actions(state)[-1])
    assert state.phase is Phase.ATTACK and state.round == 1
    attacks = [a for a in legal_actions(state) if isinstance(a, Attack)]
    assert attacks
    state = apply(state, attacks[0])
    assert state.phase is Phase.ROLL
    first_round = position({"brasil": 0}, {"brasil": 3}, round=1)
    assert apply(first_round, "attack brasil argentina 2").phase is Phase.ROLL


def test_turn_2_house_rule_refuses_attacks_in_round_one_only():
    """C-TURN-2: with ``attacks_in_first_round=False`` round 1 has no attacks
    (NO_ATTACK_FIRST_ROUND); from round 2 they are allowed."""
    settings = {"attacks_in_first_round": False}
    round1 = position({"brasil": 0}, {"brasil": 3}, round=1, settings=settings)
    assert list(legal_actions(round1)) == [EndPhase()]
    refused(round1, Attack("brasil", "argentina", 2), Reason.NO_ATTACK_FIRST_ROUND, "C-TURN-2")
    round2 = position({"brasil": 0}, {"brasil": 3}, round=2, settings=settings)
    assert Attack("brasil", "argentina", 2) in legal_actions(round2)
    assert apply(round2, Attack("brasil", "argentina", 2)).phase is Phase.ROLL


def test_turn_2_house_rule_over_a_real_first_round():
    """C-TURN-2: the engine's own round counter: nobody attacks in round 1, the first
    player may attack when their turn comes back (round 2)."""
    state = new_game(4, seed=7, attacks_in_first_round=False)
    first = state.current
    for _ in range(4):
        assert state.round == 1
        while state.phase is Phase.PLACE:
            state = apply(state, legal_actions(state)[-1])
        assert list(legal_actions(state)) == [EndPhase()]
        state = apply(apply(state, EndPhase()), EndPhase())
    assert state.current == first and state.round == 2
    while state.phase in (Phase.PLACE, Phase.TRADE):
        state = apply(state, legal_actions(state)[-1])
    assert any(isinstance(a, Attack) for a in legal_actions(state))


# -- C-REINF-1: armies for territories -------------------------------------------------------------
@pytest.mark.parametrize("territories, armies", [
    (8, 4), (11, 5),            # the rule book's examples
    (5, 3), (1, 3), (6, 3), (7, 3),  # never fewer than 3
    (16, 8), (17, 8), (20, 10), (21, 10), (36, 18),  # the walk-through's examples
])
def test_reinf_1_territories_halved_never_fewer_than_3(territories, armies):
    """C-REINF-1: armies received = territories // 2, at least 3."""
    state = turn_start(owning(territories), seat=0)
    assert state.phase is Phase.PLACE
    assert state.reserves == armies
    assert state.continent_reserves == (0,) * 6


def test_reinf_1_counted_for_the_player_whose_turn_starts():
    """C-REINF-1: the count is the new player's own territories (seat 2 here)."""
    owners = {**owning(8, seat=2), **{t: 0 for t in ("china", "india", "japao")}}
    state = turn_start(owners, seat=2, rest=(1, 3))
    assert state.current == 2 and state.reserves == 4


def test_reinf_1_no_more_armies_than_received():
    """C-REINF-1: 8 territories give 4 armies: placing 5 is refused, 4 is fine."""
    state = turn_start(owning(8))
    assert state.reserves == 4
    refused(state, Place("alasca", 5), Reason.BAD_COUNT, "C-REINF-3")
    refused(state, Place("alasca", 0), Reason.BAD_COUNT, "C-REINF-3")
    assert max(a.armies for a in legal_actions(state)) == 4
    done = apply(state, Place("alasca", 4))
    assert done.armies_at("alasca") == 5 and done.phase is Phase.ATTACK


# -- C-REINF-2: continent bonuses ------------------------------------------------------------------
@pytest.mark.parametrize("continent, bonus", [
    ("america_do_sul", 2), ("africa", 3), ("oceania", 2), ("europa", 5),
    ("america_do_norte", 5), ("asia", 7)])
def test_reinf_2_bonus_per_whole_continent(continent, bonus):
    """C-REINF-2: owning a whole continent adds its bonus, reserved for that continent."""
    owners = {t: 0 for t in members(continent)}
    state = turn_start(owners)
    assert state.reserves == max(3, len(owners) // 2)
    assert sum(state.continent_reserves) == bonus
    assert state.continent_reserves[state.map.continent(continent).index] == bonus
    # one territory short: no bonus
    short = dict(owners)
    short.pop(members(continent)[0])
    assert sum(turn_start(short).continent_reserves) == 0


def test_reinf_2_rule_book_example_19_territories_with_south_america():
    """C-REINF-2: 15 scattered territories + all of South America = 19: 9 + 2 = 11 armies,
    the 2 to be placed in South America."""
    scattered = [t for t in SCATTERED if t not in members("america_do_sul")][:15]
    owners = {**{t: 0 for t in scattered}, **{t: 0 for t in members("america_do_sul")}}
    assert len(owners) == 19
    state = turn_start(owners)
    assert state.reserves == 9
    assert state.continent_reserves == (0, 2, 0, 0, 0, 0)
    assert len(legal_actions(state)) == 15 * 9 + 4 * 11  # 9 anywhere, 11 in South America
    refused(state, Place("alasca", 10), Reason.BAD_COUNT, "C-REINF-3")
    outside = apply(state, Place("alasca", 9))
    assert outside.phase is Phase.PLACE
    err = refused(outside, Place("islandia", 1), Reason.CONTINENT_RESTRICTED, "C-REINF-2")
    assert "islandia" in str(err)
    assert all(a.territory in members("america_do_sul") for a in legal_actions(outside))
    done = apply(outside, Place("brasil", 2))
    assert done.phase is Phase.ATTACK
    assert done.armies_at("brasil") == 3 and done.armies_at("alasca") == 10


def test_reinf_2_bonus_armies_are_used_first_inside_their_continent():
    """C-REINF-2: placing in South America spends its bonus before the free armies, so
    the free ones may still go anywhere."""
    owners = {**{t: 0 for t in members("america_do_sul")}, "alasca": 0, "islandia": 0}
    state = turn_start(owners)
    assert (state.reserves, sum(state.continent_reserves)) == (3, 2)
    state = apply(state, Place("peru", 3))  # 2 bonus + 1 free
    assert state.reserves == 2 and sum(state.continent_reserves) == 0
    state = apply(state, Place("alasca", 2))
    assert state.phase is Phase.ATTACK


def test_reinf_2_each_continent_keeps_its_own_bonus():
    """C-REINF-2: South America's 2 and Oceania's 2 cannot be swapped."""
    owners = {t: 0 for t in (*members("america_do_sul"), *members("oceania"))}
    state = turn_start(owners)
    assert state.reserves == 4 and state.continent_reserves == (0, 2, 0, 0, 0, 2)
    state = apply(state, Place("brasil", 6))  # 2 South America + 4 free
    refused(state, Place("peru", 1), Reason.CONTINENT_RESTRICTED, "C-REINF-2")
    refused(state, Place("australia", 3), Reason.BAD_COUNT, "C-REINF-3")
    state = apply(state, Place("australia", 2))
    assert state.phase is Phase.ATTACK


# -- C-REINF-3: place everything before attacking -------------------------------------------------
def test_reinf_3_all_armies_placed_before_attacking():
    """C-REINF-3: while armies are left to place, attacking (or ending) is refused."""
    state = turn_start({"brasil": 0, "peru": 0, "islandia": 0}, {"brasil": 4})
    assert state.phase is Phase.PLACE and state.reserves == 3
    err = refused(state, Attack("brasil", "argentina", 3), Reason.WRONG_PHASE, "C-TURN-1")
    assert "C-REINF-3" in str(err)
    refused(state, EndPhase(), Reason.WRONG_PHASE, "C-TURN-1")
    state = apply(state, Place("brasil", 2))
    assert state.phase is Phase.PLACE and state.reserves == 1
    refused(state, Attack("brasil", "argentina", 3), Reason.WRONG_PHASE, "C-TURN-1")
    state = apply(state, Place("peru", 1))
    assert state.phase is Phase.ATTACK and state.reserves == 0
    assert apply(state, Attack("brasil", "argentina", 3)).phase is Phase.ROLL


def test_reinf_3_armies_go_on_own_territories_only():
    """C-REINF-3: received armies are placed on the player's own territories."""
    state = turn_start({"brasil": 0, "peru": 0, "islandia": 0})
    refused(state, Place("argentina", 1), Reason.NOT_OWNED, "C-REINF-3")
    refused(state, Place("atlantida", 1), Reason.UNKNOWN_TERRITORY)
    assert {a.territory for a in legal_actions(state)} == {"brasil", "peru", "islandia"}
