"""The engine's quick paths say what the slow ones say.

``apply`` skips its checks of who acts when a handler takes the action in this phase (C-TURN-1),
the legal actions walk a per-seat territory index carried from state to state instead of the
42 owners, and the listers count their actions as they build them. Each shortcut is checked
here against the plain definition, over whole seeded games of both rule sets.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import warkit
from warkit import IllegalActionError, Phase
from warkit.legal import ActionRange, LegalActions
from warkit.rules import ClassicRules, SmartRules
from warkit.state import holdings_of


@pytest.mark.parametrize("rules", [ClassicRules, SmartRules])
def test_a_handler_exists_only_for_its_phase_kind_of_action(rules):
    """The quick dispatch of ``apply`` relies on this: in a chance step only chance outcomes
    have handlers, in a decision step only decisions, and none when the game is over."""
    chance = {info.phase for info in rules.phases if info.decider == "chance"}
    for (phase, kind) in rules.handlers:
        assert phase is not Phase.GAME_OVER
        assert kind.chance == (phase in chance), (phase, kind)


@pytest.mark.parametrize("rules", [ClassicRules, SmartRules])
def test_every_step_with_a_handler_or_a_lister_is_declared(rules):
    """The rule set's ``phases`` describe every step its tables act in (and no step twice),
    so the bots and the dashboard, which read ``phases``, know every step."""
    declared = [info.phase for info in rules.phases]
    assert len(declared) == len(set(declared))
    assert {phase for phase, _ in rules.handlers} | set(rules.legal_by_phase) <= set(declared)
    for info in rules.phases:  # a decision step has its lister, a chance step none
        deciding = info.decider in ("active", "reacting")
        assert (info.phase in rules.legal_by_phase) == deciding
        assert (info.decision is not None) == deciding
        kinds = rules().phase_kinds(info.phase)
        assert (not kinds) == (info.decider == "nobody")  # every other step takes an action
        assert all(kind.chance != deciding for kind in kinds)
        assert {k.keyword for k in kinds} >= set(info.options)  # options are its own actions


def _games(rules: str, seeds: range):
    for seed in seeds:
        yield warkit.simulate(4, rules, bots="random", seed=seed, max_turns=80, fast=False)


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_the_territory_index_follows_the_owners(rules):
    """Every state of whole games: ``holdings`` (carried by ``evolve``, updated at conquests)
    is the owners read afresh, and ``territories_of`` agrees with it."""
    for match in _games(rules, range(3)):
        for state in match.states:
            fresh = holdings_of(state.owner, state.num_players)
            assert state.holdings == fresh
            assert state.owned_masks == tuple(sum(1 << t for t in held) for held in fresh)
            assert all(state.territories_of(s) == tuple(i for i, o in enumerate(state.owner)
                                                        if o == s)
                       for s in range(state.num_players))


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_views_hold_exactly_their_fields_and_no_secret(rules):
    """A view is the state's table less what the view does not declare: over whole games it
    holds exactly its declared fields (never a hand, the deck, an objective or an index)."""
    declared = {f.name for f in dataclasses.fields(warkit.PlayerView)}
    for match in _games(rules, range(2)):
        for state in match.states[::5]:
            state.holdings, state.owned_masks  # noqa: B018 - the indexes exist
            for seat in (None, *range(state.num_players)):
                shown = warkit.view(state, seat)
                assert set(shown.__dict__) == declared
                assert shown.hand == (() if seat is None else state.hands[seat])


def test_the_index_is_not_part_of_the_value():
    """Equality, hashing, pickling and save files ignore the derived index."""
    state = warkit.new_game(4, seed=5)
    bare = warkit.loads(warkit.dumps(state))
    assert "_holdings" not in bare.__dict__
    state.owned_masks  # noqa: B018 - builds the indexes
    assert "_holdings" in state.__dict__ and "_masks" in state.__dict__
    assert bare == state and hash(bare) == hash(state)
    assert warkit.dumps(bare) == warkit.dumps(state)
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_counted_legal_actions_have_their_true_length(rules):
    """The listers' own count is the number of actions the families expand to."""
    for match in _games(rules, range(2)):
        for state in match.states:
            legal = warkit.legal_actions(state)
            assert len(legal) == len(list(legal)) == len(LegalActions(legal.families))
            assert all(f.high >= f.low for f in legal.families if isinstance(f, ActionRange))


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_the_quick_dispatch_refuses_what_the_checked_one_refuses(rules):
    """Naming the acting seat takes the checked path: both give the same state, and an action
    of the wrong seat or kind is refused either way (C-TURN-1)."""
    for match in _games(rules, range(3)):
        for state, action in list(zip(match.states, match.actions))[::7]:
            seat = state.current_player
            after = warkit.apply(state, action)
            if seat >= 0:
                assert warkit.apply(state, action, seat) == after
                other = (seat + 1) % state.num_players
                with pytest.raises(IllegalActionError):
                    warkit.apply(state, action, other)
