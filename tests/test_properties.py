"""Property tests over many seeded random games (the games_sim_test pattern).

After every action of every classic game: the invariants hold (each territory
owned by one live player with at least 1 army, the 44 cards each in exactly
one place, turn and phase order, a monotone trade counter), legal actions
exist unless the game is over, and the game reaches a winner. For classic and
SMART games alike: random illegal actions are refused with IllegalActionError
and change nothing; listed legal actions apply; states survive JSON; a match
record replays to identical states. Views never leak secrets. SMART's own
properties are in ``test_smart_properties.py``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warkit
from warkit import record
from warkit.actions import Attack, EndPhase, Move, Occupy, Place, Trade, parse_action
from warkit.rules.smart import (
    AirAttack,
    Airlift,
    Alliance,
    Discard,
    Intelligence,
    Pass,
    Reroll,
    Rerolled,
    Reveal,
)
from warkit.state import CHANCE, Phase
from warkit.validate import state_problems

PHASE_ORDER = [Phase.TRADE, Phase.PLACE, Phase.ATTACK, Phase.MOVE, Phase.DRAW]


RULES = ("classic", "smart")


@cache
def game(seed: int, players: int = 4, rules: str = "classic") -> warkit.Match:
    """A finished seeded RandomBot game (cached: several properties read the same games)."""
    return warkit.simulate(players=players, rules=rules, seed=seed, max_turns=3000)


seeds = st.integers(min_value=0, max_value=10_000)
many = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@many
@given(seed=seeds, players=st.integers(min_value=3, max_value=6))
def test_invariants_hold_after_every_action_and_games_end(seed, players):
    """C-ELIM-1, C-CARD-6, C-TURN-1, C-CARD-4, C-WIN-1, C-WIN-2 over whole random games."""
    match = game(seed, players)
    assert match.state.is_terminal, "every RandomBot game reaches a winner"
    assert len(match.state.winners) == 1
    trades = 0
    for before, action, after in zip(match.states, match.actions, match.states[1:]):
        assert state_problems(after) == [], (str(action), state_problems(after))
        assert after.trades >= trades  # the trade counter never goes down
        trades = after.trades
        if after.is_terminal:
            continue
        if after.current_player != CHANCE:
            assert warkit.legal_actions(after), "a player to act always has a legal action"
        if after.turn == before.turn and before.phase in PHASE_ORDER \
                and after.phase in PHASE_ORDER:
            assert PHASE_ORDER.index(after.phase) >= PHASE_ORDER.index(before.phase) or \
                after.late, f"phase went back: {before.phase} -> {after.phase}"
        if after.turn != before.turn and before.phase is not Phase.SETUP:
            assert after.current != before.current or sum(after.alive) == 1
    final = match.state
    winner = final.winners[0]
    assert final.rules.effective_objective(final, winner) is not None
    assert sum(final.alive) == 1 or warkit.rules.victory.objective_met(final, winner)


def random_action(rng: random.Random) -> warkit.Action:
    """A random, usually illegal, action of any kind (classic and SMART) with real or
    bogus arguments."""
    ids = [*warkit.world_map().ids, "atlantida"]
    cards = [*ids[:42], "joker1", "joker2", "joker3"]
    n = rng.choice([-1, 0, 1, 2, 3, 4, 50])
    dice = tuple(rng.randint(0, 7) for _ in range(rng.randint(1, 4)))
    return rng.choice([
        Place(rng.choice(ids), n), Attack(rng.choice(ids), rng.choice(ids), n),
        Move(rng.choice(ids), rng.choice(ids), n), Occupy(n), EndPhase(),
        Trade(tuple(rng.choice(cards) for _ in range(rng.randint(1, 7)))),
        warkit.Roll(dice, tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 3)))),
        warkit.Draw(rng.choice(cards)),
        AirAttack(rng.choice(cards), rng.choice(ids), n), Reveal(rng.choice(cards)),
        Reroll(rng.choice(cards), dice), Rerolled(dice), Pass(), Alliance(rng.choice(cards)),
        Airlift(rng.choice(cards)), Discard(rng.choice(cards)),
        Intelligence(tuple(rng.sample(["europa", "africa", "asia", "oceania", "mu"], 2))),
    ])


@pytest.mark.parametrize("rules", RULES)
@many
@given(seed=seeds)
def test_illegal_actions_are_refused_and_change_nothing(rules, seed):
    """Random actions: either in the legal list and applied, or refused with the state as it was."""
    rng = random.Random(seed)
    match = game(seed % 30, rules=rules)
    for state in rng.sample(match.states[60:], 25):  # past the set-up steps
        legal = warkit.legal_actions(state)
        for _ in range(10):
            action = random_action(rng)
            snapshot = record.state_to_dict(state)
            error = warkit.illegal_reason(state, action)
            if error is None:
                assert state.current_player == CHANCE or action in legal, str(action)
            else:
                assert isinstance(error, warkit.IllegalActionError)
                assert isinstance(error.reason, warkit.Reason)
                assert action not in legal
                with pytest.raises(warkit.IllegalActionError):
                    warkit.apply(state, action)
            assert record.state_to_dict(state) == snapshot


@pytest.mark.parametrize("rules", RULES)
@many
@given(seed=seeds)
def test_every_listed_legal_action_applies(rules, seed):
    """legal_actions is sound: each listed action (a sample of big lists) is accepted, and
    its text form parses back."""
    rng = random.Random(seed)
    match = game(seed % 30, rules=rules)
    for state in rng.sample(match.states, 30):
        legal = warkit.legal_actions(state)
        assert len(legal) == len(list(legal))
        for action in rng.sample(list(legal), min(len(legal), 12)):
            assert action in legal
            warkit.apply(state, action)
            assert parse_action(str(action)) == action


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(5))
def test_json_round_trip_of_every_state(rules, seed):
    """Every state of a game survives JSON: state_to_dict -> json -> state_from_dict."""
    for state in game(seed, rules=rules).states:
        text = json.dumps(record.state_to_dict(state))
        assert record.state_from_dict(json.loads(text)) == state


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(5))
def test_match_record_replays_to_identical_states(rules, seed):
    match = game(seed, rules=rules)
    again = record.loads(record.dumps(match))
    assert isinstance(again, warkit.Match)
    assert again.states == match.states
    assert list(match.replay()) == match.states
    assert all(parse_action(str(a)) == a for a in match.actions)


def secrets_of(state: warkit.GameState, seat: int) -> list[object]:
    return [state.objective_cards[seat], state.hands[seat]]


@pytest.mark.parametrize("seed", range(4))
def test_views_never_hold_another_players_secrets(seed):
    """A view holds only its own hand and objective; others' appear as counts."""
    for state in game(seed).states[50::7]:
        if state.is_terminal:
            continue
        for seat in range(state.num_players):
            v = warkit.view(state, seat)
            assert v.hand == state.hands[seat]
            assert v.objective == state.objective(seat)
            assert v.revealed_objectives is None
            assert v.hand_sizes == tuple(len(h) for h in state.hands)
            fields = dataclasses.asdict(v)
            assert "deck" not in fields and "hands" not in fields
            assert "objective_cards" not in fields


@pytest.mark.parametrize("seed", range(3))
def test_views_do_not_change_with_hidden_information(seed):
    """Two states that differ only in what a player cannot see give that player the same view."""
    rng = random.Random(seed)
    changed = 0
    for state in rng.sample(game(seed).states[50:-1], 10):
        for seat in range(state.num_players):
            others = [s for s in range(state.num_players) if s != seat]
            # Re-deal the cards the viewer cannot see (others' hands and the deck) and
            # permute the others' objective cards.
            pool = [c for s in others for c in state.hands[s]] + list(state.deck)
            rng.shuffle(pool)
            hands = list(state.hands)
            for s in others:
                k = len(hands[s])
                hands[s], pool = tuple(sorted(pool[:k])), pool[k:]
            objectives = list(state.objective_cards)
            permuted = [objectives[s] for s in others]
            rng.shuffle(permuted)
            for s, o in zip(others, permuted):
                objectives[s] = o
            twin = warkit.state.evolve(state, hands=tuple(hands), deck=tuple(sorted(pool)),
                                       objective_cards=tuple(objectives))
            changed += twin != state
            assert warkit.view(twin, seat) == warkit.view(state, seat)
    assert changed > 0, "the test must compare states that really differ"
