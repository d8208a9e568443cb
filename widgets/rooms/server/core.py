"""The room server's rooms, without the web: who a key lets in, and what each may see and do.

:class:`RoomServer` owns the store (its connection and credentials) and the rooms it has
opened (:class:`~.live.LiveRoom`, each behind its own lock, so one busy room never holds up
another). Everything a page may ask goes through a :class:`Ticket`, made from what the page
holds: a seat's invitation key opens that seat; the spectator key, or the room's code with
no key at all, opens public information only. A spectator's ticket has no seat, and no call
takes a seat number from the asker: the spectator link can never become a seat.

The calls are plain and blocking (the store's queries, a computer's turn); :mod:`.web`
runs them off the event loop and pushes the answers.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ...play.config import HUMAN, GameConfig, Seat, clean_name
from ..presence import absent
from ..room import create_room
from ..store import GameStore, RoomError
from .live import LiveRoom

HEARTBEAT = 2.0
"""Seconds between two presence marks of a seat in the store (its page asks more often)."""
HAND_OVER_LEVEL = "normal"
"""The computer that plays a seat handed over by the others."""
IDLE = 600.0
"""Seconds after which a room nobody asked about leaves the server's memory (the store
keeps it; the next page to ask opens it again)."""


class NotAllowed(RoomError):
    """A key that does not open what it asks for (nothing changed)."""


class NoSuchRoom(RoomError):
    """No room has this code."""


@dataclass(frozen=True)
class Ticket:
    """What a page's key opens: a room, and a seat (``None``: public information only)."""

    code: str
    seat: int | None
    key: str | None = None
    """The seat's invitation key (kept to mark its presence and hand over seats)."""


