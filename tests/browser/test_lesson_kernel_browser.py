"""A lesson tab's kernel stops when the tab reloads or closes, with the pilot lesson served as
``make lesson`` serves it (the ``lesson_server`` fixture reads the command from ``make -n``).

Voilà's page sends a beacon from ``beforeunload`` asking to shut its kernel down; it passes the
XSRF check only with the ``_xsrf`` cookie the lessons' template gives the page. Served with
Voilà's own template from the repository root, as before, the beacon was refused ("403 POST
/voila/api/shutdown/… '_xsrf' argument missing from POST") and no culler was set, so each
closed or reloaded lesson tab left a kernel (~90 MB) until the server stopped.
"""

from __future__ import annotations

import json

from browser_helpers import KERNEL_ID_JS, ROOT, shut_down, wait_for


def shown(page) -> str:
    """Wait until the lesson's live map is on the page; the id of the page's kernel."""
    page.locator("canvas.warkit-map").first.wait_for(state="visible", timeout=90_000)
    return page.evaluate(KERNEL_ID_JS)


def test_a_lesson_tabs_kernel_stops_when_it_reloads_or_closes(browser, lesson_server):
    url, log = lesson_server
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(url, timeout=90_000)
    first = shown(page)
    assert any(cookie["name"] == "_xsrf" for cookie in ctx.cookies())
    page.reload(timeout=90_000)  # the lesson again, on a new kernel
    second = shown(page)
    assert second != first
    assert shut_down(log, first), log.read_text()[-3000:]

    page.close(run_before_unload=True)
    assert shut_down(log, second), log.read_text()[-3000:]
    ctx.close()
    assert "403 POST" not in log.read_text()  # no beacon refused


def test_idle_lesson_kernels_are_culled_as_notebooks_voila_json_says(lesson_server):
    """When no beacon comes (a crashed browser, a lost network), the culler stops the kernel:
    the lesson's server runs it with the game's settings."""
    _, log = lesson_server
    cull = json.loads((ROOT / "notebooks" / "voila.json").read_text())["MappingKernelManager"]
    started = (f"Culling kernels with idle durations > {cull['cull_idle_timeout']} seconds at "
               f"{cull['cull_interval']} second intervals")
    assert wait_for(log, started, 60), log.read_text()[-3000:]
