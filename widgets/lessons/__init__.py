"""Helpers of the lessons and labs only (``notebooks/``): one subpackage per lesson group.

``classic`` (the classic War lessons), ``smart_basics`` and ``smart_tactics`` (the SMART
lessons); shared by all: ``charts`` (static SVG charts that survive printing), ``examples`` (the
positions), ``text`` (one string in the lesson's language). The notebooks' build tools (bilingual
sources, handouts, printables) live apart, in ``notebooks/build_tools/``.
The reusable components (map, dice, hand, odds, explorers, answer box) stay at the top level of
:mod:`warkit_widgets`; this package builds on them and nothing there imports it.

>>> from warkit_widgets.lessons import TerritoryTour  # widget classes load on first use
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_WIDGETS = {
    "TerritoryTour": ".classic.widgets",
    "ReinforcementCalculator": ".classic.widgets",
    "RegroupDesk": ".classic.widgets",
    "SetFinder": ".classic.widgets",
    "ParanoiaDealer": ".smart_basics.widgets",
    "IntelligenceDesk": ".smart_basics.widgets",
    "TerrainExplorer": ".smart_basics.widgets",
}

if TYPE_CHECKING:
    from .classic.widgets import RegroupDesk, ReinforcementCalculator, SetFinder, TerritoryTour
    from .smart_basics.widgets import IntelligenceDesk, ParanoiaDealer, TerrainExplorer


def __getattr__(name: str) -> Any:
    """Load a lesson widget class (and ipywidgets) only when it is first asked for."""
    if name in _WIDGETS:
        return getattr(import_module(_WIDGETS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "IntelligenceDesk", "ParanoiaDealer", "RegroupDesk", "ReinforcementCalculator", "SetFinder",
    "TerrainExplorer", "TerritoryTour",
]
