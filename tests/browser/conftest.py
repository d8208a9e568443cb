"""Fixtures for the browser tests: Voilà serving the pilot lesson, Debian's chromium driven by
Playwright for Python, and a page that fails the test on any page error.

Skipped, with the reason, only when ``/usr/bin/chromium`` is absent
(``apt-get install -y chromium``; never ``playwright install``).
"""

from __future__ import annotations

import math
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from warkit.geometry import board_geometry
from warkit.worldmap import world_map

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "lessons" / "classic" / "03-dice-and-battles.ipynb"
SCREENSHOTS = ROOT / "notebooks" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# The lab template links Font Awesome from a CDN; offline those two requests are aborted (G9).
IGNORED_CONSOLE = ("Failed to load resource: net::ERR_FAILED",)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent: apt-get install -y chromium "
                                   "(CI installs it; never 'playwright install')")
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving the pilot lesson on a free port; stopped (kernels too) at the end."""
    import psutil

    port = _free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", LESSON.name, f"--port={port}", "--no-browser",
             "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
            cwd=LESSON.parent, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:  # G7: probe a static file, never "/" (that would run the notebook)
        if proc.poll() is not None:
            pytest.fail(f"voila exited with {proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"voila did not start in 60 s:\n{log_path.read_text()}")
        time.sleep(0.1)
    yield url
    family = psutil.Process(proc.pid).children(recursive=True)
    proc.terminate()  # Voilà shuts its kernels down on SIGTERM
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    _, alive = psutil.wait_procs(family, timeout=10)
    for p in alive:
        p.kill()
    assert not alive, f"processes left behind by voila: {alive}"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class LessonPage:
    """The lesson open in a browser tab, with helpers to read and click the map canvas."""

    def __init__(self, page, load_seconds: float) -> None:
        self.page = page
        self.load_seconds = load_seconds
        self.map = page.locator("canvas.warkit-map").first
        self.status = page.locator(".warkit-map-status").first
        self.errors: list[str] = []

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Board units → page coordinates (the canvas may be scaled by CSS, G2)."""
        box = self.map.bounding_box()
        geo = board_geometry()
        return box["x"] + x * box["width"] / geo.width, box["y"] + y * box["height"] / geo.height

    def click_territory(self, territory: str) -> None:
        """Click inside a territory (the map is scrolled into view first)."""
        self.click_point(interior_point(territory))

    def click_point(self, point: tuple[float, float]) -> None:
        """Click a point of the board, in board units."""
        self.map.scroll_into_view_if_needed()
        self.page.mouse.click(*self.to_page(*point))

    def pixel(self, territory_or_point: str | tuple[float, float]) -> tuple[int, int, int, int]:
        """The RGBA of the map canvas buffer at a territory's interior point (or a point)."""
        x, y = (interior_point(territory_or_point) if isinstance(territory_or_point, str)
                else territory_or_point)
        return tuple(self.page.evaluate(
            "([x, y]) => Array.from(document.querySelector('canvas.warkit-map')"
            ".getContext('2d').getImageData(x, y, 1, 1).data)", [round(x), round(y)]))


@pytest.fixture(scope="module")
def lesson(browser, voila_url: str) -> Iterator[LessonPage]:
    """The pilot lesson in a fresh tab (one kernel per test module); any page error fails."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 1200})  # G14: tall enough
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: m.type == "error" and not m.text.startswith(IGNORED_CONSOLE)
            and errors.append(f"console: {m.text}"))
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    start = time.perf_counter()
    page.goto(voila_url, timeout=90_000)
    page.locator("canvas.warkit-map").first.wait_for(state="visible", timeout=90_000)
    view = LessonPage(page, time.perf_counter() - start)
    view.errors = errors
    yield view
    ctx.close()
    assert not errors, "errors in the page:\n" + "\n".join(errors)


def interior_point(territory: str) -> tuple[float, float]:
    """A point well inside a territory's mainland, away from its name and army badge."""
    shape = board_geometry().shape(territory)
    terr = world_map().territory(territory)
    ring = shape.polygons[0]
    lx, ly = shape.label
    half = 3 + 3.2 * max(len(terr.name_en), len(terr.name_pt))  # the name, in bold 8 px
    x0, y0, x1, y1 = shape.bbox
    best, best_score = shape.label, -1.0
    for i in range(int(x0), int(x1) + 1, 2):
        for j in range(int(y0), int(y1) + 1, 2):
            if not shape.contains(i, j) or (abs(i - lx) < half and ly - 17 < j < ly + 15):
                continue
            edge = min(_segment_distance(i, j, a, b) for a, b in zip(ring, ring[1:] + ring[:1]))
            if edge > best_score:
                best, best_score = (float(i), float(j)), edge
    return best


def _segment_distance(px: float, py: float, a: tuple[float, float], b: tuple[float, float]
                      ) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)
