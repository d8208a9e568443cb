"""A room: its creation (code, one secret link per seat), its log checked move by move, and
the dashboard's controller for one seat of it.

Every page of a room rebuilds the same match: the dealt set-up comes from the room's seed
(:meth:`warkit.Match.new`), then the store's log is replayed entry by entry
(:func:`replay`), each checked as the engine would check a click - the seat that writes
must be the one to decide, the action legal, and a chance entry exactly the one the room's
seed deals for that step (:func:`~warkit_widgets.play.controller.chance_sampler`). A bad
entry stops the replay there with a clear message; it is never applied.

The seed and the full state stay in the kernel (on the server): each page draws only its
seat's :func:`warkit.view` (the spectator's: public information only), and its Save gives
only the seat's own record (:mod:`warkit.seat_record`) until the game ends; then the full
record, seed revealed, checked by :func:`~.fairness.verify_room`.
"""

from __future__ import annotations

import secrets
import string
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import warkit
from warkit import CHANCE, Action, GameState, IllegalActionError, InvalidActionError, Match
from warkit.seat_record import dumps_seat_record

from ..controller import touched
from ..play.coach import Hint
from ..play.config import HUMAN, PACES, GameConfig, Seat, Step
from ..play.controller import DELAYS, GameController, chance_sampler
from ..play.saves import dump_game, file_name
from .fairness import ROOM_META, commitment, new_seed
from .messages import tr
from .store import Entry, GameStore, RoomError, RoomInfo, SeatInfo, StoreUnavailable

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "01IO")
"""Room codes avoid the characters read alike (0/O, 1/I)."""
CODE_LENGTH = 6
CLAIM_TTL = 5.0
"""Seconds the computer duty of a room stays with a page that stops renewing it."""


class Conflict(Exception):
    """Another page wrote the entry first: read it, then decide again."""


class TamperedEntry(RoomError):
    """A log entry that the rules refuse: the replay stops before it."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class RoomLinks:
    """What the host gets: the room's code and the secrets of its links (never stored)."""

    code: str
    credentials: tuple[str, ...]
    """Seat ``i``'s secret (a computer seat has one too, unused until handed to a human)."""
    spectator: str

    def link(self, base: str, credential: str, lang: str | None = None) -> str:
        """The page address that opens ``credential``'s seat: ``base?room=CODE&key=SECRET``."""
        extra = f"&lang={lang}" if lang else ""
        return f"{base}?room={self.code}&key={credential}{extra}"


def create_room(store: GameStore, config: GameConfig, *, seed: int | None = None) -> RoomLinks:
    """A new room for the new-game form's answers: seats as chosen (humans and computers),
    a fresh code, an unguessable credential per seat and one for spectators.

    The room's seed is 256 bits from :mod:`secrets` (:func:`~.fairness.new_seed`): the
    form's seed (``config.seed``) is ignored, so nobody at the table knows the dice in
    advance. ``seed`` is for tests that need a known deal; the pages never pass one."""
    seed = new_seed() if seed is None else seed
    for _ in range(10):
        code = new_code()
        try:
            store.room(code)
        except RoomError:
            break
    else:  # pragma: no cover - 32**6 codes
        raise RoomError("no free room code")
    seats = tuple(SeatInfo(i, s.name, s.color, s.kind) for i, s in enumerate(config.seats))
    credentials = tuple(secrets.token_urlsafe(24) for _ in seats)
    spectator = secrets.token_urlsafe(24)
    store.create(RoomInfo(code, config.rules, seed, seats, config.lang, coach=config.coach),
                 credentials, spectator)
    return RoomLinks(code, credentials, spectator)


def initial_match(room: RoomInfo) -> Match:
    """The room's match after the dealt set-up: the same on every page (the seed deals)."""
    return Match.new(players=[s.color for s in room.seats], rules=room.rules, seed=room.seed)


def check_entry(state: GameState, seed: int | None, index: int, entry: Entry) -> Action:
    """The action of ``entry`` if the rules allow it at ``state`` (``index``: its place in the
    match), else :class:`TamperedEntry` saying why."""
    try:
        action = warkit.parse_action(entry.action)
    except Exception as exc:
        raise TamperedEntry(f"entry {entry.seq}: unreadable action {entry.action!r} ({exc})"
                            ) from None
    decider = state.current_player
    if entry.actor != decider:
        raise TamperedEntry(f"entry {entry.seq}: written for seat {entry.actor}, but "
                            f"{'chance' if decider == CHANCE else f'seat {decider}'} decides")
    if decider == CHANCE:
        dealt = chance_sampler(seed, index).sample(state)
        if str(dealt) != str(action):
            raise TamperedEntry(f"entry {entry.seq}: chance gave {dealt} here, not {action}")
        return action
    reason = warkit.illegal_reason(state, action)
    if reason is not None:
        raise TamperedEntry(f"entry {entry.seq}: {action} is illegal: {reason}")
    return action


