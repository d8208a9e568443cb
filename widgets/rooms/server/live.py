"""One room held by the room server: its full match (rebuilt from the store's log), the moves
it checks and writes, the steps nobody has to click, and what each seat may see of it.

The match is the one every page rebuilt before (:func:`~warkit_widgets.rooms.room.replay`:
the dealt set-up from the seed, then the log checked entry by entry), but it lives only
here. A move is checked against the full state, written to the store at the next
sequence number (:meth:`~warkit_widgets.rooms.store.GameStore.write`; ``False``: another
room server wrote that entry first, so the room reads the log again) and played. Then the
room plays what nobody must click (:meth:`LiveRoom.settle`): chance (dice, cards) from the
seed, the computer seats (each sees only its own view), the pass of a human with no useful
reaction (S-REROLL-1, S-TERRAIN-1), and a trade step that offers nothing but going on
(C-CARD-1, S-TRADE-1).
"""

from __future__ import annotations

import secrets
from typing import Any

import warkit
from warkit import CHANCE, Action, EndPhase, Match, Phase
from warkit.bots import Bot
from warkit.mirror import mirror_state
from warkit.record import state_to_dict
from warkit.seat_record import dumps_seat_record, step_for, view_to_dict

from ...play.config import Seat
from ...play.controller import GameController, chance_sampler
from ...play.reactions import useful_reactions
from ...play.saves import dump_game
from ..fairness import ROOM_META, commitment, seed_hex
from ..room import TamperedEntry, check_entry, replay
from ..store import GameStore, RoomError, RoomInfo

MAX_AUTOMATIC = 100_000
"""Automatic steps played in one go at most (a room of computers only ends long before)."""


class StaleMove(RoomError):
    """A move made on an old picture of the room (others moved since): look again."""


