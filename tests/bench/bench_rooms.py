"""Rooms benchmark (issues 14, 19): R rooms of 4 seats played at once through one room server.

Run: python tests/bench/bench_rooms.py [--rooms 4] [--seconds 60] [--store PATH_OR_URL]
                                       [--think 0.3]
     python tests/bench/bench_rooms.py --part store [--pages 300] [--seconds 20] ...
       (the store's own figures: connections before/after pooling, appends/s, NOTIFY
       latency between two processes, a stuck SQLite writer: tests/bench/bench_rooms_store.py)

Each room has 3 human seats and 1 computer ("easy"). Every seat is a page as the Voilà
kernel runs it - a :class:`~warkit_widgets.rooms.controller.RoomController` on the room
server's answers and its follower thread (:class:`RoomFollower`, long-polling) posting into
that page's own event queue - all in this one process with the room server (called in
process: :class:`~warkit_widgets.rooms.server.local.LocalClient`, whose long-poll looks
every 20 ms; browsers are too heavy for this 2-core machine; the page's widget drawing is
not counted). Humans are "easy" bots that wait ``--think`` seconds before deciding, on their
own view.

Prints, as measurements: the move-to-other-screens latency (from the moment the room server
answered the move to the moment another page has received it: median, p95, max, count),
moves per second, and the process's memory (RSS) before and after, per page.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import statistics
import sys
import tempfile
import threading
import time

import psutil
from warkit_widgets.rooms.controller import RoomController
from warkit_widgets.rooms.follower import RoomFollower
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.server.local import LocalClient, LocalRooms
from warkit_widgets.rooms.store import open_store

import warkit


class Page:
    """One seat's kernel: its controller, its poller and its event queue (the loop)."""

    def __init__(self, server: RoomServer, key: str, think: float, latencies: list[float],
                 made: dict[tuple[str, int], float], lock: threading.Lock) -> None:
        self.events: queue.Queue = queue.Queue()
        self.game = RoomController(LocalClient(server, None, key), pace="instant")
        self.bot = warkit.bots.make("easy", seed=hash(key) % 1000)
        self.think, self.latencies, self.made, self.lock = think, latencies, made, lock
        self.sync = RoomFollower(self.game.client,
                                 known=lambda: (self.game.version, self.game.seq_read),
                                 on_answer=self.on_answer, on_trouble=lambda exc: None,
                                 post=self.events.put)
        self.stop = threading.Event()
        self.due = 0.0

    def on_answer(self, answer: dict) -> None:
        first = self.game.seq_read
        self.game.receive(answer)
        now = time.time()
        with self.lock:
            self.latencies.extend(now - self.made[self.game.code, seq]
                                  for seq in range(first, self.game.seq_read)
                                  if (self.game.code, seq) in self.made)

    def act(self, action: warkit.Action) -> None:
        first = self.game.seq
        self.game.act(action)
        now = time.time()
        with self.lock:  # the move and the automatic steps after it, answered now
            for seq in range(first, self.game.seq_read):
                self.made.setdefault((self.game.code, seq), now)

    def run(self) -> None:
        self.sync.start()
        while not self.stop.is_set() and not self.game.state.is_terminal:
            with contextlib.suppress(queue.Empty):
                self.events.get(timeout=0.02)()
            game = self.game
            if game.waiting_on_computer:
                game.advance(budget=0.05)
            elif game.my_turn:
                if not self.due:
                    self.due = time.monotonic() + self.think
                elif time.monotonic() >= self.due:
                    self.due = 0.0
                    self.act(self.bot.choose(game.view, game.legal()))
        self.sync.stop()


def latency_summary(latencies: list[float]) -> str:
    """"median M ms, p95 P ms, max X ms over N" for latencies in seconds (both room
    benchmarks print it)."""
    ms = sorted(1000 * x for x in latencies)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (f"median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms "
            f"over {len(ms)}")

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--store", default=None, help="SQLite path or postgresql:// URL")
    parser.add_argument("--part", choices=("play", "store"), default="play")
    parser.add_argument("--pages", type=int, default=300, help="(--part store)")
    parser.add_argument("--appends", type=int, default=400, help="(--part store)")
    parser.add_argument("--notes", type=int, default=200, help="(--part store)")
    args = parser.parse_args()
    if args.part == "store":
        from bench_rooms_store import run

        run(args.store, args.pages, args.appends, args.notes, args.seconds)
        return
    where = args.store or os.path.join(tempfile.mkdtemp(prefix="warkit-bench-"), "rooms.sqlite3")
    proc = psutil.Process()
    rss0 = proc.memory_info().rss
    latencies: list[float] = []
    made: dict[tuple[str, int], float] = {}
    lock = threading.Lock()
    pages: list[Page] = []
    server = RoomServer(open_store(where))
    seats = [{"name": n, "color": c, "kind": k} for n, c, k in (
        ("A", "red", "human"), ("B", "blue", "human"), ("C", "green", "human"),
        ("CPU", "yellow", "easy"))]
    for _ in range(args.rooms):
        room = LocalRooms(server).create({"rules": "classic", "lang": "en", "seats": seats})
        pages += [Page(server, room["keys"][s], args.think, latencies, made, lock)
                  for s in range(3)]
    threads = [threading.Thread(target=p.run, daemon=True) for p in pages]
    start = time.perf_counter()
    for t in threads:
        t.start()
    time.sleep(args.seconds)
    for p in pages:
        p.stop.set()
    for t in threads:
        t.join(10)
    elapsed = time.perf_counter() - start
    rss1 = proc.memory_info().rss
    moves = sum(p.game.seq for p in pages[::3])
    kind = "PostgreSQL" if where.startswith("postgres") else "SQLite"
    print(f"store: {kind}; rooms: {args.rooms} x 4 seats (3 pages + 1 computer), "
          f"{len(pages)} pages in one process; {elapsed:.0f} s; think {args.think} s")
    print(f"log entries written: {moves} ({moves / elapsed:.1f}/s); games over: "
          f"{sum(p.game.state.is_terminal for p in pages[::3])}/{args.rooms}")
    if latencies:
        print(f"move -> other screens: {latency_summary(latencies)} entries applied by other "
              "pages")
    print(f"memory: RSS {rss0 / 2**20:.0f} MB before, {rss1 / 2**20:.0f} MB after "
          f"({(rss1 - rss0) / 2**20 / len(pages):.1f} MB per page); "
          f"load average {os.getloadavg()[0]:.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
