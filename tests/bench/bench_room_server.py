"""Room server benchmark (issue 19): many pages on one or two room servers, one store.

Run: python tests/bench/bench_room_server.py [--pages 300[,600,...]] [--servers 2]
                                             [--moves 200] [--beat 2] [--store sqlite|postgresql]

Starts ``--servers`` room server processes (``python -m warkit_widgets.rooms.server``, all at
once: the schema is made under an advisory lock) on one store (an SQLite file, or a throwaway
PostgreSQL server as the tests start it, with its default ``max_connections``). For each
level of ``--pages`` it opens rooms of 4 human seats until that many pages are open: each
page a thread holding one seat's key and waiting on the room server by long-poll, as a
page's kernel would (the widgets are not drawn), and beating every ``--beat`` seconds as its
browser would (``--beaters`` threads per server send them). Page ``i`` talks to server
``i % servers``.
A driver then plays ``--moves`` moves, one room after another, each through the mover's own
server (a random legal move); every page notes when the move reaches it. The levels go on
until one fails (a page or a beat refused or unanswered) or the list ends: the largest level
without a failure is the pages the servers carried; the largest level whose heartbeats were
served at 90 % of the pages' rate or more kept every page's presence right.

Prints, per level, as measurements: a move on the other screens (from the mover's request to
each other page's answer: median, p95, max), split by same server / other server (the other
server hears of it through the store's push, PostgreSQL's NOTIFY; its slow poll is the
safety net); failed requests; the heartbeats served; each server process's memory (RSS)
and CPU (seconds per second of the level); and the database
connections in use (PostgreSQL's ``pg_stat_activity``) against ``max_connections``. Before
the room server, every page held its own connection and polled ``head()`` 10 times a second.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
from warkit_widgets.rooms.server.client import RoomClient, RoomServerError, call, new_room
from warkit_widgets.rooms.server.web import SAFETY_POLL

sys.path.insert(0, str(Path(__file__).parents[1] / "rooms"))
from pg_server import new_database, postgres_server

COLORS = ("red", "blue", "green", "yellow")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Page(threading.Thread):
    """One seat's page: waits for its room to change and notes when each entry arrives."""

    def __init__(self, url: str, key: str, server: int, seen: dict, stop: threading.Event,
                 failures: list[str]):
        super().__init__(daemon=True)
        self.client, self.server = RoomClient(url, key=key), server
        self.seen, self.stop, self.failures = seen, stop, failures
        self.version, self.seq = -1, 0

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                answer = self.client.wait(self.version, since=self.seq, timeout=5)
            except RoomServerError as exc:
                self.failures.append(f"wait: {exc}")
                time.sleep(0.2)
                continue
            now = time.perf_counter()
            self.version = answer["version"]
            for seq in range(self.seq, answer["seq"]):
                self.seen.setdefault((self.client.code, seq), []).append(
                    (self.server, now, self.client.key))
            self.seq = answer["seq"]


class Beater(threading.Thread):
    """The browsers' heartbeats of one server's pages: each page beats every ``every``
    seconds (``POST .../beat``), spread over the period."""

    def __init__(self, pages: list[Page], every: float, stop: threading.Event,
                 failures: list[str]):
        super().__init__(daemon=True)
        self.pages, self.every, self.stop, self.failures = pages, every, stop, failures
        self.beats = 0

    def run(self) -> None:
        while not self.stop.is_set():
            start, pages = time.perf_counter(), list(self.pages)
            for i, page in enumerate(pages):
                pause = start + self.every * i / max(1, len(pages)) - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                try:
                    page.client.beat()
                    self.beats += 1
                except RoomServerError as exc:
                    self.failures.append(f"beat: {exc}")
            rest = start + self.every - time.perf_counter()
            if rest > 0:
                time.sleep(rest)


def line(name: str, xs: list[float]) -> str:
    if not xs:
        return f"{name}: none"
    xs = sorted(xs)
    return (f"{name}: median {1000 * statistics.median(xs):.0f} ms, p95 "
            f"{1000 * xs[int(0.95 * (len(xs) - 1))]:.0f} ms, max {1000 * xs[-1]:.0f} ms"
            f" ({len(xs)} arrivals)")


