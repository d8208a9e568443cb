"""warkit_widgets: Jupyter widgets (map, dice, hand, odds) over the warkit engine.

The controllers and models (:mod:`.controller`, :mod:`.models`, :mod:`.i18n`,
:mod:`.html`, :mod:`.painter`) are pure Python and import no Jupyter code;
every public name but :func:`tr` and :func:`lang_from_env` is loaded on first
use, so ``import warkit_widgets`` stays cheap (a dashboard's first screen needs
neither the odds nor numpy) and headless tools can use the controllers alone.

>>> from warkit_widgets import MapController, compare_dice
>>> compare_dice((5, 4, 1), (6, 3, 1)).lost_attacker
2
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .i18n import lang_from_env, tr

_LAZY = {
    **dict.fromkeys(("CURRENT", "BattleRecord", "Highlights", "MapController", "MapSelection",
                     "Message", "Moves", "Selection"), ".controller"),
    **dict.fromkeys(("Exercise", "Hint", "answer_box", "check_answer", "check_form", "is_correct",
                     "unseal", "unseal_exercise"), ".exercise"),
    **dict.fromkeys(("BattleOdds", "DiceComparison", "HandContext", "HandController",
                     "TradeQuote", "battle_odds", "compare_dice", "trade_value"), ".models"),
    "MapWidget": ".mapwidget",
    "PickMap": ".mapwidget",
    "DiceWidget": ".dice",
    "HandWidget": ".hand",
    "OddsWidget": ".odds",
    "BattleExplorer": ".explorers",
    "DiceExplorer": ".explorers",
    "BattleDesk": ".explorers",
    "ErrorReporter": ".report",
}
"""Where each public name lives; loaded when first asked for (the controllers need the
engine's odds and numpy, the widget classes ipywidgets: a page's first screen needs neither)."""

if TYPE_CHECKING:
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
    from .dice import DiceWidget
    from .exercise import (
        Exercise,
        Hint,
        answer_box,
        check_answer,
        check_form,
        is_correct,
        unseal,
        unseal_exercise,
    )
    from .explorers import BattleDesk, BattleExplorer, DiceExplorer
    from .hand import HandWidget
    from .mapwidget import MapWidget, PickMap
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
    from .odds import OddsWidget
    from .report import ErrorReporter


def __getattr__(name: str) -> Any:
    """Load a public name (and what it needs: the engine's odds, ipywidgets) when it is
    first asked for."""
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CURRENT", "BattleDesk", "BattleExplorer", "BattleOdds", "BattleRecord", "DiceComparison",
    "DiceExplorer", "DiceWidget", "ErrorReporter", "Exercise", "HandContext", "HandController",
    "HandWidget", "Highlights", "Hint", "MapController", "MapSelection", "MapWidget", "Message",
    "Moves", "OddsWidget", "PickMap", "Selection", "TradeQuote", "answer_box", "battle_odds",
    "check_answer", "check_form", "compare_dice", "is_correct", "lang_from_env", "tr",
    "trade_value", "unseal", "unseal_exercise",
]
