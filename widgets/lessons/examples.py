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

    Goes through the save format (:func:`warkit.state_to_dict` then
    :func:`warkit.state_from_dict`), so the engine checks the position: the 44 cards each
    in one place (cards not in a hand or the discard pile are in the deck), every player
    in the game owning a territory, at least 1 army everywhere. ``eliminated`` maps a
    colour that is out of the game to the colour that eliminated it.
    """
    data = warkit.state_to_dict(state)
    for tid, color in (owners or {}).items():
        data["territories"][tid]["owner"] = color
    for tid, n in (armies or {}).items():
        data["territories"][tid]["armies"] = n
    for color, objective in (objectives or {}).items():
        data["objectives"][color] = objective
    for color, by in (eliminated or {}).items():
        data["alive"][color], data["eliminated_by"][color] = False, by
    if hands is not None or discard:
        held = {**data["hands"], **(hands or {})}
        data["hands"] = {color: list(cards) for color, cards in held.items()}
        used = {c for cards in held.values() for c in cards} | set(discard)
        data["discard"] = list(discard)
        data["deck"] = [c for c in (*warkit.world_map().ids, "joker1", "joker2")
                        if c not in used]
    return warkit.state_from_dict(data)
