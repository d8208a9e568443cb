"""SMART positions for the SMART basics lessons (01 to 05), reached by playing the engine.

- :func:`quiet_turn` plays one turn that does nothing worth telling: no trade, every army
  received placed on the player's first territory (continent bonuses inside their
  continent), no attack, no move.
- :func:`played_smart_table` starts a seeded SMART game, plays quiet turns up to the first player's
  turn of a given round, places that player's armies, and then arranges the table by hand
  (:func:`~.examples.arranged_position`, checked by :func:`warkit.position`): the first player is in
  the attack step of that round.

Quiet turns keep the round counter honest: a position "in round 2" really is one, so the
attack limits of S-LIMIT-1 apply as in a game.
"""

from __future__ import annotations

from warkit_widgets.lessons.examples import arranged_position

import warkit
from warkit import GameState, Phase
from warkit.rules.smart import SmartPhase


def _place_all(state: GameState) -> GameState:
    """Place every army received: continent bonuses inside their continent, the rest on the
    player's first territory (C-REINF-3, S-REINF-1)."""
    m, me = state.map, state.current
    for continent in m.continents:
        count = state.continent_reserves[continent.index]
        if count:
            spot = next(t for t in continent.territories if state.owner_of(t) == me)
            state = warkit.apply(state, f"place {m.ids[m.index(spot)]} {count}")
    if state.reserves:
        first = next(t for t in m.ids if state.owner_of(t) == me)
        state = warkit.apply(state, f"place {first} {state.reserves}")
    return state


def quiet_turn(state: GameState) -> GameState:
    """Play the current player's turn without a trade, an attack or a move."""
    seat = state.current
    while state.current == seat and not state.winners:
        if state.phase is Phase.PLACE:
            state = _place_all(state)
            if state.phase is Phase.PLACE:
                state = warkit.apply(state, "end")
        elif state.phase is SmartPhase.DISCARD:
            card = warkit.card_name(state.hands[seat][0])
            state = warkit.apply(state, f"discard {card}")
        else:
            state = warkit.apply(state, "end")
    return state


def played_smart_table(players: int = 4, *, seed: int, round: int = 5,
                       owners: dict[str, str] | None = None,
                       armies: dict[str, int] | None = None,
                       hands: dict[str, tuple[str, ...]] | None = None,
                       **settings: object) -> GameState:
    """A seeded SMART game in the first player's attack step of ``round``, with the table
    then arranged by hand (owners by colour, armies, hands; see
    :func:`~.examples.arranged_position`). ``settings`` are SMART rule settings (e.g.
    ``army_supply=30``), kept by the arranged position."""
    state = warkit.new_game(players, seed=seed, rules="smart", **settings)
    first = state.first_player
    while not (state.round == round and state.current == first):
        state = quiet_turn(state)
    state = warkit.apply(state, "end")          # no trade
    state = _place_all(state)
    if state.phase is Phase.PLACE:
        state = warkit.apply(state, "end")
    return arranged_position(state, owners=owners, armies=armies, hands=hands)


__all__ = ["played_smart_table", "quiet_turn"]
