"""A room page's kernel stops when its tab reloads or closes, served as ``make play`` serves
the game (Voilà with the embedded room server, ``notebooks/voila.json``): Voilà's page sends a
beacon from ``beforeunload`` asking to shut its kernel down, which passes the XSRF check only
with the ``_xsrf`` cookie the dashboard's template gives the page (without it: "403 POST
/voila/api/shutdown/… '_xsrf' argument missing from POST", and the kernel lived on). A room
page's kernel matters most: it follows the room, so the culler never finds it idle.

Its seat is then left to the presence logic: the browser's beats stop, the seat turns "away".
And when no beacon comes (a crashed browser, a phone, a lost network), the page's kernel stops
following the room once its browser is silent, so Jupyter's culler stops it (before, the room
server's answers kept it from ever being idle).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import KERNEL_ID_JS, PLAY, serve, shut_down, wait_for
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.presence import HERE_WITHIN, presence
from warkit_widgets.rooms.room import create_room
from warkit_widgets.rooms.store import open_store

SEATS = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Cris", "green", "easy"))


GONE_SOON = """\
import importlib.abc, importlib.util, sys

class GoneSoon(importlib.abc.MetaPathFinder):
    \"\"\"Once warkit_widgets.rooms.heartbeat is loaded, a page is taken as gone after 3 s of
    silence instead of 150 (imported as usual, when the page needs it: importing ipywidgets
    before the kernel starts would leave its comm targets unregistered).\"\"\"

    looking = False

    def find_spec(self, name, path, target=None):
        if name != "warkit_widgets.rooms.heartbeat" or self.looking:
            return None
        self.looking = True
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self.looking = False
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            module.GONE_AFTER = 3.0

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, GoneSoon())
"""
"""The test's ``sitecustomize``, run by every Python process of its server (the kernels
too)."""
CULL_FAST = ["--MappingKernelManager.cull_idle_timeout=10",
             "--MappingKernelManager.cull_interval=1"]


@contextlib.contextmanager
def served(folder: Path, args: list[str], env: dict[str, str]) -> Iterator[tuple[str, str, Path]]:
    """The game served by ``make play``'s launcher, its rooms in SQLite: (URL, store, log)."""
    store, log = str(folder / "rooms.sqlite3"), folder / "voila.log"
    env = {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave"), "WARKIT_STORE": store, **env}
    with serve(PLAY, log, env, args=args, launcher="warkit_widgets.rooms.server.embedded") as url:
        yield url, store, log


@pytest.fixture(scope="module")
def rooms_voila(tmp_path_factory) -> Iterator[tuple[str, str, Path]]:
    with served(tmp_path_factory.mktemp("kernels"), [], {}) as where:
        yield where


@pytest.fixture(scope="module")
def quick_culler(tmp_path_factory) -> Iterator[tuple[str, str, Path]]:
    """The same with a culler taking a kernel idle for 10 s, pages gone after 3 s silent."""
    folder = tmp_path_factory.mktemp("culled")
    (folder / "site").mkdir()
    (folder / "site" / "sitecustomize.py").write_text(GONE_SOON)
    with served(folder, CULL_FAST, {"PYTHONPATH": str(folder / "site")}) as where:
        yield where


def open_seat(browser, url: str, link: str):
    """A new browser context on a seat's page, waited on until the page knows its seat;
    returns (context, page, the page's kernel id)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(f"{url}{link}", timeout=90_000)
    return ctx, page, seated(page)


def seated(page) -> str:
    page.get_by_text("you are Ana").first.wait_for(timeout=90_000)
    return page.evaluate(KERNEL_ID_JS)


def test_a_room_pages_kernel_stops_when_its_tab_reloads_or_closes(browser, rooms_voila):
    url, where, log = rooms_voila
    store = open_store(where)
    links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=1)
    ctx, page, first = open_seat(browser, url, f"?room={links.code}&key={links.credentials[0]}"
                                               "&lang=en")
    page.reload(timeout=90_000)  # the same seat again, on a new kernel
    second = seated(page)
    assert second != first
    assert shut_down(log, first), log.read_text()[-3000:]
    assert presence(store.room(links.code), 0, time.time()) == "here"

    page.close(run_before_unload=True)
    closed = time.time()
    assert shut_down(log, second), log.read_text()[-3000:]
    ctx.close()
    assert "403 POST" not in log.read_text()  # no beacon refused
    # no browser, no beat: the seat is left to the presence logic (away, then absent)
    time.sleep(HERE_WITHIN + 1)
    seat = store.room(links.code).seats[0]
    assert seat.seen is not None and seat.seen <= closed + 1
    assert presence(store.room(links.code), 0, time.time()) == "away"


def test_a_room_pages_kernel_left_without_the_beacon_is_culled_though_the_room_answers_it(
        browser, quick_culler):
    """The room server answers the page's kernel every few seconds, and the lobby it shows
    changes each time (Ana "away for N s" once her beats stop): without the page going quiet
    when its browser is silent, its kernel is never idle and the culler never takes it."""
    url, where, log = quick_culler
    links = create_room(open_store(where), GameConfig(SEATS, "classic", "en"), seed=1)
    link = f"?room={links.code}&key={links.credentials[0]}&lang=en"
    ctx, page, kernel = open_seat(browser, url, link)
    ctx.clear_cookies()  # its beacon, if it leaves at all, goes without its token: refused
    page.close(run_before_unload=True)
    ctx.close()
    closed = time.monotonic()
    assert wait_for(log, f"Kernel shutdown: {kernel}", 60), "not culled in 60 s"
    assert f"Culling 'idle' kernel 'python3' ({kernel})" in log.read_text()  # not the beacon
    print(f"culled {time.monotonic() - closed:.1f} s after its tab closed")
