"""Evaluation helpers shared by the bot levels: map facts, odds lookups, board analysis, goals.

Everything here reads a :class:`~warkit.view.PlayerView` (never a game state)
and returns plain numbers, so the levels differ only in how they weigh them.
Values are in "army units": what a territory, a continent or a card is worth
compared with the armies an attack costs.

- :func:`p_win` / :func:`attack_cost`: a whole attack's chance to conquer and
  its expected cost in attacking armies, read from tables built once per
  process (:func:`warkit.odds.win_table`, and a small DP over
  :func:`warkit.odds.roll_outcomes`; :func:`warkit.odds.expected_losses` is
  exact too but takes a millisecond a query, and bots ask millions).
- :class:`Board`: counts, borders, threats and front distances for one seat.
- :class:`Goal`: the seat's own objective, in the terms a bot plans with.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar, cast

from ..actions import Action, Place, Trade, card_index
from ..cards import is_joker
from ..legal import ActionRange, LegalActions
from ..odds import roll_outcomes, win_table
from ..rules.terms import Side
from ..view import PlayerView
from ..worldmap import world_map

_M = world_map()
IDS: tuple[str, ...] = _M.ids
INDEX: dict[str, int] = {t: i for i, t in enumerate(IDS)}
ADJ: tuple[tuple[int, ...], ...] = _M.adjacency
CONTINENT_OF: tuple[int, ...] = _M.continent_of
MEMBERS: tuple[tuple[int, ...], ...] = _M.continent_members
BONUS: tuple[int, ...] = tuple(c.bonus for c in _M.continents)
CONTINENTS = len(BONUS)
CONTINENT_ID: dict[str, int] = {c.id: k for k, c in enumerate(_M.continents)}

ODDS_LIMIT = 127
"""Largest army count a side has in the bots' tables; bigger battles are scaled down to it,
keeping the ratio (late classic games reach thousands of armies)."""


def _fit(attackers: int, defenders: int) -> tuple[int, int, float]:
    """Army counts within the tables, with the same ratio, and the factor to scale back."""
    top = max(attackers, defenders)
    if top <= ODDS_LIMIT:
        return attackers, defenders, 1.0
    factor = top / ODDS_LIMIT
    return max(1, round(attackers / factor)), max(1, round(defenders / factor)), factor


@cache
def _battle_steps(na: int, nd: int, cap: int, all_in: bool, terrain: Side | None
                  ) -> tuple[tuple[int, int, float], ...]:
    """One battle's (attacker losses, defender losses, probability), do-nothing rolls removed."""
    out = roll_outcomes(na, nd, defenders=max(cap, nd), attackers=na if all_in else na + 1,
                        terrain=terrain)
    stay = float(out.pop((0, 0), 0))
    return tuple((la, ld, float(p) / (1 - stay)) for (la, ld), p in sorted(out.items()))


class _OddsTable:
    """Win probability and expected attacker losses for every (attackers, defenders).

    Win probabilities come whole from :func:`warkit.odds.win_table` (one numpy
    chain for the table); the expected losses from a DP over single battles
    (:func:`warkit.odds.roll_outcomes`). Both grow on demand, by powers of two.
    """

    def __init__(self, terrain: Side | None) -> None:
        self.terrain = terrain
        self.height = self.width = 0
        self.win: list[list[float]] = []
        self.cost: list[list[float]] = []
        self.kill: list[list[float]] = []

    def ensure(self, a: int, d: int) -> None:
        if a < self.height and d < self.width:
            return
        height, width = max(self.height, 64), max(self.width, 64)
        while height <= a:
            height *= 2
        while width <= d:
            width *= 2
        height, width = min(height, ODDS_LIMIT + 1), min(width, ODDS_LIMIT + 1)
        height, width = max(height, a + 1), max(width, d + 1)
        self.win = win_table(height - 1, width - 1, terrain=self.terrain).tolist()
        self.cost, self.kill = self._losses(height, width)
        self.height, self.width = height, width

    def _losses(self, height: int, width: int) -> tuple[list[list[float]], list[list[float]]]:
        """Expected (attacker, defender) losses of whole attacks, row by row: a battle
        from (a, d) only leads to fewer attackers, or as many and fewer defenders."""
        zero = [0.0] * width
        costs: list[list[float]] = [zero]
        kills: list[list[float]] = [zero]
        for a in range(1, height):
            cost, kill = [0.0] * width, [0.0] * width
            na = min(3, a)
            for d in range(1, width):
                nd = min(3, d)
                cap = min(d, nd + 1)   # the defenders present, as far as terrain minds them
                lost = killed = 0.0
                for la, ld, p in _battle_steps(na, nd, cap, na == a, self.terrain):
                    if la == 0:
                        lost += p * cost[d - ld]
                        killed += p * (ld + kill[d - ld])
                    else:
                        lost += p * (la + costs[a - la][d - ld])
                        killed += p * (ld + kills[a - la][d - ld])
                cost[d], kill[d] = lost, killed
            costs.append(cost)
            kills.append(kill)
        return costs, kills


