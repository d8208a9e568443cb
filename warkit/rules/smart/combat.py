"""SMART combat: attack limits, air attacks, the reaction window, rerolls, terrain, conquest.

S-TERM-1, S-LIMIT-1, S-AIR-1, S-TERRAIN-1..3, S-REROLL-1, S-CONQ-1..3 and the
first elimination (S-WIN-1, S-WIN-3: the eliminator takes the cards).

After each roll the battle waits in the REACT step: the attacker may react
first, then the defender, alternating until both pass in a row (the
S-REROLL-1 decision); a side holding no usable card is skipped, so a battle
between players without cards resolves at once. A reaction is ``Reveal``
(terrain knowledge, the card of the attacked territory), ``Reroll`` (discard
any card; the new dice are the REROLL chance step) or ``Pass``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache, partial
from itertools import combinations

from ...actions import Attack, Roll, card_name
from ...dice import attack_dice, battle_losses, sorted_roll_distribution, terrain_losses
from ...errors import Reason
from ...legal import ActionRange, Family, LegalActions
from ...state import JOKERS, GameState, Phase, conquest_indexes, evolve
from ...worldmap import world_map
from ..common import battle_of, fail, label, roll_of, territory
from ..common import card as card_of
from ..terms import Board, Side
from .actions import AirAttack, Pass, Reroll, Rerolled, Reveal
from .host import SmartMixinBase
from .phases import SmartPhase
from .state import PendingReroll, Reaction, SmartExtra
from .tables import attack_limit, card_kind, reroll_terms


@cache
def _rerolled_outcomes(count: int, minimum: int) -> tuple[tuple[Rerolled, Fraction], ...]:
    return tuple((Rerolled(dice), p) for dice, p in sorted_roll_distribution(count, 6, minimum))


@cache
def _card_rerolls(name: str, counts: tuple[int, ...], own: tuple[int, ...]) -> tuple[Reroll, ...]:
    """Every reroll a card allows on these own dice (distinct choices of dice values)."""
    return tuple(Reroll(name, chosen) for k in counts
                 for chosen in dict.fromkeys(combinations(own, k)))


def _without(dice: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[int, ...] | None:
    """``dice`` minus the values ``chosen`` (a sub-multiset), or ``None`` if they are not there."""
    rest = list(dice)
    for value in chosen:
        if value not in rest:
            return None
        rest.remove(value)
    return tuple(rest)


class SmartCombatRules(SmartMixinBase):
    """Mixin of :class:`~warkit.rules.smart.SmartRules`: the attack step."""

    lone_defender_shield: bool

    # -- cards and marks ------------------------------------------------------------------------
    def holds(self, state: GameState, seat: int, card: int, rule: str) -> None:
        """Refuse a card the seat does not hold, or one already used this turn (S-TERM-2)."""
        if card not in state.hands[seat]:
            fail(Reason.CARD_NOT_IN_HAND, f"you do not hold the card {card_name(card)}", rule,
                 card=card_name(card))
        mark = state.extra.marked(card)
        if mark is not None:
            fail(Reason.CARD_ALREADY_USED, f"{card_name(card)} is revealed for {mark.use} this "
                 "turn: a card serves one advantage per turn", "S-TERM-2", card=card_name(card))

    def usable_cards(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The seat's cards not revealed this turn (each may still serve one advantage)."""
        hand = state.hands[seat]
        marks = state.extra.revealed
        if not marks:
            return hand
        marked = {m.card for m in marks}
        return tuple(c for c in hand if c not in marked)

    def discard_card(self, state: GameState, seat: int, card: int) -> GameState:
        """Move a card from ``seat``'s hand to the discards (an active advantage)."""
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        return evolve(state, hands=tuple(hands), discard=tuple(sorted((*state.discard, card))))

    # -- attack limits and air routes (S-TERM-1, S-LIMIT-1, S-AIR-1) ---------------------------
    def may_attack_now(self, state: GameState) -> bool:
        """S-LIMIT-1: no attacks in round 1."""
        return attack_limit(state.round) != 0

    def check_attack_limit(self, state: GameState) -> None:
        """Refuse a new attack beyond the round's limit (S-LIMIT-1; S-TERM-1 says what counts)."""
        limit = attack_limit(state.round)
        if limit is None or state.extra.attacks < limit:
            return
        if limit == 0:
            fail(Reason.ATTACK_LIMIT, "nobody attacks in round 1", "S-LIMIT-1")
        fail(Reason.ATTACK_LIMIT, f"round {state.round} allows {limit} attack"
             f"{'s' if limit > 1 else ''} per player and you have made {state.extra.attacks}; "
             "only the last attack may go on (same source and target)", "S-LIMIT-1",
             round=state.round, limit=limit)

    def attack_routes(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """The current attack's air route (S-AIR-1: the route belongs to that attack only)."""
        routes: tuple[tuple[int, int], ...] = state.extra.air_routes
        return routes

    def legal_attack(self, state: GameState) -> LegalActions:
        families = list(super().legal_attack(state).families)
        limit = attack_limit(state.round)
        x: SmartExtra = state.extra
        if limit == 0:
            return LegalActions(families)
        if limit is not None and x.attacks >= limit:  # only the last attack may go on
            last = x.last_attack
            ids = world_map().ids
            keep = None if last is None else (ids[last[0]], ids[last[1]])
            return LegalActions([f for f in families if not isinstance(f, ActionRange)
                                 or getattr(f.make, "args", None) == keep])
        seat, owner, armies, ids = state.current, state.owner, state.armies, world_map().ids
        sources = [s for s, o in enumerate(owner) if o == seat and armies[s] >= 2]
        for card in self.usable_cards(state, seat):
            if card in JOKERS or owner[card] == seat:
                continue
            for src in sources:
                families.append(ActionRange(partial(AirAttack, card_name(card), ids[src]), 1,
                                            attack_dice(armies[src], self.attack_dice_max)))
        return LegalActions(families)

    def do_attack(self, state: GameState, action: Attack) -> GameState:
        """A battle; a new attack (S-TERM-1: new source or target) counts against S-LIMIT-1
        and closes the air route of the attack before it (S-AIR-1's decision: coming back to
        that target by air is a new air attack, with another card)."""
        src, dst = territory(action.src), territory(action.dst)
        x: SmartExtra = state.extra
        new = x.last_attack != (src, dst)
        if new:
            self.check_attack_limit(state)
            x = x.but(air_routes=())
        battle = self.check_attack(evolve(state, extra=x), action)
        return evolve(state, battle=battle, phase=Phase.ROLL,
                      extra=x.but(attacks=x.attacks + new, last_attack=(src, dst)))

    def do_air_attack(self, state: GameState, action: AirAttack) -> GameState:
        """S-AIR-1: discard the card of an enemy territory; attack it from any owned territory,
        ignoring borders. The route stays open for more battles of this attack (``attack``
        with the same source and target), and closes when another attack starts."""
        seat, x = state.current, state.extra
        card = card_of(action.card)
        if card in JOKERS:
            fail(Reason.WRONG_CARD, "an air attack needs the card of a territory an opponent "
                 "owns, not a joker", "S-AIR-1")
        if state.owner[card] == seat:
            fail(Reason.OWN_TERRITORY, f"an air attack needs the card of a territory an "
                 f"opponent owns: {label(card)} is yours", "S-AIR-1", territory=label(card))
        self.holds(state, seat, card, "S-AIR-1")
        self.check_attack_limit(state)  # an air attack always starts a new attack
        src = territory(action.src)
        opened = evolve(state, extra=x.but(air_routes=((src, card),)))
        battle = self.check_attack(
            opened, Attack(action.src, world_map().ids[card], action.dice))
        state = self.discard_card(opened, seat, card)
        return evolve(state, battle=battle, phase=Phase.ROLL,
                      extra=opened.extra.but(attacks=x.attacks + 1, last_attack=(src, card)))

    # -- the roll and the reaction window (S-REROLL-1 decision) ----------------------------------
    def reacting_seat(self, state: Board, side: str) -> int:
        return state.current if side == "attacker" else state.owner[battle_of(state).dst]

    def can_react(self, state: GameState, side: str) -> bool:
        return bool(self.usable_cards(state, self.reacting_seat(state, side)))

    def do_roll(self, state: GameState, roll: Roll) -> GameState:
        self.check_roll(state, roll)
        state = evolve(state, last_roll=(roll.attack, roll.defence))
        for side in ("attacker", "defender"):
            if self.can_react(state, side):
                return evolve(state, phase=SmartPhase.REACT,
                              extra=state.extra.but(reaction=Reaction(side)))
        return self.resolve(state)

    def resolve(self, state: GameState) -> GameState:
        """The battle with its final dice: losses, and the conquest if the target is empty."""
        state = evolve(state, extra=state.extra.but(reaction=None))
        return super().do_roll(state, Roll(*roll_of(state)))

    def next_reaction(self, state: GameState, side: str, passed: bool) -> GameState:
        """After ``side`` reacted or passed: the other side's turn if it can react; the battle
        resolves once both passed in a row (or nobody can react any more)."""
        reaction: Reaction = state.extra.reaction
        passes = reaction.passes + 1 if passed else 0
        other = "defender" if side == "attacker" else "attacker"
        if passes < 2:
            for candidate in ((other,) if passed else (other, side)):
                if self.can_react(state, candidate):
                    return evolve(state, phase=SmartPhase.REACT, extra=state.extra.but(
                        reaction=Reaction(candidate, passes)))
        return self.resolve(state)

    def reaction_side(self, state: GameState) -> str:
        side: str = state.extra.reaction.side
        return side

    def legal_react(self, state: GameState) -> LegalActions:
        side = self.reaction_side(state)
        seat = self.reacting_seat(state, side)
        dst = battle_of(state).dst
        own = roll_of(state)[0 if side == "attacker" else 1]
        actions: list[Family] = [Pass()]
        cards = self.usable_cards(state, seat)
        if dst in cards:
            actions.append(Reveal(card_name(dst)))
        for card in cards:
            actions.extend(_card_rerolls(card_name(card), self.reroll_card(state, seat, card)[0],
                                         own))
        return LegalActions(actions)

    def reroll_card(self, state: GameState, seat: int, card: int) -> tuple[tuple[int, ...], int]:
        """(dice counts, minimum) a card gives ``seat`` (S-REROLL-1)."""
        controlled = card not in JOKERS and state.owner[card] == seat
        return reroll_terms(card_kind(card, controlled))

    def do_pass(self, state: GameState, action: Pass) -> GameState:
        return self.next_reaction(state, self.reaction_side(state), passed=True)

    def do_reveal_terrain(self, state: GameState, action: Reveal) -> GameState:
        """S-TERRAIN-1: reveal the card of the attacked territory after the roll; it works for
        every battle on that territory this turn (S-TERRAIN-2 attacking, S-TERRAIN-3
        defending)."""
        side = self.reaction_side(state)
        seat = self.reacting_seat(state, side)
        card, dst = card_of(action.card), battle_of(state).dst
        if card not in state.hands[seat]:
            fail(Reason.CARD_NOT_IN_HAND, f"you do not hold the card {card_name(card)}",
                 "S-TERRAIN-1", card=card_name(card))
        if card != dst:
            fail(Reason.WRONG_CARD, f"terrain knowledge needs the card of the territory under "
                 f"attack, {label(dst)}; {card_name(card)} is not about it", "S-TERRAIN-1",
                 territory=label(dst), card=card_name(card))
        self.holds(state, seat, card, "S-TERRAIN-1")
        state = evolve(state, extra=state.extra.with_mark(card, seat, "terrain"))
        return self.next_reaction(state, side, passed=False)

    def do_reroll(self, state: GameState, action: Reroll) -> GameState:
        """S-REROLL-1: discard a card to reroll some own dice with a raised minimum."""
        side = self.reaction_side(state)
        seat = self.reacting_seat(state, side)
        card = card_of(action.card)
        self.holds(state, seat, card, "S-REROLL-1")
        counts, minimum = self.reroll_card(state, seat, card)
        own = roll_of(state)[0 if side == "attacker" else 1]
        chosen = action.dice if isinstance(action.dice, tuple) else ()
        if len(chosen) not in counts:
            controlled = state.owner[card] == seat if card not in JOKERS else False
            what = ("a joker" if card in JOKERS else f"the card of {label(card)}, a territory "
                    f"you {'control' if controlled else 'do not control'},")
            allowed = " or ".join(map(str, counts))
            fail(Reason.BAD_COUNT, f"{what} rerolls {allowed} "
                 f"{'die' if counts == (1,) else 'dice'}, not {len(chosen)}", "S-REROLL-1")
        kept = _without(own, chosen)
        if kept is None:
            fail(Reason.BAD_COUNT, f"your dice show {','.join(map(str, own))}: there is no "
                 f"{','.join(map(str, chosen))} to reroll", "S-REROLL-1")
        state = self.discard_card(state, seat, card)
        return evolve(state, phase=SmartPhase.REROLL, extra=state.extra.but(
            reroll=PendingReroll(side, kept, len(chosen), minimum)))

    def reroll_outcomes(self, state: GameState) -> tuple[tuple[Rerolled, Fraction], ...]:
        p: PendingReroll = state.extra.reroll
        return _rerolled_outcomes(p.count, p.minimum)

    def sample_reroll(self, state: GameState, rng: random.Random) -> Rerolled:
        p: PendingReroll = state.extra.reroll
        return Rerolled(tuple(rng.randint(p.minimum, 6) for _ in range(p.count)))

    def do_rerolled(self, state: GameState, action: Rerolled) -> GameState:
        p: PendingReroll = state.extra.reroll
        dice = action.dice
        if len(dice) != p.count or not all(
                isinstance(d, int) and not isinstance(d, bool) and p.minimum <= d <= 6
                for d in dice):
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"this reroll rolls {p.count} "
                 f"{'die' if p.count == 1 else 'dice'} showing {p.minimum} to 6, got {action}",
                 "S-REROLL-1")
        new = tuple(sorted((*p.kept, *dice), reverse=True))
        att, dfn = roll_of(state)
        last_roll = (new, dfn) if p.side == "attacker" else (att, new)
        state = evolve(state, last_roll=last_roll, extra=state.extra.but(reroll=None))
        return self.next_reaction(state, p.side, passed=False)

    # -- resolution (S-TERRAIN-2/3) and conquest (S-CONQ-1..3) -----------------------------------
    def terrain_side(self, state: Board, target: int) -> Side | None:
        """Who has terrain knowledge of ``target`` this turn (S-TERRAIN-1): its card revealed
        for terrain by the attacker or by the target's owner (a state or a view)."""
        mark = next((m for m in state.extra.revealed if m.card == target), None)
        if mark is None or mark.use != "terrain":
            return None
        if mark.seat == state.current:
            return "attacker"
        return "defender" if mark.seat == state.owner[target] else None

    def battle_losses(self, state: GameState, roll: Roll) -> tuple[int, int]:
        """C-ATK-4 with terrain knowledge (S-TERRAIN-2/3), as :func:`warkit.dice.terrain_losses`
        (which the odds share). The defender's knowledge never saves the target's last army
        (S-TERRAIN-3 revised) unless the rules say ``lone_defender_shield=True``."""
        b = battle_of(state)
        terrain = self.terrain_side(state, b.dst)
        if terrain is None:
            return battle_losses(roll.attack, roll.defence)
        lost = battle_losses(roll.attack, roll.defence,
                             ties="attacker" if terrain == "attacker" else "defender")
        return terrain_losses(*lost, terrain, state.armies[b.dst],
                              attackers=state.armies[b.src] - 1,
                              lone_defender_shield=self.lone_defender_shield)

    def largest_move_in(self, src_armies: int, attack_dice: int) -> int:
        """S-CONQ-1: any number of the attacking territory's armies, leaving 1."""
        return src_armies - 1

    def conquer(self, state: GameState) -> GameState:
        """The target fell: it changes hands; the conqueror takes the defender's revealed card of
        it (S-CONQ-3) and draws a card at once (S-CONQ-2). An elimination ends the game
        (S-WIN-1) once the card is drawn; the eliminator takes the loser's cards (S-WIN-3)."""
        b, seat = battle_of(state), state.current
        defender = state.owner[b.dst]
        owner = (*state.owner[:b.dst], seat, *state.owner[b.dst + 1:])
        state = evolve(state, owner=owner, conquered=True,
                       **conquest_indexes(state, b.dst, seat))
        hands, x = list(state.hands), state.extra
        mark = x.marked(b.dst)
        if mark is not None and mark.seat == defender and b.dst in hands[defender]:
            hands[defender] = tuple(c for c in hands[defender] if c != b.dst)
            hands[seat] = tuple(sorted((*hands[seat], b.dst)))
            x = x.but(revealed=tuple(replace(m, seat=seat) if m is mark else m
                                          for m in x.revealed))
        if defender not in owner:
            alive, by = list(state.alive), list(state.eliminated_by)
            alive[defender], by[defender] = False, seat
            hands[seat] = tuple(sorted(hands[seat] + hands[defender]))
            hands[defender] = ()
            x = x.but(revealed=tuple(m for m in x.revealed if m.seat != defender))
            state = evolve(state, alive=tuple(alive), eliminated_by=tuple(by),
                           eliminated_this_turn=True)
        state = evolve(state, hands=tuple(hands), extra=x)
        return self.begin_draws(state, 1, Phase.OCCUPY)

