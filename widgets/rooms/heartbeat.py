"""A room page's heartbeat: a hidden widget whose ticks come from the browser.

A seat is "here" while its page is open and answering in a browser, not while its kernel
long-polls the room server (a kernel outlives a closed tab for a while). The ticker runs in
the browser (a tiny ``anywidget``: ``setInterval`` in the page, stopped when the view goes
away): every ``interval`` seconds it raises ``beats``, and each change reaching the kernel
calls the page's callback, which sends the room server the seat's beat
(:meth:`~.server.client.RoomClient.beat`). A closed tab, a crashed browser or a lost network
stops the beats; :data:`~.presence.ABSENT_AFTER` seconds after the last one the other seats
are offered "let a computer play".

The ipywidgets ``Play`` control would also tick in the browser, but it starts only on a
change of ``playing`` seen by a rendered view, which the kernel cannot time; anywidget (the
invitations' copy button uses it already) starts with the view and stops with it.

Browsers slow the timers of hidden tabs (Chromium: once a second, then once a minute after
five minutes hidden), so a seat whose tab stays hidden a long time may show "away". The
ticks stop as soon as the page starts to leave: Voilà closes the kernel's connection then.

The ticks also tell the kernel whether its page is still open anywhere
(:meth:`Heartbeat.heard_within`): a room page's kernel stops following the room once its
browser has been silent for :data:`GONE_AFTER` seconds (:mod:`.follower`), so the kernel of a
tab gone without Voilà's shutdown beacon (a crashed browser, a phone, a lost network) falls
idle and Jupyter's culler stops it, instead of being kept busy by the room's answers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import anywidget
import traitlets

from .store import RoomError

LOG = logging.getLogger("warkit_widgets.rooms")

BEAT_EVERY = 2.0
"""Seconds between two beats (the server notes one every :data:`~.server.core.HEARTBEAT`
seconds at most; a seat is "here" within :data:`~.presence.HERE_WITHIN`)."""
GONE_AFTER = 150.0
"""Seconds without a tick after which a page is taken as closed: Chromium still ticks a
hidden tab about once a minute, so an open page is never silent this long (a page whose
ticks come back is followed again at once)."""

ESM = """
function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("warkit-heartbeat");
  const tick = () => {
    model.set("beats", model.get("beats") + 1);
    model.save_changes();
  };
  tick();  // at once: the seat is here as soon as its page shows
  const timer = setInterval(tick, 1000 * model.get("interval"));
  // Voila closes the kernel's connection when the page starts to leave (a reload, a link),
  // while the old page may live on for seconds: a tick then would fail in the console.
  const stop = () => clearInterval(timer);
  window.addEventListener("beforeunload", stop);
  return () => {
    stop();
    window.removeEventListener("beforeunload", stop);
  };
}
export default { render };
"""


class TickerWidget(anywidget.AnyWidget):
    """The browser side: counts ``beats`` every ``interval`` seconds while a view is open."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    interval = traitlets.Float(BEAT_EVERY).tag(sync=True)
    beats = traitlets.Int(0).tag(sync=True)


class Heartbeat:
    """Calls ``on_beat()`` at each tick of the page's browser (never from the kernel alone),
    on a thread of its own (the kernel's loop never waits for the room server; a tick that
    comes while the last beat is still on its way is skipped). ``on_beat`` ``None``: the
    ticks are only counted (a spectator's page has no seat to keep, but may be gone).

    Show :attr:`widget` anywhere on the page (it takes no room). A refused or failed beat
    (the room server unreachable for a moment) is logged: the next beat tries again."""

    def __init__(self, on_beat: Callable[[], object] | None, interval: float = BEAT_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if interval <= 0:
            raise ValueError(f"a heartbeat's interval is a positive number of seconds, "
                             f"not {interval!r}")
        self.on_beat = on_beat
        self.clock = clock
        self.widget = TickerWidget(interval=interval)
        self.widget.observe(self._beat, names="beats")
        self.beats = 0
        """Ticks received from the browser (for the page and its tests)."""
        self.last_tick = clock()
        """When the browser last ticked (at first: when the page was made, which its
        browser has yet to show)."""
        self._sending: threading.Thread | None = None
        self.failure: BaseException | None = None
        """What the last beat raised other than a refusal (a bug: kept, logged)."""

    def heard_within(self, seconds: float) -> bool:
        """Has the page's browser ticked in the last ``seconds`` (or was the page made
        then)?"""
        return self.clock() - self.last_tick < seconds

    def _beat(self, change: dict[str, object]) -> None:
        self.beats += 1
        self.last_tick = self.clock()
        if self.on_beat is None:
            return
        if self._sending is not None and self._sending.is_alive():
            return
        self._sending = threading.Thread(target=self._send, args=(self.on_beat,), daemon=True,
                                         name="warkit-room-heartbeat")
        self._sending.start()

    def _send(self, on_beat: Callable[[], object]) -> None:
        try:
            on_beat()
        except RoomError as exc:
            LOG.info("a heartbeat did not reach the room server: %s", exc)
        except Exception as exc:
            self.failure = exc
            LOG.exception("a heartbeat failed")

    def join(self, timeout: float = 10.0) -> None:
        """Wait until the beat on its way has been sent (tests, a page closing)."""
        if self._sending is not None:
            self._sending.join(timeout)

    def close(self) -> None:
        self.widget.unobserve(self._beat, names="beats")
        self.widget.close()
        self.join(1.0)


__all__ = ["BEAT_EVERY", "ESM", "GONE_AFTER", "Heartbeat", "TickerWidget"]
