"""Can the objective be met this turn? A quick estimate of a chain of conquests.

Most games are won in one big turn that takes the last three to six territories
the objective needs. :func:`sweep_chance` plays such a turn on expected values:
from the own territories (and those just taken) it repeatedly attacks the needed
territory it has the best chance against, with the biggest stack next to it,
moving in as many survivors as the rules allow (at most three, C-CONQ-1). The
chance of the whole chain is the product of the steps' chances to conquer
(:func:`~warkit.bots.evaluate.p_win`).

It is an estimate, not a search: a dozen steps at most, each a table look-up,
so the hard level can ask it at every decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .evaluate import ADJ, Board, attack_cost, p_win


@dataclass(frozen=True)
class Sweep:
    """A way to meet the objective this turn: conquer ``need`` of ``targets``."""

    targets: frozenset[int]
    need: int
    chance: float = 0.0
    pad: int | None = None
    """Where this turn's free armies should go (``None``: already placed)."""


def sweep_chance(board: Board, targets: frozenset[int], need: int,
                 pad: int | None = None, extra: int = 0) -> float:
    """Chance to conquer ``need`` of ``targets`` this turn, with ``extra`` armies placed on
    ``pad`` first (a greedy chain on expected losses; 0 when a target is out of reach)."""
    stacks = {i: board.armies[i] - 1 for i in board.mine}
    if pad is not None:
        stacks[pad] += extra
    left, chance = set(targets), 1.0
    armies, get = board.armies, stacks.get
    for _ in range(need):
        best = None
        for t in left:
            attackers = 0  # the biggest stack next to t (stacks are never below 0)
            for j in ADJ[t]:
                stack = get(j, 0)
                if stack > attackers:
                    attackers = stack
            if attackers > 0:
                p = p_win(attackers, armies[t])
                if best is None or p > best[0]:
                    best = (p, t, attackers)
        if best is None:
            return 0.0
        p, t, attackers = best
        src = max((j for j in ADJ[t] if j in stacks), key=stacks.__getitem__)
        survivors = max(1, round(attackers - attack_cost(attackers, armies[t])))
        moved = min(3, survivors)  # at most the dice of the last battle move in (C-CONQ-1)
        stacks[src] = survivors - moved
        stacks[t] = moved - 1
        left.discard(t)
        chance *= p
    return chance


def best_sweep(board: Board, options: list[Sweep], reserves: int) -> Sweep | None:
    """The likeliest of ``options``, with the best pad for ``reserves`` free armies.

    Memoised: a pure function of the board's owners and armies, the seat, the options'
    targets and needs and the reserves, and the hard level asks it at every decision, often
    of a board it has seen (half the time in an expert's simulations, where the plans of a
    world start from the same position)."""
    key = (board.owner, board.armies, board.seat,
           tuple((option.targets, option.need) for option in options), reserves)
    try:
        return _BEST[key]
    except KeyError:
        pass
    best = _best_sweep(board, options, reserves)
    if len(_BEST) >= BEST_MEMO:
        _BEST.clear()
    _BEST[key] = best
    return best


BEST_MEMO = 8192
"""Most positions :func:`best_sweep` remembers (then it forgets them all and starts again)."""
_BEST: dict[tuple[Any, ...], Sweep | None] = {}


def _best_sweep(board: Board, options: list[Sweep], reserves: int) -> Sweep | None:
    best: Sweep | None = None
    for option in options:
        pads: list[int | None] = [None]
        if reserves:
            pads = [*sorted({j for t in option.targets for j in ADJ[t]
                             if board.owner[j] == board.seat})]
        for pad in pads:
            chance = sweep_chance(board, option.targets, option.need, pad, reserves)
            if best is None or chance > best.chance:
                best = Sweep(option.targets, option.need, chance, pad)
    return best


__all__ = ["Sweep", "best_sweep", "sweep_chance"]
