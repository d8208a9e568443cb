"""Errors of the engine: every refusal says which rule was hit and why.

All errors subclass :class:`ValueError` (through :class:`WarkitError`), so callers
that only care about "bad input" catch one thing; UIs read
:attr:`IllegalActionError.reason` to explain a refused click without parsing the
message. The contract of every public function (checked by
``tests/test_bad_input.py``): on bad input it raises a :class:`WarkitError` with a
message a student understands, within a second, before allocating anything large,
and changes none of its arguments. Two of them also keep the built-in class Python
code expects: :class:`WrongTypeError` is a :class:`TypeError` (``None`` where a game
state is wanted) and :class:`UnknownNameError` a :class:`KeyError` (a territory,
continent, objective or colour the map does not have).
"""

from __future__ import annotations

import enum
import numbers


class Reason(enum.Enum):
    """Why an action was refused (the typed part of :class:`IllegalActionError`)."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_SEAT = "unknown_seat"
    WRONG_PHASE = "wrong_phase"
    CHANCE_PENDING = "chance_pending"
    NOT_A_CHANCE_OUTCOME = "not_a_chance_outcome"
    UNKNOWN_TERRITORY = "unknown_territory"
    UNKNOWN_CARD = "unknown_card"
    NOT_OWNED = "not_owned"
    OWN_TERRITORY = "own_territory"
    NOT_ADJACENT = "not_adjacent"
    TOO_FEW_ARMIES = "too_few_armies"
    BAD_COUNT = "bad_count"
    NOT_ENOUGH_RESERVES = "not_enough_reserves"
    CONTINENT_RESTRICTED = "continent_restricted"
    RESERVES_LEFT = "reserves_left"
    MUST_TRADE = "must_trade"
    NOT_A_SET = "not_a_set"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    ARMIES_ALREADY_MOVED = "armies_already_moved"
    NO_ATTACK_FIRST_ROUND = "no_attack_first_round"
    ATTACK_LIMIT = "attack_limit"
    WRONG_CARD = "wrong_card"
    CARD_ALREADY_USED = "card_already_used"
    CARDS_NOT_TRADABLE = "cards_not_tradable"
    ONE_TRADE_PER_TURN = "one_trade_per_turn"
    NOT_REVEALED = "not_revealed"
    NO_PATH = "no_path"
    TOO_MANY_CARDS = "too_many_cards"
    OPTION_UNAVAILABLE = "option_unavailable"
    CANNOT_UNDO = "cannot_undo"


class WarkitError(ValueError):
    """Base class of every error raised by warkit on bad input."""


class InvalidArgumentError(WarkitError):
    """An argument of a public function is outside its documented range or unknown
    (a seat, a count, a rule set's name or setting, a size above a documented limit)."""


class WrongTypeError(InvalidArgumentError, TypeError):
    """An argument is of the wrong kind (e.g. ``None`` or text where a game state is wanted).

    Also a :class:`TypeError`, so ``except TypeError`` keeps working."""


class UnknownNameError(InvalidArgumentError, KeyError):
    """A name the map does not have (territory, continent, objective, colour).

    Also a :class:`KeyError`, so a lookup's ``except KeyError`` keeps working; the
    message reads as a sentence (a plain ``KeyError`` would quote it)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def expect_type(value: object, kind: type | tuple[type, ...], name: str, wanted: str) -> None:
    """Refuse ``value`` with a :class:`WrongTypeError` unless it is a ``kind``.

    ``wanted`` says what is expected in words ("a game state from warkit.new_game")."""
    if not isinstance(value, kind):
        raise WrongTypeError(f"{name} must be {wanted}, got {describe(value)}")


def describe(value: object) -> str:
    """``value`` for an error message: its repr when short, else its type."""
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__}"


def expect_whole(value: object, name: str, minimum: int | None = None,
                 maximum: int | None = None, rule: str = "") -> int:
    """``value`` if it is a whole number (not a bool) within ``minimum..maximum``.

    Raises :class:`WrongTypeError` for anything else than an integer (2.5, "3", None, True;
    numpy integers are taken, as ``int``) and :class:`InvalidArgumentError` out of range,
    naming ``rule`` when given."""
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise WrongTypeError(f"{name} must be a whole number, got {describe(value)}")
        value = int(value)
    low_ok = minimum is None or value >= minimum
    if low_ok and (maximum is None or value <= maximum):
        return value
    where = f" ({rule})" if rule else ""
    if maximum is None:
        wanted = f"at least {minimum}"
    elif minimum is None:
        wanted = f"at most {maximum}"
    else:
        wanted = f"from {minimum} to {maximum}"
    shown = value if abs(value) < 10**12 else f"a {len(str(abs(value)))}-digit number"
    raise InvalidArgumentError(f"{name} must be {wanted}{where}, got {shown}")


class MapDataError(WarkitError):
    """The map data file is malformed or inconsistent."""


class InvalidActionError(WarkitError):
    """The text or fields of an action are malformed (before any rule is checked)."""


class SaveFileError(WarkitError):
    """A saved state or match record is wrong, corrupt, too large or tampered with."""


class IllegalActionError(WarkitError):
    """The action is well formed but the rules forbid it in this state.

    ``reason`` is a :class:`Reason`; ``rule`` is the rule ID it enforces
    (e.g. ``"C-ATK-1"``) when one applies. The message is for a student, in
    English; ``params`` holds what it names (territory, card and continent ids
    under ``territory`` / ``src`` / ``dst`` / ``card`` / ``continent``, and
    numbers) so a user interface can say it in another language.
    """

    def __init__(self, reason: Reason, message: str, rule: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        self.reason = reason
        self.rule = rule
        self.params: dict[str, object] = dict(params or {})
        self.message = f"{message} ({rule})" if rule else message
        super().__init__(self.message)
