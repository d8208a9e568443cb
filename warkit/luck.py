"""Luck made visible: each player's dice against the exact expectation, with its spread.

Computed once here, from a :class:`~warkit.Match` record alone, for the end screen and
the replay (both only format these numbers).

Every recorded roll (:class:`~warkit.Roll`) is judged as C-ATK-4 judges it, with the rule
set's battle rule for that target (``rules.battle_rule``: its dice, who wins ties): dice
sorted, highest against highest, one army lost per comparison lost. Every sorted roll of
those dice is enumerated exactly: the attacker's losses have a mean and a variance, and the
defender loses the other comparisons, so both sides' luck in one roll has the same spread
with opposite signs. A player's luck is the sum over every roll it fought (attacking or
defending): armies lost minus armies expected to be lost, and its standard deviation σ is
the square root of the summed variances (each roll's dice are independent of the earlier
ones once the number of dice is fixed, so the variances add). ``z = surplus / σ`` says how
unusual that is: about 2 σ or more happens to a player only about one game in twenty.

Terrain knowledge counts through the ties it gives (S-TERRAIN-2); its extra or saved army
and SMART's rerolls change the losses after the dice, not the dice first shown: they are
left out, as the dice themselves are what luck means here.
A *battle* (:class:`BattleLuck`) is the rolls of one attack: the same source and target,
one after the other, in one turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .actions import Roll
from .dice import battle_losses, sorted_roll_distribution
from .match import Match
from .rules.terms import BattleRule

CLASSIC = BattleRule()
"""Classic War's battle rule (C-ATK-2..4): six-sided dice, ties to the defender."""


@cache
def roll_loss_moments(att_dice: int, def_dice: int,
                      rule: BattleRule = CLASSIC) -> tuple[Fraction, Fraction]:
    """Exact mean and variance of the armies the attacker loses in one roll of ``att_dice``
    against ``def_dice`` under the rule set's battle ``rule`` (its dice and who wins ties,
    C-ATK-4; the defender loses the remaining comparisons), over every sorted roll.

    >>> roll_loss_moments(1, 1)
    (Fraction(7, 12), Fraction(35, 144))
    """
    mean = square = Fraction(0)
    for a, pa in sorted_roll_distribution(att_dice, rule.sides):
        for d, pd in sorted_roll_distribution(def_dice, rule.sides):
            lost = battle_losses(a, d, ties=rule.ties)[0]
            mean += pa * pd * lost
            square += pa * pd * lost * lost
    return mean, square - mean * mean


@dataclass(frozen=True)
class RollLuck:
    """One recorded roll: who fought, where, and the attacker's losses against the
    expectation (the defender's luck is the opposite)."""

    index: int
    """The roll's position in the match's actions."""
    turn: int
    attacker: int
    defender: int
    src: int
    dst: int
    comparisons: int
    lost: int
    """Armies the attacker lost (comparisons lost)."""
    expected: Fraction
    variance: Fraction


@dataclass(frozen=True)
class Spread:
    """Armies lost against the expectation, with the exact variance: shared by a player's
    luck (:class:`Luck`) and a battle's (:class:`BattleLuck`)."""

    lost: int
    expected_lost: Fraction
    variance: Fraction

    @property
    def extra_lost(self) -> Fraction:
        """Armies lost above (negative: below) the expectation: positive is bad luck."""
        return self.lost - self.expected_lost

    @property
    def sigma(self) -> float:
        """The standard deviation of the armies lost (0 when no die was rolled)."""
        return math.sqrt(self.variance)

    @property
    def z(self) -> float:
        """:attr:`extra_lost` in standard deviations (0 when nothing was at stake)."""
        return float(self.extra_lost) / self.sigma if self.sigma else 0.0


@dataclass(frozen=True)
class Luck(Spread):
    """A player's dice over a game: comparisons fought and won, armies lost, and the
    exact expectation and variance of both (see the module docstring)."""

    seat: int = 0
    won: int = 0
    """Comparisons won (C-ATK-4)."""
    expected: Fraction = Fraction(0)
    """Comparisons expected to be won."""
    comparisons: int = 0

    @property
    def surplus(self) -> Fraction:
        """Comparisons won above (or below, negative) the expectation: armies the other side
        lost beyond its share, the opposite of :attr:`extra_lost`."""
        return self.won - self.expected


