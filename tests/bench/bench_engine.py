"""Engine benchmark: full 4-player RandomBot games on one core, through the checked public path.

Run: python tests/bench/bench_engine.py [--games N] [--players P] [--rules classic|smart]
Prints actions, turns, attacks (one source against one target, however many
battles) and games per second, the averages per game, and how many games hit
the simulation's turn cap. Figures, not assertions: the machine is shared.
"""

from __future__ import annotations

import argparse
import time

from warkit import simulate
from warkit.actions import Attack
from warkit.smart_actions import AirAttack


def count_attacks(actions) -> int:
    """Attacks = runs of battles with the same source and target within a turn (S-TERM-1);
    a SMART air attack always starts one."""
    attacks, last = 0, None
    for action in actions:
        if isinstance(action, Attack):
            key = (action.src, action.dst)
            if key != last:
                attacks += 1
            last = key
        elif isinstance(action, AirAttack):
            attacks += 1
            last = (action.src, action.card)
        elif action.keyword in ("end", "place", "trade", "move"):
            last = None
    return attacks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args()

    actions = turns = attacks = capped = 0
    started = time.perf_counter()
    for seed in range(args.games):
        match = simulate(players=args.players, rules=args.rules, seed=seed,
                         max_turns=args.max_turns)
        actions += len(match.actions)
        turns += match.state.turn
        attacks += count_attacks(match.actions)
        capped += bool(match.meta["capped"])
    elapsed = time.perf_counter() - started

    print(f"{args.games} {args.rules} games, {args.players} RandomBot players, "
          f"{elapsed:.1f} s on one core (checked public path: apply + legal_actions + view)")
    print(f"  actions/s {actions / elapsed:12,.0f}")
    print(f"  turns/s   {turns / elapsed:12,.0f}")
    print(f"  attacks/s {attacks / elapsed:12,.0f}")
    print(f"  games/s   {args.games / elapsed:12,.2f}")
    print(f"  per game: {actions / args.games:,.0f} actions, {turns / args.games:,.1f} turns, "
          f"{attacks / args.games:,.1f} attacks")
    print(f"  games stopped by the {args.max_turns}-turn simulation cap: {capped} of {args.games}")


if __name__ == "__main__":
    main()
