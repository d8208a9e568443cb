"""SMART reinforcements: armies received, free trades, Intelligence, the army supply.

S-REINF-1..3, S-TRADE-1..6, S-INTEL-1..2, S-SUPPLY-1. Every turn opens with
the TRADE step (never forced, S-REINF-2), where the player may make one trade
of 1 to 6 cards (S-TRADE-1's decision; valued by :func:`warkit.rules.smart.best_trade`)
and may give up whole continents' bonuses for cards, once, in either order;
``end`` goes on to placing (classic :meth:`do_place`). Card draws are chance steps (DRAW) that
return to the step they came from.
"""

from __future__ import annotations

from itertools import combinations

from ...actions import Action, Draw, EndPhase, Trade, card_name
from ...errors import Reason
from ...legal import LegalActions
from ...state import GameState, Phase, evolve
from ...worldmap import world_map
from ..common import card as card_of
from ..common import fail
from .actions import Intelligence
from .host import SmartMixinBase
from .state import EMPTY, SmartExtra
from .tables import MAX_TRADE, TERRITORY_BONUS, best_trade, intelligence_draws


def _continent(name: object) -> int:
    m = world_map()
    try:
        return m.continent(name if isinstance(name, str) else repr(name)).index
    except (KeyError, TypeError, AttributeError):
        fail(Reason.UNKNOWN_TERRITORY, f"there is no continent called {name!r}; continents are "
             + ", ".join(c.id for c in m.continents), "S-INTEL-1")


