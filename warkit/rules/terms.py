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
    from ..actions import Action
    from ..state import Battle, GamePhase
    from .classic import ClassicRules

Side = Literal["attacker", "defender"]
Decider = Literal["active", "reacting", "chance", "nobody"]
Mode = Literal["trade", "place", "attack", "occupy", "move", "react", "discard"]
MAP_MODES: frozenset[str] = frozenset({"place", "attack", "move"})
"""The modes a person decides by picking territories on a map (one, or a source and a
target)."""
BIG_COUNT = 24
"""Territories of the "24 territories" objective and of SMART's first tie-break (S-WIN-3)."""


class Board(Protocol):
    """What the hooks read of a board: a :class:`~warkit.GameState` or a
    :class:`~warkit.PlayerView` (both have these)."""

    @property
    def rules(self) -> ClassicRules: ...
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
    def phase(self) -> GamePhase: ...
    @property
    def battle(self) -> Battle | None: ...
    @property
    def extra(self) -> Any: ...
    @property
    def num_players(self) -> int: ...
    def territory_count(self, seat: int) -> int: ...
    def army_count(self, seat: int) -> int: ...
    def army_counts(self) -> list[int]: ...


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


@dataclass(frozen=True)
class PhaseInfo:
    """One step of a rule set's turn as its callers need it: the engine (who decides, what to
    say when an action comes at the wrong time), the bots (which of their methods decides it)
    and the dashboard (how a person decides it, which advantages it lists, its messages).

    A rule set lists its steps in ``phases``; a variant with a new step declares it there
    (and its handlers), and the bots and the dashboard follow without an edit.
    """

    phase: GamePhase
    decider: Decider
    """Whose decision: the active player's, the seat reacting to a roll (``rules.reacting``),
    chance's (dice, cards) or nobody's (the end of the game)."""
    hint: str
    """What the state is waiting for, in words (the engine's refusals, never translated)."""
    decision: str | None = None
    """The bots' name of the decision (:class:`warkit.bots.base.LevelBot` has a method of
    that name: ``trade``, ``place``, ``attack``, ``react``...); ``None`` when nobody decides."""
    mode: Mode | None = None
    """How a person decides it on a board: trade cards, place, attack or move by clicking the
    map, choose how many move in (occupy), react to a roll, discard."""
    options: tuple[str, ...] = ()
    """Keywords of the actions listed as options in this step (advantages not picked on the
    map)."""
    battle: bool = False
    """A step between a declared attack and its resolution (the roll, SMART's reactions)."""
    decline: Action | None = None
    """The action that lets the decision go by when nothing helps (SMART's pass after a roll:
    the dashboard makes it for a person who has no useful reaction); ``None``: none."""

    @property
    def label(self) -> str:
        """The stem of the step's message keys (prompts, buttons): its saved name."""
        return str(self.phase.value)
