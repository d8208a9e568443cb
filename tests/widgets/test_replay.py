"""Replays (warkit_widgets.replay_model, .replay; the dashboard's .play.replay_panel) without a
browser: a replay reaches the record's final state, a jump to a turn equals stepping there,
a game continued from any move plays on legally, and each player's secrets stay hidden
until the end (but the saving seat's own)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from warkit_widgets.controller import touched
from warkit_widgets.luck_panel import luck_html
from warkit_widgets.play.config import Seat
from warkit_widgets.play.replay_panel import ReplayPanel, fork, saver_of, translated_log
from warkit_widgets.replay import ReplayWidget
from warkit_widgets.replay_model import Replay

import warkit
from warkit import Match
from warkit.record import state_digest
from warkit.validate import state_problems

NAMES = ("Rafa", "Ana", "Bia", "Caio")


@pytest.fixture(scope="module")
def record() -> Match:
    """A whole classic game, written to a file's text and read back (a saved record)."""
    played = warkit.simulate(4, bots=["normal", "hard", "easy", "normal"], seed=12)
    assert played.state.is_terminal
    loaded = warkit.loads(warkit.dumps(played))
    assert isinstance(loaded, Match)
    return loaded


class Later:
    """A fake ``call_later``: the test runs the callbacks."""

    def __init__(self) -> None:
        self.calls: list = []

    def __call__(self, delay, fn):
        self.calls.append(fn)
        return self

    def cancel(self) -> None:
        pass

    def run(self) -> int:
        ran = 0
        while self.calls:
            self.calls.pop(0)()
            ran += 1
        return ran


def test_stepping_reaches_the_records_final_state(record):
    replay = Replay(record)
    seen = [replay.state]
    while not replay.at_end:
        replay.step(1)
        seen.append(replay.state)
    assert seen == record.states[replay.first_dealt:]
    assert state_digest(replay.state) == state_digest(record.state)
    assert replay.finished


