"""Helpers of the browser tests: where things are, and a lesson page that reads the map canvas."""

from __future__ import annotations

import contextlib
import math
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from warkit.render.geometry import board_geometry
from warkit.render.layout import BADGE_DROP, badge_radius
from warkit.worldmap import world_map

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "lessons" / "classic" / "03-dice-and-battles.ipynb"
PLAY = ROOT / "notebooks" / "play.ipynb"
SCREENSHOTS = ROOT / "notebooks" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
CONTROL_COMM = "warkit-test-control"
UNUSED_EXTENSIONS = ("jupyterlab_pygments", "@voila-dashboards/jupyterlab-preview",
                     "@jupyter/nbgrader", "@jupyter-notebook/lab-extension")
"""JupyterLab extensions the pages never use (``notebooks/voila.json`` denies them too): the
test extra installs nbgrader's and Notebook's, whose scripts fail in a Voilà page."""
# The lab template links Font Awesome from a CDN; offline those two requests are aborted (G9).
# IOPub goes to every client of a kernel, so the page's widget manager also sees the replies
# to the tests' own probe (widget_states) and says it does not know that comm.
IGNORED_CONSOLE = ("Failed to load resource: net::ERR_FAILED",
                   f"Comm not found for comm id {CONTROL_COMM}")


# Page scripts that time the map (used by the browser tests and tests/bench/bench_play.py):
# record each mousedown's time; read one pixel of the map canvas; wait (polling every frame)
# until a pixel differs from its old value and give the ms since the last mousedown (-1 after 5 s).
RECORD_MOUSEDOWN_JS = ("() => { window.__wkDown = []; document.querySelector('canvas.warkit-map')"
                       ".addEventListener('mousedown',"
                       " () => window.__wkDown.push(performance.now()), {capture: true}); }")
PIXEL_JS = ("([x, y]) => Array.from(document.querySelector('canvas.warkit-map')"
            ".getContext('2d').getImageData(x, y, 1, 1).data)")
REDRAWN_MS_JS = ("([x, y, b]) => new Promise(resolve => { const c = document.querySelector("
                 "'canvas.warkit-map').getContext('2d'); const t0 = window.__wkDown.at(-1);"
                 " const tick = () => { const d = c.getImageData(x, y, 1, 1).data;"
                 " if (d.some((v, i) => v !== b[i])) resolve(performance.now() - t0);"
                 " else if (performance.now() - t0 > 5000) resolve(-1);"
                 " else requestAnimationFrame(tick); }; tick(); })")

# the id of the page's kernel, from the config Voilà puts in the page
KERNEL_ID_JS = ("() => JSON.parse(document.getElementById('jupyter-config-data')"
                ".textContent).kernelId")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _template_path(folder: Path) -> dict[str, str]:
    """JUPYTER_PATH with the served folder's own ``jupyter`` data folder first, if it has one,
    so Voilà uses the templates of the tree being served (tests/bench/bench_play.py serves
    copies of other commits) rather than the ones linked into the venv."""
    data = folder / "jupyter"
    if not data.is_dir():
        return {}
    return {"JUPYTER_PATH": os.pathsep.join(filter(None, (str(data),
                                                         os.environ.get("JUPYTER_PATH"))))}


STOP_GRACE = 60
"""Seconds Voilà gets to stop after the signal: about 1 s on an idle machine, so a server
still running then is hung (or deaf to the signal, see :func:`serve`)."""


@contextlib.contextmanager
def serve(notebook: Path, log_path: Path, env: dict[str, str] | None = None,
          args: Sequence[str] = (), launcher: str = "voila",
          stop: int = signal.SIGTERM, folder: Path | None = None) -> Iterator[str]:
    """Voilà serving ``notebook`` from ``folder`` (by default its own: the folder's
    ``voila.json`` applies) on a free port; yields the URL; stops Voilà (with signal ``stop``:
    SIGINT is a player's Ctrl+C) and its kernels at the end, leaving no process. ``args`` are
    more command-line options (they override voila.json); ``launcher`` the module run
    (``warkit_widgets.rooms.server.embedded``: Voilà with the room server)."""
    import psutil

    folder = folder or notebook.parent
    port = _free_port()
    log_path.write_text("")
    # A test run started in the background by a shell (nohup, "&") ignores SIGINT, and an
    # ignored signal stays ignored in the programs it starts: Voilà would never hear the
    # player's Ctrl+C. A Python handler is not inherited (the child gets the default), so
    # the server starts as it does from a terminal.
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with open(log_path, "a") as log:  # appending: every writer's lines stay (see below)
            proc = subprocess.Popen(
                [sys.executable, "-m", launcher, str(notebook.relative_to(folder)),
                 f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
                 "--show_tracebacks=True", *args],
                cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, **_template_path(folder), **(env or {})})
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:  # G7: probe a static file, never "/" (that would run the notebook)
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with {proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"voila did not start in 60 s:\n{log_path.read_text()}")
        time.sleep(0.1)
    try:
        yield url
    finally:
        family = psutil.Process(proc.pid).children(recursive=True)
        proc.send_signal(stop)  # Voilà shuts its kernels down on SIGTERM and on Ctrl+C
        try:
            proc.wait(timeout=STOP_GRACE)
        except subprocess.TimeoutExpired:
            # The kernels run in sessions of their own (jupyter_client), so they outlive this
            # kill and log that their parent is gone: the log says first who killed it.
            with open(log_path, "a") as log:
                print(f"ERROR (test harness): Voilà was still running {STOP_GRACE} s after "
                      f"{signal.Signals(stop).name} and was killed", file=log, flush=True)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        _, alive = psutil.wait_procs(family, timeout=10)
        for p in alive:
            p.kill()
        assert not alive, f"processes left behind by voila: {alive}"


