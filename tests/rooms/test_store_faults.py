"""The database restarting mid-game (issue 19): calls made while it is away raise
StoreUnavailable, said in both languages; the pooled connections and the listener come back
by themselves; play resumes where it was, nothing lost or doubled."""

from __future__ import annotations

import threading
import time

import pytest
from warkit_widgets.report import ErrorReporter
from warkit_widgets.rooms.room import create_room, replay
from warkit_widgets.rooms.store import StoreUnavailable, open_store

from .pg_server import new_database
from .test_store import CONFIG, _play
from .test_store_push import Heard


def wait_until(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_postgresql_restart_mid_game_loses_nothing_and_play_resumes(pg_cluster):
    pg = pg_cluster
    url = new_database(pg.url)
    store = open_store(url)
    # another server on the same database (its own pool and listener: another location),
    # which hears only through NOTIFY (its safety poll is an hour away)
    other = open_store(f"{url}?application_name=warkit-other")
    other.safety_poll = 3600.0
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    heard = Heard()
    other.subscribe(heard)
    assert wait_until(lambda: _listening(other), timeout=10)
    _play(store, links, 40)
    assert heard.wait_for((links.code, 39), timeout=5)
    before = store.read(links.code)

    pg.stop()  # every connection of the pools and the listener's is cut
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as caught:
        store.head(links.code)
    assert time.monotonic() - started < 10  # retried a moment, then said so
    assert "reconectando" in caught.value.text("pt")
    assert "reconnecting" in caught.value.text("en")
    reporter = ErrorReporter("pt")  # what a page shows instead of "Something went wrong"
    reporter.report(caught.value)
    assert "reconectando" in reporter.line.value

    # a move made while the server comes back: retried until it is written, once
    store.retry_for = 60.0
    restarter = threading.Timer(1.0, pg.start)
    restarter.start()
    try:
        _play(store, links, 1)
    finally:
        restarter.join()
    _play(store, links, 40)  # play resumes

    after = store.read(links.code)
    assert [e.seq for e in after] == list(range(81))
    assert after[:40] == before  # nothing lost or changed
    _, actors, problem = replay(store.room(links.code), after)
    assert problem is None and len(actors) == 81
    # the other server's listener lost its connection and made it again, with back-off:
    # the next move is pushed to it
    watcher = other.shared.watcher
    assert wait_until(lambda: watcher.lost >= 1 and _listening(other), timeout=30)
    _play(store, links, 1)
    assert heard.wait_for((links.code, 81), timeout=5)
    assert watcher.polls == 0
    store.close()
    other.close()


def _listening(store) -> bool:
    """Has the store's listener waited for notifications since its last failure?"""
    watcher = store.shared.watcher
    return watcher is not None and watcher.failures == 0 and watcher.slices > 0
