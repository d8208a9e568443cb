"""The turn timer of a room (optional, the host's choice: off, 1 min, 5 min or 24 h).

The room server notes when the pending human decision began (the room's last entry, or when
this server saw the room move on since). Past ``timer`` seconds the seat "timed out": a
computer (:data:`~.live.HAND_OVER_LEVEL`) plays that seat's decisions until the turn passes
(:meth:`~.live.LiveRoom.stands_in`), the others see the seat marked "timed out", and the
seat takes it back by acting on its next decision (or by "take back"). Each new turn gives
the seat its whole time again: with 24 h, a room is a correspondence game.

A page shows a countdown to the answer's ``deadline`` (epoch seconds; ``None`` when no human
decision is timed). The check runs on every request about the room and on the web hub's
periodic callback, so a room whose pages are all closed still moves on when someone looks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warkit import CHANCE

from ...play.config import ROOM_TIMERS

if TYPE_CHECKING:
    from .live import LiveRoom

TIMER_CHOICES = tuple(t for t in ROOM_TIMERS if t is not None)
"""The seconds a host may give each decision: 1 minute, 5 minutes, 24 hours."""
TIMED_OUT = "timeout:{seat}"
"""The room option holding, per seat, the turn (plus 1) in which its time ran out."""


def timer_setting(value: object) -> int | None:
    """The room's timer from a request (``None`` or 0: no timer); refused unless one of
    :data:`TIMER_CHOICES`."""
    if value is None or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in TIMER_CHOICES:
        choices = ", ".join(str(c) for c in TIMER_CHOICES)
        raise ValueError(f"a room's turn timer is null (none) or one of {choices} seconds, "
                         f"not {value!r}")
    return value


class DecisionClock:
    """When each open room's pending decision began, as this server knows it."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._began: dict[str, tuple[int, float]] = {}

    def timed_seat(self, live: LiveRoom) -> int | None:
        """The human seat whose decision the timer counts now (``None``: no timer, the game
        over, chance or a computer to play, or a computer already standing in)."""
        state = live.match.state
        if not live.room.timer or state.is_terminal or live.problem is not None:
            return None
        seat = state.current_player
        if seat == CHANCE or not live.room.seats[seat].is_human or live.stands_in(seat):
            return None
        return seat

    def deadline(self, live: LiveRoom) -> float | None:
        """When the pending human decision's time runs out (epoch seconds), or ``None``."""
        if self.timed_seat(live) is None or live.room.timer is None:
            return None
        known = self._began.get(live.code)
        if known is None or known[0] != live.seq:
            began = self.clock() if known is not None else self._last_entry_at(live)
            known = self._began[live.code] = (live.seq, began)
        return known[1] + live.room.timer

    def _last_entry_at(self, live: LiveRoom) -> float:
        """When the room's last entry was written (the decision began then; a server opening
        the room after a restart keeps counting from it); the room's creation if none."""
        entries = live.store.read(live.code, max(0, live.seq - 1)) if live.seq else []
        return min(self.clock(), entries[-1].at) if entries else live.room.created

    def forget(self, code: str) -> None:
        self._began.pop(code, None)


__all__ = ["TIMED_OUT", "TIMER_CHOICES", "DecisionClock", "timer_setting"]