class SmartTradeRules(SmartMixinBase):
    """Mixin of :class:`~warkit.rules.smart.SmartRules`: the reinforcement step."""

    army_supply: int | None

    # -- armies received (S-REINF-1, S-REINF-3, S-SUPPLY-1) -------------------------------
    def supply_room(self, state: GameState, seat: int) -> int | None:
        """How many more armies ``seat`` may receive (S-SUPPLY-1); ``None``: no limit."""
        if self.army_supply is None:
            return None
        held = state.army_count(seat)
        if seat == state.current:
            held += state.reserves + sum(state.continent_reserves)
        return max(0, self.army_supply - held)

    def start_turn(self, state: GameState, seat: int) -> GameState:
        """Armies as classic (territories, whole continents), capped by the supply; the turn
        always opens with the (optional) trade step."""
        state = super().start_turn(state, seat)
        state = evolve(state, phase=Phase.TRADE, extra=EMPTY)
        if self.army_supply is None:
            return state
        wanted, bonuses = state.reserves, state.continent_reserves
        state = evolve(state, reserves=0, continent_reserves=(0,) * len(bonuses))
        room = self.supply_room(state, seat) or 0
        reserves = min(wanted, room)
        room -= reserves
        capped = []
        for bonus in bonuses:
            capped.append(min(bonus, room))
            room -= capped[-1]
        return evolve(state, reserves=reserves, continent_reserves=tuple(capped))

    def trade_value(self, state: GameState) -> int:
        """S-TRADE-6: no game-wide progression, so no "next trade value" (0); a SMART trade
        is worth what its cards make (:func:`warkit.rules.smart.best_trade`)."""
        return 0

    # -- the trade step ---------------------------------------------------------------------
    def tradable(self, state: GameState) -> tuple[int, ...]:
        """The active player's cards that may be traded now (S-INTEL-2: not this turn's
        Intelligence cards)."""
        x: SmartExtra = state.extra
        return tuple(c for c in state.hands[state.current] if c not in x.intel_cards)

    def intelligence_options(self, state: GameState) -> list[Intelligence]:
        """Every choice of whole continents to give up (S-INTEL-1), if still possible."""
        if state.extra.intelligence_used:
            return []
        kept = [k for k, r in enumerate(state.continent_reserves) if r > 0]
        ids = [c.id for c in world_map().continents]
        options = []
        for size in range(1, len(kept) + 1):
            for combo in combinations(kept, size):
                if intelligence_draws(state.continent_reserves[k] for k in combo):
                    options.append(Intelligence(tuple(ids[k] for k in combo)))
        return options

    def legal_trade(self, state: GameState) -> LegalActions:
        cards = () if state.extra.traded else self.tradable(state)
        actions: list[Action] = [Trade(tuple(card_name(c) for c in combo))
                                 for size in range(1, min(MAX_TRADE, len(cards)) + 1)
                                 for combo in combinations(cards, size)]
        actions.extend(self.intelligence_options(state))
        actions.append(EndPhase())
        return LegalActions(actions)

    def check_trade(self, state: GameState, action: Trade) -> tuple[int, ...]:
        if state.extra.traded:
            fail(Reason.ONE_TRADE_PER_TURN, "you already traded this turn: one trade of 1 to "
                 f"{MAX_TRADE} cards per turn, all at once", "S-TRADE-1")
        names = action.cards if isinstance(action.cards, tuple) else ()
        if not 1 <= len(names) <= MAX_TRADE:
            fail(Reason.BAD_COUNT, f"a trade has 1 to {MAX_TRADE} cards, got {len(names)}",
                 "S-TRADE-1")
        cards = tuple(card_of(name) for name in names)
        if len(set(cards)) != len(cards):
            fail(Reason.BAD_COUNT, "each card can be traded only once", "S-TRADE-1")
        hand = state.hands[state.current]
        for card in cards:
            if card not in hand:
                fail(Reason.CARD_NOT_IN_HAND, f"you do not hold the card {card_name(card)}",
                     "S-TRADE-1", card=card_name(card))
            if card in state.extra.intel_cards:
                fail(Reason.CARDS_NOT_TRADABLE, f"{card_name(card)} was drawn by Intelligence "
                     "this turn and cannot be traded until the next", "S-INTEL-2",
                     card=card_name(card))
        return cards

    def do_trade(self, state: GameState, action: Trade) -> GameState:
        """Trade 1 to 6 cards for the value of their best split, the joker bonus, and +2 on
        each owned card territory (S-TRADE-1..5); capped by the supply (S-SUPPLY-1). One trade
        per turn (S-TRADE-1's decision)."""
        cards = self.check_trade(state, action)
        seat = state.current
        value = best_trade(cards, owned=state.territories_of(seat))
        room = self.supply_room(state, seat)  # S-SUPPLY-1: the reserve first, then the +2s
        base = value.armies if room is None else min(value.armies, room)
        left = None if room is None else room - base
        armies = list(state.armies)
        for territory in value.territory_bonus:
            bonus = TERRITORY_BONUS if left is None else min(TERRITORY_BONUS, left)
            armies[territory] += bonus
            if left is not None:
                left -= bonus
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c not in cards)
        reserves = state.reserves + base
        return evolve(state, hands=tuple(hands), armies=tuple(armies), trades=state.trades + 1,
                      reserves=reserves, discard=tuple(sorted(state.discard + cards)),
                      extra=state.extra.but(traded=True))

    def do_intelligence(self, state: GameState, action: Intelligence) -> GameState:
        """Give up whole continents' bonuses for (their sum // 2) cards (S-REINF-3, S-INTEL-1)."""
        x: SmartExtra = state.extra
        names = action.continents if isinstance(action.continents, tuple) else ()
        if not names:
            fail(Reason.BAD_COUNT, "name the continents whose bonus you give up", "S-INTEL-1")
        chosen = [_continent(name) for name in names]
        if len(set(chosen)) != len(chosen):
            fail(Reason.BAD_COUNT, "each continent's bonus is given up once, whole", "S-INTEL-1")
        if x.intelligence_used:
            fail(Reason.OPTION_UNAVAILABLE, "Intelligence is used once per turn: give up all "
                 "the chosen continents' bonuses together", "S-INTEL-1")
        reserves = list(state.continent_reserves)
        for k in chosen:
            if reserves[k] == 0:
                fail(Reason.NOT_OWNED, f"you receive no bonus for {world_map().continents[k].id}"
                     " this turn: only a whole continent you own has one to give up",
                     "S-REINF-3", continent=world_map().continents[k].id)
        draws = intelligence_draws(reserves[k] for k in chosen)
        if draws == 0:
            fail(Reason.BAD_COUNT, "these bonuses add up to fewer than 2 armies: no card",
                 "S-INTEL-1")
        for k in chosen:
            reserves[k] = 0
        state = evolve(state, continent_reserves=tuple(reserves),
                       extra=x.but(intelligence_used=True))
        return self.begin_draws(state, draws, Phase.TRADE)

    def end_trade(self, state: GameState, action: EndPhase) -> GameState:
        """Stop trading (never forced, S-REINF-2): place the armies, or attack if none."""
        if state.reserves + sum(state.continent_reserves) == 0:
            return evolve(state, phase=Phase.ATTACK)
        return evolve(state, phase=Phase.PLACE)

    # -- card draws (S-INTEL-1, S-CONQ-2) ------------------------------------------------------
    def begin_draws(self, state: GameState, count: int, after: Phase) -> GameState:
        """Draw ``count`` cards as chance steps, then go on to ``after``. When the deck is
        empty the discards are reshuffled at once (S-CONQ-2); with no card anywhere the draws
        are lost."""
        state = self.refill_deck(state)
        if not state.deck or count == 0:
            return evolve(state, phase=after)
        return evolve(state, phase=Phase.DRAW,
                      extra=state.extra.but(draws=count, after_draw=after))

    def do_draw(self, state: GameState, action: Draw) -> GameState:
        x: SmartExtra = state.extra
        state = self.take_from_deck(state, action, state.current)
        intel = x.intel_cards
        if x.after_draw is Phase.TRADE:  # S-INTEL-2: remember them, they cannot be traded
            drawn = card_of(action.card)
            intel = tuple(sorted((*intel, drawn)))
        state = self.refill_deck(state)
        if x.draws > 1 and state.deck:
            return evolve(state, extra=x.but(draws=x.draws - 1, intel_cards=intel))
        return evolve(state, phase=x.after_draw,
                      extra=x.but(draws=0, after_draw=None, intel_cards=intel))

