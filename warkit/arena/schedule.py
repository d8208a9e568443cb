"""Who sits where in each game: seats rotate so that every bot plays every seat equally.

With no more bots than seats, every game has them all (a short list is repeated to fill the
table) and game ``g`` rotates the seats by ``g`` (:func:`seating`, as
:mod:`warkit.tournament` has always done). With more bots than seats (a class), the games come
in *blocks* of ``players`` games: a block draws one table of different bots (a seeded shuffle,
so that every bot is drawn about as often as the others) and plays it once in each rotation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def seating(bots: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots at seats ``0..players-1`` in game ``game`` (rotated by the game number)."""
    entries = [bots[i % len(bots)] for i in range(players)]
    shift = game % players
    return tuple(entries[(s + shift) % players] for s in range(players))


def tables(bots: Sequence[str], players: int, blocks: int, seed: int) -> list[tuple[str, ...]]:
    """``blocks`` tables of ``players`` different bots drawn from ``bots`` (more than
    ``players``): seeded shuffles of the whole list, dealt out in turn, so no bot sits out
    more than one table more than another."""
    rng = random.Random(f"arena tables {seed}")
    stream: list[str] = []
    held: list[str] = []
    out: list[tuple[str, ...]] = []
    while len(out) < blocks:
        table: list[str] = []
        # a bot already at this table waits for the next one
        queue, held = held, []
        while len(table) < players:
            if not queue:
                if not stream:
                    stream = list(bots)
                    rng.shuffle(stream)
                queue = [stream.pop()]
            bot = queue.pop(0)
            (held if bot in table else table).append(bot)
        held.extend(queue)
        out.append(tuple(table))
    return out


def schedule(bots: Sequence[str], players: int, games: int, seed: int
             ) -> list[tuple[str, ...]]:
    """The seats of every game (see the module docstring); with more bots than seats,
    ``games`` is rounded up to whole blocks of ``players`` games."""
    if len(set(bots)) <= players:
        return [seating(bots, players, g) for g in range(games)]
    blocks = -(-games // players)
    return [seating(table, players, g) for table in tables(bots, players, blocks, seed)
            for g in range(players)]
