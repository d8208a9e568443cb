"""The "hard" level: the normal level's odds, steered by the objective and by the opponents.

On top of :class:`~warkit.bots.normal.NormalBot` it:

- plans around its own objective (:class:`Plan`): the continents it needs
  (picking the cheapest "third continent"), the colour it hunts, or the
  territory count (18 with 2 armies each, or 24); territories on that path are
  worth more the closer it gets, and a conquest that meets the objective is
  worth the game;
- values continent bonuses for itself and denies them to others;
- guesses every opponent's objective from what they do
  (:class:`~warkit.bots.opponents.OpponentModel`) and hits the territories
  that the most dangerous ones need;
- guards itself harder when few territories are left (somebody may hunt it);
  in SMART, where the first elimination ends the game (S-WIN-1), it works out
  whether an opponent could take all its territories next turn
  (:meth:`HardBot.danger`) and then defends them: placing, occupying, moving
  and attacking (the source left behind) with that risk counted;
- in a classic game, plans a weak player's elimination as a one-turn sweep for
  its cards (C-ELIM-2, :meth:`HardBot.loot_sweep`), and from round 6 on counts
  the source an attack leaves weak again (:meth:`HardBot.late_exposure`);
- in SMART, uses every advantage where it pays
  (:class:`~warkit.bots.advantages.SmartAdvantages`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, Attack, Occupy, Place
from ..legal import LegalActions
from ..view import PlayerView
from .advantages import SmartAdvantages
from .evaluate import (
    ADJ,
    CONTINENTS,
    INDEX,
    MEMBERS,
    Board,
    Family,
    Goal,
    attack_cost,
    endpoints,
    goal_of,
    p_win,
    ranges_of,
)
from .normal import NormalBot
from .opponents import OpponentModel
from .smart_play import elimination_outcome
from .sweep import Sweep, best_sweep

WIN = 400.0
"""Value (territory units, before scaling) of the conquest that wins the game."""
LOSS = 300.0
"""Value (territory units) of not being eliminated in SMART (the end of the game, lost)."""
DANGER_TERRITORIES = 12
"""In SMART, with this many territories or fewer the bot checks whether it can be wiped out."""
DANGER_FLOOR = 0.02
"""Below this chance of being eliminated next turn, the bot plays on as usual."""
SURE_SWEEP = 0.8
"""In danger, every reserve goes on the sweep's pad only when the sweep is this likely."""
CARD_ARMIES = 2.5
"""Armies a SMART card held by an opponent may bring in a trade (three or more cards)."""
TRADING_HAND = 3
"""Cards from which an opponent's hand counts as a coming trade (a judgement, not a rule)."""
LOOT_CARD = 2.0
"""Value (territory units) of one card taken from an eliminated player (C-ELIM-2): a third of
the next trade, which is two territory units at the bots' army scale."""
RIVAL = 6.0
"""Value (territory units) of one rival fewer in a classic game, besides the looted cards."""


@dataclass
class Plan:
    """The objective turned into per-territory weights for one decision."""

    goal: Goal | None
    continents: frozenset[int]
    """Continents the objective needs (the third one chosen by progress)."""
    weight: dict[int, float]
    """Extra value of conquering / holding each territory for the objective."""
    winning: frozenset[int]
    """Territories whose conquest alone would meet the objective now."""
    block: list[float]
    """How much each opponent territory slows a dangerous opponent down."""
    hunted: float
    """Belief that an opponent hunts this bot's colour, times how few territories it has."""
    sweep: Sweep | None = None
    """The conquests that likely meet the objective this turn (see :mod:`.sweep`)."""
    prize: float = WIN
    """What the sweep brings when it succeeds (the game; or, for an elimination in a classic
    game, the victim's cards and one rival fewer)."""


