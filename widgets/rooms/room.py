"""A room in the store, on the room server's side: its creation (code, one secret link per
seat) and its log checked move by move.

The room server rebuilds a room's match (:mod:`.server.live`): the dealt set-up comes from
the room's seed (:meth:`warkit.Match.new`), then the store's log is replayed entry by entry
(:func:`replay`), each checked as the engine would check a click - the seat that writes
must be the one to decide, the action legal, and a chance entry exactly the one the room's
seed deals for that step (:func:`~warkit_widgets.play.controller.chance_sampler`). A bad
entry stops the replay there with a clear message; it is never applied.

The seed and the full state stay on the room server: the pages
(:mod:`.controller`) get only their seat's view and steps.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Sequence

import warkit
from warkit import CHANCE, Action, GameState, Match

from ..play.config import GameConfig
from ..play.controller import chance_sampler
from .fairness import new_seed
from .invite import RoomLinks
from .store import Entry, GameStore, RoomError, RoomInfo, SeatInfo

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "01IO")
"""Room codes avoid the characters read alike (0/O, 1/I)."""
CODE_LENGTH = 6


class TamperedEntry(RoomError):
    """A log entry that the rules refuse: the replay stops before it."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


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


__all__ = ["TamperedEntry", "check_entry", "create_room", "initial_match", "new_code", "replay"]
