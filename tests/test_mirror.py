"""A seat's mirror (warkit.mirror): a full state that looks exactly like the seat's view, built
from the view alone, on which the seat's steps (as the room server sends them) replay by the
one rule book. The soak over many more games is ``tests/bench/soak_mirror.py``."""

from __future__ import annotations

import dataclasses
import inspect
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mirror_replay import replay, setup_end

import warkit
from warkit import Match, MirrorError, mirror_state, resolve_step
from warkit.mirror import eliminated_this_turn, first_player
from warkit.seat_record import step_for
from warkit.state import CHANCE, Phase

RULES = ("classic", "smart")


@cache
def game(seed: int, players: int, rules: str) -> Match:
    """A finished seeded game between random bots (they play SMART's advantages too)."""
    return warkit.simulate(players=players, rules=rules, seed=seed, max_turns=3000)


few = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("rules", RULES)
@few
@given(seed=st.integers(min_value=0, max_value=10_000),
       players=st.integers(min_value=3, max_value=6))
def test_every_seat_and_the_spectator_see_the_real_game_on_their_mirror(rules, seed, players):
    """After every step, each seat's (and the spectator's) view of its mirror equals its view
    of the real game, to the end (but who won by an objective the seat cannot see)."""
    real = game(seed, players, rules)
    for seat in (None, *range(players)):
        replayed = replay(real, seat)
        assert replayed.steps == len(real.actions) - setup_end(real)
        if seat is not None and real.state.winners == (seat,):
            assert not replayed.unseen_end or rules == "smart"


@pytest.mark.parametrize(("seed", "looted"), [(3, False), (10, True)])
def test_the_loser_s_cards_reach_the_eliminator_s_mirror(seed, looted):
    """C-ELIM-2 in two 6-player games: the eliminator takes the loser's cards whole (the step
    lists them, for the eliminator only) or draws blind from them (the loot step); each game
    has an eliminator's late trade too."""
    real = game(seed, 6, "classic")
    assert any(s.phase is Phase.LOOT for s in real.states) == looted
    assert any(s.late for s in real.states)
    listed = []
    for i in range(setup_end(real), len(real.actions)):
        before, after = real.states[i], real.states[i + 1]
        seen = [s for s in range(6) if "cards" in step_for(before, real.actions[i], after, s)]
        if seen:
            listed.append(seen)
            assert seen == [before.current] and not all(after.alive)
    assert listed or looted
    for seat in (None, *range(6)):
        replay(real, seat)


@pytest.mark.parametrize(("seed", "players", "seat"), [(14, 5, 4), (91, 6, 3)])
def test_an_own_draw_that_opens_a_turn_without_a_set(seed, players, seat):
    """The soak's finds: the seat's own draw moves its card out of the next hand, the card
    swapped in is a joker, and that hand must hold no set (the next turn opens with place)."""
    replay(game(seed, players, "classic"), seat)


def test_a_step_leading_to_a_step_no_deal_gives_is_refused():
    real = game(4, 4, "classic")
    base = setup_end(real)
    mirror = Match(mirror_state(warkit.view(real.states[base], 0)))
    step = step_for(real.states[base], real.actions[base], real.states[base + 1], 0)
    with pytest.raises(MirrorError, match="no deal of the unknown cards leads to"):
        resolve_step(mirror, {**step, "phase": "move"}, 0)
    mirror.push(resolve_step(mirror, step, 0))


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", [3, 6])
def test_the_set_up_mirror_is_the_view_and_survives_json(rules, players):
    """What the server sends a joining page: ``state_to_dict(mirror_state(view))`` after the
    dealt set-up; it reads back, others' objectives ``None``."""
    real = Match.new(players, rules=rules, seed=11)
    for seat in (None, *range(players)):
        seen = warkit.view(real.state, seat)
        mirror = mirror_state(seen)
        assert warkit.view(mirror, seat) == seen
        back = warkit.state_from_dict(json.loads(json.dumps(warkit.state_to_dict(mirror))))
        assert back == mirror and warkit.view(back, seat) == seen
        assert [o is None for o in mirror.objective_cards] == [
            s != seat for s in range(players)]
        assert mirror.objective_cards[seat] == seen.objective if seat is not None else True


