"""A match: the history of one game, with push / undo / replay.

States are immutable, so a :class:`Match` is only a list of states and the
actions between them. Undo never crosses a chance step or a reveal (dice rolled
and cards drawn or shown cannot be taken back); everything else can be undone
one step at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .actions import Action, parse_action
from .errors import (
    IllegalActionError,
    InvalidArgumentError,
    Reason,
    WrongTypeError,
    describe,
    expect_whole,
)
from .events import Event, events
from .game import Sampler, apply, expect_state
from .state import CHANCE, GameState


class Match:
    """The states of a game and the actions between them.

    ``states[i + 1] == apply(states[i], actions[i])`` for every ``i``.
    """

    def __init__(self, initial: GameState, *, seed: int | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        expect_state(initial, "initial")
        if seed is not None:
            expect_whole(seed, "seed")
        if meta is not None and not isinstance(meta, dict):
            raise WrongTypeError(f"meta must be a dict, got {describe(meta)}")
        self.states: list[GameState] = [initial]
        self.actions: list[Action] = []
        self.seed = seed
        self.meta: dict[str, Any] = dict(meta or {})

    @classmethod
    def new(cls, players: int | Sequence[str] = 4, rules: Any = "classic",
            seed: int | None = None, **settings: Any) -> Match:
        """A match whose set-up (objectives, dealer, deal) is played with a seeded sampler
        and recorded, so the whole game replays from the record."""
        from .game import initial_state

        sampler = Sampler(seed)
        match = cls(initial_state(players, rules, **settings), seed=sampler.seed)
        match.resolve(sampler)
        return match

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.states[-1]

    @property
    def state_id(self) -> int:
        """Grows by one with every action (and shrinks on undo): a UI can reject stale clicks."""
        return len(self.actions)

    def push(self, action: Action | str, player: int | None = None) -> GameState:
        """Apply a legal action (or its text); if illegal, raise and keep the match as it was."""
        if isinstance(action, str):
            action = parse_action(action)
        state = apply(self.state, action, player)
        self.states.append(state)
        self.actions.append(action)
        return state

    def resolve(self, sampler: Sampler) -> GameState:
        """Push chance outcomes drawn by ``sampler`` until a player has a decision."""
        while self.state.current_player == CHANCE:
            self.push(sampler.sample(self.state))
        return self.state

    def can_undo(self) -> bool:
        last = self.actions[-1] if self.actions else None
        return last is not None and not last.chance and last.undoable

    def undo(self) -> Action:
        """Take back the last decision; refused after dice were rolled or a card was drawn."""
        if not self.actions:
            raise IllegalActionError(Reason.CANNOT_UNDO, "nothing to undo")
        last = self.actions[-1]
        if last.chance or not last.undoable:
            raise IllegalActionError(Reason.CANNOT_UNDO, f"{last} already happened: dice "
                                     "rolled and cards drawn or revealed cannot be taken back")
        self.states.pop()
        return self.actions.pop()

    def events(self, index: int = -1) -> tuple[Event, ...]:
        """What action ``index`` (default: the last) did, as :mod:`warkit.events` events."""
        count = len(self.actions)
        if not count:
            raise InvalidArgumentError("this match has no action yet: no events to show")
        expect_whole(index, "index", -count, count - 1, f"this match has {count} actions")
        index = range(count)[index]
        return events(self.states[index], self.actions[index], self.states[index + 1])

    def replay(self) -> Iterator[GameState]:
        """Rebuild every state from the first one and the actions (checked again)."""
        state = self.states[0]
        yield state
        for action in self.actions:
            state = apply(state, action)
            yield state

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        s = self.state
        return (f"<Match {s.rules.name}, {s.num_players} players, {len(self.actions)} actions, "
                f"turn {s.turn}, {s.phase.value}>")
