"""The start of a turn: armies received, card trades, placing (C-REINF-*, C-CARD-2..6)."""

from __future__ import annotations

from functools import cache, lru_cache, partial

from ..actions import Action, EndPhase, Place, Trade, card_name
from ..cards import has_set, sets_in, trade_value
from ..errors import Reason
from ..legal import ActionRange, LegalActions
from ..state import GameState, Phase, copied, evolve
from ..worldmap import world_map
from .common import card as card_of
from .common import count, fail, label, owned, territory, within
from .host import MixinBase
from .terms import TradeQuote


@cache
def _place_range(territory: int, most: int) -> ActionRange:
    """Placing 1..``most`` armies on ``territory`` (made once: listed at every decision)."""
    return ActionRange(partial(Place, world_map().ids[territory]), 1, most)


@lru_cache(maxsize=256)
def _trade_value(trades: int) -> int:
    """C-CARD-4 on the map's table (asked for every view)."""
    m = world_map()
    return trade_value(trades, m.trade_values, m.trade_step)


@cache
def _continent_bits() -> tuple[tuple[int, int], ...]:
    """Each continent's bonus and its territories as bits (C-REINF-2)."""
    m = world_map()
    return tuple((c.bonus, sum(1 << t for t in members))
                 for c, members in zip(m.continents, m.continent_members))