def play(rooms: list[dict], pages: list[Page], moves: int, rng: random.Random) -> dict:
    """``moves`` random legal moves, one room after another; when each was sent, through
    which server, by which seat's key."""
    sent: dict = {}
    for m in range(moves):
        r = m % len(rooms)
        movers = pages[4 * r:4 * r + 4]
        answers = [p.client.state(p.seq) for p in movers]
        k = next(i for i, a in enumerate(answers) if a["your_move"])
        answer, page = answers[k], movers[k]
        legal = answer["legal"]
        ends = [a for a in legal if a.startswith("end")]
        action = ends[0] if ends and rng.random() < 0.3 else rng.choice(legal)
        t0 = time.perf_counter()
        page.client.act(answer["seq"], action)
        sent[(rooms[r]["code"], answer["seq"])] = (page.server, t0, page.client.key)
        time.sleep(0.02)
    return sent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", default="300",
                    help="pages to open, or levels to reach one after the other: 300,600,900")
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--moves", type=int, default=200, help="moves played at each level")
    ap.add_argument("--beat", type=float, default=2.0,
                    help="seconds between two heartbeats of a page (0: none)")
    ap.add_argument("--beaters", type=int, default=4,
                    help="threads sending one server's pages' heartbeats")
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="postgresql")
    args = ap.parse_args()
    levels = [int(n) for n in args.pages.split(",")]
    print("command: python tests/bench/bench_room_server.py " + " ".join(sys.argv[1:]))
    print("uptime before:", subprocess.run(["uptime"], capture_output=True,
                                           text=True).stdout.strip())
    with contextlib.ExitStack() as stack:
        if args.store == "postgresql":
            base = stack.enter_context(postgres_server())
            where = new_database(base)
        else:
            where = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "r.sqlite3")
        ports = [free_port() for _ in range(args.servers)]
        procs, urls = [], []
        for port in ports:  # all at once (the schema is made under an advisory lock)
            procs.append(subprocess.Popen([sys.executable, "-m", "warkit_widgets.rooms.server",
                                           "--port", str(port), "--store", where],
                                          stderr=subprocess.DEVNULL))
            stack.callback(procs[-1].terminate)
            urls.append(f"http://127.0.0.1:{port}/warkit-rooms")
        for url in urls:
            for _ in range(300):  # wait until it answers
                with contextlib.suppress(RoomServerError):
                    call(url, "GET", "/health")
                    break
                time.sleep(0.1)
            else:
                raise SystemExit(f"the room server at {url} did not start")
        rss_start = [psutil.Process(p.pid).memory_info().rss for p in procs]
        print(f"{args.servers} room server(s) started: RSS "
              + ", ".join(f"{r / 2**20:.0f} MB" for r in rss_start))
        rooms: list[dict] = []
        seen: dict = {}
        stop = threading.Event()
        failures: list[str] = []
        pages: list[Page] = []
        beaters: list[Beater] = []
        if args.beat > 0:
            beaters = [Beater([], args.beat, stop, failures)
                       for _ in range(args.beaters) for _ in urls]
        rng = random.Random(1)
        carried = present = 0
        for level in levels:
            while len(pages) < level:
                r = len(rooms)
                made = new_room({"rules": "classic", "lang": "en", "seats": [
                    {"name": f"P{i}", "color": c} for i, c in enumerate(COLORS)]},
                    urls[r % len(urls)])
                rooms.append(made)
                for s, key in enumerate(made["keys"]):
                    i = 4 * r + s
                    page = Page(urls[i % len(urls)], key, i % len(urls), seen, stop, failures)
                    pages.append(page)
                    page.start()
                    if beaters:  # the server's beaters take its pages in turn
                        mine = beaters[page.server::len(urls)]
                        mine[(i // len(urls)) % len(mine)].pages.append(page)
            for beater in beaters:
                if not beater.is_alive():
                    beater.start()
            time.sleep(3 + args.beat)  # every page has its first answer, waits and beats
            failed_before = len(failures)
            beats_before, level_start = sum(b.beats for b in beaters), time.perf_counter()
            cpu_before = [sum(psutil.Process(p.pid).cpu_times()[:2]) for p in procs]
            sent = play(rooms, pages, args.moves, rng)
            time.sleep(SAFETY_POLL + 3)
            same, other = [], []
            for key, (server, t0, mover) in sent.items():
                for where_seen, t, page_key in seen.get(key, []):
                    if page_key != mover:  # the other seats' pages
                        (same if where_seen == server else other).append(t - t0)
            expected = 3 * len(sent)
            rss = [psutil.Process(p.pid).memory_info().rss for p in procs]
            connections = "n/a (SQLite file)"
            if args.store == "postgresql":
                import psycopg

                with psycopg.connect(where) as conn:
                    used = conn.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname ="
                        " current_database() AND pid <> pg_backend_pid()").fetchone()[0]
                    most = conn.execute("SHOW max_connections").fetchone()[0]
                connections = f"{used} of max_connections {most}"
            failed = failures[failed_before:]
            wall = time.perf_counter() - level_start
            rate = (sum(b.beats for b in beaters) - beats_before) / wall
            cpu = [(sum(psutil.Process(p.pid).cpu_times()[:2]) - c) / wall
                   for p, c in zip(procs, cpu_before, strict=True)]
            print(f"\n{len(pages)} pages in {len(rooms)} rooms on {args.servers} room "
                  f"server(s), store {args.store}; {len(sent)} moves; a beat every "
                  f"{args.beat:g} s asked of each page: {rate:.0f} beats/s served "
                  f"({rate * args.beat / len(pages):.0%} of the pages' rate)")
            print(line("  a move on the screens of the same server", same))
            print(line("  a move on the screens of the other server", other))
            print(f"  arrivals: {len(same) + len(other)} of {expected} expected")
            print(f"  failed requests at this level: {len(failed)}"
                  + (f" (first: {failed[0]})" if failed else ""))
            for i, (a, b) in enumerate(zip(rss_start, rss, strict=True)):
                print(f"  server {i}: RSS {a / 2**20:.0f} MB at start, {b / 2**20:.0f} MB "
                      f"with {sum(1 for p in pages if p.server == i)} pages; CPU "
                      f"{cpu[i]:.2f} s per second")
            print(f"  database connections in use (all servers): {connections}")
            print("  uptime:", subprocess.run(["uptime"], capture_output=True,
                                              text=True).stdout.strip())
            if failed or len(same) + len(other) < expected:
                print(f"  level {level} failed: stopping")
                break
            carried = len(pages)
            if beaters and rate >= 0.9 * len(pages) / args.beat:
                present = len(pages)
        stop.set()
        print(f"\npages carried without a failure: {carried} "
              f"({carried // max(1, args.servers)} per server); with 90 % of their "
              f"heartbeats served (presence kept): {present}")


if __name__ == "__main__":
    main()
