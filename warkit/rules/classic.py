"""Classic War (rules IDs ``C-…``): settings, and the dispatch of actions to the phase modules.

The rule set is a frozen dataclass whose fields are the settings named in
``RULES.md`` (``ClassicRules(attacks_in_first_round=False)`` is the house
rule of the licensed online game). Phase logic lives in the mixins
(:mod:`.setup`, :mod:`.reinforce`, :mod:`.combat`, :mod:`.regroup`,
:mod:`.turn`); SMART subclasses this class and overrides hooks.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

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
from ..cards import is_set, trade_value
from ..errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Reason,
    describe,
)
from ..legal import LegalActions
from ..state import CHANCE, TERMINAL, GamePhase, GameState, Phase, evolve
from ..worldmap import world_map
from . import victory
from .combat import CombatRules
from .common import fail
from .regroup import RegroupRules
from .reinforce import ReinforceRules
from .setup import SetupRules
from .terms import BattleRule, Board, EndDecision, PhaseInfo, Side, TradeQuote
from .turn import TurnRules

if TYPE_CHECKING:
    from ..view import PlayerView

Handler = Callable[[Any, GameState, Any], GameState]
"""A phase handler: (rule set, state, action) -> the new state."""
LegalLister = Callable[[Any, GameState], LegalActions]

QUIET_OBJECTIVES = ("asia_africa", "asia_south_america", "north_america_africa",
                    "north_america_oceania", "europe_oceania_plus_one",
                    "europe_south_america_plus_one")

CLASSIC_PHASES = (
    PhaseInfo(Phase.SETUP, "chance", "the game is being set up"),
    PhaseInfo(Phase.TRADE, "active", "it is time to trade cards or pass (end)", "trade", "trade"),
    PhaseInfo(Phase.PLACE, "active", "the received armies must be placed first (C-REINF-3)",
              "place", "place"),
    PhaseInfo(Phase.ATTACK, "active", "it is the attack step", "attack", "attack"),
    PhaseInfo(Phase.ROLL, "chance", "the dice of the declared battle must be rolled first",
              battle=True),
    PhaseInfo(Phase.LOOT, "chance", "cards are being drawn from the eliminated player"),
    PhaseInfo(Phase.OCCUPY, "active", "the conquered territory must be occupied first "
              "(C-CONQ-1)", "occupy", "occupy"),
    PhaseInfo(Phase.MOVE, "active", "it is the regroup step: no more attacks this turn "
              "(C-TURN-1)", "regroup", "move"),
    PhaseInfo(Phase.DRAW, "chance", "the turn's card is being drawn"),
    PhaseInfo(Phase.GAME_OVER, "nobody", "the game is over"),
)
"""Classic War's steps (C-TURN-1): who decides each, and what the bots and the UI call it."""


@cache
def phase_table(rules: type[ClassicRules]) -> dict[GamePhase, PhaseInfo]:
    """A rule set's steps by phase (made once per rule set class)."""
    return {info.phase: info for info in rules.phases}


@cache
def _nobody_decides(rules: type[ClassicRules]) -> dict[GamePhase, int]:
    """The steps where no seat decides (:meth:`ClassicRules.current_player`): chance, the end."""
    return {info.phase: CHANCE if info.decider == "chance" else TERMINAL
            for info in rules.phases if info.decider in ("chance", "nobody")}


