"""The "expert" level: a search over whole-turn plans in guessed worlds.

Bot card
--------

**Method.** Determinized Monte Carlo search over turn-level plans. At the first decision
of each of its turns the expert:

1. updates its belief over every opponent's objective card
   (:class:`~warkit.bots.belief.ObjectiveBelief`: the deal is the prior, what each
   opponent holds and has conquered the evidence);
2. deals ``worlds`` guessed worlds (:func:`~warkit.bots.determinize.determinize`):
   objectives drawn from the belief, unseen cards from the cards it has not seen;
3. in every world plays its whole turn (trade -> place -> attacks -> occupy -> regroup)
   once per candidate plan (:data:`PLANS`), through the engine's own ``apply`` and
   ``legal_actions`` (one rule book), and then the whole round until its next turn
   (:data:`STANDARD_HORIZON`): every opponent's turn, played by a hard bot with the
   objective that world dealt it, so a seat guessed to hunt this colour does hunt it in the
   simulation, and a plan that leaves a border thin is punished where the punishment comes.
   Plans are compared on the same luck (common random numbers): each turn of a simulation
   rolls from its own stream of the world's dice (:class:`TurnDice`), and the opponents are
   copies of hard bots that have watched the real game's boards (:meth:`ExpertBot.watch`),
   so two plans that leave the same board meet the same replies;
4. scores the position at its next turn (:func:`position_value`) with the world's
   objectives: its own objective's progress and the opponents' (from their guessed
   cards), territories, continents and cards, and what it risks before it plays again,
   valued with the exact battle odds of :mod:`warkit.odds` (the chance each territory
   survives its strongest neighbour, :meth:`~warkit.bots.evaluate.Board.hold`) rather
   than with sampled dice; a game won or lost within the simulation is worth plus or minus
   :data:`~warkit.bots.stakes.WIN`;
5. plays the plan with the best mean score for the rest of the turn: every small step of
   the turn (each placement, attack, roll, move) is answered at once by that plan's policy,
   which is also how it answers steps outside its turns (SMART's reactions).
   (``confidence``, off by default and not measured: play another plan than the hard
   level's own only when its paired margin is that many standard errors.)

The plans are the hard level's policy (:class:`~warkit.bots.plan_policy.PlanPolicy`, which
plays exactly like :class:`~warkit.bots.hard.HardBot` with its knobs off) played thirteen
ways:
``hard`` itself; ``careful`` (a higher bar to attack, the source left behind counted);
``objective`` (the objective's territories worth twice as much, sweeps tried earlier);
``blocking`` (hit the territories the most dangerous opponents need); ``guard`` (own
territories facing a seat that may hunt this colour worth more to keep, by the belief that
it holds that card, so placement, attacks, occupation and regroup all guard that border);
``card`` (one conquest for the turn's card, then stop); ``continents`` (take, hold and break
whole continents); ``front1`` to ``front5`` (every free army on the best, second, ... or
fifth border territory by the attack it makes possible, then the hard level's play: plans
that differ in where the turn strikes); ``fortify`` (every free army where it saves the
most: the own territory whose chance to hold rises most, by what losing it would cost). A
SMART game has its own plans (:data:`SMART_PLANS`): ``hard``, the first three fronts and
``kill`` (the whole hand traded for armies and every army thrown at the likeliest
elimination that wins, S-WIN-2 or S-WIN-3, from 5 % odds). ``knobs`` sets any of the
policy's weights for every plan (``expert_ab.py --knob``, for experiments).

SMART's advantages (terrain cards, tactical regroup, Intelligence, alliance, airlift,
passage) are part of every plan: the hard level's
:class:`~warkit.bots.advantages.SmartAdvantages` play them inside the simulations too.

**Budget.** ``iterations`` simulated turns per turn (default :data:`STANDARD_ITERATIONS`:
six worlds times the thirteen plans, each its own turn and then the round until its next
turn; in a SMART game :data:`SMART_ITERATIONS`, four worlds times its five plans, each with the
round after it too; reproducible with the seed), or ``seconds`` of thinking per turn (it
stops between worlds when the time is up, so not reproducible). Plans whose own turn went
the same way in a world share the opponents' turns played after it
(:meth:`ExpertBot.rollout`). A turn's thinking, CPU time of every turn of the tables below
(``tests/bench/expert_ab.py`` times each; on 2 shared cores the clock's figures say
nothing): 6-player classic 452 ms median, worst 2,254 ms (9,626 turns; without the cap
one turn took 4.8 s); 6-player SMART 94 ms, worst 1,559 ms (5,650 turns); 3-player classic
345 ms, worst 1,580 ms (2,867 turns); 4-player classic 407 ms, worst 2,072 ms (3,870 turns).
The budget is 1 s median and 3 s worst.
``tests/bench/bench_expert.py`` prints the search's speed: the hard level's hot paths (which
play nearly every simulated decision) were made 1.5 times faster in classic and 2.1 times in
SMART without changing one decision (``tests/bench/expert_trace.py`` hashes every action and
every plan score of the same games: identical before and after): ``bench_expert.py --games
3``, 197.6 -> 295.7 rollouts/s and 7,632 -> 11,424 simulated decisions/s; ``--rules smart
--games 6``, 220.9 -> 458.2 rollouts/s (before and after in one run, load 3.2-3.4).

**What it knows.** Only its view and the legal actions, like every bot: the board, its own
cards and objective, the other hands' sizes, the boards it has seen at its turns. The
worlds it imagines are guesses; it never receives a game state.

**Strength, measured.** Seat-rotated games against hard bots at the standard budget, game
``g`` seeded ``SEED + g``: ``python tests/bench/expert_ab.py`` plays exactly the games of
``python -m warkit.tournament --bots expert hard ... --seed SEED`` and changes only the
expert's settings, so two versions on the same seeds are compared game by game (``--against``,
a sign test). The tables (load 1-7 on 2 cores, shared with other runs and tests):

- 6-player classic, five hard (seeds 90000-90599): 188 of 600 won, 31.3 % (95 % interval
  27.8-35.2 %; fair share 16.7 %, binomial p = 1.2e-18), eliminated in 29.0 %. With ten plans
  (60 iterations) the same 600 games gave 169, 28.2 % (24.7-31.9 %): game by game the
  thirteen won 96 that the ten lost and lost 77 that they won (sign test p = 0.17); with
  the thirteen plans and no decision cap 190, 31.7 % (28.1-35.5 %), where 27 of the 600
  games went otherwise; before the front plans (seven plans, 42 iterations) 148, 24.7 %;
- 6-player SMART, five hard (seeds 91000-91599): 139 of 600, 23.2 % (20.0-26.7 %;
  p = 4.7e-05), eliminated in 11.7 %. The previous SMART setup (session 8's four plans, its
  own turn only) won 110 of the same 600 games (18.3 %, p = 0.27): game by game the front
  plans won 106 that it lost and lost 77 that it won, sign test p = 0.038;
- 3 players, two hard (seeds 92000-92299): 172 of 300, 57.3 % (51.7-62.8 %; fair 33.3 %,
  p = 1.8e-17), eliminated in 7.7 %. The ten plans of session 12 won 141 of the same games
  (47.0 %): game by game the thirteen won 47 that the ten lost and lost 16 that they won
  (sign test p = 0.00012); before the front plans 135, 45.0 %;
- 4 players, three hard (seeds 93000-93299): 143 of 300, 47.7 % (42.1-53.3 %; fair 25 %,
  p = 2.4e-17), eliminated in 11.3 %. The ten plans won 113 of the same games (37.7 %): 64
  to 34 game by game (p = 0.0032); before the front plans 97, 32.3 %. So the expert beats
  hard at 3 and at 4 players.

The ten-plan classic table was run in parts (seeds 90000-90299, then 90300-90449 and
90450-90599): game ``g`` depends only on its seed and ``g`` mod the players, and each part
starts at a multiple of 6, so the parts are exactly the games of one run. No CSV of the
classic runs before the front plans was kept, so those are compared by totals only.
Session 11's steps (per-turn dice, watchers) against session
10's, game by game on the same seeds: 6-player classic 148 against 154 won (92 to 98,
p = 0.72); SMART 110 against 97 (36 to 23, p = 0.12); 3 players 135 against 124 (45 to 34,
p = 0.26); 4 players 97 against 86 (51 to 40, p = 0.29): no change shown either way.

**The 33 % aim is not reached.** The aim is 33 % of 6-player games against five hard bots
in both rule sets, the best published Risk bot winning 35 % against Lux Delux's strongest.
Reached: 31.3 % in classic (interval 27.8-35.2 %) and 23.2 % in SMART (20.0-26.7 %), both well
above the fair share. In SMART every change of plans, budget, horizon or value since the front
plans has won within a few games of 139 of the same 600 (below), so more choice among the
hard level's ways of playing a turn is unlikely to close the gap there. Our guess at what
would: plans the hard level's policy cannot play, such as setting up an elimination over two
turns (taking the lead on territories, S-WIN-3, and reaching the victim) rather than finding
one within a turn.
What SMART games show. In 150 games of hard bots (``tests/bench/smart_endings.py --games
150``, seeds 9000-9149) the eliminator won every game (hard eliminates only to win, S-WIN-2
or S-WIN-3); 118 ended in rounds 5 and 6, the first two rounds of unlimited attacks
(S-LIMIT-1), most often by the first seats of the round (the first seat 47 times, the last
12); at its first turn of round 5 a seat holding no card won 0.9 % of the time, one holding
six or more 47.9 %; the mover holding strictly the most territories won 65.4 %. The expert
(``tests/bench/expert_profile.py --rules smart --games 120 --seed 91000``, with session 8's
SMART plans, run this session on session 11's code) ended 16 of 120 games and won all 16;
it watched 85 others end and won none, and in 364 of its 618 searches every plan was worth
the same: its plans were variations of the
hard level's weights that played a SMART turn alike. The front plans (where the turn's armies
go) and the kill plan (every card and army on a winning elimination) differ in most worlds,
and with them the whole round pays (above).

**Tried and not adopted** (each on the same seeds as the standard setup, 6 players against
five hard bots, wins against the standard's on those games; none differs from it at
p < 0.14 game by game). Session 14's (the code is in commit aa2e410, removed after it):

- SMART, the plans of classic's gain (hard, front1-front5, kill, fortify, card; four worlds,
  36 iterations), all 600 games of the SMART table (seeds 91000-91299 before the decision
  cap, 91300-91599 with it): 140 won against the standard's 139 (81 to 80). The first 300
  had looked promising (76 against 62, p = 0.14); the next 300 went the other way (64
  against 77);
- classic, sequential halving (``halving``: every plan in two worlds, then the better half in
  more, until one is left; the same 78 simulated turns): 40 of the first 134 against 45
  (24 to 29, stopped);
- classic, fifteen plans (the thirteen, ``card_fortify``: every free army where it saves the
  most, then one conquest; ``card_careful``: one conquest at the careful plan's bar) in six
  worlds (90 iterations): 76 of the first 227 against 76 (22 to 22, stopped). The card plan
  is the one the classic search picks most (29 of 124 searches in 6 games, seeds 95000-95005;
  hard 19, careful 17, the five fronts 38, fortify 2);
- SMART, the round and then the expert's own next turn played out by a hard bot (``horizon
  -1``, so a position that sets up a kill is scored by the kill): 32 of the first 121 against
  30 (21 to 19, stopped), at twice the thinking (worst 4.6 s in a test game);
- SMART, a sweep estimate that rolls every survivor on (S-CONQ-1) and attacks by air with the
  hand's cards (S-AIR-1), for :func:`ready_chance`: at the turn starts of the same 40 games
  of hard bots, 24 of the 40 winning turns were still given under 10 % (25 before). In most
  of them the winner was not the territory leader at its turn's start, or the victim was out
  of reach: it became the leader and reached the victim during the turn;
- a value term for the chance the next turn wins at once (``ready``, :func:`ready_chance`:
  the hard level's sweep estimate of the objective or of a winning elimination, with every
  army the turn brings): SMART ``ready`` 0.5, 38 of the first 177 games against 43 (0 to 5,
  stopped); classic 0.5, 21 of the first 64 against 23 (1 to 3, stopped). In SMART the
  estimate sees too little: at the turn starts of 40 games of hard bots it gave under 10 %
  to 25 of the 40 turns that ended the game (those kills came by air, S-AIR-1, or through
  other seats' territories, which the sweep does not walk);
- SMART with the front plans and 40 iterations (eight worlds): 30 of the first 138 against
  35 (stopped);
- SMART, 240 games (seeds 91000-91239; standard 33 won): the whole round played out (33); a
  value weighing each opponent's chance to end the game before the expert plays again (35); a
  territory-lead term (35); three more plans, more territories, longer-odds eliminations and
  bold (39); with the elimination value (37); a plan taking territories from the leader (37)
  (all in commit bb6f66a); an elimination judged on the board after the whole sweep, since
  S-WIN-3 counts the victim's territories taken (38); that and no trade while attacks are
  limited, for a bigger trade later (37); no trade and a territory weight of 4 (33); the
  judged sweep with no sweep longer than the attacks the round has left (39: 3 games
  changed); 48 iterations instead of 12 (9 of the first 60, stopped); simulations 18 turns
  deep, three rounds, to the game's end as a rule (39, p = 0.44; 80 ms median think time);
- SMART, 600 games (seeds 91000-91599; session 8's setup 110 won): the kill plan added to
  session 8's four, its own turn only, 15 iterations: 116 (60 to 54, p = 0.64; eliminated in
  12.2 % against 16.2 %); the same with the whole round played out: the same 509 games as
  far as it was run (in every search the plans tied or the kill won in every world, so the
  horizon changed no choice); with 40 iterations, 11 of the first 89 against 16 (stopped);
  a policy setting for every plan, ``min_odds`` 0.25: 63 of the first 411 against 64 (7 games
  changed), ``territory`` 3: 55 of the first 406 against 62 (both stopped);
- classic, seeds 90000-: 84 iterations instead of 42 (22 of 94 against 28); two rounds played
  out instead of one (19 of 66 against 26);
- a position value fitted to who wins (``value="fitted"``, :mod:`warkit.bots.value`: a
  conditional logit over the seats in play, each rule set fitted on its own by
  ``tests/bench/fit_value.py`` on games of hard bots; the expert's value is then
  ``WIN * (2 P(win) - 1)``). It predicts the winner of held-out games better than the
  hand-set score turned into a softmax (log-loss 1.320 against 1.389 in classic over 300
  held-out games, uniform 1.538; 1.386 against 1.563 in SMART over 326, uniform 1.701), but did
  not play better: classic 28 of 120 against 32 (17 to 21, p = 0.63), SMART 35 of 240
  against 33 (17 to 15), SMART with the whole round 31 against 33 (12 to 14).

Session 9's steps (seeds 90000-90239, 240 games): the one-turn expert of session 8 won 36,
the whole round with four plans 51, with seven plans and 42 iterations 60 (game by game
49 to 25 against session 8's, p = 0.007).

**Known weaknesses.** It looks one round ahead, with hard bots for every opponent: a
human's (or its own) replies further off are not seen. Its plans are variations of the
hard level's policy, so it cannot find a move the hard level would never consider (the
front and kill plans move where and how hard a turn strikes, not what the hard level
thinks a good attack is). Its
position score has hand-set weights (a score fitted to who wins predicts better but has not
played better, above); the belief is the hard level's evidence score, not a learned model.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import ClassVar, Literal

from ..actions import Action
from ..game import Sampler
from ..state import CHANCE, GameState, evolve
from ..view import PlayerView
from ..view import view as view_of
from .belief import ObjectiveBelief
from .determinize import can_determinize, determinize
from .evaluate import BONUS, MEMBERS, Board, goal_for, goal_of
from .hard import HardBot
from .opponents import OpponentModel
from .plan_policy import PlanPolicy
from .smart_play import owned_by, trade_armies
from .stakes import WIN, wipe_out
from .sweep import Sweep, best_sweep

STANDARD_ITERATIONS = 78
"""Simulated turns per turn at the standard budget (the tables' budget): six worlds times
the thirteen plans."""

STANDARD_HORIZON: int | None = None
"""Opponents' turns a simulation plays after the expert's own (``None``: the whole round)."""

VALUES = ("hand", "fitted")
"""The position values the expert can score its simulations with (``value``)."""

MOST_WORLDS = 1000
"""Worlds a search with a time budget and no iteration budget deals at most."""

MOST_DECISIONS = 16_000
"""Simulated decisions a search spends at most, at the standard budget: it deals no further
world when the next one, at the mean cost of those dealt, would pass this. A cap on the rare
long turns of a late classic game (13 plans played in six worlds once took 4.8 s), that
counts work, not time, so games stay reproducible: the searches of six 6-player classic
games ran 6,200 to 6,400 simulated decisions a CPU second (the longest 12,231 in 1.5 s), so
the cap is about 2.5 s. In the 600 games of the classic table the worst turn took 2,254 ms."""


@dataclass(frozen=True)
class PlanStyle:
    """A candidate turn plan: the hard level's policy with some weights shifted.

    ``scale`` multiplies attributes of :class:`~warkit.bots.hard.HardBot` (after its own
    rule-set tuning), ``shift`` adds to them."""

    name: str
    scale: Mapping[str, float] = field(default_factory=dict)
    shift: Mapping[str, float] = field(default_factory=dict)
    fixed: Mapping[str, float] = field(default_factory=dict)
    """Knobs set to a value (before ``scale`` and ``shift``)."""

    def apply(self, bot: HardBot, base: Mapping[str, float]) -> None:
        """Set this plan's weights on ``bot``: every knob back to ``base`` (the bot's own
        values), then this plan's changes."""
        for name, value in base.items():
            setattr(bot, name, value)
        for name, value in self.fixed.items():
            setattr(bot, name, value)
        for name, factor in self.scale.items():
            setattr(bot, name, getattr(bot, name) * factor)
        for name, delta in self.shift.items():
            setattr(bot, name, getattr(bot, name) + delta)


