"""Issue 13 without a browser: one controller, the pace, fewer clicks, the details.

Rule IDs: C-ATK-2 (an attack leaves 1 army), C-ATK-4 (dice), C-ATK-5 (attacks go on),
C-CONQ-1 (moving in), S-REROLL-1 (tactical regroup), S-TERRAIN-1..3 (terrain knowledge).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from conftest import FakeLoop, new_game, seats
from warkit_widgets.controller import MapController, MapSelection, battle_record
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.config import PACES, Seat, Step
from warkit_widgets.play.controller import BLITZ_DELAY, DELAYS, GameController, chance_sampler
from warkit_widgets.play.log import events, render_event
from warkit_widgets.play.page.voila import Ticker

import warkit
from warkit import Attack, Match, Phase, Roll, apply
from warkit.rules.smart import Pass, Reroll, SmartPhase

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import position
from smart_positions import smart_position

IDX = warkit.world_map().index


def controller(state, kinds, lang="en", pace="instant") -> GameController:
    chosen = tuple(Seat(f"P{i + 1}", c, k) for i, (c, k) in enumerate(zip(state.colors, kinds)))
    return GameController(Match(state), chosen, lang=lang, pace=pace)


def blitz_position():
    """Red (seat 0, human) attacks from Brasil (20 armies) towards Argentina (2)."""
    return position({"brasil": 0, "argentina": 1, "peru": 0, "venezuela": 0},
                    {"brasil": 20, "argentina": 2, "peru": 1, "venezuela": 1})


def reacting(roll: str, hands, *, attacker="human", defender="normal", side="attacker"):
    """A SMART battle Brasil (6) -> Argentina (3) just rolled ``roll``; ``side`` reacts first
    (the attacker always does; the defender after the attacker passes)."""
    state = smart_position({"brasil": 0, "argentina": 1, "japao": 1},
                           {"brasil": 6, "argentina": 3, "japao": 2}, hands=hands)
    state = apply(apply(state, Attack("brasil", "argentina", 3)), warkit.parse_action(roll))
    if side == "defender" and state.extra.reaction.side == "attacker":
        state = apply(state, Pass())
    assert state.phase is SmartPhase.REACT and state.extra.reaction.side == side
    return controller(state, (attacker, defender, "random", "random"))


# -- one controller -------------------------------------------------------------------------------
def test_the_map_holds_a_selection_model_not_a_second_game():
    game = new_game("human", "normal", "normal", seed=3)
    game.run_computers()
    assert type(game.map) is MapSelection and not isinstance(game.map, MapController)
    assert not hasattr(game.map, "state") and not hasattr(game, "_syncing")
    assert game.map.view is game.view  # fed with the controller's view, the same object
    heard = []
    game.subscribe(heard.append)
    source = next(iter(game.map.moves.sources))
    game.click(source)
    assert heard == [frozenset({"selection", "message"})]  # one path, one notification
    assert game.highlights().selected == source


def test_chance_goes_through_the_engines_sampler():
    """The step's Sampler gives what random.Random(f"{seed}:{index}") gives (saved games
    keep their luck)."""
    sampler = chance_sampler(12, 34)
    assert isinstance(sampler, warkit.Sampler)
    reference = random.Random("12:34")
    assert [sampler.rng.random() for _ in range(5)] == [reference.random() for _ in range(5)]


def test_one_reading_of_battle_losses_at_a_game_winning_conquest():
    """The log and the dice tray agree, also when the conquest ends the game (C-CONQ-1)."""
    game = new_game("normal", "normal", "normal", seed=4)
    game.run_computers()
    assert game.step is Step.OVER
    states, actions = game.match.states, game.match.actions
    last = max(i for i, a in enumerate(actions) if isinstance(a, Roll))
    record = battle_record(warkit.events.events(states[last], actions[last], states[last + 1]))
    assert record.conquered and states[-1].is_terminal
    line = next(e for e in events(states[last], actions[last], states[last + 1], last)
            if e.key == "log.battle")
    assert (line.params["lost_att"], line.params["lost_def"]) == (
        record.lost_attacker, record.lost_defender)
    assert game.last_battle == record
    assert record.lost_attacker <= len(record.defence)  # moved armies are not losses
    assert record.lost_defender == states[last].armies[record.dst]


def test_the_player_is_named_one_way_everywhere():
    """No "Jogador 1" in one place and "Vermelho" in another: the seat's name."""
    game = new_game("human", "normal", "normal", seed=3, lang="pt")
    game.run_computers()
    theirs = next(t for t in range(42) if game.state.owner[t] != 0)
    if game.step is Step.PLACE:
        game.click(theirs)
        assert game.message.kind == "refused"
    texts = [game.prompt(), game.message.text, game.map._prompt()]
    assert any("P1" in t for t in texts)
    assert not any("Vermelho" in t for t in texts)


