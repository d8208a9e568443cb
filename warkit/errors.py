"""Errors of the engine: every refusal says which rule was hit and why.

All errors subclass :class:`ValueError`, so callers that only care about "bad
input" catch one thing; UIs read :attr:`IllegalActionError.reason` to
explain a refused click without parsing the message.
"""

from __future__ import annotations

import enum


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
