"""The dashboard's widgets without a browser: the form, the game screens, the computers' timer,
save / load, the language, and what the widgets' synced state holds (secrecy)."""

from __future__ import annotations

import base64
import json
import re

import ipywidgets as w
import pytest
from conftest import FakeLoop, human_turn_step, seats
from warkit_widgets.hand import SHAPE_ICONS
from warkit_widgets.models import card_label
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.config import GameConfig, Step
from warkit_widgets.play.saves import Autosave, load_game

import warkit

M = warkit.world_map()


@pytest.fixture
def app(loop: FakeLoop, autosave: Autosave) -> PlayApp:
    return PlayApp(lang="en", autosave=autosave, schedule=loop, animate=False)


def start(app: PlayApp, loop: FakeLoop, *kinds: str, rules: str = "classic", seed: int = 5):
    game = app.start(GameConfig(seats(*kinds), rules, app.lang, seed))
    loop.run()
    return game


def synced_state(root: w.Widget) -> str:
    """Every synced trait of every widget reachable from ``root``, as JSON text: what the
    browser holds."""
    seen: dict[str, dict] = {}

    def walk(widget: w.Widget) -> None:
        if widget.model_id in seen:
            return
        state = widget.get_state()
        seen[widget.model_id] = state
        for name in widget.keys:
            value = getattr(widget, name, None)
            for item in value if isinstance(value, tuple | list) else (value,):
                if isinstance(item, w.Widget):
                    walk(item)

    walk(root)
    return json.dumps(list(seen.values()), default=str, ensure_ascii=False)


def secrets_of(state: warkit.GameState, seat: int, viewer: int | None) -> list[str]:
    """How ``seat``'s secrets would read on screen: its cards' labels, its objective."""
    words = []
    for card in state.hands[seat]:
        shape, territory = card_label(card)
        if territory is not None:
            words += [f"{SHAPE_ICONS[shape]} {M.territory(territory).name(lang)}"
                      for lang in ("pt", "en")]
    objective = state.objective(seat)
    if objective is not None and (viewer is None or objective != state.objective(viewer)):
        words += [M.objective(objective).text(lang) for lang in ("pt", "en")]
    return words


def assert_no_secret_of_others(app: PlayApp) -> int:
    """Fails on a secret of another seat; returns how many of the viewer's own secrets are
    shown (the check's positive control)."""
    game = app.game
    text = synced_state(app)
    for seat in range(game.state.num_players):
        if seat != game.viewer:
            for word in secrets_of(game.state, seat, game.viewer):
                assert word not in text, f"secret of seat {seat} in the page: {word!r}"
    if game.viewer is None:
        return 0
    return sum(word in text for word in secrets_of(game.state, game.viewer, None))


def test_the_form_starts_a_game_and_computers_play_from_the_timer(app, loop):
    assert app.setup.layout.display is None and app.board is None  # built with a game
    app.setup.count.value = 4
    app.setup.kinds[1].value = "easy"
    app.setup.seed.value = "12"
    config = app.setup.submit()
    assert config.seed == 12 and [s.kind for s in config.seats] == [
        "human", "easy", "normal", "normal"]
    game = app.game
    assert app.setup.layout.display == "none" and app.board.layout.display is None
    loop.run()
    assert game.my_turn and not app.ticker.running
    assert "click one of your territories" in app.status.value
    assert app.map is not None and app.hand.controller.cards == game.state.hands[0]


def test_bad_answers_in_the_form_are_explained(app):
    app.setup.colors[1].value = "red"
    assert app.setup.submit() is None and "different colour" in app.setup.error.value
    app.setup.colors[1].value = "blue"
    app.setup.seed.value = "seven"
    assert app.setup.submit() is None and "whole number" in app.setup.error.value
    assert app.game is None


