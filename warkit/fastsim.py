"""Whole classic games between random players, fast: the simulation path of :func:`simulate`.

Simulations (tournaments of random players, Monte Carlo lessons) play millions of actions; the
checked path (``legal_actions`` + ``view`` + ``apply`` per decision, with immutable states) is
made for one game a person watches. Here one classic game is played on mutable lists, the
random player's choices are made straight from the board, and every step is written down as
the same record the checked path keeps: chance outcomes included, so a replay needs no RNG.

This is not a second rule book: every rule it applies comes from the rule set's hooks and
tables (armies received: ``territory_armies`` and ``continent_bonuses``; trades:
``trade_quote``; the dice: ``battle_rule``; moving in: ``largest_move_in``; looting:
``loot_hand_limit``; victory: :mod:`warkit.rules.victory` on this game's live board), and
:func:`plays_fast` refuses a rule set that changes a step this path plays by other means.
:class:`FastMatch` keeps only the record, and its states are rebuilt through the checked
:func:`warkit.apply` when asked for (``match.states``); the tests replay seeded games, compare
the final states, and check with coverage.py that the replays reach every branch here
(``tests/test_fastsim.py``).

The random player here is :class:`~warkit.bots.RandomBot`'s policy written for speed: always
trade a set; place everything on the strongest territory facing a wanted enemy; attack with
all the dice while the attack is at least 0.6 times the defence, fighting a chosen attack out
and stopping between attacks with probability 0.05; move every army in; regroup interior
armies to the front. Classic War (any settings) and variants that only change its hooks;
SMART games take the checked path.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any, cast

from .actions import (
    Action,
    Attack,
    ChooseDealer,
    Deal,
    DealObjective,
    Draw,
    EndPhase,
    Move,
    Occupy,
    Place,
    Roll,
    Trade,
    card_name,
)
from .dice import battle_losses, sorted_roll_distribution
from .game import Sampler, apply, initial_state
from .match import Match
from .rules import ClassicRules
from .rules.combat import CombatRules
from .rules.regroup import RegroupRules
from .rules.reinforce import ReinforceRules
from .rules.setup import SetupRules
from .rules.terms import BattleRule
from .rules.turn import TurnRules
from .rules.victory import may_win_by_armies, winners
from .state import CARD_COUNT, GameState, Phase
from .worldmap import world_map

BOLDNESS = 0.6
STOP_ATTACKING = 0.05
PREFER_WANTED = 0.8


ASKED = frozenset({"territory_armies", "territory_share", "continent_bonuses", "trade_quote",
                   "trade_value", "largest_move_in", "objective_pool", "objective_deck"})
"""The rule set's hooks this path asks for its numbers (a variant may override them)."""


@cache
def played_here() -> frozenset[str]:
    """The steps of :class:`ClassicRules` this path plays by its own means, on mutable lists:
    every method of its phase mixins but the hooks it asks (:data:`ASKED`), and victory, the
    deciding seat and the battle rule (asked once per game, so it must not depend on the
    board). A rule set overriding one of them takes the checked path."""
    steps = {name for mixin in (SetupRules, ReinforceRules, CombatRules, RegroupRules, TurnRules)
             for name, value in vars(mixin).items()
             if callable(value) and not name.startswith("__")}
    return frozenset(steps - ASKED | {"after_action", "current_player", "effective_objective",
                                      "battle_rule"})


def plays_fast(rules: ClassicRules) -> bool:
    """Can the fast path play these rules? Classic War with any settings, and variants that
    change only the hooks this path asks (:data:`ASKED`: ``territory_armies``,
    ``trade_quote``, ``largest_move_in``, ``continent_bonuses``...) or the dice's ``sides``;
    not SMART."""
    cls = type(rules)
    if rules.advantages or cls.handlers is not ClassicRules.handlers \
            or cls.legal_by_phase is not ClassicRules.legal_by_phase:
        return False
    return all(getattr(cls, name) is getattr(ClassicRules, name) for name in played_here())