class HardBot(SmartAdvantages, NormalBot):
    """Objective planning, blocking and objective guessing over the normal level."""

    level = "hard"
    goal_weight = 3.0
    """Extra value of a territory the objective needs (grows with progress)."""
    goal_reach = 4.0
    """Missing territories at which the objective bonus equals ``goal_weight``."""
    keep_goal = 0.0
    """How much of a territory's objective value counts when defending it."""
    block_weight = 3.0
    min_odds = 0.45
    exposure_weight = 0.0
    """The normal level's caution about the source left weak costs more than it saves early;
    later in a classic game it comes back (:meth:`late_exposure`)."""
    exposure_from = 6
    """Round of a classic game after which the source left weak starts to count."""
    exposure_ramp = 8
    """Rounds over which it grows to the normal level's full weight."""

    sweep_odds = 0.3
    """Go all out for the objective this turn when the chain of conquests is this likely."""
    sweep_most = 8
    """Longest chain of conquests worth working out."""
    loot_most = 4
    """Most territories a classic victim may hold for its elimination to be planned."""

    smart_tuning: ClassVar[dict[str, float]] = {"goal_weight": 8.0, "min_odds": 0.35}
    """Settings for SMART games, where the first elimination ends the game (S-WIN-1): the
    prey's territories matter more, and bolder attacks pay."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.opponents = OpponentModel()
        self._tuned = False
        self._board: Board | None = None
        """This decision's board and plan (:meth:`board`), dropped when the decision ends."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.tune(view)
        if view.player is not None:
            self.opponents.observe(view)
        self._board = None
        try:
            return super().choose(view, legal)
        finally:
            self._board = None

    def fork(self) -> HardBot:
        """A copy that plays on without touching this bot (a search's simulations): the same
        weights, memory and random state, its own copies of them; memos dropped."""
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new._values = new._carried = new._board = None
        new._turn_plan, new.used = dict(self._turn_plan), dict(self.used)
        new.opponents = self.opponents.copy()
        return new

    def tune(self, view: PlayerView) -> None:
        """Take the rule set's settings (:attr:`smart_tuning`) at the first decision."""
        if not self._tuned:
            self._tuned = True
            if view.rules.ends_at_first_elimination:
                self.__dict__.update(self.smart_tuning)

    # -- planning ------------------------------------------------------------------------
    def board(self, view: PlayerView) -> Board:
        """The board of this decision, with its plan: made once per decision (steps such
        as occupying ask for it twice: the sweep's move, then the normal level's), as
        nothing either depends on changes within a decision."""
        board = self._board
        if board is None or board.view is not view:
            board = Board(view)
            board.plan = self.plan(board)
            self._board = board
        return board

    def plan(self, board: Board) -> Plan:
        goal = goal_of(board.view)
        seat = board.seat
        weight: dict[int, float] = {}
        winning: set[int] = set()
        continents: frozenset[int] = frozenset()
        if goal is not None and goal.kind == "continents":
            continents = self.needed_continents(board, goal)
            needed = list(continents)
            missing = {k: len(MEMBERS[k]) - board.cont_counts[seat][k] for k in needed}
            urgency = self.urgency(sum(missing.values()))
            for k in needed:
                for i in MEMBERS[k]:
                    weight[i] = urgency
            if sum(missing.values()) == 1:
                winning.update(i for k in needed for i in MEMBERS[k] if board.owner[i] != seat)
            if goal.plus_any and all(missing[k] == 0 for k in goal.continents):
                # Any third continent will do: completing another one may also win.
                for k in range(CONTINENTS):
                    if k not in goal.continents and \
                            len(MEMBERS[k]) - board.cont_counts[seat][k] == 1:
                        winning.update(i for i in MEMBERS[k] if board.owner[i] != seat)
        elif goal is not None and goal.kind == "destroy" and goal.target is not None:
            left = board.counts[goal.target]
            urgency = self.urgency(left)
            for i, o in enumerate(board.owner):
                if o == goal.target:
                    weight[i] = urgency
            if left == 1:
                winning.update(i for i, o in enumerate(board.owner) if o == goal.target)
        elif goal is not None and goal.kind == "territories":
            have = board.counts[seat]
            if goal.min_armies > 1:
                have = sum(1 for i in board.mine if board.armies[i] >= goal.min_armies)
            urgency = self.urgency(goal.count - have)
            for i, o in enumerate(board.owner):
                if o != seat:
                    weight[i] = urgency
            if have + 1 >= goal.count and goal.min_armies <= 1:
                winning.update(i for i, o in enumerate(board.owner) if o != seat)
        if board.view.rules.ends_at_first_elimination:
            self.smart_kills(board, weight, winning)
        block = self.opponents.block_values(board)
        hunted = self.opponents.hunted(board) * max(0.0, 1.0 - board.counts[seat] / 10)
        sweep = best_sweep(board, self.sweep_options(board, goal, continents),
                           board.view.reserves)
        if sweep is not None and sweep.chance < self.sweep_odds:
            sweep = None
        prize = WIN
        if sweep is None and not board.view.rules.ends_at_first_elimination:
            loot = self.loot_sweep(board)
            if loot is not None:
                sweep, prize = loot
        return Plan(goal, continents, weight, frozenset(winning), block, hunted, sweep, prize)

    def needed_continents(self, board: Board, goal: Goal) -> frozenset[int]:
        """The continents a "continents" objective needs, any third one chosen by progress."""
        needed = list(goal.continents)
        if goal.plus_any:
            others = sorted((k for k in range(CONTINENTS) if k not in needed),
                            key=lambda k: (-self._progress(board, k), len(MEMBERS[k])))
            needed.extend(others[:goal.plus_any])
        return frozenset(needed)

    def loot_sweep(self, board: Board) -> tuple[Sweep, float] | None:
        """In a classic game, the elimination worth going all out for this turn: a weak
        player's last territories, for its cards (C-ELIM-2) and one rival fewer. ``None``
        when no elimination is likely enough (:attr:`sweep_odds`)."""
        view, seat = board.view, board.seat
        best: tuple[float, Sweep, float] | None = None
        for v in range(board.players):
            left = board.counts[v]
            if v == seat or not 0 < left <= self.loot_most:
                continue
            targets = frozenset(i for i, o in enumerate(board.owner) if o == v)
            sweep = best_sweep(board, [Sweep(targets, left)], view.reserves)
            if sweep is None or sweep.chance < self.sweep_odds:
                continue
            prize = LOOT_CARD * view.hand_sizes[v] + RIVAL
            if best is None or sweep.chance * prize > best[0]:
                best = (sweep.chance * prize, sweep, prize)
        return None if best is None else (best[1], best[2])

    def sweep_options(self, board: Board, goal: Goal | None,
                      continents: frozenset[int]) -> list[Sweep]:
        """The sets of conquests that would meet the objective (or, in SMART, win by an
        elimination), when short enough to try in one turn."""
        seat, owner = board.seat, board.owner
        options = []
        if goal is not None and goal.kind == "continents":
            targets = frozenset(i for k in continents for i in MEMBERS[k] if owner[i] != seat)
            options.append(Sweep(targets, len(targets)))
        elif goal is not None and goal.kind == "territories" and goal.min_armies <= 1:
            targets = frozenset(i for i, o in enumerate(owner) if o != seat)
            options.append(Sweep(targets, goal.count - board.counts[seat]))
        victims = [goal.target] if goal is not None and goal.kind == "destroy" else []
        if board.view.rules.ends_at_first_elimination:
            outcomes = self.outcomes(board)
            victims += [v for v in range(board.players) if v != seat and board.counts[v]
                        and outcomes[v] > 0]
        for v in victims:
            if v is not None and board.counts[v]:
                targets = frozenset(i for i, o in enumerate(owner) if o == v)
                options.append(Sweep(targets, len(targets)))
        return [o for o in options if 0 < o.need <= self.sweep_most]

    def smart_kills(self, board: Board, weight: dict[int, float], winning: set[int]) -> None:
        """SMART ends at the first elimination (S-WIN-1): any player this bot would win by
        eliminating (its target, or anyone while it leads on territories, S-WIN-3) is prey."""
        outcomes = self.outcomes(board)
        for victim in range(board.players):
            left = board.counts[victim]
            if victim == board.seat or not left:
                continue
            if outcomes[victim] <= 0:
                continue
            urgency = self.urgency(left)
            for i, o in enumerate(board.owner):
                if o == victim:
                    weight[i] = max(weight.get(i, 0.0), urgency)
                    if left == 1:
                        winning.add(i)

    @staticmethod
    def outcomes(board: Board) -> list[float]:
        """For every seat, what eliminating it now would mean for this one
        (:func:`~warkit.bots.smart_play.elimination_outcome`; 0 for this seat and the
        eliminated), worked out once per board: the plan asks twice (prey and sweeps)."""
        known: list[float] | None = board.memo.get(("outcomes",))
        if known is None:
            seat, counts = board.seat, board.counts
            known = [elimination_outcome(board.view, board, seat, v)
                     if v != seat and counts[v] else 0.0 for v in range(board.players)]
            board.memo[("outcomes",)] = known
        return known

    def urgency(self, missing: int) -> float:
        """Extra value of an objective territory when ``missing`` more are needed: small
        while the objective is far, large when it is a few conquests away."""
        return self.goal_weight * self.goal_reach / max(missing, 1)

    @staticmethod
    def _progress(board: Board, k: int) -> float:
        """How promising continent ``k`` is as a free choice: share owned, small and cheap."""
        return board.continent_share(board.seat, k) - 0.02 * len(MEMBERS[k])

    def wins_outright(self, board: Board, dst: int) -> bool:
        plan: Plan = board.plan
        return dst in plan.winning

    def decisive(self, board: Board, dst: int) -> bool:
        plan: Plan = board.plan
        return dst in plan.winning or (plan.sweep is not None and dst in plan.sweep.targets)

    # -- values ----------------------------------------------------------------------------
    def conquest_value(self, board: Board, t: int) -> float:
        plan: Plan = board.plan
        value = super().conquest_value(board, t)
        extra = plan.weight.get(t, 0.0) + self.block_weight * plan.block[t]
        if t in plan.winning:
            extra += WIN
        elif plan.sweep is not None and t in plan.sweep.targets:
            extra += plan.prize * plan.sweep.chance / plan.sweep.need
        return value + extra * self.scale(board.view)

    def keep_value(self, board: Board, i: int) -> float:
        plan: Plan = board.plan
        value = super().keep_value(board, i) \
            + self.keep_goal * plan.weight.get(i, 0.0) * self.scale(board.view)
        danger = self.danger(board)
        if danger > DANGER_FLOOR and board.owner[i] == board.seat:
            value += LOSS * danger / max(1, board.counts[board.seat])
        return value * (1.0 + 3.0 * plan.hunted)

    # -- survival in SMART (S-WIN-1: the first elimination ends the game) ------------------
    def danger(self, board: Board) -> float:
        """Chance (rough, on the high side) that one opponent takes every territory of this
        bot before its next turn, in SMART: for each opponent, its strongest neighbouring
        stack plus its whole income against each territory in turn (a territory it does not
        border counts as hard to reach). 0 in classic games or with many territories."""
        cached: float | None = board.memo.get(("danger",))
        if cached is not None:
            return cached
        danger = 0.0
        seat, view = board.seat, board.view
        mine = [i for i, o in enumerate(board.owner) if o == seat]
        if view.rules.ends_at_first_elimination and 0 < len(mine) <= DANGER_TERRITORIES:
            owner, armies = board.owner, board.armies
            for s in range(board.players):
                if s == seat or not board.counts[s]:
                    continue
                cards = view.hand_sizes[s]
                income = view.rules.territory_armies(board.counts[s]) + board.bonuses[s] \
                    + (CARD_ARMIES * cards if cards >= TRADING_HAND else 0.0)
                p = 1.0
                for i in mine:
                    stack = max((armies[j] - 1 for j in ADJ[i] if owner[j] == s), default=None)
                    p *= 0.1 if stack is None else p_win(int(stack + income), armies[i])
                    if p < DANGER_FLOOR / 10:
                        break
                danger = max(danger, p)
        board.memo[("danger",)] = danger
        return danger

    def in_danger(self, board: Board) -> bool:
        return self.danger(board) > DANGER_FLOOR

    def late_exposure(self, view: PlayerView) -> float:
        """How much the source left weak counts in a classic game: not at all in the opening
        (territories are cheap, cards come from conquests), fully from round
        ``exposure_from + exposure_ramp`` on, when trades have grown every stack
        (C-CARD-4) and a thin border is lost with what it guards. 0 in SMART."""
        if view.rules.ends_at_first_elimination:
            return 0.0
        return min(1.0, max(0.0, (view.round - self.exposure_from) / self.exposure_ramp))

    def score_attack(self, view: PlayerView, board: Board, family: Family[Attack],
                     card: float) -> float | None:
        """The normal score, minus what the source left weak risks: later in a classic
        game (:meth:`late_exposure`), and in danger (SMART)."""
        score = super().score_attack(view, board, family, card)
        if score is None:
            return score
        weight = self.late_exposure(view) + (1.0 if self.in_danger(board) else 0.0)
        b_src, b_dst = endpoints(family)
        if not weight or self.wins_outright(board, b_dst):
            return score
        attackers = view.armies[b_src] - 1
        left = view.armies[b_src] - attack_cost(attackers, view.armies[b_dst]) \
            - min(3, attackers)
        return score - weight * self.exposure(board, b_src, left)

    # -- decisions with objective-specific steps ----------------------------------------
    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        board = self.board(view)
        plan: Plan = board.plan
        goal = plan.goal
        if goal is not None and goal.kind == "territories" and goal.min_armies > 1 \
                and board.counts[board.seat] >= goal.count:
            weak = [f for f in ranges_of(legal, Place)
                    if view.armies[INDEX[f.largest.territory]] < goal.min_armies]
            strong = sum(1 for i in board.mine if view.armies[i] >= goal.min_armies)
            if weak and strong + len(weak) >= goal.count:
                weak.sort(key=lambda f: board.threat(INDEX[f.largest.territory]))
                return weak[0].make(goal.min_armies - view.armies[INDEX[weak[0].largest.territory]])
        if plan.sweep is not None and plan.sweep.pad is not None \
                and not any(view.continent_reserves) \
                and (plan.sweep.chance >= SURE_SWEEP or not self.in_danger(board)):
            for f in ranges_of(legal, Place):
                if INDEX[f.largest.territory] == plan.sweep.pad:
                    return f.make(min(view.reserves, f.high))
        return super().place(view, legal)

    def occupy(self, view: PlayerView, legal: LegalActions) -> Action:
        action = self.sweep_occupy(view, legal)
        if action is not None:
            return action
        action = super().occupy(view, legal)
        board_goal = goal_of(view)
        b = view.battle
        if board_goal is not None and board_goal.min_armies > 1 and b is not None \
                and isinstance(action, Occupy):
            family = ranges_of(legal, Occupy)[0]
            want = board_goal.min_armies
            # Leave min_armies on both sides when the source can afford it.
            if family.high >= want and view.armies[b.src] - want >= want:
                return family.make(max(action.armies, want))
        return action

    def sweep_occupy(self, view: PlayerView, legal: LegalActions) -> Action | None:
        """During a sweep the stack rolls on: all of it into the conquered territory when
        that borders a target left, the fewest when only the source does."""
        b = view.battle
        sweep = self.board(view).plan.sweep
        if b is None or sweep is None:
            return None
        left = {t for t in sweep.targets if view.owner[t] != view.player}
        family = ranges_of(legal, Occupy)[0]
        if any(j in left for j in ADJ[b.dst]):
            return family.largest
        if any(j in left for j in ADJ[b.src]):
            return family.make(family.low)
        return None


__all__ = ["HardBot", "Plan"]
