"""``python -m warkit.arena BOT [BOT ...]``: play an arena and print the leaderboard.

A BOT is a level name (``random``, ``easy``, ``normal``, ``hard``...), a student's ``.py``
file, or a folder of them. Example::

    python -m warkit.arena normal easy class_bots/ --players 4 --games 200 --csv games.csv
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..bots import BOTS
from .runner import run_arena
from .sandbox import Limits


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m warkit.arena",
                                     description="Seeded games between bots, with a leaderboard.")
    parser.add_argument("bots", nargs="+",
                        help=f"levels ({', '.join(BOTS)}), .py files or folders of them")
    parser.add_argument("--players", type=int, default=None, help="3 to 6 seats")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rules", default="classic", help="classic or smart")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--processes", type=int, default=None,
                        help="worker processes (default: every core; 1 plays here)")
    parser.add_argument("--scheduler", default=None,
                        help="a Dask scheduler's address (tcp://host:8786) to play on a cluster")
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="time limit per decision of a student's bot")
    parser.add_argument("--memory-mb", type=int, default=512,
                        help="memory limit of a student's bot")
    parser.add_argument("--no-anchor", action="store_true",
                        help="do not add the random bot as the ratings' anchor")
    parser.add_argument("--csv", default=None, help="write every game to this CSV file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        result = run_arena(args.bots, args.players, args.games, args.rules, args.seed,
                           args.processes, args.scheduler, args.max_turns,
                           Limits(args.seconds, args.memory_mb),
                           None if args.no_anchor else "random", not args.quiet)
    except ValueError as error:
        parser.error(str(error))
    print(result.report())
    if args.csv:
        print(f"games written to {result.to_csv(args.csv)}")


if __name__ == "__main__":
    main()