BOLD = PlanStyle("bold", shift={"margin": -1.5, "min_odds": -0.15})
"""A bolder plan, left out of :data:`PLANS`: a one-turn search overrates it (its risks come
in the opponents' turns). With it the one-turn expert of session 8 won 13.8 % of 600 6-player
classic games against five hard bots, without it 21.0 % of the same 600 games (not measured
again with the whole round played out)."""

GUARD_PLAN = PlanStyle("guard", shift={"guard": 4.0, "margin": 1.0})
"""Guard the borders facing the seats that may hunt this colour, and attack less
(:attr:`~warkit.bots.plan_policy.PlanPolicy.guard`)."""
CARD_PLAN = PlanStyle("card", fixed={"most_conquests": 1})
"""One conquest for the turn's card, then stop (the rest of the armies stay home)."""
CONTINENTS_PLAN = PlanStyle("continents", scale={"complete": 2.0, "breaking": 1.5})
"""Take and hold whole continents (their bonus), and break the others'."""
KILL_PLAN = PlanStyle("kill", fixed={"trade_all": 1.0, "sweep_odds": 0.05})
"""SMART: every card traded for armies and every army thrown at the likeliest elimination
that wins (S-WIN-2 or S-WIN-3), even at long odds: the simulations say when it pays."""

