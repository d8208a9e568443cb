"""warkit: the Brazilian board game War (and its SMART mod) as a Python engine.

>>> import warkit
>>> state = warkit.new_game(players=4, seed=7)
>>> len(warkit.legal_actions(state)) > 0
True

The bots and the odds (numpy) load on first use (PEP 562), and ``simulate`` loads them with
its first game, so ``import warkit`` stays light for a page that only needs the rules.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import cards, dice, events
from .actions import (
    Action,
    Attack,
    ChooseDealer,
    Deal,
    DealObjective,
    Draw,
    EndPhase,
    Move,
    Occupy,
    Place,
    Roll,
    Trade,
    card_index,
    card_name,
    parse_action,
)
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    MapDataError,
    Reason,
    SaveFileError,
    UnknownNameError,
    WarkitError,
    WrongTypeError,
)
from .game import (
    Sampler,
    apply,
    chance_outcomes,
    illegal_reason,
    initial_state,
    is_legal,
    legal_actions,
    new_game,
)
from .legal import ActionRange, LegalActions
from .match import Match
from .mirror import MirrorError, mirror_state, resolve_step
from .position_builder import position
from .record import dumps, loads, match_from_dict, match_to_dict, state_from_dict, state_to_dict
from .rules import RULESETS, ClassicRules, find_rules, register_rules, registered_rules
from .simulate import simulate
from .state import CHANCE, JOKERS, TERMINAL, GamePhase, GameState, Phase
from .view import PlayerView, view
from .worldmap import SHAPES, WorldMap, world_map

__version__ = "0.1.0"

_LAZY = ("bots", "odds")
"""Public modules loaded on first use."""

if TYPE_CHECKING:
    from . import bots, odds


def __getattr__(name: str) -> Any:
    """Load a lazy public module (:data:`_LAZY`) when it is first asked for."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return import_module(f".{name}", __name__)


__all__ = [
    "CHANCE",
    "JOKERS",
    "RULESETS",
    "SHAPES",
    "TERMINAL",
    "Action",
    "ActionRange",
    "Attack",
    "ChooseDealer",
    "ClassicRules",
    "Deal",
    "DealObjective",
    "Draw",
    "EndPhase",
    "GamePhase",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "LegalActions",
    "MapDataError",
    "Match",
    "MirrorError",
    "Move",
    "Occupy",
    "Phase",
    "Place",
    "PlayerView",
    "Reason",
    "Roll",
    "Sampler",
    "SaveFileError",
    "Trade",
    "UnknownNameError",
    "WarkitError",
    "WorldMap",
    "WrongTypeError",
    "apply",
    "bots",
    "card_index",
    "card_name",
    "cards",
    "chance_outcomes",
    "dice",
    "dumps",
    "events",
    "find_rules",
    "illegal_reason",
    "initial_state",
    "is_legal",
    "legal_actions",
    "loads",
    "match_from_dict",
    "match_to_dict",
    "mirror_state",
    "new_game",
    "odds",
    "parse_action",
    "position",
    "register_rules",
    "registered_rules",
    "resolve_step",
    "simulate",
    "state_from_dict",
    "state_to_dict",
    "view",
    "world_map",
]
