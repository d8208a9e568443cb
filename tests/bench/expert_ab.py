"""Expert A/B: one expert variant against hard bots, on the tournament's own games.

Run: python tests/bench/expert_ab.py [--games 120] [--players 6] [--rules classic]
     [--seed 90000] [--iterations N] [--seconds S] [--horizon N|round] [--confidence Z]
     [--plans a,b,c] [--value hand|fitted] [--knob NAME=VALUE] [--ready W]
     [--hard] [--csv FILE] [--processes N]

Game ``g`` is the game ``python -m warkit.tournament --bots expert hard ... --seed SEED`` plays
as its game ``g``: seed ``SEED + g``, seats rotated by :func:`warkit.arena.schedule.seating`,
every seat's bot seeded by :func:`warkit.bots.seeded`; only the expert's settings change (with
none given it is the tournament's own expert, so both print the same wins). ``--hard`` puts a
hard bot in its seat (the fair-share check). Two variants run on the same ``--seed`` play the
same deals, so ``--csv`` files of both can be compared game by game (``--against``; the file
is written game by game, so a run stopped early keeps the games it played).

Prints the variant's wins, share with the 95 % Wilson interval, the exact binomial p against
the fair share, its eliminations, its think time per turn (CPU median and worst), and the
machine's load before and after. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import csv
import functools
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.actions import Action
from warkit.arena.schedule import seating
from warkit.bots import ExpertBot, HardBot, seeded
from warkit.bots.expert import ALL_PLANS
from warkit.stats import binomial_test, wilson
from warkit.view import PlayerView


class TurnClock:
    """Wraps a bot: CPU time spent on each of its turns."""

    def __init__(self, bot: ExpertBot | HardBot) -> None:
        self.bot = bot
        self.level = bot.level
        self.turns: dict[int, float] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        cpu = time.thread_time()
        action = self.bot.choose(view, legal)
        self.turns[view.turn] = self.turns.get(view.turn, 0.0) + time.thread_time() - cpu
        return action


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--horizon", default=None, help="N or round (default: the expert's)")
    parser.add_argument("--confidence", type=float, default=None,
                        help="standard errors a plan must beat the first one by")
    parser.add_argument("--plans", default=None, help="comma-separated plan names")
    parser.add_argument("--knob", action="append", default=[],
                        help="NAME=VALUE: a policy setting every plan starts from")
    parser.add_argument("--value", default=None, choices=("hand", "fitted"),
                        help="the position value its simulations are scored with")
    parser.add_argument("--ready", type=float, default=None,
                        help="weight of the chance its next turn wins at once")
    parser.add_argument("--hard", action="store_true", help="a hard bot in the expert's seat")
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--csv", default=None)
    parser.add_argument("--processes", type=int, default=1,
                        help="games played at once, each in a process of its own (the think "
                             "times are CPU times, so they hold with several)")
    parser.add_argument("--against", default=None,
                        help="a --csv file of another variant on the same seeds: paired test")
    args = parser.parse_args(argv)
    options: dict[str, object] = {}
    if args.iterations is not None:
        options["iterations"] = args.iterations
    if args.seconds is not None:
        options["seconds"] = args.seconds
    if args.horizon is not None:
        options["horizon"] = None if args.horizon == "round" else int(args.horizon)
    if args.confidence is not None:
        options["confidence"] = args.confidence
    if args.ready is not None:
        options["ready"] = args.ready
    if args.knob:
        options["knobs"] = {k: float(v) for k, v in (kv.split("=", 1) for kv in args.knob)}
    if args.value is not None:
        options["value"] = args.value
    if args.plans is not None:
        by_name = {p.name: p for p in ALL_PLANS}
        options["plans"] = tuple(by_name[name] for name in args.plans.split(","))
    print(f"load before: {load()}", flush=True)
    started = time.perf_counter()
    wins = 0.0
    eliminated = 0
    turn_times: list[float] = []
    rows = []
    play = functools.partial(play_game, args, options)
    with multiprocessing.Pool(args.processes) as pool:
        for g, (row, times) in enumerate(pool.imap(play, range(args.games))):
            wins += row[2]
            eliminated += row[3]
            turn_times.extend(times)
            rows.append(row)
            if args.csv:  # written as it goes: a run stopped early keeps its games
                with open(args.csv, "a" if g else "w", newline="") as f:
                    out = csv.writer(f)
                    if not g:
                        out.writerow(["seed", "seat", "won", "eliminated", "turns"])
                    out.writerow(row)
            if (g + 1) % 20 == 0:
                print(f"  {g + 1} games: {wins:g} won ({time.perf_counter() - started:.0f} s)",
                      flush=True)
    n = args.games
    fair = Fraction(1, args.players)
    low, high = wilson(wins, n)
    p = binomial_test(round(wins), n - round(wins), fair)
    shown = {**options, "plans": args.plans} if args.plans else options
    who = "hard (in the expert's seat)" if args.hard else f"expert {shown or 'as made'}"
    print(f"{who} vs {args.players - 1} hard, {args.rules}, games {n} (seeds {args.seed}.."
          f"{args.seed + n - 1}, seats rotated)")
    print(f"won {wins:g} of {n}: {100 * wins / n:.1f} % [{100 * low:.1f}, {100 * high:.1f}], "
          f"fair {100 * float(fair):.1f} %, binomial p = {p:.3g}; eliminated in {eliminated} "
          f"({100 * eliminated / n:.1f} %)")
    print(f"think time per turn (CPU): median {1e3 * statistics.median(turn_times):.0f} ms, "
          f"worst {1e3 * max(turn_times):.0f} ms over {len(turn_times)} turns; "
          f"{time.perf_counter() - started:.0f} s on the clock")
    print(f"load after: {load()}")
    if args.against:
        print(paired(rows, args.against))


def play_game(args: argparse.Namespace, options: dict[str, object], g: int
              ) -> tuple[tuple[int, int, float, int, int], list[float]]:
    """Game ``g``: (seed, the expert's seat, its share of the win, eliminated, turns) and the
    CPU time of each of its turns."""
    levels = seating(["expert"] + ["hard"] * (args.players - 1), args.players, g)
    seat = levels.index("expert")
    bots = seeded(list(levels), args.seed + g)
    rng = random.Random(args.seed + g)  # the seat seeds seeded() draws
    seat_seed = [rng.randrange(2**32) for _ in levels][seat]
    bot: ExpertBot | HardBot = HardBot(seed=seat_seed) if args.hard \
        else ExpertBot(seed=seat_seed, **options)  # type: ignore[arg-type]
    clock = TurnClock(bot)
    bots[seat] = clock
    match = simulate(args.players, args.rules, bots=bots, seed=args.seed + g,
                     max_turns=args.max_turns)
    state = match.state
    won = 1.0 / len(state.winners) if seat in state.winners else 0.0
    return ((args.seed + g, seat, won, int(not state.alive[seat]), state.turn),
            list(clock.turns.values()))


def paired(rows: Sequence[tuple[int, int, float, int, int]], other: str) -> str:
    """Games this variant won and the other lost, and the reverse, with the sign test (the
    same deals and dice: only the expert's choices differ)."""
    with open(other, newline="") as f:
        theirs = {int(r["seed"]): float(r["won"]) for r in csv.DictReader(f)}
    common = [(won, theirs[seed]) for seed, _, won, _, _ in rows if seed in theirs]
    gained = sum(1 for mine, other_won in common if mine and not other_won)
    lost = sum(1 for mine, other_won in common if other_won and not mine)
    return (f"paired with {other} over {len(common)} games: won {gained} it lost, lost "
            f"{lost} it won; sign test p = {binomial_test(gained, lost):.3g}")


if __name__ == "__main__":
    main()
