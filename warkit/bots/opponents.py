"""Guessing opponents' secret objectives from what they do (public information only).

A bot sees one view per decision. :class:`OpponentModel` keeps a snapshot of
the board each time the bot's own turn comes round, and compares it with the
previous one: a territory that changed hands was conquered by its new owner
from its old one. From who takes what (which continents, which colours) and
what they hold, it weighs every objective card each opponent might have
(never the bot's own card, which nobody else holds) and says how close each
opponent is to winning, and where.

This is exactly what a human at the table may do: watch the board and
remember. The model reads nothing hidden.
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
from dataclasses import dataclass
from typing import Any

from ..view import PlayerView
from ..worldmap import world_map
from .evaluate import CONTINENT_OF, CONTINENTS, MEMBERS, Board, Goal, goal_for

SHARPNESS = 3.0
"""How quickly evidence turns into belief (the softmax temperature's inverse)."""

_MEMORIES = itertools.count()
"""Numbers every state of every model's memory (see :meth:`OpponentModel.suspect`)."""


@dataclass
class Suspicion:
    """One opponent's likely objectives: ``(goal, probability)`` pairs and the danger
    (the probability-weighted closeness to winning, 0..1)."""

    seat: int
    goals: list[tuple[Goal, float]]
    danger: float


class OpponentModel:
    """Memory of past boards and the objective guesses made from it."""

    def __init__(self) -> None:
        self.last: tuple[int, ...] | None = None
        self.last_turn = -1
        self.taken: dict[tuple[int, int], int] = {}
        """(conqueror, victim) -> territories seen changing hands."""
        self.taken_in: dict[tuple[int, int], int] = {}
        """(conqueror, continent) -> territories seen taken there."""
        self.total: dict[int, int] = {}
        self._blocks: tuple[tuple[int, int], list[float]] | None = None
        self._memory = next(_MEMORIES)
        self._suspects: dict[tuple[Any, ...], list[tuple[Goal, float]]] = {}
        """:meth:`suspect`'s guesses by what they depend on (a memo: the hard level asks
        for every opponent at every decision, and the board seldom changes hands)."""
        self._terms: dict[tuple[Any, ...], list[float | None]] = {}
        """:meth:`suspect`'s danger terms by the same key (``None``: an objective that counts
        armies, worked out each time), made only when the danger is asked."""
        self._hunts: dict[tuple[Any, ...], tuple[float, ...]] = {}
        """:meth:`hunt_odds` by the same key and the board's seat (shared like the others)."""
        self._hunted: dict[tuple[Any, ...], float] = {}
        """:meth:`hunted` by the board's owners, the live seats, the viewer's card, the
        board's seat and the memory."""

    def copy(self) -> OpponentModel:
        """A model that remembers what this one did and then learns on its own (the memo
        is shared: its keys name the memory they were worked out from)."""
        new = copy.copy(self)
        new.taken, new.taken_in, new.total = dict(self.taken), dict(self.taken_in), \
            dict(self.total)
        return new

    def observe(self, view: PlayerView) -> None:
        """Remember the board once per turn of the viewer (cheap on other calls)."""
        if view.turn == self.last_turn:
            return
        owner = view.owner
        if self.last is not None:
            for i, (before, after) in enumerate(zip(self.last, owner)):
                if before != after and after != view.player and after >= 0:
                    self.taken[after, before] = self.taken.get((after, before), 0) + 1
                    k = CONTINENT_OF[i]
                    self.taken_in[after, k] = self.taken_in.get((after, k), 0) + 1
                    self.total[after] = self.total.get(after, 0) + 1
        self.last, self.last_turn = owner, view.turn
        self._memory = next(_MEMORIES)

    # -- guesses -----------------------------------------------------------------------
    def candidates(self, view: PlayerView, seat: int) -> list[Goal]:
        """Objective cards ``seat`` may hold: all cards in play but the viewer's own."""
        return list(_candidates(*_hand_of(view, seat))[1])

    @staticmethod
    def candidate_cards(view: PlayerView, seat: int) -> list[str]:
        """The ids of the objective cards :meth:`candidates` weighs, in the same order: the
        game's deck (its rule set's, :meth:`~warkit.rules.classic.ClassicRules.objective_deck`)
        but the viewer's own card."""
        return list(_candidates(*_hand_of(view, seat))[0])

    def evidence(self, board: Board, seat: int, goal: Goal) -> float:
        """How well ``goal`` explains what ``seat`` holds and has taken."""
        taken = max(1, self.total.get(seat, 0))
        if goal.kind == "continents":
            score = 0.0
            for k in goal.continents:
                score += 2.0 * board.continent_share(seat, k) \
                    + 1.5 * self.taken_in.get((seat, k), 0) / taken
            return score / len(goal.continents)
        if goal.kind == "destroy":
            if goal.target is None:
                return 0.0
            return 0.4 + 2.5 * self.taken.get((seat, goal.target), 0) / taken
        return 0.3 + board.counts[seat] / max(goal.count, 1)

    @staticmethod
    def closeness(board: Board, seat: int, goal: Goal) -> float:
        """How near ``seat`` is to meeting ``goal`` (0: far, 1: met)."""
        if goal.kind == "continents":
            shares = [board.continent_share(seat, k) for k in goal.continents]
            if goal.plus_any:
                others = sorted((board.continent_share(seat, k) for k in range(CONTINENTS)
                                 if k not in goal.continents), reverse=True)
                shares.extend(others[:goal.plus_any])
            return min(1.0, sum(s * s for s in shares) / len(shares))
        if goal.kind == "destroy":
            if goal.target is None or not board.counts[goal.target]:
                return 0.0
            return max(0.0, 1.0 - board.counts[goal.target] / 12)
        if goal.min_armies > 1:
            strong = sum(1 for i in range(len(board.owner))
                         if board.owner[i] == seat and board.armies[i] >= goal.min_armies)
            return min(1.0, strong / goal.count)
        return min(1.0, board.counts[seat] / goal.count)

    def suspect(self, board: Board, seat: int) -> Suspicion:
        """The objectives ``seat`` probably plays for, and how dangerous it is.

        The guesses depend on who owns what and on the memory only, so they are memoised;
        so is each guess's share of the danger, but for objectives that count armies."""
        key = self._key(board, seat)
        pairs = self._guesses(board, seat)
        if not pairs:
            return Suspicion(seat, [], 0.0)
        terms = self._terms.get(key)
        if terms is None:
            terms = [None if g.min_armies > 1 else p * self.closeness(board, seat, g) ** 3
                     for g, p in pairs]
            if len(self._terms) > 4096:
                self._terms.clear()
            self._terms[key] = terms
        danger = sum(p * self.closeness(board, seat, g) ** 3 if t is None else t
                     for (g, p), t in zip(pairs, terms))
        return Suspicion(seat, pairs, danger)

    def hunt_odds(self, board: Board, seat: int) -> tuple[float, ...]:
        """The probabilities of ``seat``'s guessed objectives that are to destroy the
        board's own seat, in :meth:`suspect`'s order (its ``goals`` filtered; memoised with
        them, and without working out the danger, which the hard level asks at every
        decision for every opponent)."""
        key = self._key(board, seat)
        hunt_key = (key, board.seat)
        odds = self._hunts.get(hunt_key)
        if odds is None:
            odds = tuple(p for g, p in self._guesses(board, seat)
                         if g.kind == "destroy" and g.target == board.seat)
            if len(self._hunts) > 4096:
                self._hunts.clear()
            self._hunts[hunt_key] = odds
        return odds

    def hunted(self, board: Board) -> float:
        """The sum of every live opponent's :meth:`hunt_odds`: how likely it is, all told,
        that someone holds the card to destroy the board's own seat (memoised by the same
        key, as the hard level asks it at every decision)."""
        view, seat = board.view, board.seat
        key = (board.owner, view.alive, view.objective, seat, self._memory)
        total = self._hunted.get(key)
        if total is None:
            total = 0.0
            for s in range(board.players):
                if s != seat and board.counts[s]:
                    for p in self.hunt_odds(board, s):
                        total += p
            if len(self._hunted) > 4096:
                self._hunted.clear()
            self._hunted[key] = total
        return total

    def _key(self, board: Board, seat: int) -> tuple[Any, ...]:
        """What :meth:`suspect`'s danger terms (but those of objectives that count armies)
        depend on: who owns what, who is alive, the viewer's own card (never a candidate),
        the seat and the memory."""
        view = board.view
        return (board.owner, view.alive, view.objective, seat, self._memory)

    def _guesses(self, board: Board, seat: int) -> list[tuple[Goal, float]]:
        """:meth:`suspect`'s memoised ``(goal, probability)`` pairs (empty: no candidate).

        They depend on less than the danger: ``seat``'s own territories (the evidence reads
        its counts only), who is alive, the viewer's card, the seat and the memory; so a
        conquest between two other seats leaves them as they were."""
        view, owner = board.view, board.owner
        key = (tuple(i for i, o in enumerate(owner) if o == seat), view.alive, view.objective,
               seat, self._memory)
        pairs = self._suspects.get(key)
        if pairs is None:
            goals = self.candidates(board.view, seat)
            if not goals:
                return []
            scores = [SHARPNESS * self.evidence(board, seat, g) for g in goals]
            top = max(scores)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights)
            pairs = [(g, w / total) for g, w in zip(goals, weights)]
            if len(self._suspects) > 4096:
                self._suspects.clear()
            self._suspects[key] = pairs
        return pairs

    def block_values(self, board: Board) -> list[float]:
        """For every territory, how much taking it away from its owner slows that owner's
        likely objective (0 for the viewer's own territories), in territory units.

        Computed once per turn of the viewer (the board changes little within it)."""
        key = (board.view.turn, board.seat)
        if self._blocks is not None and self._blocks[0] == key:
            return self._blocks[1]
        values = self._block_values(board)
        self._blocks = (key, values)
        return values

    def _block_values(self, board: Board) -> list[float]:
        values = [0.0] * len(board.owner)
        for seat in range(board.players):
            if seat == board.seat or not board.counts[seat]:
                continue
            mine = [i for i, o in enumerate(board.owner) if o == seat]
            # Whatever the card, a player near 24 territories (or 18 strong ones) is close.
            crowd = max(0.0, (board.counts[seat] - 15) / 9)
            if crowd:
                for i in mine:
                    values[i] += crowd * crowd
            suspicion = self.suspect(board, seat)
            if suspicion.danger < 0.05:
                continue
            for goal, p in suspicion.goals:
                close = self.closeness(board, seat, goal)
                weight = p * close * close * (4.0 if close >= 0.8 else 1.0)
                if weight < 0.01:
                    continue
                if goal.kind == "continents":
                    needed = set(goal.continents)
                    if goal.plus_any:
                        extra = sorted((k for k in range(CONTINENTS) if k not in needed),
                                       key=lambda k: -board.continent_share(seat, k))
                        needed.update(extra[:goal.plus_any])
                    for i in mine:
                        if CONTINENT_OF[i] in needed:
                            values[i] += weight * (1.0 + len(MEMBERS[CONTINENT_OF[i]]) / 6)
                elif goal.kind == "territories":
                    for i in mine:
                        values[i] += weight
                elif goal.kind == "destroy" and goal.target is not None \
                        and goal.target != board.seat:
                    # Slow the hunter down by hitting its armies next to its prey.
                    for i in mine:
                        if any(board.owner[j] == goal.target for j in board_adj(i)):
                            values[i] += weight * 0.5
        return values


