"""Soak and benchmark of a seat's mirror (warkit.mirror): many whole games, every seat and the
spectator, each step as the room server sends it replayed on the seat's mirror.

Run: python tests/bench/soak_mirror.py [--games 300] [--rules classic smart] [--seed 0]

For each rule set, ``--games`` seeded games between random bots (3 to 6 players, by seed), and
for every seat and the spectator: the checks of ``tests/mirror_replay.py`` after every step (the
seat's views of the mirror and of the real game are equal, but a hidden objective's win at the
very end; each step's present is dealt as ``mirror_state`` deals its view, but for the cards the
step needs moved). Prints, per rule set: games, seat replays, steps, failures (the first few in
full), steps that moved cards, replays whose end differed, and the speed of ``resolve_step`` +
``match.push`` alone (a second, unchecked pass: steps per CPU second), with the load.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mirror_replay import replay, setup_end

import warkit
from warkit.seat_record import step_for


def timed_pass(real: warkit.Match, seat: int | None) -> tuple[int, float]:
    """Steps replayed and the CPU seconds of resolve_step + push alone (the steps made first)."""
    base = setup_end(real)
    steps = [step_for(real.states[i], real.actions[i], real.states[i + 1], seat)
             for i in range(base, len(real.actions))]
    mirror = warkit.Match(warkit.mirror_state(warkit.view(real.states[base], seat)))
    start = time.process_time()
    for step in steps:
        mirror.push(warkit.resolve_step(mirror, step, seat))
    return len(steps), time.process_time() - start


def soak(rules: str, games: int, seed0: int) -> None:
    replays = steps = moved = ends = 0
    failures: list[str] = []
    timed_steps, cpu = 0, 0.0
    wall = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        players = 3 + seed % 4
        real = warkit.simulate(players=players, rules=rules, seed=seed, max_turns=3000)
        for seat in (None, *range(players)):
            replays += 1
            try:
                out = replay(real, seat)
            except (AssertionError, ValueError) as exc:
                failures.append(f"{rules} seed {seed} ({players} players) seat {seat}: {exc}")
                continue
            steps += out.steps
            moved += out.moved
            ends += out.unseen_end
            count, seconds = timed_pass(real, seat)
            timed_steps += count
            cpu += seconds
    print(f"{rules}: {games} games (seeds {seed0}..{seed0 + games - 1}), {replays} seat "
          f"replays, {steps} steps checked, {len(failures)} failures, "
          f"{time.perf_counter() - wall:.0f} s")
    print(f"  steps whose present moved cards: {moved} ({100 * moved / max(steps, 1):.1f} %); "
          f"replays whose end differed (a hidden objective's win): {ends}")
    print(f"  resolve_step + push: {timed_steps / max(cpu, 1e-9):,.0f} steps per CPU second "
          f"({timed_steps} steps, {cpu:.1f} s)")
    for failure in failures[:5]:
        print("  FAILED", failure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", nargs="+", default=["classic", "smart"])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("command: python tests/bench/soak_mirror.py " + " ".join(sys.argv[1:]))
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for rules in args.rules:
        soak(rules, args.games, args.seed)
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