_TABLES: dict[str | None, _OddsTable] = {}


def _table(attackers: int, defenders: int, terrain: Side | None) -> _OddsTable:
    table = _TABLES.get(terrain)
    if table is None:
        table = _TABLES[terrain] = _OddsTable(terrain)
    table.ensure(attackers, defenders)
    return table


def p_win(attackers: int, defenders: int, terrain: Side | None = None) -> float:
    """Chance that ``attackers`` (armies that may attack) empty ``defenders`` fighting on
    to the end (:func:`warkit.odds.win_probability`, read from one cached table)."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    table = _TABLES.get(terrain)
    if table is not None and attackers < table.height and defenders < table.width:
        return table.win[attackers][defenders]  # the common case, fast
    a, d, _ = _fit(attackers, defenders)
    if table is None or a >= table.height or d >= table.width:
        table = _table(a, d, terrain)
    return table.win[a][d]


def attack_cost(attackers: int, defenders: int, terrain: Side | None = None) -> float:
    """Expected attacking armies lost fighting ``defenders`` until conquest or exhaustion
    (:func:`warkit.odds.expected_losses`' first number, read from one cached table)."""
    if attackers <= 0 or defenders <= 0:
        return 0.0
    table = _TABLES.get(terrain)
    if table is not None and attackers < table.height and defenders < table.width:
        return table.cost[attackers][defenders]  # the common case, fast
    a, d, factor = _fit(attackers, defenders)
    if table is None or a >= table.height or d >= table.width:
        table = _table(a, d, terrain)
    return table.cost[a][d] * factor


def attack_kills(attackers: int, defenders: int, terrain: Side | None = None) -> float:
    """Expected defending armies destroyed by the same attack (the second number of
    :func:`warkit.odds.expected_losses`)."""
    if attackers <= 0 or defenders <= 0:
        return 0.0
    table = _TABLES.get(terrain)
    if table is not None and attackers < table.height and defenders < table.width:
        return table.kill[attackers][defenders]  # the common case, fast
    a, d, factor = _fit(attackers, defenders)
    if table is None or a >= table.height or d >= table.width:
        table = _table(a, d, terrain)
    return table.kill[a][d] * factor


def attack_odds(attackers: int, defenders: int, terrain: Side | None = None
                ) -> tuple[float, float, float]:
    """``(p_win, attack_cost, attack_kills)`` of one attack, with one table lookup in the
    common case (the three numbers are exactly those of the three functions)."""
    table = _TABLES.get(terrain)
    if table is not None and 0 < attackers < table.height and 0 < defenders < table.width:
        return (table.win[attackers][defenders], table.cost[attackers][defenders],
                table.kill[attackers][defenders])
    if defenders <= 0:
        return 1.0, 0.0, 0.0
    if attackers <= 0:
        return 0.0, 0.0, 0.0
    a, d, factor = _fit(attackers, defenders)  # once for the three numbers
    if table is None or a >= table.height or d >= table.width:
        table = _table(a, d, terrain)
    return table.win[a][d], table.cost[a][d] * factor, table.kill[a][d] * factor


PATIENCE = 12
"""Rounds after which every level grows bolder, so that stalemates end (see :func:`impatience`)."""


def impatience(view: PlayerView) -> float:
    """0 until round :data:`PATIENCE`, rising to 1 at twice that: big stacks facing each other
    would otherwise wait for ever (card trades keep both sides growing)."""
    return min(1.0, max(0.0, (view.round - PATIENCE) / PATIENCE))


def hold_probability(armies: int, threat: float) -> float:
    """Chance a territory with ``armies`` survives the strongest attack it faces."""
    if threat < 1:
        return 1.0
    attackers = int(threat)
    table = _TABLES.get(None)
    if table is not None and attackers < table.height and 0 < armies < table.width:
        return 1.0 - table.win[attackers][armies]  # p_win's common case, inlined
    return 1.0 - p_win(attackers, armies)


@cache
def armies_needed(threat: int, confidence: float, most: int = 60) -> int:
    """Fewest armies that survive an attack by ``threat`` attackers with ``confidence``."""
    if threat < 1:
        return 1
    n = 1
    while n < most and hold_probability(n, threat) < confidence:
        n += 1 if n < 8 else max(1, n // 4)
    return n


# -- legal actions ------------------------------------------------------------------------------
A = TypeVar("A", covariant=True)
K = TypeVar("K", bound=Action)


class Family(Protocol, Generic[A]):
    """A family of legal actions (:class:`~warkit.legal.ActionRange`) whose members are of
    class ``A``: what :func:`ranges_of` returns, so that ``family.largest.territory`` is
    typed."""

    @property
    def make(self) -> Callable[[int], A]: ...
    @property
    def low(self) -> int: ...
    @property
    def high(self) -> int: ...
    @property
    def largest(self) -> A: ...


class Route(Protocol):
    """An action from one territory to another (an attack, a move)."""

    @property
    def src(self) -> str: ...
    @property
    def dst(self) -> str: ...


def as_legal(legal: Sequence[Action]) -> LegalActions:
    """The legal actions as :class:`LegalActions` (bots also accept a plain list)."""
    return legal if isinstance(legal, LegalActions) else LegalActions(list(legal))


def endpoints(family: Family[Route]) -> tuple[int, int]:
    """(source, target) territory indices of a family of attacks or moves, read from its
    factory's arguments when it is a ``functools.partial`` (no action is built)."""
    args = getattr(family.make, "args", None)
    if args is not None and len(args) == 2:
        return INDEX[args[0]], INDEX[args[1]]
    action = family.largest
    return INDEX[action.src], INDEX[action.dst]


def ranges_of(legal: LegalActions, kind: type[K]) -> list[Family[K]]:
    """The families of ``legal`` whose actions are of class ``kind`` (the factory's class when
    it is a ``functools.partial`` of it, else its largest member's)."""
    out = [f for f in legal.families
           if (f.__class__ is ActionRange or isinstance(f, ActionRange))
           and (getattr(f.make, "func", None) is kind or _made_of(f, kind))]
    return cast("list[Family[K]]", out)


def _made_of(family: ActionRange, kind: type[K]) -> bool:
    """Whether a family whose factory is not a ``functools.partial`` of ``kind`` makes
    ``kind`` actions all the same (any other factory: ask its largest member)."""
    func = getattr(family.make, "func", family.make)
    return func is kind or (not isinstance(func, type) and isinstance(family.largest, kind))


def territory_of(family: Family[Place]) -> int:
    """Territory index of a family of placements, read from its factory's argument when it
    is a ``functools.partial`` (no action is built)."""
    args = getattr(family.make, "args", None)
    if args is not None and len(args) == 1:
        return INDEX[args[0]]
    return INDEX[family.largest.territory]


def singles_of(legal: LegalActions, kind: type[K]) -> list[K]:
    """The single (count-less) actions of class ``kind`` in ``legal``."""
    return [f for f in legal.families if isinstance(f, kind)]


# -- goals --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Goal:
    """A seat's objective in planning terms.

    ``kind`` is ``"continents"``, ``"territories"`` or ``"destroy"``;
    ``continents`` the required continents (indices), ``plus_any`` how many
    more of the player's choice; ``count``/``min_armies`` the territory
    objectives; ``target`` the hunted seat (``None`` if not in play).
    """

    kind: str
    continents: tuple[int, ...] = ()
    plus_any: int = 0
    count: int = 0
    min_armies: int = 1
    target: int | None = None


@cache
def _goal(objective_id: str, colors: tuple[str, ...]) -> Goal:
    o = _M.objective(objective_id)
    if o.kind == "continents":
        return Goal("continents", tuple(CONTINENT_ID[c] for c in o.continents), o.plus_any)
    if o.kind == "territories":
        return Goal("territories", count=o.count, min_armies=o.min_armies)
    target = colors.index(o.color) if o.color in colors else None
    return Goal("destroy", target=target)


def goal_of(view: PlayerView) -> Goal | None:
    """The viewer's own (effective) objective as a :class:`Goal` (``None`` if unknown)."""
    if view.objective is None:
        return None
    return _goal(view.objective, view.colors)


def goal_for(objective_id: str, colors: tuple[str, ...]) -> Goal:
    """The :class:`Goal` of any objective card (for guessing opponents' objectives)."""
    return _goal(objective_id, colors)


def wanted_territories(view: PlayerView) -> frozenset[int]:
    """Territories the viewer's objective names: its continents, or the hunted colour's
    territories (empty for a territory-count objective, where any territory will do)."""
    goal = goal_of(view)
    if goal is None:
        return frozenset()
    if goal.kind == "continents":
        return frozenset(i for k in goal.continents for i in MEMBERS[k])
    if goal.kind == "destroy" and goal.target is not None:
        return frozenset(i for i, o in enumerate(view.owner) if o == goal.target)
    return frozenset()


# -- cards --------------------------------------------------------------------------------------
def trade_score(cards: tuple[int, ...], owner: tuple[int, ...], seat: int | None) -> float:
    """How good it is to spend these cards now: +2 armies per owned card territory
    (C-CARD-5), minus a little for each joker spent (jokers complete any later set)."""
    score = 0.0
    for c in cards:
        if is_joker(c):
            score -= 1.5
        elif owner[c] == seat:
            score += 2.0
    return score


def cards_of(action: Trade) -> tuple[int, ...]:
    """Card numbers named by a trade (its ``cards``, card names)."""
    return tuple(card_index(name) for name in action.cards)


# -- the board ----------------------------------------------------------------------------------
SIZES: tuple[int, ...] = tuple(len(m) for m in MEMBERS)
Ownership = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
"""Territory counts, per-continent counts and continent bonuses of every seat."""
Structure = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...],
                  Mapping[int, tuple[int, ...]], tuple[int, ...],
                  Callable[[tuple[int, ...]], tuple[int, ...]]]
