"""SMART movement and the end of the turn: passages, alliances, airlifts, the last discard.

S-MOVE-1 (classic regrouping), S-PASS-1 (a revealed card lets a move jump its
territory, directly: only revealed territories lie between the two ends),
S-ALLY-1 (discard a card of a wholly owned continent: free shifts inside it,
in the ALLIANCE sub-step), S-AIRLIFT-1 (discard the card of an owned
territory T: shifts from T or to T, one direction, in the AIRLIFT sub-step),
S-END-1 (revealed cards go back to their owners' hands) and S-END-2 (the
active player discards down to 6 cards, the very last step).
Sub-steps use the ordinary ``move`` action and end with ``end``.
"""

from __future__ import annotations

from functools import lru_cache, partial

from ...actions import EndPhase, Move, card_name
from ...errors import Reason
from ...legal import ActionRange, Family, LegalActions
from ...state import JOKERS, GameState, Phase, evolve
from ...worldmap import world_map
from ..common import card as card_of
from ..common import count, fail, label, territory
from .actions import Airlift, Alliance, Discard, Reveal
from .host import SmartMixinBase
from .phases import SmartPhase
from .state import SmartExtra
from .tables import HAND_LIMIT


def _revealed_chain(src: int, passages: frozenset[int]) -> set[int]:
    """The revealed territories a way from ``src`` crosses, one revealed step after another."""
    adjacency = world_map().adjacency
    chain = {r for r in adjacency[src] if r in passages}
    frontier = list(chain)
    while frontier:
        node = frontier.pop()
        for nxt in adjacency[node]:
            if nxt in passages and nxt != src and nxt not in chain:
                chain.add(nxt)
                frontier.append(nxt)
    return chain


@lru_cache(maxsize=4096)
def passage_reach(owner: tuple[int, ...], seat: int, src: int,
                  passages: frozenset[int]) -> frozenset[int]:
    """Own territories a move from ``src`` reaches "directly" over revealed territories
    (S-PASS-1, revised decision): every territory between ``src`` and the target is a
    revealed one (one or several in a row, whoever owns them); the way never passes through
    an unrevealed territory, own or not (that would move an army twice, C-MOVE-3), and visits
    no territory twice."""
    adjacency = world_map().adjacency
    chain = _revealed_chain(src, passages)
    reach = set()
    for t in {t for r in chain for t in adjacency[r] if owner[t] == seat and t != src}:
        # a revealed target: the way there must not cross it first
        if t in passages and not any(r in adjacency[t]
                                     for r in _revealed_chain(src, passages - {t})):
            continue
        reach.add(t)
    return frozenset(reach)


