"""The turn timer's countdown, as the room's lobby shows it (both languages).

The room server's answer carries ``deadline`` (epoch seconds; ``None`` when no human
decision is timed: :mod:`.server.turn_timer`). :meth:`TimerPanel.show` turns it into the
seconds left by the kernel's clock (the room server's machine keeps time; a phone's clock may
be off by minutes), and the browser counts them down every second on its own (a tiny
``anywidget``), so the countdown runs smoothly without a message a second from the kernel.
The texts come from the rooms' catalogue in the page's language.
"""

from __future__ import annotations

import time

import anywidget
import traitlets

from .messages import tr

ESM = """
function clock(left) {
  const s = Math.max(0, Math.ceil(left));
  if (s >= 3600) {
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return `${h} h ${String(m).padStart(2, "0")} min`;
  }
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function render({ model, el }) {
  el.classList.add("warkit-timer");
  let end = null, timer = null;
  const draw = () => {
    const left = end === null ? null : (end - performance.now()) / 1000;
    el.style.display = left === null ? "none" : "";
    if (left === null) return;
    el.textContent = left > 0 ? model.get("running").replace("{time}", clock(left))
                              : model.get("up");
    el.classList.toggle("warkit-timer-low", left <= 10);
    el.style.color = left <= 10 ? "#a30000" : "";
    el.style.fontWeight = left <= 10 ? "bold" : "";
  };
  const restart = () => {
    const left = model.get("seconds_left");
    end = left < 0 ? null : performance.now() + 1000 * left;
    draw();
  };
  model.on("change:stamp", restart);
  restart();
  timer = setInterval(draw, 1000);
  return () => clearInterval(timer);
}
export default { render };
"""


def clock_text(seconds: float) -> str:
    """The time left as the countdown shows it: ``4:05`` under an hour, ``23 h 07 min``
    from an hour on (rounded up to the second; never below ``0:00``)."""
    left = max(0, int(-(-seconds // 1)))
    if left >= 3600:
        return f"{left // 3600} h {left % 3600 // 60:02d} min"
    return f"{left // 60}:{left % 60:02d}"


class CountdownWidget(anywidget.AnyWidget):
    """The browser side: ``seconds_left`` (negative: hidden) counted down from each new
    ``stamp``; ``running`` holds ``{time}``, ``up`` is shown at zero."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    seconds_left = traitlets.Float(-1.0).tag(sync=True)
    stamp = traitlets.Int(0).tag(sync=True)
    running = traitlets.Unicode("").tag(sync=True)
    up = traitlets.Unicode("").tag(sync=True)


class TimerPanel:
    """The countdown of the pending decision; give it each answer of the room server."""

    def __init__(self) -> None:
        self.widget = CountdownWidget()
        self._shown: tuple[object, ...] | None = None

    def show(self, deadline: float | None, name: str, yours: bool, lang: str = "pt",
             now: float | None = None) -> None:
        """Count down to ``deadline`` (``None``: hide), the decision of ``name`` (``yours``:
        the page's own seat), in ``lang``."""
        w = self.widget
        shown = (deadline, name, yours, lang)
        if shown == self._shown:
            return  # the same countdown: the browser keeps counting (no message)
        self._shown = shown
        if deadline is None:
            left = -1.0
        else:
            left = max(0.0, deadline - (time.time() if now is None else now))
        running = (tr("timer.yours", lang, time="{time}") if yours
                   else tr("timer.left", lang, name=name, time="{time}"))
        with w.hold_sync():
            w.running, w.up = running, tr("timer.up", lang, name=name)
            w.seconds_left = left
            w.stamp += 1

    def text(self, elapsed: float = 0.0) -> str:
        """What the countdown says ``elapsed`` seconds after the last :meth:`show` (as the
        browser shows it: for tests, and for reading it in the kernel)."""
        w = self.widget
        if w.seconds_left < 0:
            return ""
        left = w.seconds_left - elapsed
        return w.running.replace("{time}", clock_text(left)) if left > 0 else w.up


def timed_out_note(lang: str = "pt") -> str:
    """What a lobby writes beside a seat whose time ran out (the answer's
    ``seats[i]["timed_out"]``)."""
    return tr("timer.timed_out", lang)


__all__ = ["CountdownWidget", "TimerPanel", "clock_text", "timed_out_note"]
