"""The game state: an immutable value, indexed by the map's territory order.

A :class:`GameState` says everything about a position: who owns what, the
cards (deck, discards, hands), the turn, and which decision or chance step is
pending (the :class:`Phase`). Rules never mutate a state; they build a new one
with :func:`evolve`. Secrets (objectives, hands, the deck) live here and only
leave through :func:`warkit.view`.

Cards are numbered: ``0..41`` are the territory cards (card ``i`` shows
territory ``i``), ``42`` and ``43`` are the jokers.
"""

from __future__ import annotations

import enum
from bisect import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .worldmap import WorldMap, world_map

if TYPE_CHECKING:
    from .rules.classic import ClassicRules

CHANCE = -1
"""``current_player`` of a state waiting for a chance outcome (dice, a card)."""
TERMINAL = -2
"""``current_player`` of a finished game."""


class GamePhase(enum.Enum):
    """A step of some rule set's turn: what a state is waiting for. The steps themselves are
    members of each rule set's own enum (:class:`Phase` for classic War, SMART's in
    :mod:`warkit.rules.smart`), and each rule set describes its steps to the engine, the bots
    and the UI (``rules.phases``: :class:`~warkit.rules.terms.PhaseInfo`); saved games store
    ``phase.value``, read back by ``rules.phase_named``."""

    # Members are singletons compared by identity: hash them by identity too (Enum's own
    # __hash__ is Python code, and phases key the rule sets' dispatch tables).
    __hash__ = object.__hash__


class Phase(GamePhase):
    """Classic War's steps (C-TURN-1 splits a turn into these steps)."""

    SETUP = "setup"  # chance: objectives, dealer, dealing (C-SETUP-1..4)
    TRADE = "trade"  # the active player may (or must) trade cards (C-CARD-3)
    PLACE = "place"  # placing received armies (C-REINF-1..3)
    ATTACK = "attack"  # declare a battle or end the attacks (C-ATK-1..5)
    ROLL = "roll"  # chance: the dice of the declared battle
    LOOT = "loot"  # chance: blind draws from an eliminated player's cards (C-ELIM-2)
    OCCUPY = "occupy"  # after a conquest: how many armies move in (C-CONQ-1)
    MOVE = "move"  # regrouping (C-MOVE-1..3)
    DRAW = "draw"  # chance: the card earned at the end of the turn (C-CARD-1)
    GAME_OVER = "game_over"

    __hash__ = object.__hash__


JOKERS = (42, 43)
CARD_COUNT = 44


@dataclass(frozen=True, eq=True)
class Battle:
    """A declared battle waiting for its roll, or the last one after a conquest."""

    src: int
    dst: int
    attack_dice: int
    defence_dice: int


class BoardQueries:
    """Board questions shared by :class:`GameState` and :class:`~warkit.view.PlayerView`."""

    owner: tuple[int, ...]
    armies: tuple[int, ...]
    colors: tuple[str, ...]
    current: int
    phase: GamePhase
    extra: Any

    @property
    def map(self) -> WorldMap:
        return world_map()

    @property
    def num_players(self) -> int:
        return len(self.colors)

    def territories_of(self, seat: int) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.owner) if o == seat)

    def territory_count(self, seat: int) -> int:
        return self.owner.count(seat)

    def army_count(self, seat: int) -> int:
        return sum(a for a, o in zip(self.armies, self.owner) if o == seat)

    def army_counts(self) -> list[int]:
        """Every seat's :meth:`army_count`, in one pass (a tie-break asks for all of them)."""
        counts = [0] * len(self.colors)
        for a, o in zip(self.armies, self.owner):
            if o >= 0:
                counts[o] += a
        return counts

    def armies_at(self, territory: str | int) -> int:
        return self.armies[world_map().index(territory)]

    def owner_of(self, territory: str | int) -> int:
        return self.owner[world_map().index(territory)]

    def __str__(self) -> str:
        from .render.text import state_text

        return state_text(cast("GameState", self))  # a PlayerView has the same fields

    def __repr__(self) -> str:
        who = self.colors[self.current] if self.colors else "-"
        return (f"<{type(self).__name__} round {getattr(self, 'round', 0)}, "
                f"turn {getattr(self, 'turn', 0)}, {who}, {self.phase.value}>")

    def _repr_svg_(self) -> str:
        from .render import state_svg

        return state_svg(self)


