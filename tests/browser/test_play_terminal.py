"""What a player reads in the terminal of ``make play``: nothing but the address.

Voilà serves the game as ``make play`` does (``notebooks/voila.json``, the room server
inside), a page is opened and played, then the server is stopped with Ctrl+C (SIGINT). The
server's log must hold no warning, no error and no traceback - from Voilà, Tornado, the room
server, the kernels (ipykernel warns about kernels over TCP; voila.json runs them over IPC)
or their shutdown (a ZMQError traceback once came from a kernel still waiting for its page).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from browser_helpers import PLAY, open_page, serve

NOISE = re.compile(r"WARNING|ERROR|Traceback|Error:|without encryption|ping_timeout|"
                   r"not trusted", re.IGNORECASE)


def test_a_played_page_and_ctrl_c_leave_a_quiet_terminal(browser, tmp_path: Path) -> None:
    # make play signs the notebook first (the Makefile's .trusted-play), as a fresh machine's
    # Jupyter has never seen it: Voilà warns that an unsigned notebook "is not trusted"
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(PLAY)], check=True,
                   capture_output=True)
    log = tmp_path / "voila.log"
    env = {"WARKIT_AUTOSAVE_DIR": str(tmp_path / "autosave"),
           "WARKIT_STORE": str(tmp_path / "rooms.sqlite")}
    with serve(PLAY, log, env, stop=signal.SIGINT,
               launcher="warkit_widgets.rooms.server.embedded") as url, open_page(
            browser, url, "button.warkit-start") as (page, _, _):
        page.locator("button.warkit-start").first.click()
        page.locator("canvas.warkit-map").first.wait_for(timeout=90_000)
        # The page took the preheated kernel; Voilà starts the next one 3 s later. A kernel
        # stopped while it is still starting prints ipykernel's own shutdown noise, so the
        # player's Ctrl+C comes once the pool is full again, as it does at a real table.
        deadline = time.monotonic() + 90
        while log.read_text().count("is filled with") < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(2)
    text = log.read_text()
    assert "running at" in text  # the log is the server's
    noisy = [line for line in text.splitlines() if NOISE.search(line)]
    assert not noisy, "\n".join(noisy)