""":class:`Ownership`, then the seat's territories, their hostile neighbours, the borders
and a picker of the others' entries."""


@lru_cache(maxsize=64)
def _ownership(owner: tuple[int, ...], players: int) -> Ownership:
    """Territory counts, per-continent counts and continent bonuses of every seat (the same
    for every seat's bot: computed once per ownership; counted by ``tuple.count``)."""
    seats = range(players)
    counts = tuple([owner.count(s) for s in seats])
    owners = [[owner[i] for i in members] for members in MEMBERS]
    cont = tuple([tuple([of_k.count(s) for of_k in owners]) for s in seats])
    bonuses = tuple([sum([b for b, have, size in zip(BONUS, held, SIZES) if have == size])
                     for held in cont])
    return counts, cont, bonuses


def _nothing(armies: tuple[int, ...]) -> tuple[int, ...]:
    return ()


@lru_cache(maxsize=256)
def _structure(owner: tuple[int, ...], seat: int, players: int) -> Structure:
    """What depends on ownership only (shared by the many decisions between two conquests):
    territory counts, per-continent counts, continent bonuses per seat, the seat's
    territories, their hostile neighbours and the borders among them."""
    mine = tuple([i for i, o in enumerate(owner) if o == seat])
    enemies: dict[int, tuple[int, ...]] = {}
    border = []
    for i in mine:
        hostile = enemies[i] = tuple([j for j in ADJ[i] if owner[j] != seat])
        if hostile:
            border.append(i)
    others = [j for j, o in enumerate(owner) if o != seat]
    # An itemgetter of two or more indices returns a tuple (the first one is asked twice).
    pick = itemgetter(*others, others[0]) if others else _nothing
    return (*_ownership(owner, players), mine, MappingProxyType(enemies), tuple(border), pick)


