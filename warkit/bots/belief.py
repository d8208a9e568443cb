"""A belief over each opponent's secret objective card, and samples drawn from it.

The deal is the prior: every objective card the viewer does not hold is
equally likely in an opponent's hand, and no two seats hold the same card
(C-SETUP-1). What an opponent does is the evidence: the
:class:`~warkit.bots.opponents.OpponentModel` (the hard level's guesser,
reused, not copied) scores how well each card explains what that opponent
holds and has conquered, and the posterior is the prior times
``exp(sharpness * evidence)``, normalised. :meth:`ObjectiveBelief.sample`
deals one objective per seat from the posteriors, without replacement, for a
determinized game (:mod:`warkit.bots.determinize`).

Only public information goes in: the board the viewer has seen, turn by turn.
"""

from __future__ import annotations

import random

from ..view import PlayerView
from ..worldmap import world_map
from .evaluate import Board
from .opponents import OpponentModel


class ObjectiveBelief:
    """Posterior over objective cards per opponent, from an :class:`OpponentModel`."""

    def __init__(self, model: OpponentModel | None = None) -> None:
        self.model = model if model is not None else OpponentModel()

    def observe(self, view: PlayerView) -> None:
        """Remember the board of this view (once per turn of the viewer)."""
        self.model.observe(view)

    def posterior(self, view: PlayerView, seat: int, board: Board | None = None
                  ) -> dict[str, float]:
        """Objective card id -> probability that ``seat`` holds it (sums to 1; empty for the
        viewer itself, a spectator or an eliminated seat)."""
        if view.player is None or seat == view.player or not view.alive[seat]:
            return {}
        board = board if board is not None else Board(view)
        cards = self.model.candidate_cards(view, seat)
        suspicion = self.model.suspect(board, seat)
        return {card: p for card, (_, p) in zip(cards, suspicion.goals)}

    def sample(self, view: PlayerView, rng: random.Random) -> tuple[str, ...]:
        """One objective card per seat: the viewer's own, and for every other seat a card
        drawn from its posterior among the cards not dealt yet (any card left for an
        eliminated seat). Seats are dealt in a random order, so no seat always picks first."""
        if view.player is None or view.objective is None:
            raise ValueError("a belief samples objectives for a seated player, not a spectator")
        board = Board(view)
        n = len(view.colors)
        cards: list[str | None] = [None] * n
        cards[view.player] = view.objective
        taken = {view.objective}
        order = [s for s in range(n) if s != view.player]
        rng.shuffle(order)
        for seat in order:
            weights = {c: p for c, p in self.posterior(view, seat, board).items()
                       if c not in taken}
            if weights:
                choice = rng.choices(list(weights), weights=list(weights.values()))[0]
            else:
                choice = rng.choice([o.id for o in world_map().objectives if o.id not in taken])
            cards[seat] = choice
            taken.add(choice)
        return tuple(c for c in cards if c is not None)


__all__ = ["ObjectiveBelief"]
