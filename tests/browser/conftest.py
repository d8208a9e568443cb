"""Fixtures for the browser tests: Voilà serving the pilot lesson, Debian's chromium driven by
Playwright for Python, and a page that fails the test on any page error.

Skipped, with the reason, only when ``/usr/bin/chromium`` is absent
(``apt-get install -y chromium``; never ``playwright install``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LESSON,
    PLAY,
    UNUSED_EXTENSIONS,
    LessonPage,
    PlayServer,
    open_page,
    serve,
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent: apt-get install -y chromium "
                                   "(CI installs it; never 'playwright install')")
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving the pilot lesson on a free port; stopped (kernels too) at the end."""
    # a lesson's folder has no voila.json: the test extra's JupyterLab extensions (nbgrader's,
    # Notebook's) are left out here as notebooks/voila.json leaves them out of the game
    skip = [f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS]
    with serve(LESSON, tmp_path_factory.mktemp("voila") / "voila.log", args=skip) as url:
        yield url


@pytest.fixture(scope="session")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlayServer]:
    """Voilà serving the dashboard with its ``notebooks/voila.json`` (preheated kernels),
    autosaving into a temporary folder."""
    folder = tmp_path_factory.mktemp("play")
    log = folder / "voila.log"
    with serve(PLAY, log, {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave")}) as url:
        yield PlayServer(url, folder / "autosave", log)


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
    with open_page(browser, voila_url, "canvas.warkit-map") as (page, seconds, errors):
        view = LessonPage(page, seconds)
        view.errors = errors
        yield view
