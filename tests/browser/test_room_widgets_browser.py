"""The room widgets in a real browser (Voilà, Debian's chromium): the heartbeat's ticks come
from the page's browser and stop when its tab closes; the turn timer's countdown runs in the
browser, second by second, in the page's language; a quick message is shown as plain text
(markup in it does nothing)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from browser_helpers import UNUSED_EXTENSIONS, open_page, serve

PAGE = """\
import pathlib, time
import ipywidgets
from warkit_widgets.rooms.heartbeat import Heartbeat
from warkit_widgets.rooms.timer_panel import TimerPanel
beats = pathlib.Path({beats!r})
heart = Heartbeat(lambda: beats.open("a").write(f"{{time.time()}}\\n"), interval=0.5)
panel = TimerPanel()
panel.show(time.time() + 75, "Bia", False, "pt")
from warkit_widgets.rooms.chat import QuickMessages
chat = QuickMessages(lambda preset, text: None)
chat.show([{{"n": 1, "seat": 1, "preset": None, "text": {attack!r}, "at": 0.0}},
           {{"n": 2, "seat": 0, "preset": "well_played", "text": None, "at": 1.0}}],
          "pt", names=["Ana", "Bia"], mode="free")
chat.widget.selected_index = 0  # unfolded
ipywidgets.VBox([heart.widget, panel.widget, chat.widget])
"""
ATTACK = '<img src=x onerror="window.__pwned = 1">'
"""A free text that would run a script if a page put it in as HTML."""


@pytest.fixture(scope="module")
def page_url(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("room-widgets")
    beats = folder / "beats.txt"
    notebook = folder / "widgets.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        PAGE.format(beats=str(beats), attack=ATTACK))])
    nbformat.write(nb, notebook)
    skip = [f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS]
    with serve(notebook, folder / "voila.log", args=skip) as url:
        yield url, beats


def count(beats: Path) -> int:
    return len(beats.read_text().splitlines()) if beats.exists() else 0


def test_messages_show_as_plain_text(browser, page_url):
    url, _ = page_url
    with open_page(browser, url, ".warkit-chat-log") as (page, _, _errors):
        log = page.locator(".warkit-chat-log").inner_text()
        assert f"Bia: {ATTACK}" in log and "Ana: Bem jogado" in log  # shown, as text
        assert log.index("Bia:") < log.index("Ana:")  # newest last
        assert page.locator(".warkit-chat-log img").count() == 0
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator(".warkit-chat-text").is_visible()  # free text allowed here


def test_the_browser_beats_and_counts_down_until_its_tab_closes(browser, page_url):
    url, beats = page_url
    with open_page(browser, url, ".warkit-timer") as (page, _, _errors):
        first = page.locator(".warkit-timer").inner_text()
        assert re.fullmatch(r"Bia tem 1:1[0-5] para decidir", first), first
        assert page.locator(".warkit-heartbeat").count() == 1
        assert not page.locator(".warkit-heartbeat").is_visible()  # it takes no room
        start = count(beats)
        time.sleep(3.2)
        ticked = count(beats) - start
        assert 4 <= ticked <= 8, f"{ticked} beats in 3,2 s at one every 0,5 s"
        later = page.locator(".warkit-timer").inner_text()
        left = [int(m) * 60 + int(s) for m, s in
                (re.search(r"(\d+):(\d\d)", t).groups() for t in (first, later))]
        assert 2 <= left[0] - left[1] <= 5, (first, later)  # counted down in the browser
    time.sleep(0.6)  # a beat in flight lands
    closed = count(beats)
    time.sleep(2.5)
    assert count(beats) == closed  # no browser, no beat (the kernel alone never beats)


def test_a_leaving_page_stops_beating_before_its_kernel_is_gone(browser, page_url):
    """A reload or a link: Voilà closes the kernel's connection at ``beforeunload``, while the
    old page may live on for seconds (the fresh-clone CI of session 9 caught a tick then, as
    "Could not send widget sync message" in the console). No tick may follow; the page's
    console stays clean (``open_page`` fails the test on any console error)."""
    url, beats = page_url
    with open_page(browser, url, ".warkit-timer") as (page, _, _errors):
        page.wait_for_function("() => document.querySelector('.warkit-heartbeat') !== null")
        # Voilà's own beacon asking to shut the kernel down: refused here, as this page has
        # Voilà's own template, without the dashboard's _xsrf cookie ("403" in the console
        # of a page that stays); with it the kernel would stop under a page that stays
        page.route("**/voila/api/shutdown/**", lambda route: route.fulfill(status=204))
        page.evaluate("() => window.dispatchEvent(new Event('beforeunload'))")
        time.sleep(0.6)  # a beat in flight lands
        left = count(beats)
        time.sleep(2.0)  # four intervals of 0,5 s
        assert count(beats) == left, "the page went on beating after it started to leave"
