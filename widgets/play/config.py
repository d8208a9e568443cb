"""A new game's settings (the seats, the rule set, the language, the seed) and its :class:`Step`.

What the new-game form needs to make a :class:`GameConfig`, kept apart from
:mod:`warkit_widgets.play.controller` so that the dashboard's first screen imports neither
the game's controller nor what it needs (the odds, numpy, the bots).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import warkit

from ..i18n import normalize_lang
from .rule_sets import rule_set_names

HUMAN = "human"
BOT_LEVELS = ("easy", "normal", "hard", "expert")
"""The computer levels offered in the new-game form (``warkit.bots``)."""
SEAT_KINDS = (HUMAN, *BOT_LEVELS, "random")
MAX_NAME = 20

PACES: dict[str, float] = {"slow": 2.5, "normal": 1.0, "fast": 0.35, "instant": 0.0}
"""Multipliers of :data:`~warkit_widgets.play.controller.DELAYS` (the computer's speed setting)."""


@dataclass(frozen=True)
class Seat:
    """A player: display name, colour id and ``kind`` ("human" or a bot level)."""

    name: str
    color: str
    kind: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "color": self.color, "kind": self.kind}


def clean_name(name: object, fallback: str) -> str:
    """A player's name as typed: trimmed, at most :data:`MAX_NAME` characters."""
    text = " ".join(str(name or "").split())[:MAX_NAME]
    return text or fallback


@dataclass(frozen=True)
class GameConfig:
    """The new-game form's answers (validated on creation)."""

    seats: tuple[Seat, ...]
    rules: str = "classic"
    lang: str = "pt"
    seed: int | None = None
    coach: bool = True
    """May the players ask the coach for hints (:mod:`warkit_widgets.play.coach`)? In a
    room, the host's choice for every seat."""
    chat: str = "presets"
    """A room's messages (:data:`ROOM_CHATS`); ignored on one device."""
    timer: int | None = None
    """A room's seconds per decision (:data:`ROOM_TIMERS`); ignored on one device."""

    def __post_init__(self) -> None:
        if self.rules not in rule_set_names():  # the engine's registry (a variant too)
            raise ValueError(f"rules must be one of {', '.join(rule_set_names())}, "
                             f"got {self.rules!r}")
        if not 3 <= len(self.seats) <= 6:
            raise ValueError(f"War is for 3 to 6 players, got {len(self.seats)} (C-COMP-1)")
        colors = [s.color for s in self.seats]
        if len(set(colors)) != len(colors):
            raise ValueError("each player needs a different colour (C-COMP-1)")
        for seat in self.seats:
            if seat.kind not in SEAT_KINDS:
                raise ValueError(f"a seat is {', '.join(SEAT_KINDS)}, got {seat.kind!r}")
            warkit.world_map().color_index(seat.color)
        object.__setattr__(self, "lang", normalize_lang(self.lang))
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)
                                      or self.seed < 0):
            raise ValueError(f"the seed is a whole number >= 0, got {self.seed!r}")
        if self.chat not in ROOM_CHATS:
            raise ValueError(f"a room's messages are one of {', '.join(ROOM_CHATS)}, "
                             f"got {self.chat!r}")
        if self.timer not in ROOM_TIMERS:
            raise ValueError(f"a room's timer is one of {ROOM_TIMERS} seconds, "
                             f"got {self.timer!r}")


ROOM_CHATS = ("presets", "free", "off")
"""What the seats of a room may say, as the form offers it (the room server checks it:
:mod:`warkit_widgets.rooms.quick_messages`)."""
ROOM_TIMERS = (None, 60, 300, 86400)
"""Seconds a room gives each decision (``None``: no timer), as the form offers them."""


class Step(enum.Enum):
    """What the page shows the human now: how the pending step is decided (its mode, as the
    rule set declares it: ``rules.phase_info(phase).mode``; SMART's alliance and airlift are
    moves), or why the human waits."""

    TRADE = "trade"
    PLACE = "place"
    ATTACK = "attack"
    OCCUPY = "occupy"
    MOVE = "move"
    REACT = "react"
    DISCARD = "discard"
    WAIT = "wait"
    """A computer is playing, or chance (dice, cards) is being resolved."""
    HANDOFF = "handoff"
    """Hot-seat: the device must be passed to the next human first."""
    OVER = "over"
