"""The end of a turn: the card earned, the deck, the next player (C-CARD-1, C-CARD-6)."""

from __future__ import annotations

from fractions import Fraction

from ..actions import Action, Draw, card_name
from ..errors import Reason
from ..state import GameState, Phase, evolve
from .common import card as card_of
from .common import fail, next_alive
from .host import MixinBase


class TurnRules(MixinBase):
    """Mixin of :class:`~warkit.rules.classic.ClassicRules`: ending a turn."""

    def finish_turn(self, state: GameState) -> GameState:
        """C-CARD-1: a player who conquered this turn draws exactly one card."""
        if state.conquered:
            state = self.refill_deck(state)
            if state.deck:
                return evolve(state, phase=Phase.DRAW)
        return self.next_turn(state)

    def refill_deck(self, state: GameState) -> GameState:
        """C-CARD-6: when the deck is empty, the discards become a new (shuffled) deck."""
        if state.deck or not state.discard:
            return state
        return evolve(state, deck=state.discard, discard=())

    def draw_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]:
        return [(Draw(card_name(c)), Fraction(1, len(state.deck))) for c in state.deck]

    def take_from_deck(self, state: GameState, action: Draw, seat: int) -> GameState:
        """Move the drawn card from the deck into ``seat``'s hand."""
        card = card_of(action.card)
        if card not in state.deck:
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"{action.card} is not in the deck", "C-CARD-6")
        hands = list(state.hands)
        hands[seat] = tuple(sorted((*hands[seat], card)))
        deck = state.deck
        at = deck.index(card)  # a card is in the deck once (warkit.validate checks it)
        return evolve(state, hands=tuple(hands), deck=deck[:at] + deck[at + 1:])

    def do_draw(self, state: GameState, action: Draw) -> GameState:
        return self.next_turn(self.take_from_deck(state, action, state.current))

    def next_turn(self, state: GameState) -> GameState:
        """Pass the turn clockwise to the next player still in the game (C-TURN-1)."""
        seat, n = state.current, state.num_players
        nxt = next_alive(state, seat)
        passed = [(seat + k) % n for k in range(1, (nxt - seat) % n + 1)] if nxt != seat else []
        if state.first_player in passed or nxt == seat:  # start_turn copies the state anyway
            state = evolve(state, round=state.round + 1)
        return self.start_turn(state, nxt)
