"""Rooms on PostgreSQL, shared by several servers: pooled connections, pushed moves, restarts.

- **Pooled per process, not per page**: every store on one URL in a process draws from one
  ``psycopg_pool.ConnectionPool`` (:data:`POOL_SIZE` connections at most,
  ``$WARKIT_STORE_POOL``), which checks a connection before lending it and reconnects with
  back-off by itself after the server restarted.
- **Pushed**: each append ``NOTIFY``s the store's :data:`CHANNEL` with ``CODE:SEQ`` inside its
  transaction (sent on commit only); :meth:`PostgresStore.subscribe` starts one listener per
  process and URL, on a connection of its own (``LISTEN``), reconnecting with back-off.
- **Restarts**: a call made while the server is away waits for the pool a moment, retries,
  then raises :class:`~.store.StoreUnavailable` ("reconnecting..."); nothing half-written
  stays (every write is one transaction).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .lifecycle import Lifecycle
from .store import RECENT_HEADS, SqlStore, StoreUnavailable

CHANNEL = "warkit_moves"
"""The channel every append notifies (one per database: NOTIFY never leaves its database)."""
POOL_SIZE = 4
"""Connections a process keeps at most for one URL (``$WARKIT_STORE_POOL``): a room server
serving hundreds of pages needs no more (a query takes about a millisecond)."""
POOL_WAIT = 1.0
"""Seconds a call waits for a pooled connection before it counts as unavailable."""


def pool_size() -> int:
    text = os.environ.get("WARKIT_STORE_POOL", "").strip()
    if not text:
        return POOL_SIZE
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"$WARKIT_STORE_POOL must be a whole number of connections (1 or "
                         f"more), not {text!r}")
    return int(text)


class PostgresStore(SqlStore):
    """Rooms shared by several servers (a JupyterHub, servers behind a load balancer)."""

    placeholder = "%s"

    def __init__(self, url: str, lifecycle: Lifecycle | None = None, *,
                 channel: str = CHANNEL) -> None:
        import psycopg
        import psycopg_pool

        self.duplicate = (psycopg.errors.UniqueViolation,)
        self._lost = (psycopg.OperationalError, psycopg_pool.PoolTimeout)
        self.url, self.channel = url, channel
        super().__init__(url, lifecycle)

    def _open_pool(self) -> Any:
        from psycopg_pool import ConnectionPool

        return ConnectionPool(self.url, min_size=1, max_size=pool_size(), open=True,
                              kwargs={"autocommit": True}, name="warkit-rooms",
                              check=ConnectionPool.check_connection, num_workers=1,
                              max_idle=120.0, reconnect_timeout=24 * 3600.0)

    @staticmethod
    def _close_pool(pool: Any) -> None:
        pool.close()

    def _poller(self) -> Callable[[float], Iterable[tuple[str, int]]]:
        """The safety poll through the pool (not through this store: the watcher must not
        keep it alive)."""
        pool, lost = self.pool, self._lost

        def recent(since: float) -> list[tuple[str, int]]:
            try:
                with pool.connection(timeout=POOL_WAIT) as conn:
                    rows = conn.execute(RECENT_HEADS.replace("?", "%s"), (since,)).fetchall()
            except lost as exc:
                raise StoreUnavailable(f"the rooms' database is unreachable: {exc}") from exc
            return [(code, int(seq)) for code, seq in rows]

        return recent

    @property
    def pool(self) -> Any:
        """This process's connection pool for the URL (shared by every store on it)."""
        return self.shared.pool

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        try:
            with self.pool.connection(timeout=POOL_WAIT) as conn, conn.transaction(), \
                    conn.cursor() as cur:
                yield cur
        except self._lost as exc:
            raise StoreUnavailable(f"the rooms' database is unreachable: {exc}") from exc

    def _notify(self, cur: Any, code: str, seq: int) -> None:
        cur.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{code}:{seq}"))

    def _pushed(self) -> Callable[[float], Iterable[tuple[str, int]]]:
        """Waits on a ``LISTEN`` connection of its own (made again after a failure: the
        watcher retries with back-off, and its safety poll finds what was missed)."""
        import psycopg

        url, channel = self.url, self.channel
        held: list[psycopg.Connection] = []

        def wait(timeout: float) -> Iterator[tuple[str, int]]:
            if not held:
                conn = psycopg.connect(url, autocommit=True, connect_timeout=5)
                conn.execute(f"LISTEN {channel}")
                held.append(conn)
            try:
                for note in held[0].notifies(timeout=timeout):
                    code, _, seq = note.payload.rpartition(":")
                    if code and seq.isdigit():
                        yield code, int(seq)
            except Exception:
                with contextlib.suppress(Exception):
                    held.pop().close()
                raise

        return wait


__all__ = ["CHANNEL", "POOL_SIZE", "PostgresStore"]
