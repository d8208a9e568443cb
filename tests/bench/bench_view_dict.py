"""What a seat's view costs the room server in each answer: ``view_to_dict`` (CPU time) and its
JSON (bytes), over the states of seeded random games, each seat's view and the spectator's.

Run: python tests/bench/bench_view_dict.py [--games N] [--players P]

To compare with another revision, run it on that revision's engine:
``git archive REV warkit | tar -x -C /tmp/rev`` then ``PYTHONPATH=/tmp/rev python
tests/bench/bench_view_dict.py`` (any revision that has ``warkit.seat_record``). Figures, not
assertions; the load is printed with them (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time


def measure(games: int, players: int, rules: str) -> tuple[int, float, float]:
    """Views measured, CPU microseconds per ``view_to_dict``, median JSON bytes of one."""
    import warkit
    from warkit.seat_record import view_to_dict

    views = [warkit.view(state, seat)
             for seed in range(games)
             for state in warkit.simulate(players=players, rules=rules, seed=seed,
                                          max_turns=3000).states[::3]
             for seat in (None, *range(players))]
    start = time.process_time()
    dicts = [view_to_dict(v) for v in views]
    spent = time.process_time() - start
    sizes = [len(json.dumps(d, ensure_ascii=False)) for d in dicts]
    return len(views), spent / len(views) * 1e6, statistics.median(sizes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    import warkit.seat_record

    print(f"engine: {os.path.dirname(warkit.seat_record.__file__)}")
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for rules in ("classic", "smart"):
        count, micros, size = measure(args.games, args.players, rules)
        print(f"{rules:8} {count:6} views  {micros:6.1f} µs CPU per view_to_dict  "
              f"{size:6.0f} bytes of JSON (median)")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
