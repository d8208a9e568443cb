"""Who is at the table: a seat's presence from its page's signs of life (no Jupyter code, so
the room server and the lobby share it)."""

from __future__ import annotations

from .store import RoomInfo

ABSENT_AFTER = 60.0
"""Seconds without a sign of life after which the others may hand a seat to a computer."""
HERE_WITHIN = 6.0
"""A seat whose page gave a sign of life this recently is "here" (3 heartbeats)."""


def absent(room: RoomInfo, seat: int, now: float) -> bool:
    """May the others hand this seat to a computer (a human gone for :data:`ABSENT_AFTER`)?"""
    info = room.seats[seat]
    return info.is_human and now - (info.seen or info.joined or room.created) >= ABSENT_AFTER


def presence(room: RoomInfo, seat: int, now: float) -> str:
    """``"computer"``, ``"not_joined"``, ``"here"`` or ``"away"``."""
    info = room.seats[seat]
    if not info.is_human:
        return "computer"
    if info.joined is None:
        return "not_joined"
    return "here" if now - (info.seen or info.joined) < HERE_WITHIN else "away"


__all__ = ["ABSENT_AFTER", "HERE_WITHIN", "absent", "presence"]
