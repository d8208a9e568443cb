"""A third rule set needs no edit in the bots or the widgets (issue 12, item 1).

The variant below is Risk's defence written as a rule set: a subclass of the classic rules
with its own name, where the defender rolls at most 2 dice (C-ATK-3 changed; everything
else is classic War). It is registered for these tests only. Every bot level plays it to
the end, and the dashboard's game controller plays it headless: a human seat moves through
the controller's public methods while the computers play.

Rule IDs: C-ATK-2/C-ATK-3 (dice counts, here at most 2 for the defence), C-ATK-4 (losses),
C-WIN-1 (the end).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

import warkit
from warkit import RULESETS, ClassicRules, Roll, registered_rules
from warkit.bots import BOTS
from warkit.events import BattleResult


def _dashboard_helpers():
    """tests/dashboard/conftest.py by its path: in a whole run another folder's conftest may
    already own the module name ``conftest``."""
    path = Path(__file__).resolve().parent / "dashboard" / "conftest.py"
    spec = importlib.util.spec_from_file_location("warkit_test_dashboard_helpers", path)
    module = sys.modules.get(spec.name)
    if module is None:
        module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)  # its dataclasses look their module up by name
    return module


@dataclass(frozen=True)
class TwoDefenceDice(ClassicRules):
    """Classic War, but the defender rolls at most 2 dice, as in Risk."""

    defence_dice_max: int = 2

    name: ClassVar[str] = "two-defence-dice"
    aliases: ClassVar[tuple[str, ...]] = ("two-defence-dice",)


@pytest.fixture
def variant() -> Iterator[str]:
    """The variant registered in the engine's registry for one test, then removed."""
    with registered_rules(TwoDefenceDice) as name:
        yield name
    assert TwoDefenceDice.name not in RULESETS


def defence_dice(match: warkit.Match) -> list[tuple[int, int]]:
    """(defence dice rolled, armies defending) of every battle of the match."""
    out = []
    for i, action in enumerate(match.actions):
        if isinstance(action, Roll):
            before = match.states[i]
            out.append((len(action.defence), before.armies[before.battle.dst]))
    return out


@pytest.mark.parametrize("level", sorted(BOTS))
def test_every_bot_level_plays_the_variant_to_the_end(variant, level):
    """C-ATK-3 as the variant says: never more than 2 defence dice, and 2 when 2 or more
    armies defend; the game ends with a winner (C-WIN-1)."""
    every: list[tuple[int, int]] = []
    for seed in range(1 if level == "expert" else 3):  # the expert thinks a whole round ahead
        match = warkit.simulate(4, variant, bots=level, seed=seed, max_turns=400, fast=False)
        assert type(match.state.rules) is TwoDefenceDice
        assert match.state.is_terminal and match.state.winners, (level, seed)
        rolled = defence_dice(match)
        assert rolled and all(d == min(2, armies) for d, armies in rolled)
        every += rolled
    # where classic War would roll 3 (in some game: a short one may never meet 3 defenders)
    assert any(armies >= 3 for _, armies in every)


def test_the_variant_is_not_classic_war(variant):
    """The same seed and bots give another game than classic War: the rule set is used."""
    ours = warkit.simulate(4, variant, bots="normal", seed=1, max_turns=60, fast=False)
    classic = warkit.simulate(4, "classic", bots="normal", seed=1, max_turns=60, fast=False)
    assert max(d for d, _ in defence_dice(ours)) == 2
    assert max(d for d, _ in defence_dice(classic)) == 3


def test_the_dashboard_plays_the_variant(variant):
    """The new-game form's answers, the controller, its log and its labels take the variant as
    any rule set: a human (seat 0) clicks its way through a few turns while an easy, a
    normal and a hard computer play, then the computers play on to the end."""
    human_turn_step = _dashboard_helpers().human_turn_step
    from warkit_widgets.battle_terms import battle_terms
    from warkit_widgets.models import battle_odds
    from warkit_widgets.play.config import GameConfig, Seat, Step
    from warkit_widgets.play.controller import GameController
    from warkit_widgets.play.log import render_event
    from warkit_widgets.play.rule_sets import rule_set_names, rules_label
    from warkit_widgets.play.setup_form import SetupForm

    from warkit.odds import win_probability

    assert variant in rule_set_names() and rules_label(variant, "pt") == variant
    seats = (Seat("Ana", "red", "human"), Seat("Bia", "blue", "easy"),
             Seat("Caio", "green", "normal"), Seat("Duda", "yellow", "hard"))
    game = GameController.new(GameConfig(seats, variant, "en", 5), pace="instant")
    assert type(game.state.rules) is TwoDefenceDice
    rng = random.Random(5)
    decisions = 0
    while decisions < 60 and game.step is not Step.OVER:
        game.run_computers()
        if game.step is Step.OVER:
            break
        human_turn_step(game, rng)
        decisions += 1
    assert decisions >= 20  # the human really played
    human = [a for a, who in zip(game.match.actions, game.actors) if who == 0]
    assert any(isinstance(a, warkit.Attack) for a in human)
    assert any(isinstance(a, warkit.Place) for a in human)
    results = [e for i in range(len(game.match)) for e in game.match.events(i)
               if isinstance(e, BattleResult)]
    lines = [e for e in game.log if e.key == "log.battle"]
    assert len(lines) == len(results) > 0
    for line, result in zip(lines, results):
        assert len(line.params["defence"]) <= 2
        assert (line.params["lost_att"], line.params["lost_def"]) == (
            result.lost_attacker, result.lost_defender)
        render_event(line, "pt", game.names)
    assert game.prompt()
    # the odds the page shows count the variant's dice (C-ATK-3 as the variant says)
    view = warkit.view(game.state, 0)
    src, dst = next((s, d) for s in range(42) for d in warkit.world_map().adjacency[s]
                    if view.owner[s] == 0 and view.owner[d] != 0)
    terms = battle_terms(view, src, dst)
    assert terms.dice_max == (3, 2)
    assert battle_odds(5, 4, terms=terms).win == pytest.approx(
        win_probability(5, 4, defender_dice_max=2))
    assert battle_odds(5, 4).win != pytest.approx(battle_odds(5, 4, terms=terms).win)
    form = SetupForm(lang="pt", on_start=lambda config: None)
    assert (variant, variant) in form.rules.options  # offered, under its own name
    # the computers finish the game (the human seat handed to a bot as a saved game would)
    rest = GameController(game.match, tuple(Seat(s.name, s.color, "normal") for s in seats),
                          lang="pt", pace="instant")
    rest.run_computers()
    assert rest.step is Step.OVER and rest.state.winners


def test_a_scoped_variant_leaves_the_registry_as_it_found_it():
    """registered_rules: the name resolves inside the block only, and a name it shadowed
    (here the alias "war" of classic) resolves as before afterwards, even after an error."""

    @dataclass(frozen=True)
    class Shadow(ClassicRules):
        name: ClassVar[str] = "shadow"
        aliases: ClassVar[tuple[str, ...]] = ("war",)

    before = dict(RULESETS)
    with pytest.raises(RuntimeError), registered_rules(Shadow) as name:
        assert name == "shadow"
        assert isinstance(warkit.find_rules("war"), Shadow)
        raise RuntimeError("a failing test")
    assert before == RULESETS
    assert type(warkit.find_rules("war")) is ClassicRules
