"""Benchmark of warkit.odds: prints figures, asserts nothing about time.

Run from the repository root:  python tests/bench/bench_odds.py

Aims: win_table(200, 200) within 20 ms, a cached win_probability in
microseconds, at least 5 million simulated rolls per second.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # run without installing

from warkit import odds
from warkit.odds import battle, exact


def clear_tables() -> None:
    """Forget every whole-battle table (the per-roll tables stay: they are tiny and shared)."""
    battle._win_probability.cache_clear()
    battle._win_grid.cache_clear()
    battle._final.cache_clear()
    exact.end_distribution.cache_clear()


def timed(fn, repeat: int = 7, setup=None) -> float:
    """Median wall time of ``fn()`` in seconds, ``setup()`` untimed before each run."""
    times = []
    for _ in range(repeat):
        if setup:
            setup()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"warkit.odds benchmark (python {sys.version.split()[0]})")

    start = time.perf_counter()
    odds.win_table(200, 200)
    print(f"win_table(200, 200), first call in this process:   "
          f"{(time.perf_counter() - start) * 1e3:8.2f} ms  (includes the exact per-roll tables)")
    t = timed(lambda: odds.win_table(200, 200), setup=clear_tables)
    print(f"win_table(200, 200), War rules, uncached:          {t * 1e3:8.2f} ms  (aim <= 20 ms)")
    t = timed(lambda: odds.win_table(200, 200), repeat=50)
    print(f"win_table(200, 200), cached (a copy):              {t * 1e6:8.1f} us")
    t = timed(lambda: odds.win_table(200, 200, defender_dice_max=2), setup=clear_tables)
    print(f"win_table(200, 200), Risk rules, uncached:         {t * 1e3:8.2f} ms")
    odds.win_table(10, 10, reroll=odds.Reroll("joker"))
    t = timed(lambda: odds.win_table(200, 200, reroll=odds.Reroll("joker", cards=3)),
              setup=clear_tables)
    print(f"win_table(200, 200), 3 jokers (4 layers), uncached:{t * 1e3:8.2f} ms")

    t = timed(lambda: odds.win_probability(30, 30), setup=clear_tables)
    print(f"win_probability(30, 30), uncached:                 {t * 1e3:8.3f} ms")
    odds.win_probability(30, 30)
    calls = 100_000
    start = time.perf_counter()
    for _ in range(calls):
        odds.win_probability(30, 30)
    per_call = (time.perf_counter() - start) / calls
    print(f"win_probability(30, 30), cached:                   {per_call * 1e6:8.2f} us")
    t = timed(lambda: odds.win_probability(30, 30, exact=True), setup=clear_tables, repeat=3)
    print(f"win_probability(30, 30, exact=True), uncached:     {t * 1e3:8.2f} ms")
    t = timed(lambda: odds.final_distribution(30, 30), setup=clear_tables)
    print(f"final_distribution(30, 30), uncached:              {t * 1e3:8.3f} ms")

    n = 10_000_000
    odds.simulate_rolls(3, 3, 1000, seed=0)
    t = timed(lambda: odds.simulate_rolls(3, 3, n, seed=1), repeat=3)
    print(f"simulate_rolls(3, 3): {n / t / 1e6:6.1f} million rolls/s  (aim >= 5)")
    t = timed(lambda: odds.simulate_rolls(3, 3, n // 10, seed=1, reroll=odds.Reroll("joker")),
              repeat=3)
    print(f"simulate_rolls(3, 3, joker reroll): {n / 10 / t / 1e6:6.1f} million rolls/s")
    battles = 200_000
    t = timed(lambda: odds.simulate_battles(30, 30, battles, seed=1), repeat=3)
    sample = odds.simulate_battles(30, 30, battles, seed=1)
    rolls = int(sample.rolls.sum())
    print(f"simulate_battles(30, 30): {battles / t / 1e6:6.2f} million battles/s, "
          f"{rolls / t / 1e6:5.1f} million rolls/s inside them")
    t = timed(lambda: odds.simulate_battles(5, 5, battles, seed=1), repeat=3)
    print(f"simulate_battles(5, 5):   {battles / t / 1e6:6.2f} million battles/s")


if __name__ == "__main__":
    main()
