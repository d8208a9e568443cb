"""Fixtures of the dashboard tests: games with seats, a fake event loop, a human who clicks.

The human is played through the controller's click-level API (the map selection, then
place / attack / occupy / move / end), the way the page drives it; options (SMART
advantages, reactions, discards) are taken from the same list the page offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest
from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.saves import Autosave

import warkit

OPTION_KEYWORDS = ("intelligence", "reveal", "reroll", "alliance", "airlift", "discard", "pass")


def seats(*kinds: str) -> tuple[Seat, ...]:
    colors = ("red", "blue", "green", "yellow", "black", "white")
    return tuple(Seat(f"P{i + 1}", colors[i], kind) for i, kind in enumerate(kinds))


def new_game(*kinds: str, rules: str = "classic", seed: int = 3, lang: str = "en",
             **options) -> GameController:
    options.setdefault("pace", "instant")
    return GameController.new(GameConfig(seats(*kinds), rules, lang, seed), **options)


@dataclass
class Handle:
    fn: Callable[[], None]
    delay: float
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class FakeLoop:
    """A stand-in for the kernel's ``loop.call_later``: callbacks run when the test says."""

    queue: list[Handle] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)

    def __call__(self, delay: float, fn: Callable[[], None]) -> Handle:
        handle = Handle(fn, delay)
        self.queue.append(handle)
        self.delays.append(delay)
        return handle

    def run(self, limit: int = 100_000) -> int:
        """Run the pending callbacks (and those they schedule), except the ones that only
        withdraw something after a minute."""
        ran = 0
        while self.queue and ran < limit:
            handle = self.queue.pop(0)
            if handle.cancelled or handle.delay >= 30:
                continue
            handle.fn()
            ran += 1
        return ran


@pytest.fixture
def loop() -> FakeLoop:
    return FakeLoop()


@pytest.fixture
def autosave(tmp_path) -> Autosave:
    return Autosave(tmp_path / "autosave", browser="test-browser")


def click_pair(game: GameController, src: str, dst: str) -> None:
    """Click a source, then a target, as a player does (a second click on a selected
    territory would unselect it, so only what is not yet selected is clicked)."""
    index = game.state.map.index
    sel = game.map.selection
    if sel.source != index(src):
        game.click(None)  # the sea: a fresh start (another source could take it as a target)
        game.click(src)
    if game.map.selection.target != index(dst):
        game.click(dst)
    assert game.map.selection == type(sel)(index(src), index(dst)), game.message


def human_turn_step(game: GameController, rng: random.Random) -> None:
    """One decision of the human at the keyboard, made with clicks and buttons."""
    step, state = game.step, game.state
    assert game.my_turn, step
    legal = game.legal()
    ids = state.map.ids
    if step is Step.PLACE:
        place = rng.choice([a for a in legal if isinstance(a, warkit.Place)])
        game.map.clear()
        game.click(place.territory)
        assert game.map.selection.source == state.map.index(place.territory)
        assert game.place(rng.randint(1, game.map.max_count()))
    elif step is Step.ATTACK:
        pairs = [(s, d) for s, targets in game.map.moves.pairs.items() for d in targets
                 if state.armies[s] >= 3]
        if pairs and rng.random() < 0.85:
            src, dst = rng.choice(pairs)
            click_pair(game, ids[src], ids[dst])
            assert game.attack(), (game.message, game.map.selection, src, dst)
        else:
            assert game.end()
    elif step is Step.OCCUPY:
        assert game.occupy(legal[-1].armies)
    elif step is Step.MOVE:
        moves = [a for a in legal if isinstance(a, warkit.Move)]
        if moves and rng.random() < 0.3:
            move = rng.choice(moves)
            click_pair(game, move.src, move.dst)
            assert game.move(1)
        else:
            assert game.end()
    else:  # trades, SMART options and reactions: what the page lists
        options = [a for a in legal if a.keyword in OPTION_KEYWORDS or
                   isinstance(a, warkit.Trade | warkit.EndPhase)]
        assert game.act(rng.choice(options))


def play_to_the_end(game: GameController, seed: int = 0, max_decisions: int = 5000
                    ) -> Iterator[GameController]:
    """Play the game out: computers via ``advance``, the human(s) by clicking."""
    rng = random.Random(seed)
    for _ in range(max_decisions):
        game.run_computers()
        if game.step is Step.OVER:
            return
        if game.step is Step.HANDOFF:
            game.confirm_handoff()
            yield game
            continue
        yield game
        human_turn_step(game, rng)
    raise AssertionError(f"no winner after {max_decisions} human decisions")
