"""The dashboard reads the engine's one stream of events (warkit.events): log, dice tray and
battle result agree with the engine, also at a game-winning conquest.

Rule IDs: C-ATK-4 (losses), C-CONQ-1 (moving in), C-WIN-1 (the game ends at the conquest,
the battle's armies move in at once), S-WIN-1/S-WIN-2 (SMART ends at the first elimination).
"""

from __future__ import annotations

import pytest
from warkit_widgets.play.config import Seat, Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.log import render_event

import warkit
from warkit import Attack, Match
from warkit.events import BattleResult, MoveIn

IDX = warkit.world_map().index


def controller(state: warkit.GameState, seed: int) -> GameController:
    """Seat 0 is a human; the others are computers."""
    kinds = ("human", "normal", "normal", "normal")
    chosen = tuple(Seat(f"P{i + 1}", c, k) for i, (c, k) in enumerate(zip(state.colors, kinds)))
    return GameController(Match(state, seed=seed), chosen, lang="en", pace="instant")


def last_stand(rules: str) -> warkit.GameState:
    """White (seat 0, hunting black) attacks black's last territory, Argentina (1 army), from
    Brasil (5 armies): a conquest wins the game (C-WIN-1 / S-WIN-2)."""
    return warkit.position({"brasil": 0, "argentina": 1}, {"brasil": 5}, rest=(2, 3),
                           rules=rules, objectives={0: "destroy_black"})


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_game_winning_conquest_is_logged_with_the_right_losses(rules):
    """The human attacks through the controller; the first seed whose dice conquer ends the
    game. The log line, the battle panel and the dice tray say what the engine's
    BattleResult says: the defender lost its 1 army, the attacker only what the dice took;
    the armies that moved in at once are not losses (the old reading blamed the attacker)."""
    for seed in range(40):
        game = controller(last_stand(rules), seed)
        assert game.act(Attack("brasil", "argentina", 3))
        game.run_computers()
        if game.state.is_terminal:
            break
    else:
        pytest.fail("no seed conquered Argentina")
    assert game.step is Step.OVER and game.state.winners == (0,)
    said = [e for i in range(len(game.match)) for e in game.match.events(i)]
    result = next(e for e in said if isinstance(e, BattleResult) and e.dst == IDX("argentina"))
    moved = next(e for e in said if isinstance(e, MoveIn))
    assert moved.automatic and moved.armies >= 1 and result.lost_defender == 1
    assert result.lost_attacker == 0  # one defence die, one pair, won by the attacker
    assert 5 - moved.armies == game.state.armies[IDX("brasil")]
    line = next(e for e in game.log if e.key == "log.battle")
    assert (line.params["lost_att"], line.params["lost_def"]) == (0, 1)
    assert "attacker −0, defender −1" in render_event(line, "en", game.names)
    battle = game.last_battle
    assert battle.conquered and (battle.lost_attacker, battle.lost_defender) == (0, 1)
    assert (game.tray.lost_attacker, game.tray.lost_defender) == (0, 1)
    assert [e.key for e in game.log if e.key in ("log.conquered", "log.eliminated",
                                                "log.over")] == [
        "log.conquered", "log.eliminated", "log.over"]


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_loaded_game_replays_the_same_log(rules):
    """A saved game reopened (the controller replays the match's events) shows the same log
    lines and the same last battle as the game played live."""
    game = controller(last_stand(rules), 3)
    game.act(Attack("brasil", "argentina", 3))
    game.run_computers()
    again = GameController(game.match, game.seats, lang="en", pace="instant")
    assert again.log == game.log and again.last_battle == game.last_battle
