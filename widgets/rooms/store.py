"""Where rooms live: one small interface, an SQL implementation for SQLite and PostgreSQL.

A room's moves are an append-only log: entry ``seq`` is the room's ``seq``-th action after
the dealt set-up, written by the seat ``actor`` (or ``CHANCE``) in the engine's text form
(:func:`warkit.parse_action` reads it back). :meth:`GameStore.append` succeeds only at the
expected sequence number (optimistic concurrency): two pages acting at once cannot both
write entry ``seq`` - exactly one wins, the other reads the winner's move and tries again
if it still makes sense. Every append carries the writer's secret credential, checked
against the seat it writes for (boardgame.io's ``credentials``); the store keeps only a
hash of each credential, so reading the database reveals no seat's link. The spectator
link's key is kept as it is (:meth:`GameStore.watch_key`): it opens public information only,
and every player's page offers it to share.

On PostgreSQL (:class:`PostgresStore`, shared by several servers): connections pooled per
process (``psycopg_pool``), a ``NOTIFY`` after each append heard by every server's
:meth:`GameStore.subscribe`, restarts met with retries and :class:`StoreUnavailable`.

What the store cannot know (is the move legal? is a chance entry the one the room's seed
deals?) is checked by :func:`warkit_widgets.rooms.room.replay` on every read.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sqlite3
import threading
import time
import weakref
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import warkit
from warkit import CHANCE

from .lifecycle import Lifecycle, schedule_purges
from .push import SAFETY_POLL, Moved, Subscribers, Watcher

HUMAN = "human"


class RoomError(ValueError):
    """A request the store refuses (unknown room, bad credential, bad entry): nothing changed."""


class StoreUnavailable(RoomError):
    """The rooms' database cannot be reached now (a PostgreSQL server restarting, an SQLite
    file another writer holds too long): nothing was written, and the store reconnects with
    back-off by itself. A page shows :meth:`text` (in its language) and tries again; a move
    retried after it is never doubled (appends are checked by their ``seq``)."""

    def text(self, lang: str) -> str:
        """What to tell the player: "reconectando..." / "reconnecting..."."""
        from .messages import tr

        return tr("room.reconnecting", lang)

    for_player = text
    """The name :class:`~warkit_widgets.report.ErrorReporter` asks an error for."""


def credential_hash(credential: str) -> str:
    """What the store keeps of a secret credential (SHA-256, hex)."""
    return hashlib.sha256(credential.encode()).hexdigest()


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a room: name, colour, ``kind`` ("human" or a computer level), presence."""

    seat: int
    name: str
    color: str
    kind: str = HUMAN
    joined: float | None = None
    """When someone first opened the seat's link (``None``: nobody yet)."""
    seen: float | None = None
    """The seat's page's last sign of life (its poller touches it)."""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class RoomInfo:
    """A room as the store knows it (never the credentials)."""

    code: str
    rules: str
    seed: int
    seats: tuple[SeatInfo, ...]
    lang: str = "pt"
    created: float = field(default_factory=time.time)
    coach: bool = True
    """May the players ask the coach for hints (the host's choice)?"""
    hints: tuple[int, ...] = ()
    """Hints each seat asked for so far (empty: none yet)."""


@dataclass(frozen=True)
class Entry:
    """One logged action: its sequence number, who made it, its text."""

    seq: int
    actor: int
    action: str
    at: float = 0.0


@dataclass(frozen=True)
class Access:
    """What a credential opens: a room and a seat (``None`` for the spectator link)."""

    code: str
    seat: int | None


