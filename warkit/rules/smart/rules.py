"""The SMART mod (rules IDs ``S-…``) as a rule set: ``warkit.new_game(rules="smart")``.

:class:`SmartRules` is :class:`~warkit.rules.classic.ClassicRules` with
SMART's phase mixins in front (:mod:`.smart_trades`, :mod:`.smart_combat`,
:mod:`.smart_moves`), its set-up (S-SETUP-1 "Paranoia" objectives) and its
end of the game (S-WIN-1..3) here, and its per-turn state in
``state.extra`` (:mod:`.smart_state`). Everything SMART does not change is
the classic code, reached through its hooks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from ...actions import Action, Attack, DealObjective, Draw, EndPhase, Move, Roll, Trade
from ...errors import InvalidArgumentError, Reason
from ...state import GameState, Phase, evolve
from ...worldmap import world_map
from ..classic import ClassicRules
from ..common import fail
from ..terms import BIG_COUNT, BattleRule, Board, EndDecision, PhaseInfo, Side, TradeQuote
from ..victory import target_seat
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
from .combat import SmartCombatRules
from .moves import SmartMoveRules
from .phases import SMART_PHASES, SmartPhase
from .state import (
    EMPTY,
    SmartExtra,
    extra_from_dict,
    extra_from_public,
    extra_to_dict,
    public_view,
    public_view_to_dict,
)
from .tables import HAND_LIMIT, MAX_TRADE, best_trade
from .tables import attack_limit as smart_attack_limit
from .trades import SmartTradeRules

if TYPE_CHECKING:
    from ...view import PlayerView

# When an advantage is tried in the wrong step: its rule and when it is possible.
ADVANTAGE_STEPS: dict[type[Action], tuple[str, str]] = {
    Trade: ("S-TRADE-1", "cards are traded in the reinforcement step, before placing"),
    Intelligence: ("S-INTEL-1", "Intelligence is used in the reinforcement step, before "
                                "placing"),
    AirAttack: ("S-AIR-1", "an air attack is declared in the attack step"),
    Reroll: ("S-REROLL-1", "a reroll is made right after a roll"),
    Pass: ("S-REROLL-1", "players pass right after a roll"),
    Reveal: ("S-TERRAIN-1", "cards are revealed right after a roll (terrain knowledge) or in "
                            "the movement step (hidden passage, S-PASS-1)"),
    Alliance: ("S-ALLY-1", "an alliance is made in the movement step"),
    Airlift: ("S-AIRLIFT-1", "an airlift is made in the movement step"),
    Discard: ("S-END-2", "cards are discarded at the end of the turn, above 6 cards"),
}


def smart_winners(state: GameState) -> tuple[int, ...]:
    """Who wins when the first player is eliminated (S-WIN-1): the eliminator if that colour
    was their objective (S-WIN-2); otherwise, in order: 24 or more territories, most
    territories, most armies on the board, most cards in hand; else a shared victory
    (S-WIN-3)."""
    out = next(s for s in range(state.num_players) if not state.alive[s])
    eliminator = state.eliminated_by[out]
    if eliminator is None:
        raise ValueError(f"{state.colors[out]} is out but nobody eliminated them")
    objective = state.objective_cards[eliminator]
    if objective is not None and target_seat(state, world_map().objective(objective)) == out:
        return (eliminator,)
    field = [s for s in range(state.num_players) if state.alive[s]]
    return tuple(_tie_break(state, field, state.hand_sizes)[0])


def _tie_break(board: Board, field: list[int], hand_sizes: tuple[int, ...]
               ) -> tuple[list[int], str]:
    """S-WIN-3 on ``field`` (the seats still in): the winners and the criterion that separated
    them (``"shared"`` if none did)."""
    seats = range(board.num_players)
    return _tie_break_on(field, [board.territory_count(s) for s in seats],
                         board.army_counts(), hand_sizes)


def _tie_break_on(field: list[int], territories: Sequence[int], armies: Sequence[int],
                  cards: Sequence[int]) -> tuple[list[int], str]:
    """S-WIN-3 on ``field`` given every seat's territories, armies and cards."""
    measures = (("big", lambda s: int(territories[s] >= BIG_COUNT)),
                ("territories", territories.__getitem__), ("armies", armies.__getitem__),
                ("cards", cards.__getitem__))
    for key, measure in measures:
        best = max(measure(s) for s in field)
        narrowed = [s for s in field if measure(s) == best]
        if len(narrowed) == 1 and len(field) > 1:
            return narrowed, key
        field = narrowed
    return field, "shared"