# -- the pace -----------------------------------------------------------------------------------
def test_a_kick_during_a_step_does_not_override_its_delay():
    """The bug of issue 13: the page's refresh kicked the ticker during a computer step, so
    every move came at once whatever the pace."""
    loop = FakeLoop()
    ticker: Ticker

    def step() -> float | None:
        ticker.kick()  # what the page's listener does while the step's changes arrive
        return 1.5 if len(loop.delays) < 4 else None

    ticker = Ticker(step, loop, lambda exc: (_ for _ in ()).throw(exc))
    ticker.kick()
    loop.run()
    assert loop.delays == [0.0, 1.5, 1.5, 1.5]


@pytest.mark.parametrize("pace", ["slow", "normal", "fast"])
def test_the_page_waits_the_paces_delays(pace):
    """Through the page: each computer move is followed by its pause, scaled by the pace
    (slow is longer than fast), and a computer turn starts with a pause."""
    loop = FakeLoop()
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=loop, animate=False)
    app.speed.value = pace
    game = new_game("normal", "normal", "human", seed=3, pace=pace)
    app.set_game(game)
    assert not app.ticker.running or loop.delays == [3.0]  # waits for the map to be drawn
    app._map_ready()
    loop.run()
    assert game.my_turn
    paused = [d for d in loop.delays[2:] if d > 0]
    assert len(paused) > 10
    assert DELAYS["turn"] * PACES[pace] in paused
    assert max(paused) == pytest.approx(max(DELAYS.values()) * PACES[pace])


def test_instant_plays_a_computer_turn_in_one_step():
    game = new_game("normal", "normal", "human", seed=3, pace="instant")
    assert game.advance(budget=10.0) is None and game.my_turn


def test_the_first_computer_turn_waits_for_the_map():
    loop = FakeLoop()
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=loop, animate=False)
    game = new_game("normal", "normal", "human", seed=3, pace="normal")
    app.set_game(game)
    before = len(game.match.actions)
    for handle in [h for h in loop.queue if h.delay < 3.0]:
        handle.fn()
    assert len(game.match.actions) == before  # nothing played before the map is drawn
    app._map_ready()  # the canvas said "client_ready": the map is on the screen
    loop.run()
    assert len(game.match.actions) > before


def test_a_computer_move_shows_on_the_map():
    game = new_game("normal", "normal", "human", seed=3, pace="normal")
    seen = set()
    while game.waiting_on_computer:
        game.advance()
        hl = game.highlights()
        if hl.arrow is not None:
            seen.add("arrow")
        if hl.selected is not None:
            seen.add("selected")
    assert seen == {"arrow", "selected"}


