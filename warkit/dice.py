"""The dice model shared by the rules and by :mod:`warkit.odds`.

One battle (C-ATK-2..4): the attacker rolls one die per attacking army (at
most 3), the defender one per defending army (at most 3); both sides sort
their dice from highest to lowest and compare them in pairs, as many pairs as
the smaller side has dice; the higher die wins and a tie goes to the defender
(SMART terrain knowledge can give ties to the attacker, S-TERRAIN-2). Each
lost comparison costs that side one army.

Everything here is exact and small: a roll is a pair of sorted tuples, and
:func:`sorted_roll_distribution` lists the sorted outcomes of ``n`` dice with
``Fraction`` probabilities (56 outcomes for 3 dice instead of 216).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Literal

from .errors import InvalidArgumentError

SIDES = 6
MAX_DICE = 3
MAX_SORTED_ROLLS = 100_000
"""The most sorted rolls :func:`sorted_roll_distribution` lists (6 twelve-sided dice: 12,376)."""
Tie = Literal["defender", "attacker"]
TIES = ("defender", "attacker")


def attack_dice(armies: int, max_dice: int = MAX_DICE) -> int:
    """Most dice a territory with ``armies`` may attack with (C-ATK-2): one stays home."""
    return max(0, min(max_dice, armies - 1))


def defence_dice(armies: int, max_dice: int = MAX_DICE) -> int:
    """Dice the defender rolls with ``armies`` on the target (C-ATK-3)."""
    return max(0, min(max_dice, armies))


def sort_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """Dice sorted from highest to lowest, the order in which they are compared."""
    return tuple(sorted(dice, reverse=True))


def battle_losses(attack: Sequence[int], defence: Sequence[int], *,
                  ties: Tie = "defender") -> tuple[int, int]:
    """``(attacker losses, defender losses)`` of one battle, by the dice (C-ATK-4).

    >>> battle_losses((5, 4, 1), (6, 3, 1))   # the rule book's example (a)
    (2, 1)
    """
    attacker_wins_ties = ties == "attacker"
    lost_att = lost_def = 0
    for a, d in zip(sort_dice(attack), sort_dice(defence)):
        if a > d or (attacker_wins_ties and a == d):
            lost_def += 1
        else:
            lost_att += 1
    return lost_att, lost_def


def terrain_losses(lost_att: int, lost_def: int, terrain: Tie | None, defenders: int,
                   attackers: int | None = None, *,
                   lone_defender_shield: bool = False) -> tuple[int, int]:
    """Losses of one battle after SMART terrain knowledge, from the losses by the dice.

    ``terrain="attacker"`` (S-TERRAIN-2): the defender loses one army more, at
    most the ``defenders`` present. *Decision* (RULES.md): when the attacker
    lost every army it may attack with (``attackers``, the territory holding
    one more; ``None``: more than the dice, so this cannot happen), no army is
    left to move in (C-CONQ-1), so the extra loss never takes the defender's
    last army: the defender keeps 1.

    ``terrain="defender"`` (S-TERRAIN-3): the defender loses one army fewer,
    never below 0. *Decision (revised)*: the saving never protects a
    territory's **last** army, so a lone defender (``defenders == 1``) that
    loses its comparison falls. ``lone_defender_shield=True`` is the literal
    reading (a rule setting): the saving applies to a lone defender too, which
    then never falls.

    >>> terrain_losses(0, 3, "attacker", 4)       # 6/6/6 kills 4
    (0, 4)
    >>> terrain_losses(1, 0, "attacker", 1, attackers=1)   # nobody could move in
    (1, 0)
    >>> terrain_losses(0, 2, "defender", 2)       # 2 of 2 by the dice: 1 removed
    (0, 1)
    >>> terrain_losses(0, 1, "defender", 1)       # a lone defender gets no saving
    (0, 1)
    >>> terrain_losses(0, 1, "defender", 1, lone_defender_shield=True)   # literally
    (0, 0)
    """
    if terrain == "attacker":
        lost_def = min(lost_def + 1, defenders)
        if attackers is not None and lost_att >= attackers and lost_def >= defenders:
            lost_def = defenders - 1
    elif terrain == "defender" and (defenders > 1 or lone_defender_shield):
        lost_def = max(lost_def - 1, 0)
    return lost_att, lost_def


@cache
def sorted_roll_distribution(n: int, sides: int = SIDES,
                             minimum: int = 1) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every sorted outcome of ``n`` fair dice with its exact probability.

    ``minimum`` > 1 gives dice rerolled "until at least ``minimum``", i.e.
    uniform on ``minimum..sides`` (SMART tactical regroup, S-REROLL-1).
    Outcomes are tuples sorted from highest to lowest; probabilities sum to 1. At most
    :data:`MAX_SORTED_ROLLS` of them (refused before any is listed).
    """
    if (not all(type(v) is int for v in (n, sides, minimum)) or n < 0 or sides < 1
            or not 1 <= minimum <= sides):
        raise InvalidArgumentError(f"bad dice: n={n!r}, sides={sides!r}, minimum={minimum!r} "
                                   "(whole numbers, n >= 0, 1 <= minimum <= sides)")
    if comb(sides - minimum + n, n) > MAX_SORTED_ROLLS:
        raise InvalidArgumentError(f"{n} dice of {sides - minimum + 1} faces have more than "
                                   f"{MAX_SORTED_ROLLS:,} sorted rolls: too many to list")
    faces = range(minimum, sides + 1)
    total = len(faces) ** n
    outcomes = []
    for combo in combinations_with_replacement(reversed(faces), n):
        arrangements = factorial(n)
        for face in set(combo):
            arrangements //= factorial(combo.count(face))
        outcomes.append((tuple(combo), Fraction(arrangements, total)))
    return tuple(outcomes)
