"""Side-by-side speed: ``warkit.simulate`` against a lean Risk engine (pyrisk), whole games.

Run: python tests/bench/bench_vs_pyrisk.py --pyrisk PATH [--tree PATH ...] [--games N]
     [--players P] [--rounds R] [--max-turns T]

pyrisk (https://github.com/chronitis/pyrisk, a minimal Risk: no cards, no objectives) is not
part of warkit and is never copied into it: fetch it anywhere and pass its folder with
``--pyrisk`` (``git clone https://github.com/chronitis/pyrisk /tmp/pyrisk``). It is imported
from there unmodified; its games run headless through its own ``Game(curses=False)``, whose
display does nothing and never sleeps, so nothing is patched. Its players are its leanest AI,
``StupidAI`` (random placement, attacks every neighbour it outnumbers until conquest or one army
left), through a subclass that only counts turns, attacks and battles. Territories are dealt
(``deal=True``), as War deals them.

warkit's players are ``simulate``'s default random players (``RandomBot``'s policy), which for
classic games take the fast path (``warkit.fastsim``); each tree's figures say whether they did.
``--tree PATH`` (repeatable; default: the tree holding this script) measures that tree's
``warkit`` in a subprocess with ``PYTHONPATH=PATH``, so one run compares trees (say a commit
unpacked with ``git archive``) with each other and with pyrisk.

Each measurement is a fresh subprocess playing the same seeded games (seeds 0..N-1, and
``PYTHONHASHSEED=0``: pyrisk's neighbour sets iterate in string-hash order, so without it its
seeded games differ from one process to the next); the engines alternate within a round and
the order rotates between rounds. Figures are per second of the subprocess's CPU time (one
core): turns (one player's turn; pyrisk's own ``game.turn`` also counts its setup steps and
dead players' slots, so it is not used), attacks (runs of battles by one source against one
target) and battles (dice rolls); medians over the rounds, the range in brackets, and the ratio
of each warkit tree's median to pyrisk's. The fast path builds its record's Action objects on
demand: counting them is left out of its clock. Each subprocess plays one more game (seed N)
before its clock starts, so that first-use costs (lazy imports, caches) are not counted.
Figures, not assertions: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
NAMES = ["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO"]  # pyrisk plays 2 to 5 players
FIGURES = ("turns", "attacks", "battles")


def warkit_games(games: int, players: int, max_turns: int) -> dict[str, Any]:
    """Play seeded ``simulate`` games with the warkit first on ``sys.path``."""
    from attack_runs import count_attacks

    import warkit
    from warkit import simulate
    from warkit.actions import Attack

    simulate(players=players, seed=games, max_turns=max_turns)  # warm-up, off the clock
    turns = attacks = battles = capped = 0
    fast = True
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        match = simulate(players=players, seed=seed, max_turns=max_turns)
        cpu -= time.process_time()  # counting builds the record's Actions: off the clock
        turns += match.state.turn
        capped += bool(match.meta["capped"])
        fast = fast and bool(match.meta.get("fast"))
        attacks += count_attacks(match.actions)
        battles += sum(isinstance(action, Attack) for action in match.actions)
        cpu += time.process_time()
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
            "turns": turns, "attacks": attacks, "battles": battles, "capped": capped,
            "games": games, "fast": fast, "module": warkit.__file__}


class _Capped(Exception):
    """Raised from the counting player to end a pyrisk game at the turn cap."""


def pyrisk_games(path: str, games: int, players: int, max_turns: int) -> dict[str, Any]:
    """Play seeded pyrisk games between counting StupidAIs (pyrisk imported from ``path``)."""
    sys.path.insert(0, path)
    import random

    from ai.stupid import StupidAI  # pyrisk's modules, from its folder
    from game import Game

    tally = {"turns": 0, "game_turns": 0, "attacks": 0, "battles": 0}

    def roll_again(attackers: int, defenders: int) -> bool:
        """pyrisk's default strategy (fight on), counting each roll it allows."""
        tally["battles"] += 1
        return True

    class CountingStupidAI(StupidAI):
        """StupidAI's choices unchanged; counts turns (one reinforce each) and attacks."""

        def reinforce(self, available: int) -> Any:
            tally["turns"] += 1
            tally["game_turns"] += 1
            if tally["game_turns"] > max_turns:
                raise _Capped
            return super().reinforce(available)

        def attack(self) -> Any:
            for src, target, _, move in super().attack():
                tally["attacks"] += 1
                yield src, target, roll_again, move

    def play(seed: int) -> bool:
        """One seeded game; was it capped?"""
        random.seed(seed)
        tally["game_turns"] = 0
        game = Game(curses=False, deal=True)
        for name in NAMES[:players]:
            game.add_player(name, CountingStupidAI)
        try:
            game.play()
        except _Capped:
            return True
        return False

    play(games)  # warm-up, off the clock and the counts
    tally.update(turns=0, attacks=0, battles=0)
    cpu, wall = time.process_time(), time.perf_counter()
    capped = sum(play(seed) for seed in range(games))
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
            "turns": tally["turns"], "attacks": tally["attacks"],
            "battles": tally["battles"], "capped": capped, "games": games}


