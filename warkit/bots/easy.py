"""The "easy" level: plausible, legal, a little random, never suicidal.

It plays like a beginner who knows the rules: it always trades a set when it
holds one, piles its armies on a border territory (leaning to the biggest
stack), attacks only when its chance to conquer is good (a coin decides
whether it presses on to another target), moves everything in after a
conquest, and walks idle armies from the interior to the front. It ignores
continents, objectives and the opponents' strength. In SMART it trades its
whole hand once it holds five cards, shows the attacked territory's card
half the time it can, and uses no other advantage.
"""

from __future__ import annotations

from ..actions import Action, Attack, EndPhase, Move, Place, Trade
from ..legal import LegalActions
from ..rules.smart import Pass, Reveal
from ..view import PlayerView
from .base import LevelBot, end_or_first
from .evaluate import ADJ, INDEX, impatience, ranges_of, singles_of
from .evaluate import p_win as p_conquer


class EasyBot(LevelBot):
    """Random within sensible play (see the module docstring)."""

    level = "easy"
    min_odds = 0.6
    """Start an attack only with at least this chance to conquer."""
    keep_going = 0.85
    """Chance to look for another attack after one is finished."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._engaged: tuple[int, str, str] | None = None
        self._resting = -1

    def trade(self, view: PlayerView, legal: LegalActions) -> Action:
        trades = singles_of(legal, Trade)
        if len(view.rules.trade_sizes) > 1:  # S-TRADE-1: the whole hand, once it is big
            if len(view.hand) >= 5:
                largest = max(len(t.cards) for t in trades)
                return self.rng.choice([t for t in trades if len(t.cards) == largest])
            return end_or_first(legal)
        return self.rng.choice(trades) if trades else end_or_first(legal)

    def react(self, view: PlayerView, legal: LegalActions) -> Action:
        """SMART: shows the attacked territory's card half the time, never rerolls."""
        reveals = singles_of(legal, Reveal)
        if reveals and self.rng.random() < 0.5:
            return reveals[0]
        return singles_of(legal, Pass)[0] if singles_of(legal, Pass) else end_or_first(legal)

    def discard(self, view: PlayerView, legal: LegalActions) -> Action:
        choice = self.rng.choice(list(legal.families))
        return choice if isinstance(choice, Action) else choice.largest

    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        places = ranges_of(legal, Place)
        seat, owner, armies = view.player, view.owner, view.armies
        front = [f for f in places
                 if any(owner[j] != seat for j in ADJ[INDEX[f.largest.territory]])]
        pool = front or places
        weights = [armies[INDEX[f.largest.territory]] + 1 for f in pool]
        family = self.rng.choices(pool, weights)[0]
        return family.largest

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        if self._resting == view.turn:
            return EndPhase()
        armies = view.armies
        options = []
        floor = self.min_odds - 0.6 * impatience(view)
        for family in ranges_of(legal, Attack):
            a = family.largest
            src, dst = INDEX[a.src], INDEX[a.dst]
            p = p_conquer(armies[src] - 1, armies[dst])
            if self._engaged == (view.turn, a.src, a.dst) and p >= min(0.35, floor):
                return a
            if p >= floor:
                options.append(a)
        if not options:
            return EndPhase()
        if self._engaged is not None and self._engaged[0] == view.turn \
                and self.rng.random() > self.keep_going:
            self._resting = view.turn
            return EndPhase()
        choice = self.rng.choice(options)
        self._engaged = (view.turn, choice.src, choice.dst)
        return choice

    def occupy(self, view: PlayerView, legal: LegalActions) -> Action:
        family = legal.families[0]
        return family if isinstance(family, Action) else family.largest

    def regroup(self, view: PlayerView, legal: LegalActions) -> Action:
        seat, owner = view.player, view.owner
        moves = []
        for family in ranges_of(legal, Move):
            m = family.largest
            src, dst = INDEX[m.src], INDEX[m.dst]
            if all(owner[j] == seat for j in ADJ[src]) and any(owner[j] != seat for j in ADJ[dst]):
                moves.append(m)
        return self.rng.choice(moves) if moves else EndPhase()
