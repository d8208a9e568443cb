"""Rooms in real browsers (issue 14, item 6): R rooms of 4 seats, each seat a chromium page
with its own Voilà kernel, all on one Voilà server with the room server inside
(``make play``'s launcher).

Run: python tests/bench/bench_rooms_browser.py [--rooms 2] [--seconds 60] [--think 0.5]
                                               [--store PATH_OR_URL|postgresql]
                                               [--servers 2]

``--servers 2`` starts two game servers (each with its room server inside) on one
PostgreSQL (``--store postgresql`` starts a throw-away one, as the tests do) and opens a
room's seats alternately on them: a move written through the first server reaches the second
server's pages by the store's ``NOTIFY``.

Each room has 4 human seats, each opened by its link in its own browser context (its own
kernel, at "instant" pace so a move is drawn as soon as it arrives). The players' decisions
are made by this script, an "easy" bot per seat deciding on that seat's own view after
``--think`` seconds and sending it to the room server with the seat's key - as if each
player clicked on a fifth device - so every one of the 4 pages of the room has to learn the
move from the room server (its kernel's follower thread) and draw it. A script in each page
notes (the page's ``Date.now()``) when its lobby's move counter first shows each entry; the
latency of an entry on a page is that moment minus the moment the store wrote it
(``time.time()`` on the same machine).

Prints, as measurements: the move-to-other-screens latency (median, p95, max, count), the
moves written, the memory (PSS) of the Voilà server with all its kernels once the pages are
open and at the end, chromium's, and the load average before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "browser"))

from bench_rooms import latency_summary  # noqa: E402
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, PLAY, serve  # noqa: E402
from warkit_widgets.play.config import PACES, GameConfig, Seat  # noqa: E402
from warkit_widgets.rooms.controller import RoomController  # noqa: E402
from warkit_widgets.rooms.room import create_room  # noqa: E402
from warkit_widgets.rooms.server.client import HttpRooms  # noqa: E402
from warkit_widgets.rooms.store import open_store  # noqa: E402

import warkit  # noqa: E402

WATCH_JS = """() => {
  window.__wkShown = {};
  const note = () => {
    const el = document.querySelector('.warkit-room-moves');
    const m = el && el.textContent.match(/(\\d+)/);
    if (m && !(m[1] in window.__wkShown)) window.__wkShown[m[1]] = Date.now();
  };
  new MutationObserver(note).observe(document.body,
    {subtree: true, childList: true, characterData: true});
  note();
}"""
SEATS = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Cris", "green"), Seat("Davi", "yellow"))


def tree_memory(pid: int) -> tuple[float, int]:
    """MB of memory of a process and all its children (PSS: a page shared by several
    processes is split between them, not counted in each), and how many processes."""
    root = psutil.Process(pid)
    procs = [root, *root.children(recursive=True)]
    total = 0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            total += p.memory_full_info().pss
    return total / 2**20, len(procs)


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by a process and its children alive now."""
    root = psutil.Process(pid)
    total = 0.0
    for p in (root, *root.children(recursive=True)):
        with contextlib.suppress(psutil.Error):
            times = p.cpu_times()
            total += times.user + times.system
    return total


def voila_pid(port_url: str) -> int:
    """The game server's process: Voilà, or the launcher with the room server inside."""
    port = int(port_url.rstrip("/").rsplit(":", 1)[1])
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info["cmdline"] or []
        served = any("voila" in c or "rooms.server.embedded" in c for c in cmd)
        if served and f"--port={port}" in cmd:
            return p.pid
    raise RuntimeError("voila process not found")


