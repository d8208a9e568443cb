"""warkit: the Brazilian board game War (and its SMART mod) as a Python engine.

>>> import warkit
>>> state = warkit.new_game(players=4, seed=7)
>>> len(warkit.legal_actions(state)) > 0
True
"""

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
    parse_action,
)
from .errors import (
    IllegalActionError,
    InvalidActionError,
    MapDataError,
    Reason,
    SaveFileError,
    WarkitError,
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
from .rules import ClassicRules, find_rules
from .state import CHANCE, TERMINAL, GameState, Phase
from .view import PlayerView, view
from .worldmap import WorldMap, world_map

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Attack", "ChooseDealer", "ClassicRules", "Deal",
    "DealObjective", "Draw", "EndPhase", "GameState", "IllegalActionError",
    "InvalidActionError", "MapDataError", "Move", "Occupy", "Phase", "Place", "PlayerView",
    "Reason", "Roll", "Sampler", "SaveFileError", "Trade", "WarkitError", "WorldMap", "apply",
    "chance_outcomes", "find_rules", "illegal_reason", "initial_state", "is_legal",
    "legal_actions", "new_game", "parse_action", "view", "world_map",
]