def test_a_jump_to_a_turn_is_the_position_stepping_reaches(record):
    replay = Replay(record)
    for turn in (1, 2, 7, replay.turns[len(replay.turns) // 2], replay.turns[-1]):
        stepper = Replay(record)
        while stepper.state.turn != turn:
            stepper.step(1)
        replay.jump_to_turn(turn)
        assert replay.index == stepper.index and replay.state == stepper.state
        back = Replay(record, start=record.__len__())
        while back.index > 0 and back.match.states[back.index - 1].turn >= turn:
            back.step(-1)
        assert back.index == replay.index


def test_bad_positions_are_refused_with_the_range(record):
    replay = Replay(record)
    with pytest.raises(ValueError, match="from 0 to"):
        replay.goto(len(record) + 1)
    with pytest.raises(ValueError, match="this game has turns 1 to"):
        replay.jump_to_turn(10_000)
    with pytest.raises(ValueError, match="viewer"):
        Replay(record, viewer=7)
    assert replay.index == replay.first_dealt


def test_secrets_are_hidden_until_the_end_but_the_savers_own(record):
    replay = Replay(record, viewer=1)
    widget = ReplayWidget(replay, names=NAMES, schedule=Later())
    for index in range(replay.first_dealt, len(record), 97):
        replay.goto(index)
        shown = replay.secrets()
        assert [s.objective is not None for s in shown] == [False, True, False, False]
        assert shown[1].hand == record.states[index].hands[1]
        html = widget.secrets.value
        for seat in (0, 2, 3):
            objective = warkit.view(record.states[index], seat).objective
            text = warkit.world_map().objective(objective).text("pt")
            assert text not in html or objective == warkit.view(
                record.states[index], 1).objective
    replay.goto(len(record))
    assert all(s.objective is not None and s.hand is not None for s in replay.secrets())
    spectator = Replay(record)
    spectator.goto(len(record) - 1)
    assert all(s.objective is None for s in spectator.secrets())


def test_an_unfinished_record_never_shows_the_others_secrets(record):
    cut = Replay(record, start=len(record) // 2).fork_point()
    replay = Replay(cut, viewer=0)
    replay.goto(replay.end)
    assert not replay.finished
    assert [s.objective is not None for s in replay.secrets()] == [True, False, False, False]


@pytest.mark.parametrize(("where", "kinds"), [(0.1, ("easy", "easy", "normal", "easy")),
                                              (0.5, ("hard", "normal", "easy", "easy")),
                                              (0.9, ("normal", "normal", "normal", "normal"))])
def test_a_game_continued_from_any_move_plays_on_legally(record, where, kinds):
    replay = Replay(record)
    replay.goto(replay.first_dealt + int(where * (len(record) - replay.first_dealt)))
    seats = tuple(Seat(n, c, k) for n, c, k in zip(NAMES, record.state.colors, kinds))
    game = fork(replay, seats, lang="en", pace="instant", seed=3)
    assert game.match.states[:replay.index + 1] == record.states[:replay.index + 1]
    assert game.match.actions == record.actions[:replay.index]
    assert not game.can_undo()  # the recorded history is nobody's to take back
    game.run_computers()
    assert game.state.is_terminal and state_problems(game.state) == []
    assert game.match.seed == 3 != record.seed


def test_a_fork_with_a_human_waits_for_them_and_a_bad_fork_is_refused(record):
    replay = Replay(record)
    replay.goto(0)
    with pytest.raises(ValueError, match="after the deal"):
        replay.fork_point()
    replay.goto(replay.first_dealt + 30)
    seats = tuple(Seat(n, c, k) for n, c, k in
                  zip(NAMES, record.state.colors, ("human", "easy", "easy", "easy")))
    game = fork(replay, seats, pace="instant")
    game.run_computers()
    assert game.state.is_terminal or game.my_turn


def test_play_pause_and_speed_move_one_move_per_tick(record):
    later = Later()
    widget = ReplayWidget(record, names=NAMES, lang="en", schedule=later)
    replay = widget.replay
    start = replay.index
    widget.toggle_play()
    assert widget.play_button.description == "Pause"
    for _ in range(5):
        later.calls.pop(0)()
    assert replay.index == start + 5
    widget.toggle_play()
    later.run()  # the timer already armed finds the replay paused: no move
    assert replay.index == start + 5
    replay.set_speed("fast")
    with pytest.raises(ValueError, match="speed"):
        replay.set_speed("ludicrous")
    replay.goto(replay.end - 2)
    widget.toggle_play()
    later.run()
    assert replay.at_end and not replay.playing


def test_the_widget_follows_the_position_dice_log_and_luck(record):
    widget = ReplayWidget(record, names=NAMES, lang="pt", log=translated_log,
                          schedule=Later())
    replay = widget.replay
    replay.jump_to_turn(12)
    while replay.last_roll() is None:
        replay.step(1)
    index, comparison = replay.last_roll()
    roll = record.actions[index]
    assert widget.dice.comparison == comparison
    assert sorted(roll.attack, reverse=True) == [p.attack for p in comparison.pairs] + list(
        comparison.unpaired_attack)
    assert widget.slider.value == replay.index
    assert "Jogada 12" in widget.where.value or "jogada 12" in widget.where.value
    assert widget.luck.value == luck_html(record, NAMES, "pt", upto=replay.index)
    widget.slider.value = replay.first_dealt + 5
    assert replay.index == replay.first_dealt + 5
    assert widget.log_view.value == translated_log(record, replay.index, "pt", NAMES)
    widget.lang = "en"
    assert "Round" in widget.where.value


def test_the_dashboards_panel_opens_a_saved_file_and_forks(tmp_path):
    from warkit_widgets.play.config import GameConfig
    from warkit_widgets.play.controller import GameController
    from warkit_widgets.play.saves import dump_game

    config = GameConfig((Seat("Rafa", "blue"), Seat("Ana", "red", "normal"),
                         Seat("Bia", "green", "easy")), seed=9)
    game = GameController.new(config, pace="instant")
    game.run_computers()
    forked: list[GameController] = []
    panel = ReplayPanel(lang="pt", on_close=lambda: None, on_fork=forked.append)
    assert not panel.load_bytes(b"{not json")
    assert "arquivo" in panel.notice.value or "JSON" in panel.notice.value
    assert panel.load_bytes(dump_game(game).encode())
    assert panel.widget.replay.viewer == saver_of(game.seats) == 0
    panel.widget.replay.step(4)
    panel.widget.fork_button.click()
    assert [d.value for d in panel.kinds] == ["human", "normal", "easy"]
    panel.kinds[0].value = "hard"
    new = panel.start_fork()
    assert forked == [new] and [s.kind for s in new.seats] == ["hard", "normal", "easy"]
    assert len(new.match.actions) == panel.widget.replay.index


def test_the_map_shows_the_move_that_led_here(record):
    replay = Replay(record)
    index = record.state.map.index
    attack = next(i for i, a in enumerate(record.actions) if isinstance(a, warkit.Attack))
    replay.goto(attack + 1)
    action = record.actions[attack]
    assert replay.highlights().arrow == (index(action.src), index(action.dst))
    replay.step(1)  # its dice: the same arrow
    assert isinstance(record.actions[attack + 1], warkit.Roll)
    assert replay.highlights().arrow == (index(action.src), index(action.dst))


def test_a_smart_replays_dice_are_judged_by_its_battle_rule():
    """The tray of a SMART replay judges each roll with the rule set's battle rule of its
    target (S-TERRAIN-2/3 when a terrain card was shown): where no reaction changed the dice
    or the terrain, its losses are the ones the engine settled."""
    from warkit.events import BattleResult, Reacted

    def settled(i: int) -> BattleResult | None:
        """The result of the battle rolled at ``i``, unless a reaction changed it."""
        for j in range(i, len(match.actions)):
            said = match.events(j)
            if any(isinstance(e, Reacted) for e in said):
                return None
            result = next((e for e in said if isinstance(e, BattleResult)), None)
            if result is not None:
                return result
        return None

    from warkit_widgets.models import compare_dice

    match = warkit.simulate(4, "smart", bots=["hard"] * 4, seed=6)
    replay = Replay(match)
    checked = differs = 0
    for i, action in enumerate(match.actions):
        if not isinstance(action, warkit.Roll):
            continue
        result = settled(i)
        if result is None:
            continue  # a reroll or a reveal changed the battle after these dice
        replay.goto(i + 1)
        index, tray = replay.last_roll()
        assert index == i and (tray.lost_attacker, tray.lost_defender) == (
            result.lost_attacker, result.lost_defender), i
        plain = compare_dice(action.attack, action.defence)  # classic War's judgement
        differs += (plain.lost_attacker, plain.lost_defender) != (tray.lost_attacker,
                                                                  tray.lost_defender)
        checked += 1
    assert checked > 20 and differs > 0  # terrain knowledge changed some of these losses


@pytest.fixture(scope="module")
def smart_record() -> Match:
    return warkit.simulate(4, "smart", bots=["normal", "easy", "hard", "easy"], seed=9)


OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("step"), st.integers(-40, 40)),
    st.tuples(st.just("goto"), st.floats(0, 1)),
    st.tuples(st.just("turn"), st.floats(0, 1)),
    st.tuples(st.just("tick"), st.just(0))), max_size=25)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS, viewer=st.sampled_from([None, 0, 2]))
