"""Set-up as chance steps: objectives, the dealer, the deal (C-SETUP-1..4)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from ..actions import Action, ChooseDealer, Deal, DealObjective
from ..cards import all_cards
from ..errors import Reason
from ..state import GameState, Phase, evolve
from ..worldmap import world_map
from .common import fail, territory
from .host import MixinBase

if TYPE_CHECKING:
    from .classic import ClassicRules


class SetupRules(MixinBase):
    """Mixin of :class:`~warkit.rules.classic.ClassicRules` for the set-up."""

    def initial_state(self, colors: tuple[str, ...]) -> GameState:
        """A state before set-up: nothing dealt yet; every next step is chance."""
        m = world_map()
        n, t = len(colors), len(m.territories)
        return GameState(
            rules=cast("ClassicRules", self), colors=colors, phase=Phase.SETUP,
            owner=(-1,) * t, armies=(0,) * t,
            objective_cards=(None,) * n, hands=((),) * n, deck=(), discard=(),
            alive=(True,) * n, eliminated_by=(None,) * n,
            continent_reserves=(0,) * len(m.continents), moved_in=(0,) * t,
        )

    # -- which chance step comes next -------------------------------------------
    def objective_deck(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """The objective cards of a game of ``colors`` (C-SETUP-1: every card but the "destroy"
        cards of colours not in the game). What a player may hold: the deal and the bots'
        guesses ask here."""
        return tuple(o.id for o in world_map().objectives
                     if o.kind != "destroy" or o.color in colors)

    def objective_pool(self, state: GameState) -> tuple[str, ...]:
        """Objective cards still to draw: the game's deck (:meth:`objective_deck`) but those
        dealt."""
        dealt = set(state.objective_cards)
        return tuple(o for o in self.objective_deck(state.colors) if o not in dealt)

    def setup_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]:
        if None in state.objective_cards:
            pool = self.objective_pool(state)
            return [(DealObjective(o), Fraction(1, len(pool))) for o in pool]
        if state.dealer is None:
            n = state.num_players
            return [(ChooseDealer(s), Fraction(1, n)) for s in range(n)]
        undealt = [t for t, o in zip(world_map().territories, state.owner) if o == -1]
        return [(Deal(t.id), Fraction(1, len(undealt))) for t in undealt]

    def sample_setup(self, state: GameState, rng: random.Random) -> Action:
        if None in state.objective_cards:
            return DealObjective(rng.choice(self.objective_pool(state)))
        if state.dealer is None:
            return ChooseDealer(rng.randrange(state.num_players))
        undealt = [i for i, o in enumerate(state.owner) if o == -1]
        return Deal(world_map().territories[rng.choice(undealt)].id)

    # -- applying them ----------------------------------------------------------------
    def do_objective(self, state: GameState, action: DealObjective) -> GameState:
        if None not in state.objective_cards:
            fail(Reason.NOT_A_CHANCE_OUTCOME, "every objective has been dealt", "C-SETUP-1")
        if action.objective not in self.objective_pool(state):
            fail(Reason.NOT_A_CHANCE_OUTCOME,
                 f"objective {action.objective!r} is not in the draw", "C-SETUP-1")
        seat = state.objective_cards.index(None)
        cards = list(state.objective_cards)
        cards[seat] = action.objective
        return evolve(state, objective_cards=tuple(cards))

    def do_dealer(self, state: GameState, action: ChooseDealer) -> GameState:
        if None in state.objective_cards or state.dealer is not None:
            fail(Reason.NOT_A_CHANCE_OUTCOME, "the dealer is chosen after the objectives, once",
                 "C-SETUP-3")
        if isinstance(action.seat, bool) or action.seat not in range(state.num_players):
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"there is no seat {action.seat}", "C-SETUP-3")
        return evolve(state, dealer=action.seat)

    def do_deal(self, state: GameState, action: Deal) -> GameState:
        if state.dealer is None:
            fail(Reason.NOT_A_CHANCE_OUTCOME, "cards are dealt after the dealer is chosen",
                 "C-SETUP-3")
        index = territory(action.territory)
        if state.owner[index] != -1:
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"{action.territory} has already been dealt",
                 "C-SETUP-3")
        n = state.num_players
        dealt = len(state.owner) - state.owner.count(-1)
        # C-SETUP-3: one card at a time, the dealer first, then clockwise.
        seat = (state.dealer + dealt) % n
        owner = (*state.owner[:index], seat, *state.owner[index + 1:])
        armies = (*state.armies[:index], 1, *state.armies[index + 1:])
        state = evolve(state, owner=owner, armies=armies)
        if -1 in owner:
            return state
        # Jokers go back in and the whole deck is shuffled (draws are uniform chance steps).
        # C-SETUP-4: the player after the one who received the last card starts.
        first = (seat + 1) % n
        state = evolve(state, deck=all_cards(), first_player=first, current=first, round=1)
        return self.start_turn(state, first)
