"""The dashboard's controller for one seat of a room (or a spectator), working from the room
server's answers only.

The page's kernel holds no store, no seed and no other seat's secret: its game is a
**mirror** (:mod:`warkit.mirror`), a full state built from what its seat may know. The
server's first answer carries the mirror of the seat's view after the dealt set-up
(``"start"``); every later step it sends, as that seat may see it, is turned into the
action to play on the mirror (:func:`warkit.mirror.resolve_step`) and played through
:meth:`GameController.push`, so the log, the dice tray, the battle and the highlights work
as in a one-screen game. After each answer the mirror's view must be the server's, every
field of it (:meth:`RoomController._check_view` compares both as
:func:`~warkit.seat_record.view_to_dict`); should it ever differ, the present is rebuilt from
the server and the fields that differed logged.

The page plays nothing by itself: chance, the computers, the passes nobody must click and
SMART's empty trade step are the server's. A move of this page's player is sent
(:meth:`RoomController.push`); the answer brings it back with the automatic steps after it,
shown one by one at the page's pace like the others' moves. When the game is over the
server reveals the seed and sends the full record, which replaces the mirror: true winners,
every secret now public, checked by :func:`~.fairness.verify_room`.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import warkit
from warkit import Action, Match
from warkit.mirror import MirrorError, resolve_step
from warkit.record import state_from_dict
from warkit.seat_record import view_to_dict

from ..controller import touched
from ..play.coach import Hint
from ..play.config import HUMAN, PACES, Seat, Step
from ..play.controller import BLITZ_DELAY, DELAYS, GameController
from .fairness import ROOM_META
from .messages import tr
from .server.client import RoomServerError
from .server.service import RoomApi
from .store import RoomError

log = logging.getLogger(__name__)


class Conflict(RoomError):
    """The room moved on before this page's move reached it: read it, then decide again."""


@dataclass(frozen=True)
class SeatShown:
    """A seat as the room server describes it (names, colours, kinds, presence: public)."""

    seat: int
    name: str
    color: str
    kind: str
    presence: str
    """``"computer"``, ``"not_joined"``, ``"here"`` or ``"away"`` (the server's clock)."""
    absent: bool
    """Gone long enough that the others may hand the seat to a computer."""
    hints: int
    joined: float | None
    seen: float | None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class RoomShown:
    """The room's public facts from a server answer (what the lobby shows)."""

    code: str
    seats: tuple[SeatShown, ...]
    coach: bool
    commitment: str
    watch: str | None
    """The spectator key (public information only: any page may share it)."""
    seed: str | None
    """The seed in hex, revealed once the game is over (``None`` before)."""

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> RoomShown:
        seats = tuple(SeatShown(int(s["seat"]), str(s["name"]), str(s["color"]),
                                str(s["kind"]), str(s["presence"]), bool(s.get("absent")),
                                int(s.get("hints", 0)), s.get("joined"), s.get("seen"))
                      for s in answer["seats"])
        return cls(str(answer["code"]), seats, bool(answer.get("coach", True)),
                   str(answer["commitment"]), answer.get("watch"), answer.get("seed"))