class RoomServer:
    """Rooms served to pages (see the module docstring); thread-safe."""

    def __init__(self, store: GameStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._rooms: dict[str, LiveRoom] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._beats: dict[str, float] = {}
        self._used: dict[str, float] = {}

    # -- rooms -----------------------------------------------------------------------------
    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        """A new room from ``spec`` (``rules``, ``lang``, ``coach``, ``seats``: a list of
        ``{"name", "color", "kind"}``). Its seed is 256 bits from :mod:`secrets` (a seed
        in ``spec`` is refused: nobody at the table may know the dice). Returns the code,
        every seat's key and the spectator key: the creator shares them."""
        config = _config(spec)
        if not any(s.is_human for s in config.seats):
            raise ValueError("a room needs at least one human seat")
        links = create_room(self.store, config)
        with self._room(links.code) as live:
            live.settle()  # a computer or chance may have the first move
        return {"code": links.code, "keys": list(links.credentials),
                "spectator": links.spectator}

    def ticket(self, code: str | None, key: str | None) -> Ticket:
        """What ``key`` opens (it must belong to room ``code`` when both are given); no key:
        the room's public side (:class:`RoomError` for an unknown code)."""
        code = (code or "").strip().upper() or None
        if key:
            try:
                access = self.store.access(key)
            except RoomError as exc:
                raise NotAllowed(str(exc)) from None
            if code is not None and access.code != code:
                raise NotAllowed(f"this key does not open room {code}")
            return Ticket(access.code, access.seat, key if access.seat is not None else None)
        if code is None:
            raise RoomError("a room opens with its code or a seat's key")
        with self._room(code):
            return Ticket(code, None)

    @contextmanager
    def _room(self, code: str) -> Iterator[LiveRoom]:
        """The room, locked for one call (opened from the store the first time)."""
        with self._guard:
            lock = self._locks.setdefault(code, threading.Lock())
        with lock:
            live = self._rooms.get(code)
            if live is None:
                try:
                    live = LiveRoom(self.store, code)
                except RoomError:
                    raise NoSuchRoom(f"no room {code!r}") from None
                live.settle()  # a room left mid-way (a restart): play what nobody clicks
                self._rooms[code] = live
            self._used[code] = self.clock()
            yield live

    def forget_idle(self, seconds: float = IDLE) -> list[str]:
        """Let go of the rooms nobody asked about for ``seconds``; returns their codes."""
        now = self.clock()
        with self._guard:
            idle = [code for code, used in self._used.items() if now - used > seconds]
            for code in idle:
                self._rooms.pop(code, None)
                self._used.pop(code, None)
        return idle

    def codes(self) -> list[str]:
        with self._guard:
            return list(self._rooms)

    # -- what pages ask --------------------------------------------------------------------
    def state(self, ticket: Ticket, since: int = 0) -> dict[str, Any]:
        """The room as the ticket may see it (:meth:`LiveRoom.view_for`), with the steps
        since entry ``since``; a seat's asking is its sign of life."""
        with self._room(ticket.code) as live:
            live.catch_up()
            self._beat(live, ticket)
            answer = live.view_for(ticket.seat, since, self.clock())
        answer["watch"] = self.store.watch_key(ticket.code)
        return answer

    def version(self, code: str) -> int:
        """The room's change counter (a page waits for it to grow)."""
        with self._room(code) as live:
            return live.version

    def act(self, ticket: Ticket, seq: int, action: str, since: int = 0) -> dict[str, Any]:
        """The ticket's seat plays ``action`` on the room as it was after entry ``seq``
        (refused for a spectator, an old picture, another seat's decision, an illegal
        move); returns :meth:`state` after it and the automatic steps that followed."""
        seat = self._seat(ticket)
        with self._room(ticket.code) as live:
            live.catch_up()
            live.act(seat, seq, action)
        return self.state(ticket, since)

    def hand_over(self, ticket: Ticket, seat: int, since: int = 0) -> dict[str, Any]:
        """Hand ``seat``, a human gone for a while, to a computer (any seat of the room may;
        refused for a present seat, a computer, or a spectator)."""
        self._seat(ticket)
        assert ticket.key is not None
        with self._room(ticket.code) as live:
            live.refresh_seats()
            if not 0 <= seat < len(live.room.seats):
                raise RoomError(f"room {ticket.code} has no seat {seat}")
            if not absent(live.room, seat, self.clock()):
                raise RoomError(f"{live.room.seats[seat].name} is still here: not handed over")
            self.store.set_kind(ticket.code, seat, HAND_OVER_LEVEL, ticket.key)
            live.refresh_seats()
            live.settle()
        return self.state(ticket, since)

    def take_back(self, ticket: Ticket, since: int = 0) -> dict[str, Any]:
        """The ticket's seat, handed to a computer while away, is played by its human again."""
        seat = self._seat(ticket)
        assert ticket.key is not None
        with self._room(ticket.code) as live:
            if live.room.seats[seat].kind != HUMAN:
                self.store.set_kind(ticket.code, seat, HUMAN, ticket.key)
                live.refresh_seats()
        return self.state(ticket, since)

    def hint(self, ticket: Ticket, since: int = 0) -> dict[str, Any]:
        """The ticket's seat asked the coach for a hint: counted in the store (refused when
        the host turned hints off); the answer's seats carry every seat's count."""
        self._seat(ticket)
        assert ticket.key is not None
        self.store.count_hint(ticket.code, ticket.key)
        with self._room(ticket.code) as live:
            live.refresh_seats()
        return self.state(ticket, since)

    def record(self, ticket: Ticket) -> str:
        """The file the ticket may keep (:meth:`LiveRoom.record_for`)."""
        with self._room(ticket.code) as live:
            live.catch_up()
            return live.record_for(ticket.seat)

    def poll(self, codes: list[str] | None = None) -> list[str]:
        """Look for what other room servers wrote to the given rooms (default: all open
        ones); returns the codes that changed (their pages are told)."""
        changed = []
        for code in codes if codes is not None else self.codes():
            with self._room(code) as live:
                if live.catch_up() | live.refresh_seats():
                    live.settle()
                    changed.append(code)
        return changed

    def close(self) -> None:
        self.store.close()

    # -- internals -------------------------------------------------------------------------
    def _seat(self, ticket: Ticket) -> int:
        if ticket.seat is None or ticket.key is None:
            raise NotAllowed("a spectator watches: only a seat's own link may play")
        return ticket.seat

    def _beat(self, live: LiveRoom, ticket: Ticket) -> None:
        """Mark the seat present in the store (at most every :data:`HEARTBEAT` seconds)."""
        if ticket.key is None or ticket.seat is None:
            return
        now = self.clock()
        if now - self._beats.get(ticket.key, 0.0) < HEARTBEAT:
            return
        self._beats[ticket.key] = now
        self.store.touch(ticket.key)
        if live.room.seats[ticket.seat].joined is None:
            live.refresh_seats()  # joined: the others' lobbies withdraw its invitation


def error_status(exc: Exception) -> int:
    """The HTTP status the API answers ``exc`` with (:mod:`.web`; the in-process client says
    the same): 409 the room moved on, 403 a key that does not open it, 404 no such room, 400
    a refused request (nothing changed), 503 anything else (the store unreachable)."""
    from warkit import IllegalActionError, InvalidActionError

    from .live import StaleMove

    if isinstance(exc, StaleMove):
        return 409
    if isinstance(exc, NotAllowed):
        return 403
    if isinstance(exc, NoSuchRoom):
        return 404
    if isinstance(exc, (IllegalActionError, InvalidActionError, RoomError, ValueError)):
        return 400
    return 503


def _config(spec: dict[str, Any]) -> GameConfig:
    """The room's settings from a request, checked like the new-game form's answers."""
    if not isinstance(spec, dict):
        raise ValueError("a room is described by a JSON object")
    if spec.get("seed") is not None:
        raise ValueError("an online room's seed is drawn by the room server, never chosen")
    seats = spec.get("seats")
    if not isinstance(seats, list):
        raise ValueError("a room needs its list of seats")
    chosen = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {i + 1} is not described")
        chosen.append(Seat(clean_name(seat.get("name"), f"Player {i + 1}"),
                           str(seat.get("color", "")), str(seat.get("kind", HUMAN))))
    return GameConfig(seats=tuple(chosen), rules=str(spec.get("rules", "classic")),
                      lang=str(spec.get("lang", "pt")), coach=bool(spec.get("coach", True)))


__all__ = ["HAND_OVER_LEVEL", "HEARTBEAT", "NoSuchRoom", "NotAllowed", "RoomServer", "Ticket",
           "error_status"]