class LiveRoom:
    """A room's full state on the room server (see the module docstring). Not thread-safe:
    the server holds the room's lock around every call."""

    def __init__(self, store: GameStore, code: str) -> None:
        self.store, self.code = store, code
        self.room: RoomInfo = store.room(code)
        match, actors, problem = replay(self.room, store.read(code))
        self.match: Match = match
        self.base = len(match.actions) - len(actors)
        """How many actions the dealt set-up takes (entry 0 of the log follows them)."""
        self.actors: list[int] = actors
        self.problem: TamperedEntry | None = problem
        """The first log entry the rules refuse (the game stops there), if any."""
        self.bots: dict[int, Bot] = {}
        self.version = 0
        """Grows at every change a page should see (a move, a seat joined or handed over)."""

    # -- reading ---------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of log entries played (the next entry's sequence number)."""
        return len(self.match.actions) - self.base

    @property
    def commitment(self) -> str:
        return commitment(self.room.seed)

    @property
    def over(self) -> bool:
        return self.match.state.is_terminal

    def catch_up(self) -> bool:
        """Play the entries other room servers wrote since (one indexed query when there are
        none); ``True`` if any."""
        if self.problem is not None or self.store.head(self.code) <= self.seq:
            return False
        for entry in self.store.read(self.code, self.seq):
            try:
                if entry.seq != self.seq:
                    raise TamperedEntry(f"entry {entry.seq} where entry {self.seq} was expected")
                action = check_entry(self.match.state, self.match.seed,
                                     len(self.match.actions), entry)
            except TamperedEntry as exc:
                self.problem = exc
                break
            self.match.push(action)
            self.actors.append(entry.actor)
        self.version += 1
        return True

    def refresh_seats(self) -> bool:
        """Read the seats again (joined, handed to a computer); ``True`` if a page should see
        a change (presence itself changes with the clock and is sent with every answer)."""
        room = self.store.room(self.code)
        before = [(s.kind, s.joined is None) for s in self.room.seats]
        self.room = room
        if [(s.kind, s.joined is None) for s in room.seats] != before:
            self.version += 1
            return True
        return False

    # -- playing ---------------------------------------------------------------------------
    def act(self, seat: int, seq: int, text: str) -> None:
        """Seat ``seat`` plays ``text`` (the engine's text form) on the room as it was after
        entry ``seq``; then the automatic steps follow. Refused with a clear error (and
        nothing changed) if the room moved on since, it is not that seat's decision, or the
        rules forbid the move."""
        if self.problem is not None:
            raise RoomError(f"room {self.code} stopped at a refused entry: {self.problem}")
        if seq != self.seq:
            raise StaleMove(f"the room is at move {self.seq}, not {seq}: look again")
        try:
            action = warkit.parse_action(text)
        except Exception as exc:
            raise RoomError(f"unreadable move {text!r}: {exc}") from None
        state = self.match.state
        if state.current_player != seat:
            raise RoomError("it is not your decision now")
        reason = warkit.illegal_reason(state, action)
        if reason is not None:
            raise reason  # an IllegalActionError: says which rule
        self._write(seat, action)
        self.settle()

    def _write(self, actor: int, action: Action) -> None:
        """Append to the store, then play; another server first: read its entries instead."""
        if not self.store.write(self.code, self.seq, actor, str(action)):
            self.catch_up()
            raise StaleMove("another room server wrote this move first: look again")
        self.match.push(action)
        self.actors.append(actor)
        self.version += 1
        if self.over:  # the room's lifecycle: kept a few days more, then purged
            self.store.finish(self.code)

    def settle(self) -> int:
        """Play every step nobody must click, until a human decides or the game ends;
        returns how many were played."""
        for played in range(MAX_AUTOMATIC):
            if self.problem is not None:
                return played
            step = self.automatic_step()
            if step is None:
                return played
            try:
                self._write(*step)
            except StaleMove:
                continue  # caught up with the other server's moves: look again
        raise RuntimeError(f"room {self.code}: no human decision after {MAX_AUTOMATIC} steps")

    def automatic_step(self) -> tuple[int, Action] | None:
        """The next step nobody has to click, with its actor, or ``None``."""
        state = self.match.state
        if state.is_terminal:
            return None
        decider = state.current_player
        if decider == CHANCE:
            return CHANCE, chance_sampler(self.match.seed, len(self.match.actions)).sample(state)
        seat = self.room.seats[decider]
        legal = warkit.legal_actions(state)
        if not seat.is_human:
            return decider, self._bot(decider).choose(warkit.view(state, decider), legal)
        info = state.rules.phase_info(state.phase)
        if (info.decider == "reacting" and info.decline in legal
                and not useful_reactions(warkit.view(state, decider), legal)):
            assert info.decline is not None
            return decider, info.decline  # no reaction could help: passed for them
        if state.phase is Phase.TRADE and len(legal) == 1 and EndPhase() in legal:
            return decider, EndPhase()  # nothing to trade: the step is skipped
        return None

    def _bot(self, seat: int) -> Bot:
        kind = self.room.seats[seat].kind
        bot = self.bots.get(seat)
        if bot is None or getattr(bot, "level", kind) != kind:
            bot = self.bots[seat] = warkit.bots.make(kind, seed=secrets.randbits(64))
        return bot

    # -- what a seat may see ---------------------------------------------------------------
    def view_for(self, seat: int | None, since: int = 0, now: float = 0.0) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may know, as JSON-safe data: the room's
        public facts, its seat's view, the steps since entry ``since`` as that seat may see
        them, and - only once the game is over - the seed.

        Asked from the start (``since`` 0), it also carries ``"start"``: the page's game
        to replay those steps on, :func:`warkit.mirror.mirror_state` of the seat's view after
        the dealt set-up (a full state made from that view alone: its hidden parts are
        placeholders, so it holds nothing the seat may not know)."""
        from ..presence import absent, presence

        state, match = self.match.state, self.match
        since = max(0, min(since, self.seq))
        steps = [step_for(match.states[i], match.actions[i], match.states[i + 1], seat)
                 | {"seat": self.actors[i - self.base]}
                 for i in range(self.base + since, len(match.actions))]
        decider = state.current_player
        yours = seat is not None and decider == seat and not state.is_terminal
        answer: dict[str, Any] = {
            "code": self.code, "seat": seat, "rules": self.room.rules, "lang": self.room.lang,
            "coach": self.room.coach, "commitment": self.commitment,
            "seats": [{"seat": s.seat, "name": s.name, "color": s.color, "kind": s.kind,
                       "presence": presence(self.room, s.seat, now),
                       "absent": absent(self.room, s.seat, now),
                       "hints": self.room.hints[s.seat] if s.seat < len(self.room.hints) else 0,
                       "seen": s.seen, "joined": s.joined} for s in self.room.seats],
            "seq": self.seq, "since": since, "steps": steps, "version": self.version,
            "view": view_to_dict(warkit.view(state, seat)),
            "decider": decider, "your_move": yours,
            "legal": [str(a) for a in warkit.legal_actions(state)] if yours else [],
            "over": state.is_terminal,
            "problem": None if self.problem is None else str(self.problem),
        }
        if since == 0:
            answer["start"] = state_to_dict(mirror_state(warkit.view(match.states[self.base],
                                                                     seat)))
        if state.is_terminal:
            answer["seed"] = seed_hex(match.seed or 0)
        return answer

    def record_for(self, seat: int | None) -> str:
        """The file a seat may keep: its own record during the game (no other hand or
        objective, no seed); after the end, the full record with the seed, which loads as
        an ordinary saved game and passes :func:`~warkit_widgets.rooms.fairness.verify_room`."""
        notes = {"code": self.code, "commitment": self.commitment}
        if self.over:
            self.match.meta[ROOM_META] = notes
            game = GameController(self.match, _seats(self.room), lang=self.room.lang,
                                  game_id=f"room-{self.code}")
            game.coach_allowed, game.hints_asked = self.room.coach, list(self.room.hints)
            return dump_game(game)
        names = [s.name for s in self.room.seats]
        return dumps_seat_record(self.match, seat, self.base,
                                 {ROOM_META: notes, "names": names, "lang": self.room.lang})


def _seats(room: RoomInfo) -> tuple[Seat, ...]:
    return tuple(Seat(s.name, s.color, s.kind) for s in room.seats)


__all__ = ["MAX_AUTOMATIC", "LiveRoom", "StaleMove"]
