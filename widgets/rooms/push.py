"""Who hears of new moves: the callbacks of :meth:`GameStore.subscribe` and the thread that
feeds them.

A store tells its subscribers ``(code, seq)`` - "room ``code`` has entry ``seq``" - as soon
as it learns of it: SQLite right after its own commit (in this process), PostgreSQL through
``LISTEN`` (every server on the database hears every commit's ``NOTIFY``). A slow poll of
the log (:data:`SAFETY_POLL` seconds) is only the safety net: it finds what a lost
notification, a listener that was reconnecting or another process's SQLite write left
untold. Each entry is told once per process (:class:`Subscribers` keeps the largest ``seq``
told per room), whichever path saw it first.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable

Moved = Callable[[str, int], object]
"""A subscriber: called with a room's code and the ``seq`` of its newest entry. It runs on
the store's thread (a listener's, or the writer's own for SQLite): it must be quick and hand
the work to its own loop (``loop.call_soon_threadsafe``)."""

SAFETY_POLL = 3.0
"""Seconds between two looks at the logs when no notification came (the safety net)."""
CLOCK_MARGIN = 60.0
"""How far back (seconds) the safety poll looks before its last look: entries carry their
writer's clock, and two servers' clocks may differ a little."""
WAIT_SLICE = 1.0
"""Seconds of one wait for notifications (the thread checks it should stop in between)."""
FORGET_AFTER = 600.0
"""Seconds after which a quiet room's last told ``seq`` is forgotten (memory stays small)."""

LOG = logging.getLogger("warkit_widgets.rooms")


class Subscribers:
    """The callbacks of one store location in this process; tells each new entry once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._callbacks: list[Moved] = []
        self._told: dict[str, tuple[int, float]] = {}

    def add(self, callback: Moved) -> Callable[[], None]:
        """Subscribe ``callback``; returns the function that unsubscribes it."""
        with self._lock:
            self._callbacks.append(callback)

        def remove() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)

        return remove

    def __len__(self) -> int:
        return len(self._callbacks)

    def tell(self, code: str, seq: int) -> bool:
        """Tell every subscriber that room ``code`` has entry ``seq``, unless an entry as
        new was told already; ``True`` if told. A subscriber's exception is logged, never
        passed to the writer or the listener."""
        now = time.monotonic()
        with self._lock:
            told = self._told.get(code)
            if told is not None and told[0] >= seq:
                return False
            self._told[code] = (seq, now)
            if len(self._told) > 64:
                self._told = {c: t for c, t in self._told.items() if now - t[1] < FORGET_AFTER}
            callbacks = list(self._callbacks)
        for callback in callbacks:
            try:
                callback(code, seq)
            except Exception:
                LOG.exception("a room subscriber failed on %s:%d", code, seq)
        return True


Wait = Callable[[float], Iterable[tuple[str, int]]]
"""Blocks up to the given seconds for pushed ``(code, seq)`` notifications, yielding them."""
Recent = Callable[[float], Iterable[tuple[str, int]]]
"""Each room's newest entry among the entries written since the given time (the poll)."""


class Watcher:
    """A daemon thread: waits for pushed notifications (``wait``), and every
    :data:`SAFETY_POLL` seconds polls the logs (``recent``); tells ``subscribers``. A failure
    (the database restarting) is retried with back-off (0,1 s doubling up to 5 s)."""

    def __init__(self, name: str, wait: Wait, recent: Recent, subscribers: Subscribers,
                 every: float = SAFETY_POLL) -> None:
        self.wait, self.recent, self.subscribers, self.every = wait, recent, subscribers, every
        self._stop = threading.Event()
        self.failures = 0
        """Failures in a row (0: listening)."""
        self.lost = 0
        """Failures in all (a database restart makes at least one)."""
        self.polls = 0
        self.slices = 0
        """Waits for notifications that ended without a failure."""
        self.pushed = 0
        """Entries told through the push path (``wait``) and found by the poll, for tests."""
        self.found = 0
        self.thread = threading.Thread(target=self._run, daemon=True, name=name)

    def start(self) -> Watcher:
        self.thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        since = time.time() - CLOCK_MARGIN
        while not self._stop.is_set():
            try:
                deadline = time.monotonic() + self.every
                while not self._stop.is_set() and time.monotonic() < deadline:
                    slice_ = min(WAIT_SLICE, max(0.0, deadline - time.monotonic()))
                    for code, seq in self.wait(slice_):
                        self.pushed += self.subscribers.tell(code, seq)
                    self.failures = 0
                    self.slices += 1
                now = time.time()
                for code, seq in self.recent(since):
                    self.found += self.subscribers.tell(code, seq)
                self.polls += 1
                since = now - CLOCK_MARGIN
            except Exception as exc:
                if self._stop.is_set():
                    break  # closed with its store: the connection going away is no news
                self.failures += 1
                self.lost += 1
                LOG.warning("room listener: %s (try %d)", exc, self.failures)
                self._stop.wait(min(5.0, 0.1 * 2 ** min(self.failures, 6)))


__all__ = ["SAFETY_POLL", "Moved", "Subscribers", "Watcher"]
