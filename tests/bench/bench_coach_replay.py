"""The coach and the replay in the kernel: milliseconds per hint, per replay move, and the
luck of a whole record.

Run: python tests/bench/bench_coach_replay.py [--games 3] [--rules classic]

Plays ``--games`` seeded games in which the human asks the coach before every decision
(and plays the hint), and prints the time of each hint (the coach's bot on the player's
view and the sentence's odds); then replays each record move by move with the widget
(map, dice, log, secrets, luck so far, as the page draws them, without a browser) and
computes each record's luck once. Prints ``uptime``'s load: the machine is shared.

Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.replay_panel import translated_log
from warkit_widgets.replay import ReplayWidget

from warkit.luck import decisive_battles, luck


def coached_game(seed: int, rules: str) -> tuple[GameController, list[float]]:
    seats = (Seat("Ana", "red"), Seat("Bia", "blue", "normal"), Seat("Caio", "green", "normal"))
    game = GameController.new(GameConfig(seats, rules, "pt", seed), pace="instant")
    times = []
    for _ in range(5000):
        game.run_computers()
        if game.step is Step.OVER:
            break
        t0 = time.perf_counter()
        hint = game.ask_hint()
        times.append(1000 * (time.perf_counter() - t0))
        assert hint is not None and game.act(hint.action), game.message
    return game, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    hints: list[float] = []
    steps: list[float] = []
    lucks: list[float] = []
    moves = 0
    for seed in range(args.games):
        game, times = coached_game(seed, args.rules)
        hints += times
        widget = ReplayWidget(game.match, names=game.names, log=translated_log,
                              schedule=lambda delay, fn: None)
        replay = widget.replay
        while not replay.at_end:
            t0 = time.perf_counter()
            replay.step(1)
            steps.append(1000 * (time.perf_counter() - t0))
        moves += len(game.match.actions)
        t0 = time.perf_counter()
        luck(game.match)
        decisive_battles(game.match)
        lucks.append(1000 * (time.perf_counter() - t0))
        widget.close()

    def line(name: str, values: list[float]) -> str:
        ordered = sorted(values)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        return (f"{name}: median {statistics.median(values):.2f} ms, 95th percentile "
                f"{p95:.2f} ms, max {max(values):.2f} ms over {len(values)}")

    print(f"python {' '.join(sys.argv)}  ({args.games} {args.rules} games, {moves} moves)")
    print(line("hint (coach's bot on the view + the sentence's odds)", hints))
    print(line("replay move (map, dice, log, secrets, luck so far)", steps))
    print(line("luck of a whole record (every roll, exact) + decisive attacks", lucks))
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
