"""Whole battles: win probability, win tables, end-state distributions, expected losses.

Convention everywhere: ``attackers`` = armies that may attack (the attacking
territory holds ``attackers + 1``, one stays home, C-ATK-2); ``defenders`` =
armies on the target. The attacker repeats battles with the most dice allowed
(C-ATK-5) until the target is empty (conquest) or ``attackers <= stop_at``
(``stop_at=0``: until no attacking army is left).

Floats come from the numpy chain (:mod:`warkit.odds.chain`, cached tables);
``exact=True`` gives Fractions from :mod:`warkit.odds.exact` (small cases).

"Win" means the target is emptied (``defenders`` reaches 0).

Terrain knowledge in the numbers:

- S-TERRAIN-3 (defender's terrain knowledge), as revised: the defender
  loses one army fewer per battle, but the saving never protects the
  target's last army, so a lone defender falls when it loses its comparison
  (``win_probability(1, 1, terrain="defender") == 5/12``, as without
  knowledge; the knowledge helps against 2 or more defenders).
  ``lone_defender_shield=True`` is the literal reading (the SMART rule
  setting of the same name): a lone defender never falls, no battle ends in
  conquest, the win probability is 0 for any ``defenders >= 1`` and the
  attacker fights on until it stops (``final_distribution(5, 2,
  terrain="defender", lone_defender_shield=True)`` is ``{(0, 1): 0.700...,
  (0, 2): 0.299...}``). Battles that change nothing are self-loops,
  conditioned away, so every DP ends.
- S-TERRAIN-2 (attacker's terrain knowledge): the defender loses 1 even when
  it wins every comparison, so a lone defender falls in every battle the
  attacker does not lose with its last attacking army. *Decision* (shared
  with the engine, :func:`warkit.dice.terrain_losses`): when the attacker
  loses every army it may attack with, nobody could move in (C-CONQ-1), so
  the extra loss never takes the defender's last army; the end state
  ``(0, 0)`` never happens. E.g. 1 against 1: conquest 7/12, else ``(0, 1)``
  (``win_probability(1, 1, terrain="attacker") == 7/12``), while 2 against 1
  always conquers.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import cast

import numpy as np

from ..dice import SIDES
from ..errors import InvalidArgumentError, WrongTypeError, describe
from .chain import Chain
from .exact import end_distribution
from .options import BattleRules, Reroll, Side, battle_rules, check_enumeration, check_whole
from .transitions import layer_count

_BLOCK = 32         # float win probabilities come from cached tables rounded up to this size
MAX_ARMIES = 500
"""Armies per side the odds accept (War never gets near it)."""
MAX_CHAIN_STATES = 1_000_000
"""The most states of one float table: cards layers x (attackers + 1) x (defenders + 1), both
rounded up to 32 for win_probability; 500 against 500 fits with a supply of up to 2 reroll
cards (``win_table(500, 500, reroll=Reroll("joker", cards=2))``: 2 s and 330 MB peak on a
loaded 2-core machine)."""
MAX_EXACT_STATES = 201 * 201
"""The most states of an ``exact=True`` computation (200 against 200 without a card supply:
about a second; Fractions grow with every state)."""


def _army(name: str, value: object) -> int:
    count = check_whole(name, value)
    if count > MAX_ARMIES:
        raise InvalidArgumentError(f"{name} must be at most {MAX_ARMIES} for the odds tables, "
                                   f"got {count}")
    return count


def _armies(rules: BattleRules, attackers: object, defenders: object, stop_at: object,
            exact: object = False, names: tuple[str, str] = ("attackers", "defenders"),
            rounded: bool = False) -> tuple[int, int, int]:
    """Check the armies, ``stop_at`` and the size of the computation before it starts
    (:data:`MAX_ARMIES`, :data:`MAX_CHAIN_STATES`, :data:`MAX_EXACT_STATES`,
    :data:`~warkit.odds.options.MAX_ENUMERATED`); ``rounded``: the float table is cached
    rounded up to a block of 32."""
    a, d = _army(names[0], attackers), _army(names[1], defenders)
    stop = check_whole("stop_at", stop_at)
    if not isinstance(exact, bool):
        raise WrongTypeError(f"exact must be True or False, got {describe(exact)}")
    check_enumeration(rules)
    layers = layer_count(rules)
    if exact:
        states, limit = layers * (a + 1) * (d + 1), MAX_EXACT_STATES
    elif rounded:
        states, limit = layers * (_round_up(a) + 1) * (_round_up(d) + 1), MAX_CHAIN_STATES
    else:
        states, limit = layers * (a + 1) * (d + 1), MAX_CHAIN_STATES
    if states > limit:
        cards = f" with {layers - 1} reroll cards" if layers > 1 else ""
        raise InvalidArgumentError(
            f"{a} against {d}{cards} is {states:,} states for {'exact' if exact else 'float'} "
            f"odds; the limit is {limit:,}: use fewer armies{' or cards' if cards else ''}"
            f"{', or exact=False' if exact else ''}, or simulate_battles")
    return a, d, stop


def _round_up(n: int) -> int:
    return -(-max(n, 1) // _BLOCK) * _BLOCK


@lru_cache(maxsize=32)
def _win_grid(rules: BattleRules, A: int, D: int, stop_at: int) -> np.ndarray:
    ch = Chain(rules, A, D, stop_at)
    table: np.ndarray = ch.to_grid(ch.solve(ch.end_values(conquest=True)))[-1]
    table.flags.writeable = False
    return table


@lru_cache(maxsize=4096)
def _win_probability(rules: BattleRules, a: int, d: int, stop_at: int,
                     exact: bool) -> float | Fraction:
    if exact:
        return sum((p for (_, left), p in end_distribution(rules, a, d, stop_at).items()
                    if left == 0), Fraction(0))
    return float(_win_grid(rules, _round_up(a), _round_up(d), stop_at)[a, d])


@lru_cache(maxsize=256)
def _final(rules: BattleRules, a: int, d: int, stop_at: int) -> dict[tuple[int, int], float]:
    ch = Chain(rules, a, d, stop_at)
    reach = ch.spread()
    end = ((ch.d_of == 0) | (ch.a_of <= stop_at)) & (reach > 0)
    final: dict[tuple[int, int], float] = {}
    ends = zip(ch.a_of[end].tolist(), ch.d_of[end].tolist(), reach[end].tolist(), strict=True)
    for left_a, left_d, p in ends:
        final[left_a, left_d] = final.get((left_a, left_d), 0.0) + p
    return dict(sorted(final.items()))


def win_probability(attackers: int, defenders: int, *, stop_at: int = 0, exact: bool = False,
                    sides: int = SIDES, ties: Side | None = None, attacker_dice_max: int = 3,
                    defender_dice_max: int = 3, terrain: Side | None = None,
                    reroll: Reroll | None = None,
                    lone_defender_shield: bool = False) -> float | Fraction:
    """Probability that the attacker conquers the target (C-ATK-5).

    ``attackers`` = armies that may attack (the territory holds ``attackers + 1``),
    ``defenders`` = armies on the target. ``defenders == 0`` counts as already
    conquered (1). ``defender_dice_max=2`` gives Risk's rule for comparison
    lessons. ``exact=True`` returns a Fraction (keep the armies small). A win
    is an emptied target, with at least one army left to move in (see the
    module notes on terrain knowledge). Other options as in
    :func:`warkit.odds.roll_outcomes`; ``stop_at`` as in :func:`final_distribution`.

    >>> win_probability(1, 1, exact=True)
    Fraction(5, 12)
    >>> win_probability(1, 1, terrain="defender", exact=True)   # S-TERRAIN-3, revised
    Fraction(5, 12)
    >>> win_probability(1, 1, terrain="defender", lone_defender_shield=True)   # literally
    0.0
    >>> round(win_probability(30, 30), 3), round(win_probability(30, 30, defender_dice_max=2), 3)
    (0.057, 0.676)
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    a, d, stop = _armies(rules, attackers, defenders, stop_at, exact, rounded=True)
    return _win_probability(rules, a, d, stop, exact)


