"""One arena game: seat the bots, play it with :func:`warkit.simulate`, rank the seats.

Bot seeds: a level at seat ``s`` of the game seeded ``seed`` gets the seed
:func:`warkit.bots.seeded` gives it, as in :mod:`warkit.tournament` (so a game of levels
replays with ``simulate(players, rules, bots=levels, seed=seed)``). A student's bot gets
:func:`student_seed` instead: a keyed hash of the game's seed and its seat, with a key drawn
for each arena run. Without the key, a bot cannot work the game's seed back from its own
(which would tell it the deal of objectives and every die to come); with the key (in the
CSV, written after the run) the game replays.

Placing: the winners share first place; the other players still in the game come next, by
territories held (ties share a place); then the eliminated, the last to go first.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..bots import Bot, seeded
from ..bots.timed import TimedBot
from ..simulate import collector_paused, simulate
from ..state import GameState
from .entrants import Entrant
from .sandbox import DEFAULT_LIMITS, Limits, SandboxedBot


@dataclass(frozen=True)
class GameSpec:
    """What to play: game number ``index`` of a run, its seed, rule set and seats."""

    index: int
    seed: int
    rules: str
    seats: tuple[str, ...]
    max_turns: int = 500
    key: str = ""
    """The run's key for the students' bot seeds (hex)."""


@dataclass
class GameRecord:
    """One played game: who sat where, who won, every seat's place, the faults."""

    index: int
    seed: int
    rules: str
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    places: tuple[float, ...]
    turns: int
    rounds: int
    actions: int
    capped: bool
    key: str = ""
    faults: tuple[dict[str, int], ...] = ()
    """Per seat: fault kind -> count (empty for levels)."""
    errors: tuple[tuple[str, ...], ...] = ()
    """Per seat: the first few fault messages (what a student reads to fix their bot)."""
    decisions: tuple[int, ...] = ()
    think: tuple[float, ...] = field(default=())
    """Per seat: seconds spent deciding (a sandboxed bot's includes the round trip)."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def winner(self) -> str:
        """The winners' names, joined by ``|`` (empty when the game was capped)."""
        return "|".join(self.seats[w] for w in self.winners)


def student_seed(key: str, seed: int, seat: int) -> int:
    """The seed of a student's bot at ``seat`` of the game seeded ``seed`` (module docstring)."""
    digest = hmac.new(bytes.fromhex(key), f"{seed}:{seat}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big")


def play_game(spec: GameSpec, entrants: Mapping[str, Entrant], limits: Limits = DEFAULT_LIMITS
              ) -> GameRecord:
    """Play one game of an arena (see the module docstring)."""
    levels = [entrants[name] for name in spec.seats]
    placeholders: list[Bot | str] = [e.name if not e.sandboxed else "random" for e in levels]
    bots: list[TimedBot | SandboxedBot] = []
    occurrence: Counter[str] = Counter()
    for seat, (entrant, level_bot) in enumerate(zip(levels, seeded(placeholders, spec.seed))):
        if entrant.sandboxed:
            occurrence[entrant.name] += 1
            bots.append(SandboxedBot(entrant, student_seed(spec.key, spec.seed, seat), limits,
                                     key=f"{entrant.name}#{occurrence[entrant.name]}"))
        else:
            bots.append(TimedBot(level_bot))
    with collector_paused():
        match = simulate(len(levels), spec.rules, bots=bots, seed=spec.seed,
                         max_turns=spec.max_turns)
        state = match.state
        out_at = elimination_steps(match.states)
        record = GameRecord(
            spec.index, spec.seed, spec.rules, spec.seats, tuple(state.winners),
            placings(state.winners, state.alive, [state.territory_count(s)
                                                  for s in range(len(levels))], out_at),
            state.turn, state.round, len(match.actions), bool(match.meta["capped"]), spec.key,
            tuple(dict(getattr(b, "faults", {})) for b in bots),
            tuple(tuple(getattr(b, "errors", ())) for b in bots),
            tuple(len(b.times) for b in bots), tuple(sum(b.times) for b in bots))
        del match, state
    return record


def elimination_steps(states: Sequence[GameState]) -> list[int | None]:
    """For each seat, the step at which it was eliminated (``None``: never)."""
    seats = len(states[0].alive)
    out: list[int | None] = [None] * seats
    previous = states[0].alive
    for step, state in enumerate(states):
        if state.alive is not previous:
            for s in range(seats):
                if previous[s] and not state.alive[s]:
                    out[s] = step
            previous = state.alive
    return out


def placings(winners: Sequence[int], alive: Sequence[bool], territories: Sequence[int],
             out_at: Sequence[int | None]) -> tuple[float, ...]:
    """Every seat's place, 1 the best; seats that tie share the mean of their places."""
    def merit(seat: int) -> tuple[int, int]:
        if seat in winners:
            return (3, 0)
        if alive[seat]:
            return (2, territories[seat])
        return (1, out_at[seat] or 0)

    keys = [merit(s) for s in range(len(alive))]
    order = sorted(range(len(alive)), key=lambda s: keys[s], reverse=True)
    places = [0.0] * len(alive)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        for k in range(i, j + 1):
            places[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return tuple(places)


def play_chunk(specs: Sequence[GameSpec], entrants: Mapping[str, Entrant], limits: Limits
               ) -> list[GameRecord]:
    """Several games in one worker (a process of the pool or a Dask worker)."""
    return [play_game(spec, entrants, limits) for spec in specs]