def test_the_action_bar_follows_the_step(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    mine = next(t for t in M.ids if game.state.owner_of(t) == 0)
    game.click(mine)
    most = game.map.max_count()
    assert app.go.description == f"Place {most}" and not app.go.disabled
    assert app.count.max == most and app.count.value == most
    app.count.value = 1
    assert app.go.description == "Place 1"
    before = game.state.armies_at(mine)
    app.go.click()
    assert game.state.armies_at(mine) == before + 1
    assert not app.undo.disabled
    app.undo.click()
    assert game.state.armies_at(mine) == before


def test_a_whole_game_through_the_page_to_the_victory_screen(app, loop):
    import random

    game = start(app, loop, "human", "hard", "normal", seed=6)
    rng = random.Random(3)
    for _ in range(3000):
        loop.run()
        if game.step is Step.OVER:
            break
        human_turn_step(game, rng)
    assert game.step is Step.OVER and app.over_box.layout.display is None
    for seat, objective in enumerate(game.view.revealed_objectives):
        assert M.objective(objective).text("en") in app.over.value
        assert game.seats[seat].name in app.over.value
    assert app.reporter.errors == []


def test_the_language_switch_reaches_every_part(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    app.lang_toggle.value = "pt"
    assert game.lang == "pt" and app.setup.lang == "pt"
    assert "clique em um dos seus territórios" in app.status.value
    assert "Registro do jogo" in app.log_title.value
    assert "Rodada" in app.log_view.value and "Round" not in app.log_view.value
    assert app.new_button.description == "Novo jogo"
    app.set_lang("en")
    assert "Round" in app.log_view.value and app.new_button.description == "New game"


def test_saving_offers_a_file_that_loads_back(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    app.save()
    link = re.search(r'href="data:application/json;base64,([^"]+)"', app.download.value)
    text = base64.b64decode(link.group(1)).decode()
    assert load_game(text).state == game.state
    # one click: the page clicks the link itself (an image's onerror), then it is withdrawn
    assert "onerror=\"this.previousElementSibling.click()" in app.download.value
    assert "is downloading" in app.notice.value
    timers = sorted(h.delay for h in loop.queue if not h.cancelled)
    assert timers == [6.0, 30.0]  # the banner goes, then the link
    for handle in sorted(loop.queue, key=lambda h: h.delay):
        handle.fn()
    assert app.download.value == "" and app.notice.value == ""
    assert app.notice.layout.display == "none"


def test_banners_go_away_or_are_closed(app, loop):
    start(app, loop, "human", "normal", "normal")
    app.load_bytes("war.json", b"{nope")
    assert "cannot be loaded" in app.notice.value
    app.notice.close_button.click()
    assert app.notice.value == "" and app.notice.layout.display == "none"


def test_a_bad_file_leaves_the_running_game_untouched(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    state = game.state
    assert not app.load_bytes("war.json", b'{"format": "warkit.match", "version": 99}')
    assert app.game is game and game.state is state
    assert "cannot be loaded" in app.notice.value and "version 99" in app.notice.value
    app.upload.set_state({"value": [{  # as the browser sends it
        "name": "big.json", "type": "application/json", "size": 5_000_000,
        "content": memoryview(b"{}"), "last_modified": 0}]})
    assert app.game is game and "too large" in app.notice.value
    assert app.upload.value == ()  # the file's text does not stay in the page


def test_a_good_file_replaces_the_game(app, loop):
    first = start(app, loop, "human", "normal", "normal", seed=1)
    other = start(app, loop, "human", "hard", "easy", seed=2)
    text = app.save()
    app.set_game(first)
    assert not app.load_bytes("war.json", text.encode())  # a game is running: ask first
    assert app.game is first and app.files.confirm.layout.display is None
    assert "Replace the game in progress" in app.files.question.value
    app.files.keep_button.click()
    assert app.game is first and app.files.pending is None
    assert app.files.confirm.layout.display == "none"
    assert not app.load_bytes("war.json", text.encode())
    app.files.replace_button.click()
    assert app.game.state == other.state and app.game is not other
    assert "Game loaded" in app.notice.value
    app.show_setup()  # from the new-game form nothing is replaced: no question
    assert app.load_bytes("war.json", text.encode())


def test_resume_buttons_list_the_autosaved_games(app, loop, autosave):
    game = start(app, loop, "human", "normal", "normal")
    app.show_setup()
    [button] = app.setup.resume_box.children
    assert "P1, P2, P3" in button.description
    button.click()
    assert app.game.state == game.state and app.game is not game


def test_the_page_holds_no_secret_of_another_player(app, loop):
    game = start(app, loop, "human", "human", "normal", seed=8)
    import random

    rng = random.Random(1)
    checked = {Step.HANDOFF: 0, "playing": 0, "own secrets shown": 0}
    for _ in range(120):
        loop.run()
        if game.step is Step.OVER:
            break
        checked["own secrets shown"] += assert_no_secret_of_others(app)
        if game.step is Step.HANDOFF:
            checked[Step.HANDOFF] += 1
            assert app.board.layout.display == "none"
            assert app.hand.controller.cards == ()
            app.handoff_button.click()
            continue
        checked["playing"] += 1
        human_turn_step(game, rng)
    assert checked[Step.HANDOFF] >= 2 and checked["playing"] > 10
    assert checked["own secrets shown"] > 10, checked


def test_the_address_language_never_overrides_a_click(app):
    """``?lang=`` arrives late with preheated kernels: it applies unless the player chose."""
    app._address_lang("pt")
    assert app.lang == "pt" and app.setup.start.description == "Começar o jogo"
    app.lang_toggle.value = "en"  # the player clicks English
    app._address_lang("pt")
    assert app.lang == "en"


def test_relabelling_keeps_the_resume_buttons(app, loop, autosave):
    """A page may still be drawing the resume buttons when the language changes: the same
    games keep the same button widgets, relabelled."""
    app.start(app.setup.config())
    app.show_setup()
    before = app.setup.resume_box.children
    assert before
    app.set_lang("pt")
    assert app.setup.resume_box.children == before
    assert before[0].description.startswith("Continuar: ")


def test_a_new_list_of_saved_games_reuses_the_buttons(app, loop, autosave):
    """Reading the autosave again (a browser connects) reuses the buttons and hides the
    unused ones; none is closed under a page that may be drawing it."""
    app.start(app.setup.config())
    app.show_setup()
    [button] = app.setup.resume_box.children
    app.setup.show_saved(())
    assert app.setup.resume_box.children == (button,) and button.layout.display == "none"
    assert button.comm is not None  # not closed
    app.setup.show_saved(autosave.games())
    assert app.setup.resume_box.children == (button,) and button.layout.display is None


def test_an_empty_hand_says_so_under_its_title(app, loop):
    game = start(app, loop, "human", "normal", "normal")
    assert app.hand is not None and not game.state.hands[0]
    assert "P1" in app.hand.title.value  # the player's name, then what the hand holds
    assert app.hand.value.layout.display != "none"
    assert "No cards in hand." in app.hand.value.value