@dataclass(frozen=True, eq=True, repr=False)
class GameState(BoardQueries):
    """A War position. Build one with :func:`warkit.new_game`; change it with :func:`warkit.apply`.

    Territory-indexed tuples (``owner``, ``armies``, ``moved_in``) follow
    ``world_map().territories``. Players are seats ``0..n-1`` in clockwise
    order; ``colors[seat]`` is the seat's colour id.
    """

    rules: ClassicRules
    colors: tuple[str, ...]
    phase: GamePhase
    owner: tuple[int, ...]
    """Seat owning each territory (``-1`` while undealt)."""
    armies: tuple[int, ...]
    objective_cards: tuple[str | None, ...]
    """The objective card each seat drew (the effective objective may differ, C-SETUP-2)."""
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    """Cards left to draw, sorted: draws are uniform chance steps, so order is irrelevant."""
    discard: tuple[int, ...]
    alive: tuple[bool, ...]
    eliminated_by: tuple[int | None, ...]
    dealer: int | None = None
    first_player: int | None = None
    current: int = 0
    turn: int = 0
    round: int = 0
    trades: int = 0
    """Trades the whole game has seen (C-CARD-4)."""
    reserves: int = 0
    """Armies left to place anywhere."""
    continent_reserves: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Bonus armies left to place inside each continent (C-REINF-2)."""
    battle: Battle | None = None
    last_roll: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    conquered: bool = False
    """Did the active player conquer a territory this turn (C-CARD-1)?"""
    eliminated_this_turn: bool = False
    late: bool = False
    """True for the eliminator's trade after regrouping (C-ELIM-2)."""
    loot: tuple[int, ...] = ()
    loot_draws: int = 0
    moved_in: tuple[int, ...] = ()
    """Armies that arrived by a regroup move this turn, per territory (C-MOVE-3)."""
    winners: tuple[int, ...] = ()
    extra: Any = None
    """Rule-set specific state (SMART keeps its advantages here)."""

    # -- derived queries -------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def current_player(self) -> int:
        """The seat that decides now, :data:`CHANCE` or :data:`TERMINAL`."""
        return self.rules.current_player(self)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    def objective(self, seat: int) -> str | None:
        """The seat's effective objective id (``None`` before it is dealt)."""
        return self.rules.effective_objective(self, seat)

    @property
    def holdings(self) -> tuple[tuple[int, ...], ...]:
        """For each seat, the territories it owns in map order: the index the legal actions
        walk instead of the 42 owners. Derived from ``owner`` (so not a field: equality,
        hashing and save files ignore it), built once and carried by :func:`evolve` until
        ``owner`` changes; a conquest passes the updated index on (:func:`conquest_indexes`)."""
        index = self.__dict__.get("_holdings")
        if index is None:
            index = self.__dict__["_holdings"] = holdings_of(self.owner, len(self.colors))
        return index

    @property
    def owned_masks(self) -> tuple[int, ...]:
        """For each seat, its territories as bits (bit ``i``: territory ``i``), kept like
        :attr:`holdings`: "which neighbours are enemies" becomes one ``&``."""
        masks = self.__dict__.get("_masks")
        if masks is None:
            masks = self.__dict__["_masks"] = tuple(
                sum(1 << t for t in held) for held in self.holdings)
        return masks

    def territories_of(self, seat: int) -> tuple[int, ...]:
        if 0 <= seat < len(self.colors):
            return self.holdings[seat]
        return super().territories_of(seat)


def holdings_of(owner: tuple[int, ...], seats: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``seats`` seats, the territories it owns in ``owner``, in map order."""
    index: list[list[int]] = [[] for _ in range(seats)]
    for territory, seat in enumerate(owner):
        if 0 <= seat < seats:
            index[seat].append(territory)
    return tuple(map(tuple, index))


DERIVED_FROM_OWNER = ("_holdings", "_masks")
"""The state's derived indexes (kept in its ``__dict__``, not fields): :func:`evolve` drops
them when ``owner`` changes, unless the change passes them on (:func:`conquest_indexes`)."""


def conquest_indexes(state: GameState, territory: int, seat: int) -> dict[str, Any]:
    """``state``'s derived indexes after ``territory`` passes to ``seat`` (C-CONQ-1), as
    :func:`evolve` keywords: two seats' entries change, the rest are shared."""
    index, masks = list(state.holdings), list(state.owned_masks)
    loser, bit = state.owner[territory], 1 << territory
    if 0 <= loser < len(index):
        held = index[loser]
        at = held.index(territory)
        index[loser] = held[:at] + held[at + 1:]
        masks[loser] &= ~bit
    held = index[seat]
    at = bisect(held, territory)
    index[seat] = (*held[:at], territory, *held[at:])
    masks[seat] |= bit
    return {"_holdings": tuple(index), "_masks": tuple(masks)}

def evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with some fields replaced (a fast ``dataclasses.replace``).

    Derived indexes kept with the state (``_holdings``) are carried along, and dropped when the
    field they derive from changes unless ``changes`` gives them too."""
    d = state.__dict__.copy()  # one copy of the table, not 31 insertions into a new dict
    d.update(changes)
    if "owner" in changes and "_holdings" not in changes:
        for key in DERIVED_FROM_OWNER:
            d.pop(key, None)
    new = _new(GameState)
    _setattr(new, "__dict__", d)
    return new


def copied(state: GameState) -> tuple[GameState, dict[str, Any]]:
    """A copy of ``state`` and its table, for the engine's most frequent steps (an attack, a
    roll, a move-in) to store their few fields in before the new state leaves them: no keyword
    table is built and merged as :func:`evolve` does (about a third of a copy's time). Derived
    indexes are kept: whoever stores a new ``owner`` stores its indexes too
    (:func:`conquest_indexes`)."""
    d = state.__dict__.copy()
    new = _new(GameState)
    _setattr(new, "__dict__", d)
    return new, d


_new = object.__new__
_setattr = object.__setattr__  # a frozen dataclass refuses its own __setattr__


