"""SMART endings: when and by whom a SMART game between hard bots ends, and what its winners
held when the first round of unlimited attacks began.

Run: python tests/bench/smart_endings.py [--games 150] [--players 6] [--seed 9000]

Plays ``--games`` SMART games of hard bots (game ``g`` seeded ``seed + g``) and prints, with
the machine's load beside it:

- the round each game ended in (the first elimination ends it, S-WIN-1; attacks are limited
  in rounds 1-4, S-LIMIT-1) and the ender's place in that round's turn order;
- how often the player who made the elimination won it (S-WIN-2 or S-WIN-3);
- at each seat's first turn of round 5 (the first round of unlimited attacks), its chance to
  win by the cards in its hand and by the territories it held;
- at every turn's start, the mover's chance to win when it held strictly the most
  territories (S-WIN-3's first measure after 24).

The facts behind the expert's bot card on SMART (:mod:`warkit.bots.expert`). Figures, not
assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.state import GameState

FREE_ROUND = 5
"""The first round without an attack limit (S-LIMIT-1)."""


def turn_starts(states: Sequence[GameState]) -> list[GameState]:
    """The first state of every turn."""
    seen: set[int] = set()
    starts = []
    for state in states:
        if state.turn not in seen:
            seen.add(state.turn)
            starts.append(state)
    return starts


def share(won: Counter[object], played: Counter[object], key: object) -> str:
    return f"{won[key]}/{played[key]} = {100 * won[key] / played[key]:.1f} %"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    print(f"load before: {os.getloadavg()[0]:.2f}")
    rounds: Counter[int] = Counter()
    places: Counter[int] = Counter()
    ender_won = 0
    played: Counter[object] = Counter()
    won: Counter[object] = Counter()
    for g in range(args.games):
        match = simulate(args.players, "smart", ["hard"] * args.players, seed=args.seed + g)
        states = list(match.replay())
        final = states[-1]
        winners = final.winners
        rounds[final.round] += 1
        starts = turn_starts(states)
        in_round = [s for s in starts if s.round == final.round]
        places[len(in_round) - 1] += 1
        ender_won += final.current in winners
        for state in starts:
            me = state.current
            counts = [state.owner.count(s) for s in range(args.players)]
            if counts.count(max(counts)) == 1 and counts[me] == max(counts):
                played["lead"] += 1
                won["lead"] += me in winners
            if state.round == FREE_ROUND:
                for key in (("hand", min(len(state.hands[me]), 6)),
                            ("territories", counts[me] // 3 * 3)):
                    played[key] += 1
                    won[key] += me in winners
    n = args.games
    print(f"{n} SMART games of {args.players} hard bots (seeds {args.seed}..{args.seed + n - 1})")
    print("ended in round: " + ", ".join(f"{r}: {k}" for r, k in sorted(rounds.items())))
    print("the ender's place in that round's turn order (0 = first): "
          + ", ".join(f"{p}: {k}" for p, k in sorted(places.items())))
    print(f"the eliminator won: {ender_won} of {n}")
    print(f"at a turn's start, the mover holding strictly the most territories won "
          f"{share(won, played, 'lead')}")
    print(f"at its first turn of round {FREE_ROUND}, a seat won, by cards in hand:")
    for key in sorted(k for k in played if isinstance(k, tuple) and k[0] == "hand"):
        print(f"  {key[1]}{'+' if key[1] == 6 else ''} cards: {share(won, played, key)}")
    print("  by territories held:")
    for key in sorted(k for k in played if isinstance(k, tuple) and k[0] == "territories"):
        print(f"  {key[1]}-{key[1] + 2}: {share(won, played, key)}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
