"""The dashboard judges a battle with the rule set's battle rule (``rules.battle_rule``), so a
rule setting the engine honours is honoured on the dice tray and in the reactions it offers.

S-TERRAIN-3 with ``lone_defender_shield=True`` (the literal reading, a documented setting):
the defender's terrain knowledge saves a lone defender. The human defender's reveal then
helps, so the dashboard must offer it and never pass for them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from warkit_widgets.play.config import Seat, Step
from warkit_widgets.play.controller import GameController

import warkit
from warkit import Attack, Match, apply
from warkit.rules.smart import Pass, Reveal, SmartPhase

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from smart_positions import smart_position


def defending(shield: bool) -> GameController:
    """Brasil (6, computer attacker) rolled 6-5-4 against Argentina's lone army (the human
    defender, holding Argentina's card); the attacker passed: the defender reacts."""
    state = smart_position({"brasil": 0, "argentina": 1, "japao": 1},
                           {"brasil": 6, "argentina": 1, "japao": 2},
                           hands={1: ["argentina"]},
                           settings={"lone_defender_shield": shield})
    state = apply(apply(state, Attack("brasil", "argentina", 3)), warkit.parse_action(
        "roll 6,5,4 vs 3"))
    if state.extra.reaction.side == "attacker":
        state = apply(state, Pass())
    assert state.phase is SmartPhase.REACT and state.extra.reaction.side == "defender"
    chosen = tuple(Seat(f"P{i + 1}", c, k) for i, (c, k) in
                   enumerate(zip(state.colors, ("normal", "human", "random", "random"))))
    return GameController(Match(state), chosen, lang="en", pace="instant")


def test_a_lone_defenders_reveal_is_judged_as_the_engine_judges_it_s_terrain_3():
    game = defending(shield=True)
    assert game.decider == 1 and game.step is Step.REACT
    reveal = Reveal("argentina")
    assert reveal in game.legal()
    engine_after = apply(game.state, reveal)  # the engine: the lone army is saved
    assert engine_after.owner_of("argentina") == 1 and engine_after.armies_at("argentina") == 1
    ranked = game.reactions()
    assert [r.action for r in ranked] == [reveal] and ranked[0].gain == 1
    assert not game.auto_pass_due() and not game.waiting_on_computer
    game.run_computers()
    assert game.auto_passed == 0 and game.state.phase is SmartPhase.REACT  # the human decides
    assert game.act("reveal argentina")
    assert game.tray is not None
    assert game.tray.lost_defender == 0 and game.tray.lost_attacker == 0
    assert game.state.owner_of("argentina") == 1


def test_without_the_shield_the_reveal_cannot_help():
    """The revised decision (default): the last army is never saved, so the reveal gains
    nothing and is not offered (the card may still serve a reroll)."""
    game = defending(shield=False)
    reveal = Reveal("argentina")
    engine_after = apply(game.state, reveal)
    assert engine_after.owner_of("argentina") == 0  # conquered all the same
    assert reveal in game.legal() and reveal not in [r.action for r in game.reactions()]


def test_the_odds_panel_counts_the_shield_too():
    """The odds of an attack on a lone defender whose terrain knowledge is public: with the
    shield it never falls (S-TERRAIN-3 literally), without it falls as often as anywhere."""
    from warkit_widgets.battle_terms import battle_terms
    from warkit_widgets.models import battle_odds

    from warkit.odds import win_probability

    idx = warkit.world_map().index
    wins = []
    for shield in (True, False):
        state = smart_position({"brasil": 0, "argentina": 1, "japao": 1},
                               {"brasil": 6, "argentina": 1, "japao": 2},
                               hands={1: ["argentina"]},
                               revealed=[("argentina", 1, "terrain")],
                               settings={"lone_defender_shield": shield})
        terms = battle_terms(warkit.view(state, 0), idx("brasil"), idx("argentina"))
        assert terms.terrain == "defender" and terms.rule.lone_defender_shield is shield
        odds = battle_odds(5, 1, terms=terms)
        assert odds.win == float(win_probability(5, 1, terrain="defender",
                                                 lone_defender_shield=shield))
        wins.append(odds.win)
    assert wins[0] < wins[1]
