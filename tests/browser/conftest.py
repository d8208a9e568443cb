"""Fixtures for the browser tests: Voilà serving the pilot lesson, Debian's chromium driven by
Playwright for Python, and a page that fails the test on any page error.

Skipped, with the reason, only when ``/usr/bin/chromium`` is absent
(``apt-get install -y chromium``; never ``playwright install``).
"""

from __future__ import annotations

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
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, IGNORED_CONSOLE, LESSON, LessonPage


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
