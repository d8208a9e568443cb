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

What the store cannot know (is the move legal? is a chance entry the one the room's seed
deals?) is checked by :func:`warkit_widgets.rooms.room.replay` on every read.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import warkit
from warkit import CHANCE

HUMAN = "human"


class RoomError(ValueError):
    """A request the store refuses (unknown room, bad credential, bad entry): nothing changed."""


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
)


class SqlStore(GameStore):
    """The store on an SQL database (the queries are written for both SQLite and PostgreSQL;
    subclasses give a connection and the integrity error raised by a duplicate key)."""

    placeholder = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one connection, used by the page and its poller
        with self.transaction() as cur:
            for statement in SCHEMA:
                cur.execute(statement)

    # -- to provide ------------------------------------------------------------------------
    @abstractmethod
    def transaction(self) -> AbstractContextManager[Any]:
        """A cursor inside one transaction (committed on leaving, rolled back on an error)."""

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
        except RoomError:
            return []

    def watch_key(self, code: str) -> str | None:
        rows = self._all("SELECT secret FROM watch_keys WHERE code = ?", code)
        return rows[0][0] if rows else None

    def head(self, code: str) -> int:
        rows = self._all("SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE code = ?", code)
        return int(rows[0][0])

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
                return self._insert(cur, code, seq, actor, action)
        except self.duplicate:
            return False  # another writer inserted the same seq between our read and write

    def write(self, code: str, seq: int, actor: int, action: str) -> bool:
        check_action_text(action)
        try:
            with self.transaction() as cur:
                return self._insert(cur, code, seq, actor, action)
        except self.duplicate:
            return False

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
        return True

    def touch(self, credential: str) -> None:
        access = self.access(credential)
        if access.seat is None:
            return
        now = time.time()
        with self.transaction() as cur:
            cur.execute(self._q("UPDATE seats SET seen = ?, joined = COALESCE(joined, ?)"
                                " WHERE code = ? AND seat = ?"),
                        (now, now, access.code, access.seat))

    def set_kind(self, code: str, seat: int, kind: str, credential: str) -> None:
        if kind != HUMAN and kind not in warkit.bots.BOTS:
            raise RoomError(f"unknown computer level {kind!r}")
        with self.transaction() as cur:
            self._writer(cur, code, credential)
            cur.execute(self._q("UPDATE seats SET kind = ? WHERE code = ? AND seat = ?"),
                        (kind, code, seat))

    def claim(self, code: str, credential: str, ttl: float = 5.0) -> bool:
        now = time.time()
        with self.transaction() as cur:
            _, secret = self._writer(cur, code, credential)
            cur.execute(self._q("UPDATE rooms SET holder = ?, until = ? WHERE code = ? AND"
                                " (holder IS NULL OR holder = ? OR until < ?)"),
                        (secret, now + ttl, code, secret, now))
            return cur.rowcount == 1


class SqliteStore(SqlStore):
    """The default store: one SQLite file (WAL mode, so pages read while one writes)."""

    duplicate = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        private_file(self.path)  # SQLite gives its -wal and -shm files the same mode
        self._db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=10000")
        super().__init__()

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        with self._lock:
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
        """Reads take no lock: each SELECT sees the last committed state (WAL), so the pages'
        pollers never queue behind a writer's ``BEGIN IMMEDIATE``."""
        with self._lock:
            cur = self._db.cursor()
            try:
                yield cur
            finally:
                cur.close()

    def close(self) -> None:
        self._db.close()


class PostgresStore(SqlStore):
    """Rooms shared by several servers (a JupyterHub, servers behind a load balancer)."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        import psycopg

        self.duplicate = (psycopg.errors.UniqueViolation,)
        self.url = url
        self._db = psycopg.connect(url, autocommit=True)
        super().__init__()

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        with self._lock, self._db.transaction(), self._db.cursor() as cur:
            yield cur

    def close(self) -> None:
        self._db.close()


def default_path() -> Path:
    """``rooms.sqlite3`` in the user's data folder (``$XDG_DATA_HOME`` or ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "warkit" / "rooms.sqlite3"


def open_store(where: str | None = None) -> GameStore:
    """The store named by ``where`` or ``$WARKIT_STORE``: a ``postgresql://`` URL, or an
    SQLite file path; the default is :func:`default_path`."""
    where = where or os.environ.get("WARKIT_STORE") or str(default_path())
    if where.startswith(("postgresql://", "postgres://")):
        return PostgresStore(where)
    return SqliteStore(where)
