"""The coach and the replay in the dashboard's widgets (no browser): the Hint button and the
H key, the replay screen over a game (paused meanwhile) and back, "continue from here",
the end screen's replay button and hint counts, and what the browser holds (no secret of
another player before the end)."""

from __future__ import annotations

import pytest
from conftest import FakeLoop, seats
from test_play_app import assert_no_secret_of_others, synced_state
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.config import GameConfig, Step
from warkit_widgets.play.saves import Autosave
from warkit_widgets.replay import card_words

import warkit


@pytest.fixture
def app(loop: FakeLoop, autosave: Autosave) -> PlayApp:
    return PlayApp(lang="pt", autosave=autosave, schedule=loop, animate=False)


def start(app: PlayApp, loop: FakeLoop, *kinds: str, seed: int = 5, coach: bool = True):
    game = app.start(GameConfig(seats(*kinds), "classic", app.lang, seed, coach=coach))
    loop.run()
    return game


def test_the_hint_button_and_key_show_the_coachs_move(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    assert game.my_turn and app.hint_button.layout.display is None
    app.hint_button.click()
    hint = game.last_hint
    assert game.hints_asked[0] == 1 and app.status.value.count("Dica:") == 1
    if isinstance(hint.action, warkit.Place):
        assert app.count.value == hint.action.armies
        assert game.map.selection.source == game.state.map.index(hint.action.territory)
    assert app.map.highlights().hint == hint.mark() is not None  # the map's own hint layer
    assert app.on_key("Escape") and app.map.highlights().hint is None  # dismissed
    assert app.on_key("h") and game.hints_asked[0] == 2
    hint = game.last_hint
    assert app.map.highlights().hint == hint.mark()
    app.go.click()  # the hint is on the map and the count: the main button plays it
    assert hint.action in game.match.actions[-2:]
    assert app.map.highlights().hint is None  # gone with the step it was for


def test_no_hint_button_when_the_form_said_no(app, loop):
    game = start(app, loop, "human", "normal", "normal", coach=False)
    assert app.hint_button.layout.display == "none"
    assert app.on_key("H") and game.hints_asked == [0, 0, 0]
    assert "desligou as dicas" in app.status.value


def test_the_replay_screen_pauses_the_game_and_hides_other_players_secrets(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    for _ in range(30):  # a few turns in
        game.act(game.last_hint.action if game.ask_hint() else "end")
        loop.run()
    panel = app.open_replay()
    assert app.board.layout.display == "none" and not loop.queue
    replay = panel.widget.replay
    assert replay.viewer == 0 and replay.end == len(game.match.actions)
    replay.goto(replay.end)
    assert assert_no_secret_of_others(app) > 0  # the saver's own objective is shown
    held = synced_state(app)
    for seat in (1, 2):  # the replay's card labels: "Brasil (quadrado)"
        for card in game.state.hands[seat]:
            assert card_words(card, "pt") not in held or card in game.state.hands[0]
    app.close_replay()
    assert app.board.layout.display is None and app.replay_box.children == ()


def test_continue_from_here_replaces_the_game(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    panel = app.open_replay()
    panel.widget.replay.step(5)
    panel.widget.fork_button.click()
    new = panel.start_fork(["easy", "easy", "easy"])
    assert app.game is new and new is not game and app.replay_box.children == ()
    loop.run()
    assert new.state.is_terminal


def test_the_end_screen_offers_the_replay_and_counts_hints(app, loop):
    game = start(app, loop, "human", "easy", "easy", seed=2)
    for _ in range(3000):
        if game.step is Step.OVER:
            break
        hint = game.ask_hint()
        assert game.act(hint.action), game.message
        loop.run()
    assert game.step is Step.OVER and app.over_box.layout.display is None
    assert f"Dicas pedidas: P1 {game.hints_asked[0]}" in app.end_report.value
    assert "Sorte nos dados" in app.end_report.value and "σ" in app.end_report.value
    app.replay_again.click()
    panel = app._replay
    assert panel is not None and panel.widget.replay.match is game.match
    panel.widget.replay.goto(panel.widget.replay.end)
    assert all(s.objective for s in panel.widget.replay.secrets())  # the game is over


def test_the_form_page_watches_a_saved_file_and_continues_it(app, loop):
    """Before any game: Replay in the header, a saved file opened in it, then "continue from
    here" starts that game at the move on screen (or back to the form)."""
    from warkit_widgets.play.saves import dump_game

    source = start(app, loop, "human", "normal", "normal", seed=8)
    data = dump_game(source).encode()
    app.show_setup()
    fresh = PlayApp(lang="en", autosave=app.autosave, schedule=loop, animate=False)
    panel = fresh.open_replay()
    assert fresh.setup.layout.display == "none" and "open a saved file" in panel.notice.value
    fresh.close_replay()
    assert fresh.setup.layout.display is None
    panel = fresh.open_replay()
    assert panel.load_bytes(data)
    replay = panel.widget.replay
    replay.goto(replay.end)
    panel.widget.fork_button.click()
    game = panel.start_fork()
    assert fresh.game is game and game.match.actions == source.match.actions
    assert [s.kind for s in game.seats] == ["human", "normal", "normal"]


def test_the_games_keys_do_nothing_behind_the_replay(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    app.open_replay()
    before = (len(game.match.actions), game.hints_asked[0])
    assert not app.on_key("Enter") and not app.on_key("h")
    assert (len(game.match.actions), game.hints_asked[0]) == before
    app.close_replay()
    assert app.on_key("h") and game.hints_asked[0] == 1


def test_a_trade_hint_picks_its_cards_in_the_hand(app, loop):
    """C-CARD-2: the coach's trade is shown as the cards selected in the player's hand, with
    the value the hand says."""
    game = start(app, loop, "human", "normal", "normal", seed=1)
    for _ in range(3000):
        if game.step is Step.OVER:
            break
        app.ask_hint()
        hint = game.last_hint
        if isinstance(hint.action, warkit.Trade):
            hand = app.hand.controller
            assert hand.selected == tuple(sorted(hint.cards))
            assert str(hand.quote.total) in hint.text("pt", game.names)
            return
        assert game.act(hint.action), game.message
        loop.run()
    pytest.fail("the coach advised no trade in this game: pick another seed")
