"""The one-lookup checks of attacks and sampled rolls decide what the full checks decide.

``check_attack`` names and checks a border attack with one lookup (C-ATK-1..3, C-TURN-2) and
``do_roll`` takes the losses of a roll the sampler made itself without checking its dice again
(C-ATK-3, C-ATK-4), conquering in the same copy of the state (C-CONQ-1). A rule set that
overrides a hook of either (here: one that only calls the base method) takes the full path;
over whole seeded games, every candidate attack and roll meets the same result on both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import warkit
from warkit import IllegalActionError, Phase
from warkit.actions import Attack, EndPhase, Roll
from warkit.rules import ClassicRules, combat
from warkit.rules.combat import CombatRules
from warkit.state import GameState, evolve


@dataclass(frozen=True)
class FullChecks(ClassicRules):
    """Classic rules, but every attack and roll takes the full checks (its hooks only call
    the base methods, which turns the quick paths off)."""

    def may_attack_now(self, state: GameState) -> bool:
        return super().may_attack_now(state)

    def check_roll(self, state: GameState, roll: Roll) -> None:
        super().check_roll(state, roll)


def _outcome(state: GameState, action):
    try:
        return warkit.apply(state, action)
    except IllegalActionError as exc:
        return (exc.reason, str(exc))


def test_the_quick_paths_are_on_only_for_the_plain_rules():
    assert ClassicRules.plain_attacks and ClassicRules.plain_dice
    assert not FullChecks.plain_attacks and not FullChecks.plain_dice
    assert not warkit.rules.SmartRules.plain_attacks and not warkit.rules.SmartRules.plain_dice
    assert CombatRules.plain_attacks  # the defaults the subclasses start from


@pytest.mark.parametrize("seed", [3, 4])
def test_attacks_meet_the_same_result_on_both_paths(seed):
    """C-ATK-1 (own source, enemy neighbour), C-ATK-2 (dice 1..3, one army stays), C-TURN-2:
    every source-target pair around the active player's territories, with 0..4 dice and a few
    odd values, is accepted or refused alike."""
    match = warkit.simulate(4, "classic", bots="random", seed=seed, max_turns=40, fast=False)
    m = warkit.world_map()
    tried = 0
    for state in match.states[::7]:
        if state.phase is not Phase.ATTACK:
            continue
        full = _with_rules(state, FullChecks())
        for src in state.holdings[state.current][:4]:
            for dst in (*m.adjacency[src], (src + 11) % 42, src):
                for dice in (0, 1, 2, 3, 4, True, 2.0):
                    action = Attack(m.ids[src], m.ids[dst], dice)
                    quick, slow = _outcome(state, action), _outcome(full, action)
                    if isinstance(quick, GameState):
                        assert isinstance(slow, GameState) and quick.battle == slow.battle
                        assert quick.phase is slow.phase is Phase.ROLL
                    else:
                        assert quick == slow, action
                    tried += 1
    assert tried > 500
    state = next(s for s in match.states if s.phase is Phase.ATTACK)
    for action in (Attack("brasil", ["x"], 1), Attack(None, "brasil", 1)):
        assert _outcome(state, action) == _outcome(_with_rules(state, FullChecks()), action)


def _with_rules(state: GameState, rules: ClassicRules) -> GameState:
    return evolve(state, rules=rules)


@pytest.mark.parametrize("seed", [5, 6])
def test_sampled_rolls_meet_the_same_result_on_both_paths(seed):
    """C-ATK-3/4 and C-CONQ-1: every roll of a game, applied quickly and fully, gives equal
    states (conquests and eliminations included); a sampled roll on a battle of other dice,
    or the same dice as floats or True, is refused alike."""
    match = warkit.simulate(4, "classic", bots="random", seed=seed, max_turns=60, fast=False)
    pairs = [(s, a) for s, a in zip(match.states, match.actions) if isinstance(a, Roll)]
    assert len(pairs) > 50
    assert all(id(r) in combat._SAMPLED for _, r in pairs)  # the sampler's own rolls
    conquests = 0
    for state, roll in pairs:
        quick = warkit.apply(state, roll)
        slow = warkit.apply(_with_rules(state, FullChecks()), roll)
        assert _with_rules(quick, FullChecks()) == slow
        assert quick.holdings == slow.holdings and quick.owned_masks == slow.owned_masks
        conquests += quick.owner != state.owner
    assert conquests > 5
    state, roll = pairs[0]
    other = next(r for s, r in pairs if len(r.attack) != len(roll.attack)
                 or len(r.defence) != len(roll.defence))
    bad = [other, Roll(tuple(map(float, roll.attack)), roll.defence),
           Roll((True,) * len(roll.attack), roll.defence)]
    for action in bad:
        refusal = _outcome(state, action)
        assert isinstance(refusal, tuple), action
        assert refusal == _outcome(_with_rules(state, FullChecks()), action)
        assert "C-ATK-3" in refusal[1] or "a die shows" in refusal[1]


def test_the_sampler_draws_dice_as_randint_does():
    """C-ATK-3: the sampler's dice come from ``random.Random`` as ``randint(1, 6)`` gives them
    (it calls the generator's own ``_randbelow``), so seeded games keep their dice; a sampler
    passing another generator is served through ``randint``."""
    match = warkit.simulate(4, "classic", bots="random", seed=2, max_turns=30, fast=False)
    rolling = [s for s in match.states if s.phase is Phase.ROLL][:40]
    quick, plain = random.Random(11), random.Random(11)
    for state in rolling:
        b = state.battle
        roll = state.rules.sample_roll(state, quick)
        attack = sorted([plain.randint(1, 6) for _ in range(b.attack_dice)], reverse=True)
        defence = sorted([plain.randint(1, 6) for _ in range(b.defence_dice)], reverse=True)
        assert roll == Roll(tuple(attack), tuple(defence))

    class Other(random.Random):
        pass

    other, plain = Other(5), random.Random(5)
    state = rolling[0]
    assert state.rules.sample_roll(state, other) == state.rules.sample_roll(state, plain)


@dataclass(frozen=True)
class OwnDoor(ClassicRules):
    """Classic rules whose own ``apply`` and ``legal_actions`` mark what they return, to show
    the front door calls a rule set's overrides instead of its quick dispatch."""

    def apply(self, state: GameState, action, player=None) -> GameState:
        return evolve(super().apply(state, action, player), extra="own apply")

    def legal_actions(self, state: GameState):
        return ["own legal_actions"]


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_the_front_door_dispatches_as_the_rule_set_does(rules):
    """C-TURN-1: ``warkit.apply`` and ``warkit.legal_actions`` call the phase handler and lister
    themselves (one call sooner); over whole games they give what the rule set's own
    ``apply`` (with and without the acting seat, the checked path) and ``legal_actions``
    give, and their refusals are the same."""
    match = warkit.simulate(4, rules, bots="random", seed=8, max_turns=40, fast=False)
    for state, action in zip(match.states, match.actions):
        rules_of = state.rules
        assert warkit.legal_actions(state) == rules_of.legal_actions(state)
        after = warkit.apply(state, action)
        assert after == rules_of.apply(state, action)
        assert after.holdings == rules_of.apply(state, action).holdings
        seat = state.current_player
        if seat >= 0:
            assert after == rules_of.apply(state, action, seat)
            wrong = (seat + 1) % state.num_players
            assert _outcome(state, EndPhase()) == _refusal_of(rules_of, state, EndPhase())
            assert isinstance(_refusal_of(rules_of, state, action, wrong), tuple)
    state = next(s for s in match.states if s.current_player >= 0)
    own = _with_rules(state, OwnDoor())
    assert warkit.legal_actions(own) == ["own legal_actions"]
    action = match.actions[match.states.index(state)]
    assert warkit.apply(own, action).extra == "own apply"


def _refusal_of(rules: ClassicRules, state: GameState, action, player=None):
    try:
        return rules.apply(state, action, player)
    except IllegalActionError as exc:
        return (exc.reason, str(exc))
