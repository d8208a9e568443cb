"""Actions: small frozen values with a text form that parses back.

Player decisions (``place brasil 3``, ``attack brasil argentina 3``...) and
chance outcomes (``roll 6,5,1 vs 5,5,2``, ``draw joker1``...) are both
actions, so a match record is just the list of them and replays without any
random number generator. ``str(action)`` gives the text form and
:func:`parse_action` reads it back; ``repr`` is a constructor expression.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import InvalidActionError, describe, expect_whole
from .state import CARD_COUNT, JOKERS
from .worldmap import world_map


def sorted_dice(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """Dice from highest to lowest, the order they are compared in (C-ATK-4); values that
    are not numbers are left as given, for the rules to refuse with a clear message."""
    try:
        return tuple(sorted(values, reverse=True))
    except TypeError:
        return tuple(values)


def card_name(card: int) -> str:
    """Text name of a card: its territory id, or ``joker1`` / ``joker2``."""
    expect_whole(card, "card", 0, CARD_COUNT - 1)
    if card in JOKERS:
        return f"joker{card - JOKERS[0] + 1}"
    return world_map().territories[card].id


def card_index(name: str) -> int:
    """Card number of a card name (inverse of :func:`card_name`)."""
    if not isinstance(name, str):
        raise InvalidActionError(f"a card name is text (a territory id or joker1 / joker2), "
                                 f"got {describe(name)}")
    if name.startswith("joker") and name[5:].isdigit() and 1 <= int(name[5:]) <= len(JOKERS):
        return JOKERS[int(name[5:]) - 1]
    try:
        index = world_map().index(name)
    except KeyError:
        raise InvalidActionError(f"unknown card {name!r}: a card is a territory id "
                                 "or joker1 / joker2") from None
    assert index < CARD_COUNT
    return index


class Action:
    """Base class of every action; ``keyword`` is the first word of the text form."""

    keyword: ClassVar[str] = ""
    chance: ClassVar[bool] = False
    """True for outcomes of chance (dice, card draws, the deal)."""
    count_field: ClassVar[str] = ""
    """The field holding the action's number (armies, dice), if any."""
    words: ClassVar[tuple[tuple[str, type], ...]] = ()
    """The text form's arguments after the keyword: (field name, str or int)."""
    undoable: ClassVar[bool] = True
    """False for decisions that show hidden information (a revealed card): no undo."""

    @property
    def route(self) -> tuple[str, str] | None:
        """(from, to) territories of an action that goes from one to another on the map (an
        attack, a move; SMART's air attack), so a map draws and picks it without knowing its
        class; ``None`` for the others."""
        return None

    def __str__(self) -> str:
        return " ".join([self.keyword, *(str(getattr(self, name)) for name, _ in self.words)])

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Action:
        """Build the action from the words after its keyword (see :attr:`words`)."""
        if len(args) != len(cls.words):
            raise ValueError(text)
        values = [_int(word, name, text) if kind is int else word
                  for word, (name, kind) in zip(args, cls.words)]
        return cls(*values)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


# -- player decisions -----------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Place(Action):
    """Put ``armies`` of the received armies on an owned territory (C-REINF-3)."""

    territory: str
    armies: int
    keyword: ClassVar[str] = "place"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("territory", str), ("armies", int))
    count_field: ClassVar[str] = "armies"


@dataclass(frozen=True, repr=False)
class Trade(Action):
    """Trade a set of cards for armies (C-CARD-2..5); ``cards`` are card names."""

    cards: tuple[str, ...]
    keyword: ClassVar[str] = "trade"

    def __str__(self) -> str:
        return "trade " + " ".join(self.cards)

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Trade:
        if not args:
            raise ValueError(text)
        return cls(tuple(args))


@dataclass(frozen=True, repr=False)
class Attack(Action):
    """Fight one battle from ``src`` against ``dst`` rolling ``dice`` attack dice (C-ATK-1, 2)."""

    src: str
    dst: str
    dice: int
    keyword: ClassVar[str] = "attack"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("src", str), ("dst", str), ("dice", int))
    count_field: ClassVar[str] = "dice"

    @property
    def route(self) -> tuple[str, str] | None:
        return self.src, self.dst


@dataclass(frozen=True, repr=False)
class Occupy(Action):
    """Move ``armies`` into the territory just conquered (C-CONQ-1)."""

    armies: int
    keyword: ClassVar[str] = "occupy"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("armies", int),)
    count_field: ClassVar[str] = "armies"


@dataclass(frozen=True, repr=False)
class Move(Action):
    """Regroup ``armies`` from ``src`` to an adjacent owned ``dst`` (C-MOVE-1..3)."""

    src: str
    dst: str
    armies: int
    keyword: ClassVar[str] = "move"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("src", str), ("dst", str), ("armies", int))
    count_field: ClassVar[str] = "armies"

    @property
    def route(self) -> tuple[str, str] | None:
        return self.src, self.dst