FRONT_PLANS: tuple[PlanStyle, ...] = tuple(
    PlanStyle(f"front{k}", fixed={"front": float(k)}) for k in (1, 2, 3, 4, 5))
"""Every free army on one border territory, the best, second, ... or fifth by the attack it
makes possible (:attr:`~warkit.bots.plan_policy.PlanPolicy.front`): plans that differ in where
the turn strikes, not only in how boldly."""
FORTIFY_PLAN = PlanStyle("fortify", fixed={"fortify": 1.0})
"""Every free army where it saves the most (:attr:`~warkit.bots.plan_policy.PlanPolicy.fortify`:
the own territory whose chance to hold rises most, by what losing it would cost), then the hard
level's play."""

PLANS: tuple[PlanStyle, ...] = (
    PlanStyle("hard"),
    PlanStyle("careful", shift={"margin": 2.0, "exposure_weight": 0.6}),
    PlanStyle("objective", scale={"goal_weight": 2.0}, shift={"sweep_odds": -0.1}),
    PlanStyle("blocking", scale={"block_weight": 2.5}),
    GUARD_PLAN,
    CARD_PLAN,
    CONTINENTS_PLAN,
    *FRONT_PLANS,
    FORTIFY_PLAN,
)
"""The candidate plans, the hard level's own first (it wins ties)."""

