"""The class tournament's leaderboard page (notebooks/leaderboard.ipynb) in a real browser.

Voilà serves the page with an arena CSV named by ``WARKIT_ARENA_CSV`` (a small run made here);
the page shows the leaderboard with ratings and intervals, the head-to-head table and the
"is A really better than B?" verdict, in the address's language; picking two other bots
changes the verdict; an uploaded CSV replaces the run, and a file that is not one is refused
with a message, the page unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import ROOT, open_page, serve

from warkit.arena import run_arena

LEADERBOARD = ROOT / "notebooks" / "leaderboard.ipynb"
READY = ".warkit-leaderboard table"
TIMEOUT = 60_000


@pytest.fixture(scope="module")
def board_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("board")
    run = run_arena(["hard", "easy"], players=3, games=12, seed=5, processes=1, progress=False)
    csv = run.to_csv(folder / "class.csv")
    with serve(LEADERBOARD, folder / "voila.log", {"WARKIT_ARENA_CSV": str(csv)}) as url:
        yield url


def verdict(page) -> str:
    return str(page.locator(".warkit-verdict").inner_text())


def upload(page, path: Path) -> None:
    """Choose ``path`` with the page's upload button, as a reader would."""
    with page.expect_file_chooser() as chooser:
        page.locator(".warkit-leaderboard .widget-upload").click()
    chooser.value.set_files(str(path))


def test_the_leaderboard_shows_a_csv_and_answers_is_a_better_than_b(browser, board_url: str,
                                                                   tmp_path: Path):
    with open_page(browser, board_url + "?lang=en", READY) as (page, _, _errors):
        text = page.locator(".warkit-leaderboard").inner_text()
        assert "Class tournament: the leaderboard" in text and "class.csv: 12 games" in text
        board = page.locator(".warkit-leaderboard table").first.inner_text()
        for name in ("hard", "easy", "random"):
            assert name in board
        assert re.search(r"\[\d+\.\d%, \d+\.\d%\]", board)  # a win share's interval, in en
        assert "ahead of →" in page.locator(".warkit-leaderboard table").nth(1).inner_text()
        first = verdict(page)
        assert "In the" in first and "p = " in first
        selects = page.locator(".warkit-leaderboard select")
        names = selects.nth(0).locator("option").all_inner_texts()
        assert sorted(names) == ["easy", "hard", "random"]
        selects.nth(1).select_option(label=names[0])
        page.get_by_text("Pick two different bots.").wait_for(timeout=TIMEOUT)
        selects.nth(1).select_option(label=names[2])
        page.locator(".warkit-verdict", has_text=f"{names[0]} finished ahead of {names[2]}") \
            .wait_for(timeout=TIMEOUT)

        bad = tmp_path / "notes.csv"
        bad.write_text("a,b\n1,2\n", encoding="utf-8")
        upload(page, bad)
        page.get_by_text("That file is not an arena CSV").wait_for(timeout=TIMEOUT)
        assert "class.csv: 12 games" in page.locator(".warkit-leaderboard").inner_text()

        other = run_arena(["normal", "easy"], players=3, games=6, seed=9, processes=1,
                          progress=False).to_csv(tmp_path / "other.csv")
        upload(page, other)
        page.get_by_text("other.csv: 6 games").wait_for(timeout=TIMEOUT)
        assert "normal" in page.locator(".warkit-leaderboard table").first.inner_text()


def test_the_leaderboard_speaks_portuguese(browser, board_url: str):
    with open_page(browser, board_url + "?lang=pt", READY) as (page, _, _errors):
        text = page.locator(".warkit-leaderboard").inner_text()
        assert "Torneio da turma: o placar" in text and "class.csv: 12 partidas" in text
        board = page.locator(".warkit-leaderboard table").first.inner_text()
        assert re.search(r"\[\d+,\d%; \d+,\d%\]", board)  # 0,25 and 75,8 % in pt
        assert "Nas " in verdict(page) and "teste do sinal" in verdict(page)
