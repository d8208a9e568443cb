"""SMART tables set by hand for the SMART lessons 06 to 09 (tactics: rerolls, conquest,
movement, the end of the turn and of the game).

:func:`arranged_smart_table` starts from a seeded SMART game
(``warkit.new_game(rules="smart")``) and arranges it like a real table — owners, armies,
hands, the round, whose turn and which step — through the save format, so the engine checks
the position (the 44 cards each in one place, every player in the game owning a territory, at
least 1 army everywhere).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import warkit

JOKERS = ("joker1", "joker2")


def arranged_smart_table(*, players: int = 3, seed: int = 0, current: str = "white",
                owners: Mapping[str, str] | None = None, rest: Iterable[str] | None = None,
                armies: Mapping[str, int] | None = None,
                hands: Mapping[str, Iterable[str]] | None = None,
                discard: Iterable[str] = (), deck: Iterable[str] | None = None,
                objectives: Mapping[str, str] | None = None, round: int = 5,
                phase: str = "attack", **settings: object) -> warkit.GameState:
    """A SMART position set by hand; ``current`` plays, in ``phase`` of ``round``.

    Territories not in ``owners`` go round-robin, in map order, to the colours in ``rest``
    (default: every colour but ``current``), so ``current`` owns exactly what ``owners``
    gives it. Unlisted territories hold 1 army. Cards not in a hand, the discard pile or
    ``deck`` (when given) stay out of play only if ``deck`` is given — otherwise they are
    the deck. Objectives are "destroy colour X" cards: by default each colour hunts the next
    one (S-SETUP-1). Extra keywords are SMART rule settings, kept by the save format (e.g.
    ``lone_defender_shield=True``, the literal reading of S-TERRAIN-3 that SMART 07 discusses).
    """
    base = warkit.new_game(players=players, seed=seed, rules="smart", **settings)
    colors = list(base.colors)
    if current not in colors:
        raise ValueError(f"{current} does not play in a {players}-player game: {colors}")
    data = warkit.state_to_dict(base)
    m = warkit.world_map()
    owners = dict(owners or {})
    others = list(rest) if rest is not None else [c for c in colors if c != current]
    free = [t for t in m.ids if t not in owners]
    for k, tid in enumerate(free):
        owners[tid] = others[k % len(others)]
    for tid in m.ids:
        data["territories"][tid] = {"owner": owners[tid], "armies": 1, "moved_in": 0}
    for tid, n in (armies or {}).items():
        data["territories"][tid]["armies"] = n
    held = {c: list((hands or {}).get(c, ())) for c in colors}
    discard = list(discard)
    used = {card for cards in held.values() for card in cards} | set(discard)
    everything = (*m.ids, *JOKERS)
    data["hands"] = held
    data["discard"] = discard
    if deck is None:
        data["deck"] = [c for c in everything if c not in used]
    else:
        data["deck"] = list(deck)
        data["discard"] = discard + [c for c in everything
                                     if c not in used and c not in data["deck"]]
    data["objectives"] = {c: f"destroy_{colors[(k + 1) % players]}"
                          for k, c in enumerate(colors)}
    data["objectives"].update(objectives or {})
    seat = colors.index(current)
    first = colors.index(data["first_player"])
    data.update(current=current, round=round, phase=phase, reserves=0,
                turn=players * (round - 1) + (seat - first) % players + 1)
    data["continent_reserves"] = {k: 0 for k in data["continent_reserves"]}
    return warkit.state_from_dict(data)