@dataclass(frozen=True)
class SmartRules(SmartTradeRules, SmartCombatRules, SmartMoveRules, ClassicRules):
    """SMART v1.0 (RULES.md, S-…) on top of the classic rules."""

    army_supply: int | None = None
    """S-SUPPLY-1: the most armies a player may have on the board (``None``: no limit)."""
    lone_defender_shield: bool = False
    """S-TERRAIN-3 read literally: the defender's terrain knowledge saves a territory's last
    army too, so a lone defender showing its card never falls (default: the revised decision,
    the last army is never saved)."""

    name: ClassVar[str] = "smart"
    aliases: ClassVar[tuple[str, ...]] = ("smart", "smart-mod", "war-smart")
    trade_sizes: ClassVar[tuple[int, ...]] = tuple(range(1, MAX_TRADE + 1))
    shared_trade_table: ClassVar[bool] = False
    card_per_conquest: ClassVar[bool] = True
    ends_at_first_elimination: ClassVar[bool] = True
    hand_limit: ClassVar[int | None] = HAND_LIMIT
    terrain_cards: ClassVar[bool] = True
    advantages: ClassVar[tuple[type[Action], ...]] = (
        Intelligence, AirAttack, Reveal, Reroll, Pass, Alliance, Airlift, Discard)
    reactions: ClassVar[tuple[type[Action], ...]] = (Reveal, Reroll, Rerolled)
    phases: ClassVar[tuple[PhaseInfo, ...]] = SMART_PHASES
    def __post_init__(self) -> None:
        super().__post_init__()
        if self.card_bonus != "per_card":
            raise InvalidArgumentError("SMART gives +2 armies for each owned card territory "
                                       "(S-TRADE-4): card_bonus must be 'per_card'")
        if not isinstance(self.lone_defender_shield, bool):
            raise InvalidArgumentError("lone_defender_shield must be True or False "
                                       f"(S-TERRAIN-3), got {self.lone_defender_shield!r}")
        supply = self.army_supply
        if supply is not None and (isinstance(supply, bool) or not isinstance(supply, int)
                                   or supply < 1):
            raise InvalidArgumentError("army_supply must be a positive whole number or None "
                                       f"(no limit, S-SUPPLY-1), got {supply!r}")

    # -- set-up: Paranoia objectives (S-SETUP-1), dealing as classic (S-SETUP-2/3) ------------
    def initial_state(self, colors: tuple[str, ...]) -> GameState:
        return evolve(super().initial_state(colors), extra=EMPTY)

    def objective_deck(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """S-SETUP-1: only the "destroy colour X" cards of the colours in the game."""
        return tuple(o.id for o in world_map().objectives
                     if o.kind == "destroy" and o.color in colors)

    def do_objective(self, state: GameState, action: DealObjective) -> GameState:
        """Deal one objective; a finished deal that gives anyone their own colour is taken back
        and dealt again (S-SETUP-1), so the deal is uniform over the valid ones. The pool has
        one card per colour in play, so each colour is hunted by exactly one player."""
        state = super().do_objective(state, action)
        cards = state.objective_cards
        if None in cards:
            return state
        if any(o is not None and target_seat(state, world_map().objective(o)) == s
               for s, o in enumerate(cards)):
            return evolve(state, objective_cards=(None,) * len(cards))
        return state

    def effective_objective(self, state: GameState, seat: int) -> str | None:
        """SMART has no objective fallback: the card dealt is the objective (S-SETUP-1)."""
        return state.objective_cards[seat]

    # -- the state contract ----------------------------------------------------------------------
    def current_player(self, state: GameState) -> int:
        if state.phase is SmartPhase.REACT:
            return self.reacting_seat(state, state.extra.reaction.side)
        return super().current_player(state)

    def chance_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]:
        if state.phase is SmartPhase.REROLL:
            return list(self.reroll_outcomes(state))
        return super().chance_outcomes(state)

    def sample_chance(self, state: GameState, rng: random.Random) -> Action:
        if state.phase is SmartPhase.REROLL:
            return self.sample_reroll(state, rng)
        return super().sample_chance(state, rng)

    def wrong_phase(self, state: GameState, action: Action) -> NoReturn:
        """Name the SMART rule of an advantage tried in the wrong step."""
        rule = ADVANTAGE_STEPS.get(type(action))
        if rule is None:
            super().wrong_phase(state, action)
        fail(Reason.WRONG_PHASE, f"{action.keyword!r} is not possible now: {rule[1]}", rule[0],
             action=action.keyword, phase=state.phase.value)

    def phase_hint(self, state: GameState) -> str:
        if state.phase is Phase.DRAW:
            return ("a card won by the conquest is being drawn (S-CONQ-2)"
                    if state.extra.after_draw is Phase.OCCUPY
                    else "the cards of Intelligence are being drawn (S-INTEL-1)")
        return super().phase_hint(state)

    def after_action(self, before: GameState, state: GameState) -> GameState:
        """Reshuffle the discards as soon as the deck is empty (S-CONQ-2); end the game at the
        first elimination (S-WIN-1), once the eliminating conquest's card is drawn: that card
        counts in the tie-break (S-WIN-1's decision, S-WIN-3). The battle's armies move in at
        once, so the final board has no empty territory (as C-WIN-1's decision)."""
        if state.phase is Phase.SETUP:
            return state
        if not state.deck and state.discard:
            state = self.refill_deck(state)
        if state.phase in (Phase.GAME_OVER, Phase.DRAW) or all(state.alive):
            return state
        return self.end_game(state)

    def end_game(self, state: GameState) -> GameState:
        b = state.battle
        if b is not None and state.armies[b.dst] == 0:  # the battle's armies move in at once
            n = self.occupy_max(state)
            armies = list(state.armies)
            armies[b.src] -= n
            armies[b.dst] += n
            state = evolve(state, armies=tuple(armies))
        return evolve(state, winners=smart_winners(state), phase=Phase.GAME_OVER, battle=None,
                      extra=EMPTY)

    # -- hooks for callers (see ClassicRules) ----------------------------------------------------
    def trade_quote(self, cards: tuple[int, ...], owned: frozenset[int] | set[int],
                    trades: int) -> TradeQuote:
        """S-TRADE-1..5: 1 to 6 different cards split the best way into groups, plus the
        jokers' bonus, plus +2 on each owned card territory; no game-wide table (S-TRADE-6).
        The supply cap (S-SUPPLY-1) is applied when the trade is made."""
        if not cards:
            return TradeQuote(cards, False, problem="empty", rule="S-TRADE-1")
        if len(cards) > MAX_TRADE or len(set(cards)) != len(cards):
            return TradeQuote(cards, False, problem="count", rule="S-TRADE-1")
        value = best_trade(cards, owned=frozenset(owned))
        return TradeQuote(cards, True, value.armies,
                          tuple((c, 2) for c in value.territory_bonus),
                          groups=tuple((g.cards, g.value) for g in value.groups),
                          joker_bonus=value.joker_bonus, rule="S-TRADE-1")

    def quiet_objectives(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """S-SETUP-1: "destroy colour X" cards only; seat ``s`` hunts seat ``s + 1``."""
        return tuple(f"destroy_{colors[(s + 1) % len(colors)]}" for s in range(len(colors)))

    def reacting(self, board: Board) -> int | None:
        if getattr(board, "phase", None) is not SmartPhase.REACT:
            return None
        return self.reacting_seat(board, board.extra.reaction.side)

    def battle_rule(self, board: Board, dst: int, revealed: Side | None = None) -> BattleRule:
        """S-TERRAIN-1..3: public terrain knowledge of ``dst`` changes ties and losses; with
        ``revealed``, as if that side revealed the card now (knowledge already public stays)."""
        terrain = self.terrain_side(board, dst) if board.extra is not None else None
        if terrain is None:
            terrain = revealed
        return BattleRule(self.attack_dice_max, self.defence_dice_max,
                          "attacker" if terrain == "attacker" else "defender",
                          terrain, self.lone_defender_shield, self.sides)

    def attack_limit(self, round_number: int) -> int | None:
        return smart_attack_limit(round_number)  # S-LIMIT-1

    def end_decision(self, board: Board) -> EndDecision | None:
        """S-WIN-2 (the eliminator's own objective) or the first tie-break of S-WIN-3 that
        separated the field; the objectives must be shown (a finished game's view)."""
        winners = getattr(board, "winners", ())
        if not winners:
            return None
        out = next((s for s in range(board.num_players) if not board.alive[s]), None)
        if out is not None:
            by = board.eliminated_by[out]
            objectives = getattr(board, "revealed_objectives", None) or getattr(
                board, "objective_cards", ())
            objective = objectives[by] if by is not None and objectives else None
            hunted = world_map().objective(objective) if objective is not None else None
            if hunted is not None and target_seat(board, hunted) == out:
                return EndDecision("eliminator", by, rule="S-WIN-2")
        field = [s for s in range(board.num_players) if board.alive[s]]
        _, criterion = _tie_break(board, field, board.hand_sizes)
        return EndDecision("tiebreak", winners[0] if len(winners) == 1 else None, criterion,
                           rule="S-WIN-3")

    def elimination_winners(self, board: Board, conqueror: int, victim: int,
                            objective: str | None = None) -> tuple[int, ...] | None:
        """S-WIN-1..3: the game ends at once, and these seats win it. The eliminator wins alone
        when ``objective`` (its objective card, if known) hunts ``victim`` (S-WIN-2); else the
        tie-break of S-WIN-3 on the board after the conquest, the eliminator holding the
        victim's cards and the card the conquest draws (S-CONQ-2, S-WIN-1's decision)."""
        if objective is not None:
            hunted = world_map().objective(objective)
            if hunted.kind == "destroy" and target_seat(board, hunted) == victim:
                return (conqueror,)
        seats = range(board.num_players)
        territories = [board.territory_count(s) for s in seats]
        territories[conqueror] += 1
        territories[victim] = 0
        cards = list(board.hand_sizes)
        cards[conqueror] += cards[victim] + 1
        field = [s for s in seats if s != victim and territories[s] > 0]
        return tuple(_tie_break_on(field, territories, board.army_counts(), cards)[0])

    # -- views, saving, validation ----------------------------------------------------------------
    def public_extra(self, state: GameState, player: int | None) -> Any:
        return public_view(state, player, smart_attack_limit(state.round))

    def placed_cards(self, board: Board) -> dict[int, int]:
        """S-TERM-2: a revealed card lies face up in front of its holder."""
        return {m.card: m.seat for m in board.extra.revealed}

    def extra_from_public(self, view: PlayerView,
                          fill: Callable[[int, int], tuple[int, ...]]) -> Any:
        return extra_from_public(view, fill)

    def public_extra_to_dict(self, view: PlayerView) -> Any:
        return public_view_to_dict(view.extra, view.colors)

    def extra_to_dict(self, state: GameState) -> Any:
        return extra_to_dict(state)

    def extra_from_dict(self, state: GameState, data: Any) -> GameState:
        return evolve(state, extra=extra_from_dict(state, data))

    def battle_expected(self, state: GameState) -> bool:
        phase = state.phase
        return phase in (Phase.ROLL, SmartPhase.REACT, SmartPhase.REROLL, Phase.OCCUPY) or (
            phase is Phase.DRAW and state.extra.after_draw is Phase.OCCUPY)

    def conquest_pending(self, state: GameState) -> bool:
        return state.battle is not None and state.phase in (Phase.OCCUPY, Phase.DRAW)

    def extra_problems(self, state: GameState) -> list[str]:
        x = state.extra
        if not isinstance(x, SmartExtra):
            return [f"SMART keeps its state in a SmartExtra, got {type(x).__name__}"]
        problems: list[str] = []
        report = problems.append
        for mark in x.revealed:
            if not 0 <= mark.seat < state.num_players or mark.card not in state.hands[mark.seat]:
                report(f"revealed card {mark.card} is not in the hand of seat {mark.seat}")
        phase = state.phase
        for name, value, steps in (("reaction", x.reaction, (SmartPhase.REACT, SmartPhase.REROLL)),
                                   ("reroll", x.reroll, (SmartPhase.REROLL,)),
                                   ("alliance", x.alliance, (SmartPhase.ALLIANCE,)),
                                   ("airlift", x.airlift, (SmartPhase.AIRLIFT,))):
            if (value is not None) != (phase in steps):
                report(f"SMART {name} state does not match the {phase.value} step")
        if (x.draws > 0) != (phase is Phase.DRAW) or (x.after_draw is None) != (x.draws == 0):
            report("pending card draws do not match the draw step")
        if phase is SmartPhase.REACT and state.last_roll is None:
            report("a reaction window without dice")
        if phase is SmartPhase.DISCARD and len(state.hands[state.current]) <= 6:
            report("the discard step with 6 cards or fewer")
        limit = smart_attack_limit(state.round)
        if limit is not None and x.attacks > limit and phase is not Phase.SETUP:
            report(f"{x.attacks} attacks in round {state.round} (at most {limit}, S-LIMIT-1)")
        if phase is not Phase.SETUP and not state.deck and state.discard:
            report("the deck is empty but the discards were not reshuffled (S-CONQ-2)")
        return problems



SmartRules.handlers = {
    **{key: handler for key, handler in ClassicRules.handlers.items()
       if key[0] is not Phase.LOOT},  # S-WIN-3: no loot draws, the game ends
    (Phase.SETUP, DealObjective): SmartRules.do_objective,
    (Phase.TRADE, Trade): SmartTradeRules.do_trade,
    (Phase.TRADE, EndPhase): SmartTradeRules.end_trade,
    (Phase.TRADE, Intelligence): SmartTradeRules.do_intelligence,
    (Phase.ATTACK, Attack): SmartCombatRules.do_attack,
    (Phase.ATTACK, AirAttack): SmartCombatRules.do_air_attack,
    (Phase.ROLL, Roll): SmartCombatRules.do_roll,
    (SmartPhase.REACT, Pass): SmartCombatRules.do_pass,
    (SmartPhase.REACT, Reveal): SmartCombatRules.do_reveal_terrain,
    (SmartPhase.REACT, Reroll): SmartCombatRules.do_reroll,
    (SmartPhase.REROLL, Rerolled): SmartCombatRules.do_rerolled,
    (Phase.MOVE, Reveal): SmartMoveRules.do_reveal_passage,
    (Phase.MOVE, Alliance): SmartMoveRules.do_alliance,
    (Phase.MOVE, Airlift): SmartMoveRules.do_airlift,
    (Phase.MOVE, EndPhase): SmartMoveRules.end_regroup,
    (SmartPhase.ALLIANCE, Move): SmartMoveRules.do_alliance_move,
    (SmartPhase.ALLIANCE, EndPhase): SmartMoveRules.end_substep,
    (SmartPhase.AIRLIFT, Move): SmartMoveRules.do_airlift_move,
    (SmartPhase.AIRLIFT, EndPhase): SmartMoveRules.end_substep,
    (Phase.DRAW, Draw): SmartTradeRules.do_draw,
    (SmartPhase.DISCARD, Discard): SmartMoveRules.do_discard,
}
SmartRules.legal_by_phase = {
    **ClassicRules.legal_by_phase,
    Phase.TRADE: SmartTradeRules.legal_trade,
    Phase.ATTACK: SmartCombatRules.legal_attack,
    Phase.MOVE: SmartMoveRules.legal_move,
    SmartPhase.REACT: SmartCombatRules.legal_react,
    SmartPhase.ALLIANCE: SmartMoveRules.legal_alliance,
    SmartPhase.AIRLIFT: SmartMoveRules.legal_airlift,
    SmartPhase.DISCARD: SmartMoveRules.legal_discard,
}
