"""Arena benchmark: games/s against the old tournament, on a Dask LocalCluster, and the cost of
the sandbox per decision.

Run: python tests/bench/bench_arena.py [--games 120] [--bots normal easy random]
     [--players 3] [--processes 2] [--cluster-games 60] [--sandbox-games 20]

1. The same seeded games (levels only) with ``warkit.tournament.run_tournament`` and with
   ``warkit.arena.run_arena`` on ``--processes`` processes: wall time and games/s (the two
   play the same games: their winners are compared); then a quarter of them on one process,
   in CPU seconds (what the load of a shared machine does not change much).
2. ``--cluster-games`` games on ``dask.distributed.LocalCluster(n_workers=2, processes=True)``.
3. The sandbox: a student's bot that overrides nothing (so it plays exactly like ``easy``)
   against the ``easy`` level in the same games, on one process: milliseconds per decision of
   each, the difference being the sandbox's round trip (pickle the view and the legal actions,
   two pipes, parse and check the answer).

The machine's load average is printed beside each figure: the machine is shared. Figures, not
assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit.arena import Entrant, run_arena
from warkit.tournament import run_tournament

PLAIN = ("from warkit.bots.student import StudentBot\n\n\n"
         "class Bot(StudentBot):\n    pass\n")


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def compare(bots: list[str], players: int, games: int, processes: int) -> None:
    started = time.perf_counter()
    old = run_tournament(bots, players, games, processes=processes)
    old_s = time.perf_counter() - started
    print(f"tournament: {games} games, {processes} processes: {old_s:.1f} s, "
          f"{games / old_s:.2f} games/s ({load()})")
    started = time.perf_counter()
    new = run_arena(bots, players, games, processes=processes, anchor=None, progress=False)
    new_s = time.perf_counter() - started
    print(f"arena:      {games} games, {processes} processes: {new_s:.1f} s, "
          f"{games / new_s:.2f} games/s ({load()})")
    same = [g.winners for g in old.games] == [g.winners for g in new.games]
    print(f"same games (winners of every seed): {same}")
    # on a shared machine the wall clock depends on the others: CPU time on one process too
    few = max(1, games // 4)
    for name, run in (("tournament", lambda: run_tournament(bots, players, few)),
                      ("arena", lambda: run_arena(bots, players, few, processes=1, anchor=None,
                                                  progress=False))):
        cpu = time.process_time()
        run()
        cpu = time.process_time() - cpu
        print(f"{name:<10}  {few} games on 1 process: {cpu:.2f} CPU s, "
              f"{1e3 * cpu / few:.1f} CPU ms per game ({load()})")


def cluster(bots: list[str], players: int, games: int) -> None:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as local:
        started = time.perf_counter()
        result = run_arena(bots, players, games, scheduler=local.scheduler_address,
                           anchor=None, progress=False)
        seconds = time.perf_counter() - started
    print(f"Dask LocalCluster (2 worker processes): {games} games in {seconds:.1f} s, "
          f"{games / seconds:.2f} games/s, {result.where} ({load()})")


def sandbox(games: int) -> None:
    plain = Entrant.from_source(PLAIN, "plain")
    result = run_arena([plain, "easy"], 3, games, processes=1, anchor=None, progress=False)
    rows = {}
    for name in ("plain", "easy"):
        count, seconds = result.decisions(name)
        rows[name] = 1e3 * seconds / count
        print(f"{name:>6}: {count:,} decisions, {rows[name]:.3f} ms per decision"
              + (" (sandboxed)" if name == "plain" else " (in the game's process)"))
    print(f"sandbox overhead: {rows['plain'] - rows['easy']:.3f} ms per decision; faults "
          f"{dict(result.faults('plain')) or 'none'} ({load()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--bots", nargs="+", default=["normal", "easy", "random"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--cluster-games", type=int, default=60)
    parser.add_argument("--sandbox-games", type=int, default=20)
    args = parser.parse_args()
    print(f"python tests/bench/bench_arena.py --games {args.games} --bots {' '.join(args.bots)} "
          f"--players {args.players} --processes {args.processes} --cluster-games "
          f"{args.cluster_games} --sandbox-games {args.sandbox_games}")
    compare(args.bots, args.players, args.games, args.processes)
    if args.cluster_games:
        cluster(args.bots, args.players, args.cluster_games)
    if args.sandbox_games:
        sandbox(args.sandbox_games)


if __name__ == "__main__":
    main()