class GameStore(ABC):
    """The interface the rooms use; see the module docstring for the rules it keeps."""

    @abstractmethod
    def create(self, room: RoomInfo, credentials: Sequence[str], spectator: str) -> None:
        """Store a new room; ``credentials[i]`` is seat ``i``'s secret."""

    @abstractmethod
    def room(self, code: str) -> RoomInfo:
        """The room with this code (:class:`RoomError` if none)."""

    @abstractmethod
    def access(self, credential: str) -> Access:
        """The room and seat a credential opens (:class:`RoomError` if none)."""

    @abstractmethod
    def rooms(self, credential: str) -> list[RoomInfo]:
        """The rooms this credential belongs to (never anyone else's games)."""

    @abstractmethod
    def count_hint(self, code: str, credential: str) -> int:
        """One more hint asked by the seat ``credential`` opens (refused when the host turned
        hints off); returns that seat's count."""

    @abstractmethod
    def watch_key(self, code: str) -> str | None:
        """The room's spectator key (public information only: any player may share it)."""

    @abstractmethod
    def head(self, code: str) -> int:
        """The next sequence number of the room's log (its number of entries)."""

    @abstractmethod
    def read(self, code: str, since: int = 0) -> list[Entry]:
        """The room's entries from ``since`` on, in order."""

    @abstractmethod
    def append(self, code: str, seq: int, actor: int, action: str, credential: str) -> bool:
        """Write entry ``seq``; ``False`` if it exists already (someone was first).

        Refuses with :class:`RoomError` (writing nothing) an action text the engine cannot
        read, a ``seq`` beyond the end, or a credential that may not write for ``actor``:
        a human seat's own credential only; a computer seat's, the claim holder's
        (:meth:`claim`); chance, any seat of the room."""

    @abstractmethod
    def write(self, code: str, seq: int, actor: int, action: str) -> bool:
        """The room server's own append (:mod:`warkit_widgets.rooms.server`): entry ``seq``
        for ``actor`` with no seat credential, ``False`` if it exists already. Only the room
        server calls it, after checking the move against the full state itself; it refuses
        an unreadable text or a ``seq`` beyond the end like :meth:`append`."""

    @abstractmethod
    def touch(self, credential: str) -> None:
        """Mark the credential's seat present now (the first time: joined)."""

    @abstractmethod
    def set_kind(self, code: str, seat: int, kind: str, credential: str) -> None:
        """Hand a seat to a computer (``kind`` a level) or back to its human; any seat of the
        room may do it (the lobby offers it only for a seat absent for a while)."""

    @abstractmethod
    def claim(self, code: str, credential: str, ttl: float = 5.0) -> bool:
        """Take or renew the room's computer duty for ``ttl`` seconds; ``False`` while another
        credential holds it. Exactly one page plays the computers and chance of a room."""

    def close(self) -> None:  # noqa: B027 - optional
        """Release connections."""

    # -- pushed moves and the rooms' lifecycle (defaults for stores without them) ---------
    def subscribe(self, callback: Moved) -> Callable[[], None]:
        """Call ``callback(code, seq)`` whenever room ``code`` gets entry ``seq`` (written
        through any store on the same database: another server's too); returns the function
        that unsubscribes. See :mod:`.push` (a slow poll is the safety net)."""
        raise NotImplementedError(f"{type(self).__name__} pushes no moves: poll head()")

    def finish(self, code: str, credential: str | None = None  # noqa: B027 - optional
               ) -> None:
        """Note that room ``code``'s game is over (its lifecycle: kept
        :attr:`~.lifecycle.Lifecycle.finished_days` more days). ``credential``: a seat of
        the room; ``None``: the room server itself, which checked the end on the full state
        (as for :meth:`write`)."""

    def purge(self, now: float | None = None) -> list[str]:
        """Delete the rooms past their time (:mod:`.lifecycle`); their codes."""
        return []


