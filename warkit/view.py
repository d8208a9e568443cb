"""What one player may know: the only way hidden information leaves the engine.

``view(state, seat)`` keeps the public board and the seat's own hand and
objective; other players' hands become sizes, the deck and discards become
counts, and nobody's objective is shown until the game is over (when the
victory screen reveals them all). ``view(state, None)`` is the spectator's.
Bots and widgets receive views, never states.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .state import Battle, BoardQueries, GameState, Phase

if TYPE_CHECKING:
    from .rules.classic import ClassicRules


@dataclass(frozen=True, repr=False)
class PlayerView(BoardQueries):
    """A state as seen by ``player`` (``None``: a spectator)."""

    player: int | None
    rules: ClassicRules
    """The rule set and its settings: ask its hooks (``view.rules.trade_quote(...)``,
    ``view.rules.battle_rule(view, dst)``...) instead of testing its name."""
    rules_name: str
    colors: tuple[str, ...]
    phase: Phase
    current: int
    current_player: int
    turn: int
    round: int
    owner: tuple[int, ...]
    armies: tuple[int, ...]
    moved_in: tuple[int, ...]
    alive: tuple[bool, ...]
    eliminated_by: tuple[int | None, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard_size: int
    trades: int
    next_trade_value: int
    reserves: int
    continent_reserves: tuple[int, ...]
    battle: Battle | None
    last_roll: tuple[tuple[int, ...], tuple[int, ...]] | None
    conquered: bool
    late: bool
    loot_size: int
    winners: tuple[int, ...]
    hand: tuple[int, ...]
    """The viewer's own cards (empty for a spectator)."""
    objective: str | None
    """The viewer's own effective objective (``None`` for a spectator)."""
    revealed_objectives: tuple[str | None, ...] | None
    """Every seat's objective, shown only once the game is over."""
    extra: Any = None
    """The public part of rule-set specific state (SMART's revealed cards...)."""

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER


def view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` (a seat, or ``None`` for a spectator) may see of ``state``."""
    if player is not None and (type(player) is not int
                               or not 0 <= player < len(state.colors)):
        raise ValueError(f"player must be a seat from 0 to {state.num_players - 1} or None, "
                         f"got {player!r}")
    rules = state.rules
    over = state.phase is Phase.GAME_OVER
    fields = {
        "player": player, "rules": rules, "rules_name": rules.name, "colors": state.colors,
        "phase": state.phase, "current": state.current,
        "current_player": rules.current_player(state), "turn": state.turn,
        "round": state.round, "owner": state.owner, "armies": state.armies,
        "moved_in": state.moved_in, "alive": state.alive, "eliminated_by": state.eliminated_by,
        "hand_sizes": tuple(map(len, state.hands)), "deck_size": len(state.deck),
        "discard_size": len(state.discard), "trades": state.trades,
        "next_trade_value": rules.trade_value(state), "reserves": state.reserves,
        "continent_reserves": state.continent_reserves, "battle": state.battle,
        "last_roll": state.last_roll, "conquered": state.conquered, "late": state.late,
        "loot_size": len(state.loot), "winners": state.winners,
        "hand": state.hands[player] if player is not None else (),
        "objective": rules.effective_objective(state, player) if player is not None else None,
        "revealed_objectives": tuple(rules.effective_objective(state, s)
                                     for s in range(state.num_players)) if over else None,
        "extra": rules.public_extra(state, player),
    }
    # Built like warkit.state.evolve: a frozen dataclass's __init__ is slow, and a view is
    # made for every decision of every bot.
    new = object.__new__(PlayerView)
    new.__dict__.update(fields)
    return new