@cache
def _valid_trades(rules: ClassicRules) -> dict[tuple[int, ...], bool]:
    """Whether each combination of cards asked so far is a trade under ``rules``."""
    return {}


class GameOver(Exception):
    """Raised inside a fast game the moment it is won (its ``winners`` are set): every step
    may end the game, and this ends the turn's steps at once without a check after each."""


class _Board:
    """The map as plain lists and tuples, read once."""

    def __init__(self) -> None:
        m = world_map()
        self.ids = m.ids
        self.size = len(m.territories)
        self.adjacency = m.adjacency
        self.members = m.continent_members
        self.neighbours = tuple(frozenset(a) for a in m.adjacency)
        self.card_names = tuple(card_name(c) for c in range(CARD_COUNT))
        self.objectives = {o.id: o for o in m.objectives}
        self.continent_index = {c.id: c.index for c in m.continents}


@cache
def _board() -> _Board:
    """The map as plain data, read once (on the first game, not at import)."""
    return _Board()


Dice = tuple[int, ...]
Outcome = tuple[tuple[Dice, Dice], int, int]
"""A roll as (the attack and defence dice sorted, attacker losses, defender losses)."""


def _roll_table(att: int, dfn: int, rule: BattleRule) -> tuple[list[float], list[Outcome]]:
    """Every sorted roll of ``att`` against ``dfn`` dice with its losses under ``rule``, and
    the cumulative probabilities to draw one with a single uniform number (the same exact
    distribution as rolling the dice one by one, C-ATK-2..4)."""
    cumulative: list[float] = []
    outcomes: list[Outcome] = []
    total = 0.0
    for a, pa in sorted_roll_distribution(att, rule.sides):
        for d, pd in sorted_roll_distribution(dfn, rule.sides):
            total += float(pa * pd)
            cumulative.append(total)
            outcomes.append(((a, d), *battle_losses(a, d, ties=rule.ties)))
    cumulative[-1] = 1.0
    return cumulative, outcomes


@cache
def _roll_tables(rule: BattleRule) -> list[list[tuple[list[float], list[Outcome]]]]:
    """:func:`_roll_table` for every number of dice the rule allows, made once per rule:
    ``tables[attack dice][defence dice]`` (index 0 unused)."""
    return [[_roll_table(a, d, rule) if a and d else ([], []) for d in
             range(rule.defence_dice_max + 1)] for a in range(rule.attack_dice_max + 1)]