@dataclass(frozen=True)
class BattleLuck(Spread):
    """One attack's rolls (same source and target, in a row, in one turn), seen from the
    attacker: ``lost`` and ``extra_lost`` are the attacker's armies."""

    turn: int = 0
    attacker: int = 0
    defender: int = 0
    src: int = 0
    dst: int = 0
    rolls: int = 0
    first: int = 0
    """The index of its first roll in the match's actions."""
    last: int = 0
    conquered: bool = False


def roll_lucks(match: Match, upto: int | None = None) -> tuple[RollLuck, ...]:
    """Every roll among the first ``upto`` actions (default: all), judged by C-ATK-4."""
    rows = []
    actions = match.actions if upto is None else match.actions[:upto]
    for index, (before, action) in enumerate(zip(match.states, actions)):
        if not isinstance(action, Roll) or before.battle is None:
            continue
        battle = before.battle
        rule = before.rules.battle_rule(before, battle.dst)
        pairs = min(len(action.attack), len(action.defence))
        lost = battle_losses(action.attack, action.defence, ties=rule.ties)[0]
        mean, variance = roll_loss_moments(len(action.attack), len(action.defence), rule)
        rows.append(RollLuck(index, before.turn, before.current, before.owner[battle.dst],
                             battle.src, battle.dst, pairs, lost, mean, variance))
    return tuple(rows)


def luck(match: Match, upto: int | None = None) -> tuple[Luck, ...]:
    """Each seat's luck over the rolls among the first ``upto`` actions (default: the whole
    game), attacking and defending."""
    n = match.states[0].num_players
    won, expected, count, lost = [0] * n, [Fraction(0)] * n, [0] * n, [0] * n
    variance = [Fraction(0)] * n
    for r in roll_lucks(match, upto):
        for seat, seat_lost, seat_expected_lost in (
                (r.attacker, r.lost, r.expected),
                (r.defender, r.comparisons - r.lost, r.comparisons - r.expected)):
            won[seat] += r.comparisons - seat_lost
            expected[seat] += r.comparisons - seat_expected_lost
            count[seat] += r.comparisons
            lost[seat] += seat_lost
            variance[seat] += r.variance
    return tuple(Luck(lost[p], count[p] - expected[p], variance[p], seat=p, won=won[p],
                      expected=expected[p], comparisons=count[p]) for p in range(n))


def battles(match: Match, upto: int | None = None) -> tuple[BattleLuck, ...]:
    """The attacks among the first ``upto`` actions, in order, each with its attacker's luck
    (consecutive rolls on one pair in one turn make one attack)."""
    found: list[BattleLuck] = []
    rows = roll_lucks(match, upto)
    group: list[RollLuck] = []

    def close() -> None:
        if not group:
            return
        first, last = group[0], group[-1]
        conquered = _conquered(match, last.index, first.dst, first.attacker,
                               len(match.actions) if upto is None else upto)
        found.append(BattleLuck(sum(r.lost for r in group),
                                sum((r.expected for r in group), Fraction(0)),
                                sum((r.variance for r in group), Fraction(0)),
                                turn=first.turn, attacker=first.attacker,
                                defender=first.defender, src=first.src, dst=first.dst,
                                rolls=len(group), first=first.index, last=last.index,
                                conquered=conquered))
        group.clear()

    for r in rows:
        if group and (group[-1].turn, group[-1].src, group[-1].dst) != (r.turn, r.src, r.dst):
            close()
        group.append(r)
    close()
    return tuple(found)


def _conquered(match: Match, roll: int, dst: int, attacker: int, upto: int) -> bool:
    """Did the battle whose last roll is action ``roll`` give ``dst`` to ``attacker``
    (after that roll, or the reactions that resolved it), within the first ``upto``?"""
    for state in match.states[roll + 1:upto + 1]:
        if state.owner[dst] == attacker:
            return True
        if state.battle is None:
            return False
    return False


def decisive_battles(match: Match, limit: int = 3,
                     upto: int | None = None) -> tuple[BattleLuck, ...]:
    """The attacks where luck decided most: the largest swings of armies against the
    expectation (either way), then the most unusual (largest ``|z|``); at most ``limit``,
    in the order they happened."""
    ranked = sorted(battles(match, upto), key=lambda b: (-abs(b.extra_lost), -abs(b.z)))
    chosen = [b for b in ranked[:limit] if b.extra_lost != 0]
    return tuple(sorted(chosen, key=lambda b: b.first))


__all__ = ["BattleLuck", "Luck", "RollLuck", "Spread", "battles", "decisive_battles", "luck",
           "roll_loss_moments", "roll_lucks"]