# -- fewer clicks -------------------------------------------------------------------------------
def test_blitz_attacks_until_conquered_with_each_battle_in_the_log():
    """C-ATK-5: battle after battle until the target falls; every battle's dice logged."""
    game = controller(blitz_position(), ("human", "normal", "normal", "normal"))
    game.click("brasil")
    game.click("argentina")
    assert game.blitz()
    game.run_computers()
    state = game.state
    assert state.owner[IDX("argentina")] == 0 and game.step is Step.OCCUPY
    battles = [e for e in game.log if e.key == "log.battle"]
    assert len(battles) >= 1 and all(e.params["attack"] for e in battles)
    assert sum(e.params["lost_def"] for e in battles) == 2
    assert game.blitz_plan is None
    assert game.attack_armies() is None  # move-in: no "attackers against 0 defenders"


def test_blitz_until_n_armies_are_left():
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 6, "argentina": 30})
    game = controller(state, ("human", "normal", "normal", "normal"))
    game.select("brasil", "argentina")
    assert game.blitz(keep=3)
    game.run_computers()
    assert game.state.armies[IDX("brasil")] <= 3 and game.step is Step.ATTACK
    assert game.state.armies[IDX("brasil")] >= 1
    with pytest.raises(ValueError):
        game.blitz(keep=0)
    game.select("brasil", "argentina")
    assert not game.blitz(keep=3) and "C-ATK-2" in game.message.text


def test_blitz_paces_its_battles_and_esc_stops_it():
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 20, "argentina": 10})
    game = controller(state, ("human", "normal", "normal", "normal"), pace="slow")
    game.select("brasil", "argentina")
    assert game.blitz()
    assert game.blitz_plan is not None and game.waiting_on_computer
    n = len(game.match.actions)
    assert game.advance() == pytest.approx(BLITZ_DELAY * PACES["slow"])  # one battle, a pause
    assert len(game.match.actions) == n + 2  # the attack and its roll
    game.clear()  # Esc
    assert game.blitz_plan is None and not game.waiting_on_computer


def test_the_selection_stays_after_a_battle_and_repeat_attacks_again():
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 12, "argentina": 9})
    game = controller(state, ("human", "normal", "normal", "normal"))
    game.select("brasil", "argentina")
    assert game.attack(2)
    assert game.map.selection.source == IDX("brasil")  # kept for the next roll
    game.click(None)
    assert game.can_repeat()
    before = len(game.match.actions)
    assert game.repeat_attack()
    assert game.match.actions[before] == Attack("brasil", "argentina", 2)


def test_reactions_best_first_never_rerolling_a_six():
    """S-REROLL-1: the attacker's 6 beat its pair; rerolling it cannot help and is never
    offered, the 1s are; each card once, the exact gain decreasing."""
    game = reacting("roll 6,1,1 vs 5,5,3", {0: ["joker1", "brasil", "japao"]})
    assert game.step is Step.REACT
    ranked = game.reactions()
    assert ranked and all(r.gain > 0 for r in ranked)
    assert all(6 not in r.action.dice for r in ranked)
    assert [r.gain for r in ranked] == sorted((r.gain for r in ranked), reverse=True)
    assert len({r.action.card for r in ranked}) == len(ranked)
    assert isinstance(ranked[0].action, Reroll) and ranked[0].action.card == "joker1"


def test_no_useful_reaction_is_passed_automatically():
    """The attacker won every pair: no reroll or reveal can help, the pass is made."""
    game = reacting("roll 6,6,6 vs 1,1,1", {0: ["brasil", "japao"]})
    assert game.waiting_on_computer
    game.run_computers()
    assert game.auto_passed >= 1
    assert any(e.key == "log.autopass" for e in game.log)
    text = [render_event(e, "pt", game.names) for e in game.log if e.key == "log.autopass"]
    assert "nenhuma reação" in text[0]


def test_a_human_defender_with_nothing_useful_is_not_handed_the_device():
    """Hot-seat: two humans; the defender lost nothing, so no pass-the-device screen."""
    game = reacting("roll 1,1,1 vs 6,6,6", {1: ["japao"]}, attacker="human",
                    defender="human", side="defender")
    assert game.decider == 1 and game.step is not Step.HANDOFF and game.handoff is None
    game.run_computers()
    assert game.auto_passed == 1


