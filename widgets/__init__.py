"""warkit_widgets: Jupyter widgets (map, dice, hand, odds) over the warkit engine.

The controllers and models (:mod:`.controller`, :mod:`.models`, :mod:`.i18n`,
:mod:`.html`, :mod:`.painter`) are pure Python and import no Jupyter code;
the widget classes are loaded on first use, so ``import warkit_widgets``
stays cheap and headless tools can use the controllers alone.

>>> from warkit_widgets import MapController, compare_dice
>>> compare_dice((5, 4, 1), (6, 3, 1)).lost_attacker
2
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .controller import (
    CURRENT,
    BattleRecord,
    Highlights,
    MapController,
    MapSelection,
    Message,
    Moves,
    Selection,
)
from .exercise import Hint, answer_box, check_answer, is_correct, unseal
from .i18n import lang_from_env, tr
from .models import (
    BattleOdds,
    DiceComparison,
    HandContext,
    HandController,
    TradeQuote,
    battle_odds,
    compare_dice,
    trade_value,
)

_WIDGETS = {
    "MapWidget": ".mapwidget",
    "DiceWidget": ".dice",
    "HandWidget": ".hand",
    "OddsWidget": ".odds",
    "BattleExplorer": ".explorers",
    "DiceExplorer": ".explorers",
    "BattleDesk": ".explorers",
    "ErrorReporter": ".report",
}

if TYPE_CHECKING:
    from .dice import DiceWidget
    from .explorers import BattleDesk, BattleExplorer, DiceExplorer
    from .hand import HandWidget
    from .mapwidget import MapWidget
    from .odds import OddsWidget
    from .report import ErrorReporter


def __getattr__(name: str) -> Any:
    """Load a widget class (and ipywidgets) only when it is first asked for."""
    if name in _WIDGETS:
        return getattr(import_module(_WIDGETS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CURRENT", "BattleDesk", "BattleExplorer", "BattleOdds", "BattleRecord", "DiceComparison",
    "DiceExplorer", "DiceWidget", "ErrorReporter", "HandContext", "HandController", "HandWidget",
    "Highlights", "Hint", "MapController", "MapSelection", "MapWidget", "Message", "Moves",
    "OddsWidget", "Selection", "TradeQuote", "answer_box", "battle_odds", "check_answer",
    "compare_dice", "is_correct", "lang_from_env", "tr", "trade_value", "unseal",
]
