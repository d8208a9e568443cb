"""Bot benchmark: where the time of a simulated game goes, and how many games fit a minute.

Run: python tests/bench/bench_bots.py [--level normal] [--games 200] [--players 3]
     [--rules classic] [--processes 2] [--many 1000]

1. Plays ``--games`` games of one level on one core through the checked public path
   (view + legal_actions + choose + apply, exactly what :func:`warkit.simulate`
   does) and splits the CPU time: engine (view, legal actions, apply, chance)
   against the bots' ``choose``; prints per-action and per-decision costs.
2. Plays ``--many`` games with :func:`warkit.tournament.run_tournament` on
   ``--processes`` processes and prints the wall time (the lesson's "1,000 games
   in a cell"), with the machine's load average beside it: the machine is shared.

Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

# this tree's engine, wherever the script is run from (a copy of another tree too)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit.bots import seeded
from warkit.game import Sampler, initial_state
from warkit.match import Match
from warkit.state import CHANCE
from warkit.tournament import run_tournament
from warkit.view import view


def split(level: str, players: int, rules: str, games: int) -> None:
    clock = time.process_time
    parts = dict.fromkeys(("view", "legal", "choose", "apply", "chance"), 0.0)
    actions = decisions = 0
    run_tournament([level], players, 2, rules)  # warm the odds tables
    started = clock()
    for seed in range(games):
        sampler = Sampler(seed)
        match = Match(initial_state(players, rules), seed=seed)
        bots = seeded([level] * players, seed)
        state = match.state
        while not state.is_terminal and state.turn <= 500:
            seat = state.current_player
            if seat == CHANCE:
                t0 = clock()
                action = sampler.sample(state)
                parts["chance"] += clock() - t0
            else:
                t0 = clock()
                seen = view(state, seat)
                t1 = clock()
                legal = state.rules.legal_actions(state)
                t2 = clock()
                action = bots[seat].choose(seen, legal)
                parts["choose"] += clock() - t2
                parts["view"] += t1 - t0
                parts["legal"] += t2 - t1
                decisions += 1
            t0 = clock()
            state = match.push(action)
            parts["apply"] += clock() - t0
            actions += 1
    total = clock() - started
    engine = total - parts["choose"]
    print(f"{games} {rules} games, {players} x {level}, one core: {total / games * 1e3:.0f} ms "
          f"CPU per game ({actions / games:,.0f} actions, {decisions / games:,.0f} decisions)")
    print(f"  engine {engine / games * 1e3:.0f} ms/game ({engine / total:.0%}): apply "
          f"{parts['apply'] / actions * 1e6:.0f} us/action, legal_actions "
          f"{parts['legal'] / decisions * 1e6:.0f} us/decision, view "
          f"{parts['view'] / decisions * 1e6:.0f} us/decision, chance "
          f"{parts['chance'] / games * 1e3:.1f} ms/game")
    print(f"  bots   {parts['choose'] / games * 1e3:.0f} ms/game ({parts['choose'] / total:.0%}): "
          f"{parts['choose'] / decisions * 1e6:.0f} us/decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--many", type=int, default=1000)
    args = parser.parse_args()
    split(args.level, args.players, args.rules, args.games)
    if args.many:
        load = os.getloadavg()[0]
        result = run_tournament([args.level], args.players, args.many, args.rules,
                                args.processes)
        print(f"{args.many} games, {args.processes} processes: {result.seconds:.1f} s wall "
              f"({args.many / result.seconds:.1f} games/s; load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
