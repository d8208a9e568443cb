"""warkit: the Brazilian board game War (and its SMART mod) as a Python engine."""
from .errors import IllegalActionError, InvalidActionError, MapDataError, Reason, SaveFileError, WarkitError
from .worldmap import WorldMap, world_map

__version__ = "0.1.0"
