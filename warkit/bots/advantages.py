"""SMART advantages for the hard level: every card use, each where it pays.

:class:`SmartAdvantages` extends :class:`~warkit.bots.normal.NormalBot`
(its ``board``, ``conquest_value``, ``keep_value``, ``attack_score`` and
``regroup`` are used). One method per advantage:

- :meth:`intelligence` (S-INTEL-1): give up continent bonuses for cards when the
  hand is short and the cards will not be discarded;
- :meth:`smart_trade` (S-TRADE): trade what is not worth keeping, cards valued
  in context (:meth:`card_keep`: jokers, cards of threatened own territories,
  cards of the hunted colour's territories);
- :meth:`more_attacks` (S-AIR-1): air attacks, scored as attacks minus the card;
- :meth:`react` (S-TERRAIN, S-REROLL): reveal the attacked territory's card,
  reroll when the exact gain in armies beats the card (weighted by what the battle
  decides only in a battle that wins the game or decides a survival: elsewhere
  the weighted rerolls spent the cards that trades need);
- :meth:`regroup` (S-ALLY-1, S-AIRLIFT-1, S-PASS-1): an alliance when a wholly
  owned continent's armies sit inside it, an airlift when a big stack is far
  from the front, a hidden passage when it lets interior armies reach the front
  in one move; then the ordinary regroup;
- :meth:`alliance` / :meth:`airlift`: the shifts inside those sub-steps.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, EndPhase, Move, card_index
from ..legal import LegalActions
from ..rules.smart import (
    AirAttack,
    Airlift,
    Alliance,
    Intelligence,
    Reveal,
    intelligence_draws,
    passage_reach,
)
from ..state import JOKERS
from ..view import PlayerView
from .base import end_or_first
from .evaluate import (
    ADJ,
    CONTINENT_ID,
    CONTINENT_OF,
    INDEX,
    MEMBERS,
    Board,
    goal_of,
    p_win,
    ranges_of,
)
from .normal import NormalBot
from .smart_play import (
    battle_stake,
    card_keep_value,
    choose_trade,
    react,
    revealed_cards,
)

BIG_TRADE_HAND = 4
"""Hand size from which the hard level makes its turn's trade a big one (S-TRADE-1)."""
BIG_TRADE_KEEP = 0.5
"""Share of a card's keep value counted against a big trade."""
AIRLIFT_MIN = 3
"""Armies an airlift must bring nearer the front to be worth a card."""
ALLIANCE_MIN = 3
"""Armies an alliance must bring to a continent's borders to be worth a card."""


