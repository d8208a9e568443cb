"""Live updates: a thread that watches a room's log and hands new moves to the page.

Reading the store's head (one indexed query) every :data:`POLL` seconds costs little; when it
moved past what the page shows, the page's :meth:`RoomController.sync` is *posted* to the
kernel's event loop (``post`` is ``loop.call_soon_threadsafe``), so the game and the widgets
are only ever touched from the loop, between clicks. Every :data:`HEARTBEAT` seconds the
thread also marks the seat present and asks for the lobby to be refreshed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .store import GameStore

POLL = 0.1
"""Seconds between two looks at the log's head (moves reach other screens within ~0.1 s)."""
HEARTBEAT = 2.0
"""Seconds between two signs of life of the seat (its presence in the lobby)."""

Post = Callable[[Callable[[], object]], object]


class RoomSync:
    """Watches room ``code`` for entries beyond ``known()``; calls ``on_moves`` (through
    ``post``) when there are some, ``on_heartbeat`` every :data:`HEARTBEAT` seconds."""

    def __init__(self, store: GameStore, code: str, credential: str, *,
                 known: Callable[[], int], on_moves: Callable[[], object],
                 on_heartbeat: Callable[[], object], post: Post) -> None:
        self.store, self.code, self.credential = store, code, credential
        self.known, self.on_moves, self.on_heartbeat, self.post = (known, on_moves,
                                                                   on_heartbeat, post)
        self._stop = threading.Event()
        self._posted = False  # a sync is waiting on the loop: don't post another
        self._last_beat = 0.0
        self.errors = 0
        self.thread: threading.Thread | None = None

    def start(self) -> RoomSync:
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name=f"warkit-room-{self.code}")
        self.thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and not self._stop.is_set()

    def poll_once(self) -> bool:
        """One look at the store; ``True`` if new moves were handed to the page."""
        now = time.monotonic()
        if now - self._last_beat >= HEARTBEAT:
            self._last_beat = now
            self.store.touch(self.credential)
            self.post(self.on_heartbeat)
        if self._posted or self.store.head(self.code) <= self.known():
            return False
        self._posted = True
        self.post(self._deliver)
        return True

    def _deliver(self) -> None:
        self._posted = False
        self.on_moves()

    def _run(self) -> None:
        while not self._stop.wait(POLL):
            try:
                self.poll_once()
            except Exception:  # a lost database connection: keep trying, slower
                self.errors += 1
                self._stop.wait(min(5.0, POLL * 2 ** min(self.errors, 6)))
