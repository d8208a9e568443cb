"""The actions only SMART uses: Intelligence, air attacks, reveals, rerolls, alliances...

(S-INTEL, S-AIR, S-TERRAIN, S-REROLL, S-ALLY, S-PASS, S-AIRLIFT, S-END.)

Like the classic actions they are small frozen values whose text form parses
back (``airattack argelia brasil 3``, ``reroll peru 1``, ``rerolled 4``...);
they are added to :func:`warkit.actions.parse_action` by
:func:`~warkit.actions.register_action` when this module is imported (which
``import warkit`` does). Cards are named as in the classic actions: a
territory id, or ``joker1`` / ``joker2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, parse_dice, register_action, sorted_dice


@dataclass(frozen=True, repr=False)
class Intelligence(Action):
    """Give up the bonuses of whole continents for cards: each 2 armies draw 1 (S-INTEL-1)."""

    continents: tuple[str, ...]
    keyword: ClassVar[str] = "intelligence"

    def __str__(self) -> str:
        return "intelligence " + " ".join(self.continents)

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Intelligence:
        if not args:
            raise ValueError(text)
        return cls(tuple(args))


@dataclass(frozen=True, repr=False)
class AirAttack(Action):
    """Discard the card of an enemy territory and attack it from ``src``, ignoring borders
    (S-AIR-1); this is the first battle, with ``dice`` attack dice."""

    card: str
    src: str
    dice: int
    keyword: ClassVar[str] = "airattack"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str), ("src", str), ("dice", int))
    count_field: ClassVar[str] = "dice"

    @property
    def route(self) -> tuple[str, str] | None:
        """From ``src`` to the territory of the discarded card."""
        return self.src, self.card


@dataclass(frozen=True, repr=False)
class Reveal(Action):
    """Reveal a card from hand: terrain knowledge after a roll (S-TERRAIN-1) or a hidden
    passage in the movement step (S-PASS-1)."""

    card: str
    keyword: ClassVar[str] = "reveal"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str),)
    undoable: ClassVar[bool] = False
    """Once others have seen the card, it cannot be taken back."""


@dataclass(frozen=True, repr=False)
class Reroll(Action):
    """Discard ``card`` to reroll own dice showing ``dice`` (values, e.g. ``(1,)``) with a
    raised minimum (S-REROLL-1)."""

    card: str
    dice: tuple[int, ...]
    keyword: ClassVar[str] = "reroll"

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sorted_dice(tuple(self.dice)))

    def __str__(self) -> str:
        return f"reroll {self.card} " + ",".join(map(str, self.dice))

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Reroll:
        if len(args) != 2:
            raise ValueError(text)
        return cls(args[0], parse_dice(args[1], text))


@dataclass(frozen=True, repr=False)
class Rerolled(Action):
    """Chance: the new values of the rerolled dice (each at least the card's minimum)."""

    dice: tuple[int, ...]
    keyword: ClassVar[str] = "rerolled"
    chance: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sorted_dice(tuple(self.dice)))

    def __str__(self) -> str:
        return "rerolled " + ",".join(map(str, self.dice))

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Rerolled:
        if len(args) != 1:
            raise ValueError(text)
        return cls(parse_dice(args[0], text))


@dataclass(frozen=True, repr=False)
class Pass(Action):
    """React to a roll with nothing (S-REROLL-1 decision: both pass, the battle resolves)."""

    keyword: ClassVar[str] = "pass"


@dataclass(frozen=True, repr=False)
class Alliance(Action):
    """Discard the card of a territory in a wholly owned continent to shift armies freely
    inside that continent (S-ALLY-1)."""

    card: str
    keyword: ClassVar[str] = "alliance"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str),)


@dataclass(frozen=True, repr=False)
class Airlift(Action):
    """Discard the card of an owned territory T to move armies from T to any owned
    territory, or from any to T, ignoring borders (S-AIRLIFT-1)."""

    card: str
    keyword: ClassVar[str] = "airlift"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str),)


@dataclass(frozen=True, repr=False)
class Discard(Action):
    """Discard a card at the end of the turn, down to 6 cards (S-END-2)."""

    card: str
    keyword: ClassVar[str] = "discard"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str),)


for _cls, _syntax in (
    (Intelligence, "intelligence <continent> [<continent>...]"),
    (AirAttack, "airattack <card of the target> <from> <dice>"),
    (Reveal, "reveal <card>"),
    (Reroll, "reroll <card> <die,die,...>"),
    (Rerolled, "rerolled 5,4"),
    (Pass, "pass"),
    (Alliance, "alliance <card>"),
    (Airlift, "airlift <card>"),
    (Discard, "discard <card>"),
):
    register_action(_cls, _syntax)
