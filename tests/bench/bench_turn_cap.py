"""Do SMART games between bots always end? Counts of games that reach the turn cap.

Run: python tests/bench/bench_turn_cap.py [--games 1000] [--max-turns 500] [--seed 1]

Plays ``--games`` seeded SMART games, spread evenly over 3, 4, 5 and 6 players, each with
a line-up of bot levels taken in turn from :data:`LINEUPS` (every level alone, every pair,
all four mixed: random, easy, normal, hard), one process, and prints per player count how
many games ended, how many hit the cap, and the longest game in turns. Since S-TERRAIN-3
was revised (a lone defender showing its card falls, so S-CONQ-3 happens), a SMART game
ends at its first elimination (S-WIN-1) even between bots that keep their cards.

Figures, not assertions (tests/test_bots_turn_cap.py runs a small seeded sample in CI).
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from itertools import combinations

from warkit.simulate import simulate

LEVELS = ("random", "easy", "normal", "hard")
LINEUPS: tuple[tuple[str, ...], ...] = (
    *((level,) for level in LEVELS),
    *combinations(LEVELS, 2),
    LEVELS,
)
"""Line-ups, repeated to fill the seats (a pair alternates seat by seat)."""


def lineup(game: int, players: int) -> list[str]:
    """The bots of game ``game``: a line-up from :data:`LINEUPS`, rotated by the game."""
    levels = LINEUPS[game % len(LINEUPS)]
    return [levels[(game + s) % len(levels)] for s in range(players)]


def run(games: int, max_turns: int, seed: int) -> dict[int, dict[str, int]]:
    """Play the games; per player count: games, capped, longest (turns)."""
    stats: dict[int, dict[str, int]] = defaultdict(lambda: {"games": 0, "capped": 0,
                                                             "longest": 0})
    for g in range(games):
        players = 3 + g % 4
        match = simulate(players, "smart", bots=lineup(g // 4, players), seed=seed + g,
                         max_turns=max_turns)
        row = stats[players]
        row["games"] += 1
        row["capped"] += bool(match.meta["capped"])
        row["longest"] = max(row["longest"], match.state.turn)
    return dict(stats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    stats = run(args.games, args.max_turns, args.seed)
    print(f"SMART games between bots (line-ups {', '.join('+'.join(x) for x in LINEUPS)}), "
          f"seeds {args.seed}..{args.seed + args.games - 1}, cap {args.max_turns} turns")
    print(f"{'players':>7} {'games':>6} {'capped':>7} {'longest game (turns)':>21}")
    for players in sorted(stats):
        row = stats[players]
        print(f"{players:>7} {row['games']:>6} {row['capped']:>7} {row['longest']:>21}")
    total = sum(r["capped"] for r in stats.values())
    print(f"capped: {total} of {args.games}; {time.perf_counter() - started:.0f} s, "
          f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