def open_seat(browser, url: str, name: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(url, timeout=180_000)
    page.locator(".warkit-lobby", has_text=f"you are {name}").first.wait_for(timeout=180_000)
    # by position: the labels are in the page's language
    page.locator(".warkit-speed select").select_option(index=list(PACES).index("instant"))
    return ctx, page


def play(rooms: list[list[RoomController]], seconds: float, think: float) -> None:
    """Each room's mover decides after ``think`` seconds, with an easy bot on its view."""
    bots = {id(r): warkit.bots.make("easy", seed=i) for i, room in enumerate(rooms)
            for r in room}
    due: dict[int, float] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for i, room in enumerate(rooms):
            for r in room:
                r.catch_up()
                while r.waiting_on_computer:
                    r.advance(budget=1e9)
            if room[0].state.is_terminal:
                continue
            mover = next((r for r in room if r.my_turn), None)
            if mover is None:
                continue
            now = time.monotonic()
            if i not in due:
                due[i] = now + think
            elif now >= due[i]:
                del due[i]
                mover.act(bots[id(mover)].choose(mover.view, mover.legal()))
        time.sleep(0.02)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--store", default=None,
                        help="SQLite path, postgresql:// URL, or postgresql (a throw-away one)")
    parser.add_argument("--servers", type=int, default=1,
                        help="game servers sharing the store (2 needs PostgreSQL)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="warkit-bench-browser-"))
    load0 = os.getloadavg()
    with contextlib.ExitStack() as stack:
        where = args.store or str(folder / "rooms.sqlite3")
        if where == "postgresql":
            sys.path.insert(0, str(HERE.parent / "rooms"))
            from pg_server import new_database, postgres_server

            where = new_database(stack.enter_context(postgres_server()))
        if args.servers > 1 and not where.startswith("postgres"):
            parser.error("several servers share a PostgreSQL store: --store postgresql")
        env = {"WARKIT_STORE": where, "WARKIT_AUTOSAVE_DIR": str(folder / "autosave")}
        urls = [stack.enter_context(serve(PLAY, folder / f"voila-{n}.log", env,
                                          launcher="warkit_widgets.rooms.server.embedded"))
                for n in range(args.servers)]
        measure(args, urls, where, stack.enter_context(sync_playwright()), load0)


def measure(args: argparse.Namespace, urls: list[str], where: str, p: Any,
            load0: tuple[float, float, float]) -> None:
    """Open the rooms' pages on the servers ``urls``, play, and print the figures."""
    url = urls[0]
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    store = open_store(where)
    rooms, pages, contexts = [], [], []
    t0 = time.perf_counter()
    for r in range(args.rooms):
        links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=200 + r)
        for s, seat in enumerate(SEATS):
            host = urls[s % len(urls)]  # seats alternate between the servers
            ctx, page = open_seat(browser, f"{host}?room={links.code}&key="
                                  f"{links.credentials[s]}&lang=en", seat.name)
            contexts.append(ctx)
            pages.append((links.code, page))
        api = HttpRooms(url + "warkit-rooms")
        rooms.append([RoomController(api.open(None, c), pace="instant")
                      for c in links.credentials])
    opened = time.perf_counter() - t0
    servers = [voila_pid(u) for u in urls]
    mem_open, nprocs = map(sum, zip(*(tree_memory(pid) for pid in servers)))
    chromium_open = tree_memory(browser_pid())[0]
    for _, page in pages:
        page.evaluate(WATCH_JS)
    cpu0 = (sum(map(tree_cpu, servers)), tree_cpu(browser_pid()))
    start = time.time()
    heads = {room[0].code: store.head(room[0].code) for room in rooms}
    play(rooms, args.seconds, args.think)
    time.sleep(2.0)  # the last moves reach the pages
    cpu1 = (sum(map(tree_cpu, servers)), tree_cpu(browser_pid()))
    mem_end = sum(tree_memory(pid)[0] for pid in servers)
    chromium_end = tree_memory(browser_pid())[0]
    latencies = []
    for code, page in pages:
        shown = {int(n): t / 1000 for n, t in page.evaluate("window.__wkShown").items()}
        for entry in store.read(code, heads[code]):
            seen = [t for n, t in shown.items() if n >= entry.seq + 1]
            if seen and entry.at >= start:
                latencies.append(min(seen) - entry.at)
    written = sum(store.head(code) - heads[code] for code in heads)
    for ctx in contexts:
        ctx.close()
    browser.close()
    kind = "PostgreSQL" if where.startswith("postgres") else "SQLite"
    print(f"store: {kind}; {args.rooms} rooms x 4 browser seats = {len(pages)} chromium pages "
          f"and {len(pages)} kernels on {len(urls)} Voilà server(s); opened in {opened:.0f} s; "
          f"played {args.seconds:.0f} s, think {args.think} s")
    print(f"log entries written: {written} ({written / args.seconds:.1f}/s); "
          f"games over: {sum(room[0].state.is_terminal for room in rooms)}/{args.rooms}")
    if latencies:
        print(f"move -> the room's 4 screens: {latency_summary(latencies)} (entry, page) pairs")
    print(f"memory: Voilà server(s) + kernels {mem_open:.0f} MB with the pages open "
          f"({nprocs} processes, {mem_open / max(1, len(pages)):.0f} MB per page), "
          f"{mem_end:.0f} MB at the end; chromium {chromium_open:.0f} -> {chromium_end:.0f} MB")
    played = args.seconds + 2.0
    print(f"CPU while playing: Voilà and its kernels {cpu1[0] - cpu0[0]:.0f} s, chromium "
          f"{cpu1[1] - cpu0[1]:.0f} s, in {played:.0f} s of wall time on 2 cores")
    load1 = os.getloadavg()
    print(f"load average (1, 5, 15 min): before {load0[0]:.1f} {load0[1]:.1f} {load0[2]:.1f}, "
          f"after {load1[0]:.1f} {load1[1]:.1f} {load1[2]:.1f} (2 cores, shared)")
    sys.stdout.flush()


def browser_pid() -> int:
    """The chromium started by this process (the oldest chromium child of ours)."""
    me = psutil.Process()
    found = [c for c in me.children(recursive=True) if "chrom" in c.name()]
    found.sort(key=lambda c: c.create_time())
    return found[0].pid if found else me.pid


if __name__ == "__main__":
    main()
