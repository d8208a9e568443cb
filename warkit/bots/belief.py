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
from .evaluate import Board
from .opponents import OpponentModel

DEALS = 20
"""Deals :meth:`ObjectiveBelief.sample` tries before giving a seat any card left."""


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
        drawn from its posterior among the cards not dealt yet (any card of the game's deck
        left, for an eliminated seat). Seats are dealt in a random order, so no seat always
        picks first. A deal that leaves a seat in play no card it may hold (in SMART the last
        card left may be its own colour's, S-SETUP-1) is dealt again, as the game's own deal
        is; after :data:`DEALS` tries the seat takes any card left."""
        if view.player is None or view.objective is None:
            raise ValueError("a belief samples objectives for a seated player, not a spectator")
        board = Board(view)
        posteriors = {s: self.posterior(view, s, board) for s in range(len(view.colors))}
        deck = view.rules.objective_deck(view.colors)
        for attempt in range(DEALS):
            cards = self._deal(view, posteriors, deck, rng, last=attempt == DEALS - 1)
            if cards is not None:
                return cards
        raise AssertionError("unreachable: the last deal always ends")  # pragma: no cover

    @staticmethod
    def _deal(view: PlayerView, posteriors: dict[int, dict[str, float]], deck: tuple[str, ...],
              rng: random.Random, last: bool) -> tuple[str, ...] | None:
        """One deal from the posteriors, or ``None`` at a dead end (unless ``last``)."""
        assert view.player is not None and view.objective is not None
        n = len(view.colors)
        cards: list[str] = [""] * n
        cards[view.player] = view.objective
        taken = {view.objective}
        order = [s for s in range(n) if s != view.player]
        rng.shuffle(order)
        for seat in order:
            weights = {c: p for c, p in posteriors[seat].items() if c not in taken}
            if weights:
                choice = rng.choices(list(weights), weights=list(weights.values()))[0]
            elif posteriors[seat] and not last:
                return None  # a seat in play whose every possible card is taken
            else:
                choice = rng.choice([c for c in deck if c not in taken])
            cards[seat] = choice
            taken.add(choice)
        return tuple(cards)


__all__ = ["ObjectiveBelief"]