SMART_PLANS: tuple[PlanStyle, ...] = (PLANS[0], *FRONT_PLANS[:3], KILL_PLAN)
"""The plans of a SMART game at the standard budget: the hard level's, the three fronts and
the kill. Session 8's four (hard, careful, objective, blocking) played the same turn in most
worlds (every plan worth the same in 364 of 618 searches of ``tests/bench/expert_profile.py
--rules smart --games 120 --seed 91000``), so the search seldom chose."""
SMART_ITERATIONS = 20
"""Simulated turns per turn in a SMART game at the standard budget (four worlds times the five
plans)."""
SMART_HORIZON: int | None = None
"""A SMART game's simulations play the whole round, until the expert's next turn, as in
classic: a front left thin or a kill tried and failed is punished where the punishment
comes. With session 8's four plans the whole round gained nothing (14 of 120 against 20,
p = 0.26, at 3.4 s of thinking a turn before the speed-ups); with plans that differ it does
(the bot card's table)."""

ALL_PLANS: tuple[PlanStyle, ...] = (*PLANS, BOLD, KILL_PLAN)
"""Every plan this module defines, by name for benchmarks (:data:`PLANS` are the default)."""

KNOBS = frozenset(k for p in ALL_PLANS for k in (*p.scale, *p.shift, *p.fixed))


