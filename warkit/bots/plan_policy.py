"""The policy that plays the expert's turn plans: the hard level with two more knobs.

The expert's candidate plans (:mod:`warkit.bots.expert`) are the hard level's policy with
weights shifted. Shifting the hard level's own weights seldom changes its play (in the
profile of session 8 every plan played the same turn in 17 of 48 searches), so this policy
adds two knobs that change a turn's shape, both off by default (then it plays exactly like
:class:`~warkit.bots.hard.HardBot`, which stays as it is: the coach and the baselines use it):

- :attr:`PlanPolicy.guard`: own territories next to a seat that may hunt this colour (a
  "destroy this colour" objective, by the opponent model's belief) are worth more to keep,
  so the placement, the attacks' exposure, the occupation and the regroup all guard the
  border facing the likely hunter;
- :attr:`PlanPolicy.most_conquests`: stop attacking after that many conquests this turn
  (one: take the turn's card and keep the rest home).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..actions import Action, EndPhase
from ..legal import LegalActions
from ..view import PlayerView
from .evaluate import ADJ, Board
from .hard import HardBot


class PlanPolicy(HardBot):
    """:class:`HardBot` with the :attr:`guard` and :attr:`most_conquests` knobs (see the
    module docstring)."""

    guard = 0.0
    """Extra keep value, times the belief that a neighbouring seat hunts this colour."""
    most_conquests = math.inf
    """Conquests after which this turn's attacks stop."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._turn_start: tuple[int, int] = (-1, 0)
        """(turn, territories held at its first decision)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.player is not None and view.current == view.player \
                and self._turn_start[0] != view.turn:
            self._turn_start = (view.turn, view.owner.count(view.player))
        return super().choose(view, legal)

    def hunters(self, board: Board) -> list[float]:
        """For every seat, the belief that it holds the card to destroy this seat's colour
        (memoised per board)."""
        known: list[float] | None = board.memo.get(("hunters",))
        if known is None:
            known = [0.0] * board.players
            for s in range(board.players):
                if s != board.seat and board.counts[s]:
                    known[s] = sum(self.opponents.hunt_odds(board, s))
            board.memo[("hunters",)] = known
        return known

    def keep_value(self, board: Board, i: int) -> float:
        value = super().keep_value(board, i)
        if not self.guard or board.owner[i] != board.seat:
            return value
        hunters, owner = self.hunters(board), board.owner
        facing = max((hunters[o] for o in (owner[j] for j in ADJ[i]) if o >= 0), default=0.0)
        return value * (1.0 + self.guard * facing)

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        turn, start = self._turn_start
        if self.most_conquests < math.inf and turn == view.turn and view.player is not None \
                and view.owner.count(view.player) - start >= self.most_conquests:
            end = EndPhase()
            if end in legal:
                return end
        return super().attack(view, legal)


__all__ = ["PlanPolicy"]
