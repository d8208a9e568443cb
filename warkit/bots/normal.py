"""The "normal" level: greedy play with the exact battle odds.

Every decision compares a few candidates by one currency, armies:

- an attack is worth ``p * value(target) - cost - exposure``: ``p`` the exact
  chance to conquer (:func:`~warkit.bots.evaluate.p_win`), ``value`` what the
  territory brings (a territory, continent progress or completion, breaking an
  opponent's continent, the turn's card, an elimination's cards), ``cost`` the
  expected attacking armies lost, ``exposure`` how much weaker the source is
  left against its own neighbours;
- placing ``n`` armies is worth what it adds to the best attack from there
  plus what it adds to the chance of holding the territory, weighted by what
  losing it would cost;
- after a conquest it moves in what keeps both territories safest (all of it
  when the source is no longer on a front);
- regrouping walks interior armies towards the front and shifts surplus
  between neighbouring borders when the receiving one needs it more;
- it trades as soon as it holds a set (the classic trade value only grows for
  everybody), choosing the set that gives territory bonuses and keeps jokers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..actions import Action, Attack, EndPhase, Move, Occupy, Place, Trade
from ..legal import LegalActions
from ..rules.terms import Side
from ..state import JOKERS
from ..view import PlayerView
from .base import LevelBot, end_or_first
from .evaluate import (
    BONUS,
    CONTINENT_OF,
    MEMBERS,
    PATIENCE,
    Board,
    Family,
    attack_odds,
    cards_of,
    endpoints,
    impatience,
    ranges_of,
    singles_of,
    territory_of,
    trade_score,
    wanted_territories,
)
from .smart_play import (
    CARD_VALUE,
    choose_discard,
    choose_trade,
    elimination_outcome,
    react,
    revealed_cards,
    terrain_side,
)

END = 300.0
"""Value of a conquest that ends the game (a win; minus for a loss), in territory units."""
FLOOR, ARMY_COST = ("odds floor",), ("army cost",)
"""Keys of per-board memos (:meth:`NormalBot.floor_of`, :meth:`NormalBot.cost_of_army`)."""


class NormalBot(LevelBot):
    """Greedy with exact odds (see the module docstring)."""

    level = "normal"
    min_odds = 0.5
    """Never start an attack with a lower chance to conquer."""
    territory = 1.5
    """Value of one more territory (reinforcements, objective counts, a card source)."""
    complete = 2.5
    """Completing a continent: this many times its bonus."""
    progress = 1.0
    """Progress in a continent: this times its bonus times the growth of (share owned)²."""
    breaking = 1.5
    """Taking a territory of a continent an opponent owns whole: this times its bonus."""
    army = 1.0
    """Value of one own army (what attacks cost)."""
    kill = 0.6
    """Value of one enemy army destroyed (it helps the third player too, so less than 1)."""
    wanted_bonus = 1.5
    """Extra value of a territory the objective asks for (its continents, the hunted colour)."""
    exposure_weight = 1.0
    margin = 0.0
    """An attack must score above this to be made."""
    own_attack_score: ClassVar[bool] = True
    """Set per class: :meth:`attack_score` is this level's own, so the attack and placement
    loops may work its sum out inline with odds they already hold (the same numbers)."""
    own_values: ClassVar[bool] = True
    """Set per class: conquest and keep values are this level's own (see :meth:`board`)."""
    own_scores: ClassVar[bool] = True
    """Set per class: every method behind the board memo is this level's own (see
    :meth:`board`), so the memo may be carried from one decision to the next."""
    MEMO_METHODS: ClassVar[tuple[str, ...]] = (
        "conquest_value", "keep_value", "attack_score", "score_attack", "exposure", "decisive",
        "odds_floor", "army_cost", "conquest_card", "card_value", "terrain", "scale", "wanted",
        "value_of", "keep_of", "floor_of", "cost_of_army", "terrain_on", "attack_potential",
        "place_gain")
    """The methods whose results the board memo keeps (a level overriding one of them may
    read more of the view than :meth:`board` checks)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.own_attack_score = cls.attack_score is NormalBot.attack_score
        cls.own_values = cls.conquest_value is NormalBot.conquest_value \
            and cls.keep_value is NormalBot.keep_value
        cls.own_scores = all(getattr(cls, name) is getattr(NormalBot, name)
                             for name in cls.MEMO_METHODS)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._engaged: tuple[int, int, int] | None = None
        """(turn, source, target) of the attack under way."""
        self._values: tuple[tuple[Any, ...], dict[int, float], dict[int, float],
                            list[float]] | None = None
        """The last boards' conquest and keep values, the seats' incomes, and what they
        depend on."""
        self._carried: tuple[tuple[Any, ...], Board] | None = None
        """The last board whose memo the next decision may carry, and what it depends on."""

    def __getstate__(self) -> dict[str, Any]:
        """A copy (``copy.deepcopy``, pickling) starts without the carried board: it is only a
        memo, and a board holds read-only views that neither copies nor pickles."""
        state = dict(self.__dict__)
        state["_carried"] = None
        return state

    def board(self, view: PlayerView) -> Board:
        """The board of this decision. Its conquest and keep values (and the seats' expected
        incomes) are shared with the previous decisions' boards while what they depend on
        is unchanged (ownership, the trade value, the hands, the objective; SMART: the
        armies too, which decide an elimination's winner), unless a level values
        territories its own way.

        Between two decisions where only this seat's own armies changed (placing, one
        attack's rolls that cost the defender nothing, regrouping), and in the same round,
        the last board's memo (attack scores by source armies, attack potentials, gains of
        placements) and the threats to own territories stay true, so they are carried
        over; never with terrain cards (what they reveal changes the odds) nor when a
        level computes any of them its own way."""
        board = Board(view)
        cls = type(self)
        if cls.own_values:
            key = (view.owner, view.next_trade_value, view.hand_sizes, view.objective,
                   view.player, view.rules,
                   view.armies if view.rules.ends_at_first_elimination else None)
            shared = self._values
            if shared is None or shared[0] != key:
                shared = self._values = (key, {}, {}, board.incomes())
                self._carried = None
            board.values, board.keeps, board._income = shared[1], shared[2], shared[3]
            if cls.own_scores and not view.rules.terrain_cards:
                self.carry(board)
        return board

    def carry(self, board: Board) -> None:
        """Give ``board`` the last board's memo, threats, incomes, terrain and objective
        territories when the other seats' armies, the round and the turn's card are as they
        were (the conquest and keep values, shared by :meth:`board`, hold the rest)."""
        view, seat, owner = board.view, board.seat, board.owner
        key = (view.round, view.conquered, board.others_armies())
        carried = self._carried
        if carried is not None and carried[0] == key:
            last = carried[1]
            board.memo, board.terrains, board.wanted = last.memo, last.terrains, last.wanted
            # Only own territories' threats: another's depends on this seat's armies.
            board._threat = {i: t for i, t in last._threat.items() if owner[i] == seat}
        self._carried = (key, board)

    # -- values ----------------------------------------------------------------------------
    def card_value(self, view: PlayerView) -> float:
        """What a card is worth (classic: a third of the next trade; SMART: a share of a
        trade or an advantage)."""
        if not view.rules.shared_trade_table:  # no game-wide table to share (S-TRADE-6)
            return CARD_VALUE
        return max(2.0, view.next_trade_value / 3)

    def conquest_card(self, view: PlayerView) -> float:
        """The card a conquest earns now: classic, the turn's one card (C-CARD-1); SMART,
        one for every conquest (S-CONQ-2)."""
        if view.rules.card_per_conquest:
            return CARD_VALUE
        return 0.0 if view.conquered else self.card_value(view)

    def floor_of(self, board: Board) -> float:
        """:meth:`odds_floor`, memoised for the board."""
        floor = board.memo.get(FLOOR)
        if floor is None:
            floor = board.memo[FLOOR] = self.odds_floor(board.view)
        return floor

    def cost_of_army(self, board: Board) -> float:
        """:meth:`army_cost`, memoised for the board."""
        cost = board.memo.get(ARMY_COST)
        if cost is None:
            cost = board.memo[ARMY_COST] = self.army_cost(board.view)
        return cost

    def odds_floor(self, view: PlayerView) -> float:
        """The lowest chance to conquer worth an attack (lower in a long game)."""
        return self.min_odds * (1.0 - impatience(view))

    def army_cost(self, view: PlayerView) -> float:
        """What one own army lost costs (less in a long game, to break stalemates)."""
        if view.round <= PATIENCE:
            return self.army
        return self.army * (1.0 - impatience(view))

    def terrain(self, view: PlayerView, dst: int) -> Side | None:
        """Terrain knowledge that will count in an attack on ``dst`` (S-TERRAIN-1): marks
        already revealed, or the attacker's own card of ``dst`` it will reveal at the first
        roll. ``None`` in classic games."""
        if not view.rules.terrain_cards:
            return None
        if dst not in revealed_cards(view):  # no public mark (S-TERRAIN-1): only the own card
            return "attacker" if dst in view.hand else None
        return terrain_side(view, dst)

    def terrain_on(self, board: Board, dst: int) -> Side | None:
        """:meth:`terrain`, memoised for the board."""
        known = board.terrains
        if dst in known:
            return known[dst]
        side = known[dst] = self.terrain(board.view, dst)
        return side

    def scale(self, view: PlayerView) -> float:
        """Armies a territory-sized gain is worth now: card trades inflate every army
        count as the game goes on (C-CARD-4), while a territory stays one territory."""
        return max(1.0, view.next_trade_value / 6)

    def wanted(self, board: Board) -> frozenset[int]:
        """Territories the objective asks for (cached per board)."""
        cached = board.wanted
        if cached is None:
            cached = board.wanted = wanted_territories(board.view)
        return cached

    def conquest_value(self, board: Board, t: int) -> float:
        """What taking territory ``t`` brings the board's seat."""
        seat, o, k = board.seat, board.owner[t], CONTINENT_OF[t]
        size, have = len(MEMBERS[k]), board.cont_counts[board.seat][k]
        value = self.territory
        if have + 1 == size:
            value += self.complete * BONUS[k]
        else:
            value += self.progress * BONUS[k] * ((have + 1) ** 2 - have ** 2) / size ** 2
        if o >= 0 and o != seat and board.owns_continent(o, k):
            value += self.breaking * BONUS[k]
        if t in self.wanted(board):
            value += self.wanted_bonus
        value *= self.scale(board.view)
        if o >= 0 and o != seat and board.counts[o] == 1:
            if board.view.rules.ends_at_first_elimination:  # S-WIN-1: who wins it?
                value += END * elimination_outcome(board.view, board, seat, o)
            else:  # their cards come too (C-ELIM-2)
                value += board.view.hand_sizes[o] * self.card_value(board.view)
        return value

    def keep_value(self, board: Board, i: int) -> float:
        """What losing own territory ``i`` would cost."""
        k = CONTINENT_OF[i]
        value = self.territory
        if board.owns_continent(board.seat, k):
            value += self.complete * BONUS[k]
        else:
            have, size = board.cont_counts[board.seat][k], len(MEMBERS[k])
            value += self.progress * BONUS[k] * (have ** 2 - (have - 1) ** 2) / size ** 2
        if i in self.wanted(board):
            value += self.wanted_bonus
        mine = board.counts[board.seat]
        if mine <= 2:  # losing the last territories loses the game
            value += END / mine
        return value * self.scale(board.view)

    def value_of(self, board: Board, t: int) -> float:
        """:meth:`conquest_value`, memoised for the board (it is asked many times)."""
        values = board.values
        value = values.get(t)
        if value is None:
            value = values[t] = self.conquest_value(board, t)
        return value

    def keep_of(self, board: Board, i: int) -> float:
        """:meth:`keep_value`, memoised for the board."""
        keeps = board.keeps
        value = keeps.get(i)
        if value is None:
            value = keeps[i] = self.keep_value(board, i)
        return value

    def attack_score(self, board: Board, src: int, dst: int, attackers: int,
                     card: float, terrain: Side | None = None) -> float:
        """Expected gain of attacking ``dst`` from ``src`` with ``attackers`` to the end."""
        p, cost, kills = attack_odds(attackers, board.armies[dst], terrain)
        return p * (self.value_of(board, dst) + card) \
            - self.cost_of_army(board) * cost + self.kill * kills

    def exposure(self, board: Board, src: int, left: float) -> float:
        """How much leaving only ``left`` armies on ``src`` risks (other hostile neighbours)."""
        if not board.enemies.get(src):
            return 0.0
        now = board.armies[src]
        left_n = max(1, round(left))
        if left_n >= now:
            return 0.0
        return self.keep_of(board, src) * (board.hold(src, now) - board.hold(src, left_n))

    # -- decisions -------------------------------------------------------------------------
    def trade(self, view: PlayerView, legal: LegalActions) -> Action:
        if not view.rules.shared_trade_table:  # trades differ in worth (S-TRADE-1..6)
            return self.smart_trade(view, legal)
        trades = singles_of(legal, Trade)
        if not trades:
            return end_or_first(legal)
        owner, seat = view.owner, view.player
        return max(trades, key=lambda t: trade_score(cards_of(t), owner, seat))

    # -- SMART cards ---------------------------------------------------------------------------
    def card_keep(self, view: PlayerView, board: Board | None = None) -> Callable[[int], float]:
        """The value of keeping each card (normal: a joker is worth more, the rest alike)."""
        return lambda card: 6.0 if card in JOKERS else CARD_VALUE

    def smart_trade(self, view: PlayerView, legal: LegalActions) -> Action:
        """S-TRADE: from 4 cards on, the trade whose best split most exceeds the cards' worth."""
        choice = choose_trade(view, legal, self.card_keep(view), hand_at_least=4)
        return choice if choice is not None else end_or_first(legal)

    def react(self, view: PlayerView, legal: LegalActions) -> Action:
        board = self.board(view)
        return react(view, legal, board, self.card_keep(view, board))

    def discard(self, view: PlayerView, legal: LegalActions) -> Action:
        return choose_discard(legal, self.card_keep(view, self.board(view)))

    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        """Continent bonuses first (they may only go there), then the free armies: all on
        one spearhead when that makes an attack worth it, else half where it helps most."""
        board = self.board(view)
        families = ranges_of(legal, Place)
        restricted = [k for k, n in enumerate(view.continent_reserves) if n]
        if restricted:
            k = restricted[0]
            inside = [f for f in families if CONTINENT_OF[territory_of(f)] == k]
            pick = self.best_placement(board, inside, view.continent_reserves[k])
            if pick is not None:
                return pick
        free = view.reserves
        pick = self.best_placement(board, families, free, allow_all=True)
        return pick if pick is not None else families[0].largest

    def best_placement(self, board: Board, families: list[Family[Place]], total: int,
                       allow_all: bool = False) -> Action | None:
        """The placement of (part of) ``total`` armies that gains most (see :meth:`place_gain`)."""
        if not families or total <= 0:
            return None
        half = total if total <= 4 else (total + 1) // 2
        sizes = (half, total) if allow_all and half < total else (half,)
        best: tuple[float, Family[Place], int] | None = None
        fallback: tuple[float, Family[Place]] | None = None
        for family in families:
            i = territory_of(family)
            if not board.enemies[i]:
                continue
            for size in sizes:
                n = min(size, family.high)
                gain = self.place_gain(board, i, n) * (1.0 if n == half else 0.8) \
                    + 1e-6 * self.rng.random()
                if best is None or gain > best[0]:
                    best = (gain, family, n)
            pressure = board.threat(i) - board.armies[i] + 1e-6 * self.rng.random()
            if fallback is None or pressure > fallback[0]:
                fallback = (pressure, family)
        if best is not None and best[0] > 1e-3:
            return best[1].make(best[2])
        if fallback is not None:
            return fallback[1].make(min(half, fallback[1].high))
        return families[0].make(min(half, families[0].high))

    def place_gain(self, board: Board, i: int, n: int) -> float:
        """What ``n`` more armies on border territory ``i`` add (attack and defence)."""
        a = board.armies[i]
        key = ("p", i, a, n)
        gain = board.memo.get(key)
        if gain is None:
            defence = self.keep_of(board, i) * (board.hold(i, a + n) - board.hold(i, a))
            gain = board.memo[key] = defence + self.attack_potential(board, i, a + n - 1) - \
                self.attack_potential(board, i, a - 1)
        return gain

    def attack_potential(self, board: Board, i: int, attackers: int) -> float:
        """The best attack score from ``i`` with ``attackers`` (0 when none is worth it)."""
        if attackers <= 0:
            return 0.0
        key = ("a", i, attackers)
        memo: float | None = board.memo.get(key)
        if memo is not None:
            return memo
        card = self.conquest_card(board.view)
        best = 0.0
        if self.own_attack_score:  # attack_score's sum, with its memos read in place
            armies, values, terrains = board.armies, board.values, board.terrains
            army_cost, kill = self.cost_of_army(board), self.kill
            for j in board.enemies[i]:
                terrain = terrains[j] if j in terrains else self.terrain_on(board, j)
                if terrain != "defender":
                    p, cost, kills = attack_odds(attackers, armies[j], terrain)
                    value = values.get(j)
                    if value is None:
                        value = self.value_of(board, j)
                    score = p * (value + card) - army_cost * cost + kill * kills
                    if score > best:
                        best = score
        else:
            for j in board.enemies[i]:
                terrain = self.terrain_on(board, j)
                if terrain != "defender":
                    score = self.attack_score(board, i, j, attackers, card, terrain)
                    if score > best:
                        best = score
        board.memo[key] = best
        return best

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        """Go on with the attack under way while it still pays, else the best new one."""
        board = self.board(view)
        card = self.conquest_card(view)
        families = ranges_of(legal, Attack)
        engaged = self._engaged
        if engaged is not None and engaged[0] == view.turn:
            for family in families:
                if endpoints(family) == engaged[1:]:
                    score = self.score_attack(view, board, family, card)
                    if score is not None and score > self.margin:
                        return family.largest
                    break
        best: tuple[float, Family[Attack] | Action] | None = None
        for family in families:
            score = self.score_attack(view, board, family, card)
            if score is not None and (best is None or score > best[0]):
                best = (score, family)
        for score, a in self.more_attacks(view, board, legal, card):
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None and best[0] > self.margin:
            choice = best[1]
            if isinstance(choice, Action):  # another way to attack (more_attacks)
                return choice
            self._engaged = (view.turn, *endpoints(choice))
            return choice.largest
        return EndPhase()

    def score_attack(self, view: PlayerView, board: Board, family: Family[Attack],
                     card: float) -> float | None:
        """The score of attacking with the most dice (``None`` below the odds floor)."""
        src, dst = endpoints(family)
        armies = view.armies
        key = ("s", src, dst, armies[src], card)
        memo = board.memo
        if key in memo:
            known: float | None = memo[key]
            return known
        memo[key] = score = self._score_attack(view, board, src, dst, card)
        return score

    def _score_attack(self, view: PlayerView, board: Board, src: int, dst: int,
                      card: float) -> float | None:
        """:meth:`score_attack` of the attack from ``src`` on ``dst``, worked out."""
        armies = view.armies
        attackers = armies[src] - 1
        terrains = board.terrains
        terrain = terrains[dst] if dst in terrains else self.terrain_on(board, dst)
        p, cost, kills = attack_odds(attackers, armies[dst], terrain)
        if p < self.floor_of(board) and not self.decisive(board, dst):
            return None
        if self.own_attack_score:  # attack_score's sum with the odds just read
            value = board.values.get(dst)
            if value is None:
                value = self.value_of(board, dst)
            score = p * (value + card) - self.cost_of_army(board) * cost + self.kill * kills
        else:
            score = self.attack_score(board, src, dst, attackers, card, terrain)
        if self.exposure_weight and not self.wins_outright(board, dst):
            left = armies[src] - cost - min(3, attackers)
            score -= self.exposure_weight * self.exposure(board, src, left)
        return score

    def decisive(self, board: Board, dst: int) -> bool:
        """Would taking ``dst`` win the game outright (then any odds will do)? The normal
        level does not plan that far."""
        return False

    def wins_outright(self, board: Board, dst: int) -> bool:
        """Would taking ``dst`` alone win the game (then what the source leaves behind does
        not matter)? The normal level does not plan that far."""
        return False

    def in_danger(self, board: Board) -> bool:
        """Could this seat be wiped out before it plays again? The normal level does not
        work that out."""
        return False

    def more_attacks(self, view: PlayerView, board: Board, legal: LegalActions,
                     card: float) -> list[tuple[float, Action]]:
        """Other ways to attack, scored like attacks (the normal level has none)."""
        return []

    def occupy(self, view: PlayerView, legal: LegalActions) -> Action:
        """Move in what keeps both territories safest (and lets the attack roll on)."""
        family = ranges_of(legal, Occupy)[0]
        b = view.battle
        if b is None:
            return family.largest
        board = self.board(view)
        src, dst = b.src, b.dst
        if not board.enemies[src]:
            return family.largest
        a = view.armies[src]
        keep_src, keep_dst = self.keep_of(board, src), self.keep_of(board, dst)
        low, high = family.low, family.high
        candidates = {low, high, (low + high) // 2,
                      max(low, min(high, a - board.needed(src))),
                      max(low, min(high, board.needed(dst)))}
        best_n, best = high, -1.0
        for n in sorted(candidates, reverse=True):
            score = keep_src * board.hold(src, a - n) + keep_dst * board.hold(dst, n) \
                + self.attack_potential(board, dst, n - 1) * 0.5
            if score > best + 1e-9:
                best_n, best = n, score
        return family.make(best_n)

    def regroup(self, view: PlayerView, legal: LegalActions) -> Action:
        board = self.board(view)
        dist = board.front_distance()
        armies = view.armies
        best: tuple[float, Action] | None = None
        for family in ranges_of(legal, Move):
            src, dst = endpoints(family)
            ds, dd = dist.get(src), dist.get(dst)
            if ds is None or dd is None:
                continue
            if ds > 0:
                if dd >= ds:
                    continue
                score = 100.0 + family.high + (self.keep_of(board, dst) if dd == 0 else 0)
                move = family.largest
            elif dd == 0:
                surplus = min(family.high, armies[src] - board.needed(src))
                need = board.needed(dst) - armies[dst]
                n = min(surplus, need)
                if n <= 0:
                    continue
                gained = board.hold(dst, armies[dst] + n) - board.hold(dst)
                lost = board.hold(src) - board.hold(src, armies[src] - n)
                score = self.keep_of(board, dst) * gained - self.keep_of(board, src) * lost
                if score <= 0.05:
                    continue
                move = family.make(n)
            else:
                continue
            if best is None or score > best[0]:
                best = (score, move)
        return best[1] if best is not None else EndPhase()


__all__ = ["NormalBot"]