def win_table(max_attackers: int, max_defenders: int, *, stop_at: int = 0, sides: int = SIDES,
              ties: Side | None = None, attacker_dice_max: int = 3, defender_dice_max: int = 3,
              terrain: Side | None = None, reroll: Reroll | None = None,
              lone_defender_shield: bool = False) -> np.ndarray:
    """Win probabilities for every start, as a float array ``W[a, d]``.

    Shape ``(max_attackers + 1, max_defenders + 1)``; ``a`` = armies that may
    attack (the territory holds ``a + 1``), ``d`` = armies on the target.
    Edges: ``W[a, 0] = 1`` for every ``a`` (nothing to conquer: already
    conquered, ``W[0, 0]`` included); ``W[a, d] = 0`` for ``d >= 1`` and
    ``a <= stop_at`` (no attack at all). A fresh array, safe to modify.
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    A, D, stop = _armies(rules, max_attackers, max_defenders, stop_at,
                         names=("max_attackers", "max_defenders"))
    fresh: np.ndarray = _win_grid(rules, A, D, stop).copy()
    return fresh


def final_distribution(attackers: int, defenders: int, *, stop_at: int = 0, exact: bool = False,
                       sides: int = SIDES, ties: Side | None = None, attacker_dice_max: int = 3,
                       defender_dice_max: int = 3, terrain: Side | None = None,
                       reroll: Reroll | None = None, lone_defender_shield: bool = False
                       ) -> dict[tuple[int, int], float | Fraction]:
    """How the whole battle ends: ``{(attackers left, defenders left): probability}``.

    ``attackers`` = armies that may attack (the territory holds ``attackers + 1``;
    "attackers left" excludes the army that stays home), ``defenders`` = armies
    on the target. End states are ``(a, 0)`` (conquered, ``a`` armies may move
    in, C-CONQ-1) and ``(a, d)`` with ``a <= stop_at`` (the attacker stopped).
    ``stop_at=k``: the attacker attacks while it has more than ``k`` attacking
    armies, always with the most dice allowed (so it may end below ``k``).
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    a, d, stop = _armies(rules, attackers, defenders, stop_at, exact)
    if exact:
        return dict(end_distribution(rules, a, d, stop))
    return dict(_final(rules, a, d, stop))


def expected_losses(attackers: int, defenders: int, *, stop_at: int = 0, exact: bool = False,
                    sides: int = SIDES, ties: Side | None = None, attacker_dice_max: int = 3,
                    defender_dice_max: int = 3, terrain: Side | None = None,
                    reroll: Reroll | None = None, lone_defender_shield: bool = False
                    ) -> tuple[float, float] | tuple[Fraction, Fraction]:
    """Expected ``(attacker losses, defender losses)`` over the whole battle.

    ``attackers`` = armies that may attack (the territory holds ``attackers + 1``),
    ``defenders`` = armies on the target; options as in :func:`final_distribution`.
    """
    final = final_distribution(attackers, defenders, stop_at=stop_at, exact=exact, sides=sides,
                               ties=ties, attacker_dice_max=attacker_dice_max,
                               defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                               lone_defender_shield=lone_defender_shield)
    zero = Fraction(0) if exact else 0.0
    lost_att = sum((p * (attackers - a) for (a, _), p in final.items()), zero)
    lost_def = sum((p * (defenders - d) for (_, d), p in final.items()), zero)
    return cast("tuple[float, float] | tuple[Fraction, Fraction]", (lost_att, lost_def))
