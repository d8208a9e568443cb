"""Live updates: a thread per page that long-polls the room server and hands each answer to
the page.

The thread asks :meth:`~.server.client.RoomClient.wait` for the room past the version the
page knows, from the first step the page has not received; the server answers as soon as the
room changes (or after :data:`WAIT` seconds, which is also the page's sign of life). The
answer is *posted* to the kernel's event loop (``post`` is ``loop.call_soon_threadsafe``),
so the game and the widgets are only ever touched from the loop, between clicks. When the
server cannot be reached, the page is told (``on_trouble``: "reconnecting…") and the thread
tries again, waiting longer each time (:data:`BACKOFF`).

While ``open_in_browser()`` says no (the page's browser has stopped ticking: its tab is gone),
the thread asks nothing: the page's widgets stop changing, so its kernel falls idle and
Jupyter's culler may stop it. It asks again, from what the page knows, as soon as the browser
ticks again (a tab that was only asleep).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from .server.client import RoomServerError
from .server.service import RoomApi

WAIT = 4.0
"""Seconds a long-poll waits for a change (asking is not a sign of life: the page's browser
beats, :mod:`.heartbeat`); every answer redraws the lobby, whose "away for N s" changes."""
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds to wait before the next try after 1, 2, 3... failures in a row (then the last)."""
ASLEEP_CHECK = 1.0
"""Seconds between two looks at ``open_in_browser`` while the page is taken as gone."""

Post = Callable[[Callable[[], object]], object]


class RoomFollower:
    """Follows ``client``'s room for a page: ``known()`` gives (version, first step not
    received); each answer goes to ``on_answer`` and each failure to ``on_trouble``, both
    through ``post``; nothing is asked while ``open_in_browser()`` is false."""

    def __init__(self, client: RoomApi, *, known: Callable[[], tuple[int, int]],
                 on_answer: Callable[[dict[str, Any]], object],
                 on_trouble: Callable[[RoomServerError], object], post: Post,
                 wait: float = WAIT,
                 open_in_browser: Callable[[], bool] = lambda: True) -> None:
        self.client, self.known, self.post, self.wait = client, known, post, wait
        self.on_answer, self.on_trouble = on_answer, on_trouble
        self.open_in_browser = open_in_browser
        self._stop = threading.Event()
        self._handled = threading.Event()
        self.failures = 0
        """Failed asks in a row (0: the last one was answered)."""
        self.thread: threading.Thread | None = None

    def start(self) -> RoomFollower:
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name=f"warkit-room-{self.client.code}")
        self.thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and not self._stop.is_set()

    def follow_once(self) -> bool:
        """One long-poll; ``True`` if it was answered (and the answer posted)."""
        version, since = self.known()
        try:
            answer = self.client.wait(version, since, self.wait)
        except RoomServerError as exc:
            self.failures += 1
            if self.failures == 1 or exc.status not in (0, 503):
                self.post(partial(self.on_trouble, exc))
            return False
        if self._stop.is_set():
            return False
        back = self.failures > 0
        self.failures = 0
        self._handled.clear()
        self.post(lambda: self._deliver(answer | {"back": back}))
        # the next ask starts from what the page knows once this answer is taken
        self._handled.wait(self.wait * 2)
        return True

    def _deliver(self, answer: dict[str, Any]) -> None:
        try:
            self.on_answer(answer)
        finally:
            self._handled.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.open_in_browser():
                self._stop.wait(ASLEEP_CHECK)
            elif not self.follow_once():
                delay = BACKOFF[min(self.failures, len(BACKOFF)) - 1] if self.failures else 0.5
                self._stop.wait(delay)


__all__ = ["ASLEEP_CHECK", "BACKOFF", "WAIT", "RoomFollower"]
