"""Tournaments between bots: many seeded games, rotating seats, win rates with confidence.

Command line::

    python -m warkit.tournament --bots hard normal easy --players 3 --games 300 \\
        --rules classic --processes 2

Game ``g`` is played with seed ``seed + g`` (the bots seated by
:func:`warkit.bots.seeded`, as :func:`warkit.simulate` seats them); the seats
rotate with ``g`` so that every bot plays every seat equally often (a list
shorter than ``--players`` is repeated). Every ``choose`` call is timed. The
report gives, per level: win rate per seat with a 95% Wilson interval, think
time per decision (median, p95, max); the average game length; how often the
first player won (is there a first-player edge?); and for every pair of levels
an exact two-sided binomial test on the games one of the two won (is one really
better?).

From Python: ``run_tournament(["hard", "normal", "easy"], games=100)`` returns a
:class:`TournamentResult` whose :meth:`~TournamentResult.report` is the table.

For students' bots (sandboxed), tables drawn from a whole class, placings, ratings, a CSV of the
games and Dask clusters, use :mod:`warkit.arena`: it seats and seeds levels as this module does
(the same seed plays the same game) and takes its statistics from :mod:`warkit.stats` too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from multiprocessing import get_context
from typing import Any

from .arena.schedule import seating
from .bots import BOTS, seeded
from .bots.timed import CpuTimedBot, TimedBot
from .simulate import collector_paused, simulate
from .stats import binomial_test, percentile, wilson


@dataclass
class GameResult:
    """One game: the level at each seat, the winning seats, its length."""

    seed: int
    levels: tuple[str, ...]
    winners: tuple[int, ...]
    turns: int
    rounds: int
    actions: int
    capped: bool
    first_player: int
    objectives: tuple[str, ...] = ()
    """The objective card each seat drew (C-SETUP-1)."""
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)


def play_game(bots: Sequence[str], players: int, rules: str, seed: int, game: int,
              max_turns: int, cpu_time: bool = False) -> GameResult:
    """Play game number ``game`` of a tournament: ``simulate(players, rules, bots=levels,
    seed=seed + game)`` with every decision timed (see :class:`TimedBot`)."""
    levels = seating(bots, players, game)
    timer = CpuTimedBot if cpu_time else TimedBot
    timed = [timer(bot) for bot in seeded(levels, seed + game)]
    with collector_paused():  # until the match is dropped (see collector_paused)
        match = simulate(players, rules, bots=timed, seed=seed + game, max_turns=max_turns)
        state, actions, capped = match.state, len(match.actions), bool(match.meta["capped"])
        del match
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    for t in timed:
        times.setdefault(t.level, []).extend(t.times)
        cpu_times.setdefault(t.level, []).extend(t.cpu_times)
    objectives = tuple(o for o in state.objective_cards if o is not None)
    if state.first_player is None or len(objectives) != players:
        raise RuntimeError("a game is dealt before it is played (C-SETUP-1, C-SETUP-4)")
    return GameResult(seed + game, levels, tuple(state.winners), state.turn, state.round,
                      actions, capped, state.first_player, objectives, times, cpu_times)


CHUNK = 8
"""Games per task handed to a worker process (a few seconds of work: little to wait for at
the end, little to send back and forth)."""


def _play_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    bots, players, rules, seed, games, max_turns, cpu_time = args
    return [play_game(bots, players, rules, seed, g, max_turns, cpu_time) for g in games]


@dataclass
class TournamentResult:
    """Every game of a tournament, and the figures computed from them."""

    bots: tuple[str, ...]
    players: int
    rules: str
    seed: int
    processes: int
    max_turns: int
    seconds: float
    games: list[GameResult]

    def levels(self) -> list[str]:
        seen: list[str] = []
        for b in self.bots:
            if b not in seen:
                seen.append(b)
        return seen

    def wins(self, level: str) -> float:
        """Games won by ``level`` (a shared win counts as a fraction)."""
        return sum(sum(1 for w in g.winners if g.levels[w] == level) / len(g.winners)
                   for g in self.games if g.winners)

    def seats(self, level: str) -> int:
        """Seats ``level`` played over all games."""
        return sum(g.levels.count(level) for g in self.games)

    def win_rate(self, level: str) -> float:
        seats = self.seats(level)
        return self.wins(level) / seats if seats else 0.0

    def timed_cpu(self) -> bool:
        """Were the decisions timed in CPU time too (``cpu_time=True``)?"""
        return any(times for g in self.games for times in g.cpu_times.values())

    def think_times(self, level: str, cpu: bool = False) -> list[float]:
        """Every decision's think time of ``level`` in seconds, on the clock or in CPU time."""
        return [t for g in self.games for t in (g.cpu_times if cpu else g.times).get(level, ())]

    def head_to_head(self, a: str, b: str) -> tuple[int, int, float]:
        """Games won by ``a`` and by ``b`` (sole winners only), and the p-value of "as
        strong as each other": then a game won by one of the two goes to ``a`` with the
        share of their seats that ``a`` holds (one half when they hold as many)."""
        wa = sum(1 for g in self.games if len(g.winners) == 1 and g.levels[g.winners[0]] == a)
        wb = sum(1 for g in self.games if len(g.winners) == 1 and g.levels[g.winners[0]] == b)
        return wa, wb, binomial_test(wa, wb, Fraction(self.seats(a),
                                                      self.seats(a) + self.seats(b)))

    def objective_table(self) -> list[tuple[str, int, float]]:
        """Per objective card: (id, seats that drew it, games won by them), easiest first."""
        drawn: dict[str, list[float]] = {}
        for g in self.games:
            for seat, card in enumerate(g.objectives):
                won = g.winners.count(seat) / len(g.winners) if g.winners else 0.0
                drawn.setdefault(card, []).append(won)
        rows = [(card, len(wins), sum(wins)) for card, wins in drawn.items()]
        return sorted(rows, key=lambda row: (-row[2] / row[1], row[0]))

    def objective_report(self) -> str:
        """Win rate by objective card drawn (a teacher's "which objective is easiest?")."""
        lines = [f"{'objective card drawn':<32} {'seats':>6} {'wins':>7} {'win rate':>9}  95% CI"]
        for card, seats, wins in self.objective_table():
            low, high = wilson(wins, seats)
            lines.append(f"{card:<32} {seats:>6} {wins:>7.1f} {wins / seats:>9.1%}  "
                         f"[{low:.1%}, {high:.1%}]")
        return "\n".join(lines)

    def first_player_wins(self) -> float:
        """Games won by the seat that played first (a shared win counts as a fraction)."""
        return sum(g.winners.count(g.first_player) / len(g.winners)
                   for g in self.games if g.winners)

    def report(self) -> str:
        n = len(self.games)
        lines = [f"{self.rules}, {self.players} players, {n} games (seeds {self.seed}.."
                 f"{self.seed + n - 1}, seats rotated), bots: {' '.join(self.bots)}; "
                 f"{self.processes} process(es), {self.seconds:.1f} s"]
        lines.append(f"{'level':<8} {'seats':>6} {'wins':>7} {'win rate':>9}  {'95% CI':<16}"
                     f"{'decisions':>10} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
                     + (f" {'max cpu ms':>10}" if self.timed_cpu() else ""))
        for level in self.levels():
            seats, wins = self.seats(level), self.wins(level)
            low, high = wilson(wins, seats)
            times = self.think_times(level)
            med = statistics.median(times) * 1e3 if times else float("nan")
            ci = f"[{low:.1%}, {high:.1%}]"
            lines.append(
                f"{level:<8} {seats:>6} {wins:>7.1f} {wins / max(seats, 1):>9.1%}  {ci:<16}"
                f"{len(times):>10,} {med:>10.3f} {percentile(times, 0.95) * 1e3:>8.3f}"
                f" {max(times, default=float('nan')) * 1e3:>8.1f}"
                + (f" {max(self.think_times(level, cpu=True)) * 1e3:>10.1f}"
                   if self.timed_cpu() else ""))
        capped = sum(g.capped for g in self.games)
        lines.append(
            f"game length: {statistics.mean(g.turns for g in self.games):.1f} turns, "
            f"{statistics.mean(g.rounds for g in self.games):.1f} rounds, "
            f"{statistics.mean(g.actions for g in self.games):,.0f} actions on average; "
            f"unfinished at the {self.max_turns}-turn cap: {capped}")
        first = self.first_player_wins()
        low, high = wilson(first, n)
        lines.append(f"first player won {first:.1f} of {n} games: {first / n:.1%} "
                     f"[{low:.1%}, {high:.1%}] (one seat in {self.players} is "
                     f"{1 / self.players:.1%})")
        lines.append(f"speed: {n / self.seconds:.2f} games/s")
        for a, b in combinations(self.levels(), 2):
            wa, wb, p = self.head_to_head(a, b)
            lines.append(f"{a} vs {b}: {wa} to {wb} games won, "
                         f"{self.seats(a)} to {self.seats(b)} seats, binomial test p = {p:.2g}")
        return "\n".join(lines)


