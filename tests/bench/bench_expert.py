"""Expert benchmark: think time per turn, simulated turns (rollouts) and decisions per second.

Run: python tests/bench/bench_expert.py [--games 6] [--players 6] [--rules classic]
     [--iterations 12] [--seconds S] [--horizon N|round]

Plays ``--games`` games of one ``expert`` against ``hard`` bots (seat 0, seeds 0..) on one
core and prints, with the machine's load beside it (the machine is shared):

- think time per own turn (the sum of the expert's decisions in that turn, which is
  nearly all its search at the turn's first decision): median, 95th percentile and worst,
  on the clock and in CPU time;
- the search's speed: simulated turns (rollouts) per second and simulated decisions per
  second of search time;
- the expert's own decisions per second of its whole think time (the small steps of a
  planned turn are answered at once).

Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.actions import Action
from warkit.bots import ExpertBot
from warkit.view import PlayerView


class TurnTimer:
    """Wraps the expert: wall and CPU time of each of its turns (and of decisions outside
    them, SMART's reactions, counted per decision)."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot = bot
        self.level = bot.level
        self.turns: dict[int, list[float]] = {}
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.choose(view, legal)
        spent = self.turns.setdefault(view.turn, [0.0, 0.0])
        spent[0] += time.perf_counter() - wall
        spent[1] += time.thread_time() - cpu
        self.decisions += 1
        return action


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--horizon", default=None,
                        help="opponents' turns played out after its own (round: all of them)")
    args = parser.parse_args(argv)
    horizon: int | Literal["standard"] | None = "standard" if args.horizon is None else \
        None if args.horizon == "round" else int(args.horizon)
    walls: list[float] = []
    cpus: list[float] = []
    rollouts = searches = simulated = decisions = reused = 0
    search_cpu = 0.0
    simulate(3, args.rules, bots="hard", seed=0)  # warm the odds tables
    for seed in range(args.games):
        expert = ExpertBot(seed=seed, iterations=args.iterations, seconds=args.seconds,
                           horizon=horizon)
        search = expert.search

        def timed_search(view: PlayerView, search: Any = search) -> Any:
            nonlocal search_cpu
            start = time.thread_time()
            try:
                return search(view)
            finally:
                search_cpu += time.thread_time() - start

        expert.search = timed_search  # type: ignore[method-assign]  # a timing spy
        timer = TurnTimer(expert)
        simulate(args.players, args.rules, bots=[timer] + ["hard"] * (args.players - 1),
                 seed=seed)
        walls.extend(w for w, _ in timer.turns.values())
        cpus.extend(c for _, c in timer.turns.values())
        rollouts += expert.rollouts
        searches += expert.searches
        simulated += expert.simulated_decisions
        reused += expert.reused
        decisions += timer.decisions
    probe = ExpertBot(iterations=args.iterations, seconds=args.seconds)
    budget = f"budget: {probe.iterations} iterations, {probe.seconds} s per turn, " \
        f"horizon {'round' if horizon is None else horizon}"
    print(f"expert vs {args.players - 1} hard, {args.rules}, {args.games} games, {budget}; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"turns timed: {len(walls)} (searches: {searches})")
    for name, values in (("clock", walls), ("cpu", cpus)):
        print(f"think time per turn ({name}): median {statistics.median(values) * 1e3:.0f} ms, "
              f"p95 {quantile(values, 0.95) * 1e3:.0f} ms, worst {max(values) * 1e3:.0f} ms")
    print(f"search: {rollouts / search_cpu:.1f} rollouts/s, "
          f"{simulated / search_cpu:,.0f} simulated decisions/s (CPU); rollouts sharing another "
          f"plan's replies: {reused}")
    print(f"expert decisions: {decisions:,}, {decisions / sum(cpus):,.0f} decisions/s of its "
          f"think time (CPU)")


if __name__ == "__main__":
    main()
