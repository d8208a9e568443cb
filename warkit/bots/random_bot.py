"""RandomBot: random legal play, weighted so that games end.

Uniform play over legal actions wanders for thousands of turns: it spreads
armies thinly, attacks 1 die against 3 and regroups back and forth. So the
choice is random *within* sensible kinds of action, and leans towards the
bot's own objective (which its view shows it):

- always trade when a set is held;
- place everything on the strongest territory facing a "wanted" enemy
  territory (one in a continent of the objective, or of the hunted colour);
- attack at full strength while the attack is at least ``boldness`` times
  the defenders, preferring wanted targets; once engaged, fight the battle
  out (stopping only between attacks: a 5% chance per battle would never
  break a big stack, whose owner's card trades outgrow the losses);
- move everything in after a conquest;
- regroup armies from interior territories to the front.

In SMART games :mod:`.smart_random` makes the SMART choices (trades that
keep cards, reactions after rolls, advantages, discards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Attack, EndPhase, Move, Place, Trade
from ..legal import ActionRange, LegalActions
from ..state import Phase
from ..view import PlayerView
from ..worldmap import world_map
from .smart_random import choose_smart
from .targets import objective_targets


class RandomBot:
    """Seeded random player (see the module docstring for its weights)."""

    level = "random"

    def __init__(self, seed: int | None = None, *, boldness: float = 0.6,
                 stop_attacking: float = 0.05, prefer_wanted: float = 0.8) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.boldness = boldness
        self.stop_attacking = stop_attacking
        self.prefer_wanted = prefer_wanted
        self._engaged: tuple[int, str, str] | None = None  # (turn, src, dst) being fought

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if not isinstance(legal, LegalActions):
            legal = LegalActions(list(legal))
        if view.rules.advantages:  # SMART's own steps and advantages
            action = choose_smart(self, view, legal)
            if action is not None:
                return action
        phase = view.phase
        if phase is Phase.TRADE:
            trades = [a for a in legal.families if isinstance(a, Trade)]
            return self.rng.choice(trades or list(legal))
        ranges = [f for f in legal.families if isinstance(f, ActionRange)]
        if phase is Phase.PLACE:
            return self._place(view, [f.largest for f in ranges])
        if phase is Phase.ATTACK:
            return self._attack(view, [f.largest for f in ranges])
        if phase is Phase.OCCUPY:
            return ranges[0].largest
        if phase is Phase.MOVE:
            return self._regroup(view, [f.largest for f in ranges])
        return self.rng.choice(legal)

    def _place(self, view: PlayerView, places: list[Action]) -> Action:
        m, seat, rng = world_map(), view.current, self.rng
        wanted = objective_targets(view)

        def faces(p: Action, targets: frozenset[int] | None) -> bool:
            return isinstance(p, Place) and any(
                view.owner[j] != seat and (targets is None or j in targets)
                for j in m.adjacency[m.index(p.territory)])

        front = [p for p in places if isinstance(p, Place) and faces(p, wanted)]
        if front:
            return max(front, key=lambda p: (view.armies[m.index(p.territory)], rng.random()))
        return rng.choice([p for p in places if faces(p, None)] or places)

    def _attack(self, view: PlayerView, attacks: list[Action]) -> Action:
        m, armies, rng = world_map(), view.armies, self.rng
        strong = [a for a in attacks if isinstance(a, Attack)
                  and armies[m.index(a.src)] - 1 >= self.boldness * armies[m.index(a.dst)]]
        if not strong:
            return EndPhase()
        for a in strong:
            if self._engaged == (view.turn, a.src, a.dst):
                return a
        if rng.random() < self.stop_attacking:
            return EndPhase()
        wanted = objective_targets(view)
        preferred = [a for a in strong if m.index(a.dst) in wanted]
        if preferred and rng.random() < self.prefer_wanted:
            choice = rng.choice(preferred)
        else:
            choice = rng.choice(strong)
        self._engaged = (view.turn, choice.src, choice.dst)
        return choice

    def _regroup(self, view: PlayerView, moves: list[Action]) -> Action:
        """Move the armies of an interior territory to a neighbour on the front, or stop."""
        m, seat = world_map(), view.current
        for move in moves:
            if not isinstance(move, Move):
                continue
            src, dst = m.index(move.src), m.index(move.dst)
            if (all(view.owner[j] == seat for j in m.adjacency[src])
                    and any(view.owner[j] != seat for j in m.adjacency[dst])):
                return move
        return EndPhase()
