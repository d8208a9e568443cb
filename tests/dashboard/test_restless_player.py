"""A restless player drives the GameController through whole games (hypothesis).

Random clicks on the map (legal or not, the sea too), the page's buttons and keys (place,
attack, blitz with "keep N", stop, repeat, move in, move, end, undo, Escape), the SMART
options and reactions the page lists, the pace changed at any moment, the language
switched, the device passed, the page's timer called between any two clicks (at every pace,
also in the middle of an "attack until..."), the game saved and loaded again: through whole
classic and SMART games, no call may raise and every state must be one a legal game reaches
(:func:`warkit.validate.state_problems`), with the match replaying to it.

The player's moves come from a seeded ``random.Random`` (hypothesis draws the seeds: a few
thousand moves per game are too many for it to draw one by one). How many games: the
``warkit-ci`` profile (the default) plays 2 × 100 whole games (about 1 minute of CPU); set
``HYPOTHESIS_PROFILE=warkit-long`` for 2 × 400. Rule IDs: C-TURN-1 (steps), C-ATK-1..5,
C-CONQ-1, C-MOVE-1..3, S-REROLL-1, S-TERRAIN-1, S-AIR-1.
"""

from __future__ import annotations

import os
import random

import pytest
from conftest import OPTION_KEYWORDS, new_game
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from warkit_widgets.play.controller import PACES, GameController, Step
from warkit_widgets.play.saves import dump_game, load_game

import warkit
from warkit.validate import state_problems

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""A failing game is reported with its seeds as found: shrinking opaque seeds only costs time."""
settings.register_profile("warkit-ci", max_examples=100, deadline=None, derandomize=True,
                          phases=NO_SHRINK, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("warkit-long", max_examples=400, deadline=None, phases=NO_SHRINK,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("warkit-fast", max_examples=10, deadline=None, derandomize=True,
                          phases=NO_SHRINK, suppress_health_check=[HealthCheck.too_slow])
"""``make test-fast``'s: 2 × 10 games (``make test`` plays the 2 × 100 of ``warkit-ci``)."""
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "warkit-ci")
MAX_OPS = 6000
"""Restless moves per game at most (a whole game takes a few hundred)."""

SEATINGS = (("human", "easy", "random"), ("human", "random", "easy", "random"),
            ("random", "human", "easy"), ("human", "human", "random"))
"""One human against computers (first or second to play), and a hot seat of two."""


def _random_territory(game: GameController, rng: random.Random) -> int | None:
    """A territory to click: often one the map offers, sometimes any, sometimes the sea."""
    moves = game.map.moves
    sel = game.map.selection
    roll = rng.random()
    if roll < 0.05:
        return None
    if roll < 0.5 and sel.source is not None and moves.pairs.get(sel.source):
        return rng.choice(sorted(moves.pairs[sel.source]))
    if roll < 0.85 and moves.sources:
        return rng.choice(sorted(moves.sources))
    return rng.randrange(len(game.state.owner))


def _go(game: GameController, rng: random.Random) -> None:
    """The main button with a random count (the slider), as the page's Enter does."""
    most = max(game.map.max_count(), 1)
    n = rng.randint(1, most + 1)  # sometimes one too many: must be refused, not crash
    step = game.step
    if step is Step.PLACE:
        game.place(n)
    elif step is Step.ATTACK:
        game.attack(n)
    elif step is Step.OCCUPY:
        legal = game.legal()
        game.occupy(rng.choice([a.armies for a in legal]) if legal else n)
    elif step is Step.MOVE:
        game.move(n)


def _option(game: GameController, rng: random.Random) -> None:
    """A SMART option, a reaction, a trade or going on: what the page lists."""
    legal = game.legal()
    options = [a for a in legal if a.keyword in OPTION_KEYWORDS
               or isinstance(a, warkit.Trade | warkit.EndPhase)]
    ranked = [r.action for r in game.reactions()]
    if ranked or options:
        game.act(rng.choice(ranked + options))


def _save_and_load(game: GameController) -> GameController:
    """Save the game to a file and go on with the loaded one (the page does this)."""
    loaded = load_game(dump_game(game), pace=game.pace)
    assert loaded.state == game.state
    return loaded


def restless_move(game: GameController, rng: random.Random) -> GameController:
    """One thing a restless player (or the page's timer) does; returns the game played on."""
    roll = rng.random()
    if game.waiting_on_computer and roll < 0.45:
        game.advance(budget=rng.choice((0.0, 0.01, 1.0)))
    elif game.step is Step.HANDOFF:
        game.confirm_handoff()
    elif roll < 0.65:
        game.click(_random_territory(game, rng))
    elif roll < 0.75:
        _go(game, rng)
    elif roll < 0.80:
        game.blitz(rng.choice((1, 1, 2, 3)))
    elif roll < 0.83:
        game.repeat_attack()
    elif roll < 0.85:
        game.stop_blitz()
    elif roll < 0.88:
        game.undo()
    elif roll < 0.90:
        game.clear()
    elif roll < 0.96:
        _option(game, rng)
    elif roll < 0.975:
        game.end()
    elif roll < 0.985:
        game.pace = rng.choice(list(PACES))
    elif roll < 0.99:
        game.lang = rng.choice(("pt", "en"))
    else:
        game = _save_and_load(game)
    return game


def play_restlessly(game: GameController, rng: random.Random) -> GameController:
    for n in range(MAX_OPS):
        if game.step is Step.OVER:
            break
        game = restless_move(game, rng)
        state = game.state
        assert not state_problems(state), state_problems(state)
        assert game.message.kind != "error"
        if n % 500 == 0:  # the controller's match is the engine's: it replays to this state
            assert list(game.match.replay())[-1] == state
    else:
        game.pace = "instant"  # a patient end: the human ends each step, computers play on
        for _ in range(20_000):
            if game.step is Step.OVER:
                break
            if game.waiting_on_computer:
                game.run_computers()
            elif game.step is Step.HANDOFF:
                game.confirm_handoff()
            elif not game.end():
                assert game.act(game.legal()[0])
    assert game.step is Step.OVER and game.state.winners
    return game


@pytest.mark.parametrize("rules", ["classic", "smart"])
@settings(settings.get_profile(PROFILE))
@given(seed=st.integers(0, 10**6), seating=st.sampled_from(SEATINGS),
       pace=st.sampled_from(list(PACES)), moves=st.integers(0, 2**32))
def test_a_restless_player_never_breaks_a_game(rules, seed, seating, pace, moves):
    game = new_game(*seating, rules=rules, seed=seed, pace=pace)
    play_restlessly(game, random.Random(moves))