def replay(room: RoomInfo, entries: Sequence[Entry]
           ) -> tuple[Match, list[int], TamperedEntry | None]:
    """The room's match after ``entries``, the actor of each replayed entry (the dealt set-up
    before them is ``len(match.actions) - len(actors)`` actions), and the first refused
    entry's error (``None``: all good)."""
    match = initial_match(room)
    base = len(match.actions)
    actors: list[int] = []
    for entry in entries:
        expected = len(match.actions) - base
        try:
            if entry.seq != expected:
                raise TamperedEntry(f"entry {entry.seq} where entry {expected} was expected")
            action = check_entry(match.state, match.seed, len(match.actions), entry)
        except TamperedEntry as exc:
            return match, actors, exc
        match.push(action)
        actors.append(entry.actor)
    return match, actors, None


class RoomController(GameController):
    """The dashboard's controller for one seat of a room (or a spectator).

    Differs from the hot-seat game in four things: every action is first appended to the
    store (:meth:`push`; a conflict means another page was first: :meth:`sync` reads it);
    the viewer is always this page's seat (no passing the device); the computers and
    chance are played only by the page holding the room's claim (:meth:`claim_duty`); and the
    other pages' moves, read by :meth:`receive`, are shown one by one by :meth:`advance`
    at the page's pace, highlighted and with their dice rolled as a computer's move would
    be - several arriving together are not shown all at once.
    """

    def __init__(self, store: GameStore, credential: str, **options: Any) -> None:
        self.store, self.credential = store, credential
        access = store.access(credential)
        self.code, self.seat = access.code, access.seat
        self.room = store.room(self.code)
        self.problem: TamperedEntry | None = None
        """The first refused log entry, if any (the game stops there)."""
        self.last_synced: list[Entry] = []
        """The entries the last :meth:`sync` applied (their ``at``: when they were written)."""
        self._duty_until = self._duty_asked = 0.0
        self._syncing = False
        self._incoming: deque[Entry] = deque()
        """Entries read from the store, not yet shown (:meth:`advance` shows them)."""
        options.setdefault("lang", self.room.lang)
        match, actors, self.problem = replay(self.room, store.read(self.code))
        self.base = len(match.actions) - len(actors)
        """How many actions the dealt set-up takes (entry 0 of the room's log follows them)."""
        super().__init__(match, _seats(self.room), game_id=f"room-{self.code}", **options)
        self.actors[self.base:] = actors
        self._follow_hints()
        if self.seat is not None:
            store.touch(credential)
            self.claim_duty()
        if self.problem is not None:
            self._say("refused", str(self.problem))

    # -- who acts here ---------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The next entry of the log this page expects."""
        return len(self.match.actions) - self.base

    @property
    def seq_read(self) -> int:
        """The next entry to read from the store (those read but not yet shown included)."""
        return self.seq + len(self._incoming)

    @property
    def holds_duty(self) -> bool:
        """Does this page play the room's computers and chance now? What the last
        :meth:`claim_duty` obtained, until it lapses (reading it asks nothing of the store)."""
        return time.time() < self._duty_until

    def claim_duty(self) -> bool:
        """Take or renew this page's claim to play the room's computers and chance (the store
        gives it to one page at a time, for :data:`CLAIM_TTL` seconds); returns
        :attr:`holds_duty`. Asks the store at most once a second, and only once half the
        claim has run out: called when the page opens, before each :meth:`advance` and at
        each heartbeat of the page (:mod:`.sync`), which keeps a living page's claim."""
        if self.seat is None or self.problem is not None:
            return False
        now = time.time()
        if now >= self._duty_until - CLAIM_TTL / 2 and now >= self._duty_asked + 1.0:
            self._duty_asked = now  # ask the store at most once a second
            if self.store.claim(self.code, self.credential, CLAIM_TTL):
                self._duty_until = now + CLAIM_TTL
            else:
                self._duty_until = 0.0
        return now < self._duty_until

    @property
    def waiting_on_computer(self) -> bool:
        state = self.state
        if self.problem is not None:
            return False
        if self._incoming:
            return True  # the others' moves to show, at the pace
        if state.is_terminal:
            return False
        if self._blitz_due() or self.auto_pass_due():
            return True
        decider = self.decider
        if decider == CHANCE or not self.seats[decider].is_human:
            return self.holds_duty
        return False

    def auto_pass_due(self) -> bool:
        """Only this page's player is passed for (the others' pages pass for them)."""
        return self.decider == self.seat and super().auto_pass_due()

    def empty_trade_due(self) -> bool:
        """Never in a room: a seat ends an empty trade step with its End button, as before
        the one-screen game learnt to skip it. (Skipping it from the page raced with the
        others' moves arriving through the store; see the session's closing note.)"""
        return False

    # -- files and fairness ----------------------------------------------------------------
    online = True

    @property
    def commitment(self) -> str:
        """sha256 of the room's seed (:func:`~.fairness.commitment`): shown from the start."""
        return commitment(self.room.seed)

    def save_file(self, lang: str) -> tuple[str, str, str]:
        """During the game this seat's own record (the spectator's: public information
        only; :mod:`warkit.seat_record`); once it is over, the full record with the seed,
        which loads as an ordinary saved game and passes :func:`~.fairness.verify_room`."""
        notes = {"code": self.code, "commitment": self.commitment}
        if self.state.is_terminal:
            self.match.meta[ROOM_META] = notes
            name = file_name(self)
            return name, dump_game(self), tr("room.saved_full", lang, file=name)
        who = "watch" if self.seat is None else self.seats[self.seat].color
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        name = f"war-room-{self.code}-{who}-turn-{self.state.turn}-{stamp}.json"
        meta = {ROOM_META: notes, "names": [s.name for s in self.seats], "lang": self.lang,
                "saved": datetime.now().isoformat(timespec="seconds")}
        text = dumps_seat_record(self.match, self.seat, self.base, meta)
        key = "room.saved_watch" if self.seat is None else "room.saved_seat"
        return name, text, tr(key, lang, file=name)

    def save_tip(self, lang: str) -> str:
        if self.state.is_terminal:
            return tr("room.save_tip_full", lang)
        return tr("room.save_tip_watch" if self.seat is None else "room.save_tip_seat", lang)

    def update_viewer(self) -> None:
        """The viewer is always this page's seat (no passing the device)."""
        self._handoff = None
        self._viewer = self.seat

    def can_undo(self) -> bool:
        return False  # the others may have seen the move: the log is append-only

    # -- writing through the store ---------------------------------------------------------
    def push(self, action: Action, actor: int) -> set[str]:
        """Write the move to the room's log, then play it (a move read from the log, or one
        the rules refuse - the engine says why - is only played)."""
        if self._syncing:
            return super().push(action, actor)
        if self.problem is not None:
            raise Conflict(str(self.problem))
        if warkit.illegal_reason(self.state, action) is not None:  # the engine says why
            return super().push(action, actor)
        if not self.store.append(self.code, self.seq, actor, str(action), self.credential):
            raise Conflict(f"entry {self.seq} was written by another page first")
        changed = super().push(action, actor)
        if self.state.is_terminal:  # this move ended the game: the room's lifecycle knows it
            self.store.finish(self.code, self.credential)
        return changed

    def act(self, action: Action | str) -> bool:
        try:
            return super().act(action)
        except Conflict:
            self.sync()
            return False
        except StoreUnavailable as exc:  # the database restarting: said in the page's language
            self._say("refused", exc.text(self.lang))
            self._notify("message")
            return False
        except RoomError as exc:
            self._say("refused", str(exc))
            self._notify("message")
            return False

    def advance(self, budget: float = 0.05) -> float | None:
        self.claim_duty()  # the computers are played only while this page holds the claim
        if self._incoming:
            delay = self._show_incoming(budget)
            return delay if self.waiting_on_computer else None
        try:
            return super().advance(budget)
        except Conflict:
            self.sync()
            return 0.05
        except RoomError:  # the computers' claim went to another page meanwhile
            self._duty_until = 0.0
            self.sync()
            return 0.5

    # -- reading the others' moves ---------------------------------------------------------
    def _follow_hints(self) -> None:
        """The host's choice of hints and every seat's count, as the store has them."""
        self.coach_allowed = self.room.coach
        if len(self.room.hints) == len(self.seats):
            self.hints_asked = list(self.room.hints)

    def ask_hint(self) -> Hint | None:
        """A hint for this page's seat, counted in the store (every page's end screen shows
        it); refused where the host turned hints off."""
        hint = super().ask_hint()
        if hint is not None and self.seat is not None:
            self.hints_asked[self.seat] = self.store.count_hint(self.code, self.credential)
        return hint

    def hint_counts(self) -> list[int]:
        """Every seat's hints as the store has them now (the other pages' too)."""
        self.room = self.store.room(self.code)
        self._follow_hints()
        return super().hint_counts()

    def refresh_room(self) -> bool:
        """Read the seats again (a seat handed to a computer); ``True`` if any changed."""
        room = self.store.room(self.code)
        changed = [s.kind for s in room.seats] != [s.kind for s in self.room.seats]
        self.room = room
        self._follow_hints()
        if changed:
            self.seats = _seats(room)
            for s, seat in enumerate(self.seats):
                if not seat.is_human and s not in self.bots:
                    self.bots[s] = warkit.bots.make(seat.kind, seed=(room.seed or 0) * 7 + s)
            self._after_change()
            self._notify("state", "viewer", "selection", "message")
        return changed

    def receive(self) -> int:
        """Read the entries the other pages wrote since the last read, to be shown by
        :meth:`advance` (the page's timer) at the pace; returns how many came."""
        if self.problem is not None:
            return 0
        entries = self.store.read(self.code, self.seq_read)
        self._incoming.extend(entries)
        if entries:
            self._notify("selection")  # the page's timer starts (see waiting_on_computer)
        return len(entries)

    def sync(self) -> bool:
        """Apply at once every entry the other pages wrote since this page's last (a click
        that lost a race, the tests); ``True`` if any. Each is checked (:func:`check_entry`);
        a refused one stops the game with its reason."""
        self._incoming.extend(self.store.read(self.code, self.seq_read))
        if not self._incoming or self.problem is not None:
            return False
        before = self.state
        self._show_incoming(None)
        return self.state is not before

    def _show_incoming(self, budget: float | None) -> float:
        """Apply the entries read: all of them (``budget`` None), or one by one until one
        deserves a pause on screen (:data:`DELAYS` at the page's pace, as for a computer's
        move) or ``budget`` seconds are spent. Returns the pause."""
        start, pace = time.perf_counter(), PACES[self.pace]
        before, delay = self.state, 0.0
        self.last_synced = []
        self._syncing = True
        try:
            while self._incoming and self.problem is None:
                entry = self._incoming.popleft()
                keyword = self._apply(entry)
                if keyword is None:
                    break
                delay = DELAYS.get(keyword, 0.0) * pace
                if budget is not None and (delay > 0 or time.perf_counter() - start > budget):
                    break
        finally:
            self._syncing = False
        if self.state is not before:
            self._after_change()
        if self.problem is not None:
            self._incoming.clear()
            self._say("refused", str(self.problem))
        self._notify("state", "log", "battle", "viewer", "selection", "message")
        return delay

    def _apply(self, entry: Entry) -> str | None:
        """Play one entry of the log after checking it; its action's keyword, or ``None``
        (and :attr:`problem` says why) if the rules refuse it."""
        if entry.seq != self.seq:
            self.problem = TamperedEntry(f"entry {entry.seq} where entry {self.seq} was expected")
            return None
        try:
            action = check_entry(self.state, self.match.seed, len(self.match.actions), entry)
        except TamperedEntry as exc:
            self.problem = exc
            return None
        state = self.state
        self.push(action, entry.actor)
        self.last_synced.append(entry)
        if entry.actor >= 0:  # highlighted as a computer's move is
            self.recent = touched(state, action) or self.recent
        return action.keyword

    def pending_seat(self) -> int | None:
        """The seat whose decision the room waits for (``None``: chance, a computer, over)."""
        decider = self.decider
        if self.state.is_terminal or decider < 0 or not self.seats[decider].is_human:
            return None
        return decider

    @property
    def your_move(self) -> bool:
        """Is this page's player the one the room waits for (their turn, or their reaction)?"""
        return self.seat is not None and self.step not in (Step.WAIT, Step.OVER,
                                                             Step.HANDOFF)


def _seats(room: RoomInfo) -> tuple[Seat, ...]:
    return tuple(Seat(s.name, s.color, s.kind if s.kind != HUMAN else HUMAN)
                 for s in room.seats)


__all__ = ["CLAIM_TTL", "Conflict", "IllegalActionError", "InvalidActionError", "RoomController",
           "RoomLinks", "TamperedEntry", "check_entry", "create_room", "initial_match", "replay"]