def run_tournament(bots: Sequence[str], players: int | None = None, games: int = 100,
                   rules: str = "classic", processes: int = 1, seed: int = 0,
                   max_turns: int = 500, cpu_time: bool = False) -> TournamentResult:
    """Play ``games`` seeded games between bot levels (see the module docstring);
    ``cpu_time`` also records each decision's CPU time (:class:`TimedBot`)."""
    bots = tuple(bots)
    for level in bots:
        if level not in BOTS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(BOTS)}")
    players = players or len(bots)
    if games < 1:
        raise ValueError(f"a tournament needs at least one game, got {games}")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for {players} seats")
    started = time.perf_counter()
    indices = list(range(games))
    if processes <= 1:
        results = _play_chunk((bots, players, rules, seed, indices, max_turns, cpu_time))
    else:
        # Small chunks, handed out as the processes free up: on a shared machine one
        # process may get less of a core, and a big last chunk would leave the other idle.
        count = max(processes, min(games, -(-games // CHUNK)))
        chunks = [indices[i::count] for i in range(count)]
        with get_context("fork" if os.name == "posix" else "spawn").Pool(processes) as pool:
            parts = pool.map(_play_chunk, [(bots, players, rules, seed, c, max_turns, cpu_time)
                                           for c in chunks if c])
        results = sorted((r for part in parts for r in part), key=lambda r: r.seed)
    return TournamentResult(bots, players, rules, seed, max(1, processes), max_turns,
                            time.perf_counter() - started, results)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play seeded games between warkit bots.")
    parser.add_argument("--bots", nargs="+", default=["hard", "normal", "easy"],
                        help=f"levels, one per seat (repeated to fill): {', '.join(BOTS)}")
    parser.add_argument("--players", type=int, default=None, help="3 to 6 (default: one per bot)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--by-objective", action="store_true",
                        help="also print the win rate by objective card drawn")
    parser.add_argument("--cpu-time", action="store_true",
                        help="also time each decision in CPU time (max cpu ms)")
    args = parser.parse_args(argv)
    try:
        result = run_tournament(args.bots, args.players, args.games, args.rules,
                                args.processes, args.seed, args.max_turns, args.cpu_time)
    except ValueError as error:
        parser.error(str(error))
    print(result.report())
    if args.by_objective:
        print(result.objective_report())


if __name__ == "__main__":
    main()