@dataclass(frozen=True, repr=False)
class EndPhase(Action):
    """Finish the current step: stop trading, stop attacking, or end the turn."""

    keyword: ClassVar[str] = "end"
    words: ClassVar[tuple[tuple[str, type], ...]] = ()


# -- chance outcomes --------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Roll(Action):
    """The dice of a battle, each side sorted from highest to lowest."""

    attack: tuple[int, ...]
    defence: tuple[int, ...]
    keyword: ClassVar[str] = "roll"
    chance: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "attack", sorted_dice(self.attack))
        object.__setattr__(self, "defence", sorted_dice(self.defence))

    @classmethod
    def of_sorted(cls, attack: tuple[int, ...], defence: tuple[int, ...]) -> Roll:
        """The roll of dice already sorted from highest to lowest (the rules' own sampler:
        the same value as ``Roll(attack, defence)``, without sorting again)."""
        roll = object.__new__(cls)
        object.__setattr__(roll, "__dict__", {"attack": attack, "defence": defence})
        return roll

    def __str__(self) -> str:
        return ("roll " + ",".join(map(str, self.attack)) + " vs "
                + ",".join(map(str, self.defence)))

    @classmethod
    def from_words(cls, args: list[str], text: str) -> Roll:
        if len(args) != 3 or args[1].lower() != "vs":
            raise ValueError(text)
        return cls(parse_dice(args[0], text), parse_dice(args[2], text))


@dataclass(frozen=True, repr=False)
class Draw(Action):
    """A card drawn from the deck, or blind from an eliminated player's cards."""

    card: str
    keyword: ClassVar[str] = "draw"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("card", str),)
    chance: ClassVar[bool] = True


@dataclass(frozen=True, repr=False)
class DealObjective(Action):
    """The next seat's secret objective card (C-SETUP-1)."""

    objective: str
    keyword: ClassVar[str] = "objective"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("objective", str),)
    chance: ClassVar[bool] = True


@dataclass(frozen=True, repr=False)
class ChooseDealer(Action):
    """The seat that won the dealer roll (C-SETUP-3)."""

    seat: int
    keyword: ClassVar[str] = "dealer"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("seat", int),)
    chance: ClassVar[bool] = True


@dataclass(frozen=True, repr=False)
class Deal(Action):
    """The next territory card dealt (C-SETUP-3)."""

    territory: str
    keyword: ClassVar[str] = "deal"
    words: ClassVar[tuple[tuple[str, type], ...]] = (("territory", str),)
    chance: ClassVar[bool] = True


ACTION_TYPES: dict[str, type[Action]] = {}
_SYNTAX: dict[str, str] = {}


def _int(word: str, what: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidActionError(
            f"{what} must be a whole number, got {word!r} in {text!r}") from None


def parse_dice(word: str, text: str) -> tuple[int, ...]:
    """Dice written ``6,5,1`` in an action's text."""
    return tuple(_int(w, "a die", text) for w in word.split(","))


def register_action(cls: type[Action], syntax: str) -> type[Action]:
    """Add an action class to the text parser (rule-set mods register theirs too).

    ``cls`` needs a ``keyword`` and a ``from_words(args, text)`` classmethod;
    ``syntax`` is shown to the user when the text is malformed.
    """
    ACTION_TYPES[cls.keyword] = cls
    _SYNTAX[cls.keyword] = syntax
    return cls


for _cls, _syntax in (
    (Place, "place <territory> <armies>"),
    (Trade, "trade <card> <card> <card>"),
    (Attack, "attack <from> <to> <dice>"),
    (Occupy, "occupy <armies>"),
    (Move, "move <from> <to> <armies>"),
    (EndPhase, "end"),
    (Roll, "roll 6,5,1 vs 5,5,2"),
    (Draw, "draw <card>"),
    (DealObjective, "objective <objective id>"),
    (ChooseDealer, "dealer <seat>"),
    (Deal, "deal <territory>"),
):
    register_action(_cls, _syntax)


def parse_action(text: str) -> Action:
    """Read an action from its text form, e.g. ``"attack brasil argentina 3"``.

    Raises :class:`InvalidActionError` on malformed text; whether the action
    is *legal* is for :func:`warkit.apply` to say.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidActionError("empty action")
    keyword, args = words[0].lower(), words[1:]
    cls = ACTION_TYPES.get(keyword)
    if cls is None:
        raise InvalidActionError(
            f"unknown action {keyword!r}; actions are: " + ", ".join(sorted(ACTION_TYPES)))
    try:
        return cls.from_words(args, text)
    except InvalidActionError:
        raise
    except (IndexError, ValueError):
        raise InvalidActionError(f"malformed {keyword!r}: expected {_SYNTAX[keyword]!r}, "
                                 f"got {text!r}") from None
