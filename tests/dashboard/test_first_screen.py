"""The dashboard's first screen stays light (issue 13 item 7, time to interactive): only what
the new-game form needs is imported and built; the game's modules and screens come with the
first game."""

from __future__ import annotations

import subprocess
import sys

import pytest
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.play.messages import tr

import warkit

HEAVY = ("numpy", "warkit.bots", "warkit.odds", "warkit.fastsim", "ipycanvas",
         "warkit_widgets.play.controller", "warkit_widgets.controller", "warkit_widgets.models",
         "warkit_widgets.mapwidget", "warkit_widgets.rooms.session")


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint(*sys.modules)"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_the_form_imports_neither_the_game_nor_numpy():
    """What play.ipynb imports before its first screen: the page and the rooms' opener."""
    loaded = loaded_after("import warkit_widgets.play.app\nimport warkit_widgets.rooms.opener")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_a_game_loads_what_it_needs():
    loaded = loaded_after("from warkit_widgets.play.app import PlayApp\n"
                          "from warkit_widgets.play.config import GameConfig, Seat\n"
                          "app = PlayApp(lang='en', schedule=lambda d, f: None)\n"
                          "seats = (Seat('Ana', 'red'), Seat('Bia', 'blue', 'easy'),"
                          " Seat('Caio', 'green', 'normal'))\n"
                          "app.start(GameConfig(seats, 'classic', 'en', 1))")
    assert {"numpy", "warkit.bots", "warkit.odds", "ipycanvas"} <= loaded


def test_the_engines_public_names_load_on_first_use():
    assert not loaded_after("import warkit") & {"numpy", "warkit.bots", "warkit.odds"}
    assert callable(warkit.simulate) and warkit.bots.BOTS and warkit.odds.win_probability
    from warkit.simulate import simulate  # importing the submodule keeps the function
    assert warkit.simulate is simulate
    assert callable(warkit.position)
    with pytest.raises(AttributeError):
        warkit.no_such_name  # noqa: B018


class NoSchedule:
    def __call__(self, delay, callback):
        return self

    def cancel(self) -> None:
        pass


def test_the_game_screens_are_built_with_the_first_game(tmp_path):
    from warkit_widgets.play.saves import Autosave

    app = PlayApp(lang="en", schedule=NoSchedule(), autosave=Autosave(tmp_path))
    assert app.board is None and app.handoff is None and app.over_box is None
    seats = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Caio", "green", "easy"))
    app.start(GameConfig(seats, "classic", "en", 3))
    children = list(app.children)
    assert children.index(app.setup) < children.index(app.handoff) < children.index(
        app.over_box) < children.index(app.board)
    assert app.again.description == tr("over.again", "en")
    app.set_lang("pt")  # the screens built later follow the language too
    assert app.again.description == tr("over.again", "pt")


def test_the_games_modules_load_in_a_thread_once_the_page_is_up():
    loaded = loaded_after("import warkit_widgets.play.app as play\n"
                          "calls = []\n"
                          "app = play.PlayApp(lang='en', schedule=lambda d, f: calls.append(f))\n"
                          "assert not calls\n"
                          "app.browser.secret = 'a' * 32  # the page says who it is\n"
                          "calls[-1]()\n"
                          "play._warming.join()")
    assert {"numpy", "warkit.bots", "warkit.odds", "warkit_widgets.play.controller",
            "warkit_widgets.play.html"} <= loaded
    assert "ipycanvas" not in loaded  # widget modules are imported by the game, in its thread


def test_a_preheated_kernel_loads_the_games_modules_while_it_waits_for_its_page():
    loaded = loaded_after("import os, time\n"
                          "os.environ['VOILA_PREHEAT'] = 'True'\n"
                          "import warkit_widgets.play.app as play\n"
                          "play.POOL_WARM_DELAY = 0.05\n"
                          "play.wait_for_address = lambda: time.sleep(0.5) or play.PageAddress()\n"
                          "app = play.PlayApp(lang='en', schedule=lambda d, f: None)\n"
                          "app.open_address()\n"
                          "play._warming.join()")
    assert {"numpy", "warkit.bots", "warkit_widgets.play.controller"} <= loaded


def test_a_preheated_kernel_taken_at_once_leaves_them_until_its_page_is_up():
    """Voilà refills its pool while the last page opens: the new kernel does not load the
    game's modules then (they would compete with that page), but once its own page is up."""
    loaded = loaded_after("import os, sys, time\n"
                          "os.environ['VOILA_PREHEAT'] = 'True'\n"
                          "import warkit_widgets.play.app as play\n"
                          "play.POOL_WARM_DELAY = 0.2\n"
                          "play.wait_for_address = play.PageAddress  # the page asks at once\n"
                          "calls = []\n"
                          "app = play.PlayApp(lang='en', schedule=lambda d, f: calls.append(f))\n"
                          "app.open_address()\n"
                          "time.sleep(0.4)  # longer than the delay: nothing began\n"
                          "assert play._warming is None and 'numpy' not in sys.modules\n"
                          "app.browser.secret = 'b' * 32  # the page is up\n"
                          "calls[-1]()\n"
                          "play._warming.join()")
    assert {"numpy", "warkit.bots", "warkit_widgets.play.controller"} <= loaded
