"""A variant that changes one hook is followed everywhere (DESIGN: what a variant changes lives
in its rule set): the bots (easy, normal, hard) and the fast simulator ask ``territory_armies``
(C-REINF-1's hook) instead of copying ``max(3, territories // 2)``.

The toy variants are registered only inside each test (the ``toy`` fixture removes them).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import pairwise

import pytest

import warkit
from warkit import ClassicRules, Phase, view
from warkit.bots import make
from warkit.bots.evaluate import Board
from warkit.bots.hard import HardBot
from warkit.fastsim import plays_fast, random_game
from warkit.game import apply, initial_state
from warkit.rules import RULESETS, registered_rules
from warkit.rules.smart import SmartRules


@dataclass(frozen=True)
class Generous(ClassicRules):
    """Classic War, but every territory brings one army (not half, C-REINF-1 changed)."""

    name = "toy-generous"
    aliases = ("toy-generous",)

    def territory_armies(self, territories: int) -> int:
        return territories


@dataclass(frozen=True)
class GenerousSmart(SmartRules):
    """SMART with the same change: the hard bot's danger of elimination (S-WIN-1) grows."""

    name = "toy-generous-smart"
    aliases = ("toy-generous-smart",)

    def territory_armies(self, territories: int) -> int:
        return 4 * territories


@dataclass(frozen=True)
class OwnTurnStart(ClassicRules):
    """A variant overriding a step the fast path plays by its own means."""

    name = "toy-own-turn"
    aliases = ("toy-own-turn",)

    def start_turn(self, state: warkit.GameState, seat: int) -> warkit.GameState:
        return super().start_turn(state, seat)


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy variants, findable by name during the test only."""
    with ExitStack() as scope:
        for cls in (Generous, GenerousSmart, OwnTurnStart):
            scope.enter_context(registered_rules(cls))
        yield


def turn_starts(states: list[warkit.GameState]) -> list[warkit.GameState]:
    """The states that open a turn (its trade or place step, turn number just changed)."""
    return [s for p, s in pairwise(states) if s.turn != p.turn
            and s.phase in (Phase.TRADE, Phase.PLACE)]


def assert_reserves_follow_the_hook(states: list[warkit.GameState]) -> None:
    starts = turn_starts(states)
    assert len(starts) > 8
    for s in starts:
        assert s.reserves == s.rules.territory_armies(s.territory_count(s.current))
    # the toy formula differs from C-REINF-1's here: not a coincidence of small numbers
    assert any(s.reserves != max(3, s.territory_count(s.current) // 2) for s in starts)


def test_the_registry_is_left_as_it_was(toy):
    assert warkit.new_game(4, "toy-generous").rules == Generous()


def test_the_registry_holds_no_toy_after_the_test():
    assert "toy-generous" not in RULESETS and "toy-own-turn" not in RULESETS


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_bot_level_plays_the_toy_variant(toy, level):
    """Each level plays whole turns under the toy rules: its placements use exactly the
    armies the hook gives (the engine refuses any other count)."""
    match = warkit.simulate(4, "toy-generous", bots=[level, level, "random", "random"],
                            seed=5, max_turns=30, fast=False)
    assert_reserves_follow_the_hook(match.states)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bots_expected_income_asks_the_hook(toy, level):
    """The normal and hard levels judge threats by each seat's expected income
    (:class:`warkit.bots.evaluate.Board`): territories through ``territory_armies``."""
    state = warkit.simulate(4, "toy-generous", bots=level, seed=2, max_turns=3,
                            fast=False).states[-1]
    seen = view(state, 0)
    board = Board(seen)
    rules = state.rules
    for s in range(4):
        count = state.territory_count(s)
        bonus = board.bonuses[s]
        cards = seen.hand_sizes[s]
        assert board.income(s) >= rules.territory_armies(count) + bonus
        if cards < 3:  # no trade expected: the income is the hook's armies and the bonuses
            assert board.income(s) == count + bonus
    mover = state.current_player
    assert make(level, seed=1).choose(view(state, mover), warkit.legal_actions(state)) in \
        warkit.legal_actions(state)


def test_the_hard_bots_danger_asks_the_hook(toy):
    """S-WIN-1: a hard SMART bot with three territories weighs the opponents' armies to come;
    more armies from the same territories (the toy hook) mean more danger."""
    owners = {"brasil": 0, "argentina": 0, "peru": 0, "venezuela": 1, "mexico": 1}
    armies = {"brasil": 3, "argentina": 2, "peru": 2, "venezuela": 4}
    dangers = []
    for rules in (SmartRules(), GenerousSmart()):
        state = warkit.position(owners, armies, rules=rules, phase=Phase.PLACE, check=False,
                                round=5)
        board = Board(view(state, 0))
        dangers.append(HardBot(seed=1).danger(board))
    assert dangers[1] > dangers[0]


def test_the_fast_simulator_follows_the_toy_variant(toy):
    rules = warkit.find_rules("toy-generous")
    assert plays_fast(rules)
    match = warkit.simulate(4, rules, seed=3)
    assert match.meta.get("fast") is True
    states = [initial_state(match.state.colors, rules)]
    for action in match.actions:
        states.append(apply(states[-1], action))
    assert states[-1] == match.state  # the fast path's board is the checked path's
    assert_reserves_follow_the_hook(states)


def test_a_variant_changing_a_step_the_fast_path_plays_takes_the_checked_path(toy):
    rules = warkit.find_rules("toy-own-turn")
    assert not plays_fast(rules) and plays_fast(ClassicRules())
    assert "fast" not in warkit.simulate(4, rules, seed=3, max_turns=3).meta
    with pytest.raises(ValueError, match="fast path"):
        random_game(4, rules, seed=3)