def measure(engine: str, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement in a fresh subprocess: ``engine`` is "pyrisk" or a warkit tree."""
    command = [sys.executable, str(HERE), "--games", str(args.games), "--players",
               str(args.players), "--max-turns", str(args.max_turns)]
    env = dict(os.environ, PYTHONHASHSEED="0")  # pyrisk's neighbour sets iterate by str hash
    if engine == "pyrisk":
        command += ["--worker", "pyrisk", "--pyrisk", args.pyrisk]
    else:
        command += ["--worker", "warkit"]
        env["PYTHONPATH"] = engine
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{engine}: the measurement failed\n{done.stderr}")
    out = done.stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    if engine != "pyrisk" and not Path(result["module"]).resolve().is_relative_to(
            Path(engine).resolve()):
        raise SystemExit(f"tree {engine}: imported warkit from {result['module']} instead")
    return result


def median_rate(runs: list[dict[str, Any]], figure: str) -> tuple[float, float, float]:
    """Median, lowest and highest of ``figure`` per CPU second over the runs."""
    rates = [run[figure] / run["cpu"] for run in runs]
    return statistics.median(rates), min(rates), max(rates)


def report(results: dict[str, list[dict[str, Any]]], labels: dict[str, str]) -> None:
    """Print the table: rates per CPU second, per-game averages and ratios to pyrisk."""
    base = {figure: median_rate(results["pyrisk"], figure)[0] for figure in FIGURES}
    print(f"{'engine':<24}{'turns/s':>22}{'attacks/s':>22}{'battles/s':>22}"
          f"{'per game t/a/b':>20}{'capped':>8}{'ratio t/a/b':>20}")
    for engine, runs in results.items():
        cells = []
        for figure in FIGURES:
            mid, low, high = median_rate(runs, figure)
            cells.append(f"{mid:>9,.0f} [{low:,.0f}–{high:,.0f}]")
        first = runs[0]
        per_game = "/".join(f"{first[f] / first['games']:.0f}" for f in FIGURES)
        ratio = "/".join(f"{median_rate(runs, f)[0] / base[f]:.2f}" for f in FIGURES)
        print(f"{labels[engine]:<24}" + "".join(f"{c:>22}" for c in cells)
              + f"{per_game:>20}{first['capped']:>8}{ratio:>20}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyrisk", help="folder of a pyrisk checkout (required)")
    parser.add_argument("--tree", action="append", default=[],
                        help="a warkit tree to measure (repeatable; default: this one)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--worker", choices=("warkit", "pyrisk"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker == "warkit":
        print(json.dumps(warkit_games(args.games, args.players, args.max_turns)))
        return
    if args.worker == "pyrisk":
        print(json.dumps(pyrisk_games(args.pyrisk, args.games, args.players, args.max_turns)))
        return
    if not args.pyrisk:
        parser.error("--pyrisk PATH is required: a pyrisk checkout, see the docstring")
    trees = args.tree or [str(HERE.parents[2])]
    engines = [*trees, "pyrisk"]
    labels = {tree: f"warkit {Path(tree).name}" for tree in trees} | {"pyrisk": "pyrisk"}
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; {args.games} "
          f"games of {args.players} players per run (seeds 0..), {args.rounds} rounds, "
          f"turn cap {args.max_turns}; warkit: simulate's random players; pyrisk: StupidAI")
    results: dict[str, list[dict[str, Any]]] = {engine: [] for engine in engines}
    for round_ in range(args.rounds):
        shift = round_ % len(engines)
        for engine in engines[shift:] + engines[:shift]:
            results[engine].append(measure(engine, args))
    for tree in trees:
        fast = all(run["fast"] for run in results[tree])
        print(f"warkit {tree}: {'fast path' if fast else 'checked path'}, "
              f"{results[tree][0]['module']}")
    report(results, labels)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} at the end; "
          "rates per CPU second on one core, median [range] of the rounds")


if __name__ == "__main__":
    main()