class SmartAdvantages(NormalBot):
    """SMART card advantages over the normal level (see the module docstring); the hard
    level puts it before :class:`NormalBot` in its bases."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._turn_plan: dict[str, object] = {}
        self._plan_turn = -1
        self.used: dict[str, int] = {}
        """How often each advantage was used (for tests and curious users)."""

    def _note(self, name: str) -> None:
        self.used[name] = self.used.get(name, 0) + 1

    def _turn_memory(self, view: PlayerView) -> dict[str, object]:
        if view.turn != self._plan_turn:
            self._plan_turn, self._turn_plan = view.turn, {}
        return self._turn_plan

    # -- cards --------------------------------------------------------------------------------
    def card_keep(self, view: PlayerView, board: Board | None = None) -> Callable[[int], float]:
        board = board or self.board(view)
        goal = goal_of(view)
        target = goal.target if goal is not None else None
        return lambda card: card_keep_value(view, board, card, target)

    def smart_trade(self, view: PlayerView, legal: LegalActions) -> Action:
        """Intelligence first (its cards cannot be traded this turn anyway), then the turn's
        one trade (S-TRADE-1): from 4 cards a big one (a group of n cards is worth up to n²,
        S-TRADE-3, so the cards go together, each counted at half its keep value), else only
        a trade worth more than the cards kept."""
        choice = self.intelligence(view, legal)
        if choice is not None:
            return choice
        keep = self.card_keep(view)
        if len(view.hand) >= BIG_TRADE_HAND:
            choice = choose_trade(view, legal, lambda c: keep(c) * BIG_TRADE_KEEP)
        else:
            choice = choose_trade(view, legal, keep, hand_at_least=3)
        if choice is not None:
            self._note("trade")
            return choice
        return end_or_first(legal)

    def intelligence(self, view: PlayerView, legal: LegalActions) -> Action | None:
        """S-INTEL-1: bonuses for cards when the hand is short (cards are worth more than the
        2 armies each costs, as long as they are not discarded at the end of the turn)."""
        options = [a for a in legal.families if isinstance(a, Intelligence)]
        if not options or len(view.hand) > 3:
            return None
        limit = view.rules.hand_limit  # S-END-2; leave room for the turn's conquest cards
        room = None if limit is None else max(1, limit - len(view.hand) - 2)
        best = None
        for option in options:
            draws = intelligence_draws(view.continent_reserves[k]
                                       for k in self._continents(option))
            if draws >= 1 and (room is None or draws <= room) \
                    and (best is None or draws > best[0]):
                best = (draws, option)
        if best is None:
            return None
        self._note("intelligence")
        return best[1]

    @staticmethod
    def _continents(option: Intelligence) -> list[int]:
        return [CONTINENT_ID[c] for c in option.continents]

    # -- air attacks (S-AIR-1) ------------------------------------------------------------------
    def more_attacks(self, view: PlayerView, board: Board, legal: LegalActions,
                     card: float) -> list[tuple[float, Action]]:
        if AirAttack not in view.rules.advantages:
            return []
        keep = self.card_keep(view, board)
        scored: list[tuple[float, Action]] = []
        best_by_target: dict[int, tuple[float, Action]] = {}
        for family in ranges_of(legal, AirAttack):
            a = family.largest
            dst, src = card_index(a.card), INDEX[a.src]
            attackers = view.armies[src] - 1
            if p_win(attackers, view.armies[dst]) < self.odds_floor(view):
                continue
            score = self.attack_score(board, src, dst, attackers, card) - keep(dst) \
                - 0.5 * self.keep_value(board, src) * (1.0 if board.enemies[src] else 0.0)
            if dst not in best_by_target or score > best_by_target[dst][0]:
                best_by_target[dst] = (score, a)
        scored.extend(best_by_target.values())
        return scored

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        action = super().attack(view, legal)
        if isinstance(action, AirAttack):
            self._note("air_attack")
        return action

    # -- reactions (S-TERRAIN, S-REROLL) --------------------------------------------------------
    def react(self, view: PlayerView, legal: LegalActions) -> Action:
        board = self.board(view)
        attacking = view.player == view.current
        stake = self.stake(view, board, attacking)
        action = react(view, legal, board, self.card_keep(view, board), stake=stake)
        side = "attacker" if attacking else "defender"
        if isinstance(action, Reveal):
            self._note(f"terrain_{side}")
        elif action.keyword == "reroll":
            self._note(f"reroll_{side}")
        return action

    def stake(self, view: PlayerView, board: Board, attacking: bool) -> float:
        """How much a reroll's gain in armies counts: more only in a battle for a territory
        that wins the game, or (defending) one whose loss may end it for this bot; elsewhere
        the weighted gain spent the cards trades need (idea of commit 307638a)."""
        b = view.battle
        if b is None:
            return 1.0
        if attacking:
            if not self.decisive(board, b.dst):
                return 1.0
            return battle_stake(view, board, lambda t: self.conquest_value(board, t))
        if not self.in_danger(board):
            return 1.0
        return battle_stake(view, board, lambda t: self.keep_value(board, t))

    # -- movement advantages (S-ALLY-1, S-AIRLIFT-1, S-PASS-1) ---------------------------------
    def regroup(self, view: PlayerView, legal: LegalActions) -> Action:
        if view.rules.advantages:
            memory = self._turn_memory(view)
            if not memory.get("advantages"):
                memory["advantages"] = True
                board = self.board(view)
                for step in (self.plan_alliance, self.plan_airlift, self.plan_passage):
                    action = step(view, legal, board, memory)
                    if action is not None:
                        memory["advantages"] = False  # look again after this one
                        return action
            move = self.stage_move(view, legal, self.board(view))
            if move is not None:
                return move
        return super().regroup(view, legal)

    def plan_alliance(self, view: PlayerView, legal: LegalActions, board: Board,
                      memory: dict[str, object]) -> Action | None:
        """An alliance when a wholly owned continent keeps armies away from its borders."""
        if memory.get("alliance_done"):
            return None
        keep = self.card_keep(view, board)
        best = None
        for action in legal.families:
            if not isinstance(action, Alliance):
                continue
            card = card_index(action.card)
            k = CONTINENT_OF[card]
            idle = sum(view.armies[i] - 1 for i in MEMBERS[k] if not board.enemies.get(i))
            fronts = any(board.enemies.get(i) for i in MEMBERS[k])
            worth = idle >= ALLIANCE_MIN and idle - keep(card) > 0
            if fronts and worth and (best is None or idle > best[0]):
                best = (idle, action)
        if best is None:
            return None
        memory["alliance_done"] = True
        self._note("alliance")
        return best[1]

    def staging(self, view: PlayerView, board: Board) -> int | None:
        """The border territory to gather armies on: the strongest own neighbour of the
        territories the plan wants most (the prey), or ``None`` when nothing is wanted."""
        plan = getattr(board, "plan", None)
        if plan is None:
            return None
        best = None
        for i in board.border:
            want = max((plan.weight.get(j, 0.0) for j in board.enemies[i]), default=0.0)
            if want > 0:
                key = (want, view.armies[i])
                if best is None or key > best[0]:
                    best = (key, i)
        return best[1] if best is not None else None

    @staticmethod
    def prey_fronts(board: Board) -> frozenset[int]:
        """Own territories facing a territory the plan wants (where gathered armies strike)."""
        plan = getattr(board, "plan", None)
        if plan is None:
            return frozenset()
        return frozenset(i for i in board.border
                         if any(plan.weight.get(j, 0.0) > 0 for j in board.enemies[i]))

    def donors(self, view: PlayerView, board: Board, stage: int | None) -> dict[int, int]:
        """Territories with armies to spare for the staging border (those facing the prey
        keep theirs), or with no stage, those two or more steps from the front."""
        plan = getattr(board, "plan", None)
        if stage is not None and plan is not None:
            fronts = self.prey_fronts(board)
            candidates = [i for i in board.mine if i != stage and i not in fronts]
        else:
            dist = board.front_distance()
            candidates = [i for i in board.mine if dist.get(i, 0) >= 2]
        spare = {i: self.surplus(view, board, i) for i in candidates}
        return {i: n for i, n in spare.items() if n > 0}

    @staticmethod
    def surplus(view: PlayerView, board: Board, i: int) -> int:
        """Armies ``i`` can spare: what may move, less what it needs to hold."""
        movable = view.armies[i] - 1 - view.moved_in[i]
        if not board.enemies.get(i):
            return max(0, movable)
        return max(0, min(movable, view.armies[i] - board.needed(i, confidence=0.6)))

    def plan_airlift(self, view: PlayerView, legal: LegalActions, board: Board,
                     memory: dict[str, object]) -> Action | None:
        """An airlift (S-AIRLIFT-1) when it gathers enough spare armies on the staging border
        facing the prey: to it from everywhere (with its card), or from one big donor (with
        the donor's card); without a prey, from a big stack far from the front."""
        if memory.get("airlift_done"):
            return None
        stage = self.staging(view, board)
        donors = self.donors(view, board, stage)
        if not donors:
            return None
        fronts = self.prey_fronts(board)
        keep = self.card_keep(view, board)
        best: tuple[float, Airlift, tuple[int, str, int | None]] | None = None
        for action in legal.families:
            if not isinstance(action, Airlift):
                continue
            hub = card_index(action.card)
            gain: float
            plan: tuple[int, str, int | None]
            if hub == stage or hub in fronts:
                gain = sum(n for i, n in donors.items() if i != hub)
                plan = (hub, "to", hub)
            elif hub in donors:
                gain, plan = donors[hub], (hub, "from", stage)
            else:
                continue
            gain -= keep(hub)
            if gain >= AIRLIFT_MIN and (best is None or gain > best[0]):
                best = (gain, action, plan)
        if best is None:
            return None
        memory["airlift_done"] = True
        memory["airlift"] = best[2]
        self._note("airlift")
        return best[1]

    def plan_passage(self, view: PlayerView, legal: LegalActions, board: Board,
                     memory: dict[str, object]) -> Action | None:
        """A hidden passage (S-PASS-1) when it lets spare armies reach the staging border in
        one move (the card comes back at the end of the turn: it costs nothing but the
        card's other uses this turn)."""
        if memory.get("passage_done"):
            return None
        stage = self.staging(view, board)
        if stage is None:
            return None
        donors = {i: n for i, n in self.donors(view, board, stage).items()
                  if n >= 2 and stage not in ADJ[i]}
        if not donors:
            return None
        used = revealed_cards(view)
        seat = board.seat
        best = None
        for action in legal.families:
            if not isinstance(action, Reveal):
                continue
            card = card_index(action.card)
            if card in JOKERS or card in used:
                continue
            gain = sum(n for src, n in donors.items()
                       if stage in passage_reach(view.owner, seat, src, frozenset({card})))
            if gain >= 2 and (best is None or gain > best[0]):
                best = (gain, action)
        if best is None:
            return None
        memory["passage_done"] = True
        self._note("passage")
        return best[1]

    def stage_move(self, view: PlayerView, legal: LegalActions, board: Board) -> Action | None:
        """A regroup move of spare armies onto the staging border (adjacent, or over a
        revealed passage)."""
        stage = self.staging(view, board)
        if stage is None:
            return None
        donors = self.donors(view, board, stage)
        best = None
        for family in ranges_of(legal, Move):
            m = family.largest
            src, dst = INDEX[m.src], INDEX[m.dst]
            n = min(donors.get(src, 0), family.high)
            if dst == stage and n >= 2 and (best is None or n > best[0]):
                best = (n, family.make(n))
        return best[1] if best is not None else None

    def alliance(self, view: PlayerView, legal: LegalActions) -> Action:
        """Inside an alliance: move idle armies of the continent to its neediest border."""
        board = self.board(view)
        best = None
        for family in ranges_of(legal, Move):
            m = family.largest
            src, dst = INDEX[m.src], INDEX[m.dst]
            if board.enemies.get(src) or not board.enemies.get(dst):
                continue
            need = board.threat(dst) - view.armies[dst] + self.conquest_reach(board, dst)
            if best is None or need > best[0]:
                best = (need, m)
        return best[1] if best is not None else EndPhase()

    def airlift(self, view: PlayerView, legal: LegalActions) -> Action:
        """Inside an airlift: the donor's spare armies to the staging border (or, with no
        prey, to the neediest border), or every donor's spare armies to the hub."""
        memory = self._turn_memory(view)
        planned = memory.get("airlift")
        hub = view.extra.airlift
        if not isinstance(planned, tuple) or planned[0] != hub:
            return EndPhase()
        _, direction, stage = planned
        board = self.board(view)
        moves = ranges_of(legal, Move)
        if direction == "from":
            if view.extra.airlift_direction == "from":
                return EndPhase()  # one shipment
            spare = self.surplus(view, board, hub)
            options = [f for f in moves if INDEX[f.largest.src] == hub
                       and board.enemies.get(INDEX[f.largest.dst])]
            if stage is not None:
                options = [f for f in options
                           if INDEX[f.largest.dst] == stage] or options
            if not options or spare <= 0:
                return EndPhase()
            best = max(options, key=lambda f: self.conquest_reach(
                board, INDEX[f.largest.dst]) + board.threat(INDEX[f.largest.dst]))
            return best.make(min(spare, best.high))
        best_move, most = None, 0
        for f in moves:
            src = INDEX[f.largest.src]
            if INDEX[f.largest.dst] != hub:
                continue
            spare = min(self.surplus(view, board, src), f.high)
            if spare > most:
                best_move, most = f.make(spare), spare
        return best_move if best_move is not None else EndPhase()

    def conquest_reach(self, board: Board, i: int) -> float:
        """How much there is to take from ``i`` (the best neighbour's value), for choosing
        where shifted armies go."""
        return max((self.conquest_value(board, j) for j in board.enemies.get(i, ())),
                   default=0.0)


__all__ = ["SmartAdvantages"]
