"""Bot thinking alone: the CPU time of ``choose`` over recorded decisions, engine excluded.

Run: python tests/bench/bench_bot_choose.py [--level normal] [--players 4] [--games 15]
     [--rules classic] [--rounds 3]

Plays ``--games`` seeded games once (bots seated by :func:`warkit.bots.seeded`) and
records every decision (view, legal actions, action chosen). Then, ``--rounds`` times,
fresh bots with the same seeds answer the same decisions; each answer must be the
recorded one (a speed-up must not change a decision), and the best round's CPU time
per game and per decision is printed. Interleave runs of two trees to compare them
(``PYTHONPATH=<tree> python <tree>/tests/bench/bench_bot_choose.py``): the machine is
shared, so the best of several rounds is the figure.

Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

# this tree's engine, wherever the script is run from (a copy of another tree too)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit.bots import seeded
from warkit.game import Sampler, initial_state
from warkit.match import Match
from warkit.state import CHANCE
from warkit.view import view


def record(level: str, players: int, rules: str, games: int) -> list[tuple[int, list]]:
    """Every decision of ``games`` seeded games: (seed, [(seat, view, legal, action)])."""
    out = []
    for seed in range(games):
        sampler = Sampler(seed)
        match = Match(initial_state(players, rules), seed=seed)
        bots = seeded([level] * players, seed)
        state, decisions = match.state, []
        while not state.is_terminal and state.turn <= 500:
            seat = state.current_player
            if seat == CHANCE:
                action = sampler.sample(state)
            else:
                seen, legal = view(state, seat), state.rules.legal_actions(state)
                action = bots[seat].choose(seen, legal)
                decisions.append((seat, seen, legal, action))
            state = match.push(action)
        out.append((seed, decisions))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    games = record(args.level, args.players, args.rules, args.games)
    decisions = sum(len(d) for _, d in games)
    best = float("inf")
    for _ in range(args.rounds):
        started = time.process_time()
        for seed, recorded in games:
            bots = seeded([args.level] * args.players, seed)
            for seat, seen, legal, action in recorded:
                if bots[seat].choose(seen, legal) != action:
                    raise SystemExit(f"seed {seed}: a replayed decision differs")
        best = min(best, time.process_time() - started)
    print(f"{args.level}, {args.rules}, {args.players} players, {args.games} games, "
          f"{decisions:,} decisions: choose {best / args.games * 1e3:.1f} ms CPU per game, "
          f"{best / decisions * 1e6:.1f} us per decision (best of {args.rounds}; load "
          f"average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
