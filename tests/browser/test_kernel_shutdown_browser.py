"""A room page's kernel stops when its tab reloads or closes, served as ``make play`` serves
the game (Voilà with the embedded room server, ``notebooks/voila.json``): Voilà's page sends a
beacon from ``beforeunload`` asking to shut its kernel down, which passes the XSRF check only
with the ``_xsrf`` cookie the dashboard's template gives the page (without it: "403 POST
/voila/api/shutdown/… '_xsrf' argument missing from POST", and the kernel lived on). A room
page's kernel matters most: it follows the room, so the culler never finds it idle.

Its seat is then left to the presence logic: the browser's beats stop, the seat turns "away".
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import PLAY, serve
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.presence import HERE_WITHIN, presence
from warkit_widgets.rooms.room import create_room
from warkit_widgets.rooms.store import open_store

SEATS = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Cris", "green", "easy"))
KERNEL_ID_JS = ("() => JSON.parse(document.getElementById('jupyter-config-data')"
                ".textContent).kernelId")


@pytest.fixture(scope="module")
def rooms_voila(tmp_path_factory) -> Iterator[tuple[str, str, Path]]:
    """The game served by ``make play``'s launcher, its rooms in SQLite: (URL, store, log)."""
    folder = tmp_path_factory.mktemp("kernels")
    store, log = str(folder / "rooms.sqlite3"), folder / "voila.log"
    env = {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave"), "WARKIT_STORE": store}
    with serve(PLAY, log, env, launcher="warkit_widgets.rooms.server.embedded") as url:
        yield url, store, log


def shut_down(log: Path, kernel: str, seconds: float = 10.0) -> bool:
    """Does Voilà's log say ``kernel`` was shut down within ``seconds``?"""
    deadline = time.monotonic() + seconds
    while f"Kernel shutdown: {kernel}" not in log.read_text():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_a_room_pages_kernel_stops_when_its_tab_reloads_or_closes(browser, rooms_voila):
    url, where, log = rooms_voila
    store = open_store(where)
    links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=1)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())

    def seated() -> str:
        page.get_by_text("you are Ana").first.wait_for(timeout=90_000)
        return page.evaluate(KERNEL_ID_JS)

    page.goto(f"{url}?room={links.code}&key={links.credentials[0]}&lang=en", timeout=90_000)
    first = seated()
    page.reload(timeout=90_000)  # the same seat again, on a new kernel
    second = seated()
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
