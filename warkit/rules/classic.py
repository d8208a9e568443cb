"""Classic War (rules IDs ``C-…``): settings, and the dispatch of actions to the phase modules.

The rule set is a frozen dataclass whose fields are the settings named in
``rules.md`` (``ClassicRules(attacks_in_first_round=False)`` is the house
rule of the licensed online game). Phase logic lives in the mixins
(:mod:`.setup`, :mod:`.reinforce`, :mod:`.combat`, :mod:`.regroup`,
:mod:`.turn`); SMART subclasses this class and overrides hooks.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NoReturn

from ..actions import (
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
    card_name,
)
from ..errors import IllegalActionError, InvalidActionError, Reason
from ..legal import LegalActions
from ..state import CHANCE, CHANCE_PHASES, TERMINAL, GameState, Phase, evolve
from . import victory
from .combat import CombatRules
from .common import fail
from .regroup import RegroupRules
from .reinforce import ReinforceRules
from .setup import SetupRules
from .turn import TurnRules

PHASE_HINTS = {
    Phase.SETUP: "the game is being set up",
    Phase.TRADE: "it is time to trade cards or pass (end)",
    Phase.PLACE: "the received armies must be placed first (C-REINF-3)",
    Phase.ATTACK: "it is the attack step",
    Phase.ROLL: "the dice of the declared battle must be rolled first",
    Phase.LOOT: "cards are being drawn from the eliminated player",
    Phase.OCCUPY: "the conquered territory must be occupied first (C-CONQ-1)",
    Phase.MOVE: "it is the regroup step: no more attacks this turn (C-TURN-1)",
    Phase.DRAW: "the turn's card is being drawn",
    Phase.GAME_OVER: "the game is over",
    Phase.REACT: "the players may react to the roll first (reveal, reroll or pass)",
    Phase.REROLL: "the rerolled dice must be rolled first",
    Phase.DISCARD: "the player must discard down to the hand limit first",
    Phase.ALLIANCE: "armies are being shifted inside a continent (end to finish)",
    Phase.AIRLIFT: "armies are being airlifted (end to finish)",
}


@dataclass(frozen=True)
class ClassicRules(SetupRules, ReinforceRules, CombatRules, RegroupRules, TurnRules):
    """The classic War rules, with the settings of ``rules.md``."""

    attacks_in_first_round: bool = True
    """C-TURN-2: False gives the "no attacks in the first round" house rule."""
    card_bonus: str = "per_card"
    """C-CARD-5: "per_card" (+2 for each owned card territory) or "once" (+2 once per
    trade, on the first owned card territory in the order the cards were given)."""
    attack_dice_max: int = 3
    defence_dice_max: int = 3

    name: ClassVar[str] = "classic"
    aliases: ClassVar[tuple[str, ...]] = ("classic", "classico", "clássico", "war")
    handlers: ClassVar[dict[tuple[Phase, type[Action]], str]] = {
        (Phase.SETUP, DealObjective): "do_objective",
        (Phase.SETUP, ChooseDealer): "do_dealer",
        (Phase.SETUP, Deal): "do_deal",
        (Phase.TRADE, Trade): "do_trade",
        (Phase.TRADE, EndPhase): "end_trade",
        (Phase.PLACE, Place): "do_place",
        (Phase.ATTACK, Attack): "do_attack",
        (Phase.ATTACK, EndPhase): "end_attacks",
        (Phase.ROLL, Roll): "do_roll",
        (Phase.LOOT, Draw): "do_loot",
        (Phase.OCCUPY, Occupy): "do_occupy",
        (Phase.MOVE, Move): "do_move",
        (Phase.MOVE, EndPhase): "end_regroup",
        (Phase.DRAW, Draw): "do_draw",
    }
    legal_by_phase: ClassVar[dict[Phase, str]] = {
        Phase.TRADE: "legal_trade",
        Phase.PLACE: "legal_place",
        Phase.ATTACK: "legal_attack",
        Phase.OCCUPY: "legal_occupy",
        Phase.MOVE: "legal_move",
    }

    def __post_init__(self) -> None:
        if self.card_bonus not in ("per_card", "once"):
            raise ValueError(f"card_bonus must be 'per_card' or 'once', got {self.card_bonus!r}")
        for name in ("attack_dice_max", "defence_dice_max"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
                raise ValueError(f"{name} must be 1, 2 or 3, got {value!r}")
        if not isinstance(self.attacks_in_first_round, bool):
            raise ValueError("attacks_in_first_round must be True or False")

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-safe dict (saved with states and records)."""
        return dataclasses.asdict(self)

    # -- the state contract -------------------------------------------------------------------
    def current_player(self, state: GameState) -> int:
        if state.phase is Phase.GAME_OVER:
            return TERMINAL
        if state.phase in CHANCE_PHASES:
            return CHANCE
        return state.current

    def legal_actions(self, state: GameState) -> LegalActions:
        """Every legal decision of the deciding player (empty at chance steps and at the end)."""
        method = self.legal_by_phase.get(state.phase)
        return getattr(self, method)(state) if method else LegalActions()

    def chance_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]:
        """The possible outcomes of a chance step with their exact probabilities."""
        phase = state.phase
        if phase is Phase.SETUP:
            return self.setup_outcomes(state)
        if phase is Phase.ROLL:
            return list(self.roll_outcomes(state))
        if phase is Phase.LOOT:
            return self.loot_outcomes(state)
        if phase is Phase.DRAW:
            return self.draw_outcomes(state)
        return []

    def sample_chance(self, state: GameState, rng) -> Action:
        """One chance outcome drawn with ``rng`` (a :class:`random.Random`)."""
        phase = state.phase
        if phase is Phase.SETUP:
            return self.sample_setup(state, rng)
        if phase is Phase.ROLL:
            return self.sample_roll(state, rng)
        if phase is Phase.LOOT:
            return Draw(card_name(rng.choice(state.loot)))
        if phase is Phase.DRAW:
            return Draw(card_name(rng.choice(state.deck)))
        raise ValueError(f"no chance step is pending ({state.phase.value})")

    def apply(self, state: GameState, action: Action, player: int | None = None) -> GameState:
        """The state after ``action``; raises :class:`IllegalActionError` and changes nothing
        if the rules forbid it. ``player`` (optional) is who claims to act."""
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an action: {action!r} (use parse_action for text)")
        if state.phase is Phase.GAME_OVER:
            fail(Reason.GAME_OVER, "the game is over: no more actions")
        decider = self.current_player(state)
        if action.chance and decider != CHANCE:
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"{action} is a chance outcome, but "
                 f"{state.colors[decider]} has a decision to make")
        if not action.chance and decider == CHANCE:
            fail(Reason.CHANCE_PENDING, f"{self.phase_hint(state)}; {action} must wait",
                 phase=state.phase.value)
        if player is not None:
            self.check_seat(state, player)
        if player is not None and player != decider:
            who = "chance" if decider == CHANCE else state.colors[decider]
            fail(Reason.NOT_YOUR_TURN, f"it is {who}'s move, not {state.colors[player]}'s",
                 color=who)
        handler = self.handlers.get((state.phase, type(action)))
        if handler is None:
            self.wrong_phase(state, action)
        return self.after_action(state, getattr(self, handler)(state, action))

    def check_seat(self, state: GameState, player: object) -> None:
        """Refuse a ``player`` that is not a seat of this game (a whole number 0..n-1)."""
        n = state.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            seats = ", ".join(f"{s} ({c})" for s, c in enumerate(state.colors))
            fail(Reason.UNKNOWN_SEAT, f"there is no seat {player!r} in this game: the seats are "
                 f"{seats}", players=n, last=n - 1)

    def wrong_phase(self, state: GameState, action: Action) -> NoReturn:
        """Refuse an action that has no handler in this phase (rule sets may name their rule)."""
        if isinstance(action, Trade) and state.phase is Phase.PLACE:
            fail(Reason.WRONG_PHASE, "cards are traded at the start of the turn, before "
                 "placing, one set per turn (the eliminator's late trade is the only other)",
                 "C-CARD-3",
                 action=action.keyword, phase=state.phase.value)
        fail(Reason.WRONG_PHASE, f"{action.keyword!r} is not possible now: "
             f"{self.phase_hint(state)}", "C-TURN-1", action=action.keyword,
             phase=state.phase.value)

    def phase_hint(self, state: GameState) -> str:
        """What the state is waiting for, in words (for refusals)."""
        return PHASE_HINTS[state.phase]

    def illegal_reason(self, state: GameState, action: Action) -> IllegalActionError | None:
        """The error ``apply`` would raise, or ``None`` if the action is legal."""
        try:
            self.apply(state, action)
        except IllegalActionError as exc:
            return exc
        return None

    def after_action(self, before: GameState, state: GameState) -> GameState:
        """C-WIN-1: victory is checked after every action (that changed the board)."""
        if state.phase is Phase.SETUP or (state.owner is before.owner
                                          and state.armies is before.armies):
            return state
        won = victory.winners(state, everyone=state.alive != before.alive)
        if not won:
            return state
        b = state.battle
        if b is not None and state.armies[b.dst] == 0:
            # C-WIN-1's decision: the game ends at the conquest itself (which counts, e.g. for
            # "24 territories"); the battle's armies move in at once, so the final board has
            # no empty territory.
            n = self.occupy_max(state)
            armies = list(state.armies)
            armies[b.src] -= n
            armies[b.dst] += n
            state = evolve(state, armies=tuple(armies))
        return evolve(state, winners=won, phase=Phase.GAME_OVER, battle=None)

    def effective_objective(self, state: GameState, seat: int) -> str | None:
        return victory.effective_objective(state, seat)

    # -- hooks of warkit.validate ---------------------------------------------------------
    def battle_expected(self, state: GameState) -> bool:
        """Must ``state`` hold a pending battle? (its phase needs one)"""
        return state.phase in (Phase.ROLL, Phase.OCCUPY, Phase.LOOT)

    def conquest_pending(self, state: GameState) -> bool:
        """Is the battle's target conquered but not yet occupied (so it may hold 0 armies)?"""
        return state.phase in (Phase.OCCUPY, Phase.LOOT) and state.battle is not None

    def extra_problems(self, state: GameState) -> list[str]:
        """Inconsistencies of the rule-set specific state (classic keeps none)."""
        return []

    def public_extra(self, state: GameState, player: int | None) -> Any:
        """What ``player`` may see of the rule-set specific state (classic has none)."""
        return None

    def extra_to_dict(self, state: GameState) -> Any:
        """The rule-set specific state as JSON-safe data (classic has none)."""
        return None

    def extra_from_dict(self, state: GameState, data: Any) -> GameState:
        """``state`` with its rule-set specific part read back from :meth:`extra_to_dict`."""
        if data is not None:
            raise ValueError(f"{self.name} rules keep no extra state, got {data!r}")
        return state
