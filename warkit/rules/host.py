"""What the phase mixins need from the rule set they are mixed into, as a Protocol.

:class:`~warkit.rules.classic.ClassicRules` is assembled from mixins
(:mod:`.setup`, :mod:`.reinforce`, :mod:`.combat`, :mod:`.regroup`, :mod:`.turn`;
SMART's in :mod:`.smart`) that call one another through ``self``. Each mixin
derives from :data:`MixinBase`, which is :class:`RulesHost` for the type
checker and ``object`` at run time, so every such call is checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..state import GameState
from .terms import TradeQuote


class RulesHost(Protocol):
    """The settings and steps of a whole rule set, as seen from one of its mixins."""

    attacks_in_first_round: bool
    card_bonus: str
    attack_dice_max: int
    defence_dice_max: int
    sides: int
    forced_trade_hand: int
    loot_hand_limit: int

    def start_turn(self, state: GameState, seat: int) -> GameState: ...
    def finish_turn(self, state: GameState) -> GameState: ...
    def next_turn(self, state: GameState) -> GameState: ...
    def refill_deck(self, state: GameState) -> GameState: ...
    def trade_value(self, state: GameState) -> int: ...
    def occupy_max(self, state: GameState) -> int: ...
    def largest_move_in(self, src_armies: int, attack_dice: int) -> int: ...
    def trade_quote(self, cards: tuple[int, ...], owned: frozenset[int] | set[int],
                    trades: int) -> TradeQuote: ...
    def check_roll(self, state: GameState, roll: Any) -> None: ...
    def conquer(self, state: GameState) -> GameState: ...
    def movable(self, state: GameState, index: int) -> int: ...


if TYPE_CHECKING:
    MixinBase = RulesHost
else:
    MixinBase = object
