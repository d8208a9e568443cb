"""What a rule set tells its callers, as small values (no language, no widgets).

Bots and the dashboard ask the rule set of a view (``view.rules``) instead of
testing its name: :meth:`~warkit.rules.classic.ClassicRules.trade_quote` gives a
:class:`TradeQuote`, :meth:`~warkit.rules.classic.ClassicRules.battle_rule` a
:class:`BattleRule`, :meth:`~warkit.rules.classic.ClassicRules.end_decision` an
:class:`EndDecision`. A third rule set overrides the hooks; callers need no edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..dice import SIDES

if TYPE_CHECKING:
    from ..state import Battle, Phase

Side = Literal["attacker", "defender"]
BIG_COUNT = 24
"""Territories of the "24 territories" objective and of SMART's first tie-break (S-WIN-3)."""


class Board(Protocol):
    """What the hooks read of a board: a :class:`~warkit.GameState` or a
    :class:`~warkit.PlayerView` (both have these)."""

    @property
    def colors(self) -> tuple[str, ...]: ...
    @property
    def owner(self) -> tuple[int, ...]: ...
    @property
    def armies(self) -> tuple[int, ...]: ...
    @property
    def alive(self) -> tuple[bool, ...]: ...
    @property
    def eliminated_by(self) -> tuple[int | None, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def battle(self) -> Battle | None: ...
    @property
    def extra(self) -> Any: ...
    @property
    def num_players(self) -> int: ...
    def territory_count(self, seat: int) -> int: ...
    def army_count(self, seat: int) -> int: ...


@dataclass(frozen=True)
class TradeQuote:
    """What trading ``cards`` would bring, or why it is not a trade.

    ``problem`` names what is wrong in a language-free word (``"empty"``,
    ``"count"``, ``"not_a_set"``) and ``rule`` the rule it breaks; a valid
    quote has ``problem is None``.
    """

    cards: tuple[int, ...]
    valid: bool
    armies: int = 0
    """Armies received to place freely (the trade value, SMART: groups + joker bonus)."""
    bonus: tuple[tuple[int, int], ...] = ()
    """(territory, armies) placed at once on owned card territories (C-CARD-5, S-TRADE-4)."""
    groups: tuple[tuple[tuple[int, ...], int], ...] = ()
    """SMART: the best split, as (cards of a group, its value) (S-TRADE-1)."""
    joker_bonus: int = 0
    """SMART: +10 / +15 for the jokers in the trade (S-TRADE-5)."""
    problem: str | None = None
    rule: str = ""

    @property
    def total(self) -> int:
        return self.armies + sum(extra for _, extra in self.bonus)


@dataclass(frozen=True)
class BattleRule:
    """What decides a battle's losses under a rule set, for one target as the board shows.

    ``terrain`` is who holds public terrain knowledge of the target (SMART,
    S-TERRAIN-1), ``ties`` who wins a tie (C-ATK-4, S-TERRAIN-2);
    ``lone_defender_shield`` is SMART's setting of S-TERRAIN-3.
    """

    attack_dice_max: int = 3
    defence_dice_max: int = 3
    ties: Side = "defender"
    terrain: Side | None = None
    lone_defender_shield: bool = False
    sides: int = SIDES


@dataclass(frozen=True)
class EndDecision:
    """Why the winners of a finished game won: ``"objective"`` (C-WIN-1), ``"eliminator"``
    (S-WIN-2) or a tie-break ``criterion`` of S-WIN-3 (``"big"``, ``"territories"``,
    ``"armies"``, ``"cards"``, ``"shared"``)."""

    kind: str
    seat: int | None = None
    criterion: str | None = None
    rule: str = ""
