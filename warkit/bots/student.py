"""The bot API for students: subclass :class:`StudentBot` and override the decisions you want.

A five-line bot plays a whole game::

    from warkit.bots.student import StudentBot

    class Bot(StudentBot):
        def attack(self, view, legal):
            return self.strongest_attack(view, legal) or self.end(legal)

Every kind of decision has its own method, called with the view (what this seat may know:
:class:`~warkit.view.PlayerView`) and the legal actions (:class:`~warkit.legal.LegalActions`):
``trade``, ``place``, ``attack``, ``occupy``, ``regroup`` and, in SMART, ``react``,
``discard``, ``alliance``, ``airlift``. A method must return one of the legal actions. Each
method a bot does not write plays like the ``easy`` level, so a student can work on one
decision at a time. ``self.rng`` is a seeded :class:`random.Random`: use it (not the
module ``random``) and a game replays exactly.

The helpers below answer the questions most bots ask; everything else is in the view
(``view.owner``, ``view.armies``, ``view.hand``, ``view.objective``...). The templates
(``warkit/arena/templates/``, in English and Portuguese) show the whole interface.
"""

from __future__ import annotations

from typing import TypeVar

from ..actions import Action, Attack, EndPhase, Move, Place
from ..legal import ActionRange, LegalActions
from ..view import PlayerView
from ..worldmap import world_map
from .base import LevelBot, end_or_first
from .easy import EasyBot
from .evaluate import INDEX, p_win, ranges_of

A = TypeVar("A", bound=Action)


class StudentBot(LevelBot):
    """A bot whose every decision plays like ``easy`` until the student overrides it."""

    level = "student"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._easy = EasyBot(seed)

    def other(self, view: PlayerView, legal: LegalActions) -> Action:
        """Every decision the bot does not override: the ``easy`` level's choice."""
        return self._easy.choose(view, legal)

    trade = place = attack = occupy = regroup = other
    react = discard = alliance = airlift = other

    # -- helpers --------------------------------------------------------------------------
    @staticmethod
    def end(legal: LegalActions) -> Action:
        """End this step when the rules allow it (else the first legal action)."""
        return end_or_first(legal)

    @staticmethod
    def can_end(legal: LegalActions) -> bool:
        """May this step end now (is ``EndPhase`` legal)?"""
        return any(isinstance(f, EndPhase) for f in legal.families)

    @staticmethod
    def options(legal: LegalActions, kind: type[A]) -> list[A]:
        """The legal actions of class ``kind`` (``Place``, ``Attack``, ``Move``...), each
        with the largest number allowed (all the armies it may place, attack or move with)."""
        out: list[A] = []
        for family in legal.families:
            action = family.largest if isinstance(family, ActionRange) else family
            if isinstance(action, kind):
                out.append(action)
        return out

    @staticmethod
    def win_chance(view: PlayerView, attack: Attack) -> float:
        """The exact chance that ``attack`` conquers its target if it goes on to the end
        (all but one army of the source against every army of the target)."""
        return p_win(view.armies[INDEX[attack.src]] - 1, view.armies[INDEX[attack.dst]])

    def strongest_attack(self, view: PlayerView, legal: LegalActions,
                         at_least: float = 0.5) -> Attack | None:
        """The legal attack with the best chance to conquer, if it reaches ``at_least``."""
        best: tuple[float, Attack] | None = None
        for family in ranges_of(legal, Attack):
            attack = family.largest
            chance = self.win_chance(view, attack)
            if chance >= at_least and (best is None or chance > best[0]):
                best = (chance, attack)
        return best[1] if best else None

    @staticmethod
    def neighbours(territory: str) -> list[str]:
        """The territories bordering ``territory`` (ids such as ``"brasil"``)."""
        m = world_map()
        return [m.ids[j] for j in m.adjacency[m.index(territory)]]

    @staticmethod
    def mine(view: PlayerView) -> list[str]:
        """The territories this seat holds."""
        ids = world_map().ids
        return [ids[i] for i, o in enumerate(view.owner) if o == view.player]

    @staticmethod
    def armies_on(view: PlayerView, territory: str) -> int:
        """Armies on ``territory``."""
        return view.armies[INDEX[territory]]


__all__ = ["Attack", "EndPhase", "Move", "Place", "StudentBot"]
