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
   ``legal_actions`` (one rule book), with the same dice for every plan in a world
   (common random numbers: plans are compared on the same luck), and then the whole
   round until its next turn (:data:`STANDARD_HORIZON`): every opponent's turn, played by
   a hard bot with the objective that world dealt it, so a seat guessed to hunt this
   colour does hunt it in the simulation, and a plan that leaves a border thin is
   punished where the punishment comes;
4. scores the position at its next turn (:func:`position_value`) with the world's
   objectives: its own objective's progress and the opponents' (from their guessed
   cards), territories, continents and cards, and what it risks before it plays again,
   valued with the exact battle odds of :mod:`warkit.odds` (the chance each territory
   survives its strongest neighbour, :meth:`~warkit.bots.evaluate.Board.hold`) rather
   than with sampled dice; a game won or lost within the simulation is worth plus or minus
   :data:`WIN`;
5. plays the plan with the best mean score for the rest of the turn: every small step of
   the turn (each placement, attack, roll, move) is answered at once by that plan's policy,
   which is also how it answers steps outside its turns (SMART's reactions).
   (``confidence``, off by default and not measured: play another plan than the hard
   level's own only when its paired margin is that many standard errors.)

The plans are the hard level's policy (:class:`~warkit.bots.plan_policy.PlanPolicy`, which
plays exactly like :class:`~warkit.bots.hard.HardBot` with its knobs off) played seven ways:
``hard`` itself; ``careful`` (a higher bar to attack, the source left behind counted);
``objective`` (the objective's territories worth twice as much, sweeps tried earlier);
``blocking`` (hit the territories the most dangerous opponents need); ``guard`` (own
territories facing a seat that may hunt this colour worth more to keep, by the belief
that it holds that card, so placement, attacks, occupation and regroup all guard that
border); ``card`` (one conquest for the turn's card, then stop); ``continents`` (take,
hold and break whole continents).

SMART's advantages (terrain cards, tactical regroup, Intelligence, alliance, airlift,
passage) are part of every plan: the hard level's
:class:`~warkit.bots.advantages.SmartAdvantages` play them inside the simulations too.

**Budget.** ``iterations`` simulated turns per turn (default :data:`STANDARD_ITERATIONS`:
six worlds times the seven plans, each its own turn and then the round until its next turn;
in a SMART game :data:`SMART_ITERATIONS`, session 8's four plans, its own turn only;
reproducible with the seed), or ``seconds`` of thinking per turn (it stops between worlds
when the time is up, so not reproducible). Plans whose own turn went the same way in a world
share the opponents' turns played after it (:meth:`ExpertBot.rollout`). At the standard
budget a turn's thinking took 227 ms CPU (median; worst 1,725 ms) over the 3,879 turns of the
240 6-player classic games below (``tests/bench/expert_ab.py``, which times every turn; the
machine's load was 2-30 on 2 cores, so the clock's figures say nothing), inside the budget
of 1 s median and 3 s worst; 139 ms (worst 710 ms) at 3 players and 168 ms (worst 712 ms)
at 4 (the tables below). ``horizon=0`` (the session-8 expert: its own turn only, scored
by the odds) took 15 ms (worst 350 ms) at 12 iterations; the whole round at 12 iterations
61 ms (worst 367 ms).

**What it knows.** Only its view and the legal actions, like every bot: the board, its own
cards and objective, the other hands' sizes, the public history it has watched. The
worlds it imagines are guesses; it never receives a game state.

**Strength, measured.** Seat-rotated games against hard bots, game ``g`` seeded
``SEED + g`` (``python tests/bench/expert_ab.py`` plays exactly the games of ``python -m
warkit.tournament --bots expert hard ... --seed SEED``, and changes only the expert's
settings, so two variants on the same seeds are compared game by game with a sign test).
6-player classic, five hard bots, seeds 90000-90239 (240 games each, load 1.5-30 on 2 cores):

- the session-8 expert (``--horizon 0 --iterations 12``, four plans): 36 won, 15.0 % (95 %
  interval 11.0-20.1 %; fair share 16.7 %, binomial p = 0.55), eliminated in 40.4 %;
- the whole round played out (``--horizon round``, 12 iterations, four plans): 51 won,
  21.2 % (16.5-26.9 %, p = 0.068), eliminated in 36.7 %; against the session-8 expert game by
  game: 35 won that it lost, 20 the reverse (p = 0.058);
- the standard expert (the round, 42 iterations, seven plans): 60 won, 25.0 % (19.9-30.8 %,
  p = 0.0009), eliminated in 29.6 %; game by game against the session-8 expert 49 to 25
  (p = 0.007), against the four-plan round 36 to 27 (p = 0.31: the three new plans and the
  more worlds are not shown to help on their own).

The standard expert against hard bots at fewer seats (classic, 120 games each, load 3-14):

- 3 players, two hard (seeds 92000-92119): 54 won, 45.0 % (36.4-53.9 %; fair 33.3 %,
  p = 0.0087), eliminated in 10 %;
- 4 players, three hard (seeds 93000-93119): 33 won, 27.5 % (20.3-36.1 %; fair 25 %,
  p = 0.53).

6-player SMART, five hard bots, seeds 91000-91119 (120 games each, load 4-12): with the whole
round and seven plans it won 14, 11.7 % (7.1-18.6 %; fair 16.7 %, p = 0.18), and one turn's
thinking took up to 3,369 ms CPU (median 164 ms), over the budget; the session-8 expert won
20 of the same games, 16.7 % (11.1-24.3 %, p = 1), game by game 13 to 7 (p = 0.26). So a
SMART game keeps session 8's one-turn search at the standard budget (:data:`SMART_HORIZON`,
:meth:`ExpertBot.tune`): in SMART the expert is not stronger than hard.