@pytest.mark.parametrize("rules", RULES)
def test_a_mirror_of_any_view_looks_exactly_like_it(rules):
    """Every phase of a whole game, every seat and the spectator (extra included)."""
    real = game(7, 4, rules)
    phases = set()
    for state in real.states[setup_end(real)::7]:
        phases.add(state.phase)
        for seat in (None, 0, 1, 2, 3):
            seen = warkit.view(state, seat)
            assert warkit.view(mirror_state(seen), seat) == seen
    assert len(phases) >= 6


def _twin(state: warkit.GameState, seat: int) -> warkit.GameState:
    """``state`` with what ``seat`` cannot see changed: two other seats' objectives swapped, and
    a card of another hand swapped with one of the deck."""
    other = (seat + 1) % state.num_players
    hands = list(state.hands)
    mine, theirs = state.deck[0], hands[other][0]  # a state after some turns: hands hold cards
    hands[other] = tuple(sorted((*hands[other][1:], mine)))
    deck = tuple(sorted((*state.deck[1:], theirs)))
    cards = list(state.objective_cards)
    third = (seat + 2) % state.num_players
    cards[other], cards[third] = cards[third], cards[other]
    return dataclasses.replace(state, hands=tuple(hands), deck=deck, objective_cards=tuple(cards))


@pytest.mark.parametrize("rules", RULES)
def test_a_mirror_is_made_of_the_view_alone(rules):
    """Two real states a seat cannot tell apart give the same mirror: nothing of another seat's
    hand or objective reaches it but through the view (and mirror_state takes only a view)."""
    assert list(inspect.signature(mirror_state).parameters) == ["v"]
    real = game(5, 4, rules)
    state = next(s for s in real.states[setup_end(real):] if all(s.hand_sizes) and s.deck)
    for seat in range(4):
        twin = _twin(state, seat)
        assert twin != state
        assert warkit.view(twin, seat) == warkit.view(state, seat)
        mirror = mirror_state(warkit.view(twin, seat))
        assert mirror == mirror_state(warkit.view(state, seat))
        assert all(o is None for s, o in enumerate(mirror.objective_cards) if s != seat)


def test_a_step_with_no_card_to_move_leaves_the_present_as_mirror_state_deals_it():
    """The mirror's present is dealt from its view before each step: when the step names no
    card and opens no turn, it is exactly ``mirror_state``'s deal (its cards hold nothing the
    view does not), and a step that needs cards moved moves only a few."""
    real = game(3, 5, "smart")
    base = setup_end(real)
    for seat in (None, 2):
        replayed = replay(real, seat)  # checks how many cards each step moved
        assert 0 < replayed.moved < replayed.steps / 4
    mirror = Match(mirror_state(warkit.view(real.states[base], 1)))
    for i in range(base, base + 300):
        action = resolve_step(mirror, step_for(real.states[i], real.actions[i],
                                               real.states[i + 1], 1), 1)
        if action.keyword in ("roll", "place", "attack", "occupy", "pass"):
            assert mirror.state == mirror_state(warkit.view(mirror.state, 1))
        mirror.push(action)


def test_the_fields_a_view_leaves_out():
    """The first player is worked out exactly while nobody is out, eliminated_this_turn is
    certain in the loot and late-trade steps, and dealer (read only by the set-up) changes no
    later view when left None."""
    for rules in RULES:
        real = game(21, 5, rules)
        base = setup_end(real)
        for state in real.states[base:]:
            seen = warkit.view(state, 0)
            if all(state.alive):
                assert first_player(seen) == state.first_player
            if state.phase is Phase.LOOT or state.late:
                assert eliminated_this_turn(seen) and state.eliminated_this_turn
        states = [dataclasses.replace(real.states[base], dealer=None)]
        for action in real.actions[base:]:
            states.append(warkit.apply(states[-1], action))
        for ours, theirs in zip(states, real.states[base:], strict=True):
            assert ours == dataclasses.replace(theirs, dealer=None)


