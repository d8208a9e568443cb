"""What the end of a simulation is worth at the extremes: a won or lost game, and the chance
of being wiped out before playing again (shared by the expert's hand-set value and the
fitted one, :mod:`warkit.bots.value`)."""

from __future__ import annotations

from .evaluate import Board

WIN = 100.0
"""Value of a won game (a lost one is minus this), in territory units."""

WIPE_FROM = 6
"""Territories held from which down the chance of being wiped out counts (:func:`wipe_out`)."""


def wipe_out(board: Board) -> float:
    """Chance (rough) that the seat loses every territory before it plays again, when it holds
    :data:`WIPE_FROM` or fewer: the product of each one's chance to fall to its strongest
    neighbour. An eliminated seat has lost the game (SMART ends there, S-WIN-1; in a classic
    game its cards go to the winner, C-ELIM-2, which is why weak seats are hunted)."""
    mine = board.mine
    if not 0 < len(mine) <= WIPE_FROM:
        return 0.0
    chance = 1.0
    for i in mine:
        chance *= 1.0 - board.hold(i)
    return chance


__all__ = ["WIN", "WIPE_FROM", "wipe_out"]
