"""How long rooms are kept: finished games some days, abandoned ones some more, then deleted.

A room's rows (its seats, options, seed, log) are deleted by :meth:`GameStore.purge`:

- a **finished** room (its last move ended the game, :meth:`GameStore.finish`) after
  :attr:`Lifecycle.finished_days` (``$WARKIT_ROOMS_KEEP_FINISHED_DAYS``, default 7): time for
  everyone to download the full record and check the dice;
- an **abandoned** room (not finished, no move and no seat's page alive) after
  :attr:`Lifecycle.abandoned_days` (``$WARKIT_ROOMS_KEEP_ABANDONED_DAYS``, default 30): a
  correspondence game with a 24 h timer survives a week's holiday.

Every process that opens a store purges its location once at once (a server's start) and
then every :attr:`Lifecycle.every_hours` (``$WARKIT_ROOMS_PURGE_HOURS``, default 6), on one
daemon thread for all locations.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Protocol

LOG = logging.getLogger("warkit_widgets.rooms")


def _days(name: str, default: float) -> float:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise ValueError(f"${name} must be a number of days, not {text!r}") from None
    if value <= 0:
        raise ValueError(f"${name} must be more than 0 days, not {text!r}")
    return value


@dataclass(frozen=True)
class Lifecycle:
    """How many days finished and abandoned rooms are kept, and how often to purge."""

    finished_days: float = 7.0
    abandoned_days: float = 30.0
    every_hours: float = 6.0

    @classmethod
    def from_env(cls) -> Lifecycle:
        """The settings from ``$WARKIT_ROOMS_KEEP_FINISHED_DAYS``,
        ``$WARKIT_ROOMS_KEEP_ABANDONED_DAYS`` and ``$WARKIT_ROOMS_PURGE_HOURS`` (each
        optional; a bad value is a :class:`ValueError` naming the setting)."""
        return cls(_days("WARKIT_ROOMS_KEEP_FINISHED_DAYS", cls.finished_days),
                   _days("WARKIT_ROOMS_KEEP_ABANDONED_DAYS", cls.abandoned_days),
                   _days("WARKIT_ROOMS_PURGE_HOURS", cls.every_hours))


class Purged(Protocol):
    """A store as the purger sees it (:class:`~.store.SqlStore`)."""

    location: str
    lifecycle: Lifecycle

    @property
    def closed(self) -> bool: ...

    def purge(self, now: float | None = None) -> list[str]: ...


class _Purger:
    """The one thread purging every location this process opened a store on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stores: dict[str, weakref.WeakSet[Purged]] = {}
        self._fresh: set[str] = set()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def add(self, store: Purged) -> None:
        with self._lock:
            live = self._stores.setdefault(store.location, weakref.WeakSet())
            if not any(not s.closed for s in live):
                self._fresh.add(store.location)  # purged at once: the server's start
            self._stores[store.location].add(store)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="warkit-rooms-purge")
                self._thread.start()
        self._wake.set()

    def _round(self, locations: list[str]) -> None:
        for location in locations:
            with self._lock:
                live = [s for s in self._stores.get(location, ()) if not s.closed]
                if not live:
                    self._stores.pop(location, None)
                    continue
            try:
                deleted = live[0].purge()
            except Exception as exc:  # the database away: next round
                LOG.warning("purging old rooms of %s failed: %s", location, exc)
                continue
            if deleted:
                LOG.info("deleted %d old rooms", len(deleted))

    def _every(self) -> float:
        with self._lock:
            hours = [s.lifecycle.every_hours for live in self._stores.values() for s in live]
        return 3600.0 * min(hours, default=Lifecycle.every_hours)

    def _run(self) -> None:
        next_all = time.monotonic() + self._every()
        while True:
            self._wake.wait(max(0.0, min(60.0, next_all - time.monotonic())))
            self._wake.clear()
            with self._lock:
                fresh, self._fresh = sorted(self._fresh), set()
                locations = list(self._stores)
            if time.monotonic() >= next_all:
                next_all = time.monotonic() + self._every()
                self._round(locations)
            else:
                self._round(fresh)


PURGER = _Purger()


def schedule_purges(store: Purged) -> None:
    """Purge ``store``'s location now (in the background) and every
    :attr:`Lifecycle.every_hours` while a store on it is open in this process."""
    PURGER.add(store)


__all__ = ["Lifecycle", "schedule_purges"]
