"""Attacks, dice, conquest and elimination (C-ATK-1..5, C-CONQ-1..2, C-ELIM-1..2)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache, lru_cache, partial
from typing import ClassVar

from ..actions import Action, Attack, Draw, EndPhase, Occupy, Roll, card_name
from ..dice import (
    MAX_DICE,
    SIDES,
    attack_dice,
    battle_losses,
    defence_dice,
    sorted_roll_distribution,
)
from ..errors import Reason
from ..legal import ActionRange, Family, LegalActions
from ..state import Battle, GameState, Phase, conquest_indexes, copied, evolve
from ..worldmap import world_map
from .common import (
    END,
    adjacent_masks,
    battle_of,
    count,
    fail,
    label,
    neighbour_sets,
    owned,
    territory,
    within,
)
from .common import card as card_of
from .host import MixinBase


@cache
def _roll_outcomes(att: int, dfn: int, sides: int) -> tuple[tuple[Roll, Fraction], ...]:
    return tuple((Roll(a, d), pa * pd)
                 for a, pa in sorted_roll_distribution(att, sides)
                 for d, pd in sorted_roll_distribution(dfn, sides))


@cache
def _attack_range(src: int, dst: int, most: int) -> ActionRange:
    """The attacks from ``src`` on ``dst`` with 1..``most`` dice (made once: legal actions are
    listed for every decision)."""
    ids = world_map().ids
    return ActionRange(partial(Attack, ids[src], ids[dst]), 1, most)


@lru_cache(maxsize=8192)
def _losses(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    """:func:`~warkit.dice.battle_losses` of a checked roll (a few thousand rolls exist)."""
    return battle_losses(attack, defence)


@cache
def battle(src: int, dst: int, attack: int, defence: int) -> Battle:
    """The :class:`Battle` value (made once per combination: battles are immutable values and
    a frozen dataclass is slow to build)."""
    return Battle(src, dst, attack, defence)


@cache
def _border_pairs() -> dict[tuple[str, str], tuple[int, int]]:
    """(source id, target id) -> (source, target) for every pair sharing a border or a sea
    link (C-ATK-1): one lookup names both territories and proves they are neighbours."""
    m = world_map()
    return {(m.ids[s], m.ids[d]): (s, d) for s, near in enumerate(m.adjacency) for d in near}


_SAMPLED: dict[int, tuple[Roll, int, int]] = {}
"""The rolls the sampler hands out, by ``id``: (the roll, attacker losses, defender losses).
One :class:`Roll` per outcome, made from whole numbers the sampler drew itself and kept for
good (so an ``id`` is never reused), so ``do_roll`` knows such a roll needs no die-by-die
check. A roll made anywhere else (parsed text, a lesson's ``Roll(...)``) is checked in full."""
_SAMPLED_BY_DICE: dict[tuple[tuple[int, ...], tuple[int, ...]], Roll] = {}


def _sampled_roll(attack: tuple[int, ...], defence: tuple[int, ...]) -> Roll:
    """The one :class:`Roll` of these sorted dice (whole numbers from 1 to 6, drawn by
    :meth:`CombatRules.sample_roll`), made and registered on first use."""
    roll = _SAMPLED_BY_DICE.get((attack, defence))
    if roll is None:
        roll = _SAMPLED_BY_DICE[attack, defence] = Roll.of_sorted(attack, defence)
        _SAMPLED[id(roll)] = (roll, *battle_losses(attack, defence))
    return roll


@cache
def _attack_row(src: int) -> tuple[tuple[ActionRange, ...], ...]:
    """``_attack_row(src)[most][dst]``: :func:`_attack_range` as plain indexing."""
    size = len(world_map().ids)
    return tuple(tuple(_attack_range(src, dst, most) for dst in range(size)) if most else ()
                 for most in range(MAX_DICE + 1))


_SEGMENTS: dict[int, tuple[tuple[ActionRange, ...], int]] = {}
"""The attacks from one source, keyed by ``enemy neighbours << 8 | src << 2 | most dice``: a
source, its dice and which neighbours are enemies decide its families (and their count)."""


def _segment(key: int) -> tuple[tuple[ActionRange, ...], int]:
    enemies, src, most = key >> 8, (key >> 2) & 63, key & 3
    row = _attack_row(src)[most]
    found = tuple(row[dst] for dst in world_map().adjacency[src] if enemies >> dst & 1)
    _SEGMENTS[key] = segment = (found, most * len(found))
    return segment


@cache
def _occupy_legal(most: int) -> LegalActions:
    """Moving 1..``most`` armies in (a LegalActions is never changed, so it is shared)."""
    return LegalActions([ActionRange(Occupy, 1, most)])


class CombatRules(MixinBase):
    """Mixin of :class:`~warkit.rules.classic.ClassicRules`: the attack phase."""

    sides: int = SIDES
    loot_hand_limit: int = 5
    """C-ELIM-2: the eliminator's hand is filled up to this many cards."""
    plain_attacks: ClassVar[bool] = True
    """Set per class: attacks follow this mixin's own rules (C-TURN-2, C-ATK-1..3: no hook
    overridden), so :meth:`check_attack` may take its one-lookup path."""
    plain_dice: ClassVar[bool] = True
    """Set per class: six-sided dice, compared and conquered by this mixin's own rules, so
    :meth:`do_roll` may use the losses of a sampled roll and conquer in one step."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        base = CombatRules
        cls.plain_attacks = all(getattr(cls, name) is getattr(base, name) for name in (
            "may_attack_now", "attack_routes", "attack_targets", "check_attack_reach"))
        cls.plain_dice = cls.sides == SIDES and all(
            getattr(cls, name) is getattr(base, name)
            for name in ("check_roll", "battle_losses", "conquer", "eliminate"))

    # -- declaring a battle ---------------------------------------------------------------
    def may_attack_now(self, state: GameState) -> bool:
        """C-TURN-2: attacks are allowed from round 1 unless the house rule says otherwise."""
        return self.attacks_in_first_round or state.round > 1

    def legal_attack(self, state: GameState) -> LegalActions:
        if not (self.attacks_in_first_round or state.round > 1 if self.plain_attacks
                else self.may_attack_now(state)):
            return LegalActions.counted((END,), 1)
        seat, owner, armies, top = state.current, state.owner, state.armies, self.attack_dice_max
        actions: list[Family] = [END]
        size = 1
        if not self.plain_attacks and (self.attack_routes(state)
                                       or type(self).attack_targets is not _BORDERS_ONLY):
            targets = self.attack_targets
            for src in state.holdings[seat]:
                if armies[src] > 1:
                    most = armies[src] - 1 if armies[src] <= top else top  # C-ATK-2
                    row = _attack_row(src)[most]
                    found = [row[dst] for dst in targets(state, src) if owner[dst] != seat]
                    actions += found
                    size += most * len(found)
            return LegalActions.counted(tuple(actions), size)
        # Borders only: a source's families follow from its dice and its enemy neighbours.
        others, near, segments = ~state.owned_masks[seat], adjacent_masks(), _SEGMENTS
        for src in state.holdings[seat]:
            if (here := armies[src]) > 1 and (enemies := near[src] & others):
                most = here - 1 if here <= top else top  # C-ATK-2: one stays home
                key = enemies << 8 | src << 2 | most
                segment, count = segments.get(key) or _segment(key)
                actions += segment
                size += count
        return LegalActions.counted(tuple(actions), size)

    def attack_routes(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """Attacks allowed beyond the borders now, as (source, target) pairs (classic: none;
        SMART's air route of the current attack, S-AIR-1)."""
        return ()

    def attack_targets(self, state: GameState, src: int) -> tuple[int, ...]:
        """Territories ``src`` can reach with an attack (C-ATK-1: its neighbours, and the
        targets of :meth:`attack_routes` from it)."""
        near = world_map().adjacency[src]
        routes = self.attack_routes(state)
        if not routes:
            return near
        return near + tuple(d for s, d in routes if s == src and d not in near)

    def check_attack_reach(self, state: GameState, src: int, dst: int) -> None:
        """Refuse an attack whose target ``src`` cannot reach (C-ATK-1: borders and sea links;
        :meth:`attack_routes`)."""
        if dst not in neighbour_sets()[src] and (src, dst) not in self.attack_routes(state):
            fail(Reason.NOT_ADJACENT, f"{label(src)} and {label(dst)} do not share a border "
                 "or a sea link", "C-ATK-1", src=label(src), dst=label(dst))

    def check_attack(self, state: GameState, action: Attack) -> Battle:
        if self.plain_attacks:  # the common case in one go; any doubt takes the path below
            try:
                pair = _border_pairs().get((action.src, action.dst))
            except TypeError:  # an unhashable name: the checks below say what is wrong
                pair = None
            if pair is not None:
                src, dst = pair
                seat, owner, armies, dice = state.current, state.owner, state.armies, action.dice
                if (owner[src] == seat and owner[dst] != seat and dice.__class__ is int
                        and 1 <= dice < armies[src] and dice <= self.attack_dice_max
                        and (self.attacks_in_first_round or state.round > 1)):
                    return battle(src, dst, dice,
                                  defence_dice(armies[dst], self.defence_dice_max))
        if not self.may_attack_now(state):
            fail(Reason.NO_ATTACK_FIRST_ROUND, "this table plays without attacks in the first "
                 "round", "C-TURN-2")
        src, dst = territory(action.src), territory(action.dst)
        owned(state, src, state.current, "C-ATK-1")
        if state.owner[dst] == state.current:
            fail(Reason.OWN_TERRITORY, f"{label(dst)} is yours: attack an enemy territory",
                 "C-ATK-1", territory=label(dst))
        self.check_attack_reach(state, src, dst)
        if state.armies[src] < 2:
            fail(Reason.TOO_FEW_ARMIES, f"{label(src)} has 1 army, which must stay: attacking "
                 "needs at least 2", "C-ATK-1", territory=label(src))
        most = attack_dice(state.armies[src], self.attack_dice_max)
        dice = action.dice if within(action.dice, 1, most) else count(
            action.dice, 1, most, f"attack dice from {label(src)} (armies - 1, at most "
                     f"{self.attack_dice_max})", "C-ATK-2", counting="attack_dice",
                     territory=label(src))
        return battle(src, dst, dice, defence_dice(state.armies[dst], self.defence_dice_max))

    def do_attack(self, state: GameState, action: Attack) -> GameState:
        declared = self.check_attack(state, action)
        new, fields = copied(state)
        fields["battle"], fields["phase"] = declared, Phase.ROLL
        return new

    def end_attacks(self, state: GameState, action: EndPhase) -> GameState:
        """C-TURN-1: once regrouping starts, no more attacks this turn."""
        new, fields = copied(state)
        fields["phase"] = Phase.MOVE
        return new

    # -- the roll -----------------------------------------------------------------------------
    def roll_outcomes(self, state: GameState) -> tuple[tuple[Roll, Fraction], ...]:
        b = battle_of(state)
        return _roll_outcomes(b.attack_dice, b.defence_dice, self.sides)

    def sample_roll(self, state: GameState, rng: random.Random) -> Roll:
        b, sides = battle_of(state), self.sides
        if rng.__class__ is random.Random:  # randint(1, sides) is 1 + _randbelow(sides)
            below = rng._randbelow  # type: ignore[attr-defined]
            attack = sorted([1 + below(sides) for _ in range(b.attack_dice)], reverse=True)
            defence = sorted([1 + below(sides) for _ in range(b.defence_dice)], reverse=True)
        else:
            randint = rng.randint
            attack = sorted([randint(1, sides) for _ in range(b.attack_dice)], reverse=True)
            defence = sorted([randint(1, sides) for _ in range(b.defence_dice)], reverse=True)
        if sides == SIDES:
            return _sampled_roll(tuple(attack), tuple(defence))
        return Roll.of_sorted(tuple(attack), tuple(defence))

    def check_roll(self, state: GameState, roll: Roll) -> None:
        b = battle_of(state)
        if len(roll.attack) != b.attack_dice or len(roll.defence) != b.defence_dice:
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"this battle rolls {b.attack_dice} attack and "
                 f"{b.defence_dice} defence dice, got {roll}", "C-ATK-3")
        sides = self.sides
        for die in roll.attack + roll.defence:
            if die.__class__ is not int or not 1 <= die <= sides:
                fail(Reason.NOT_A_CHANCE_OUTCOME, f"a die shows 1 to {sides}, got {die!r}")

    def battle_losses(self, state: GameState, roll: Roll) -> tuple[int, int]:
        """(attacker, defender) losses of a roll (C-ATK-4); SMART modifies this."""
        return _losses(roll.attack, roll.defence)

    def do_roll(self, state: GameState, roll: Roll) -> GameState:
        b = state.battle
        sampled = _SAMPLED.get(id(roll)) if self.plain_dice else None
        if (sampled is not None and b is not None and len(roll.attack) == b.attack_dice
                and len(roll.defence) == b.defence_dice):
            lost_att, lost_def = sampled[1], sampled[2]  # a sampled roll: its dice are sound
        else:
            self.check_roll(state, roll)
            b = battle_of(state)
            lost_att, lost_def = self.battle_losses(state, roll)
        armies = list(state.armies)
        armies[b.src] -= lost_att
        armies[b.dst] -= lost_def
        if armies[b.dst] > 0:
            new, fields = copied(state)
            fields["armies"], fields["last_roll"] = tuple(armies), (roll.attack, roll.defence)
            fields["phase"], fields["battle"] = Phase.ATTACK, None
            return new
        if self.plain_dice:  # the roll's changes and the conquest's in one copy
            return self.take(state, armies=tuple(armies), last_roll=(roll.attack, roll.defence))
        return self.conquer(evolve(state, armies=tuple(armies),
                                   last_roll=(roll.attack, roll.defence)))

    # -- conquest and elimination ----------------------------------------------------------
    def conquer(self, state: GameState) -> GameState:
        """The target fell: it changes hands; its old owner may be out (C-ELIM-1)."""
        return self.take(state)

    def take(self, state: GameState, **changes: object) -> GameState:
        """:meth:`conquer`, with ``changes`` (the roll's) made in the same copy of the state."""
        b, seat = battle_of(state), state.current
        defender = state.owner[b.dst]
        owner = (*state.owner[:b.dst], seat, *state.owner[b.dst + 1:])
        new, fields = copied(state)
        fields.update(changes)
        fields.update(conquest_indexes(state, b.dst, seat))  # the new owner's indexes
        fields["owner"], fields["conquered"], fields["phase"] = owner, True, Phase.OCCUPY
        if defender in owner:
            return new
        return self.eliminate(new, defender)

    def eliminate(self, state: GameState, defender: int) -> GameState:
        """C-ELIM-1/2: the defender is out; the eliminator takes their cards up to 5."""
        seat = state.current
        alive, by, hands = list(state.alive), list(state.eliminated_by), list(state.hands)
        alive[defender], by[defender] = False, seat
        loot, hands[defender] = hands[defender], ()
        room = max(0, self.loot_hand_limit - len(hands[seat]))
        state = evolve(state, alive=tuple(alive), eliminated_by=tuple(by),
                       eliminated_this_turn=True)
        if len(loot) <= room:
            hands[seat] = tuple(sorted(hands[seat] + loot))
            return evolve(state, hands=tuple(hands))
        if room == 0:
            return evolve(state, hands=tuple(hands), discard=tuple(sorted(state.discard + loot)))
        return evolve(state, hands=tuple(hands), loot=loot, loot_draws=room, phase=Phase.LOOT)

    def loot_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]:
        return [(Draw(card_name(c)), Fraction(1, len(state.loot))) for c in state.loot]

    def do_loot(self, state: GameState, action: Draw) -> GameState:
        """A blind draw from the eliminated player's cards (C-ELIM-2)."""
        card = card_of(action.card)
        if card not in state.loot:
            fail(Reason.NOT_A_CHANCE_OUTCOME, f"{action.card} is not among the eliminated "
                 "player's cards", "C-ELIM-2")
        hands = list(state.hands)
        hands[state.current] = tuple(sorted((*hands[state.current], card)))
        loot = tuple(c for c in state.loot if c != card)
        state = evolve(state, hands=tuple(hands), loot=loot, loot_draws=state.loot_draws - 1)
        if state.loot_draws == 0:  # the rest go to the discard pile
            state = evolve(state, loot=(), phase=Phase.OCCUPY,
                           discard=tuple(sorted(state.discard + loot)))
        return state

    def legal_occupy(self, state: GameState) -> LegalActions:
        return _occupy_legal(self.occupy_max(state))

    def occupy_max(self, state: GameState) -> int:
        """C-CONQ-1: at most the armies of the last battle, one always staying behind."""
        b = battle_of(state)
        return self.largest_move_in(state.armies[b.src], b.attack_dice)

    def do_occupy(self, state: GameState, action: Occupy) -> GameState:
        b = battle_of(state)
        high = self.occupy_max(state)
        n = action.armies if within(action.armies, 1, high) else count(action.armies, 1, high,
                  f"armies moving into {label(b.dst)}", "C-CONQ-1", counting="occupy",
                  territory=label(b.dst))
        armies = list(state.armies)
        armies[b.src] -= n
        armies[b.dst] += n
        # C-CONQ-2: they may attack on from the new territory this very turn.
        new, fields = copied(state)
        fields["armies"], fields["battle"], fields["phase"] = tuple(armies), None, Phase.ATTACK
        return new


_BORDERS_ONLY = CombatRules.attack_targets
"""A rule set that overrides :meth:`CombatRules.attack_targets` itself (rather than
:meth:`~CombatRules.attack_routes`) has its legal attacks listed through it."""
