"""Command line: ``python -m warkit demo`` plays and prints a seeded game between bots."""

from __future__ import annotations

import argparse
import sys
import time

from .narrate import narrate
from .simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="warkit", description="War, the Brazilian board game.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="watch a seeded game between computer players")
    demo.add_argument("--players", type=int, default=4, help="3 to 6 (default 4)")
    demo.add_argument("--seed", type=int, default=7, help="the same seed replays the same game")
    demo.add_argument("--rules", default="classic")
    demo.add_argument("--board", action="store_true", help="print the final board")
    args = parser.parse_args(argv)
    try:
        started = time.perf_counter()
        match = simulate(players=args.players, rules=args.rules, seed=args.seed,
                         max_turns=2000)
        elapsed = time.perf_counter() - started
    except ValueError as exc:
        parser.error(str(exc))
    for line in narrate(match):
        print(line)
    if args.board:
        print(match.state)
    print(f"({len(match.actions)} actions played in {elapsed:.2f} s; "
          f"replay it with --seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
