"""Who may act, what a refusal leaves behind, and the text form of actions.

These are the engine's general guarantees around the classic rules: the
player to act (C-TURN-1), chance steps versus decisions, the end of the game
(C-WIN-1), unknown territories, refusals that change nothing, and actions
that parse back from their text.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import IDS, battle, position, refused, turn_start

import warkit
from warkit import (
    Attack,
    ChooseDealer,
    Deal,
    DealObjective,
    Draw,
    EndPhase,
    IllegalActionError,
    InvalidActionError,
    Move,
    Occupy,
    Phase,
    Place,
    Reason,
    Roll,
    Trade,
    apply,
    illegal_reason,
    is_legal,
    legal_actions,
    parse_action,
)
from warkit.state import evolve


# -- whose move it is -----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [4, 7, -1, -4, "0", 0.0, True, [0]])
def test_a_seat_that_does_not_exist_is_refused_naming_the_seats(seat):
    """C-TURN-1: ``player`` must be a seat of this game (0..3 here): anything else, even a
    negative index or a bool, is refused with the list of seats, and nothing changes."""
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 4})
    err = refused(state, Attack("brasil", "argentina", 1), Reason.UNKNOWN_SEAT, player=seat)
    assert isinstance(err, ValueError)
    assert "0 (white), 1 (black), 2 (red), 3 (blue)" in str(err) and repr(seat) in str(err)
    match = warkit.Match(state)
    with pytest.raises(warkit.IllegalActionError, match="the seats are"):
        match.push(Attack("brasil", "argentina", 1), player=seat)
    assert len(match) == 0


def test_only_the_player_to_act_may_act():
    """C-TURN-1: only the active player decides; others get NOT_YOUR_TURN."""
    state = position({"brasil": 0}, {"brasil": 4}, current=0)
    for other in (1, 2, 3):
        err = refused(state, Attack("brasil", "argentina", 1), Reason.NOT_YOUR_TURN,
                      player=other)
        assert state.colors[other] in str(err)
    assert apply(state, Attack("brasil", "argentina", 1), player=0).phase is Phase.ROLL
    placing = turn_start({"brasil": 2}, seat=2)
    refused(placing, Place("brasil", 1), Reason.NOT_YOUR_TURN, player=0)
    assert apply(placing, Place("brasil", 1), player=2).armies_at("brasil") == 2


def test_nobody_decides_at_a_chance_step():
    """Chance steps (dice, draws) take chance outcomes only."""
    rolling = apply(position({"brasil": 0}, {"brasil": 4}), Attack("brasil", "argentina", 3))
    assert rolling.current_player == warkit.CHANCE
    assert list(legal_actions(rolling)) == []
    refused(rolling, EndPhase(), Reason.CHANCE_PENDING)
    refused(rolling, Attack("brasil", "peru", 1), Reason.CHANCE_PENDING)
    refused(rolling, Roll((6, 5, 4), (3,)), Reason.NOT_YOUR_TURN, player=0)
    assert apply(rolling, Roll((6, 5, 4), (3,))).phase is Phase.OCCUPY


@pytest.mark.parametrize("outcome", [
    Roll((6,), (1,)), Draw("alasca"), DealObjective("asia_africa"), ChooseDealer(0),
    Deal("brasil")])
def test_chance_outcomes_are_refused_at_a_decision(outcome):
    """A chance outcome cannot be forced while a player has a decision to make."""
    state = position({"brasil": 0}, {"brasil": 4})
    err = refused(state, outcome, Reason.NOT_A_CHANCE_OUTCOME)
    assert "white" in str(err)


def test_unknown_territories_are_named_in_the_refusal():
    """Every territory in an action must exist (UNKNOWN_TERRITORY)."""
    state = turn_start({"brasil": 0})
    err = refused(state, Place("atlantida", 1), Reason.UNKNOWN_TERRITORY)
    assert "atlantida" in str(err)
    attacking = position({"brasil": 0}, {"brasil": 4})
    refused(attacking, Attack("brasil", "Brasil", 1), Reason.UNKNOWN_TERRITORY)
    refused(attacking, Attack("", "brasil", 1), Reason.UNKNOWN_TERRITORY)
    regroup = position({"brasil": 0, "peru": 0}, {"brasil": 4}, phase=Phase.MOVE)
    refused(regroup, Move("brasil", "pero", 1), Reason.UNKNOWN_TERRITORY)


def test_counts_must_be_whole_numbers():
    """Armies and dice are whole numbers (BAD_COUNT), not booleans or text."""
    state = turn_start({"brasil": 0})
    refused(state, Place("brasil", True), Reason.BAD_COUNT, "C-REINF-3")
    refused(state, Place("brasil", 1.0), Reason.BAD_COUNT, "C-REINF-3")
    attacking = position({"brasil": 0}, {"brasil": 4})
    refused(attacking, Attack("brasil", "argentina", "3"), Reason.BAD_COUNT, "C-ATK-2")


def test_not_an_action_is_invalid():
    with pytest.raises(InvalidActionError):
        apply(position(), 42)
    with pytest.raises(InvalidActionError):
        apply(position(), ("attack", "brasil", "argentina", 1))


# -- refusals change nothing; legal_actions agrees with apply -------------------------------------
def sample_positions():
    """A few positions covering every decision phase."""
    owners = {"brasil": 0, "peru": 0, "venezuela": 0}
    armies = {"brasil": 5, "peru": 2}
    hands = {0: ["alasca", "vancouver", "nova_york", "mackenzie"]}
    trade = turn_start(owners, armies, hands=hands)
    place = apply(trade, EndPhase())
    attack = position(owners, armies, hands=hands)
    occupy = battle(attack, "brasil", "argentina", 3, "6,6,6 vs 1")
    move = apply(attack, EndPhase())
    return {"trade": trade, "place": place, "attack": attack, "occupy": occupy, "move": move}


SOUTH = ("brasil", "peru", "venezuela", "argentina", "mexico", "argelia")
CANDIDATES = (
    [EndPhase()]
    + [Occupy(n) for n in range(-1, 6)]
    + [Place(t, n) for t in SOUTH for n in (0, 1, 3, 4)]
    + [Attack(a, b, n) for a in SOUTH for b in SOUTH for n in (0, 1, 2, 3, 4)]
    + [Move(a, b, n) for a in SOUTH for b in SOUTH for n in (0, 1, 3, 4)]
    + [Trade(c) for c in (("alasca", "vancouver", "nova_york"),
                          ("alasca", "vancouver", "mackenzie"),
                          ("alasca", "vancouver", "joker1"))]
)


@pytest.mark.parametrize("name", ["trade", "place", "attack", "occupy", "move"])
def test_legal_actions_agree_with_apply_and_refusals_change_nothing(name):
    """C-TURN-1: in every decision step, an action is accepted exactly when it is listed by
    legal_actions; a refused one raises IllegalActionError and leaves the state as it
    was."""
    state = sample_positions()[name]
    legal = legal_actions(state)
    snapshot = evolve(state)
    accepted = 0
    for action in CANDIDATES:
        error = illegal_reason(state, action)
        assert (error is None) == (action in legal), (name, str(action), error)
        if error is not None:
            with pytest.raises(IllegalActionError):
                apply(state, action)
            assert isinstance(error.reason, Reason)
        else:
            accepted += 1
            assert is_legal(state, action)
        assert state == snapshot
    assert accepted > 0
    for action in legal:  # every listed action really is accepted
        assert illegal_reason(state, action) is None, (name, str(action))


# -- text forms ------------------------------------------------------------------------------------
TEXTS = [
    "place brasil 3",
    "trade alasca vancouver joker1",
    "attack brasil argentina 3",
    "occupy 2",
    "move brasil peru 1",
    "end",
    "roll 6,5,1 vs 5,5,2",
    "roll 3,2 vs 6",
    "draw joker2",
    "draw mexico",
    "objective destroy_blue",
    "dealer 2",
    "deal vladivostok",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_action_kind_round_trips_through_text(text):
    """str(parse_action(text)) == text, and repr() is a parse_action expression."""
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"parse_action": parse_action}) == action
    assert action.keyword == text.split()[0]
    assert action.chance == (action.keyword in ("roll", "draw", "objective", "dealer", "deal"))


def test_parsed_actions_are_the_dataclasses():
    assert parse_action("place brasil 3") == Place("brasil", 3)
    assert parse_action("trade alasca vancouver joker1") == Trade(
        ("alasca", "vancouver", "joker1"))
    assert parse_action("attack brasil argentina 3") == Attack("brasil", "argentina", 3)
    assert parse_action("occupy 2") == Occupy(2)
    assert parse_action("move brasil peru 1") == Move("brasil", "peru", 1)
    assert parse_action("end") == EndPhase()
    assert parse_action("roll 1,5,6 vs 2,5,5") == Roll((6, 5, 1), (5, 5, 2))
    assert str(Roll((1, 5, 6), (2, 5, 5))) == "roll 6,5,1 vs 5,5,2"
    assert parse_action("draw joker1") == Draw("joker1")
    assert parse_action("objective asia_africa") == DealObjective("asia_africa")
    assert parse_action("dealer 3") == ChooseDealer(3)
    assert parse_action("deal brasil") == Deal("brasil")
    assert parse_action("  ATTACK   brasil argentina 2 ") == Attack("brasil", "argentina", 2)
    assert parse_action("roll 6 VS 1") == Roll((6,), (1,))


@pytest.mark.parametrize("text", [
    "", "   ", "fly brasil argentina", "place brasil", "place brasil x", "place brasil 1 2",
    "attack brasil argentina", "attack brasil argentina three", "attack brasil 3",
    "occupy", "occupy two", "occupy 1 2", "move brasil peru", "move brasil peru 1.5",
    "end now", "roll 6,5 5,4", "roll 6,x vs 1", "roll 6 vs", "roll vs 1", "roll 6 against 1",
    "trade", "draw", "draw a b", "dealer", "dealer x", "deal", "objective",
])
def test_malformed_text_is_an_invalid_action_error(text):
    """Malformed text raises InvalidActionError (a ValueError), before any rule."""
    with pytest.raises(InvalidActionError):
        parse_action(text)
    with pytest.raises(InvalidActionError):
        apply(position(), text)


@pytest.mark.parametrize("value", [None, 5, b"end", ["end"]])
def test_non_text_is_an_invalid_action_error(value):
    with pytest.raises(InvalidActionError):
        parse_action(value)


territories = st.sampled_from(IDS)
numbers = st.integers(min_value=-5, max_value=200)
die = st.integers(min_value=1, max_value=6)


@settings(max_examples=60, deadline=None)
@given(st.one_of(
    st.builds(Place, territories, numbers),
    st.builds(Attack, territories, territories, numbers),
    st.builds(Move, territories, territories, numbers),
    st.builds(Occupy, numbers),
    st.builds(Roll, st.lists(die, min_size=1, max_size=3).map(tuple),
              st.lists(die, min_size=1, max_size=3).map(tuple)),
    st.builds(Draw, st.sampled_from([*IDS, "joker1", "joker2"])),
    st.builds(Trade, st.lists(st.sampled_from([*IDS, "joker1", "joker2"]), min_size=3,
                              max_size=3).map(tuple)),
))
def test_text_round_trip_property(action):
    """Any action prints to text that parses back to an equal action."""
    assert parse_action(str(action)) == action


def test_refusals_carry_what_they_name_for_translations():
    """IllegalActionError.params: the ids and numbers a UI needs to say the refusal in
    Portuguese (territories by id, counts with their range)."""
    state = apply(position(owners={"brasil": 0, "argentina": 1, "peru": 0},
                           armies={"brasil": 4, "argentina": 2, "peru": 1},
                           phase=Phase.ATTACK), "end")
    error = warkit.illegal_reason(state, Move("brasil", "china", 1))
    assert error.params.get("territory") == "china" or error.params.get("dst") == "china"
    error = warkit.illegal_reason(state, Move("brasil", "peru", 9))
    assert error.reason is Reason.BAD_COUNT
    assert (error.params["counting"], error.params["territory"]) == ("move", "brasil")
    assert (error.params["low"], error.params["high"], error.params["value"]) == (1, 3, 9)
