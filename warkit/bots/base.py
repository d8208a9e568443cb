"""The skeleton every bot level shares: a seeded RNG and one method per kind of decision.

:meth:`LevelBot.choose` asks the rule set what the pending step is
(``view.rules.phase_info(view.phase).decision``) and hands the view and the
legal actions to the method of that name (``trade``, ``place``, ``attack``,
``occupy``, ``regroup``, and SMART's ``react``, ``discard``, ``alliance``,
``airlift``). A level overrides the methods it plays
differently; anything a level does not know falls back to :meth:`other`,
which ends the step when it may and otherwise takes the first legal action.

A bot never sees a game state: only the view and the legal actions. It may
remember what it saw in earlier views (that is public history, or its own).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..actions import Action, EndPhase
from ..legal import ActionRange, LegalActions
from ..view import PlayerView
from .evaluate import as_legal

DECISIONS = frozenset({"trade", "place", "attack", "occupy", "regroup", "react", "discard",
                       "alliance", "airlift"})
"""The decisions a level has a method for, by the names the rule sets give their steps
(``rules.phase_info(phase).decision``); a step of another name goes to :meth:`LevelBot.other`."""


class LevelBot:
    """Base of the levels: dispatch by phase, a seeded :class:`random.Random`."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the decision ``view`` shows (the Bot protocol)."""
        legal = as_legal(legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal.families) == 1 and isinstance(legal.families[0], Action):
            return legal.families[0]
        decision = view.rules.phase_info(view.phase).decision
        if decision not in DECISIONS:
            return self.other(view, legal)
        method: Callable[[PlayerView, LegalActions], Action] = getattr(self, decision)
        return method(view, legal)

    # -- defaults: every level overrides what it plays ------------------------------------
    def other(self, view: PlayerView, legal: LegalActions) -> Action:
        """A step the level has no plan for: end it if allowed, else the first action."""
        return end_or_first(legal)

    trade = place = attack = occupy = regroup = other
    react = discard = alliance = airlift = other


def end_or_first(legal: LegalActions) -> Action:
    """:class:`EndPhase` when it is legal, else the first legal action (the smallest
    member of a family)."""
    for family in legal.families:
        if isinstance(family, EndPhase):
            return family
    first = legal.families[0]
    return first.make(first.low) if isinstance(first, ActionRange) else first
