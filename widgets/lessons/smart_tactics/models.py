"""Pure-Python models behind the SMART tactics widgets (no ipywidgets): tactical-regroup
rerolls (S-REROLL-1) and where armies can go in the movement step (S-MOVE-1, S-ALLY-1,
S-PASS-1, S-AIRLIFT-1).

The numbers come from the engine: the reroll choices from
:func:`warkit.odds.choose_reroll`, the map from :func:`warkit.world_map`. The reach of a move
is a breadth-first search over the borders, written out here so a lesson can show its
layers; tests check it against the engine's own legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from warkit import world_map
from warkit.odds import CARD_KINDS, choose_reroll
from warkit.rules.smart import passage_reach

SIDES = 6
MOVE_MODES = ("regroup", "passage", "alliance", "airlift")
"""The movement step's ways to move (S-MOVE-1, S-PASS-1, S-ALLY-1, S-AIRLIFT-1)."""


# -- tactical regroup (S-REROLL-1) ---------------------------------------------------------------
def rerolled_die(minimum: int) -> dict[int, Fraction]:
    """The law of a die rolled again and again until it shows ``minimum`` or more: uniform
    on ``minimum..6`` (each face ``1 / (7 - minimum)``)."""
    if not 1 <= minimum <= SIDES:
        raise ValueError(f"a die's minimum is 1 to {SIDES}, got {minimum!r}")
    return {face: Fraction(1, SIDES - minimum + 1) for face in range(minimum, SIDES + 1)}


def roll_until(minimum: int, rng: random.Random) -> tuple[int, int]:
    """Roll one die until it shows at least ``minimum`` (the table's way, S-REROLL-1);
    returns (the face kept, how many throws it took)."""
    throws = 0
    while True:
        throws += 1
        face = rng.randint(1, SIDES)
        if face >= minimum:
            return face, throws


@dataclass(frozen=True)
class RerollOption:
    """One choice a card allows: reroll ``dice`` (empty: keep the card) and the expected
    (enemy losses - own losses) of the battle after it."""

    dice: tuple[int, ...]
    value: Fraction
    best: bool


def reroll_options(own: Iterable[int], enemy: Iterable[int], card: str, *,
                   side: str = "attacker") -> tuple[RerollOption, ...]:
    """Every choice of ``card`` (a kind of :data:`warkit.odds.CARD_KINDS`) after the roll
    ``own`` against ``enemy``, best first (the engine's choice marked ``best``)."""
    if card not in CARD_KINDS:
        raise ValueError(f"card must be one of {', '.join(CARD_KINDS)}, got {card!r}")
    choice = choose_reroll(tuple(own), tuple(enemy), card, side=side)  # type: ignore[arg-type]
    rows = [RerollOption(dice, value, dice == choice.dice)
            for dice, value in choice.options.items()]
    return tuple(sorted(rows, key=lambda r: (not r.best, -r.value, len(r.dice))))


def reroll_dice(own: Iterable[int], chosen: Iterable[int], minimum: int,
                rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Reroll the dice ``chosen`` (values among ``own``) until each shows ``minimum`` or more;
    returns (the new roll sorted high to low, the new values of the rerolled dice)."""
    rest = list(own)
    for value in chosen:
        rest.remove(value)
    new = tuple(sorted((roll_until(minimum, rng)[0] for _ in tuple(chosen)), reverse=True))
    return tuple(sorted(rest + list(new), reverse=True)), new


# -- where a move can go (S-MOVE-1, S-PASS-1, S-ALLY-1, S-AIRLIFT-1) -----------------------------
def bfs_layers(src: int | str, allowed: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Breadth-first search from ``src`` over the borders (land and sea), stepping only on
    ``allowed`` territories: layer ``k`` holds the territories first reached after ``k``
    borders (layer 0 is ``src`` itself)."""
    m = world_map()
    start = m.index(src)
    allowed = set(allowed) | {start}
    layers: list[tuple[int, ...]] = [(start,)]
    seen = {start}
    while True:
        nxt = sorted({j for i in layers[-1] for j in m.adjacency[i]
                      if j in allowed and j not in seen})
        if not nxt:
            return tuple(layers)
        seen.update(nxt)
        layers.append(tuple(nxt))


def distances(src: int | str) -> dict[int, int]:
    """Borders to cross from ``src`` to every territory of the map (the whole graph)."""
    layers = bfs_layers(src, range(len(world_map().ids)))
    return {t: k for k, layer in enumerate(layers) for t in layer}


def passage_targets(owner: tuple[int, ...], seat: int, src: int | str,
                    passages: Iterable[int | str]) -> frozenset[int]:
    """Territories of ``seat`` that one move from ``src`` reaches in the movement step, with
    the cards ``passages`` revealed (S-PASS-1 decision): a neighbour, or an own territory
    reached "directly", every territory between being a revealed one (the engine's
    :func:`passage_reach`)."""
    m = world_map()
    start = m.index(src)
    near = {j for j in m.adjacency[start] if owner[j] == seat}
    far = passage_reach(tuple(owner), seat, start, frozenset(m.index(p) for p in passages))
    return frozenset(near | far)


def whole_continents(owner: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The continents ``seat`` holds entirely (S-ALLY-1 needs one)."""
    return tuple(k for k, members in enumerate(world_map().continent_members)
                 if all(owner[i] == seat for i in members))


def move_targets(owner: tuple[int, ...], seat: int, src: int | str, mode: str = "regroup",
                 passages: Iterable[int | str] = ()) -> frozenset[int]:
    """Where armies of ``src`` may go with one way of moving (:data:`MOVE_MODES`):

    - ``"regroup"``: an own neighbour (S-MOVE-1, as C-MOVE-1);
    - ``"passage"``: also over the revealed ``passages`` (S-PASS-1);
    - ``"alliance"``: any other territory of its continent, if the whole continent is
      ``seat``'s (S-ALLY-1), else nothing;
    - ``"airlift"``: any other own territory (S-AIRLIFT-1, the card of ``src``).
    """
    m = world_map()
    i = m.index(src)
    if owner[i] != seat:
        return frozenset()
    if mode == "regroup":
        return frozenset(j for j in m.adjacency[i] if owner[j] == seat)
    if mode == "passage":
        return passage_targets(owner, seat, i, passages)
    if mode == "alliance":
        k = m.continent_of[i]
        if k not in whole_continents(owner, seat):
            return frozenset()
        return frozenset(j for j in m.continent_members[k] if j != i)
    if mode == "airlift":
        return frozenset(j for j, o in enumerate(owner) if o == seat and j != i)
    raise ValueError(f"mode must be one of {', '.join(MOVE_MODES)}, got {mode!r}")
