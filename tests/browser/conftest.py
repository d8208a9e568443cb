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
    LessonPage,
    PlayServer,
    make_lesson,
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
def lesson_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voilà serving the pilot lesson as ``make lesson`` does, on a free port: (URL, log);
    stopped (kernels too) at the end."""
    folder, notebook, options = make_lesson()
    assert notebook == LESSON, f"make lesson serves {notebook}"
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with serve(LESSON, log, args=options, folder=folder) as url:
        yield url, log


@pytest.fixture(scope="session")
def voila_url(lesson_server: tuple[str, Path]) -> str:
    return lesson_server[0]


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