def test_any_sequence_of_replay_moves_shows_the_record(record, smart_record, operations, viewer):
    """Whatever a restless viewer does (steps either way, jumps to moves and turns, play
    ticks), the replay shows the record's own state at its position, the arrow of the move
    that led there, and no secret but the viewer's before the end of a finished game."""
    for match in (record, smart_record):
        replay = Replay(match, viewer=viewer)
        replay.play()
        for name, value in operations:
            if name == "step":
                replay.step(value)
            elif name == "goto":
                replay.goto(int(value * replay.end))
            elif name == "turn":
                turns = replay.turns
                replay.jump_to_turn(turns[int(value * (len(turns) - 1))])
            else:
                replay.tick()
            assert 0 <= replay.index <= replay.end
            assert replay.state is match.states[replay.index]
            if replay.index:
                before = match.states[replay.index - 1]
                move = touched(before, match.actions[replay.index - 1])
                battle = before.battle
                arrow = (move.arrow if move is not None else
                         (battle.src, battle.dst) if battle is not None else None)
                assert replay.highlights().arrow == arrow
            shown = [s.seat for s in replay.secrets() if s.objective is not None]
            dealt = viewer is not None and warkit.view(replay.state, viewer).objective
            assert shown == (list(range(4)) if replay.finished else
                             [viewer] if dealt else [])  # nothing before the deal
