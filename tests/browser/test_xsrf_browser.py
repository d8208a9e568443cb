"""Voilà's XSRF check stays on (issue 19): ``notebooks/voila.json`` no longer disables it.

The page's only POST is Voilà's beacon that stops a closed tab's kernel; it sends the
``_xsrf`` cookie's value as its token, and the dashboard's template gives the page that
cookie (Voilà's notebook page never sets it). So a closed tab's kernel stops, while a POST
without the token - what a page of another site could send - is refused.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
from browser_helpers import PLAY, PlayServer


def shutdowns(server: PlayServer) -> int:
    return server.log.read_text().count("Kernel shutdown:")


def refusals(server: PlayServer) -> int:
    return server.log.read_text().count("403 POST /voila/api/shutdown")


def test_voila_json_keeps_the_xsrf_check_on():
    config = json.loads((PLAY.parent / "voila.json").read_text())
    assert not config["Voila"].get("tornado_settings", {}).get("disable_check_xsrf", False)


def test_a_post_without_the_token_is_refused(play_server: PlayServer):
    request = urllib.request.Request(f"{play_server.url}voila/api/shutdown/no-such-kernel",
                                     data=b"", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403


def test_closing_a_tab_stops_its_kernel(browser, play_server: PlayServer):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(play_server.url + "?lang=en", timeout=90_000)
    page.locator("button.warkit-start").first.wait_for(state="visible", timeout=90_000)
    assert any(c["name"] == "_xsrf" for c in ctx.cookies())
    before, refused = shutdowns(play_server), refusals(play_server)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while shutdowns(play_server) == before and time.monotonic() < deadline:
        time.sleep(0.2)
    ctx.close()
    assert shutdowns(play_server) == before + 1, play_server.log.read_text()[-2000:]
    assert refusals(play_server) == refused  # the beacon was not refused
