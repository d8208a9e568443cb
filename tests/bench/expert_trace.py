"""Expert trace: a fingerprint of every game of ``expert_ab.py``, to show a change decides alike.

Run: python tests/bench/expert_trace.py [--games 12] [--players 6] [--rules classic]
     [--seed 90000] > FILE

Plays the games of ``tests/bench/expert_ab.py`` with the same arguments (one ``expert``
against hard bots, seats rotated, game ``g`` seeded ``seed + g``) and prints one line per
game: seed, the expert's seat, turns, actions, a hash of every action of the game (every
seat's, the dice's too) and a hash of the expert's plan scores at every search (their exact
``repr``), then its rollouts, simulated decisions and reused rollouts. A speed-up that changes
no decision prints the same file before and after (``diff``); the ``--csv`` of
``expert_ab.py`` only shows who won. No timing: nothing here depends on the machine's load.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.arena.schedule import seating
from warkit.bots import ExpertBot, seeded
from warkit.bots.expert import PlanStyle
from warkit.view import PlayerView


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class ScoreLog:
    """Records the expert's plan scores at each of its searches."""

    def __init__(self, bot: ExpertBot) -> None:
        self.scores: list[str] = []
        self._search = bot.search
        self.bot = bot
        bot.search = self.search  # type: ignore[method-assign]  # a recording spy

    def search(self, view: PlayerView) -> PlanStyle:
        chosen = self._search(view)
        self.scores.append(repr(sorted(self.bot.last_scores.items())))
        return chosen


def trace_game(players: int, rules: str, seed: int, g: int) -> str:
    """The fingerprint line of game ``g`` (as ``expert_ab.py`` seats and seeds it)."""
    levels = seating(["expert"] + ["hard"] * (players - 1), players, g)
    seat = levels.index("expert")
    bots = seeded(list(levels), seed + g)
    rng = random.Random(seed + g)  # the seat seeds seeded() draws
    bot = ExpertBot(seed=[rng.randrange(2**32) for _ in levels][seat])
    log = ScoreLog(bot)
    bots[seat] = bot
    match = simulate(players, rules, bots=bots, seed=seed + g, max_turns=500)
    return (f"{seed + g} {seat} {match.state.turn} {len(match.actions)} "
            f"{digest(repr(match.actions))} {digest(chr(10).join(log.scores))} "
            f"{bot.rollouts} {bot.simulated_decisions} {bot.reused}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=90000)
    args = parser.parse_args(argv)
    for g in range(args.games):
        print(trace_game(args.players, args.rules, args.seed, g), flush=True)


if __name__ == "__main__":
    main()