def _hand_of(view: PlayerView, seat: int
             ) -> tuple[tuple[str, ...], str | None, tuple[str, ...], int, tuple[bool, ...]]:
    """What :func:`_candidates` depends on, from a view."""
    colors = view.colors
    return view.rules.objective_deck(colors), view.objective, colors, seat, view.alive


@functools.lru_cache(maxsize=4096)
def _candidates(deck: tuple[str, ...], own: str | None, colors: tuple[str, ...], seat: int,
                alive: tuple[bool, ...]) -> tuple[tuple[str, ...], tuple[Goal, ...]]:
    """The cards of ``deck`` that ``seat`` may hold, seen by the holder of ``own``, and their
    goals (memoised: a pure function of its arguments, asked at every new guess)."""
    cards = []
    maps = world_map()
    for o in (maps.objective(card) for card in deck):
        if o.id == own:
            continue
        if o.kind == "destroy":
            target = colors.index(o.color)
            if target == seat or not alive[target]:
                continue  # its own colour: "24 territories" (C-SETUP-2) or never (S-SETUP-1)
        cards.append(o.id)
    return tuple(cards), tuple(goal_for(card, colors) for card in cards)


def board_adj(i: int) -> tuple[int, ...]:
    return world_map().adjacency[i]


__all__ = ["OpponentModel", "Suspicion"]