Those figures are session 9's. Session 10 fixed two things that change hard as well as the
expert: in SMART the belief and hard's guesses weighed continent and territory objectives,
which no SMART player holds (S-SETUP-1), and the guessed worlds dealt them; they now ask the
rule set's deck (``objective_deck``). And hard's guard against a likely hunter could outweigh
an attack that wins the game outright; such an attack no longer counts what its source leaves
behind (``wins_outright``). At the standard budget afterwards (seat-rotated, load 2-8 on 2
cores; the figures of ``expert_ab.py``'s runs, games in parts with the same seeds):

- 6-player classic, five hard (seeds 90000-90599): 154 of 600 won, 25.7 % (22.3-29.3 %;
  fair 16.7 %, p = 2.5e-08), eliminated in 29.7 %; a turn's thinking 219 ms CPU median,
  worst 1,484 ms (7,901 turns of the last 462 games);
- 6-player SMART, five hard (seeds 91000-91599): 97 of 600 won, 16.2 % (13.4-19.3 %;
  p = 0.78), 15-16 ms median, worst 609 ms;
- 3 players, two hard (seeds 92000-92299): 124 of 300 won, 41.3 % (35.9-47.0 %; fair 33.3 %,
  p = 0.0039), 124 ms median, worst 750 ms;
- 4 players, three hard (seeds 93000-93299): 86 of 300 won, 28.7 % (23.8-34.0 %; fair 25 %,
  p = 0.14), 157 ms median, worst 1,018 ms: not shown to beat hard.

In SMART every game ends at the first elimination, and the expert wins only as the
eliminator: in 120 games (``tests/bench/expert_profile.py --rules smart --games 120 --seed
91000``) it ended 17 games and won all 17 (7 by its own objective, S-WIN-2, 10 holding the
most territories, S-WIN-3), was eliminated in 18 and watched 85 others end, winning none; and
in 374 of its 625 searches every plan was worth the same (the plans seldom differ there). Five
SMART variants (commit bb6f66a, reverted) did not beat the standard setup on 240 games
(33 won): the whole round played out (33), a value weighing each opponent's chance to end the
game by a winning elimination before the expert plays again (35), a territory-lead term
(35), three more plans (more territories, longer-odds eliminations, bold) (39), those with
the elimination value (37), and with a plan taking territories from the leader too (37);
game by game none differs from it at p < 0.28.

The 33 % target is not reached in either rule set.

**A fitted position value** (``value="fitted"``; the default stays ``"hand"``). A position
score over much the same facts as :func:`position_value`, weights fitted to who wins
(:mod:`warkit.bots.value`: a
conditional logit over the seats in play, each rule set fitted on its own, by
``tests/bench/fit_value.py`` on games of hard bots; the expert's value is then
``WIN * (2 P(win) - 1)``) predicts the winner of held-out games better than the hand-set
score turned into a softmax: log-loss 1.320 against 1.389 in classic (300 games held out;
uniform 1.538), 1.386 against 1.563 in SMART (326 games; uniform 1.701). It did not make
the expert stronger (``expert_ab.py --value fitted``, load 3-4, game by game against the
hand-set value on the same seeds): 6-player classic, seeds 90000-90119, 28 of 120 won
(23.3 %, 16.7-31.7 %) against 32, game by game 17 to 21 (p = 0.63); 6-player SMART at its
standard budget, seeds 91000-91239, 35 of 240 (14.6 %) against 33, 17 to 15 (p = 0.86);
SMART with the whole round played out (``--horizon round --iterations 12``, four plans), where
the value judges the position after every opponent played, 31 of 240 against the hand-set
value's 33, 12 to 14 (p = 0.85).
A better predictor of who wins is not, so far, a better judge between plans; untested
guesses why: the positions the plans reach differ less than positions across games, and the
model learned from hard bots' games, not from the expert's.

**Known weaknesses.** It looks one round ahead, with hard bots for every opponent: a
human's (or its own) replies further off are not seen. Its plans are variations of the
hard level's policy, so it cannot find a move the hard level would never consider; with six
worlds the choice among seven plans is noisy (``confidence`` is there to make it cautious,
unmeasured). Its position score has hand-set weights (a score fitted to who wins predicts
better but has not played better, above); the belief is the hard level's evidence score,
not a learned model. Session 8's profile (``tests/bench/expert_profile.py``: eliminated in
47.5 % of games, 96 of 168 losses to a "destroy a colour" objective, plans that seldom
differed) was the one-turn expert's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal

from ..actions import Action
from ..game import Sampler
from ..state import CHANCE, GameState
from ..view import PlayerView
from ..view import view as view_of
from .belief import ObjectiveBelief
from .determinize import can_determinize, determinize
from .evaluate import BONUS, MEMBERS, Board, goal_for
from .hard import HardBot
from .opponents import OpponentModel
from .plan_policy import PlanPolicy
from .stakes import WIN, wipe_out

STANDARD_ITERATIONS = 42
"""Simulated turns per turn at the standard budget (the tables' budget)."""

STANDARD_HORIZON: int | None = None
"""Opponents' turns a simulation plays after the expert's own (``None``: the whole round)."""

VALUES = ("hand", "fitted")
"""The position values the expert can score its simulations with (``value``)."""

MOST_WORLDS = 1000
"""Worlds a search with a time budget and no iteration budget deals at most."""

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

PLANS: tuple[PlanStyle, ...] = (
    PlanStyle("hard"),
    PlanStyle("careful", shift={"margin": 2.0, "exposure_weight": 0.6}),
    PlanStyle("objective", scale={"goal_weight": 2.0}, shift={"sweep_odds": -0.1}),
    PlanStyle("blocking", scale={"block_weight": 2.5}),
    GUARD_PLAN,
    CARD_PLAN,
    CONTINENTS_PLAN,
)
"""The candidate plans, the hard level's own first (it wins ties)."""

SMART_PLANS: tuple[PlanStyle, ...] = PLANS[:4]
"""The plans of a SMART game at the standard budget: session 8's four (see
:data:`SMART_HORIZON`)."""
SMART_ITERATIONS = 12
"""Simulated turns per turn in a SMART game at the standard budget."""
SMART_HORIZON: int | None = 0
"""A SMART game's simulations stop at the end of the expert's own turn: with the whole round
and seven plans it won 14 of 120 6-player SMART games against five hard bots where the
one-turn search of session 8 won 20 of the same 120 (game by game 7 to 13, p = 0.26, not
a clear loss, but no gain), and one turn's thinking took 3.4 s CPU, over the budget."""

ALL_PLANS: tuple[PlanStyle, ...] = (*PLANS, BOLD)
"""Every plan this module defines, by name for benchmarks (:data:`PLANS` are the default)."""

KNOBS = frozenset(k for p in ALL_PLANS for k in (*p.scale, *p.shift, *p.fixed))


class ExpertBot:
    """Determinized search over turn plans (see the module docstring's bot card)."""

    level: ClassVar[str] = "expert"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, plans: Sequence[PlanStyle] = PLANS,
                 horizon: int | Literal["standard"] | None = "standard",
                 confidence: float = 0.0, value: Literal["hand", "fitted"] = "hand",
                 knobs: Mapping[str, float] | None = None) -> None:
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
        self.value_of = position_value
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
        seat's turns): every simulation's opponents are copies of them
        (:meth:`responders`), so their guesses about who hunts what come from the game
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
        for _ in range(worlds):
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


def position_value(state: GameState, seat: int) -> float:
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
    wiped = wipe_out(board)
    return (1.0 - wiped) * value - wiped * WIN


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
