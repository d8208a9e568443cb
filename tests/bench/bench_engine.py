"""Engine benchmark: whole 4-player games between random players, fast path against checked path.

Run: python tests/bench/bench_engine.py [--games N] [--players P] [--rules classic|smart]
Prints, for ``warkit.simulate`` (classic random games take the fast path of warkit.fastsim) and
for ``simulate(..., fast=False)`` (RandomBot through legal_actions + view + apply per
decision), turns, attacks (one source against one target, however many battles), actions and
games per second of CPU time on one core, the averages per game and the turn-capped games.
The fast path's Action objects are built on demand (the record is kept compact); building
them is left out of its clock. Figures, not assertions: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

# this tree's engine, wherever the script is run from (a copy of another tree too)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from attack_runs import count_attacks  # after the tree's path: it imports that warkit

from warkit import simulate


def run(games: int, players: int, rules: str, max_turns: int, fast: bool) -> dict[str, float]:
    """Play ``games`` seeded games; figures per second of this process's CPU time (one core)."""
    actions = turns = attacks = capped = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        match = simulate(players=players, rules=rules, seed=seed, max_turns=max_turns, fast=fast)
        turns += match.state.turn
        capped += bool(match.meta["capped"])
        if fast:  # the record's Action objects are built on demand: count outside the clock
            cpu -= time.process_time()
        actions += len(match.actions)
        attacks += count_attacks(match.actions)
        if fast:
            cpu += time.process_time()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"actions": actions / cpu, "turns": turns / cpu, "attacks": attacks / cpu,
            "games": games / cpu, "cpu": cpu, "wall": wall, "per_game_turns": turns / games,
            "per_game_attacks": attacks / games, "capped": capped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; "
          f"{args.games} {args.rules} games, {args.players} random players, seeds 0..")
    rows = []
    for fast in (True, False):
        label = "fast path (simulate)" if fast else "checked path (fast=False)"
        if fast and args.rules != "classic":
            continue  # SMART games always take the checked path
        r = run(args.games, args.players, args.rules, args.max_turns, fast)
        rows.append((label, r))
        print(f"{label:27} {r['turns']:9,.0f} turns/s {r['attacks']:9,.0f} attacks/s "
              f"{r['actions']:10,.0f} actions/s {r['games']:7,.1f} games/s  "
              f"({r['cpu']:.1f} s CPU, {r['wall']:.1f} s wall; {r['per_game_turns']:.1f} turns "
              f"and {r['per_game_attacks']:.1f} attacks a game; capped {r['capped']})")
    if len(rows) == 2:
        print(f"fast / checked: {rows[0][1]['turns'] / rows[1][1]['turns']:.1f}x turns/s, "
              f"{rows[0][1]['attacks'] / rows[1][1]['attacks']:.1f}x attacks/s")


if __name__ == "__main__":
    main()
