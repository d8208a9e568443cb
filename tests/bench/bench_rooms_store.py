"""The rooms' store under load (issue 19): connections, appends, NOTIFY, a stuck SQLite writer.

Run: python tests/bench/bench_rooms.py --part store [--pages 300] [--appends 400]
                                                    [--notes 200] [--store postgresql://...]

Without ``--store`` a throwaway PostgreSQL server is started (tests/rooms/pg_server.py, the
room tests' own). Prints, as measurements:

- database connections used by N pages: *before* (one connection per page's store, as every
  page opened until issue 19: N plain connections) and *after* (N pages - each a
  RoomController with its live-update thread - in one server process, sharing its pool, and
  one listener), the most ``pg_stat_activity`` showed while they played;
- how many pages one PostgreSQL with its ``max_connections`` takes before connections run
  out: before, one per page (counted by opening connections until the server refuses);
  after, the servers it takes (each holds its pool and its listener, whatever its pages);
- appends per second (1 writer in 1 room, 3 writers in 3 rooms), on SQLite and PostgreSQL;
- NOTIFY latency between two store processes: from an append's start in one to the other's
  subscriber being told (median, p95), the other's safety poll an hour away;
- SQLite with a writer holding the file 3 s: how long a read of another room and a write in
  another room wait.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.room import RoomController, create_room
from warkit_widgets.rooms.store import open_store
from warkit_widgets.rooms.sync import RoomSync

from warkit import CHANCE

HERE = Path(__file__).resolve().parent
CONFIG = GameConfig(seats=(Seat("A", "red"), Seat("B", "blue"), Seat("C", "green")),
                    rules="classic", lang="en", seed=5)


def ms_summary(seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    return (f"median {statistics.median(ms):.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms"
            f" over {len(ms)}")


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """``url``, or a fresh database on a throwaway server."""
    if url:
        yield url
        return
    sys.path.insert(0, str(HERE.parent / "rooms"))
    from pg_server import new_database, postgres_server

    with postgres_server() as server:
        yield new_database(server)


def _connections(url: str) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM pg_stat_activity"
                           " WHERE datname = current_database()").fetchone()
    return int(row[0]) - 1  # less this probe's own


def _limits(url: str) -> tuple[int, int]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        top = int(conn.execute("SHOW max_connections").fetchone()[0])
        reserved = int(conn.execute("SHOW superuser_reserved_connections").fetchone()[0])
    return top, reserved


def connections(url: str, pages: int, seconds: float) -> None:
    import psycopg

    top, reserved = _limits(url)
    held = []
    try:  # before: every page held a connection of its own
        for _ in range(pages):
            held.append(psycopg.connect(url, autocommit=True))
    except psycopg.OperationalError:
        pass
    opened = len(held)
    for conn in held:
        conn.close()
    print(f"before: {pages} pages asked for {pages} connections; the server took {opened} "
          f"(max_connections {top}, of which {reserved} reserved for superusers - the "
          f"throwaway server's role is one): {max(0, pages - opened)} pages refused")

    store = open_store(url)
    codes = [create_room(store, CONFIG) for _ in range((pages + 2) // 3)]
    controllers: list[RoomController] = []
    syncs: list[RoomSync] = []
    started = time.perf_counter()
    for links in codes:
        for key in links.credentials:
            if len(controllers) == pages:
                break
            game = RoomController(store, key, pace="instant")
            controllers.append(game)
            syncs.append(RoomSync(store, game.code, key, known=lambda g=game: g.seq_read,
                                  on_moves=lambda: None, on_heartbeat=lambda: None,
                                  post=lambda f: None).start())
    opening = time.perf_counter() - started
    store.subscribe(lambda code, seq: None)  # the server's listener
    most = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        most = max(most, _connections(url))
        time.sleep(0.25)
    for sync in syncs:
        sync.stop()
    per_server = most
    print(f"after: {len(controllers)} pages (each polling its room 10 times a second) in one "
          f"server process, opened in {opening:.1f} s: at most {most} connections in "
          f"{seconds:.0f} s (pool of {store.pool.max_size} + 1 listener)")
    print(f"pages per PostgreSQL with max_connections {top}: before {opened} (one "
          f"connection each, all servers together; {top - reserved} for an ordinary role); "
          f"after {opened // per_server} servers of {per_server} connections each "
          f"({(top - reserved) // per_server} for an ordinary role), their pages limited by "
          f"the servers' memory and CPU, not by connections")
    store.close()


def appends(where: str, count: int) -> None:
    store = open_store(where)
    rooms = [create_room(store, CONFIG) for _ in range(4)]  # 1 alone, then 3 at once

    def write(links, n: int, times: list[float]) -> None:
        for seq in range(n):
            t0 = time.perf_counter()
            assert store.append(links.code, seq, CHANCE, "end", links.credentials[0])
            times.append(time.perf_counter() - t0)

    one: list[float] = []
    start = time.perf_counter()
    write(rooms[0], count, one)
    single = count / (time.perf_counter() - start)
    times: list[list[float]] = [[] for _ in range(3)]
    threads = [threading.Thread(target=write, args=(rooms[i + 1], count, times[i]))
               for i in range(3)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    parallel = 3 * count / (time.perf_counter() - start)
    kind = "PostgreSQL" if where.startswith("postgres") else "SQLite"
    print(f"appends, {kind}: 1 writer {single:.0f}/s ({ms_summary(one)}); 3 writers in 3 rooms "
          f"{parallel:.0f}/s in all")
    store.close()


LISTENER = HERE.parent / "rooms" / "listener.py"
"""Another server process: subscribes and prints ``CODE SEQ TIME`` for each entry told."""


def notify_latency(url: str, notes: int) -> None:
    store = open_store(url)
    links = create_room(store, CONFIG)
    other = subprocess.Popen([sys.executable, str(LISTENER), url], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdin is not None
    assert other.stdout.readline().strip() == "listening"
    sent: list[float] = []
    for seq in range(notes):
        sent.append(time.time())
        store.append(links.code, seq, CHANCE, "end", links.credentials[0])
        time.sleep(0.02)
    told: dict[int, float] = {}
    while len(told) < notes:
        _, seq, at = other.stdout.readline().split()
        told[int(seq)] = float(at)
    other.stdin.write("\n")
    other.stdin.close()
    other.wait(10)
    print(f"NOTIFY, append start -> the other process's subscriber told: "
          f"{ms_summary([told[s] - sent[s] for s in range(notes)])}")
    store.close()


def sqlite_busy(hold: float = 3.0) -> None:
    where = os.path.join(tempfile.mkdtemp(prefix="warkit-bench-"), "rooms.sqlite3")
    store = open_store(where)
    shown, waiting = create_room(store, CONFIG), create_room(store, CONFIG)
    stuck = sqlite3.connect(where, isolation_level=None)
    stuck.execute("BEGIN IMMEDIATE")
    start = time.monotonic()
    done: list[float] = []
    writer = threading.Thread(target=lambda: (
        store.append(waiting.code, 0, CHANCE, "end", waiting.credentials[0]),
        done.append(time.monotonic() - start)))
    writer.start()
    time.sleep(0.2)
    t0 = time.monotonic()
    store.head(shown.code)
    read = time.monotonic() - t0
    time.sleep(max(0.0, hold - (time.monotonic() - start)))
    stuck.execute("COMMIT")
    writer.join()
    print(f"SQLite, a writer holding the file {hold:.0f} s: a read of another room waited "
          f"{1000 * read:.0f} ms; a write in another room went through after {done[0]:.1f} s")
    store.close()


def run(store: str | None, pages: int, count: int, notes: int, seconds: float) -> None:
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    sqlite_busy()
    appends(os.path.join(tempfile.mkdtemp(prefix="warkit-bench-"), "rooms.sqlite3"), count)
    with database(store) as url:
        appends(url, count)
        notify_latency(url, notes)
        connections(url, pages, seconds)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
