"""One-call simulations of whole games between bots."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .errors import InvalidArgumentError, WrongTypeError, describe, expect_whole
from .game import Sampler, initial_state
from .match import Match
from .rules import ClassicRules
from .state import CHANCE
from .view import view

if TYPE_CHECKING:  # the bots (and the odds' numpy) and the fast simulator load with a game
    from .bots import Bot


def _bots(bots: Sequence[Bot | str] | Bot | str | None, n: int, seed: int) -> list[Bot]:
    from .bots import Bot, seeded

    if bots is None or isinstance(bots, str):
        bots = [bots or "random"] * n
    elif not isinstance(bots, Sequence):
        bots = [bots] * n
    if len(bots) != n:
        raise InvalidArgumentError(f"{len(bots)} bots for {n} players: give one per seat, "
                                   "or one level for all")
    for bot in bots:
        if not isinstance(bot, (str, Bot)):
            raise WrongTypeError(f"each bot must be a level name or have a choose(view, legal) "
                                 f"method, got {describe(bot)}")
    return seeded(bots, seed)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one game. A game keeps every state it
    passed through (:class:`Match`), all alive until it ends, so the collector would walk
    them again and again and find nothing to free: about a tenth of a bot game's time
    (``tests/bench/bench_bots.py``). Memory is still freed as usual (by reference counts);
    the collector runs again as soon as it is resumed, if it was on before (and walks a
    match still alive once: a caller that keeps only a result pauses it until the match is
    dropped, as :func:`warkit.tournament.play_game` does)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def simulate(players: int | Sequence[str] = 4, rules: str | ClassicRules = "classic",
             bots: Sequence[Bot | str] | Bot | str | None = None, seed: int | None = None,
             max_turns: int | None = None, *, fast: bool = True, **settings: Any) -> Match:
    """Play a whole game between bots and return the finished :class:`Match`.

    ``bots`` are bot objects or level names (default: ``"random"`` for every
    seat), seated by :func:`warkit.bots.seeded`; ``seed`` fixes the dice, cards and bots'
    choices. ``max_turns`` (a whole number from 0, or None) is a
    simulation cap, not a rule: a capped game ends unfinished, with
    ``match.meta["capped"] = True``. Bad arguments raise
    :class:`~warkit.errors.InvalidArgumentError` before any game is played.

    Classic games between random players (``bots`` None or ``"random"`` for every seat) take
    the fast path of :mod:`warkit.fastsim` unless ``fast=False``: the same record, whose
    states are rebuilt through the checked ``apply`` when asked for.
    """
    from .fastsim import plays_fast, random_game

    if max_turns is not None:
        expect_whole(max_turns, "max_turns", 0)
    if seed is not None:
        expect_whole(seed, "seed")
    initial = initial_state(players, rules, **settings)
    names = [bots] * initial.num_players if bots is None or isinstance(bots, str) else bots
    if fast and plays_fast(initial.rules) and isinstance(names, Sequence) \
            and all(b in (None, "random") for b in names) and len(names) == initial.num_players:
        return random_game(initial.colors, initial.rules, seed=seed, max_turns=max_turns)
    sampler = Sampler(seed)
    seats = _bots(bots, initial.num_players, sampler.seed)
    match = Match(initial, seed=sampler.seed)
    match.meta["bots"] = [getattr(b, "level", type(b).__name__) for b in seats]
    match.meta["capped"] = False
    state = match.state
    with collector_paused():
        while not state.is_terminal:
            if max_turns is not None and state.turn > max_turns:
                match.meta["capped"] = True
                break
            seat = state.current_player
            if seat == CHANCE:
                action = sampler.sample(state)
            else:
                action = seats[seat].choose(view(state, seat), state.rules.legal_actions(state))
            state = match.push(action)
    return match