class ExpertBot:
    """Determinized search over turn plans (see the module docstring's bot card)."""

    level: ClassVar[str] = "expert"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, plans: Sequence[PlanStyle] = PLANS,
                 horizon: int | Literal["standard"] | None = "standard",
                 confidence: float = 0.0, value: Literal["hand", "fitted"] = "hand",
                 knobs: Mapping[str, float] | None = None, ready: float | None = None,
                 most_decisions: int | None = MOST_DECISIONS) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if not plans:
            raise ValueError("the expert needs at least one plan")
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(VALUES)}, got {value!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations is not None or seconds is not None \
            else STANDARD_ITERATIONS
        """Simulated turns per turn (``None``: as many as ``seconds`` allows)."""
        self.seconds = seconds
        self.plans = tuple(plans)
        self.horizon = STANDARD_HORIZON if horizon == "standard" else horizon
        """Opponents' turns played out after its own in a simulation (``None``: the whole
        round, until its next turn); their players are hard bots."""
        self._standard = iterations is None and seconds is None and plans is PLANS \
            and horizon == "standard"
        """Whether the budget is the standard one, which a SMART game changes
        (:meth:`tune`)."""
        self.confidence = confidence
        """Standard errors by which a plan must beat the first one to be played
        (:meth:`pick`; 0: the best mean is played)."""
        self.value = value
        """How a simulation's end is scored: ``"hand"`` (:func:`position_value`'s hand-set
        weights) or ``"fitted"`` (:func:`warkit.bots.value.fitted_value`, fitted to who
        wins in games of hard bots)."""
        if most_decisions is not None and most_decisions < 1:
            raise ValueError(f"most_decisions must be at least 1, got {most_decisions}")
        self.most_decisions = most_decisions
        """Simulated decisions a search spends at most (:data:`MOST_DECISIONS`; ``None``: no
        cap): no world is dealt that would pass it at the mean cost of the worlds dealt."""
        self.ready = READY if ready is None else ready
        """Weight of the chance that its next turn wins at once in the hand-set value
        (:func:`ready_chance`)."""
        self.value_of: Callable[[GameState, int], float] = self.hand_value
        if value == "fitted":
            from .value import fitted_value  # it imports this module's value helpers
            self.value_of = fitted_value
        self.player = PlanPolicy(seed=self.rng.randrange(2**32))
        """The policy that answers every step, with the chosen plan's weights."""
        self.knobs = dict(knobs or {})
        """Policy settings every plan starts from, set at the first decision (after the rule
        set's tuning); emptied then."""
        unknown = [k for k in self.knobs if not hasattr(self.player, k)]
        if unknown:
            raise ValueError(f"unknown policy settings: {', '.join(sorted(unknown))}")
        self.belief = ObjectiveBelief(self.player.opponents)
        self._watchers: dict[int, HardBot] = {}
        """A hard bot per opponent seat that has watched the real game's boards (at this
        seat's turns): every simulation's opponents are fresh copies of them
        (:meth:`rollout`), so their guesses about who hunts what come from the game
        played, not from boards other simulations imagined."""
        self._planned_turn = -1
        self._base: dict[str, float] | None = None
        self.chosen: PlanStyle = self.plans[0]
        self.last_scores: dict[str, float] = {}
        """Mean score of each plan at the last search (for lessons and the bench)."""
        self.searches = 0
        self.rollouts = 0
        self.simulated_decisions = 0
        self.reused = 0
        """Counters: searches made, simulated turns played, decisions taken inside them,
        rollouts whose opponents' turns were not played again (see :meth:`rollout`)."""

    def __repr__(self) -> str:
        return f"ExpertBot(seed={self.seed!r}, iterations={self.iterations}, " \
            f"seconds={self.seconds})"

    # -- the Bot protocol ----------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``: at the start of its turn it searches (see the bot card), then
        the chosen plan's policy answers every step at once."""
        player = self.player
        player.tune(view)
        if self.knobs:  # once, after the rule set's tuning
            for name, value in self.knobs.items():
                setattr(player, name, value)
            self.knobs = {}
        self.tune(view)
        if view.player is not None and view.turn != self._planned_turn \
                and can_determinize(view):
            self._planned_turn = view.turn
            player.opponents.observe(view)
            self.chosen = self.search(view)
            self._use(player, self.chosen)
        return player.choose(view, legal)

    def tune(self, view: PlayerView) -> None:
        """At the first decision of a SMART game, the standard budget becomes SMART's
        (:data:`SMART_ITERATIONS`, :data:`SMART_HORIZON`, :data:`SMART_PLANS`)."""
        if self._standard:
            self._standard = False
            if view.rules.ends_at_first_elimination:
                self.iterations, self.horizon = SMART_ITERATIONS, SMART_HORIZON
                self.plans = SMART_PLANS

    def hand_value(self, state: GameState, seat: int) -> float:
        """:func:`position_value` with this bot's :attr:`ready` weight."""
        return position_value(state, seat, self.ready)

    # -- the search ----------------------------------------------------------------------------
    def search(self, view: PlayerView) -> PlanStyle:
        """The plan with the best mean score over the guessed worlds (see the bot card)."""
        plans = self.plans
        self.last_scores = {}
        if len(plans) == 1:
            return plans[0]
        started = time.perf_counter()
        worlds = MOST_WORLDS if self.iterations is None else \
            max(1, -(-self.iterations // len(plans)))
        scores: list[list[float]] = [[] for _ in plans]
        self.watch(view)
        spent_before = self.simulated_decisions
        for dealt in range(worlds):
            spent = self.simulated_decisions - spent_before
            if dealt and self.most_decisions is not None \
                    and spent + spent / dealt > self.most_decisions:
                break
            objectives = self.belief.sample(view, self.rng)
            state = determinize(view, objectives, self.rng)
            dice = self.rng.randrange(2**32)
            ends: dict[tuple[Action, ...], float] = {}
            for k, plan in enumerate(plans):
                policy = self.player.fork()
                self._use(policy, plan)
                scores[k].append(self.rollout(state, policy, dice, ends))
            if self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
        played = len(scores[0])
        self.searches += 1
        self.rollouts += played * len(plans)
        self.last_scores = {p.name: sum(s) / played for p, s in zip(plans, scores)}
        return plans[self.pick(scores)]

    def pick(self, scores: Sequence[Sequence[float]]) -> int:
        """The plan to play, from each plan's score in every world: the best mean, when it
        beats the first plan (the hard level's own) by more than :attr:`confidence` standard
        errors of their paired differences (the worlds' dice are common to the plans), else
        the first plan. The best of many noisy means is flattered by its luck; asking for a
        clear margin keeps the expert from trading hard's play for noise."""
        means = [sum(s) / len(s) for s in scores]
        best = max(range(len(scores)), key=lambda k: (means[k], -k))
        if best == 0 or not self.confidence:
            return best
        diffs = [b - a for a, b in zip(scores[0], scores[best])]
        n = len(diffs)
        if n < 2:
            return 0
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return best if mean > self.confidence * spread else 0

    def _use(self, bot: HardBot, plan: PlanStyle) -> None:
        """Give ``bot`` the weights of ``plan`` (undoing the last plan's)."""
        if self._base is None:  # the policy's own values, after its rule-set tuning
            self._base = {name: getattr(self.player, name) for name in KNOBS}
        plan.apply(bot, self._base)

    def rollout(self, state: GameState, policy: HardBot, dice: int,
                ends: dict[tuple[Action, ...], float] | None = None) -> float:
        """Play the rest of the current turn of ``state`` with ``policy`` for its player (the
        other seats' reactions by hard bots), then :attr:`horizon` opponents' turns by hard
        bots, dice from ``dice``; the value of the end.

        Each turn draws its dice from its own stream (``dice`` and the turn's number), so two
        plans are compared on the same luck in every turn they reach alike, not only until
        their first different roll (common random numbers: the opponents' replies to two plans
        differ by what the plans did, not by the dice), and the opponents are copies of the
        same watchers, with the same random state.

        ``ends`` maps the actions of a world's own turn already played out by another plan
        to the value found then: a plan whose turn went the same way (often: plans differ
        only in some positions) is not played out again."""
        me, turn = state.current, state.turn
        last = turn + (self.horizon if self.horizon is not None
                       else state.alive.count(True) - 1)
        rules = state.rules
        sampler = TurnDice(dice)
        decisions = 0
        responders: dict[int, HardBot] = {}
        mine: list[Action] | None = [] if ends is not None and last > turn else None
        key: tuple[Action, ...] | None = None
        while not state.is_terminal and state.turn <= last:
            if mine is not None and ends is not None and state.turn != turn:  # turn over
                key, mine = tuple(mine), None
                if key in ends:
                    self.simulated_decisions += decisions
                    self.reused += 1
                    return ends[key]
            seat = rules.current_player(state)
            if seat == CHANCE:
                action = sampler.sample(state)
            else:
                bot = policy if seat == me else responders.get(seat) \
                    or responders.setdefault(seat, self._watcher(seat).fork())
                action = bot.choose(view_of(state, seat), rules.legal_actions(state))
                decisions += 1
            if mine is not None:
                mine.append(action)
            state = rules.apply(state, action)
        self.simulated_decisions += decisions
        value = self.value_of(state, me)
        if ends is not None and key is not None:
            ends[key] = value
        return value

    def watch(self, view: PlayerView) -> None:
        """Show every opponent's watcher (:attr:`_watchers`) the board of this view: the
        board is public, and each watcher sees it as its own seat."""
        for seat in range(len(view.colors)):
            if seat != view.player and view.alive[seat]:
                self._watcher(seat).opponents.observe(replace(view, player=seat))

    def _watcher(self, seat: int) -> HardBot:
        bot = self._watchers.get(seat)
        if bot is None:
            bot = self._watchers[seat] = HardBot(seed=seat)
        return bot


class TurnDice:
    """Chance outcomes for a simulation, each turn from its own stream (the seed and the
    turn's number): what a turn rolls does not depend on how many dice earlier turns rolled,
    so simulations that reach a turn alike roll it alike (common random numbers)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._turn = -1
        self._sampler: Sampler | None = None

    def sample(self, state: GameState) -> Action:
        """One outcome of ``state``'s pending chance step."""
        if self._sampler is None or state.turn != self._turn:
            self._turn = state.turn
            self._sampler = Sampler(self.seed + state.turn * 2**32)
        return self._sampler.sample(state)


# -- the value of a position ---------------------------------------------------------------------
GOAL = 30.0
"""Value of an objective fully met but for the last step, in territory units (progress
counts squared: the last steps are worth the most)."""
CONTINENT = 1.5
"""Value of one army of continent bonus held (times the chance its territories hold)."""
ARMY = 0.12
"""Value of one army on the board."""
CARD = 1.0
"""Value of one card in hand."""
RIVAL = 0.6
"""Weight of the strongest opponent's position against this seat's own."""
READY = 0.0
"""Weight (times :data:`WIN`) of the chance that the seat's next turn wins at once
(:func:`ready_chance`)."""


def position_value(state: GameState, seat: int, ready: float = READY) -> float:
    """How good ``state`` is for ``seat``, in territory units: a won game is :data:`WIN`;
    otherwise its own standing (territories, continent bonuses kept, armies, cards, its
    objective's progress, minus what it may lose before it plays again, by the exact odds)
    minus :data:`RIVAL` times the best opponent's standing (their objectives are the
    world's cards)."""
    if state.is_terminal:
        winners = state.winners
        return WIN / len(winners) if seat in winners else -WIN
    own = view_of(state, seat)
    board = Board(own)
    mine = standing(board, state, seat, exposed=True)
    rivals = [standing(board, state, s, exposed=False)
              for s in range(len(state.colors)) if s != seat and board.counts[s]]
    value = mine - RIVAL * max(rivals, default=0.0)
    if ready:
        value += ready * WIN * ready_chance(board, state, seat)
    wiped = wipe_out(board)
    return (1.0 - wiped) * value - wiped * WIN


def ready_chance(board: Board, state: GameState, seat: int) -> float:
    """Chance that ``seat``'s next turn wins at once, by the hard level's sweep estimate
    (:func:`~warkit.bots.sweep.best_sweep`): the conquests that meet its objective or, in
    SMART, an elimination that wins (S-WIN-2, S-WIN-3), attacked with every army the turn
    brings (territories, continents and the hand's best trade) on the best territory."""
    rules = state.rules
    if rules.ends_at_first_elimination:
        options = winning_eliminations(state, seat)
    else:
        goal = goal_of(board.view)
        continents = _SCOUT.needed_continents(board, goal) \
            if goal is not None and goal.kind == "continents" else frozenset()
        options = _SCOUT.sweep_options(board, goal, continents)
    if not options:
        return 0.0
    reserves = rules.territory_armies(board.counts[seat]) + board.bonuses[seat] \
        + best_trade(board.view)
    sweep = best_sweep(board, options, reserves)
    return 0.0 if sweep is None else sweep.chance


def winning_eliminations(state: GameState, seat: int) -> list[Sweep]:
    """In SMART, the eliminations ``seat`` would win by (S-WIN-2 its target; S-WIN-3 the
    tie-break judged on the board after the whole sweep, every territory of the victim taken),
    of victims short enough to sweep in one turn."""
    rules, owner, objective = state.rules, state.owner, state.objective(seat)
    options = []
    for victim, held in enumerate(state.holdings):
        if victim == seat or not 0 < len(held) <= _SCOUT.sweep_most:
            continue
        swept = list(owner)
        for i in held[1:]:
            swept[i] = seat
        after = evolve(state, owner=tuple(swept))
        winners = rules.elimination_winners(after, seat, victim, objective) or ()
        if seat in winners:
            options.append(Sweep(frozenset(held), len(held)))
    return options


def best_trade(view: PlayerView) -> int:
    """Armies the best trade of the viewer's hand would bring now (0 without a trade; the
    rule set's quote, C-CARD-2..5 or S-TRADE-1..5)."""
    hand, owned = view.hand, owned_by(view, view.player)
    return max((trade_armies(view, cards, owned) for size in view.rules.trade_sizes
                if size <= len(hand) for cards in combinations(hand, size)), default=0)


_SCOUT = HardBot(seed=0)
"""A hard bot asked only for the sweeps a board offers (:func:`ready_chance`)."""


def standing(board: Board, state: GameState, seat: int, exposed: bool) -> float:
    """One seat's standing: territories, continents, armies, cards and objective progress;
    with ``exposed``, the territories and bonuses it may lose before it plays again."""
    counts, owner = board.counts, board.owner
    value = float(counts[seat]) + CARD * len(state.hands[seat])
    value += ARMY * sum(a for a, o in zip(board.armies, owner) if o == seat)
    for k, members in enumerate(MEMBERS):
        if board.cont_counts[seat][k] == len(members):
            keep = 1.0
            if exposed:
                for i in members:
                    keep *= board.hold(i)
            value += CONTINENT * BONUS[k] * keep
    if exposed:
        value -= sum(1.0 - board.hold(i) for i in board.mine)
    objective = state.rules.effective_objective(state, seat)
    if objective is not None:
        close = OpponentModel.closeness(board, seat, goal_for(objective, state.colors))
        value += GOAL * close * close
    return value


__all__ = ["ALL_PLANS", "PLANS", "SMART_HORIZON", "SMART_ITERATIONS", "SMART_PLANS",
           "STANDARD_HORIZON", "STANDARD_ITERATIONS", "ExpertBot", "PlanStyle", "position_value"]
