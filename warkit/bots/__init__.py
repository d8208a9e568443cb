"""Computer players. A bot sees only a :class:`~warkit.view.PlayerView` and the legal actions.

The protocol is one method, ``choose(view, legal) -> Action``; every bot owns a
seeded :class:`random.Random`, so a seeded game replays exactly. Levels, by name
(``make(level, seed=...)``; ``warkit.simulate(bots=[...])`` takes names too and seats
them with :func:`seeded`):

- ``"random"``: random legal play, weighted so that games end (:class:`RandomBot`);
- ``"easy"``: plausible and a little random, attacks only at good odds (:class:`EasyBot`);
- ``"normal"``: greedy with the exact battle odds, defends borders, trades well, SMART's
  best split (:class:`NormalBot`);
- ``"hard"``: plans around its objective, blocks and guesses its opponents, uses every
  SMART advantage where it pays (:class:`HardBot`);
- ``"expert"``: searches whole-turn plans in worlds dealt from a belief over the opponents'
  objectives, the hard level's policy playing them (:class:`ExpertBot`; its bot card is
  :mod:`warkit.bots.expert`'s docstring).

Shared evaluation lives in :mod:`warkit.bots.evaluate` (odds tables, board
analysis), SMART know-how in :mod:`warkit.bots.smart_play` and
:mod:`warkit.bots.advantages`, objective guessing in :mod:`warkit.bots.opponents`.
``python -m warkit.tournament`` plays them against each other; ``python -m warkit.arena``
also plays students' bots, written with :class:`warkit.bots.student.StudentBot`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..errors import InvalidArgumentError, describe, expect_whole
from ..view import PlayerView
from .base import LevelBot
from .easy import EasyBot
from .expert import ExpertBot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal)`` returning one of ``legal``."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


BOTS: dict[str, type[LevelBot] | type[RandomBot] | type[ExpertBot]] = {
    "random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot,
    "expert": ExpertBot}
"""Bot classes by level name, weakest first (``make`` builds them)."""


def make(level: str = "random", seed: int | None = None) -> Bot:
    """A bot by level name (see :data:`BOTS`), with its own seed (a whole number or None);
    anything else raises :class:`~warkit.errors.InvalidArgumentError`."""
    try:
        cls = BOTS[level]
    except (KeyError, TypeError):
        raise InvalidArgumentError(f"unknown bot level {describe(level)}; levels: "
                                   f"{', '.join(BOTS)}") from None
    if seed is not None:
        expect_whole(seed, "seed")
    return cls(seed=seed)


def seeded(bots: Sequence[Bot | str], seed: int) -> list[Bot]:
    """The players of the game seeded ``seed``, one per seat: a level name becomes that level
    with the seat's own seed, the ``s``-th number drawn by ``random.Random(seed)`` (one per
    seat, so a seat's bot never depends on the others); a bot object plays as given.

    :func:`warkit.simulate` and :mod:`warkit.tournament` both seat their bots here, so a
    tournament game replays with ``simulate(..., bots=levels, seed=its seed)``."""
    rng = random.Random(seed)
    seeds = [rng.randrange(2**32) for _ in bots]
    return [make(b, seed=s) if isinstance(b, str) else b for b, s in zip(bots, seeds)]


__all__ = ["BOTS", "Bot", "EasyBot", "ExpertBot", "HardBot", "LevelBot", "NormalBot",
           "RandomBot", "make", "seeded"]
