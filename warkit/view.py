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

from .errors import InvalidArgumentError, WrongTypeError, describe
from .state import DERIVED_FROM_OWNER, Battle, BoardQueries, GamePhase, GameState, Phase

if TYPE_CHECKING:
    from .rules.classic import ClassicRules


@dataclass(frozen=True, repr=False)
class PlayerView(BoardQueries):
    """A state as seen by ``player`` (``None``: a spectator)."""

    player: int | None
    rules: ClassicRules
    """The rule set and its settings: ask its hooks (``view.rules.trade_quote(...)``,
    ``view.rules.battle_rule(view, dst)``...) instead of testing its name."""
    colors: tuple[str, ...]
    phase: GamePhase
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
    if not isinstance(state, GameState):
        raise WrongTypeError("view needs a game state (from warkit.new_game or "
                             f"warkit.position), got {describe(state)}")
    if player is not None and (player.__class__ is not int
                               or not 0 <= player < len(state.colors)):
        raise InvalidArgumentError(f"player must be a seat from 0 to {state.num_players - 1} "
                                   f"or None, got {describe(player)}")
    # The state's own table, copied at once, less everything the view does not declare
    # (secrets, and the state's derived indexes), plus what the view computes. Built like
    # warkit.state.evolve: a frozen dataclass's __init__ is slow, and a view is made for every
    # decision of every bot. The secrets go one statement each (half the time of a loop over
    # their names); tests/test_view.py checks the view holds exactly its fields, so a new
    # state field that is not listed here fails it.
    fields = state.__dict__.copy()
    pop = fields.pop
    hands, deck, discard, loot = pop("hands"), pop("deck"), pop("discard"), pop("loot")
    del (fields["objective_cards"], fields["dealer"], fields["first_player"],
         fields["eliminated_this_turn"], fields["loot_draws"])
    pop(_HOLDINGS, None)  # the state's derived indexes, when built
    pop(_MASKS, None)
    rules = fields["rules"]
    fields["player"] = player
    fields["current_player"] = rules.current_player(state)
    fields["hand_sizes"] = tuple(map(len, hands))
    fields["deck_size"] = len(deck)
    fields["discard_size"] = len(discard)
    fields["next_trade_value"] = rules.trade_value(state)
    fields["loot_size"] = len(loot)
    if player is None:
        fields["hand"], fields["objective"] = (), None
    else:
        fields["hand"] = hands[player]
        fields["objective"] = rules.effective_objective(state, player)
    fields["revealed_objectives"] = tuple(
        rules.effective_objective(state, s) for s in range(len(hands))
    ) if fields["phase"] is Phase.GAME_OVER else None
    fields["extra"] = rules.public_extra(state, player)
    new = _new(PlayerView)
    _setattr(new, "__dict__", fields)
    return new


_new = object.__new__
_setattr = object.__setattr__
_HOLDINGS, _MASKS = DERIVED_FROM_OWNER  # fails on import if an index is added: drop it too
