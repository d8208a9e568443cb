"""Property tests over many seeded SMART games between RandomBots.

After every action: the classic invariants (``state_problems``, which also
checks SMART's extra state), the attack counts within the round's limit
(S-LIMIT-1), revealed cards back in their owners' hands when a turn ends
(S-END-1), hands of 6 or fewer after the last discard (S-END-2), and the game
ending at the first elimination (S-WIN-1) with a winner or a shared victory.
Also: views that never leak hands or Intelligence cards. Random illegal actions,
JSON round trips and replays are checked for both rule sets in
``test_properties.py``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warkit
from warkit import record
from warkit.actions import EndPhase, Trade
from warkit.rules.smart import (
    HAND_LIMIT,
    AirAttack,
    Airlift,
    Alliance,
    Discard,
    Intelligence,
    Pass,
    Reroll,
    Rerolled,
    Reveal,
    attack_limit,
)
from warkit.state import CHANCE, Phase, evolve
from warkit.validate import state_problems


@cache
def game(seed: int, players: int = 4) -> warkit.Match:
    """A finished seeded SMART RandomBot game (cached: several properties read it)."""
    return warkit.simulate(players=players, rules="smart", seed=seed, max_turns=2000)


seeds = st.integers(min_value=0, max_value=10_000)
many = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@many
@given(seed=seeds, players=st.integers(min_value=3, max_value=6))
def test_invariants_and_the_end_at_the_first_elimination(seed, players):
    """S-LIMIT-1, S-END-1, S-END-2, S-WIN-1 and the classic invariants over whole games."""
    match = game(seed, players)
    final = match.state
    assert final.is_terminal and not match.meta["capped"]
    assert final.winners, "a winner or a shared victory"
    assert sum(not a for a in final.alive) == 1            # S-WIN-1: the first elimination
    for before, action, after in zip(match.states, match.actions, match.states[1:]):
        assert state_problems(after) == [], (str(action), state_problems(after))
        if after.is_terminal:
            continue
        assert all(after.alive) or after.phase is Phase.DRAW
        if after.current_player != CHANCE:
            assert warkit.legal_actions(after), "a player to act always has a legal action"
        limit = attack_limit(after.round)
        assert limit is None or after.extra.attacks <= limit
        for seat in range(after.num_players):
            if seat != after.current:
                assert len(after.hands[seat]) <= HAND_LIMIT
        if before.phase is Phase.MOVE and isinstance(action, EndPhase):
            for mark in before.extra.revealed:             # S-END-1: back in the hand
                assert mark.card in after.hands[mark.seat]
            assert not any(m for m in after.extra.revealed)
        if after.turn != before.turn and before.phase is not Phase.SETUP:
            assert len(after.hands[before.current]) <= HAND_LIMIT   # S-END-2
            assert after.phase is Phase.TRADE and after.extra.revealed == ()


def test_games_use_every_kind_of_smart_action():
    kinds = Counter(type(a) for seed in range(30) for a in game(seed).actions)
    for kind in (Trade, Intelligence, AirAttack, Reveal, Reroll, Rerolled, Pass, Discard,
                 Airlift):
        assert kinds[kind] > 0, kind.__name__
    assert kinds[Alliance] + kinds[Airlift] > 0


def test_bad_smart_extra_in_a_save_is_refused():
    state = game(0).states[80]
    data = record.state_to_dict(state)
    for key, value, message in [
        ("attacks", -1, "attacks must be a whole number"),
        ("revealed", [{"card": "brasil", "seat": "pink", "use": "terrain"}], "seat must be"),
        ("revealed", [{"card": "atlantida", "seat": "white", "use": "terrain"}], "unknown card"),
        ("reaction", {"side": "referee", "passes": 0}, "side must be"),
        ("after_draw", "move", "after_draw must be"),
        ("intel_cards", "brasil", "intel_cards must be a list"),
        ("surprise", 1, "unknown fields"),
    ]:
        bad = json.loads(json.dumps(data))
        bad["extra"][key] = value
        with pytest.raises(warkit.SaveFileError, match=message):
            record.state_from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["extra"]["revealed"] = [{"card": "joker2", "seat": "red", "use": "passage"}]
    if 43 not in state.hands[2]:
        with pytest.raises(warkit.SaveFileError, match="revealed card"):
            record.state_from_dict(bad)


@pytest.mark.parametrize("seed", range(4))
def test_views_never_leak_hands_and_show_revealed_cards(seed):
    for state in game(seed).states[60::5]:
        if state.is_terminal:
            continue
        for seat in range(state.num_players):
            v = warkit.view(state, seat)
            assert v.hand == state.hands[seat]
            fields = dataclasses.asdict(v)
            assert "hands" not in fields and "deck" not in fields
            assert v.extra.revealed == state.extra.revealed          # revealed: public
            assert v.extra.intel_count == len(state.extra.intel_cards)
            if seat != state.current:
                assert v.extra.intel_cards == ()
        assert warkit.view(state, None).extra.intel_cards == ()


@pytest.mark.parametrize("seed", range(3))
def test_views_do_not_change_with_hidden_information(seed):
    """Re-deal what a viewer cannot see (others' face-down cards, the deck): same view."""
    rng = random.Random(seed)
    changed = 0
    for state in rng.sample(game(seed).states[60:-1], 12):
        for seat in range(state.num_players):
            fixed = {m.card for m in state.extra.revealed} | set(state.extra.intel_cards)
            others = [s for s in range(state.num_players) if s != seat]
            pool = [c for s in others for c in state.hands[s] if c not in fixed]
            pool += list(state.deck)
            rng.shuffle(pool)
            hands = list(state.hands)
            for s in others:
                keep = [c for c in hands[s] if c in fixed]
                k = len(hands[s]) - len(keep)
                hands[s], pool = tuple(sorted(keep + pool[:k])), pool[k:]
            twin = evolve(state, hands=tuple(hands), deck=tuple(sorted(pool)))
            changed += twin != state
            assert warkit.view(twin, seat) == warkit.view(state, seat)
    assert changed > 0