def private_file(path: Path) -> None:
    """Create ``path`` readable and writable by its owner only (0600) if it does not exist:
    a room's database holds seeds and every hand (other users of the machine must not read
    it). An existing file keeps its mode."""
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def check_action_text(action: str) -> None:
    """Refuse an entry whose text the engine cannot read back."""
    try:
        warkit.parse_action(action)
    except Exception as exc:
        raise RoomError(f"unreadable action {action!r}: {exc}") from None


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, rules TEXT NOT NULL,
    seed BIGINT NOT NULL, lang TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
    spectator TEXT NOT NULL, holder TEXT, until DOUBLE PRECISION)""",
    """CREATE TABLE IF NOT EXISTS seats (code TEXT NOT NULL, seat INTEGER NOT NULL,
    secret TEXT NOT NULL UNIQUE, name TEXT NOT NULL, color TEXT NOT NULL, kind TEXT NOT NULL,
    joined DOUBLE PRECISION, seen DOUBLE PRECISION, PRIMARY KEY (code, seat))""",
    """CREATE TABLE IF NOT EXISTS room_options (code TEXT NOT NULL, name TEXT NOT NULL,
    value INTEGER NOT NULL, PRIMARY KEY (code, name))""",
    """CREATE TABLE IF NOT EXISTS watch_keys (code TEXT PRIMARY KEY, secret TEXT NOT NULL)""",
    # a room's seed (256 bits: more than BIGINT holds) as decimal text; rooms made before it
    # keep theirs in rooms.seed (and 0 there for the others)
    """CREATE TABLE IF NOT EXISTS room_seeds (code TEXT PRIMARY KEY, seed TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, seq INTEGER NOT NULL,
    actor INTEGER NOT NULL, action TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (code, seq))""",
    # the safety poll of the pushed moves looks for the entries written lately
    """CREATE INDEX IF NOT EXISTS moves_at ON moves (at)""",
    # when a room's game ended (its lifecycle: kept so many days, then deleted)
    """CREATE TABLE IF NOT EXISTS room_ends (code TEXT PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL)""",
)
ROOM_TABLES = ("moves", "seats", "room_options", "watch_keys", "room_seeds", "room_ends", "rooms")
"""Every table holding a room's rows (deleting a room deletes from each, ``rooms`` last)."""

RECENT_HEADS = "SELECT code, MAX(seq) FROM moves WHERE at >= ? GROUP BY code"
"""Each room's newest entry among those written lately (the safety poll)."""

RETRY_FOR = 3.0
"""Seconds a call keeps retrying while the database is unreachable, before it raises
:class:`StoreUnavailable` (the caller, a page's poller or the room server, tries later)."""

T = TypeVar("T")


def retrying(method: Callable[..., T]) -> Callable[..., T]:
    """``method`` retried with back-off (0,05 s doubling) for :data:`RETRY_FOR` seconds
    while it raises :class:`StoreUnavailable`; for calls that may run twice (reads,
    appends checked by their ``seq``, presence), never for ``create`` or ``count_hint``."""

    @functools.wraps(method)
    def wrapper(self: SqlStore, *args: Any, **kwargs: Any) -> T:
        give_up, delay = time.monotonic() + self.retry_for, 0.05
        while True:
            try:
                return method(self, *args, **kwargs)
            except StoreUnavailable:
                if time.monotonic() + delay > give_up:
                    raise
                time.sleep(delay)
                delay = min(1.0, delay * 2)

    return wrapper


@dataclass
class Shared:
    """What every store on one location (a database URL, an SQLite file) shares in this
    process: the connection pool, the subscribers and the thread that feeds them."""

    subscribers: Subscribers = field(default_factory=Subscribers)
    watcher: Watcher | None = None
    pool: Any = None
    users: int = 0
    ready: bool = False
    """The schema was made (once per process and location)."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    close_pool: Callable[[], object] | None = None


_SHARED: dict[str, Shared] = {}
_SHARED_LOCK = threading.Lock()
_DROPPED: deque[tuple[str, Shared]] = deque()
"""Stores garbage-collected unclosed, released at the next store's opening or closing."""


def _dropped(location: str, shared: Shared) -> None:
    """A store collected unclosed (a page's kernel gone): noted only, never released here -
    the garbage collector may run this on any thread, even one another thread waits for
    while it holds the lock."""
    _DROPPED.append((location, shared))