class ReinforceRules(MixinBase):
    """Mixin of :class:`~warkit.rules.classic.ClassicRules`: trades and reinforcements."""

    forced_trade_hand: int = 5
    """C-CARD-3: a player holding this many cards must trade."""

    # -- armies received ------------------------------------------------------------
    def territory_armies(self, territories: int) -> int:
        """C-REINF-1: territories // 2, never fewer than 3."""
        return max(3, self.territory_share(territories))

    def territory_share(self, territories: int) -> int:
        """C-REINF-1's count before its minimum: half the territories, rounded down (what a
        lesson shows beside :meth:`territory_armies`)."""
        return territories // 2

    def continent_bonuses(self, state: GameState, seat: int) -> tuple[int, ...]:
        """C-REINF-2: per continent, its bonus if the seat owns all of it, else 0."""
        mine = state.owned_masks[seat]
        return tuple([bonus if mine & members == members else 0  # a list: no generator frame
                      for bonus, members in _continent_bits()])

    def start_turn(self, state: GameState, seat: int) -> GameState:
        """Begin ``seat``'s turn: compute its armies and open the trade or place step."""
        phase = Phase.TRADE if has_set(state.hands[seat]) else Phase.PLACE
        reserves = self.territory_armies(state.owner.count(seat))
        bonuses = self.continent_bonuses(state, seat)
        new, fields = copied(state)  # stored one by one: see warkit.state.copied
        fields["current"], fields["turn"], fields["phase"] = seat, state.turn + 1, phase
        fields["reserves"], fields["continent_reserves"] = reserves, bonuses
        fields["battle"], fields["conquered"], fields["eliminated_this_turn"] = None, False, False
        fields["late"], fields["moved_in"] = False, (0,) * len(state.owner)
        fields["loot"], fields["loot_draws"] = (), 0
        return new

    # -- trades -------------------------------------------------------------------------
    def trade_value(self, state: GameState) -> int:
        """Armies the next trade of the game is worth (C-CARD-4)."""
        return _trade_value(state.trades)

    def must_trade(self, state: GameState) -> bool:
        """C-CARD-3: trading is forced at 5 cards, or 6 (an eliminator who kept 5 looted cards
        ends the turn with the turn's card as a sixth, C-ELIM-2's decision); not for the late
        trade of C-ELIM-2."""
        return not state.late and len(state.hands[state.current]) >= self.forced_trade_hand

    def legal_trade(self, state: GameState) -> LegalActions:
        actions: list[Action] = [Trade(tuple(card_name(c) for c in combo))
                                 for combo in sets_in(state.hands[state.current])]
        if not self.must_trade(state):
            actions.append(EndPhase())
        return LegalActions(actions)

    def checked_quote(self, state: GameState, action: Trade) -> TradeQuote:
        """The rule set's quote of the trade (``trade_quote``: the one place that values a
        trade), refused unless the cards are in hand and make a trade."""
        cards = tuple(card_of(name) for name in action.cards)
        hand = state.hands[state.current]
        for card in cards:
            if card not in hand:
                fail(Reason.CARD_NOT_IN_HAND, f"you do not hold the card {card_name(card)}",
                     "C-CARD-2", card=card_name(card))
        owner, seat = state.owner, state.current
        owned = {c for c in cards if c < len(owner) and owner[c] == seat}
        quote = self.trade_quote(cards, owned, state.trades)
        if not quote.valid:
            fail(Reason.NOT_A_SET, "a trade needs 3 cards of one shape or of 3 different "
                 "shapes (a joker counts as any shape)", "C-CARD-2")
        return quote

    def do_trade(self, state: GameState, action: Trade) -> GameState:
        """C-CARD-2..6: trade one set for the game's next value and the territory bonus, as
        ``trade_quote`` values it. A turn has one trade (C-CARD-3), so placing follows at
        once; the eliminator's late trade (C-ELIM-2) is the only other."""
        quote = self.checked_quote(state, action)
        cards, seat = quote.cards, state.current
        armies = list(state.armies)
        for card, extra in quote.bonus:  # C-CARD-5: +2 on the traded card's own territory
            armies[card] += extra
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c not in cards)
        # C-CARD-3: one trade per turn, then the armies are placed (C-CARD-6: the discards)
        return evolve(
            state, hands=tuple(hands), armies=tuple(armies), trades=state.trades + 1,
            reserves=state.reserves + quote.armies,
            discard=tuple(sorted(state.discard + cards)), phase=Phase.PLACE)

    def end_trade(self, state: GameState, action: EndPhase) -> GameState:
        if self.must_trade(state):
            fail(Reason.MUST_TRADE, f"you hold {len(state.hands[state.current])} cards and must "
                 "trade a set first", "C-CARD-3", cards=len(state.hands[state.current]))
        if state.late:
            return self.finish_turn(state)
        return evolve(state, phase=Phase.PLACE)

    # -- placing ------------------------------------------------------------------------
    def placeable(self, state: GameState, index: int) -> int:
        """How many armies may go on territory ``index`` now (C-REINF-2 restriction)."""
        return state.reserves + state.continent_reserves[world_map().continent_of[index]]

    def legal_place(self, state: GameState) -> LegalActions:
        held = state.holdings[state.current]
        if type(self).placeable is ReinforceRules.placeable:  # the rule below, inlined
            reserves, extra, continent_of = (state.reserves, state.continent_reserves,
                                             world_map().continent_of)
            counts = [reserves + extra[continent_of[i]] for i in held]
        else:
            counts = [self.placeable(state, i) for i in held]
        families = tuple([_place_range(i, n) for i, n in zip(held, counts) if n > 0])
        return LegalActions.counted(families, sum([n for n in counts if n > 0]))

    def do_place(self, state: GameState, action: Place) -> GameState:
        index = territory(action.territory)
        owned(state, index, state.current, "C-REINF-3")
        available = self.placeable(state, index)
        if available == 0:
            fail(Reason.CONTINENT_RESTRICTED,
                 f"the armies left are continent bonuses for other continents; none may go on "
                 f"{label(index)}", "C-REINF-2", territory=label(index))
        n = action.armies if within(action.armies, 1, available) else count(
            action.armies, 1, available, f"armies to place on {label(index)}",
                  "C-REINF-3", counting="place", territory=label(index))
        k = world_map().continent_of[index]
        from_continent = min(n, state.continent_reserves[k])  # bonus armies go first
        continent_reserves = list(state.continent_reserves)
        continent_reserves[k] -= from_continent
        armies = (*state.armies[:index], state.armies[index] + n, *state.armies[index + 1:])
        reserves = state.reserves - (n - from_continent)
        new, fields = copied(state)
        fields["armies"], fields["reserves"] = armies, reserves
        fields["continent_reserves"] = tuple(continent_reserves)
        if reserves == 0 and not any(continent_reserves):
            if new.late:
                return self.finish_turn(new)
            fields["phase"] = Phase.ATTACK  # the same copy: nobody has seen it yet
        return new
