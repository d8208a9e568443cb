"""Fixed positions shared by the lessons, the gallery and the tests (one copy of each).

:data:`RULE_BOOK_OPENING` sets up, from a seeded three-player game, the rule
book's two battle examples: red's Brasil (4 armies) against white's
Argentina (3), and red's Franca (10) against white's Alemanha (4), with red
in the attack step.
"""

from __future__ import annotations

import warkit

RULE_BOOK_SEED = 4
RULE_BOOK_OPENING: tuple[str, ...] = (
    "place brasil 3", "place franca 4", "end", "end",                        # red
    "place argentina 2", "place alemanha 3", "place india 2", "end", "end",  # white
    "place china 7", "end", "end",                                           # black
    "place franca 5", "place japao 2",                                       # red again
)


def rule_book_position() -> warkit.GameState:
    """Red to attack: Brasil 4 vs Argentina 3, Franca 10 vs Alemanha 4 (see the module doc)."""
    state = warkit.new_game(players=3, seed=RULE_BOOK_SEED)
    for move in RULE_BOOK_OPENING:
        state = warkit.apply(state, move)
    return state


# -- set-ups and positions for the other classic lessons ------------------------------------------
def deal_actions(players: int, *, dealer: int, objectives: tuple[str, ...],
                 territories: dict[str, tuple[str, ...]] | None = None) -> tuple[str, ...]:
    """The chance steps of a whole set-up written as text actions, to force with
    :func:`warkit.apply` on :func:`warkit.initial_state`: the objectives (one per seat, in
    seat order), the dealer, then the 42 territory cards one at a time, the dealer first and
    clockwise (C-SETUP-1, C-SETUP-3).

    ``territories`` gives some territories to some colours; every other territory goes, in
    map order, to whoever still has room. Raises ``ValueError`` if a colour asks for more
    territories than the deal gives it.
    """
    m = warkit.world_map()
    colors = [c.id for c in m.colors[:players]]
    counts = [0] * players
    for k in range(len(m.ids)):
        counts[(dealer + k) % players] += 1
    wanted = {colors.index(color): list(ids) for color, ids in (territories or {}).items()}
    taken = {t for ids in wanted.values() for t in ids}
    rest = [t for t in m.ids if t not in taken]
    for seat, pile in wanted.items():
        if len(pile) > counts[seat]:
            raise ValueError(f"{colors[seat]} gets {counts[seat]} territories, not {len(pile)}")
    left = list(counts)
    deals = []
    for k in range(len(m.ids)):
        seat = (dealer + k) % players
        # the seat's own territories first, while the others still need theirs
        own = wanted.get(seat, [])
        free = left[seat] - len(own)
        deals.append(f"deal {own.pop(0) if not free else rest.pop(0)}")
        left[seat] -= 1
    return (*(f"objective {o}" for o in objectives), f"dealer {dealer}", *deals)


def arranged_position(state: warkit.GameState, *, owners: dict[str, str] | None = None,
                      armies: dict[str, int] | None = None,
                      hands: dict[str, tuple[str, ...]] | None = None,
                      discard: tuple[str, ...] = (),
                      objectives: dict[str, str] | None = None,
                      eliminated: dict[str, str] | None = None) -> warkit.GameState:
    """``state`` with pieces and cards set by hand, like arranging a real table.

    Built by the engine's one position builder, :func:`warkit.position`, which checks the
    position as it checks a save file: the 44 cards each in one place (when ``hands`` or
    ``discard`` are given, every card not in a hand, the discard pile or the loot is in the
    deck), every player in the game owning a territory, at least 1 army everywhere. Colours
    name the players; ``eliminated`` maps a colour that is out of the game to the colour
    that eliminated it. Everything not given stays as in ``state``.
    """
    seats = {color: seat for seat, color in enumerate(state.colors)}

    def seat_of(color: str) -> int:
        if color not in seats:
            raise ValueError(f"no {color!r} player in this game: {', '.join(state.colors)}")
        return seats[color]

    m = warkit.world_map()
    ids, continents = m.ids, [c.id for c in m.continents]
    owner = dict(zip(ids, state.owner)) | {t: seat_of(c) for t, c in (owners or {}).items()}
    army = dict(zip(ids, state.armies)) | dict(armies or {})
    held = dict(enumerate(state.hands)) | {seat_of(c): cards for c, cards in (hands or {}).items()}
    objective = {seat: card for seat, card in enumerate(state.objective_cards)
                 if card is not None}  # None: not dealt yet (position() deals quiet ones)
    objective |= {seat_of(c): o for c, o in (objectives or {}).items()}
    alive, eliminated_by = list(state.alive), list(state.eliminated_by)
    for color, by in (eliminated or {}).items():
        alive[seat_of(color)], eliminated_by[seat_of(color)] = False, seat_of(by)
    rearranged = hands is not None or bool(discard)
    return warkit.position(
        owner, army, players=len(state.colors), rules=state.rules, current=state.current,
        phase=state.phase, hands=held, discard=discard if rearranged else state.discard,
        deck=None if rearranged else state.deck, loot=state.loot, objectives=objective,
        round=state.round, turn=state.turn, trades=state.trades, reserves=state.reserves,
        continent_reserves=dict(zip(continents, state.continent_reserves)), alive=alive,
        eliminated_by=eliminated_by,
        # the fields the arrangement leaves as they are, passed on unchanged
        **{name: getattr(state, name) for name in _KEPT_FIELDS})


_KEPT_FIELDS = ("dealer", "first_player", "battle", "last_roll", "conquered",
                "eliminated_this_turn", "late", "loot_draws", "moved_in", "winners", "extra")
