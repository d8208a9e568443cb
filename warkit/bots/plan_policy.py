"""The policy that plays the expert's turn plans: the hard level with two more knobs.

The expert's candidate plans (:mod:`warkit.bots.expert`) are the hard level's policy with
weights shifted. Shifting the hard level's own weights seldom changes its play (in the
profile of session 8 every plan played the same turn in 17 of 48 searches), so this policy
adds knobs that change a turn's shape, all off by default (then it plays exactly like
:class:`~warkit.bots.hard.HardBot`, which stays as it is: the coach and the baselines use it):

- :attr:`PlanPolicy.guard`: own territories next to a seat that may hunt this colour (a
  "destroy this colour" objective, by the opponent model's belief) are worth more to keep,
  so the placement, the attacks' exposure, the occupation and the regroup all guard the
  border facing the likely hunter;
- :attr:`PlanPolicy.most_conquests`: stop attacking after that many conquests this turn
  (one: take the turn's card and keep the rest home);
- :attr:`PlanPolicy.trade_all`: in SMART, the turn's trade is the one that brings the most
  armies, whatever the cards' other uses (S-TRADE-1..5): with a low ``sweep_odds`` it makes
  the expert's "kill" plan, every army of the turn thrown at an elimination that wins;
- :attr:`PlanPolicy.front`: the turn's free armies all go on one border territory, the
  ``front``-th best by the attack it then makes possible (so plans differ in where the turn
  strikes, not only in how boldly: the search judges the fronts by what follows);
- :attr:`PlanPolicy.fortify`: the turn's free armies all go where they save the most, the
  own territory whose chance to hold rises most, by what losing it would cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..actions import Action, EndPhase, Place
from ..legal import LegalActions
from ..view import PlayerView
from .evaluate import ADJ, INDEX, Board, ranges_of
from .hard import HardBot
from .smart_play import choose_trade


class PlanPolicy(HardBot):
    """:class:`HardBot` with the :attr:`guard` and :attr:`most_conquests` knobs (see the
    module docstring)."""

    guard = 0.0
    """Extra keep value, times the belief that a neighbouring seat hunts this colour."""
    most_conquests = math.inf
    """Conquests after which this turn's attacks stop."""
    trade_all = 0.0
    """Non-zero: the SMART trade that brings the most armies, made whenever there is one."""
    front = 0.0
    """k > 0: every free army on the k-th best border territory (0: the hard level's
    placement)."""
    fortify = 0.0
    """Non-zero: every free army on the own territory where it saves the most (keep value
    times the gain in its chance to hold), when no :attr:`front` is set."""

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

    def smart_trade(self, view: PlayerView, legal: LegalActions) -> Action:
        if self.trade_all:
            choice = choose_trade(view, legal, lambda card: 0.0)
            if choice is not None:
                self._note("trade")
                return choice
        return super().smart_trade(view, legal)

    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        if (self.front or self.fortify) and view.reserves and not any(view.continent_reserves):
            spot = self.front_spot(view) if self.front else self.fortify_spot(view)
            if spot is not None:
                for family in ranges_of(legal, Place):
                    if INDEX[family.largest.territory] == spot:
                        return family.make(min(view.reserves, family.high))
        return super().place(view, legal)

    def front_spot(self, view: PlayerView) -> int | None:
        """The :attr:`front`-th best border territory for every free army: ranked by the
        best attack it could then make (``None`` when there are fewer borders)."""
        board = self.board(view)
        ranked = sorted(board.border, key=lambda i: (
            -self.attack_potential(board, i, view.armies[i] - 1 + view.reserves), i))
        k = int(self.front) - 1
        return ranked[k] if k < len(ranked) else None

    def fortify_spot(self, view: PlayerView) -> int | None:
        """The own border territory where every free army saves the most: its keep value
        times the gain in its chance to hold (``None`` without borders)."""
        board = self.board(view)
        extra = view.reserves
        return max(board.border, default=None, key=lambda i: (
            self.keep_value(board, i) * (board.hold(i, view.armies[i] + extra) - board.hold(i)),
            -i))

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        turn, start = self._turn_start
        if self.most_conquests < math.inf and turn == view.turn and view.player is not None \
                and view.owner.count(view.player) - start >= self.most_conquests:
            end = EndPhase()
            if end in legal:
                return end
        return super().attack(view, legal)


__all__ = ["PlanPolicy"]