def test_the_selection_is_kept_after_pass():
    """After a roll and a Pass (by hand or automatic) the same attack is still selected."""
    state = smart_position({"brasil": 0, "argentina": 1, "japao": 1},
                           {"brasil": 12, "argentina": 12, "japao": 2},
                           hands={0: ["joker1", "brasil", "japao"]})
    game = controller(state, ("human", "normal", "random", "random"))
    passed = 0
    for _ in range(4):
        game.select("brasil", "argentina")
        assert game.attack()
        while game.step is Step.REACT:
            assert game.act("pass")
            passed += 1
            game.run_computers()
        assert game.step is Step.ATTACK
        assert game.map.selection == type(game.map.selection)(IDX("brasil"), IDX("argentina"))
    assert passed + game.auto_passed >= 4


# -- the details --------------------------------------------------------------------------------
def test_no_dice_of_the_previous_player():
    game = new_game("normal", "normal", "human", seed=3)
    game.run_computers()
    assert game.my_turn and game.step in (Step.TRADE, Step.PLACE)
    assert game.tray is None and game.last_battle is None


def test_the_move_in_shows_no_odds():
    game = controller(blitz_position(), ("human", "normal", "normal", "normal"))
    game.select("brasil", "argentina")
    game.blitz()
    game.run_computers()
    assert game.step is Step.OCCUPY and game.attack_armies() is None


# -- keys ----------------------------------------------------------------------------------------
def test_keys_enter_escape_undo_and_help():
    loop = FakeLoop()
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=loop, animate=False)
    game = controller(blitz_position(), ("human", "normal", "normal", "normal"))
    app.set_game(game)
    opened = []
    app.help_handler = opened.append
    assert app.on_key("?") and opened == [None]
    game.select("brasil", "argentina")
    app._changed(frozenset({"selection"}))
    n = len(game.match.actions)
    assert app.on_key("Enter")  # attacks
    assert isinstance(game.match.actions[n], Attack)
    assert app.on_key("Escape") and game.map.selection.source is None
    game.select("brasil", "argentina")
    app._changed(frozenset({"selection"}))
    assert app.on_key("b") or game.step is not Step.ATTACK
    app.on_rule_link("S-REROLL-1")
    assert opened[-1] == "S-REROLL-1"
    assert not app.on_key("x")


def test_ctrl_z_undoes_a_placement():
    state = position({"brasil": 0}, {"brasil": 3}, phase=Phase.PLACE, reserves=3)
    game = controller(state, ("human", "normal", "normal", "normal"))
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=FakeLoop(), animate=False)
    app.set_game(game)
    game.click("brasil")
    assert game.place(1)
    assert game.can_undo()
    assert app.on_key("z", ctrl=True) and game.state.armies[IDX("brasil")] == 3


class _NoSave:
    enabled = False

    def __call__(self, game) -> None:
        pass

    def games(self):
        return []

    def claim(self, game_id) -> None:
        pass


def test_seats_helper_still_builds_players():
    assert len(seats("human", "normal", "normal")) == 3


def test_the_blitz_button_runs_every_battle_from_the_pages_timer():
    """Through the page: one press, then the timer fights the battles (C-ATK-5) until the
    move-in (a click's short refresh must still start the timer)."""
    loop = FakeLoop()
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=loop, animate=False)
    game = controller(blitz_position(), ("human", "normal", "normal", "normal"), pace="fast")
    app.set_game(game)
    app._map_ready()
    game.select("brasil", "argentina")
    assert not app.blitz_button.disabled
    app.blitz_button.click()
    loop.run()
    assert game.step is Step.OCCUPY and game.state.owner[IDX("argentina")] == 0
    assert BLITZ_DELAY * PACES["fast"] in loop.delays or len(
        [e for e in game.log if e.key == "log.battle"]) == 1