def _release_dropped() -> None:
    while _DROPPED:
        try:
            location, shared = _DROPPED.popleft()
        except IndexError:
            return
        _release(location, shared)


def _release(location: str, shared: Shared) -> None:
    """One store less on ``location``; the last one stops the listener and closes the pool
    (on a thread of its own)."""
    with _SHARED_LOCK:
        shared.users -= 1
        if shared.users > 0 or _SHARED.get(location) is not shared:
            return
        del _SHARED[location]
    if shared.watcher is not None:
        shared.watcher.stop()
    if shared.close_pool is not None:
        threading.Thread(target=shared.close_pool, daemon=True,
                         name="warkit-rooms-pool-close").start()


class SqlStore(GameStore):
    """The store on an SQL database (the queries are written for both SQLite and PostgreSQL;
    subclasses give a connection and the integrity error raised by a duplicate key).

    Every store on the same location in a process shares one :class:`Shared`: PostgreSQL's
    connections are pooled per process, not per page, and the subscribers of
    :meth:`subscribe` are told of each entry once."""

    placeholder = "?"
    retry_for = RETRY_FOR
    safety_poll = SAFETY_POLL
    """Seconds between two looks at the logs by :meth:`subscribe`'s watcher (the safety net
    of the pushed moves)."""

    def __init__(self, location: str, lifecycle: Lifecycle | None = None) -> None:
        self.location = location
        self.lifecycle = lifecycle or Lifecycle.from_env()
        self._closed = False
        _release_dropped()
        with _SHARED_LOCK:
            shared = self.shared = _SHARED.setdefault(location, Shared())
            shared.users += 1
            if shared.pool is None:
                shared.pool = self.open_pool()
                if shared.pool is not None:
                    shared.close_pool = functools.partial(self.close_pool_of, shared.pool)
        self._finalizer = weakref.finalize(self, _dropped, location, shared)
        try:
            with shared.lock:
                if not shared.ready:
                    with self.transaction() as cur:
                        for statement in SCHEMA:
                            cur.execute(statement)
                    shared.ready = True
        except BaseException:
            self.close()
            raise
        schedule_purges(self)

    # -- to provide ------------------------------------------------------------------------
    @abstractmethod
    def transaction(self) -> AbstractContextManager[Any]:
        """A cursor inside one transaction (committed on leaving, rolled back on an error);
        :class:`StoreUnavailable` when the database cannot be reached."""

    def open_pool(self) -> Any:
        """The connections this process keeps for the location (``None``: none shared)."""
        return None

    @staticmethod
    def close_pool_of(pool: Any) -> None:
        """Close what :meth:`open_pool` opened (the last store of the location closed)."""

    def notify_others(self, cur: Any, code: str, seq: int) -> None:
        """Tell the other processes, inside the append's transaction (sent on commit)."""

    def pushed_waiter(self) -> Callable[[float], Iterable[tuple[str, int]]]:
        """The watcher's wait for the others' notifications; by default none come (the
        safety poll alone finds another process's moves)."""

        def wait(timeout: float) -> Iterable[tuple[str, int]]:
            time.sleep(timeout)
            return ()

        return wait

    def safety_poller(self) -> Callable[[float], Iterable[tuple[str, int]]]:
        """The watcher's safety poll (by default through this store's connections)."""
        return self.recent_heads

    duplicate: tuple[type[BaseException], ...] = ()

    def _q(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    @contextmanager
    def reading(self) -> Iterator[Any]:
        """A cursor for reading only (by default a transaction like any other)."""
        with self.transaction() as cur:
            yield cur

    def _all(self, sql: str, *args: Any) -> list[tuple]:
        with self.reading() as cur:
            cur.execute(self._q(sql), args)
            return list(cur.fetchall())

    # -- the interface ---------------------------------------------------------------------
    def create(self, room: RoomInfo, credentials: Sequence[str], spectator: str) -> None:
        if len(credentials) != len(room.seats):
            raise RoomError(f"{len(credentials)} credentials for {len(room.seats)} seats")
        with self.transaction() as cur:
            cur.execute(self._q("INSERT INTO rooms (code, rules, seed, lang, created, spectator)"
                                " VALUES (?, ?, ?, ?, ?, ?)"),
                        (room.code, room.rules, 0, room.lang, room.created,
                         credential_hash(spectator)))
            cur.execute(self._q("INSERT INTO room_seeds (code, seed) VALUES (?, ?)"),
                        (room.code, str(room.seed)))
            cur.execute(self._q("INSERT INTO watch_keys (code, secret) VALUES (?, ?)"),
                        (room.code, spectator))
            cur.execute(self._q("INSERT INTO room_options (code, name, value) VALUES (?, ?, ?)"),
                        (room.code, "coach", int(room.coach)))
            for seat, secret in zip(room.seats, credentials, strict=True):
                cur.execute(self._q("INSERT INTO seats (code, seat, secret, name, color, kind)"
                                    " VALUES (?, ?, ?, ?, ?, ?)"),
                            (room.code, seat.seat, credential_hash(secret), seat.name,
                             seat.color, seat.kind))

    @retrying
    def room(self, code: str) -> RoomInfo:
        rows = self._all("SELECT rules, COALESCE(s.seed, CAST(r.seed AS TEXT)), lang, created"
                         " FROM rooms r LEFT JOIN room_seeds s ON s.code = r.code"
                         " WHERE r.code = ?", code)
        if not rows:
            raise RoomError(f"no room {code!r}")
        rules, seed, lang, created = rows[0]
        seats = self._all("SELECT seat, name, color, kind, joined, seen FROM seats"
                          " WHERE code = ? ORDER BY seat", code)
        options = dict(self._all("SELECT name, value FROM room_options WHERE code = ?", code))
        hints = tuple(int(options.get(f"hints:{s[0]}", 0)) for s in seats)
        return RoomInfo(code, rules, int(seed), tuple(SeatInfo(*s) for s in seats), lang,
                        created, coach=options.get("coach", 1) != 0, hints=hints)

    def count_hint(self, code: str, credential: str) -> int:
        with self.transaction() as cur:
            seat, _ = self._writer(cur, code, credential)
            cur.execute(self._q("SELECT value FROM room_options WHERE code = ? AND name = ?"),
                        (code, "coach"))
            row = cur.fetchone()
            if row is not None and row[0] == 0:
                raise RoomError(f"the host of room {code!r} turned hints off: refused")
            name = f"hints:{seat}"
            cur.execute(self._q("INSERT INTO room_options (code, name, value) VALUES (?, ?, 1)"
                                " ON CONFLICT (code, name) DO UPDATE"
                                " SET value = room_options.value + 1"), (code, name))
            cur.execute(self._q("SELECT value FROM room_options WHERE code = ? AND name = ?"),
                        (code, name))
            return int(cur.fetchone()[0])

    @retrying
    def access(self, credential: str) -> Access:
        secret = credential_hash(credential)
        rows = self._all("SELECT code, seat FROM seats WHERE secret = ?", secret)
        if rows:
            return Access(rows[0][0], rows[0][1])
        rows = self._all("SELECT code FROM rooms WHERE spectator = ?", secret)
        if rows:
            return Access(rows[0][0], None)
        raise RoomError("this link opens no room (wrong or old credential)")

    def rooms(self, credential: str) -> list[RoomInfo]:
        try:
            return [self.room(self.access(credential).code)]
        except StoreUnavailable:
            raise
        except RoomError:
            return []

    @retrying
    def watch_key(self, code: str) -> str | None:
        rows = self._all("SELECT secret FROM watch_keys WHERE code = ?", code)
        return rows[0][0] if rows else None

    @retrying
    def head(self, code: str) -> int:
        rows = self._all("SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE code = ?", code)
        return int(rows[0][0])

    @retrying
    def read(self, code: str, since: int = 0) -> list[Entry]:
        rows = self._all("SELECT seq, actor, action, at FROM moves WHERE code = ? AND seq >= ?"
                         " ORDER BY seq", code, since)
        return [Entry(*row) for row in rows]

    def _writer(self, cur: Any, code: str, credential: str) -> tuple[int, str]:
        secret = credential_hash(credential)
        cur.execute(self._q("SELECT seat FROM seats WHERE code = ? AND secret = ?"),
                    (code, secret))
        row = cur.fetchone()
        if row is None:
            raise RoomError(f"this credential holds no seat of room {code!r}: move refused")
        return row[0], secret

    @retrying
    def append(self, code: str, seq: int, actor: int, action: str, credential: str) -> bool:
        check_action_text(action)
        try:
            with self.transaction() as cur:
                writer, secret = self._writer(cur, code, credential)
                if actor != CHANCE:
                    cur.execute(self._q("SELECT kind FROM seats WHERE code = ? AND seat = ?"),
                                (code, actor))
                    row = cur.fetchone()
                    if row is None:
                        raise RoomError(f"room {code!r} has no seat {actor}")
                    if row[0] == HUMAN and writer != actor:
                        raise RoomError(f"seat {writer} may not move for seat {actor}: refused")
                    if row[0] != HUMAN:
                        cur.execute(self._q("SELECT holder FROM rooms WHERE code = ?"), (code,))
                        if cur.fetchone()[0] != secret:
                            raise RoomError(f"seat {actor} is a computer played by another "
                                            "page (the claim holder): refused")
                written = self._insert(cur, code, seq, actor, action)
        except self.duplicate:
            return False  # another writer inserted the same seq between our read and write
        if written:
            self.shared.subscribers.tell(code, seq)  # this process's subscribers, at once
        return written

    @retrying
    def write(self, code: str, seq: int, actor: int, action: str) -> bool:
        check_action_text(action)
        try:
            with self.transaction() as cur:
                written = self._insert(cur, code, seq, actor, action)
        except self.duplicate:
            return False
        if written:
            self.shared.subscribers.tell(code, seq)
        return written

    def _insert(self, cur: Any, code: str, seq: int, actor: int, action: str) -> bool:
        """Entry ``seq`` at the end of the log (``False``: taken; beyond the end: refused)."""
        cur.execute(self._q("SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE code = ?"),
                    (code,))
        head = int(cur.fetchone()[0])
        if seq < head:
            return False
        if seq > head:
            raise RoomError(f"entry {seq} is beyond the end of the log ({head}): refused")
        cur.execute(self._q("INSERT INTO moves (code, seq, actor, action, at)"
                            " VALUES (?, ?, ?, ?, ?)"), (code, seq, actor, action, time.time()))
        self.notify_others(cur, code, seq)  # other processes' subscribers, after the commit
        return True

    @retrying
    def touch(self, credential: str) -> None:
        access = self.access(credential)
        if access.seat is None:
            return
        now = time.time()
        with self.transaction() as cur:
            cur.execute(self._q("UPDATE seats SET seen = ?, joined = COALESCE(joined, ?)"
                                " WHERE code = ? AND seat = ?"),
                        (now, now, access.code, access.seat))

    @retrying
    def set_kind(self, code: str, seat: int, kind: str, credential: str) -> None:
        if kind != HUMAN and kind not in warkit.bots.BOTS:
            raise RoomError(f"unknown computer level {kind!r}")
        with self.transaction() as cur:
            self._writer(cur, code, credential)
            cur.execute(self._q("UPDATE seats SET kind = ? WHERE code = ? AND seat = ?"),
                        (kind, code, seat))

    @retrying
    def claim(self, code: str, credential: str, ttl: float = 5.0) -> bool:
        now = time.time()
        with self.transaction() as cur:
            _, secret = self._writer(cur, code, credential)
            cur.execute(self._q("UPDATE rooms SET holder = ?, until = ? WHERE code = ? AND"
                                " (holder IS NULL OR holder = ? OR until < ?)"),
                        (secret, now + ttl, code, secret, now))
            return cur.rowcount == 1

    # -- pushed moves ----------------------------------------------------------------------
    def subscribe(self, callback: Moved) -> Callable[[], None]:
        shared = self.shared
        remove = shared.subscribers.add(callback)
        with _SHARED_LOCK:
            if shared.watcher is None:
                shared.watcher = Watcher(f"warkit-rooms-watch-{len(_SHARED)}", self.pushed_waiter(),
                                         self.safety_poller(), shared.subscribers,
                                         every=self.safety_poll).start()
        return remove

    def recent_heads(self, since: float) -> list[tuple[str, int]]:
        """Each room's newest entry among those written at ``since`` or later (the safety
        poll of :meth:`subscribe`)."""
        return [(code, int(seq)) for code, seq in self._all(RECENT_HEADS, since)]

    # -- the rooms' lifecycle --------------------------------------------------------------
    @retrying
    def finish(self, code: str, credential: str | None = None) -> None:
        with self.transaction() as cur:
            if credential is not None:
                self._writer(cur, code, credential)
            cur.execute(self._q("INSERT INTO room_ends (code, at) VALUES (?, ?)"
                                " ON CONFLICT (code) DO NOTHING"), (code, time.time()))

    def expired(self, now: float | None = None) -> list[str]:
        """The rooms past their time: finished :attr:`Lifecycle.finished_days` ago, or
        unfinished and untouched (no move, no seat's page alive) for
        :attr:`Lifecycle.abandoned_days`."""
        now = time.time() if now is None else now
        done_before = now - self.lifecycle.finished_days * 86400
        quiet_since = now - self.lifecycle.abandoned_days * 86400
        finished = self._all("SELECT code FROM room_ends WHERE at < ?", done_before)
        abandoned = self._all(
            "SELECT r.code FROM rooms r WHERE r.created < ?"
            " AND NOT EXISTS (SELECT 1 FROM room_ends e WHERE e.code = r.code)"
            " AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.code = r.code AND m.at >= ?)"
            " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.code = r.code AND s.seen >= ?)",
            quiet_since, quiet_since, quiet_since)
        return sorted({row[0] for row in finished + abandoned})

    def purge(self, now: float | None = None) -> list[str]:
        """Delete the expired rooms (:meth:`expired`) with every row they have, one short
        transaction per room (writers of other rooms wait for none of it)."""
        codes = self.expired(now)
        for code in codes:
            with self.transaction() as cur:
                for table in ROOM_TABLES:
                    cur.execute(self._q(f"DELETE FROM {table} WHERE code = ?"), (code,))
        return codes

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Release this store; the last one of its location closes the shared pool and
        stops the listener."""
        self._closed = True
        if self._finalizer.detach() is not None:  # once only
            _release(self.location, self.shared)
        _release_dropped()


class SqliteStore(SqlStore):
    """The default store: one SQLite file in WAL mode.

    SQLite lets one writer at a time change the file, whichever room it writes: a writer
    that holds the file (another process stopped mid-transaction, a backup) makes every
    other write wait. What this store keeps from it: reads go through a connection of their
    own (WAL: they see the last commit and never wait for a writer), so every room's moves
    and lobby still show; a write waits at most :attr:`busy_timeout` seconds per try, and
    tries again (with back-off, :data:`RETRY_FOR`) without holding up this process's reads,
    then says :class:`StoreUnavailable`; transactions are short (one append, one room's
    purge)."""

    duplicate = (sqlite3.IntegrityError,)
    busy_timeout = 0.5
    """Seconds one try of a write waits for another writer of the file."""
    retry_for = 10.0

    def __init__(self, path: Path | str, lifecycle: Lifecycle | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        private_file(self.path)  # SQLite gives its -wal and -shm files the same mode
        self._lock = threading.Lock()  # the writing connection, used by one thread at a time
        self._read_lock = threading.Lock()
        self._db = self._connect()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._reader = self._connect()
        super().__init__(str(self.path.resolve()), lifecycle)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                             check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        return db

    @contextmanager
    def _unavailable_when_busy(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreUnavailable(f"the rooms' file is busy: {exc}") from exc
            raise

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        with self._lock, self._unavailable_when_busy():
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")  # one writer at a time across processes
            try:
                yield cur
            except BaseException:
                self._db.rollback()
                raise
            else:
                self._db.commit()

    @contextmanager
    def reading(self) -> Iterator[Any]:
        """Reads use their own connection: each SELECT sees the last committed state (WAL),
        so the pages' pollers never queue behind a writer (this process's or another's)."""
        with self._read_lock, self._unavailable_when_busy():
            cur = self._reader.cursor()
            try:
                yield cur
            finally:
                cur.close()

    def safety_poller(self) -> Callable[[float], Iterable[tuple[str, int]]]:
        """The safety poll on a connection of its own (the watcher outlives this store)."""
        path, sql, wait = self.path, RECENT_HEADS, self.busy_timeout

        def recent(since: float) -> list[tuple[str, int]]:
            db = sqlite3.connect(path, timeout=wait)
            try:
                return [(code, int(seq)) for code, seq in db.execute(sql, (since,))]
            finally:
                db.close()

        return recent

    def close(self) -> None:
        super().close()
        self._db.close()
        self._reader.close()


CHANNEL = "warkit_moves"
"""The channel every append notifies (one per database: NOTIFY never leaves its database)."""
POOL_SIZE = 4
"""Connections a process keeps at most for one URL (``$WARKIT_STORE_POOL``): a room server
serving hundreds of pages needs no more (a query takes about a millisecond)."""
POOL_WAIT = 1.0
"""Seconds a call waits for a pooled connection before it counts as unavailable."""


def pool_size() -> int:
    """Connections a process keeps at most for one URL (``$WARKIT_STORE_POOL``)."""
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

    def open_pool(self) -> Any:
        from psycopg_pool import ConnectionPool

        return ConnectionPool(self.url, min_size=1, max_size=pool_size(), open=True,
                              kwargs={"autocommit": True}, name="warkit-rooms",
                              check=ConnectionPool.check_connection, num_workers=1,
                              max_idle=120.0, reconnect_timeout=24 * 3600.0)

    @staticmethod
    def close_pool_of(pool: Any) -> None:
        pool.close()

    def safety_poller(self) -> Callable[[float], Iterable[tuple[str, int]]]:
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

    def notify_others(self, cur: Any, code: str, seq: int) -> None:
        cur.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{code}:{seq}"))

    def pushed_waiter(self) -> Callable[[float], Iterable[tuple[str, int]]]:
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
                with suppress(Exception):
                    held.pop().close()
                raise

        return wait


STORE_VARIABLE = "WARKIT_STORE"
"""Where the room server finds its store (a ``postgresql://`` URL or an SQLite file); only the
room server's process reads it: the pages' kernels never get it."""


def default_path() -> Path:
    """``rooms.sqlite3`` in the user's data folder (``$XDG_DATA_HOME`` or ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "warkit" / "rooms.sqlite3"


def open_store(where: str | None = None) -> GameStore:
    """The store named by ``where`` or ``$WARKIT_STORE``: a ``postgresql://`` URL, or an
    SQLite file path; the default is :func:`default_path`."""
    where = where or os.environ.get(STORE_VARIABLE) or str(default_path())
    if where.startswith(("postgresql://", "postgres://")):
        return PostgresStore(where)
    return SqliteStore(where)
