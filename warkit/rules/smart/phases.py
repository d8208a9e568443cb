"""SMART's own steps of a turn and how it describes every step (S-REROLL-1, S-END-2, S-ALLY-1,
S-AIRLIFT-1): the core :class:`~warkit.state.Phase` holds classic War's steps only."""

from __future__ import annotations

from dataclasses import replace

from ...state import GamePhase, Phase
from ..classic import CLASSIC_PHASES
from ..terms import PhaseInfo
from .actions import Pass


class SmartPhase(GamePhase):
    """The steps SMART adds to a turn (saved by their values, like classic's)."""

    REACT = "react"  # after a roll: attacker, then defender, may reveal, reroll or pass
    REROLL = "reroll"  # chance: the rerolled dice
    DISCARD = "discard"  # the end of a turn: discard down to the hand limit
    ALLIANCE = "alliance"  # free shifts inside one wholly owned continent
    AIRLIFT = "airlift"  # shifts to or from one territory, ignoring borders

    __hash__ = object.__hash__


_OPTIONS: dict[GamePhase, tuple[str, ...]] = {
    Phase.TRADE: ("intelligence",), Phase.MOVE: ("reveal", "alliance", "airlift")}
"""The advantages SMART lists as options in classic steps (S-INTEL-1, S-PASS-1, S-ALLY-1,
S-AIRLIFT-1); the air attack (S-AIR-1) is picked on the map."""

SMART_PHASES = (
    *(replace(info, options=_OPTIONS.get(info.phase, info.options)) for info in CLASSIC_PHASES
      if info.phase is not Phase.LOOT),  # S-WIN-1: the first elimination ends the game
    PhaseInfo(SmartPhase.REACT, "reacting", "the players may react to the roll first (reveal, "
              "reroll or pass)", "react", "react", battle=True, decline=Pass()),
    PhaseInfo(SmartPhase.REROLL, "chance", "the rerolled dice must be rolled first",
              battle=True),
    PhaseInfo(SmartPhase.DISCARD, "active", "the player must discard down to the hand limit "
              "first", "discard", "discard", ("discard",)),
    PhaseInfo(SmartPhase.ALLIANCE, "active", "armies are being shifted inside a continent "
              "(end to finish)", "alliance", "move"),
    PhaseInfo(SmartPhase.AIRLIFT, "active", "armies are being airlifted (end to finish)",
              "airlift", "move"),
)
"""SMART's steps: classic's (no loot) with SMART's options, then its own."""