def make_lesson() -> tuple[Path, Path, list[str]]:
    """How ``make lesson`` serves the pilot lesson, read from ``make -n lesson``: the folder
    Voilà runs in, the notebook, and Voilà's options but the port and ``--no-browser`` (which
    :func:`serve` gives), so the tests serve the lesson exactly as a teacher's command does."""
    quiet = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    recipe = subprocess.run(["make", "-n", "-s", "lesson"], cwd=ROOT, env=quiet, text=True,
                            capture_output=True, check=True).stdout.replace("\\\n", " ")
    words = shlex.split(next(line for line in recipe.splitlines() if "bin/voila " in line))
    folder = ROOT
    while words[0] == "cd":
        assert words[2] == "&&", words
        folder, words = folder / words[1], words[3:]
    assert words[0].endswith("bin/voila"), words
    options = [w for w in words[2:] if not w.startswith(("--port", "--no-browser"))]
    return folder.resolve(), (folder / words[1]).resolve(), options


@dataclass(frozen=True)
class PlayServer:
    """Voilà serving the dashboard: its URL, autosave folder and log file."""

    url: str
    autosave: Path
    log: Path


@contextlib.contextmanager
def open_page(browser, url: str, ready: str, viewport: dict | None = None,
              frames: list[str] | None = None) -> Iterator[tuple[object, float, list[str]]]:
    """A fresh tab (its own kernel) at ``url``, waited on until ``ready`` (a CSS selector) is
    visible; yields (page, seconds to ready, errors). Any page error or console error fails
    the test at the end; the CDN fonts are aborted (G9). ``frames``, if given, receives the
    text of every websocket frame the page receives (every message from its kernel)."""
    ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 1200},
                              accept_downloads=True)  # G14: tall enough
    page = ctx.new_page()
    if frames is not None:
        def heard(payload: str | bytes) -> None:
            frames.append(payload if isinstance(payload, str)
                          else payload.decode("utf-8", errors="replace"))

        page.on("websocket", lambda ws: ws.on("framereceived", heard))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: m.type == "error" and not m.text.startswith(IGNORED_CONSOLE)
            and errors.append(f"console: {m.text}"))
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    start = time.perf_counter()
    page.goto(url, timeout=90_000)
    page.locator(ready).first.wait_for(state="visible", timeout=90_000)
    try:
        yield page, time.perf_counter() - start, errors
    finally:
        ctx.close()
    assert not errors, "errors in the page:\n" + "\n".join(errors)


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

    def selection_latencies(self, territory: str, probe: tuple[float, float],
                            clicks: int = 12) -> list[float]:
        """Milliseconds from each mousedown on ``territory`` to the ``probe`` pixel changing,
        measured in the page (polled every frame): the click -> selection drawn latency."""
        self.page.evaluate(RECORD_MOUSEDOWN_JS)
        latencies = []
        for _ in range(clicks):  # select, unselect, select...
            before = self.pixel(probe)
            self.click_territory(territory)
            ms = self.page.evaluate(REDRAWN_MS_JS,
                                    [round(probe[0]), round(probe[1]), list(before)])
            assert ms >= 0, "the selection was not drawn within 5 s"
            latencies.append(ms)
        return latencies

    def pixel(self, territory_or_point: str | tuple[float, float]) -> tuple[int, int, int, int]:
        """The RGBA of the map canvas buffer at a territory's interior point (or a point)."""
        x, y = (interior_point(territory_or_point) if isinstance(territory_or_point, str)
                else territory_or_point)
        return tuple(self.page.evaluate(PIXEL_JS, [round(x), round(y)]))


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


def roomy(territory: str, margin: float = 4.0) -> bool:
    """Is the territory's interior point ``margin`` units or more from every border (clear
    of the border strokes and of the army badge, so its pixel is the land's fill)?"""
    x, y = interior_point(territory)
    shape = board_geometry().shape(territory)
    lx, ly = shape.label
    clear_of_badge = math.hypot(x - lx, y - ly - BADGE_DROP) > 1.8 * badge_radius("99")
    return clear_of_badge and all(_segment_distance(x, y, a, b) >= margin
                                  for ring in shape.polygons
                                  for a, b in zip(ring, [*ring[1:], ring[0]]))


def _segment_distance(px: float, py: float, a: tuple[float, float], b: tuple[float, float]
                      ) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