@dataclass(frozen=True)
class ClassicRules(SetupRules, ReinforceRules, CombatRules, RegroupRules, TurnRules):
    """The classic War rules, with the settings of ``RULES.md``."""

    attacks_in_first_round: bool = True
    """C-TURN-2: False gives the "no attacks in the first round" house rule."""
    card_bonus: str = "per_card"
    """C-CARD-5: "per_card" (+2 for each owned card territory) or "once" (+2 once per
    trade, on the first owned card territory in the order the cards were given)."""
    attack_dice_max: int = 3
    defence_dice_max: int = 3

    name: ClassVar[str] = "classic"
    aliases: ClassVar[tuple[str, ...]] = ("classic", "classico", "clássico", "war")

    # -- what callers may ask instead of testing the rule set's name (see also the hooks below)
    phases: ClassVar[tuple[PhaseInfo, ...]] = CLASSIC_PHASES
    """The steps of a turn (:class:`~warkit.rules.terms.PhaseInfo`): the engine, the bots and
    the dashboard derive their tables from it (a new step of a variant is declared here)."""
    trade_sizes: ClassVar[tuple[int, ...]] = (3,)
    """How many cards one trade may hold (C-CARD-2; SMART: 1 to 6, S-TRADE-1)."""
    shared_trade_table: ClassVar[bool] = True
    """A trade's value grows with the game's trades (C-CARD-4); SMART has no table (S-TRADE-6)."""
    card_per_conquest: ClassVar[bool] = False
    """Each conquest draws a card (S-CONQ-2); classic: one card a turn (C-CARD-1)."""
    ends_at_first_elimination: ClassVar[bool] = False
    """The game ends when the first player is eliminated (S-WIN-1)."""
    hand_limit: ClassVar[int | None] = None
    """Cards kept at the end of a turn (S-END-2: 6); ``None``: no limit."""
    terrain_cards: ClassVar[bool] = False
    """Cards can be revealed for terrain knowledge of a battle's target (S-TERRAIN-1)."""
    advantages: ClassVar[tuple[type[Action], ...]] = ()
    """Actions beyond the classic turn (SMART's advantages and reactions)."""
    reactions: ClassVar[tuple[type[Action], ...]] = ()
    """Actions reacting to a roll in a battle step (SMART's reveal, reroll and its dice), told
    apart by :mod:`warkit.events` from the roll itself."""
    handlers: ClassVar[dict[tuple[GamePhase, type[Action]], Handler]] = {
        (Phase.SETUP, DealObjective): SetupRules.do_objective,
        (Phase.SETUP, ChooseDealer): SetupRules.do_dealer,
        (Phase.SETUP, Deal): SetupRules.do_deal,
        (Phase.TRADE, Trade): ReinforceRules.do_trade,
        (Phase.TRADE, EndPhase): ReinforceRules.end_trade,
        (Phase.PLACE, Place): ReinforceRules.do_place,
        (Phase.ATTACK, Attack): CombatRules.do_attack,
        (Phase.ATTACK, EndPhase): CombatRules.end_attacks,
        (Phase.ROLL, Roll): CombatRules.do_roll,
        (Phase.LOOT, Draw): CombatRules.do_loot,
        (Phase.OCCUPY, Occupy): CombatRules.do_occupy,
        (Phase.MOVE, Move): RegroupRules.do_move,
        (Phase.MOVE, EndPhase): RegroupRules.end_regroup,
        (Phase.DRAW, Draw): TurnRules.do_draw,
    }
    """The function applying each action in each phase (a subclass lists its overrides: a
    test checks that every entry is the rule set's own method of that name)."""
    legal_by_phase: ClassVar[dict[GamePhase, LegalLister]] = {
        Phase.TRADE: ReinforceRules.legal_trade,
        Phase.PLACE: ReinforceRules.legal_place,
        Phase.ATTACK: CombatRules.legal_attack,
        Phase.OCCUPY: CombatRules.legal_occupy,
        Phase.MOVE: RegroupRules.legal_move,
    }

    def __post_init__(self) -> None:
        if self.card_bonus not in ("per_card", "once"):
            raise InvalidArgumentError(
                f"card_bonus must be 'per_card' or 'once', got {self.card_bonus!r}")
        for name in ("attack_dice_max", "defence_dice_max"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
                raise InvalidArgumentError(f"{name} must be 1, 2 or 3, got {value!r}")
        if not isinstance(self.attacks_in_first_round, bool):
            raise InvalidArgumentError("attacks_in_first_round must be True or False")

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-safe dict (saved with states and records)."""
        return dataclasses.asdict(self)

    # -- the state contract -------------------------------------------------------------------
    def current_player(self, state: GameState) -> int:
        return _nobody_decides(self.__class__).get(state.phase, state.current)

    def phase_info(self, phase: GamePhase) -> PhaseInfo:
        """What ``phase`` is under these rules (raises ``ValueError`` for another's step)."""
        info = phase_table(self.__class__).get(phase)
        if info is None:
            raise ValueError(f"{self.name} rules have no {phase.value!r} step")
        return info

    def phase_kinds(self, phase: GamePhase) -> tuple[type[Action], ...]:
        """The kinds of action taken in ``phase`` (its handlers), in the table's order."""
        return tuple(kind for step, kind in self.handlers if step is phase)

    def phase_named(self, value: object) -> GamePhase:
        """The step saved as ``value`` (``phase.value`` in a save file or record)."""
        for info in self.phases:
            if info.phase.value == value:
                return info.phase
        known = ", ".join(str(info.phase.value) for info in self.phases)
        raise InvalidArgumentError(f"{self.name} rules have no step {describe(value)}; the "
                                   f"steps are {known}")

    def legal_actions(self, state: GameState) -> LegalActions:
        """Every legal decision of the deciding player (empty at chance steps and at the end)."""
        lister = self.legal_by_phase.get(state.phase)
        return lister(self, state) if lister is not None else LegalActions()

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

    def sample_chance(self, state: GameState, rng: random.Random) -> Action:
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
        handler = self.handlers.get((state.phase, action.__class__))
        if handler is not None and player is None:
            # A handler exists only for a phase's own kind of action (chance outcomes in chance
            # steps, decisions in the others: tests/test_engine_paths.py checks every table),
            # so the checks below would all pass; the handler does the rest.
            return self.after_action(state, handler(self, state, action))
        return self.checked_apply(state, action, player)

    def checked_apply(self, state: GameState, action: Action, player: int | None) -> GameState:
        """:meth:`apply` when who acts must be checked, or no handler takes the action here."""
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
        return self.after_action(state, handler(self, state, action))

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
        return self.phase_info(state.phase).hint

    def illegal_reason(self, state: GameState, action: Action) -> IllegalActionError | None:
        """The error ``apply`` would raise, or ``None`` if the action is legal."""
        try:
            self.apply(state, action)
        except IllegalActionError as exc:
            return exc
        return None

    def after_action(self, before: GameState, state: GameState) -> GameState:
        """C-WIN-1: victory is checked after every action (that changed the board)."""
        if state.phase is Phase.SETUP:
            return state
        armies_only = state.owner is before.owner
        if armies_only and state.armies is before.armies:
            return state
        everyone = state.alive is not before.alive and state.alive != before.alive
        if armies_only and not everyone and not victory.may_win_by_armies(state):
            return state
        won = victory.winners(state, everyone=everyone, armies_only=armies_only)
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

    # -- hooks for callers (bots, widgets): a state or a view as ``board`` ------------------------
    def trade_quote(self, cards: tuple[int, ...], owned: frozenset[int] | set[int],
                    trades: int) -> TradeQuote:
        """What trading ``cards`` (card numbers, in the order given) brings a player owning
        ``owned`` after ``trades`` trades in the game: C-CARD-2 (a set of 3), C-CARD-4 (the
        game's next value), C-CARD-5 (+2 on owned card territories, once with
        ``card_bonus="once"``)."""
        if len(cards) != 3:
            return TradeQuote(cards, False, problem="empty" if not cards else "count",
                              rule="C-CARD-2")
        if not is_set(cards):
            return TradeQuote(cards, False, problem="not_a_set", rule="C-CARD-2")
        m = world_map()
        bonus = [(c, 2) for c in cards if c < len(m.ids) and c in owned]
        if self.card_bonus == "once":
            bonus = bonus[:1]
        return TradeQuote(cards, True, trade_value(trades, m.trade_values, m.trade_step),
                          tuple(bonus), rule="C-CARD-4")

    def quiet_objectives(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """One objective per seat that a hand-made position does not meet by accident
        (:func:`warkit.position`): two-continent objectives."""
        return QUIET_OBJECTIVES[:len(colors)]

    def largest_move_in(self, src_armies: int, attack_dice: int) -> int:
        """C-CONQ-1: armies that may move into a conquered territory from a territory holding
        ``src_armies`` after a battle of ``attack_dice`` dice (one always stays behind)."""
        return min(attack_dice, src_armies - 1)

    def reacting(self, board: Board) -> int | None:
        """The seat deciding a reaction to the roll now (SMART's S-REROLL-1 window), or
        ``None`` when nobody may react (classic War has no reactions)."""
        return None

    def battle_rule(self, board: Board, dst: int, revealed: Side | None = None) -> BattleRule:
        """What decides the losses of a battle on ``dst`` as ``board`` shows it (C-ATK-2..4);
        ``revealed``: the side that would reveal the target's card for terrain knowledge now
        (a what-if for reactions and dice trays; classic War has no terrain cards)."""
        return BattleRule(self.attack_dice_max, self.defence_dice_max, "defender", None,
                          False, self.sides)

    def attack_limit(self, round_number: int) -> int | None:
        """Attacks a player may declare in round ``round_number`` (``None``: no limit)."""
        return None

    def end_decision(self, board: Board) -> EndDecision | None:
        """Why the winners of a finished game won (``None`` while the game goes on)."""
        if not board.winners:
            return None
        return EndDecision("objective", board.winners[0], rule="C-WIN-1")

    def elimination_winners(self, board: Board, conqueror: int, victim: int,
                            objective: str | None = None) -> tuple[int, ...] | None:
        """Who would win if ``conqueror`` took ``victim``'s last territory now, when that
        elimination ends the game by itself (``objective``: the conqueror's objective card,
        if known). ``None``: the game goes on (C-ELIM-2: the cards change hands); only an
        objective met ends it (C-WIN-1)."""
        return None

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

    def public_extra_to_dict(self, view: PlayerView) -> Any:
        """``view.extra`` (:meth:`public_extra`) as JSON-safe data that keeps every part of it
        (:func:`warkit.seat_record.view_to_dict`: what the room server sends a page). Classic
        War shows none."""
        if view.extra is not None:
            raise ValueError(f"{self.name} rules show no extra state, got {view.extra!r}")
        return None

    def placed_cards(self, board: Board) -> dict[int, int]:
        """Cards ``board`` (a view) shows in a seat's hand besides the viewer's own, as
        card -> seat: classic War shows none (SMART: its revealed cards)."""
        return {}

    def extra_from_public(self, view: PlayerView,
                          fill: Callable[[int, int], tuple[int, ...]]) -> Any:
        """Rule-set specific state that looks like ``view.extra`` to its viewer, built from
        the view alone (:func:`warkit.mirror.mirror_state`); ``fill(seat, count)`` gives
        ``count`` placeholder cards from ``seat``'s hand for a part the view only counts.
        Classic War keeps none."""
        return None

    def loot_draws_left(self, board: Board) -> int:
        """Blind draws the eliminator still makes from the loser's cards (C-ELIM-2), as a
        view tells it: each draw fills the eliminator's hand towards the limit."""
        if board.phase is not Phase.LOOT:
            return 0
        return max(0, self.loot_hand_limit - board.hand_sizes[board.current])

    def extra_to_dict(self, state: GameState) -> Any:
        """The rule-set specific state as JSON-safe data (classic has none)."""
        return None

    def extra_from_dict(self, state: GameState, data: Any) -> GameState:
        """``state`` with its rule-set specific part read back from :meth:`extra_to_dict`."""
        if data is not None:
            raise ValueError(f"{self.name} rules keep no extra state, got {data!r}")
        return state
