"""Room server benchmark (issue 19): many pages on one or two room servers, one store.

Run: python tests/bench/bench_room_server.py [--pages 300] [--servers 2] [--moves 200]
                                             [--store sqlite|postgresql]

Starts ``--servers`` room server processes (``python -m warkit_widgets.rooms.server``) on
one store (an SQLite file, or a throwaway PostgreSQL server as the tests start it), makes
``pages / 4`` rooms of 4 human seats, and opens ``--pages`` pages: each a thread holding
one seat's key and waiting on the room server by long-poll, as a page's kernel would (the
widgets are not drawn). Page ``i`` talks to server ``i % servers``. A driver then plays
``--moves`` moves, one room after another, each through the mover's own server (a random
legal move); every page notes when the move reaches it.

Prints, as measurements: a move on the other screens (from the mover's request to each
other page's answer: median, p95, max), split by same server / other server (the other
server hears of it through the store's push, PostgreSQL's NOTIFY; its slow poll is the
safety net); each server process's memory (RSS); and the database
connections in use (PostgreSQL's ``pg_stat_activity``). Before the room server, every page
held its own connection and polled ``head()`` 10 times a second.
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

    def __init__(self, url: str, key: str, server: int, seen: dict, stop: threading.Event):
        super().__init__(daemon=True)
        self.client, self.server = RoomClient(url, key=key), server
        self.seen, self.stop = seen, stop
        self.version, self.seq = -1, 0

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                answer = self.client.wait(self.version, since=self.seq, timeout=5)
            except RoomServerError:
                time.sleep(0.2)
                continue
            now = time.perf_counter()
            self.version = answer["version"]
            for seq in range(self.seq, answer["seq"]):
                self.seen.setdefault((self.client.code, seq), []).append((self.server, now))
            self.seq = answer["seq"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=300)
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="postgresql")
    args = ap.parse_args()
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
        for port in ports:  # one after the other: two first starts race on CREATE TABLE
            procs.append(subprocess.Popen([sys.executable, "-m", "warkit_widgets.rooms.server",
                                           "--port", str(port), "--store", where],
                                          stderr=subprocess.DEVNULL))
            stack.callback(procs[-1].terminate)
            urls.append(f"http://127.0.0.1:{port}/warkit-rooms")
            for _ in range(300):  # wait until it answers
                with contextlib.suppress(RoomServerError):
                    call(urls[-1], "GET", "/health")
                    break
                time.sleep(0.1)
        rss_before = [psutil.Process(p.pid).memory_info().rss for p in procs]
        rooms = []
        for r in range(args.pages // 4):
            made = new_room({"rules": "classic", "lang": "en", "seats": [
                {"name": f"P{i}", "color": c} for i, c in enumerate(COLORS)]}, urls[r % len(urls)])
            rooms.append(made)
        seen: dict = {}
        stop = threading.Event()
        pages: list[Page] = []
        for r, made in enumerate(rooms):
            for s, key in enumerate(made["keys"]):
                i = 4 * r + s
                pages.append(Page(urls[i % len(urls)], key, i % len(urls), seen, stop))
        for page in pages:
            page.start()
        time.sleep(3)  # every page has its first answer and waits
        sent: dict = {}
        rng = random.Random(1)
        for m in range(args.moves):
            made = rooms[m % len(rooms)]
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
            sent[(made["code"], answer["seq"])] = (page.server, t0)
            time.sleep(0.02)
        time.sleep(SAFETY_POLL + 3)
        stop.set()
        same, other = [], []
        for key, (server, t0) in sent.items():
            for where_seen, t in seen.get(key, []):
                (same if where_seen == server else other).append(t - t0)
        rss_after = [psutil.Process(p.pid).memory_info().rss for p in procs]
        connections = "n/a (SQLite file)"
        if args.store == "postgresql":
            import psycopg

            with psycopg.connect(where) as conn:
                connections = str(conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid()").fetchone()[0])

        def line(name: str, xs: list[float]) -> str:
            if not xs:
                return f"{name}: none"
            xs = sorted(xs)
            return (f"{name}: median {1000 * statistics.median(xs):.0f} ms, p95 "
                    f"{1000 * xs[int(0.95 * (len(xs) - 1))]:.0f} ms, max {1000 * xs[-1]:.0f} ms"
                    f" ({len(xs)} arrivals)")

        print(f"{len(pages)} pages in {len(rooms)} rooms on {args.servers} room server(s), "
              f"store {args.store}; {len(sent)} moves")
        print(line("a move on the screens of the same server", same))
        print(line("a move on the screens of the other server", other))
        for i, (a, b) in enumerate(zip(rss_before, rss_after)):
            print(f"server {i}: RSS {a / 2**20:.0f} MB before the pages, {b / 2**20:.0f} MB "
                  f"with {sum(1 for p in pages if p.server == i)} pages")
        print(f"database connections in use (all servers): {connections}")
        print("uptime after:", subprocess.run(["uptime"], capture_output=True,
                                              text=True).stdout.strip())


if __name__ == "__main__":
    main()
