"""Regrouping after the attacks (C-MOVE-1..3)."""

from __future__ import annotations

from functools import cache, partial

from ..actions import EndPhase, Move
from ..cards import has_set
from ..errors import Reason
from ..legal import ActionRange, Family, LegalActions
from ..state import GameState, Phase, copied, evolve
from ..worldmap import world_map
from .common import (
    END,
    adjacent_masks,
    count,
    fail,
    label,
    neighbour_sets,
    owned,
    territory,
    within,
)
from .host import MixinBase


@cache
def move_range(src: int, dst: int, most: int) -> ActionRange:
    """Moving 1..``most`` armies from ``src`` to ``dst`` (made once: listed at every decision;
    SMART's alliance and airlift shifts use it too)."""
    ids = world_map().ids
    return ActionRange(partial(Move, ids[src], ids[dst]), 1, most)


_MOVE_SEGMENTS: dict[tuple[int, int, int], tuple[ActionRange, ...]] = {}
"""The moves from one source, keyed by (its own neighbours as bits, source, armies free)."""


def _move_segment(key: tuple[int, int, int]) -> tuple[ActionRange, ...]:
    own, src, most = key
    _MOVE_SEGMENTS[key] = segment = tuple(
        move_range(src, dst, most) for dst in world_map().adjacency[src] if own >> dst & 1)
    return segment


class RegroupRules(MixinBase):
    """Mixin of :class:`~warkit.rules.classic.ClassicRules`: moving armies."""

    def movable(self, state: GameState, index: int) -> int:
        """Armies that may leave ``index``: one always stays (C-MOVE-2) and armies that
        arrived by a regroup move this turn stay too (C-MOVE-3)."""
        return max(0, state.armies[index] - 1 - state.moved_in[index])

    def move_targets(self, state: GameState, src: int) -> tuple[int, ...]:
        """Territories a regroup move from ``src`` may reach (C-MOVE-1: its neighbours)."""
        return world_map().adjacency[src]

    def check_move_path(self, state: GameState, src: int, dst: int) -> None:
        """Refuse a move between territories that are not neighbours (C-MOVE-1)."""
        if dst not in neighbour_sets()[src]:
            fail(Reason.NOT_ADJACENT, f"{label(src)} and {label(dst)} are not neighbours",
                 "C-MOVE-1", src=label(src), dst=label(dst))

    def legal_move(self, state: GameState) -> LegalActions:
        seat, owner, movable, targets = state.current, state.owner, self.movable, \
            self.move_targets
        actions: list[Family] = [END]
        size = 1
        mine, near = state.owned_masks[seat], adjacent_masks()
        plain = type(self).move_targets is _NEIGHBOURS_ONLY
        if plain and type(self).movable is RegroupRules.movable:
            # The rules above, inlined: a source's moves follow from its own neighbours and
            # the armies free to leave (C-MOVE-2, C-MOVE-3), so each such segment is made once.
            armies, moved, segments = state.armies, state.moved_in, _MOVE_SEGMENTS
            for src in state.holdings[seat]:
                if (own := near[src] & mine) and (most := armies[src] - 1 - moved[src]) > 0:
                    key = (own, src, most)
                    segment = segments.get(key) or _move_segment(key)
                    actions += segment
                    size += most * len(segment)
            return LegalActions.counted(tuple(actions), size)
        for src in state.holdings[seat]:
            if near[src] & mine or not plain:
                most = movable(state, src)
                if most:
                    found = [move_range(src, dst, most) for dst in targets(state, src)
                             if owner[dst] == seat]
                    actions += found
                    size += most * len(found)
        return LegalActions.counted(tuple(actions), size)

    def do_move(self, state: GameState, action: Move) -> GameState:
        src, dst = territory(action.src), territory(action.dst)
        owned(state, src, state.current, "C-MOVE-1")
        owned(state, dst, state.current, "C-MOVE-1")
        self.check_move_path(state, src, dst)
        most = self.movable(state, src)
        if most == 0:
            if state.armies[src] > 1:
                fail(Reason.ARMIES_ALREADY_MOVED, f"the armies on {label(src)} arrived by a "
                     "regroup move this turn and cannot move again", "C-MOVE-3",
                     territory=label(src))
            fail(Reason.TOO_FEW_ARMIES, f"{label(src)} has only its occupying army, which never "
                 "moves", "C-MOVE-2", territory=label(src))
        # The limit comes from the occupying army (C-MOVE-2) unless armies that arrived by a
        # regroup move are what holds the rest back (C-MOVE-3).
        rule = "C-MOVE-3" if state.moved_in[src] and isinstance(action.armies, int) \
            and action.armies <= state.armies[src] - 1 else "C-MOVE-2"
        n = action.armies if within(action.armies, 1, most) else count(
            action.armies, 1, most, f"armies to move from {label(src)}", rule,
                  counting="move", territory=label(src))
        armies, moved = list(state.armies), list(state.moved_in)
        armies[src] -= n
        armies[dst] += n
        moved[dst] += n
        new, fields = copied(state)
        fields["armies"], fields["moved_in"] = tuple(armies), tuple(moved)
        return new

    def end_regroup(self, state: GameState, action: EndPhase) -> GameState:
        """C-ELIM-2: an eliminator holding a set may trade now, before the turn's card."""
        if state.eliminated_this_turn and has_set(state.hands[state.current]):
            return evolve(state, phase=Phase.TRADE, late=True)
        return self.finish_turn(state)


_NEIGHBOURS_ONLY = RegroupRules.move_targets
"""Without an override of :meth:`RegroupRules.move_targets`, a territory with no own
neighbour has no move to list."""