class _Game:
    """One game in progress on mutable lists; ``log`` is the record as (class, args) pairs."""

    def __init__(self, state: GameState, rng: random.Random, max_turns: int | None) -> None:
        b = self.b = _board()
        rules = state.rules
        self.rng = rng
        self.max_turns = max_turns
        self.colors = state.colors
        self.n = len(state.colors)
        self.first_round_attacks = rules.attacks_in_first_round
        rule = rules.battle_rule(state, 0)  # classic's own (plays_fast): no terrain, any dice
        self.attack_max, self.defence_max = rule.attack_dice_max, rule.defence_dice_max
        self.rolls = _roll_tables(rule)
        self.hand_limit = rules.loot_hand_limit
        self.smallest_trade = min(rules.trade_sizes)
        self.owner = [-1] * b.size
        self.owned_masks = [0] * self.n  # each seat's territories as bits (the rules' victory)
        self.armies = [0] * b.size
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.land: list[set[int]] = [set() for _ in range(self.n)]  # each seat's territories
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.objective_cards: list[str | None] = [None] * self.n
        self.fresh = True
        self.alive = [True] * self.n
        self.eliminated_by: list[int | None] = [None] * self.n
        self.current = self.turn = self.round = self.trades = 0
        self.first_player = 0
        self.winners: tuple[int, ...] = ()
        self.capped = False
        self.loot: list[int] = []
        self.loot_draws = 0
        self.dealer = 0
        self.last_roll: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.late = False
        self.rules, self.initial = rules, state
        self.log: list[tuple[type[Action], tuple[Any, ...]]] = []
        self.reserves = 0
        self.continent_reserves: Sequence[int] = ()
        self.armies_may_win = False
        self.valid_trades = _valid_trades(rules)

    # -- the record ---------------------------------------------------------------------------
    def record(self, cls: type[Action], *args: Any) -> None:
        self.log.append((cls, args))

    # -- set-up (C-SETUP-1..4) -----------------------------------------------------------------
    def setup(self) -> None:
        b, rng, n = self.b, self.rng, self.n
        for seat in range(n):
            pool = self.rules.objective_pool(self.live())  # C-SETUP-1
            self.objective_cards[seat] = objective = rng.choice(pool)
            self.record(DealObjective, objective)
        self.dealer = dealer = rng.randrange(n)
        self.record(ChooseDealer, dealer)
        undealt = list(range(b.size))
        for k in range(b.size):
            t = undealt.pop(rng.randrange(len(undealt)))
            seat = (dealer + k) % n
            self.owner[t], self.armies[t] = seat, 1
            self.land[seat].add(t)
            self.owned_masks[seat] |= 1 << t
            self.record(Deal, b.ids[t])
        self.deck = list(range(CARD_COUNT))
        self.first_player = self.current = (seat + 1) % n
        self.round = 1
        self.start_turn(self.current)
        self.won(conquest=True)

    # -- victory (C-WIN-1, C-WIN-2): the rule set's own functions on the live board ----------
    def live(self) -> GameState:
        """This game as :mod:`warkit.rules.victory` and the rule set's hooks read a state: the
        same names (``owner``, ``armies``, ``owned_masks``, ``alive``, ``eliminated_by``,
        ``objective_cards``, ``colors``, ``current``), kept up to date on lists. (A method,
        not an attribute: a game holding itself would be a reference cycle for the collector.)"""
        return cast(GameState, self)

    def objective(self, seat: int) -> str:
        """The objective card dealt to ``seat`` (dealt in the set-up, before any decision)."""
        return cast(str, self.objective_cards[seat])

    def won(self, conquest: bool = False) -> None:
        """End the game (:class:`GameOver`) if the active player met its objective, checked
        as ``after_action`` checks it: after a conquest always; after armies alone changed
        only when the card counts armies (``may_win_by_armies``, asked when the active player
        or the players still in change: :attr:`armies_may_win`)."""
        if conquest or self.armies_may_win:
            self.winners = winners(self.live(), everyone=False, armies_only=not conquest)
            if self.winners:
                raise GameOver

    # -- one turn -----------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        rules, live = self.rules, self.live()
        self.current, self.turn = seat, self.turn + 1
        self.reserves = rules.territory_armies(len(self.land[seat]))  # C-REINF-1
        self.continent_reserves = rules.continent_bonuses(live, seat)  # C-REINF-2
        self.conquered = self.eliminated_this_turn = self.late = False
        self.armies_may_win = may_win_by_armies(live)
        self.moved_in = [0] * self.b.size
        self.loot, self.loot_draws = [], 0

    def play(self) -> None:
        """Play turns until someone wins (or the turn cap of the simulation)."""
        try:
            self.setup()
            while self.max_turns is None or self.turn <= self.max_turns:
                self.play_turn()
            self.capped = True
        except GameOver:
            pass

    def play_turn(self) -> None:
        """The active player's whole turn (a win anywhere in it raises :class:`GameOver`)."""
        hand = self.hands[self.current]
        trade = self.find_set(hand) if len(hand) >= self.smallest_trade else None
        if trade is not None:
            self.trade(trade)  # C-CARD-3: once per turn
        self.place_all()
        self.attacks()
        self.regroup()
        self.record(EndPhase)
        late = self.find_set(self.hands[self.current]) if self.eliminated_this_turn else None
        self.late = late is not None
        if late is not None:  # C-ELIM-2: the eliminator's late trade, its armies placed at once
            self.trade(late)
            self.place_all()
        self.finish_turn()

    # -- cards (C-CARD-1..6) ------------------------------------------------------------------
    def find_set(self, hand: list[int]) -> tuple[int, ...] | None:
        """The first trade of the hand (sorted, in the rule set's trade sizes) the rule set's
        ``trade_quote`` accepts (asked once per rule set and combination of cards: whether
        cards make a trade depends on the cards)."""
        valid, quote = self.valid_trades, self.rules.trade_quote
        for size in self.rules.trade_sizes:
            for combo in combinations(sorted(hand), size):
                ok = valid.get(combo)
                if ok is None:
                    ok = valid[combo] = quote(combo, frozenset(), self.trades).valid
                if ok:
                    return combo
        return None

    def trade(self, cards: tuple[int, ...]) -> None:
        b, seat = self.b, self.current
        self.record(Trade, tuple(b.card_names[c] for c in cards))
        owned = frozenset(c for c in cards if c < b.size and self.owner[c] == seat)
        quote = self.rules.trade_quote(cards, owned, self.trades)  # C-CARD-4, C-CARD-5
        for c, extra in quote.bonus:
            self.armies[c] += extra
        self.reserves += quote.armies
        self.trades += 1
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        self.won()

    def finish_turn(self) -> None:
        if self.conquered:
            if not self.deck and self.discard:
                self.deck, self.discard = self.discard, []
            if self.deck:  # pragma: no branch  (the random player trades every set, so its
                # hands stay small: never all 44 cards in hands, with the classic hand limits)
                card = self.deck.pop(self.rng.randrange(len(self.deck)))
                self.hands[self.current].append(card)
                self.record(Draw, self.b.card_names[card])
        seat, n = self.current, self.n
        nxt = next((seat + k) % n for k in range(1, n + 1) if self.alive[(seat + k) % n])
        passed = [(seat + k) % n for k in range(1, (nxt - seat) % n + 1)] if nxt != seat else []
        if self.first_player in passed or nxt == seat:
            self.round += 1
        self.start_turn(nxt)

    # -- placing (C-REINF-1..3) ---------------------------------------------------------------
    def wanted(self) -> set[int] | None:
        """Territories the active player's objective asks for (None: any)."""
        b, seat = self.b, self.current
        objective = b.objectives[self.objective(seat)]
        if objective.kind == "continents":
            return {i for c in objective.continents for i in b.members[b.continent_index[c]]}
        if objective.kind == "destroy" and objective.color in self.colors:
            target = self.colors.index(objective.color)
            return set(self.land[target])
        return None

    def place_on(self, candidates: list[int], wanted: set[int] | None) -> int:
        """The strongest candidate facing a wanted enemy, else a random one facing any enemy."""
        land, neighbours = self.land[self.current], self.b.neighbours
        facing = [t for t in candidates if not neighbours[t] <= land]
        front = facing if wanted is None else [t for t in facing
                                                 if not (neighbours[t] - land).isdisjoint(wanted)]
        if front:
            top = max(self.armies[t] for t in front)
            return self.rng.choice([t for t in front if self.armies[t] == top])
        return self.rng.choice(facing or candidates)

    def place_all(self) -> None:
        b, seat, wanted = self.b, self.current, self.wanted()
        if any(self.continent_reserves):
            left = self.continent_reserves = list(self.continent_reserves)  # placed one by one
            for k, bonus in enumerate(left):
                if bonus:  # C-REINF-2: a continent's bonus stays in that continent
                    t = self.place_on(list(b.members[k]), wanted)
                    left[k] = 0
                    self.place(t, bonus)
        t = self.place_on(list(self.land[seat]), wanted)  # C-REINF-1: at least 3, so never 0
        n, self.reserves = self.reserves, 0
        self.place(t, n)

    def place(self, t: int, n: int) -> None:
        self.armies[t] += n
        self.record(Place, self.b.ids[t], n)
        self.won()

    # -- attacks (C-ATK-1..5, C-CONQ-1..2, C-ELIM-1..2) ---------------------------------------
    def attacks(self) -> None:
        if not self.first_round_attacks and self.round <= 1:
            self.record(EndPhase)
            return
        b, rng, seat = self.b, self.rng, self.current
        owner, armies, adjacency = self.owner, self.armies, b.adjacency
        wanted, land, bold, battle = self.wanted(), self.land[seat], BOLDNESS, self.battle
        engaged: tuple[int, int] | None = None
        while True:
            if engaged is not None and owner[engaged[1]] != seat \
                    and armies[engaged[0]] - 1 >= bold * armies[engaged[1]]:
                battle(*engaged)  # fight the chosen attack out
                continue
            strong = [(s, d) for s in land if (spare := armies[s] - 1) >= 1 for d in adjacency[s]
                      if owner[d] != seat and spare >= bold * armies[d]]
            if not strong or rng.random() < STOP_ATTACKING:
                break
            preferred = strong if wanted is None else [p for p in strong if p[1] in wanted]
            if preferred and rng.random() < PREFER_WANTED:
                engaged = rng.choice(preferred)
            else:
                engaged = rng.choice(strong)
            battle(*engaged)
        self.record(EndPhase)

    def battle(self, src: int, dst: int) -> None:
        """One declared battle and its roll; a conquest moves in."""
        b, rng, armies = self.b, self.rng, self.armies
        att, dfn = armies[src] - 1, armies[dst]
        if att > self.attack_max:
            att = self.attack_max
        if dfn > self.defence_max:
            dfn = self.defence_max
        cumulative, outcomes = self.rolls[att][dfn]
        roll, lost_a, lost_d = outcomes[bisect(cumulative, rng.random())]
        log = self.log
        log.append((Attack, (b.ids[src], b.ids[dst], att)))
        log.append((Roll, roll))
        self.last_roll = roll
        armies[src] -= lost_a
        armies[dst] -= lost_d
        if armies[dst] > 0:  # fewer armies on both sides: no objective can be met now
            return
        defender, seat = self.owner[dst], self.current
        self.owner[dst] = seat
        self.land[seat].add(dst)
        self.land[defender].discard(dst)
        self.owned_masks[seat] |= 1 << dst
        self.owned_masks[defender] &= ~(1 << dst)
        self.conquered = True
        eliminated = not self.land[defender]
        if eliminated:
            self.eliminate(defender)
        move = self.rules.largest_move_in(armies[src], att)  # C-CONQ-1
        self.winners = winners(self.live(), everyone=eliminated)
        if self.winners:
            armies[src] -= move  # C-WIN-1: the battle's armies move in at once
            armies[dst] += move
            raise GameOver
        if self.loot:
            self.draw_loot()
        armies[src] -= move
        armies[dst] += move
        self.record(Occupy, move)
        self.won()

    def eliminate(self, defender: int) -> None:
        seat = self.current
        self.alive[defender], self.eliminated_by[defender] = False, seat
        self.eliminated_this_turn = True
        self.armies_may_win = may_win_by_armies(self.live())
        loot, self.hands[defender] = self.hands[defender], []
        room = max(0, self.hand_limit - len(self.hands[seat]))
        if len(loot) <= room:
            self.hands[seat].extend(loot)
        elif room == 0:
            self.discard.extend(loot)
        else:
            self.loot, self.loot_draws = sorted(loot), room

    def draw_loot(self) -> None:
        """C-ELIM-2: blind draws from the eliminated player's cards; the rest are discarded."""
        loot, hand = self.loot, self.hands[self.current]
        for _ in range(self.loot_draws):
            card = loot.pop(self.rng.randrange(len(loot)))
            hand.append(card)
            self.record(Draw, self.b.card_names[card])
        self.discard.extend(loot)
        self.loot, self.loot_draws = [], 0

    # -- regrouping (C-MOVE-1..3) -------------------------------------------------------------
    def regroup(self) -> None:
        """Interior armies go to a neighbour on the front, one move per interior territory."""
        b, seat, armies = self.b, self.current, self.armies
        adjacency, moved_in, neighbours = b.adjacency, self.moved_in, b.neighbours
        mine = self.land[seat]
        front = {i for i in mine if not neighbours[i] <= mine}
        for src in mine:
            n = armies[src] - 1 - moved_in[src]
            if n <= 0 or src in front:
                continue
            dst = next((d for d in adjacency[src] if d in front), None)
            if dst is None:
                continue
            armies[src] -= n
            armies[dst] += n
            moved_in[dst] += n
            self.record(Move, b.ids[src], b.ids[dst], n)
            self.won()


    def final_state(self) -> GameState:
        """The position where the game stopped, as the checked path would hold it: at the
        end of the game, or at the start of the turn after the simulation's turn cap."""
        over = bool(self.winners)
        hand = self.hands[self.current]
        phase = Phase.GAME_OVER if over else (
            Phase.TRADE if self.find_set(hand) is not None else Phase.PLACE)
        return GameState(
            rules=self.rules, colors=self.colors, phase=phase, owner=tuple(self.owner),
            armies=tuple(self.armies), objective_cards=tuple(self.objective_cards),
            hands=tuple(tuple(sorted(h)) for h in self.hands), deck=tuple(sorted(self.deck)),
            discard=tuple(sorted(self.discard)), alive=tuple(self.alive),
            eliminated_by=tuple(self.eliminated_by), dealer=self.dealer,
            first_player=self.first_player, current=self.current, turn=self.turn,
            round=self.round, trades=self.trades, reserves=self.reserves,
            continent_reserves=tuple(self.continent_reserves), battle=None,
            last_roll=self.last_roll, conquered=self.conquered,
            eliminated_this_turn=self.eliminated_this_turn, late=self.late,
            loot=tuple(self.loot), loot_draws=self.loot_draws, moved_in=tuple(self.moved_in),
            winners=self.winners, extra=self.initial.extra)


