"""Pushed moves (issue 19): a store's subscribers hear each entry once, at once - SQLite's
from the writer itself, PostgreSQL's from another server process through LISTEN/NOTIFY -
and the slow poll finds what no notification told."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.room import create_room, initial_match
from warkit_widgets.rooms.store import open_store

import warkit

CONFIG = GameConfig(seats=(Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Caio", "green")),
                    rules="classic", lang="en", seed=3)


class Heard:
    """A subscriber that keeps what it was told, and can wait for an entry."""

    def __init__(self) -> None:
        self.told: list[tuple[str, int]] = []
        self._event = threading.Condition()

    def __call__(self, code: str, seq: int) -> None:
        with self._event:
            self.told.append((code, seq))
            self._event.notify_all()

    def wait_for(self, entry: tuple[str, int], timeout: float) -> bool:
        with self._event:
            return self._event.wait_for(lambda: entry in self.told, timeout)


def opening(store, links) -> tuple[int, str]:
    match = initial_match(store.room(links.code))
    return match.state.current_player, str(next(iter(warkit.legal_actions(match.state))))


def test_sqlite_subscribers_hear_each_append_at_once_and_once(tmp_path):
    where = str(tmp_path / "rooms.sqlite3")
    a, b = open_store(where), open_store(where)  # two pages' stores in one process
    links = create_room(a, CONFIG, seed=CONFIG.seed)
    seat, action = opening(a, links)
    heard = Heard()
    unsubscribe = a.subscribe(heard)
    assert b.append(links.code, 0, seat, action, links.credentials[seat])
    assert heard.told == [(links.code, 0)]  # told before append returned: no poll involved
    assert not b.append(links.code, 0, seat, action, links.credentials[seat])  # lost race
    time.sleep(0.2)
    assert heard.told == [(links.code, 0)]
    unsubscribe()
    other = create_room(a, CONFIG, seed=CONFIG.seed)
    seat, action = opening(a, other)
    assert a.append(other.code, 0, seat, action, other.credentials[seat])
    assert heard.told == [(links.code, 0)]  # unsubscribed: nothing more
    a.close()
    b.close()


WRITER = textwrap.dedent("""
    import sys
    from warkit_widgets.rooms.store import open_store
    where, code, seq, actor, action, key = sys.argv[1:]
    print(open_store(where).append(code, int(seq), int(actor), action, key))
""")


def test_the_safety_poll_finds_another_processes_sqlite_write(tmp_path):
    """No notification crosses processes on SQLite: the slow poll finds the entry."""
    where = str(tmp_path / "rooms.sqlite3")
    store = open_store(where)
    store.safety_poll = 0.3
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    seat, action = opening(store, links)
    heard = Heard()
    store.subscribe(heard)
    out = subprocess.run([sys.executable, "-c", WRITER, where, links.code, "0", str(seat),
                          action, links.credentials[seat]], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "True"
    assert heard.wait_for((links.code, 0), timeout=10)
    assert store.shared.watcher is not None and store.shared.watcher.found >= 1
    store.close()


LISTENER = Path(__file__).with_name("listener.py")


def test_a_move_through_one_server_is_pushed_to_another_server(pg_url):
    """Two store instances in two processes on one PostgreSQL: an entry appended through
    one reaches the other's subscriber by NOTIFY (its poll is an hour away)."""
    store = open_store(pg_url)
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    seat, action = opening(store, links)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    other = subprocess.Popen([sys.executable, str(LISTENER), pg_url], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert other.stdout is not None and other.stdin is not None
        assert other.stdout.readline().strip() == "listening"
        written = time.time()
        assert store.append(links.code, 0, seat, action, links.credentials[seat])
        code, seq, at = other.stdout.readline().split()
        assert (code, int(seq)) == (links.code, 0)
        assert float(at) - written < 5.0
        other.stdin.write("\n")
        other.stdin.flush()
        assert other.stdout.readline().strip() == "polls 0"  # it came by the push path
    finally:
        other.kill()
        other.wait(10)
    store.close()


def test_stores_share_one_pool_per_process_released_with_the_last(pg_url):
    """Pages' stores on one URL draw from one pool; a store dropped without close() (a page
    gone) is released too, and the last one closes the pool."""
    import gc

    stores = [open_store(pg_url) for _ in range(5)]
    pool = stores[0].pool
    assert all(s.pool is pool for s in stores) and pool.max_size == 4
    for s in stores[:3]:
        s.close()
    del s
    stores[3] = None
    gc.collect()
    assert not pool.closed
    stores[4].close()
    deadline = time.monotonic() + 10
    while not pool.closed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool.closed
    fresh = open_store(pg_url)  # a new pool for the next server on that URL
    assert fresh.pool is not pool and fresh.head("NONE") == 0
    fresh.close()