class SmartMoveRules(SmartMixinBase):
    """Mixin of :class:`~warkit.rules.smart.SmartRules`: the movement step and the turn's end."""

    # -- hidden passages (S-PASS-1) ---------------------------------------------------------
    def passages(self, state: GameState) -> frozenset[int]:
        """Territories the active player revealed for a hidden passage this turn."""
        x: SmartExtra = state.extra
        return frozenset(m.card for m in x.revealed if m.use == "passage" and
                         m.seat == state.current)

    def move_targets(self, state: GameState, src: int) -> tuple[int, ...]:
        near = world_map().adjacency[src]
        passages = self.passages(state)
        if not passages:
            return near
        far = passage_reach(state.owner, state.current, src, passages)
        return near + tuple(sorted(far.difference(near)))

    def check_move_path(self, state: GameState, src: int, dst: int) -> None:
        if state.phase is SmartPhase.AIRLIFT:
            self.check_airlift_path(state, src, dst)
            return
        if world_map().are_adjacent(src, dst):
            return
        passages = self.passages(state)
        if not passages:
            super().check_move_path(state, src, dst)
            return
        if dst not in passage_reach(state.owner, state.current, src, passages):
            fail(Reason.NO_PATH, f"no direct way from {label(src)} to {label(dst)}: a hidden "
                 "passage jumps only territories revealed for it, never through your other "
                 "territories", "S-PASS-1", src=label(src), dst=label(dst))

    def do_reveal_passage(self, state: GameState, action: Reveal) -> GameState:
        """S-PASS-1: reveal a territory card (not a joker): moves may pass over that territory
        this turn, whoever owns it."""
        card = card_of(action.card)
        if card in JOKERS:
            fail(Reason.WRONG_CARD, "a hidden passage needs a territory card, not a joker",
                 "S-PASS-1")
        self.holds(state, state.current, card, "S-PASS-1")
        return evolve(state, extra=state.extra.with_mark(card, state.current, "passage"))

    def legal_move(self, state: GameState) -> LegalActions:
        families: list[Family] = list(super().legal_move(state).families)
        seat, owner = state.current, state.owner
        whole = self.whole_continents(state, seat)
        for card in self.usable_cards(state, seat):
            if card in JOKERS:
                continue
            name = card_name(card)
            families.append(Reveal(name))
            if world_map().continent_of[card] in whole:
                families.append(Alliance(name))
            if owner[card] == seat:
                families.append(Airlift(name))
        return LegalActions(families)

    # -- continental alliance (S-ALLY-1) ---------------------------------------------------------
    def whole_continents(self, state: GameState, seat: int) -> set[int]:
        owner = state.owner
        return {k for k, members in enumerate(world_map().continent_members)
                if all(owner[i] == seat for i in members)}

    def do_alliance(self, state: GameState, action: Alliance) -> GameState:
        seat = state.current
        card = card_of(action.card)
        if card in JOKERS:
            fail(Reason.WRONG_CARD, "an alliance needs the card of a territory in a continent you "
                 "wholly control, not a joker", "S-ALLY-1")
        k = world_map().continent_of[card]
        if k not in self.whole_continents(state, seat):
            fail(Reason.WRONG_CARD, f"an alliance needs the card of a territory in a continent "
                 f"you wholly control; you do not hold all of {world_map().continents[k].id}",
                 "S-ALLY-1", continent=world_map().continents[k].id)
        self.holds(state, seat, card, "S-ALLY-1")
        state = self.discard_card(state, seat, card)
        return evolve(state, phase=SmartPhase.ALLIANCE, extra=state.extra.but(alliance=k))

    def legal_alliance(self, state: GameState) -> LegalActions:
        ids, armies = world_map().ids, state.armies
        members = world_map().continent_members[state.extra.alliance]
        families: list[Family] = [EndPhase()]
        for src in members:
            if armies[src] > 1:
                families.extend(ActionRange(partial(Move, ids[src], ids[dst]), 1, armies[src] - 1)
                                for dst in members if dst != src)
        return LegalActions(families)

    def do_alliance_move(self, state: GameState, action: Move) -> GameState:
        """A free shift inside the alliance's continent, each territory keeping 1. It does not
        count as a move (C-MOVE-3); armies already moved this turn stay locked wherever they
        go (the unmoved ones leave first)."""
        src, dst = territory(action.src), territory(action.dst)
        k = state.extra.alliance
        m = world_map()
        if m.continent_of[src] != k or m.continent_of[dst] != k or src == dst:
            fail(Reason.NO_PATH, f"an alliance shifts armies between two territories of "
                 f"{m.continents[k].id}", "S-ALLY-1", continent=m.continents[k].id)
        a = state.armies[src]
        n = count(action.armies, 1, a - 1, f"armies to shift from {label(src)} (1 stays)",
                  "S-ALLY-1", counting="move", territory=label(src))
        locked = state.moved_in[src]
        staying = min(locked, a - n)
        armies, moved = list(state.armies), list(state.moved_in)
        armies[src] -= n
        armies[dst] += n
        moved[src] = staying
        moved[dst] += locked - staying
        return evolve(state, armies=tuple(armies), moved_in=tuple(moved))

    # -- air transport (S-AIRLIFT-1) ---------------------------------------------------------------
    def do_airlift(self, state: GameState, action: Airlift) -> GameState:
        seat = state.current
        card = card_of(action.card)
        if card in JOKERS or state.owner[card] != seat:
            what = "a joker" if card in JOKERS else f"{label(card)} is not yours"
            fail(Reason.WRONG_CARD, f"an airlift needs the card of a territory you control; "
                 f"{what}", "S-AIRLIFT-1")
        self.holds(state, seat, card, "S-AIRLIFT-1")
        state = self.discard_card(state, seat, card)
        return evolve(state, phase=SmartPhase.AIRLIFT, extra=state.extra.but(airlift=card))

    def airlift_hub(self, state: GameState) -> int:
        """The territory an airlift under way moves armies to or from (S-AIRLIFT-1)."""
        hub: int | None = state.extra.airlift
        if hub is None:
            raise ValueError("no airlift is under way")
        return hub

    def legal_airlift(self, state: GameState) -> LegalActions:
        x: SmartExtra = state.extra
        hub, seat, ids = self.airlift_hub(state), state.current, world_map().ids
        families: list[Family] = [EndPhase()]
        mine = [t for t, o in enumerate(state.owner) if o == seat and t != hub]
        if x.airlift_direction != "to":
            most = self.movable(state, hub)
            if most:
                families.extend(ActionRange(partial(Move, ids[hub], ids[t]), 1, most)
                                for t in mine)
        if x.airlift_direction != "from":
            for t in mine:
                most = self.movable(state, t)
                if most:
                    families.append(ActionRange(partial(Move, ids[t], ids[hub]), 1, most))
        return LegalActions(families)

    def check_airlift_path(self, state: GameState, src: int, dst: int) -> None:
        x: SmartExtra = state.extra
        hub = self.airlift_hub(state)
        if hub not in (src, dst) or src == dst:
            fail(Reason.NO_PATH, f"this airlift moves armies from {label(hub)} to another of "
                 f"your territories, or to {label(hub)} from one", "S-AIRLIFT-1",
                 territory=label(hub))
        direction = "from" if src == hub else "to"
        if x.airlift_direction not in (None, direction):
            fail(Reason.NO_PATH, f"this airlift already moves armies {x.airlift_direction} "
                 f"{label(hub)}: one direction per card", "S-AIRLIFT-1", territory=label(hub),
                 direction=x.airlift_direction)

    def do_airlift_move(self, state: GameState, action: Move) -> GameState:
        """Armies leave 1 behind and count as moved (S-AIRLIFT-1 decision, C-MOVE-3)."""
        state = self.do_move(state, action)
        direction = "from" if territory(action.src) == state.extra.airlift else "to"
        return evolve(state, extra=state.extra.but(airlift_direction=direction))

    def end_substep(self, state: GameState, action: EndPhase) -> GameState:
        """Close an alliance or airlift: back to the movement step."""
        return evolve(state, phase=Phase.MOVE, extra=state.extra.but(
            alliance=None, airlift=None, airlift_direction=None))

    # -- the end of the turn (S-END-1, S-END-2) ----------------------------------------------------
    def end_regroup(self, state: GameState, action: EndPhase) -> GameState:
        return self.finish_turn(state)

    def finish_turn(self, state: GameState) -> GameState:
        """Revealed cards return to their owners' hands (S-END-1: they never left, the marks
        go); then the active player discards down to 6 cards, last of all (S-END-2)."""
        state = evolve(state, extra=state.extra.but(revealed=()))
        if len(state.hands[state.current]) > HAND_LIMIT:
            return evolve(state, phase=SmartPhase.DISCARD)
        return self.next_turn(state)

    def legal_discard(self, state: GameState) -> LegalActions:
        return LegalActions([Discard(card_name(c)) for c in state.hands[state.current]])

    def do_discard(self, state: GameState, action: Discard) -> GameState:
        seat = state.current
        card = card_of(action.card)
        if card not in state.hands[seat]:
            fail(Reason.CARD_NOT_IN_HAND, f"you do not hold the card {card_name(card)}",
                 "S-END-2", card=card_name(card))
        state = self.discard_card(state, seat, card)
        if len(state.hands[seat]) > HAND_LIMIT:
            return state
        return self.next_turn(state)