class RoomController(GameController):
    """The dashboard's controller for one seat of a room (see the module docstring).

    Differs from the one-screen game in this: the game is the seat's mirror, fed by
    :meth:`receive` with the server's answers; this page's moves go to the server first
    (:meth:`push`); the others' moves and every automatic step are shown one by one by
    :meth:`advance` at the page's pace, highlighted and with their dice rolled as a
    computer's move would be; the viewer is always this page's seat; nothing is undone.
    """

    online = True

    def __init__(self, client: RoomApi, answer: dict[str, Any] | None = None,
                 **options: Any) -> None:
        self.client = client
        answer = client.state(0) if answer is None or "start" not in answer else answer
        self.code: str = str(answer["code"])
        self.seat: int | None = answer["seat"]
        self.room = RoomShown.from_answer(answer)
        self.base = 0
        """Actions of :attr:`match` before entry 0 of the room's log (the dealt set-up, once
        the full record replaced the mirror at the end)."""
        self.problem: str | None = None
        """Why the game stopped on this page (a step the mirror refuses), if it did."""
        self.version = -1
        """The room's change counter in the last answer (the follower waits past it)."""
        self.mismatches = 0
        """Answers whose view the mirror did not match (rebuilt each time; never, we test)."""
        self.full_record = False
        """Has the full record (seed revealed) replaced the mirror?"""
        self._expected: tuple[int, dict[str, Any]] | None = None
        self._syncing = self._rebuilding = self._over = False
        self._incoming: deque[dict[str, Any]] = deque()
        """Steps received, not yet shown (:meth:`advance` shows them)."""
        options.setdefault("lang", answer.get("lang", "pt"))
        match = Match(state_from_dict(answer["start"]))
        super().__init__(match, _seats(self.room), game_id=f"room-{self.code}", **options)
        self.coach_allowed = self.room.coach
        self.receive(answer)
        self._show_incoming(None)  # a page opened mid-game catches up at once

    # -- who acts here ---------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The next entry of the room's log this page expects."""
        return len(self.match.actions) - self.base

    @property
    def seq_read(self) -> int:
        """The next entry to ask the server for (those received but not yet shown included)."""
        return self.seq + len(self._incoming)

    @property
    def commitment(self) -> str:
        """sha256 of the room's seed, from the server's answer: shown from the start."""
        return self.room.commitment

    @property
    def step(self) -> Step:
        """Nothing to decide while received steps wait to be shown (the mirror's present is
        behind the room's)."""
        if self._incoming and not self.state.is_terminal:
            return Step.WAIT
        return super().step

    @property
    def waiting_on_computer(self) -> bool:
        """The page's timer runs while received steps wait to be shown, or an "attack
        until..." of this page's player goes on; never for a computer or chance (the
        server plays them)."""
        if self.problem is not None:
            return False
        return bool(self._incoming) or self._blitz_due()

    def auto_pass_due(self) -> bool:
        return False  # the server passes a reaction that could not help

    def empty_trade_due(self) -> bool:
        return False  # the server skips an empty trade step (C-CARD-1, S-TRADE-1)

    def settle(self, chance: bool = True) -> set[str]:
        return set()  # the automatic steps come from the server, with the move's answer

    def update_viewer(self) -> None:
        """The viewer is always this page's seat (no passing the device)."""
        self._handoff = None
        self._viewer = self.seat

    def can_undo(self) -> bool:
        return False  # the others may have seen the move: the log is append-only

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

    # -- this page's moves -----------------------------------------------------------------
    def push(self, action: Action, actor: int) -> set[str]:
        """Send this page's move to the room server, then play it from the answer (whose
        automatic steps after it are shown at the pace); a step received from the server,
        or a move the rules refuse (the engine says why), is only played."""
        if self._syncing or warkit.illegal_reason(self.state, action) is not None:
            return super().push(action, actor)
        if self.problem is not None:
            raise Conflict(self.problem)
        if actor != self.seat:
            raise Conflict("only this page's seat moves from this page")
        answer = self.client.act(self.seq, str(action), self.seq)
        self.receive(answer)
        if not self._incoming:
            raise Conflict("the room server did not play the move")
        own = self._incoming.popleft()
        self._syncing = True
        try:
            changed: set[str] = self._play_step(own, highlight=False) or set()
        finally:
            self._syncing = False
        if not self._incoming:
            self._check_view()
        return changed

    def act(self, action: Action | str) -> bool:
        try:
            return super().act(action)
        except (Conflict, RoomServerError) as exc:
            self._server_refused(exc)
            return False

    def _server_refused(self, exc: RoomError) -> None:
        """The server said no, or cannot be reached: said in the page's language."""
        status = getattr(exc, "status", 409 if isinstance(exc, Conflict) else 400)
        self.blitz_plan = None
        if status == 409:  # others moved first: show their moves, then decide again
            self._say("refused", tr("room.moved_on", self.lang))
            self.catch_up()
        elif status in (0, 503):
            self._say("refused", tr("room.server_lost", self.lang))
        else:
            self._say("refused", str(exc))
        self._notify("message", "selection")

    def catch_up(self) -> None:
        """Ask the server for the steps this page has not received (shown at the pace);
        unreachable: nothing changes (the follower keeps trying)."""
        with contextlib.suppress(RoomServerError):
            self.receive(self.client.state(self.seq_read))

    def advance(self, budget: float = 0.05) -> float | None:
        """Show the steps received (:meth:`_show_incoming`), else fight the next battle of
        this page's "attack until..." (its dice come back with the answer); the game is put
        back as it was should a step fail (as :meth:`GameController.advance` does)."""
        try:
            with self._undone_on_failure():
                return self._room_advance(budget)
        except (Conflict, RoomServerError) as exc:  # a battle of an "attack until..."
            self._server_refused(exc)
            return 0.05 if self.waiting_on_computer else None

    def _room_advance(self, budget: float) -> float | None:
        if self.problem is not None:
            return None
        if self._incoming:
            delay = self._show_incoming(budget)
            return delay if self.waiting_on_computer else None
        if not self._blitz_due():
            return None
        changed = self._blitz_step()
        self._after_change()
        self._notify(*changed, "viewer", "selection", "message")
        return BLITZ_DELAY * PACES[self.pace] if self.waiting_on_computer else None

    # -- the coach, files ------------------------------------------------------------------
    def ask_hint(self) -> Hint | None:
        """A hint for this page's seat, counted by the room server (every page's end screen
        shows it); refused where the host turned hints off."""
        hint = super().ask_hint()
        if hint is not None and self.seat is not None:
            try:
                self.receive(self.client.hint(self.seq_read))
            except RoomServerError as exc:
                log.warning("room %s: the hint was not counted (%s)", self.code, exc)
        return hint

    def hint_counts(self) -> list[int]:
        """Every seat's hints, as the room server counted them."""
        return [s.hints for s in self.room.seats]

    def save_file(self, lang: str) -> tuple[str, str, str]:
        """What the room server lets this page keep: during the game this seat's own record
        (the spectator's: public information only; :mod:`warkit.seat_record`); once it is
        over, the full record with the seed, which loads as an ordinary saved game and
        passes :func:`~.fairness.verify_room`."""
        text = self.client.record()
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        if self.state.is_terminal and self.room.seed is not None:
            name = f"war-room-{self.code}-{stamp}.json"
            return name, text, tr("room.saved_full", lang, file=name)
        who = "watch" if self.seat is None else self.seats[self.seat].color
        name = f"war-room-{self.code}-{who}-turn-{self.state.turn}-{stamp}.json"
        key = "room.saved_watch" if self.seat is None else "room.saved_seat"
        return name, text, tr(key, lang, file=name)

    def save_tip(self, lang: str) -> str:
        if self.state.is_terminal:
            return tr("room.save_tip_full", lang)
        return tr("room.save_tip_watch" if self.seat is None else "room.save_tip_seat", lang)

    # -- the server's answers --------------------------------------------------------------
    def receive(self, answer: dict[str, Any]) -> int:
        """Take a server answer: the room's public facts (seats, presence, hints), and the
        steps this page has not received yet, to be shown by :meth:`advance` at the pace;
        returns how many steps came."""
        if str(answer.get("code")) != self.code:
            raise RoomError(f"an answer about room {answer.get('code')!r} reached room "
                            f"{self.code}")
        self.version = int(answer["version"])
        self._follow_room(RoomShown.from_answer(answer))
        if answer.get("problem"):
            self.problem = str(answer["problem"])
        since, steps = int(answer["since"]), list(answer["steps"])
        fresh = steps[self.seq_read - since:] if self.seq_read >= since else []
        self._incoming.extend(fresh)
        self._expected = (int(answer["seq"]), answer["view"])
        self._over = bool(answer.get("over"))
        if fresh:
            self._notify("selection")  # the page's timer starts (see waiting_on_computer)
        elif not self._incoming:
            self._check_view()
        return len(fresh)

    def _follow_room(self, room: RoomShown) -> None:
        """The seats' kinds (a seat handed to a computer), the host's hints choice."""
        changed = [s.kind for s in room.seats] != [s.kind for s in self.room.seats]
        self.room = room
        self.coach_allowed = room.coach
        if changed:
            self.seats = _seats(room)
            self._after_change()
            self._notify("state", "viewer", "selection", "message")

    def _show_incoming(self, budget: float | None) -> float:
        """Play the steps received: all of them (``budget`` None), or one by one until one
        deserves a pause on screen (:data:`DELAYS` at the page's pace, as for a computer's
        move) or ``budget`` seconds are spent. Returns the pause."""
        start, pace = time.perf_counter(), PACES[self.pace]
        before, delay = self.state, 0.0
        self._syncing = True
        try:
            while self._incoming and self.problem is None:
                keyword = self._play_step(self._incoming.popleft())
                if keyword is None:
                    break
                delay = DELAYS.get(keyword, 0.0) * pace
                if budget is not None and (delay > 0 or time.perf_counter() - start > budget):
                    break
        finally:
            self._syncing = False
        if not self._incoming:
            self._check_view()
        if self.state is not before:
            self._after_change()
        if self.problem is not None:
            self._incoming.clear()
            self._say("refused", self.problem)
        self._notify("state", "log", "battle", "viewer", "selection", "message")
        return delay

    def _play_step(self, step: dict[str, Any], highlight: bool = True) -> Any:
        """Play one step of the server's on the mirror; its action's keyword (the aspects
        changed when ``highlight`` is off: this page's own move), or ``None`` (and
        :attr:`problem` says why) if the mirror cannot play it."""
        state = self.state
        actor = int(step["seat"])
        try:
            action = resolve_step(self.match, step, self.seat)
            state = self.state  # resolve_step may have repaired the present
            changed = super().push(action, actor)
        except (MirrorError, warkit.IllegalActionError, warkit.InvalidActionError) as exc:
            self.problem = tr("room.step_refused", self.lang, seq=self.seq, error=str(exc))
            log.error("room %s: step %s refused by the mirror: %s", self.code, self.seq, exc)
            return None
        if not highlight:
            return changed
        if actor >= 0:  # highlighted as a computer's move is
            self.recent = touched(state, action) or self.recent
        if self.state.is_terminal:
            self._load_full_record()
        return action.keyword

    def _check_view(self) -> None:
        """The mirror's view must be the server's once the mirror reached the answer's
        move; should it differ, the present is rebuilt from the server (and logged)."""
        if self._expected is None or self.full_record:
            return
        seq, expected = self._expected
        if seq != self.seq or self.problem is not None:
            return
        self._expected = None
        if self._over or self.state.is_terminal:
            # the game is over: who won by a hidden objective, only the full record knows
            self._load_full_record()
            return
        mine = view_to_dict(warkit.view(self.state, self.seat))
        if mine == expected:
            return
        self.mismatches += 1
        fields = ", ".join(differences(mine, expected))
        log.error("room %s: the page's game differs from the room at move %s (%s): rebuilt",
                  self.code, seq, fields)
        if self._rebuilding:  # rebuilt from the server and still different: stop here
            self.problem = tr("room.step_refused", self.lang, seq=seq, error=fields)
            return
        self.rebuild()

    def rebuild(self) -> None:
        """The page's game again from the server's start and every step (nothing shown one
        by one)."""
        answer = self.client.state(0)
        self._rebuilding = True
        self.match = Match(state_from_dict(answer["start"]))
        self.base, self.actors, self.log = 0, [], []
        self.tray = self.last_battle = None
        self._incoming.clear()
        self._expected = None
        try:
            self.receive(answer)
            self._show_incoming(None)
        finally:
            self._rebuilding = False

    def _load_full_record(self) -> None:
        """The game is over and the seed revealed: the full record from the server replaces
        the mirror (the true winners; every hand and objective now public), as a loaded
        game shows it."""
        if self.full_record:
            return
        try:
            loaded = warkit.loads(self.client.record())
        except (RoomServerError, warkit.SaveFileError) as exc:
            log.warning("room %s: the full record could not be read (%s)", self.code, exc)
            return
        if not isinstance(loaded, Match) or loaded.seed is None:
            return  # the server sent a seat's record: the game is not over for it
        seq = self.seq
        actors = self.actors[len(self.actors) - seq:] if seq else []
        self.base = len(loaded.actions) - seq
        self.match = loaded
        self.actors = [warkit.CHANCE] * self.base + actors
        self.full_record = True
        loaded.meta.setdefault(ROOM_META, {"code": self.code, "commitment": self.commitment})
        self._replay_history()
        self._after_change()
        self._notify("state", "log", "battle", "viewer", "selection", "message")


def differences(mine: Any, theirs: Any, where: str = "", most: int = 8) -> list[str]:
    """Where two views' dicts (:func:`~warkit.seat_record.view_to_dict`) differ, as dotted
    paths (``territories.brasil.moved_in``, ``extra.attacks``), the first ``most`` of them."""
    if not (isinstance(mine, dict) and isinstance(theirs, dict)):
        return [] if mine == theirs else [where or "view"]
    found: list[str] = []
    for key in sorted(mine.keys() | theirs.keys()):
        if len(found) >= most:
            break
        path = f"{where}.{key}" if where else str(key)
        found += differences(mine.get(key), theirs.get(key), path, most - len(found))
    return found


def _seats(room: RoomShown) -> tuple[Seat, ...]:
    return tuple(Seat(s.name, s.color, s.kind) for s in room.seats)


__all__ = ["Conflict", "RoomController", "RoomShown", "SeatShown", "differences"]
