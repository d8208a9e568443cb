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
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from ...play.config import HUMAN, GameConfig, Seat, clean_name
from ..presence import absent
from ..quick_messages import CHAT_MODES, DEFAULT_CHAT, ChatRefused, chat_mode, check_message
from ..room import create_room
from ..store import Access, GameStore, RoomError
from .live import HAND_OVER_LEVEL, LiveRoom
from .turn_timer import TIMED_OUT, DecisionClock, timer_setting

HEARTBEAT = 2.0
"""Seconds between two presence marks of a seat in the store (its browser beats about as
often: :mod:`warkit_widgets.rooms.heartbeat`)."""
MESSAGES_PER_MINUTE = 12
"""Quick messages a seat may send in a minute (more would flood the room's pages)."""
KEYS_KEPT = 20_000
"""Keys whose seat the server remembers (then it forgets them all and asks the store again)."""
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
        self.decisions = DecisionClock(clock)
        """When each open room's pending decision began (the turn timer)."""
        self._said: dict[str, int] = {}
        """The newest quick message this server has seen in each open room."""
        self._talk: dict[tuple[str, int], deque[float]] = {}
        """When each seat's last messages were said (:meth:`_pace`)."""
        self._keys: dict[str, Access] = {}
        """What each key seen lately opens (at most :data:`KEYS_KEPT`)."""
        self._timed_out: set[str] = set()
        """Rooms a running-out timer changed since the web hub last asked."""

    # -- rooms -----------------------------------------------------------------------------
    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        """A new room from ``spec`` (``rules``, ``lang``, ``coach``, ``seats``: a list of
        ``{"name", "color", "kind"}``; optional ``chat``: "off", "presets" (the default)
        or "free", and ``timer``: seconds per decision, :data:`~.turn_timer.TIMER_CHOICES`,
        or null). Its seed is 256 bits from :mod:`secrets` (a seed in ``spec`` is refused:
        nobody at the table may know the dice). Returns the code, every seat's key and the
        spectator key: the creator shares them."""
        config = _config(spec)
        if not any(s.is_human for s in config.seats):
            raise ValueError("a room needs at least one human seat")
        chat, timer = chat_mode(spec.get("chat")), timer_setting(spec.get("timer"))
        links = create_room(self.store, config)
        if chat != DEFAULT_CHAT:
            self.store.set_option(links.code, "chat", CHAT_MODES.index(chat))
        if timer is not None:
            self.store.set_option(links.code, "timer", timer)
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
                access = self._access(key)
            except RoomError as exc:
                raise NotAllowed(str(exc)) from None
            if code is not None and access.code != code:
                raise NotAllowed(f"this key does not open room {code}")
            return Ticket(access.code, access.seat, key if access.seat is not None else None)
        if code is None:
            raise RoomError("a room opens with its code or a seat's key")
        with self._room(code):
            return Ticket(code, None)

    def _access(self, key: str) -> Access:
        """What a key opens, remembered: a key never opens anything else, and every request
        of a page (its long-polls, its heartbeats) brings it (a purged room's key then finds
        no room)."""
        found = self._keys.get(key)
        if found is None:
            found = self.store.access(key)
            with self._guard:
                if len(self._keys) >= KEYS_KEPT:
                    self._keys.clear()
                self._keys[key] = found
        return found

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
            self._time_out(live)
            yield live

    def forget_idle(self, seconds: float = IDLE) -> list[str]:
        """Let go of the rooms nobody asked about for ``seconds``; returns their codes."""
        now = self.clock()
        with self._guard:
            idle = [code for code, used in self._used.items() if now - used > seconds]
            for code in idle:
                self._rooms.pop(code, None)
                self._used.pop(code, None)
                self._said.pop(code, None)
                self.decisions.forget(code)
                for talk in [k for k in self._talk if k[0] == code]:
                    del self._talk[talk]
        return idle

    def codes(self) -> list[str]:
        with self._guard:
            return list(self._rooms)

    # -- what pages ask --------------------------------------------------------------------
    def state(self, ticket: Ticket, since: int = 0) -> dict[str, Any]:
        """The room as the ticket may see it (:meth:`LiveRoom.view_for`), with the steps
        since entry ``since``, the room's quick messages and its turn timer (asking is not
        a sign of life: the page's browser beats, :meth:`beat`)."""
        with self._room(ticket.code) as live:
            live.catch_up()
            answer = live.view_for(ticket.seat, since, self.clock())
            answer |= self._table(live, answer)
        answer["watch"] = self.store.watch_key(ticket.code)
        answer["messages"] = self._messages(ticket.code)
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
            self._beat(live, ticket)  # a click: the seat's page is open
            self._back(live, seat)
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
            self._back(live, seat)
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
        codes = codes if codes is not None else self.codes()
        said = self.store.newest_messages(codes) if codes else {}
        for code in codes:
            with self._room(code) as live:
                if live.catch_up() | live.refresh_seats():
                    live.settle()
                    changed.append(code)
                elif self._heard(live, said.get(code, 0)):
                    changed.append(code)
        return changed

    # -- presence, quick messages, the turn timer -------------------------------------------
    def beat(self, ticket: Ticket) -> bool:
        """The seat's page is open in a browser (its heartbeat, every couple of seconds):
        the seat is "here", and the others are offered to hand it to a computer only
        :data:`~..presence.ABSENT_AFTER` seconds after its last beat. ``True`` when the seat
        just joined (the others' pages are woken)."""
        if ticket.seat is None or ticket.key is None:
            raise NotAllowed("a spectator has no seat to keep: only a seat's own link beats")
        with self._room(ticket.code) as live:
            return self._beat(live, ticket)

    def say(self, ticket: Ticket, preset: str | None = None, text: str | None = None,
            since: int = 0) -> dict[str, Any]:
        """The ticket's seat says a preset message (its id) or, where the host allowed free
        text, a short text (:func:`~..quick_messages.check_message`); returns :meth:`state`
        after it. Spectators read the messages and may not send any."""
        if ticket.seat is None or ticket.key is None:
            raise NotAllowed("spectators read the room's messages but may not send any: "
                             "only a seat's own link may speak")
        with self._room(ticket.code) as live:
            kept = check_message(live.room.chat, preset, text)
            self._pace(ticket.code, ticket.seat)
            said = self.store.say(ticket.code, ticket.seat, *kept)
            self._said[ticket.code] = max(said.n, self._said.get(ticket.code, 0))
            live.version += 1  # waiting pages get it
        return self.state(ticket, since)

    def _pace(self, code: str, seat: int) -> None:
        """Refuse a seat's message past :data:`MESSAGES_PER_MINUTE` in the last minute (each
        message wakes every page of the room)."""
        now, times = self.clock(), self._talk.setdefault((code, seat), deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= MESSAGES_PER_MINUTE:
            raise ChatRefused(f"at most {MESSAGES_PER_MINUTE} messages a minute: wait "
                              f"{60 - (now - times[0]):.0f} s")
        times.append(now)

    def expire_timers(self) -> list[str]:
        """Look at every open room's turn timer (the web hub's periodic callback); returns the
        rooms a running-out timer changed since the last call (their pages are woken)."""
        for code, live in dict(self._rooms).items():
            if live.room.timer:
                with suppress(RoomError), self._room(code):
                    pass  # opening it checks the timer
        with self._guard:
            changed, self._timed_out = sorted(self._timed_out), set()
        return changed

    def _time_out(self, live: LiveRoom) -> None:
        """Past the pending human decision's deadline, mark the seat timed out for this turn
        and let a computer play it until the turn passes (:mod:`.turn_timer`)."""
        def due() -> bool:
            deadline = self.decisions.deadline(live)
            return deadline is not None and self.clock() >= deadline

        if not due() or (live.catch_up() and not due()):  # another server's move came first
            return
        state = live.match.state
        self.store.set_option(live.code, TIMED_OUT.format(seat=state.current_player),
                              state.turn + 1)
        live.refresh_seats()
        live.version += 1
        live.settle()
        with self._guard:
            self._timed_out.add(live.code)

    def _back(self, live: LiveRoom, seat: int) -> None:
        """The seat acted (or took its seat back): no longer "timed out"."""
        if live.room.timeouts and live.room.timeouts[seat]:
            self.store.set_option(live.code, TIMED_OUT.format(seat=seat), 0)
            live.refresh_seats()
            live.version += 1

    def _table(self, live: LiveRoom, answer: dict[str, Any]) -> dict[str, Any]:
        """What a page adds to the room's view: which seats timed out, the room's chat
        setting, its timer and the pending decision's deadline."""
        for seat in answer["seats"]:
            seat["timed_out"] = bool(live.room.timeouts and live.room.timeouts[seat["seat"]])
        return {"chat": live.room.chat, "timer": live.room.timer,
                "deadline": self.decisions.deadline(live)}

    def _messages(self, code: str) -> list[dict[str, Any]]:
        """The room's newest quick messages, as an answer carries them."""
        messages = self.store.messages(code)
        if messages:
            with self._guard:
                self._said[code] = max(messages[-1].n, self._said.get(code, 0))
        return [m.to_dict() for m in messages]

    def _heard(self, live: LiveRoom, newest: int) -> bool:
        """Is message ``newest`` one another room server kept since this one looked (the
        slow poll)?"""
        if newest > self._said.get(live.code, 0):
            self._said[live.code] = newest
            live.version += 1
            return True
        return False

    def close(self) -> None:
        self.store.close()

    # -- internals -------------------------------------------------------------------------
    def _seat(self, ticket: Ticket) -> int:
        if ticket.seat is None or ticket.key is None:
            raise NotAllowed("a spectator watches: only a seat's own link may play")
        return ticket.seat

    def _beat(self, live: LiveRoom, ticket: Ticket) -> bool:
        """Mark the seat present in the store (at most every :data:`HEARTBEAT` seconds);
        ``True`` when the seat just joined (the others' pages should see it)."""
        if ticket.key is None or ticket.seat is None:
            return False
        now = self.clock()
        if now - self._beats.get(ticket.key, 0.0) < HEARTBEAT:
            return False
        self._beats[ticket.key] = now
        self.store.mark_seen(ticket.code, ticket.seat)
        if live.room.seats[ticket.seat].joined is None:
            return live.refresh_seats()  # joined: the others' lobbies withdraw its invitation
        live.saw(ticket.seat, now)
        return False


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
