"""Issue 22's findings, each pinned by a test (the controller alone, no browser).

Rule IDs: C-ATK-1..5 (attacks and "attack until..."), C-REINF-3 (placing), C-TURN-1 (the
steps of a turn), S-TRADE-1 (SMART's trade step), S-AIR-1 (air attacks).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import FakeLoop, new_game
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.controller import GameController, Seat, Step

import warkit
from warkit import Attack, EndPhase, Match, Phase
from warkit.rules.smart import AirAttack
from warkit.validate import state_problems

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import position, turn_start

IDX = warkit.world_map().index


def controller(state, kinds, lang="pt", pace="instant") -> GameController:
    chosen = tuple(Seat(f"P{i + 1}", c, k) for i, (c, k) in enumerate(zip(state.colors, kinds)))
    return GameController(Match(state), chosen, lang=lang, pace=pace)


def shrinking_blitz() -> GameController:
    """Red (human) attacks Alasca (6) from Mackenzie (8): the source drops below 4 armies
    long before the target falls, so the number of dice changes during the blitz."""
    state = position({"mackenzie": 0, "alasca": 1, "vancouver": 0},
                     {"mackenzie": 8, "alasca": 6, "vancouver": 1})
    return controller(state, ("human", "normal", "normal", "normal"))


# -- 1. "attack until..." at the instant pace ----------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_a_blitz_at_the_instant_pace_checks_every_battle_through_the_rules(seed):
    """The crash of the issue: several battles in one ``advance`` at pace 0 with the map's
    selection stale; each battle is now built from the state, with the dice it allows."""
    game = shrinking_blitz()
    game.match.seed = seed
    game.select("mackenzie", "alasca")
    assert game.blitz()
    while game.waiting_on_computer and game.step is not Step.OVER:
        game.advance(budget=1e9)
        if game.blitz_plan is None:
            break
    attacks = [a for a in game.match.actions if a.keyword in ("attack", "airattack")]
    assert len(attacks) >= 1 and not any(isinstance(a, AirAttack) for a in attacks)
    assert not state_problems(game.state)
    assert game.blitz_plan is None and game.message.kind == "info"
    # the map shows the state: the armies on it are the state's own
    assert game.map.view.armies == game.state.armies


def test_a_stale_selection_cannot_make_a_blitz_battle_illegal():
    """Even with the map showing another pair, the blitz's next battle is its own pair's."""
    game = shrinking_blitz()
    game.select("mackenzie", "alasca")
    assert game.blitz()
    game.map.select("vancouver")  # whatever the map holds, the plan decides
    game.advance(budget=1e9)
    attacks = [a for a in game.match.actions if isinstance(a, Attack)]
    assert attacks and {(a.src, a.dst) for a in attacks} == {("mackenzie", "alasca")}


def test_a_blitz_the_rules_no_longer_allow_stops_with_a_plain_message(monkeypatch):
    game = shrinking_blitz()
    game.select("mackenzie", "alasca")
    assert game.blitz()
    monkeypatch.setattr(game, "attack_now", lambda *a: None)
    game.advance(budget=1e9)
    assert game.blitz_plan is None
    assert game.message.text.startswith("O ataque parou: as regras não o permitem mais.")


def test_an_error_in_the_page_loop_puts_the_game_back_and_speaks_the_players_language(
        monkeypatch, caplog):
    """A bug in a computer's move (forced here): the page shows a short Portuguese line and a
    collapsed report without server paths, the game is as before the step, the server log
    has the traceback."""
    loop = FakeLoop()
    app = PlayApp(lang="pt", schedule=loop, animate=False)
    game = new_game("normal", "human", "normal", seed=4, pace="normal", lang="pt")
    app.set_game(game)
    before = (len(game.match.actions), game.state, len(game.log))

    def broken(decider):
        game.push(warkit.legal_actions(game.state)[0], decider)  # half a step made...
        raise RuntimeError(f"a bug in {Path(__file__).resolve()}")  # ...then a failure

    monkeypatch.setattr(game, "_computer_step", broken)
    with caplog.at_level("ERROR", logger="warkit_widgets"):
        loop.run(limit=50)
    assert (len(game.match.actions), game.state, len(game.log)) == before
    line, report = app.reporter.line.value, app.reporter.detail.value
    assert "Algo deu errado aqui, e tudo voltou a como estava antes" in line
    assert "Traceback" not in line + report and "/work/" not in line + report
    assert "<details><summary>Relatório" in report and "RuntimeError: a bug in" in report
    assert "widgets/play/controller.py" in report  # frames named by module
    assert app.reporter.errors and game.message.kind != "error"


# -- 5. the selection follows the step -----------------------------------------------------------
def placing() -> GameController:
    state = turn_start({"polonia": 0, "moscou": 1, "suecia": 0, "alemanha": 1},
                       {"polonia": 3, "moscou": 2, "suecia": 3, "alemanha": 1})
    return controller(state, ("human", "random", "random", "random"))


def test_after_the_last_placement_the_selection_clears_and_the_prompt_and_clicks_agree():
    game = placing()
    assert game.step is Step.PLACE
    game.click("polonia")
    assert game.place(game.map.max_count())  # the last armies: now the attack step
    assert game.step is Step.ATTACK
    assert game.map.selection.source is None  # nothing left over from the placement
    assert "escolha seu território" in game.message.text.lower() or game.map.moves.sources
    game.click("polonia")
    game.click("moscou")  # the target meant: no "este território não é seu"
    assert game.map.selection.source == IDX("polonia")
    assert game.map.selection.target == IDX("moscou")
    assert game.message.kind == "info"


def test_a_click_on_another_own_territory_switches_the_attack_source():
    game = placing()
    game.click("polonia")
    game.place(game.map.max_count())
    game.click("polonia")
    game.click("suecia")  # another territory of mine that can attack
    assert game.map.selection.source == IDX("suecia") and game.message.kind == "info"


def test_a_second_click_while_placing_adds_one_more_army():
    game = placing()
    game.click("polonia")
    before = game.state.armies[IDX("polonia")]
    game.click("polonia")
    assert game.state.armies[IDX("polonia")] == before + 1
    assert game.map.selection.source == IDX("polonia")  # still selected: click again for more
    game.click("polonia")
    assert game.state.armies[IDX("polonia")] == before + 2


def test_repeat_is_offered_only_after_an_attack_this_turn():
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 30, "argentina": 30})
    game = controller(state, ("human", "random", "random", "random"))
    assert not game.can_repeat()
    game.select("brasil", "argentina")
    assert game.attack(3)
    assert game.can_repeat()
    game.end()  # attacks over: the next turn starts without a last attack
    while game.step is not Step.ATTACK and game.step is not Step.OVER:
        if game.waiting_on_computer:
            game.run_computers()
        elif game.step is Step.PLACE:
            game.act(game.legal()[0])
        else:
            game.end()
    assert game.last_attack is None and not game.can_repeat()


# -- 5. SMART's empty trade step -----------------------------------------------------------------
def test_smart_skips_a_trade_step_with_nothing_to_trade():
    """0 cards and no continent: the rule set offers only ``end``; the page goes on."""
    game = new_game("human", "easy", "easy", rules="smart", seed=5)
    seen_empty = 0
    for _ in range(6):
        game.run_computers()
        if game.step is Step.OVER:
            break
        assert game.step is not Step.TRADE or list(game.legal()) != [EndPhase()]
        if game.state.phase is Phase.PLACE and not game.state.hands[0]:
            seen_empty += 1
        while game.my_turn:
            game.act(game.legal()[0]) if game.step is Step.PLACE else game.end()
    assert seen_empty >= 1
    skipped = [i for i in game._automatic]
    assert skipped and all(game.match.actions[i] == EndPhase() for i in skipped)


def test_the_status_stays_on_the_computer_during_its_dice():
    """No flicker between "Computador 4 está jogando…" and "Aguardando a sorte…"."""
    game = new_game("normal", "human", "normal", seed=4, pace="normal", lang="pt")
    seen = set()
    for _ in range(200):
        if not game.waiting_on_computer or game.state.current == 1:
            break
        game.advance(budget=0.0)
        seen.add(game.message.text)
    assert seen and not any("Aguardando a sorte" in t for t in seen)


# -- 5. wording: the log, numbers, names ---------------------------------------------------------
def test_the_log_groups_turns_header_first_and_reroll_lines_follow_their_attack():
    from warkit_widgets.play.log import LogEvent, log_html, turn_groups

    header = LogEvent("log.turn", {"round": 3, "turn": 9, "seat": 0, "n": 11,
                                   "income": 5}, 10, 9, "turn")
    reroll = LogEvent("log.reroll", {"seat": 0, "card": "madagascar", "dice": [2]}, 12, 9)
    rerolled = LogEvent("log.rerolled", {"dice": [4]}, 13, 9)
    battle = LogEvent("log.battle", {"seat": 0, "src": "brasil", "dst": "argentina",
                                     "attack": [6, 4], "defence": [5], "lost_att": 0,
                                     "lost_def": 1}, 14, 9)
    nxt = LogEvent("log.turn", {"round": 3, "turn": 10, "seat": 1, "n": 9,
                                "income": 4}, 20, 10, "turn")
    groups = turn_groups([header, reroll, rerolled, battle, nxt])
    assert [e.key for e in groups[0]] == ["log.turn", "log.battle", "log.reroll",
                                          "log.rerolled_by"]
    html = log_html([header, reroll, rerolled, battle, nxt], "pt", ["Rafa", "Bia"],
                    ("red", "blue"))
    assert html.index("jogada 10") < html.index("jogada 9")  # the newest turn on top...
    assert html.index("jogada 9") < html.index("ataca") < html.index("Rafa rolou de novo: 4")


def test_portuguese_numbers_in_the_end_report_and_the_reactions():
    from warkit_widgets.play.end_report import report_html

    game = new_game("easy", "easy", "easy", seed=2, lang="pt")
    game.run_computers()
    html = report_html(game.match, game.names, "pt")
    luck_list = html[html.index('class="wk-luck-list"'):]
    luck_list = luck_list[:luck_list.index("</ul>")]
    assert re.search(r"\d+,\d", luck_list), luck_list  # "367,6", "+0,3 σ"
    assert not re.search(r"\d\.\d", luck_list)
    assert re.search(r">[+-]\d+,\d</text>", html)  # the luck bars' figures
    from warkit_widgets.i18n import fmt_number
    assert fmt_number(0.5, "pt", 2, signed=True) == "+0,50"
    assert fmt_number(0.5, "en", 2, signed=True) == "+0.50"


def test_reactions_gain_is_written_with_a_comma_in_portuguese():
    from test_one_controller import reacting  # a SMART battle where rerolls help
    from warkit_widgets.play.options_panel import Choice, choice_text

    from warkit.rules.smart import Reroll
    game = reacting("roll 6,1,1 vs 5,5,3", {0: ["joker1", "brasil", "japao"]})
    best = game.reactions()[0]
    text = choice_text(Choice(best.action, "reroll", best.gain), game.view, "pt")
    assert isinstance(best.action, Reroll)
    assert re.search(r"· \+\d+,\d\d exércitos a seu favor", text), text


def test_the_end_chart_tells_the_computers_apart():
    from warkit_widgets.play.end_report import chart_labels, line_chart_svg

    names = ["Rafa", "Computador 2", "Computador 3", "Computador 4"]
    assert chart_labels(names) == names
    long = chart_labels(["Maria Eduarda Souza", "Maria Eduarda Lima"])
    assert len(set(long)) == 2 and all(len(label) <= 13 for label in long)
    svg = line_chart_svg("t", [1, 2], [[1, 2]] * 4, ("red", "blue", "green", "black"), names,
                         "wk-x")
    assert all(f">{n}</text>" in svg for n in names)


# -- 5. the tab's title and the sounds -----------------------------------------------------------
def test_the_tab_title_and_a_chime_say_your_turn_and_dice_and_conquest_are_heard():
    loop = FakeLoop()
    app = PlayApp(lang="pt", schedule=loop, animate=False)
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 30, "argentina": 1})
    game = controller(state, ("human", "random", "random", "random"))
    game.seats = tuple(s.__class__("Rafa", s.color, s.kind) if i == 0 else s
                       for i, s in enumerate(game.seats))
    app.set_game(game)
    assert app.signals.title == "▶ Sua vez, Rafa — War"
    assert app.signals.played == ["your_turn"]
    game.select("brasil", "argentina")
    assert game.attack(3)
    assert "dice" in app.signals.played
    if game.state.owner[IDX("argentina")] == 0:  # 3 dice against 1: conquered most times
        assert "conquest" in app.signals.played
    game.end()
    loop.run(limit=20)
    assert "está jogando — War" in app.signals.title or app.signals.title == "▶ Sua vez, Rafa — War"
    assert app.signals.played.count("your_turn") <= 2  # once per turn, never per click


def test_the_sounds_are_small_soft_wav_files_made_by_the_build_tool():
    import io
    import wave

    from build_tools.sounds import SOUNDS, wav_bytes
    from warkit_widgets.play.page.signals import SOUND_NAMES, sound_files

    files = sound_files()
    assert set(files) == set(SOUND_NAMES) == set(SOUNDS)
    for name, data in files.items():
        assert data == wav_bytes(SOUNDS[name]()), f"{name}.wav differs from its generator"
        with wave.open(io.BytesIO(data)) as sound:
            assert sound.getnchannels() == 1 and sound.getframerate() == 16_000
            assert sound.getnframes() / 16_000 <= 1.5
        assert len(data) < 50_000