class FastMatch(Match):
    """A :class:`Match` played by the fast path: the record, with states rebuilt on demand.

    ``actions`` are built from the compact record on first use; ``states`` replay them through
    the checked :func:`warkit.apply` on first use. ``fast_state()`` is the final position as the
    fast path left it (the tests compare it with the replay).
    """

    def __init__(self, initial: GameState, game: _Game, seed: int | None,
                 meta: dict[str, Any]) -> None:
        self._initial = initial
        self._game = game
        self._actions: list[Action] | None = None
        self._states: list[GameState] | None = None
        self._final: GameState | None = None
        self.seed = seed
        self.meta = meta

    @property
    def actions(self) -> list[Action]:
        if self._actions is None:
            self._actions = [cls(*args) for cls, args in self._game.log]
        return self._actions

    @actions.setter
    def actions(self, value: list[Action]) -> None:
        self._actions = value

    @property
    def states(self) -> list[GameState]:
        if self._states is None:
            states = [self._initial]
            for action in self.actions:
                states.append(apply(states[-1], action))
            self._states = states
        return self._states

    @states.setter
    def states(self, value: list[GameState]) -> None:
        self._states = value

    def __len__(self) -> int:
        return len(self._game.log) if self._actions is None else len(self._actions)

    @property
    def state(self) -> GameState:
        """The current state: the fast path's final position until the states are rebuilt
        or the match goes on (the tests check that the two are equal)."""
        if self._states is None:
            if self._final is None:
                self._final = self._game.final_state()
            return self._final
        return self._states[-1]


def random_game(players: Any = 4, rules: Any = "classic", seed: int | None = None,
                max_turns: int | None = None, **settings: Any) -> FastMatch:
    """A whole classic game between random players, played by the fast path (see above)."""
    sampler = Sampler(seed)
    initial = initial_state(players, rules, **settings)
    if not plays_fast(initial.rules):
        raise ValueError(f"the fast path plays classic rules only, not {initial.rules.name!r}")
    game = _Game(initial, random.Random(sampler.seed), max_turns)
    game.play()
    meta = {"bots": ["random"] * game.n, "capped": game.capped, "fast": True}
    return FastMatch(initial, game, sampler.seed, meta)
