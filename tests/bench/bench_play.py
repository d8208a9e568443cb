"""Dashboard benchmark: the Voilà page of notebooks/play.ipynb driven by Debian's chromium.

Run: python tests/bench/bench_play.py [--loads 5] [--clicks 40] [--sessions 10] [--turns 3]
                                      [--stagger 2] [--parts think,tti,click,load]
                                      [--compare REF] [--compare-options OPTIONS]

Prints, as measurements (never assertions; the machine is shared):
- time to interactive: page load until the new-game form answers a click (the language
  toggle re-labels the Start button), with preheated kernels (notebooks/voila.json) and cold
  (a kernel started per page); with ``--compare REF`` (a git commit or branch) the same
  loads alternate between REF's dashboard and this tree's, one after the other, so both
  see the same load on a shared machine (``--compare-options``: this tree with and without
  more Voilà options);
- click -> screen update: mousedown on the map until the highlight is drawn, measured in the
  page (median, p95), and a button -> log line round trip measured from Python;
- a computer's think time per turn (in this process, the same code the kernel runs), per
  level and rule set;
- kernel memory after a whole game (three computers at full speed, then the victory screen);
- a load test: N browser sessions at once, each playing turns against two computers by
  clicking, with the click -> update latencies, the CPU and the memory of the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PIXEL_JS,
    PLAY,
    RECORD_MOUSEDOWN_JS,
    REDRAWN_MS_JS,
    interior_point,
    serve,
)
from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController

import warkit
from warkit.render.geometry import board_geometry

M = warkit.world_map()
WAIT = 120_000
SEA = (470.0, 545.0)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(values: list[float], unit: str = "ms") -> str:
    if not values:
        return "n/a"
    return (f"median {statistics.median(values):.0f} {unit}, p95 {pct(values, 0.95):.0f}, "
            f"max {max(values):.0f} (n={len(values)})")


# -- in this process ------------------------------------------------------------------------
def think_times(games: int = 4) -> None:
    print("\n== A computer's think time per turn (the kernel's code, in this process)")
    for rules in ("classic", "smart"):
        for level in ("easy", "normal", "hard"):
            turns, decisions = [], []
            for seed in range(games):
                seats = tuple(Seat(f"c{i}", c, level)
                              for i, c in enumerate(("red", "blue", "green", "yellow")))
                game = GameController.new(GameConfig(seats, rules, "en", seed), pace="instant")
                game.run_computers()
                turns += game.turn_think_ms
                decisions += game.think_ms
            print(f"  {rules:7} {level:6}: per turn {summary(turns)}; per decision max "
                  f"{max(decisions):.0f} ms (aim: a turn <= 200 ms)")


# -- a page ------------------------------------------------------------------------------------
async def new_page(browser, url: str):
    ctx = await browser.new_context(viewport={"width": 1400, "height": 1300})
    ctx.set_default_timeout(WAIT)
    page = await ctx.new_page()
    await page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


async def interactive(browser, url: str, work: dict[str, list[float]] | None = None) -> float:
    """Seconds from navigation until the form answers a click. ``work`` collects the CPU
    milliseconds spent meanwhile, which a busy machine stretches much less than the wall
    time: "page" (the tab's main thread: Chrome's Performance.getMetrics TaskDuration)
    and "kernel" (the page's kernel process since it started, user + system)."""
    ctx, page = await new_page(browser, url)
    cdp = await ctx.new_cdp_session(page)
    await cdp.send("Performance.enable")
    start = time.perf_counter()
    await page.goto(url, timeout=WAIT)
    await page.locator("button.warkit-start").first.wait_for(timeout=WAIT)
    await page.locator(".warkit-lang").get_by_text("English").click()
    await page.locator("button.warkit-start").get_by_text("Start the game").wait_for(
        timeout=WAIT)
    seconds = time.perf_counter() - start
    if work is not None:
        metrics = {m["name"]: m["value"]
                   for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
        work.setdefault("page", []).append(1000 * metrics["TaskDuration"])
        kernel_id = await page.evaluate("() => JSON.parse(document.getElementById("
                                        "'jupyter-config-data').textContent).kernelId")
        kernel = kernel_process(voila_pid(url), kernel_id)
        if kernel is not None:
            cpu = kernel.cpu_times()
            work.setdefault("kernel", []).append(1000 * (cpu.user + cpu.system))
    await ctx.close()
    return seconds


async def to_page(page, point: tuple[float, float]) -> tuple[float, float]:
    canvas = page.locator("canvas.warkit-map").first
    await canvas.scroll_into_view_if_needed()
    box = await canvas.bounding_box()
    geo = board_geometry()
    return (box["x"] + point[0] * box["width"] / geo.width,
            box["y"] + point[1] * box["height"] / geo.height)


async def click_map(page, point: tuple[float, float]) -> None:
    await page.mouse.click(*await to_page(page, point))


class Session:
    """One browser tab playing a classic game (a human against two computers) by clicking,
    with the same game replayed in this process to know what to click."""

    def __init__(self, page, seed: int, speed: str = "fast") -> None:
        self.page, self.seed, self.speed = page, seed, speed
        seats = (Seat("Ana", "red", "human"), Seat("Bento", "blue", "normal"),
                 Seat("Caio", "green", "normal"))
        self.replica = GameController.new(GameConfig(seats, "classic", "en", seed),
                                          pace="instant")
        self.replica.run_computers()
        self.latencies: list[float] = []

    async def start(self) -> None:
        page = self.page
        await page.locator(".warkit-lang").get_by_text("English").click()
        await page.locator("button.warkit-start").get_by_text("Start the game").wait_for(
            timeout=WAIT)
        for i, seat in enumerate(self.replica.seats):  # the form's defaults: human, normal...
            await page.locator(f".warkit-seat-{i} input").fill(seat.name)
        await page.locator(".warkit-seed input").fill(str(self.seed))
        await page.locator(".warkit-speed select").select_option(label=self.speed)
        await page.locator("button.warkit-start").click()
        await self.wait_status("Ana: ")

    async def wait_status(self, text: str) -> None:
        await self.page.locator(".warkit-play-status").get_by_text(text).first.wait_for(
            timeout=WAIT)

    async def act(self, click, log_line: str, action: str) -> None:
        """Click, then wait for the log line the action writes; the time between is one
        click -> update latency."""
        start = time.perf_counter()
        await click()
        await self.page.locator(".warkit-log").get_by_text(log_line).first.wait_for(
            timeout=WAIT)
        self.latencies.append(1000 * (time.perf_counter() - start))
        assert self.replica.act(action), self.replica.message
        self.replica.run_computers()

    async def select(self, territory: str, expect: str) -> None:
        start = time.perf_counter()
        await click_map(self.page, interior_point(territory))
        await self.wait_status(expect)
        self.latencies.append(1000 * (time.perf_counter() - start))

    async def play_turn(self) -> None:
        page, replica = self.page, self.replica
        go = page.locator("button.warkit-go").first
        while replica.step is Step.TRADE:
            trade = next(a for a in replica.legal() if isinstance(a, warkit.Trade))
            assert replica.act(trade)
            cards = page.locator(".warkit-card")
            for card in trade.cards:  # toggle the three cards, then Trade
                shape = M.territory(card).card_shape if not card.startswith("joker") else None
                label = M.territory(card).name("en") if shape else "Joker"
                await cards.filter(has_text=label).first.click()
            await page.locator(".warkit-hand button.mod-success").first.click()
            replica.run_computers()
            await self.wait_status("place armies")
        while replica.step is Step.PLACE:
            index = max(replica.map.moves.singles)
            territory, most = M.ids[index], replica.map.moves.singles[index]
            await click_map(page, SEA)
            await self.select(territory, "selected")
            name = M.territory(territory).name("en")
            await self.act(go.click, f"Ana places {most} on {name}",
                           f"place {territory} {most}")
        state = replica.state
        pairs = [(s, d) for s, ts in replica.map.moves.pairs.items() for d in ts
                 if state.armies[s] > state.armies[d] + 1]
        if replica.step is Step.ATTACK and pairs:
            src, dst = max(pairs, key=lambda p: state.armies[p[0]] - state.armies[p[1]])
            await click_map(page, SEA)
            await self.select(M.ids[src], "selected")
            await self.select(M.ids[dst], "Attack ")
            dice = replica.map.moves.pairs[src][dst]
            await self.act(go.click, f"Ana attacks {M.territories[dst].name_en}",
                           f"attack {M.ids[src]} {M.ids[dst]} {dice}")
            if replica.step is Step.OCCUPY:
                most = replica.legal()[-1].armies
                await self.act(go.click, f"Ana moves {most} into", f"occupy {most}")
        end = page.locator("button.warkit-end").first
        if replica.step is Step.ATTACK:
            await end.get_by_text("End attacks").click()
            assert replica.act("end")
        await end.get_by_text("End the turn").wait_for(timeout=WAIT)
        turn = replica.state.turn
        await end.click()
        assert replica.act("end")
        replica.run_computers()
        if replica.step is Step.OVER:
            return
        await page.locator(".warkit-log .wk-log-turn").get_by_text(
            f"turn {turn + 1}:").first.wait_for(timeout=WAIT)
        await self.wait_status("Ana: ")


async def click_latency(browser, url: str, clicks: int) -> None:
    ctx, page = await new_page(browser, url)
    await page.goto(url, timeout=WAIT)
    session = Session(page, seed=7)
    await session.start()
    replica = session.replica
    src = max(replica.map.moves.singles)
    probe = interior_point(M.ids[src])
    await click_map(page, SEA)
    await page.evaluate(RECORD_MOUSEDOWN_JS)
    in_page = []
    for _ in range(clicks):  # select / unselect a territory: its fill changes each time
        before = await page.evaluate(PIXEL_JS, [round(probe[0]), round(probe[1])])
        await click_map(page, probe)
        ms = await page.evaluate(REDRAWN_MS_JS, [round(probe[0]), round(probe[1]), before])
        if ms >= 0:
            in_page.append(ms)
    await session.play_turn()
    print("\n== Click -> screen update (one session)")
    print(f"  mousedown -> selection drawn, in the page: {summary(in_page)} (aim: median "
          "<= 100 ms)")
    print(f"  click -> status or log line, from Python (Playwright included): "
          f"{summary(session.latencies)}")
    await ctx.close()


def kernel_process(server_pid: int, kernel_id: str) -> psutil.Process | None:
    for proc in psutil.Process(server_pid).children(recursive=True):
        try:
            if any(kernel_id in part for part in proc.cmdline()):
                return proc
        except psutil.Error:
            continue
    return None


def voila_pid(url: str) -> int:
    port = url.rstrip("/").rsplit(":", 1)[1]
    for proc in psutil.process_iter(["cmdline"]):
        cmd = proc.info["cmdline"] or []
        if "voila" in cmd and f"--port={port}" in cmd:
            return proc.pid
    raise RuntimeError("voila not found")


async def memory_after_a_game(browser, url: str) -> None:
    ctx, page = await new_page(browser, url)
    await page.goto(url, timeout=WAIT)
    await page.locator(".warkit-lang").get_by_text("English").click()
    await page.locator("button.warkit-start").get_by_text("Start the game").wait_for(
        timeout=WAIT)
    config = await page.evaluate("() => JSON.parse(document.getElementById("
                                 "'jupyter-config-data').textContent).kernelId")
    kernel = kernel_process(voila_pid(url), config)
    fresh = kernel.memory_info().rss / 2**20 if kernel else float("nan")
    for i, (color, level) in enumerate((("Yellow", "easy"), ("Black", "normal"),
                                        ("White", "hard"))):
        row = page.locator(f".warkit-seat-{i}")
        await row.locator("select").nth(0).select_option(label=color)
        await row.locator("select").nth(1).select_option(label=f"computer ({level})")
    await page.locator(".warkit-seed input").fill("11")
    await page.locator(".warkit-speed select").select_option(label="instant")
    start = time.perf_counter()
    await page.locator("button.warkit-start").click()
    await page.locator(".warkit-over").get_by_text("Game over").first.wait_for(timeout=WAIT)
    elapsed = time.perf_counter() - start
    after = kernel.memory_info().rss / 2**20 if kernel else float("nan")
    print("\n== Kernel memory")
    print(f"  a fresh dashboard kernel: {fresh:.0f} MB RSS; after a whole computer game "
          f"({elapsed:.1f} s at 'instant') and the victory screen: {after:.0f} MB "
          "(aim <= 250 MB)")
    await ctx.close()


# -- before / after ---------------------------------------------------------------------------
def checkout(ref: str | None, folder: Path) -> Path:
    """REF's engine, widgets and notebooks in ``folder`` (``git archive``; ``None``: a copy
    of this tree as it is, so editing it during a run changes nothing), laid out to be
    imported first through PYTHONPATH (``warkit``, ``warkit_widgets``); returns the copy's
    play.ipynb (next to its voila.json)."""
    root = PLAY.parents[1]
    parts = ("warkit", "widgets", "notebooks")
    if ref is None:
        for part in parts:
            shutil.copytree(root / part, folder / part,
                            ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    else:
        archive = subprocess.run(["git", "-C", str(root), "archive", ref, *parts],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    (folder / "widgets").rename(folder / "warkit_widgets")
    return folder / "notebooks" / PLAY.name


def snapshot(ref: str | None, folder: Path, env: dict[str, str]) -> tuple[Path, dict]:
    """A copy of REF (or of this tree) and the environment that makes Voilà's kernels
    import it."""
    folder.mkdir()
    notebook = checkout(ref, folder)
    path = os.pathsep.join(filter(None, (str(folder), os.environ.get("PYTHONPATH"))))
    return notebook, {**env, "PYTHONPATH": path}


async def compare_tti(browser, folder: Path, env: dict[str, str], loads: int,
                      ref: str | None = None, options: str | None = None) -> None:
    """Time to interactive of two dashboards, loads alternating (A, B, B, A, ...): REF's
    against this tree's, or this tree's with more Voilà ``options`` against without."""
    trees = {"this tree": (*snapshot(None, folder / "tree", env), ())}
    if ref is not None:
        trees = {ref: (*snapshot(ref, folder / "base", env), ()), **trees}
    if options is not None:
        trees["with options"] = (*trees["this tree"][:2], tuple(options.split()))
    print(f"\n== Time to interactive, {' against '.join(trees)}, loads alternating "
          f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    if options is not None:
        print(f"  options: {options}")
    for label, extra in (("preheated", ()),
                         ("cold", ("--VoilaConfiguration.preheat_kernel=False",))):
        with contextlib.ExitStack() as stack:
            urls = {name: stack.enter_context(serve(nb, folder / f"voila-{i}.log", tree_env,
                                                    (*extra, *more)))
                    for i, (name, (nb, tree_env, more)) in enumerate(trees.items())}
            for url in urls.values():
                await interactive(browser, url)  # warm the browser's cache once
            times: dict[str, list[float]] = {name: [] for name in urls}
            work: dict[str, dict[str, list[float]]] = {name: {} for name in urls}
            for i in range(loads):
                order = list(urls) if i % 2 == 0 else list(reversed(urls))
                for name in order:
                    await asyncio.sleep(2.5)  # let the pool refill, as between two students
                    times[name].append(1000 * await interactive(browser, urls[name],
                                                                work[name]))
            for name, values in times.items():
                cpu = "; ".join(f"{part} CPU median {statistics.median(ms):.0f} ms"
                                for part, ms in work[name].items())
                print(f"  {label:9} {name:12}: {summary(values)}; all: "
                      f"{', '.join(f'{v:.0f}' for v in values)}; {cpu}")
    print(f"  (load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())})")


# -- the load test ----------------------------------------------------------------------------
def group_of(proc: psutil.Process, server_pids: set[int]) -> str | None:
    """"server" (Voilà and its kernels), "browser" (chromium) or None."""
    if proc.pid in server_pids:
        return "server"
    with contextlib.suppress(psutil.Error):
        if "chrom" in proc.name():
            return "browser"
    return None


async def sample(stop: asyncio.Event, server_pid: int, out: dict) -> None:
    """Every 0.5 s: machine CPU, the server's memory, and CPU seconds used by the server
    (Voilà + kernels) and by the browsers, summed per process as they run."""
    last: dict[int, float] = {}
    psutil.cpu_percent(None)
    while not stop.is_set():
        await asyncio.sleep(0.5)
        out["cpu"].append(psutil.cpu_percent(None))
        server = [psutil.Process(server_pid), *psutil.Process(server_pid).children(True)]
        pids = {p.pid for p in server}
        rss = 0
        for proc in server:
            with contextlib.suppress(psutil.Error):
                rss += proc.memory_info().rss
        out["server_mb"].append(rss / 2**20)
        out["kernels"] = max(out["kernels"], len(server) - 1)
        for proc in psutil.process_iter():
            group = group_of(proc, pids)
            if group is None:
                continue
            with contextlib.suppress(psutil.Error):
                times = proc.cpu_times()
                total = times.user + times.system
                out[f"{group}_cpu_s"] += total - last.get(proc.pid, total if proc.pid in
                                                          last else 0.0)
                last[proc.pid] = total


async def load_test(browser, url: str, sessions: int, turns: int, stagger: float) -> None:
    pid = voila_pid(url)
    stats = {"cpu": [], "server_mb": [], "kernels": 0, "server_cpu_s": 0.0,
             "browser_cpu_s": 0.0}
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample(stop, pid, stats))

    async def one(i: int) -> Session:
        await asyncio.sleep(i * stagger)  # students do not all click at the same second
        ctx, page = await new_page(browser, url)
        t0 = time.perf_counter()
        await page.goto(url, timeout=WAIT)
        await page.locator("button.warkit-start").first.wait_for()
        session = Session(page, seed=100 + i)
        session.ready = time.perf_counter() - t0
        await session.start()
        for _ in range(turns):
            if session.replica.step is Step.OVER:
                break
            await session.play_turn()
        session.errors = page.errors
        await ctx.close()
        return session

    start = time.perf_counter()
    done = await asyncio.gather(*(one(i) for i in range(sessions)), return_exceptions=True)
    elapsed = time.perf_counter() - start
    stop.set()
    await sampler
    ok = [s for s in done if isinstance(s, Session)]
    failed = [repr(s) for s in done if not isinstance(s, Session)]
    latencies = [ms for s in ok for ms in s.latencies]
    print(f"\n== Load test: {sessions} browser sessions at once on {psutil.cpu_count()} cores, "
          f"each playing {turns} turns (human clicks, two computers at 'fast' pace); "
          f"arrivals {stagger:g} s apart")
    print(f"  page load -> form ready: {summary([1000 * s.ready for s in ok])}")
    print(f"  finished {len(ok)}/{sessions} in {elapsed:.0f} s; page errors: "
          f"{sum(len(s.errors) for s in ok)}; failures: {failed[:3]}")
    print(f"  click -> update, from Python (Playwright included): {summary(latencies)}")
    print(f"  CPU (whole machine, browser included): mean {statistics.mean(stats['cpu']):.0f}%,"
          f" max {max(stats['cpu']):.0f}%")
    print(f"  CPU time used: server (Voilà + kernels) {stats['server_cpu_s']:.0f} s, "
          f"browsers {stats['browser_cpu_s']:.0f} s, over {elapsed:.0f} s of wall time; the "
          f"server alone averaged {stats['server_cpu_s'] / elapsed:.2f} cores for "
          f"{sessions} sessions")
    print(f"  server memory (Voilà + {stats['kernels']} kernels): peak "
          f"{max(stats['server_mb']):.0f} MB")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--stagger", type=float, default=2.0,
                        help="seconds between two students opening the page")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds to wait for anything on a page")
    parser.add_argument("--parts", default="think,tti,click,load",
                        help="what to measure: think, tti, click (with memory), load")
    parser.add_argument("--compare", metavar="REF",
                        help="time to interactive only: REF's dashboard against this tree's, "
                             "loads alternating")
    parser.add_argument("--compare-options", metavar="OPTIONS",
                        help="time to interactive only: this tree with these more Voilà "
                             "command-line options against without, loads alternating")
    args = parser.parse_args()
    from playwright.async_api import async_playwright

    global WAIT
    WAIT = 1000 * args.timeout
    parts = set(args.parts.split(","))
    if "think" in parts:
        think_times()
    folder = Path(tempfile.mkdtemp(prefix="warkit-bench-"))
    env = {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave")}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.compare or args.compare_options:
            await compare_tti(browser, folder, env, args.loads, args.compare,
                              args.compare_options)
            parts = set()
        if "tti" in parts:
            print("\n== Time to interactive (page load -> the form answers a click)")
        for label, extra in (("preheated (voila.json)", ()),
                             ("cold (a kernel per page)",
                              ("--VoilaConfiguration.preheat_kernel=False",))):
            if "tti" not in parts:
                break
            with serve(PLAY, folder / "voila.log", env, extra) as url:
                await interactive(browser, url)  # warm the browser's cache once
                times = []
                for _ in range(args.loads):
                    await asyncio.sleep(2.5)  # let the pool refill, as between two students
                    times.append(await interactive(browser, url))
                print(f"  {label:26}: {summary([1000 * t for t in times])} (aim <= 3 s)")
        if "click" in parts:
            with serve(PLAY, folder / "voila.log", env) as url:
                await click_latency(browser, url, args.clicks)
                await memory_after_a_game(browser, url)
        if "load" in parts:
            with serve(PLAY, folder / "voila.log", env) as url:
                await load_test(browser, url, args.sessions, args.turns, args.stagger)
        await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
