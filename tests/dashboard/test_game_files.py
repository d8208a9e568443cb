"""Saving and loading in the page (warkit_widgets.play.files): the banner that goes away, the
one-click download, the question before a running game is replaced, and a resumed game's
settings (its pace) shown again."""

from __future__ import annotations

import base64
import re

from conftest import FakeLoop, new_game
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.files import BANNER_SECONDS, LINK_SECONDS, Banner, GameFiles
from warkit_widgets.play.saves import Autosave, dump_game, load_game


def test_the_banner_hides_itself_and_closes():
    loop = FakeLoop()
    banner = Banner(loop, "en")
    banner.show("Saved.", "ok")
    assert "Saved." in banner.value and banner.layout.display is None
    assert [h.delay for h in loop.queue] == [BANNER_SECONDS["ok"]]
    banner.show("Refused.", "refused")  # a new notice restarts the clock
    assert loop.queue[0].cancelled and loop.queue[-1].delay == BANNER_SECONDS["refused"]
    loop.queue[-1].fn()
    assert banner.value == "" and banner.layout.display == "none"
    banner.show("Again.")
    banner.close_button.click()
    assert banner.value == "" and loop.queue[-1].cancelled  # its timer is stopped too


def files_for(game, running: bool, loop: FakeLoop, tmp_path):
    shown = []
    files = GameFiles(schedule=loop, autosave=Autosave(tmp_path), current=lambda: game,
                      running=lambda: running, replace=shown.append, lang="pt")
    return files, shown


def test_one_click_gives_the_file_and_withdraws_it(tmp_path):
    loop = FakeLoop()
    game = new_game("human", "normal", "normal", seed=4)
    files, _ = files_for(game, True, loop, tmp_path)
    text = files.save()
    html = files.download.value
    link = re.search(r'href="data:application/json;base64,([^"]+)"', html)
    assert base64.b64decode(link.group(1)).decode() == text
    assert 'download="war-classic-turn-' in html and "onerror=" in html  # clicks itself
    assert "está sendo baixado" in files.banner.value
    assert LINK_SECONDS in [h.delay for h in loop.queue]
    again = files.save()  # a second save is a new download (the page sees a new value)
    assert again == text and files.download.value != html
    files.withdraw_download()
    assert files.download.value == ""


def test_a_running_game_is_replaced_only_after_yes(tmp_path):
    loop = FakeLoop()
    game = new_game("human", "normal", "normal", seed=4)
    other = new_game("human", "hard", "easy", seed=5)
    files, shown = files_for(game, True, loop, tmp_path)
    data = dump_game(other).encode()
    assert not files.load_bytes("outro.json", data)
    assert shown == [] and files.pending is not None
    assert "Trocar o jogo em andamento (P1, P2, P3, jogada" in files.question.value
    files.cancel_load()
    assert shown == [] and files.pending is None and "continua" in files.banner.value
    files.load_bytes("outro.json", data)
    assert files.confirm_load() and shown[0].state == other.state
    assert "Jogo carregado: outro.json" in files.banner.value
    assert not files.confirm_load()  # nothing pending any more
    idle, shown_idle = files_for(game, False, loop, tmp_path)
    assert idle.load_bytes("outro.json", data) and len(shown_idle) == 1  # nothing to lose


def test_the_load_button_shows_its_title_not_a_counter(tmp_path):
    files, _ = files_for(None, False, FakeLoop(), tmp_path)
    assert files.upload.tooltip == files.upload.description == "Carregar jogo salvo"
    assert files.save_button.disabled  # no game: nothing to save
    files.lang = "en"
    assert files.upload.tooltip == "Load a saved game"


def test_a_resumed_game_shows_its_own_pace(tmp_path):
    loop = FakeLoop()
    autosave = Autosave(tmp_path, browser="test-browser")
    slow = new_game("human", "normal", "normal", seed=6, pace="slow", autosave=autosave)
    autosave(slow)
    app = PlayApp(lang="en", autosave=autosave, schedule=loop, animate=False)
    app.speed.value = "fast"
    [saved] = autosave.games()
    game = app.resume(saved)
    assert game.pace == "slow" == app.speed.value
    assert load_game(dump_game(game)).pace == "slow"