# The page's own kernel, reached the way any script in the page could: a second websocket
# to /api/kernels/<id>/channels (Voilà lets widget messages through and drops execute
# requests, §3.4). It speaks the page's own protocol, v1.kernel.websocket.jupyter.org: every
# message is binary, a count and 64-bit little-endian offsets, then the channel, header,
# parent header, metadata, content and buffers. (The legacy protocol is refused by the
# dashboard's server, warkit_widgets.play.page.kernel_socket: Voilà 0.5 reads any binary message
# as v1,
# and a legacy one made it spin, building a list of ~10^8 offsets.)
KERNEL_JS = """
async ([requests, waitMs]) => {
  const PROTOCOL = 'v1.kernel.websocket.jupyter.org';
  const cfg = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const session = crypto.randomUUID();
  const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host
    + cfg.baseUrl + 'api/kernels/' + cfg.kernelId + '/channels?session_id=' + session;
  const encode = (channel, parts) => {
    const bytes = [channel, ...parts].map(p => new TextEncoder().encode(p));
    const head = 8 * (bytes.length + 2);
    const total = head + bytes.reduce((n, b) => n + b.length, 0);
    const out = new Uint8Array(total), view = new DataView(out.buffer);
    view.setBigUint64(0, BigInt(bytes.length + 1), true);
    let at = head;
    bytes.forEach((b, i) => { view.setBigUint64(8 * (i + 1), BigInt(at), true);
                              out.set(b, at); at += b.length; });
    view.setBigUint64(8 * (bytes.length + 1), BigInt(at), true);
    return out.buffer;
  };
  const decode = (buffer) => {
    const view = new DataView(buffer);
    const n = Number(view.getBigUint64(0, true));
    const offsets = [...Array(n).keys()].map(i => Number(view.getBigUint64(8 * (i + 1), true)));
    const part = (i) => new TextDecoder().decode(new Uint8Array(buffer, offsets[i],
                                                               offsets[i + 1] - offsets[i]));
    return {header: JSON.parse(part(1)), content: JSON.parse(part(4))};
  };
  const received = [];
  let ws = null;
  for (let attempt = 0; ws === null; attempt++) {  // a busy server may refuse one at first
    const socket = new WebSocket(url, [PROTOCOL]);
    socket.binaryType = 'arraybuffer';
    try {
      await new Promise((ok, fail) => { socket.onopen = ok; socket.onerror = fail; });
      ws = socket;
    } catch (event) {
      if (attempt >= 9) throw new Error('no websocket to the kernel after 10 attempts');
      await new Promise(ok => setTimeout(ok, 1000 * (attempt + 1)));
    }
  }
  if (ws.protocol !== PROTOCOL) throw new Error('the server chose protocol ' + ws.protocol);
  ws.onmessage = (ev) => received.push(decode(ev.data));
  for (const [channel, type, content, metadata] of requests) {
    const header = {msg_id: crypto.randomUUID(), username: 'page', session, msg_type: type,
                    version: '5.3', date: new Date().toISOString()};
    ws.send(encode(channel, [header, {}, metadata || {}, content].map(JSON.stringify)));
  }
  await new Promise(ok => setTimeout(ok, waitMs));
  ws.close();
  return received.map(m => ({type: m.header.msg_type, content: m.content}));
}
"""


def kernel_messages(page, requests: list[tuple], wait_ms: int = 3000) -> list[dict]:
    """Send ``(channel, msg_type, content[, metadata])`` messages to the page's kernel from
    the page; return every message received back within ``wait_ms`` as ``{type, content}``."""
    return page.evaluate(KERNEL_JS, [requests, wait_ms])


def widget_states(page) -> dict[str, dict]:
    """Every widget model's state in the page's kernel, as the page may ask for it (the
    ``jupyter.widget.control`` comm's ``request_states``)."""
    comm = CONTROL_COMM
    replies = kernel_messages(page, [
        ("shell", "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                "data": {}}, {"version": "1.0.0"}),
        ("shell", "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}),
    ])
    for message in replies:
        data = message["content"].get("data", {})
        if message["type"] == "comm_msg" and data.get("method") == "update_states":
            return data["states"]
    raise AssertionError(f"no widget states came back: {[m['type'] for m in replies]}")


class PlayPage(LessonPage):
    """The dashboard open in a tab: the map helpers of :class:`LessonPage`, plus buttons."""

    def __init__(self, page, load_seconds: float) -> None:
        super().__init__(page, load_seconds)
        self.status = page.locator(".warkit-play-status").first

    def button(self, css: str):
        return self.page.locator(f"button.{css}").first

    def text_of(self, css: str) -> str:
        return self.page.locator(f".{css}").first.inner_text()

    def wait_text(self, css: str, text: str, timeout: float = 30_000) -> None:
        self.page.locator(f".{css}").first.get_by_text(text).first.wait_for(timeout=timeout)


def wait_for(log: Path, text: str, seconds: float) -> bool:
    """Does Voilà's log say ``text`` within ``seconds``?"""
    deadline = time.monotonic() + seconds
    while text not in log.read_text():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def shut_down(log: Path, kernel: str, seconds: float = 10.0) -> bool:
    """Does Voilà's log say ``kernel`` was shut down within ``seconds``?"""
    return wait_for(log, f"Kernel shutdown: {kernel}", seconds)