@lru_cache(maxsize=256)
def _front_distance(owner: tuple[int, ...], seat: int, border: tuple[int, ...]
                    ) -> Mapping[int, int]:
    """:meth:`Board.front_distance`: it depends on ownership only, so it is worked out once
    per ownership and seat (read-only)."""
    dist = {i: 0 for i in border}
    queue = deque(border)
    while queue:
        i = queue.popleft()
        for j in ADJ[i]:
            if owner[j] == seat and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    return MappingProxyType(dist)


class Board:
    """What one seat makes of a view: counts, borders, threats, incomes.

    Built once per decision (a few dozen microseconds); every method is pure.
    """

    def __init__(self, view: PlayerView, seat: int | None = None,
                 reinforcement_share: float = 0.5) -> None:
        self.view = view
        player = view.player if seat is None else seat
        if player is None:
            raise ValueError("a board is seen from a seat, not by a spectator")
        self.seat: int = player
        self.owner = view.owner
        self.armies = view.armies
        self.players = len(view.colors)
        (self.counts, self.cont_counts, self.bonuses, self.mine, self.enemies,
         self.border, self._others) = _structure(view.owner, self.seat, self.players)
        self.share = reinforcement_share
        self._income: list[float] | None = None
        self._threat: dict[int, float] = {}
        self.memo: dict[tuple[Any, ...], Any] = {}
        """Per-decision memo for the levels' values (the board never changes; a level may
        carry it to its next decision's board when nothing it depends on has changed)."""
        self.terrains: dict[int, Side | None] = {}
        """Terrain knowledge that counts in an attack on each territory (memoised by a level)."""
        self.values: dict[int, float] = {}
        self.keeps: dict[int, float] = {}
        """A level's conquest and keep values of territories (memoised by the level)."""
        self.wanted: frozenset[int] | None = None
        """The territories the objective asks for, once a level has asked."""
        self.plan: Any = None
        """The hard level's plan for this decision (:class:`warkit.bots.hard.Plan`)."""

    # -- ownership -------------------------------------------------------------------------
    def owns_continent(self, seat: int, k: int) -> bool:
        return self.cont_counts[seat][k] == len(MEMBERS[k])

    def alive(self, seat: int) -> bool:
        return self.counts[seat] > 0

    # -- armies to come --------------------------------------------------------------------
    def income(self, seat: int) -> float:
        """Armies ``seat`` can expect next turn: territories, continents and a likely trade."""
        incomes = self._income
        if incomes is None:
            incomes = self._incomes()
        return incomes[seat]

    def incomes(self) -> list[float]:
        """:meth:`income` of every seat (read-only), worked out once per board: it depends on
        ownership, the hand sizes and the trade value only."""
        return self._income or self._incomes()

    def _incomes(self) -> list[float]:
        """:meth:`income` of every seat, worked out once per board."""
        if self._income is None:
            view = self.view
            value = view.next_trade_value
            rules = view.rules
            forced, smallest = rules.forced_trade_hand, min(rules.trade_sizes)
            incomes = []
            for s in range(self.players):
                if not self.counts[s]:
                    incomes.append(0.0)
                    continue
                base = rules.territory_armies(self.counts[s]) + self.bonuses[s]
                cards = view.hand_sizes[s]  # a trade is sure at a forced hand, likelier near it
                trade = value * (1.0 if cards >= forced else 0.7 if cards == forced - 1 else
                                 0.35 if cards >= smallest and cards == forced - 2 else 0.0)
                incomes.append(base + trade)
            self._income = incomes
        return self._income

    def threat(self, i: int) -> float:
        """The strongest attack territory ``i`` may face before its owner plays again:
        the biggest hostile neighbour's attackers plus a share of that enemy's income."""
        t = self._threat.get(i)
        if t is None:
            owner, armies, me = self.owner, self.armies, self.owner[i]
            incomes, share = self._income or self._incomes(), self.share
            t = 0.0
            for j in ADJ[i]:
                o = owner[j]
                if o != me and o >= 0:
                    attack = armies[j] - 1 + share * incomes[o]
                    if attack > t:
                        t = attack
            self._threat[i] = t
        return t

    def hold(self, i: int, armies: int | None = None) -> float:
        """Chance that territory ``i`` (with ``armies``, default its own) is still held."""
        if armies is None:
            armies = self.armies[i]
        threat = self._threat.get(i)
        if threat is None:
            threat = self.threat(i)
        if threat < 1:
            return 1.0
        attackers = int(threat)
        table = _TABLES.get(None)
        if table is not None and attackers < table.height and 0 < armies < table.width:
            # hold_probability's common case, inlined on purpose: without it the normal
            # bot's choose took about 5% longer (tests/bench/bench_bot_choose.py)
            return 1.0 - table.win[attackers][armies]
        return hold_probability(armies, threat)

    def needed(self, i: int, confidence: float = 0.75, most: int = 60) -> int:
        """Fewest armies that hold ``i`` with ``confidence`` against its threat."""
        return armies_needed(int(self.threat(i)), confidence, most)

    # -- geometry ----------------------------------------------------------------------------
    def front_distance(self) -> Mapping[int, int]:
        """Steps from each owned territory to the nearest owned border territory
        (through owned territories only; unreachable ones are left out)."""
        return _front_distance(self.owner, self.seat, self.border)

    def others_armies(self) -> tuple[int, ...]:
        """The armies on every territory the seat does not hold (in map order, the first
        one twice): a key that changes exactly when another seat's armies do."""
        return self._others(self.armies)

    def continent_share(self, seat: int, k: int) -> float:
        return self.cont_counts[seat][k] / len(MEMBERS[k])


__all__ = [
    "ADJ",
    "BONUS",
    "CONTINENTS",
    "CONTINENT_OF",
    "IDS",
    "INDEX",
    "MEMBERS",
    "Board",
    "Family",
    "Goal",
    "Route",
    "armies_needed",
    "as_legal",
    "attack_cost",
    "attack_kills",
    "attack_odds",
    "cards_of",
    "endpoints",
    "goal_for",
    "goal_of",
    "hold_probability",
    "impatience",
    "p_win",
    "ranges_of",
    "singles_of",
    "territory_of",
    "trade_score",
    "wanted_territories",
]