# -- bad steps -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def started() -> tuple[Match, list[dict]]:
    """A classic game's first steps as seat 0 sees them, and its mirror after 40 of them."""
    real = game(4, 4, "classic")
    base = setup_end(real)
    steps = [step_for(real.states[i], real.actions[i], real.states[i + 1], 0)
             for i in range(base, base + 60)]
    mirror = Match(mirror_state(warkit.view(real.states[base], 0)))
    for step in steps[:40]:
        mirror.push(resolve_step(mirror, step, 0))
    return mirror, steps


def _bad_steps(mirror: Match, steps: list[dict]) -> list[tuple[object, str]]:
    state = mirror.state
    me = warkit.view(state, 0)
    mover = state.current_player
    actor = "chance" if mover == CHANCE else state.colors[mover]
    not_mine = next(t for t in warkit.world_map().ids if state.owner_of(t) != mover)
    held = warkit.card_name(me.hand[0]) if me.hand else "joker1"
    return [
        (steps[41], "out of order"),  # one step skipped
        (steps[0], "out of order|cannot be played"),  # a step from the game's start
        ({**steps[40], "actor": "nobody"}, "out of order"),
        ({"actor": actor, "action": f"place {not_mine} 1"}, "cannot be played"),
        ({"actor": actor, "action": "fly to the moon"}, "cannot be read"),
        ({"actor": actor, "action": f"trade {held} joker1 joker2"}, "cannot be played"),
        ({"actor": actor, "keyword": "attack", "hidden": True}, "hidden step"),
        ({"actor": actor, "keyword": "draw", "hidden": True}, "hidden from this seat"),
        ({"actor": actor, "action": "end", "cards": "brasil"}, "list of card names"),
        ("end", "a dict"),
    ]


def test_a_bad_step_is_refused_and_changes_nothing(started):
    mirror, steps = started
    states, actions, last = list(mirror.states), list(mirror.actions), mirror.state
    for step, message in _bad_steps(mirror, steps):
        with pytest.raises(MirrorError, match=message):
            resolve_step(mirror, step, 0)
        assert mirror.states == states and mirror.actions == actions
        assert mirror.state is last
    with pytest.raises(MirrorError, match="seat must be"):
        resolve_step(mirror, steps[40], 9)
    with pytest.raises(TypeError):
        resolve_step(mirror.state, steps[40], 0)  # type: ignore[arg-type]
    mirror.push(resolve_step(mirror, steps[40], 0))  # the right step still plays


def test_a_forged_card_is_refused():
    """A seat's own draw naming a card the seat already holds, and another seat trading a card
    the seat holds: no arrangement of the unknown cards makes them legal."""
    real = game(9, 3, "classic")
    base = setup_end(real)
    for seat in range(3):
        mirror = Match(mirror_state(warkit.view(real.states[base], seat)))
        for i in range(base, len(real.actions)):
            step = step_for(real.states[i], real.actions[i], real.states[i + 1], seat)
            mine = mirror.state.hands[seat]
            keyword = real.actions[i].keyword
            if mine and keyword in ("draw", "trade") and "action" in step:
                held = warkit.card_name(mine[0])
                if keyword == "draw":
                    forged = {**step, "action": f"draw {held}"}
                else:
                    words = step["action"].split()
                    forged = {**step, "action": " ".join([*words[:-1], held])}
                if forged["action"] != step["action"] and (
                        keyword == "draw" or real.states[i].current != seat):
                    before = mirror.state
                    with pytest.raises(MirrorError):
                        resolve_step(mirror, forged, seat)
                    assert mirror.state is before
            mirror.push(resolve_step(mirror, step, seat))


def test_mirror_state_refuses_what_is_not_a_view_after_the_deal():
    with pytest.raises(TypeError, match="needs a view"):
        mirror_state(warkit.new_game(3, seed=1))  # type: ignore[arg-type]
    setup = warkit.initial_state(3)
    with pytest.raises(MirrorError, match="set-up"):
        mirror_state(warkit.view(setup, 0))
    assert issubclass(MirrorError, ValueError)
