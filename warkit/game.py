"""The engine's front door: start a game, list legal actions, apply them, resolve chance."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from .actions import Action
from .errors import (
    IllegalActionError,
    InvalidArgumentError,
    UnknownNameError,
    WrongTypeError,
    describe,
    expect_whole,
)
from .legal import LegalActions
from .rules import ClassicRules, find_rules
from .state import CHANCE, GameState
from .worldmap import world_map

MIN_PLAYERS, MAX_PLAYERS = 3, 6


def expect_state(state: object, name: str = "state") -> GameState:
    """``state`` if it is a :class:`GameState`, else a :class:`~warkit.WrongTypeError`
    (a player's view or ``None`` is no game state: the rules need the whole game)."""
    if isinstance(state, GameState):
        return state
    raise WrongTypeError(f"{name} must be a game state (from warkit.new_game or "
                         f"warkit.position), got {describe(state)}")


def seat_colors(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat colours from a player count or a list of colours (C-COMP-1)."""
    m = world_map()
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            shown = players if abs(players) < 1000 else "far more"
            raise InvalidArgumentError(f"War is for 3 to 6 players, got {shown} (C-COMP-1)")
        return tuple(c.id for c in m.colors[:players])
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise WrongTypeError("players must be a number (3 to 6) or a list of colours, got "
                             f"{describe(players)}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidArgumentError(f"War is for 3 to 6 players, got {len(players)} (C-COMP-1)")
    try:
        colors = tuple(m.colors[m.color_index(c)].id for c in players)
    except KeyError as exc:
        raise UnknownNameError(f"{exc} (C-COMP-1)") from None
    if len(set(colors)) != len(colors):
        raise InvalidArgumentError("each player needs a different colour (C-COMP-1)")
    return colors


def initial_state(players: int | Sequence[str] = 4, rules: str | ClassicRules = "classic",
                  **settings: Any) -> GameState:
    """The state before set-up: every next step is a chance step (objectives, dealer, deal)."""
    return find_rules(rules, **settings).initial_state(seat_colors(players))


class Sampler:
    """Resolves chance steps with its own seeded :class:`random.Random`.

    The seed is kept (``sampler.seed``) so a match can say how it was played;
    the generator never appears in states or views.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None:
            expect_whole(seed, "seed")
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        self.rng = random.Random(self.seed)

    def sample(self, state: GameState) -> Action:
        """One outcome of the pending chance step."""
        return state.rules.sample_chance(state, self.rng)

    def resolve(self, state: GameState) -> GameState:
        """Apply chance outcomes until a player has a decision (or the game ends)."""
        while state.current_player == CHANCE:
            state = state.rules.apply(state, self.sample(state))
        return state


def new_game(players: int | Sequence[str] = 4, rules: str | ClassicRules = "classic",
             seed: int | None = None, **settings: Any) -> GameState:
    """A game ready for the first decision: objectives dealt, territories dealt, first
    player's armies received. ``players`` is 3..6 or a list of colours; ``seed`` fixes
    the set-up; extra keywords are rule settings (e.g. ``attacks_in_first_round=False``)."""
    return Sampler(seed).resolve(initial_state(players, rules, **settings))


def legal_actions(state: GameState) -> LegalActions:
    """Every legal decision of the player to act (empty at chance steps and game end)."""
    rules = expect_state(state).rules
    if rules.__class__.legal_actions is _RULES_LEGAL:  # ClassicRules.legal_actions, one call sooner
        lister = rules.legal_by_phase.get(state.phase)
        return lister(rules, state) if lister is not None else LegalActions()
    return rules.legal_actions(state)


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    """The outcomes of the pending chance step with exact probabilities (sum to 1)."""
    return expect_state(state).rules.chance_outcomes(state)


def apply(state: GameState, action: Action | str, player: int | None = None) -> GameState:
    """The new state after ``action`` (an :class:`Action` or its text form).

    Raises :class:`~warkit.IllegalActionError` (with ``reason`` and a message
    naming the rule) when the rules forbid it; ``state`` is never changed.
    ``player``, when given, is the seat claiming to act.
    """
    if isinstance(action, str):
        from .actions import parse_action

        action = parse_action(action)
    if not isinstance(state, GameState):
        expect_state(state)
    rules = state.rules
    if player is None and rules.__class__.apply is _RULES_APPLY:
        # ClassicRules.apply's common case (a handler for this phase and kind of action) one
        # call sooner: every step of every game comes through here. A rule set overriding
        # apply itself takes its own path below.
        handler = rules.handlers.get((state.phase, action.__class__))
        if handler is not None:
            return rules.after_action(state, handler(rules, state, action))
    return rules.apply(state, action, player)


_RULES_APPLY = ClassicRules.apply
_RULES_LEGAL = ClassicRules.legal_actions


def illegal_reason(state: GameState, action: Action | str) -> IllegalActionError | None:
    """Why ``action`` would be refused, or ``None`` if it is legal (for UIs)."""
    try:
        apply(state, action)
    except IllegalActionError as exc:
        return exc
    return None


def is_legal(state: GameState, action: Action | str) -> bool:
    return illegal_reason(state, action) is None


def play(state: GameState, actions: Sequence[Action | str], sampler: Sampler | None = None
         ) -> Iterator[GameState]:
    """Apply actions in turn, resolving chance in between with ``sampler`` if given."""
    for action in actions:
        state = apply(state, action)
        if sampler is not None:
            state = sampler.resolve(state)
        yield state
