"""The dashboard's GameController without a browser: whole games, steps, refusals, undo,
hot-seat secrecy, pacing and the translated log.

Rule IDs seen here: C-REINF-3 (placing), C-ATK-1/C-ATK-4 (attacks and dice), C-CONQ-1
(moving in), C-WIN-1 (the end), S-REROLL-1 / S-TERRAIN-1 (a human defender reacting to a
computer's attack), S-WIN-1..3 (SMART's end).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import new_game, play_to_the_end, seats
from warkit_widgets.play.config import PACES, GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.log import render_event

import warkit
from warkit import CHANCE, Phase


def test_the_controller_imports_no_jupyter():
    code = ("import sys, warkit_widgets.play.controller, warkit_widgets.play.saves, "
            "warkit_widgets.play.log, warkit_widgets.play.html; print(sorted(m for m in "
            "('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_whole_game_one_human_against_computers(rules):
    """The human clicks through every step; computers answer; the game reaches its end
    with winners, and the log tells it in both languages."""
    game = new_game("human", "normal", "hard", "easy", rules=rules, seed=11)
    steps_seen = set()
    for g in play_to_the_end(game, seed=5):
        assert g.viewer == 0  # one human: always their view, never another's
        assert g.view.hand == g.state.hands[0]
        steps_seen.add(g.step)
    state = game.state
    assert state.is_terminal and state.winners
    assert game.step is Step.OVER and game.viewer is None
    assert game.view.revealed_objectives is not None  # the victory screen shows them all
    assert {Step.PLACE, Step.ATTACK} <= steps_seen
    assert game.actors.count(0) > 10 and len(game.actors) == len(game.match.actions)
    assert list(game.match.replay())[-1] == state  # everything went through the engine
    for lang, word in (("en", "attacks"), ("pt", "ataca")):
        lines = [render_event(e, lang, game.names) for e in game.log]
        assert any(word in line for line in lines)
        assert lines[-1].startswith(("Game over", "Fim de jogo"))


def test_refusals_explain_themselves_in_the_players_language():
    game = new_game("human", "normal", "normal", seed=3, lang="pt")
    game.run_computers()
    enemy = next(t for t in warkit.world_map().ids if game.state.owner_of(t) != 0)
    before = game.state
    assert not game.act(f"place {enemy} 1")
    assert game.state is before
    assert game.message.kind == "refused" and "este território não é seu" in game.message.text
    assert game.message.rule == "C-REINF-3"
    game.lang = "en"
    assert not game.act(f"place {enemy} 1")
    assert "is not yours" in game.message.text
    assert not game.act("attack nowhere brasil 3")  # malformed or unknown: refused too
    assert game.message.kind == "refused"


def test_clicking_for_someone_else_is_refused():
    game = new_game("normal", "human", "normal", seed=4)
    assert game.step is Step.WAIT and game.waiting_on_computer
    assert not game.act("end")
    assert game.message.kind == "refused"


def test_undo_takes_back_own_decisions_only():
    game = new_game("human", "normal", "normal", seed=3)
    game.run_computers()
    assert not game.can_undo()  # the turn just started: nothing of the human's to undo
    start = game.state
    mine = next(t for t in warkit.world_map().ids if start.owner_of(t) == 0)
    game.click(mine)
    assert game.place(1)
    assert game.can_undo()
    assert game.undo() and game.state == start
    assert not game.undo() and game.message.kind == "refused"


def test_undo_stops_at_the_dice():
    game = new_game("human", "normal", "normal", seed=3)
    game.run_computers()
    while game.step is Step.PLACE:
        assert game.act(game.legal()[-1])
    attack = next(a for a in game.legal() if isinstance(a, warkit.Attack))
    assert game.act(attack)
    assert game.actors[-1] == CHANCE  # the roll followed at once
    assert not game.can_undo()


def test_hot_seat_passes_the_device_and_never_shows_another_hand():
    game = new_game("human", "human", "normal", seed=8)
    viewers = set()
    for g in play_to_the_end(game, seed=2, max_decisions=400):
        # whenever a human decides, only that human's secrets are visible
        assert g.viewer == g.decider
        assert g.view.hand == g.state.hands[g.viewer]
        assert g.view.objective == g.state.objective(g.viewer)
        viewers.add(g.viewer)
        if len(g.log) > 300:
            break
    assert viewers == {0, 1}


def test_the_handoff_screen_hides_every_secret():
    game = new_game("human", "human", "normal", seed=8)
    game.run_computers()
    assert game.step is Step.HANDOFF and game.handoff == game.decider
    assert game.viewer is None
    view = game.view
    assert view.hand == () and view.objective is None and view.player is None
    assert not game.act("end")  # nobody may play before taking the device
    seat = game.handoff
    game.confirm_handoff()
    assert game.viewer == seat and game.step is not Step.HANDOFF


def test_a_human_defender_reacts_to_a_computer_attack_in_smart():
    """S-REROLL-1: after a computer's roll the human defender decides (no blank wait)."""
    game = new_game("human", "hard", "hard", rules="smart", seed=21)
    reacted = False
    for g in play_to_the_end(game, seed=9):
        state = g.state
        if g.step is Step.REACT and state.current != 0:
            assert state.extra.reaction.side == "defender" and g.viewer == 0
            assert "under attack" in g.prompt()
            assert g.act("pass")
            reacted = True
            break
    assert reacted


def test_pacing_leaves_each_computer_move_on_screen():
    game = new_game("normal", "normal", "human", seed=3, pace="normal")
    assert game.waiting_on_computer  # with this seed, the computers play first
    delays = []
    while game.waiting_on_computer:
        delay = game.advance()
        assert delay is None or delay >= 0
        delays.append(delay)
    assert delays[-1] is None and game.my_turn
    assert len(delays) > 5 and max(d for d in delays if d) <= 1.0
    assert game.think_ms and game.turn_think_ms
    instant = new_game("normal", "normal", "human", seed=3, pace="instant")
    assert instant.advance(budget=10.0) is None  # one call plays every computer move
    assert instant.state == game.state  # the same luck and the same (seeded) computers
    with pytest.raises(ValueError):
        game.pace = "warp"
    assert set(PACES) == {"slow", "normal", "fast", "instant"}


def test_luck_depends_only_on_the_seed_and_the_moves():
    a = new_game("human", "normal", "normal", seed=12)
    b = new_game("human", "normal", "normal", seed=12)
    a.run_computers()
    b.run_computers()
    assert a.state == b.state
    c = new_game("human", "normal", "normal", seed=13)
    c.run_computers()
    assert c.state != a.state


def test_configs_are_checked():
    with pytest.raises(ValueError, match="3 to 6"):
        GameConfig(seats("human", "easy"))
    with pytest.raises(ValueError, match="different colour"):
        GameConfig((Seat("a", "red"), Seat("b", "red"), Seat("c", "blue")))
    with pytest.raises(ValueError):
        GameConfig(seats("human", "easy", "wizard"))
    with pytest.raises(ValueError):
        GameConfig(seats("human", "easy", "easy"), rules="risk")
    with pytest.raises(ValueError):
        GameController(warkit.Match.new(players=3, seed=1), seats("human", "easy", "easy"))


def test_an_all_computer_game_is_watched_as_a_spectator():
    game = new_game("easy", "normal", "hard", seed=2)
    assert game.viewer is None and game.step is Step.WAIT
    game.run_computers()
    assert game.step is Step.OVER and game.state.phase is Phase.GAME_OVER
