"""The SMART mod (rules IDs ``S-…``) in one package: ``warkit.new_game(rules="smart")``.

- :mod:`.rules`: :class:`SmartRules`, the rule set (set-up, end of the game, hooks);
- :mod:`.trades`, :mod:`.combat`, :mod:`.moves`: its phase mixins;
- :mod:`.state`: its per-turn state (``state.extra``) and the public part views show;
- :mod:`.phases`: its own steps of a turn (``SmartPhase``) and how it describes every step;
- :mod:`.actions`: its actions (``AirAttack``, ``Reveal``, ``Reroll``...);
- :mod:`.tables`: its tables and helpers (trade values, attack limits, card kinds), which
  lessons, bots, the dashboard and :mod:`warkit.odds` read.

Callers outside the engine import the names below from ``warkit.rules.smart``.
"""

from .actions import (
    AirAttack,
    Airlift,
    Alliance,
    Discard,
    Intelligence,
    Pass,
    Reroll,
    Rerolled,
    Reveal,
)
from .moves import passage_reach
from .phases import SMART_PHASES, SmartPhase
from .rules import SmartRules, smart_winners
from .state import EMPTY, Mark, SmartExtra, SmartView
from .tables import (
    ATTACK_LIMITS,
    CARD_KINDS,
    HAND_LIMIT,
    JOKER_BONUS,
    MAX_TRADE,
    TERRITORY_BONUS,
    TradeGroup,
    TradeValue,
    attack_limit,
    best_trade,
    card_kind,
    group_value,
    intelligence_draws,
    reroll_terms,
)

__all__ = [
    "ATTACK_LIMITS",
    "CARD_KINDS",
    "EMPTY",
    "HAND_LIMIT",
    "JOKER_BONUS",
    "MAX_TRADE",
    "SMART_PHASES",
    "TERRITORY_BONUS",
    "AirAttack",
    "Airlift",
    "Alliance",
    "Discard",
    "Intelligence",
    "Mark",
    "Pass",
    "Reroll",
    "Rerolled",
    "Reveal",
    "SmartExtra",
    "SmartPhase",
    "SmartRules",
    "SmartView",
    "TradeGroup",
    "TradeValue",
    "attack_limit",
    "best_trade",
    "card_kind",
    "group_value",
    "intelligence_draws",
    "passage_reach",
    "reroll_terms",
    "smart_winners",
]
