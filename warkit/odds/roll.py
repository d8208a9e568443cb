"""One battle (one roll of the dice), exactly: C-ATK-2..4 with the SMART modifiers.

Every sorted attack roll meets every sorted defence roll (56 x 56 pairs for
3 dice against 3, from :func:`warkit.dice.sorted_roll_distribution`); each
pair is resolved by :func:`warkit.dice.battle_losses`, then the terrain
knowledge of either side adjusts the defender's loss (S-TERRAIN-2/3). With a
tactical regroup (S-REROLL-1) the rerolling side looks at both rolls, picks
the dice its policy wants and the rerolled dice are enumerated too. Counts
are whole numbers until the end, so every probability is an exact Fraction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, cast

from ..dice import (
    SIDES,
    Tie,
    battle_losses,
    defence_dice,
    sort_dice,
    sorted_roll_distribution,
    terrain_losses,
)
from ..errors import InvalidArgumentError, WrongTypeError
from ..rules.smart.tables import CardKind
from .options import (
    BattleRules,
    Reroll,
    Side,
    battle_rules,
    check_choice,
    check_enumeration,
    check_whole,
)

Outcome = tuple[int, int]          # (attacker losses, defender losses)
Roll = tuple[int, ...]             # dice sorted from highest to lowest
Analysis = tuple[dict[tuple[int, int, int], Fraction], dict[tuple[Roll, Roll], Roll]]


def apply_terrain(lost_att: int, lost_def: int, terrain: Tie | None, cap: int,
                  attackers: int | None = None, lone_defender_shield: bool = False) -> Outcome:
    """Losses after terrain knowledge (S-TERRAIN-2/3), by :func:`warkit.dice.terrain_losses`.

    Attacker's knowledge: the defender loses one more, at most ``cap`` (the
    defenders present, as far as it matters); but when the attacker loses all
    its ``attackers`` (every army it may attack with) the extra loss never
    takes the last defender: nobody could move in. Defender's knowledge: the
    defender loses one fewer, never below 0, and never for a lone defender
    (``cap == 1``, the revised S-TERRAIN-3); ``lone_defender_shield=True``
    reads the rule literally, so a lone defender never falls.
    """
    return terrain_losses(lost_att, lost_def, terrain, cap, attackers,
                          lone_defender_shield=lone_defender_shield)


@cache
def _weighted_rolls(n: int, sides: int, minimum: int = 1) -> tuple[tuple[Roll, int], ...]:
    """Sorted rolls of ``n`` dice, whole-number weights out of ``(sides - minimum + 1) ** n``."""
    total = (sides - minimum + 1) ** n
    return tuple((roll, int(p * total)) for roll, p in sorted_roll_distribution(n, sides, minimum))


@cache
def _loss_table(sides: int, ties: Tie, terrain: Side | None, na: int, nd: int, cap: int,
                all_in: bool = False, shield: bool = False) -> dict[tuple[Roll, Roll], Outcome]:
    """Losses for every pair of sorted rolls (attack, defence) of one battle.

    ``all_in``: the ``na`` dice are every army the attacker may attack with
    (see :meth:`BattleRules.all_in`); ``shield``: the ``lone_defender_shield``
    setting (S-TERRAIN-3).
    """
    attackers = na if all_in else None
    table = {}
    for att, _ in _weighted_rolls(na, sides):
        for dfn, _ in _weighted_rolls(nd, sides):
            table[att, dfn] = apply_terrain(*battle_losses(att, dfn, ties=ties), terrain, cap,
                                            attackers, shield)
    return table


def plain_outcomes(rules: BattleRules, na: int, nd: int, cap: int,
                   all_in: bool = False) -> dict[Outcome, Fraction]:
    """Exact ``{(attacker losses, defender losses): probability}`` without any reroll."""
    return _plain_outcomes(rules.sides, rules.ties, rules.terrain, na, nd, cap, all_in,
                           rules.lone_defender_shield)


@cache
def _plain_outcomes(sides: int, ties: str, terrain: str | None, na: int, nd: int,
                    cap: int, all_in: bool, shield: bool = False) -> dict[Outcome, Fraction]:
    table = _loss_table(sides, ties, terrain, na, nd, cap, all_in, shield)
    counts: dict[Outcome, int] = defaultdict(int)
    for att, w_att in _weighted_rolls(na, sides):
        for dfn, w_def in _weighted_rolls(nd, sides):
            counts[table[att, dfn]] += w_att * w_def
    total = sides ** (na + nd)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


@cache
def _rerolled(kept: Roll, k: int, minimum: int, sides: int) -> tuple[tuple[Roll, int], ...]:
    """Own rolls after rerolling ``k`` dice (uniform on ``minimum..sides``) and keeping ``kept``."""
    return tuple((sort_dice(kept + new), w) for new, w in _weighted_rolls(k, sides, minimum))


def _remove(own: Roll, chosen: Roll) -> Roll:
    """``own`` without the dice ``chosen`` (a sub-multiset of it)."""
    rest = list(own)
    for value in chosen:
        rest.remove(value)
    return tuple(rest)


def _candidates(own: Roll, counts: Sequence[int]) -> list[Roll]:
    """Every distinct choice of own dice a card allows, lowest dice first; () keeps the card."""
    choices: list[Roll] = [()]
    low_first = own[::-1]
    for k in counts:
        if k <= len(own):
            for combo in dict.fromkeys(combinations(low_first, k)):
                choices.append(sort_dice(combo))
    return choices


def _check_policy_choice(choice: object, own: Roll, enemy: Roll, reroll: Reroll) -> Roll:
    """Validate what a callable policy returned."""
    try:
        chosen = sort_dice(cast(Sequence[int], choice))
        _remove(own, chosen)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"reroll policy returned {choice!r} for own dice {own} against "
                                   f"{enemy}: not a selection of the player's own dice") from None
    if chosen and len(chosen) not in reroll.counts:
        counts = " or ".join(map(str, reroll.counts))
        raise InvalidArgumentError(f"reroll policy returned {len(chosen)} dice; a "
                                   f"{reroll.card} card rerolls {counts} (S-REROLL-1)")
    return chosen


class _Scorer:
    """Expected (enemy losses - own losses) of each reroll choice for one pair of rolls."""

    def __init__(self, rules: BattleRules, na: int, nd: int, cap: int,
                 all_in: bool = False) -> None:
        reroll = rules.reroll
        assert reroll is not None
        self.reroll = reroll
        self.attacker = reroll.side == "attacker"
        self.table = _loss_table(rules.sides, rules.ties, rules.terrain, na, nd, cap, all_in,
                                 rules.lone_defender_shield)
        self.faces = rules.sides - reroll.minimum + 1
        self.top = max(reroll.counts)
        self.sides = rules.sides

    def outcome(self, own: Roll, enemy: Roll) -> Outcome:
        return self.table[own, enemy] if self.attacker else self.table[enemy, own]

    def score(self, own: Roll, enemy: Roll) -> int:
        lost_att, lost_def = self.outcome(own, enemy)
        return lost_def - lost_att if self.attacker else lost_att - lost_def

    def results(self, own: Roll, chosen: Roll) -> tuple[tuple[Roll, int], ...]:
        """Own rolls after the reroll, weights out of ``faces ** top`` (a common scale)."""
        if not chosen:
            return ((own, self.faces ** self.top),)
        scale = self.faces ** (self.top - len(chosen))
        return tuple((new, w * scale) for new, w in
                     _rerolled(_remove(own, chosen), len(chosen), self.reroll.minimum, self.sides))

    def options(self, own: Roll, enemy: Roll) -> dict[Roll, int]:
        """Every allowed choice -> expected score times ``faces ** top`` (whole numbers)."""
        return {chosen: sum(w * self.score(new, enemy) for new, w in self.results(own, chosen))
                for chosen in _candidates(own, self.reroll.counts)}

    def choose(self, own: Roll, enemy: Roll) -> Roll:
        policy = self.reroll.policy
        if policy == "best":
            # strictly better only: ties keep the card, then fewer dice, then lower dice
            best: tuple[int, ...] = ()
            best_value = None
            for chosen, value in self.options(own, enemy).items():
                if best_value is None or value > best_value:
                    best, best_value = chosen, value
            return best
        if policy == "lowest":
            k = max(c for c in self.reroll.counts if c <= len(own))
            return own[len(own) - k:]
        return _check_policy_choice(policy(own, enemy), own, enemy, self.reroll)


def reroll_analysis(rules: BattleRules, na: int, nd: int, cap: int,
                    all_in: bool = False) -> Analysis:
    """Exact outcomes of a battle in which ``rules.reroll`` may spend one card.

    Returns ``{(attacker losses, defender losses, card spent 0/1): probability}``
    and the policy's decision ``{(own roll, enemy roll): dice rerolled}``.
    The card supply (``Reroll.cards``) plays no part in one battle.
    """
    assert rules.reroll is not None
    if rules.reroll.cards is not None:
        rules = replace(rules, reroll=replace(rules.reroll, cards=None))
    return _reroll_analysis(rules, na, nd, cap, all_in)


@lru_cache(maxsize=128)
def _reroll_analysis(rules: BattleRules, na: int, nd: int, cap: int, all_in: bool) -> Analysis:
    scorer = _Scorer(rules, na, nd, cap, all_in)
    own_n, enemy_n = (na, nd) if scorer.attacker else (nd, na)
    counts: dict[tuple[int, int, int], int] = defaultdict(int)
    decisions = {}
    for own, w_own in _weighted_rolls(own_n, rules.sides):
        for enemy, w_enemy in _weighted_rolls(enemy_n, rules.sides):
            chosen = scorer.choose(own, enemy)
            decisions[own, enemy] = chosen
            spent = 1 if chosen else 0
            for new, w in scorer.results(own, chosen):
                lost_att, lost_def = scorer.outcome(new, enemy)
                counts[lost_att, lost_def, spent] += w_own * w_enemy * w
    total = rules.sides ** (na + nd) * scorer.faces ** scorer.top
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}, decisions


def check_dice(rules: BattleRules, att_dice: object, def_dice: object,
               defenders: object) -> tuple[int, int, int]:
    """Validate the dice of one battle (C-ATK-2, C-ATK-3); returns (na, nd, defenders)."""
    na = check_whole("att_dice", att_dice, 1, rules.attacker_dice_max, "C-ATK-2")
    nd = check_whole("def_dice", def_dice, 1, rules.defender_dice_max, "C-ATK-3")
    if defenders is None:
        return na, nd, nd
    present = check_whole("defenders", defenders, minimum=1)
    if defence_dice(present, rules.defender_dice_max) != nd:
        raise InvalidArgumentError("def_dice must be "
                                   f"{defence_dice(present, rules.defender_dice_max)} "
                                   f"with {present} defenders (one die per army, at most "
                                   f"{rules.defender_dice_max}, C-ATK-3), got {nd}")
    return na, nd, present


def check_attackers(rules: BattleRules, na: int, attackers: object) -> bool:
    """Validate ``attackers`` (armies that may attack, default: the dice); returns all_in."""
    if attackers is None:
        return rules.all_in(na, na)
    count = check_whole("attackers", attackers, minimum=1)
    if count < na:
        raise InvalidArgumentError(f"att_dice must be at most attackers ({count}): one die "
                                   f"per attacking army (C-ATK-2), got {na}")
    return rules.all_in(na, count)


def roll_outcomes(att_dice: int, def_dice: int, *, defenders: int | None = None,
                  attackers: int | None = None, sides: int = SIDES, ties: Side | None = None,
                  attacker_dice_max: int = 3, defender_dice_max: int = 3,
                  terrain: Side | None = None, reroll: Reroll | None = None,
                  lone_defender_shield: bool = False) -> dict[Outcome, Fraction]:
    """Exact distribution of one battle: ``{(attacker losses, defender losses): Fraction}``.

    ``att_dice`` dice against ``def_dice`` dice (C-ATK-2, C-ATK-3), sorted and
    compared in pairs, ties to the defender (C-ATK-4). ``defenders`` is the
    number of armies on the target (default: ``def_dice``) and ``attackers``
    the number of armies that may attack (the territory holds one more;
    default: ``att_dice``). Both only matter with terrain knowledge: the
    attacker's extra loss is capped by the defenders, and never takes the
    last defender when the attacker loses all its attackers (nobody could
    move in); the defender's saving never protects a lone defender (S-TERRAIN-3
    revised; ``lone_defender_shield=True`` is the literal reading, the SMART
    rule setting). See :func:`warkit.dice.terrain_losses`.

    Options shared by all of :mod:`warkit.odds`: ``sides`` of the dice (2-12),
    ``ties`` (``"defender"`` or ``"attacker"``; default: the rules' choice),
    the most dice per side, ``terrain`` (which side has terrain knowledge,
    S-TERRAIN-2/3) and ``reroll`` (a :class:`Reroll`, S-REROLL-1: one card
    spent by one side, dice chosen by its policy).

    >>> roll_outcomes(1, 1)
    {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)}
    >>> roll_outcomes(3, 3, defenders=4, terrain="attacker")[(0, 4)]   # 6/6/6 kills 4
    Fraction(5957, 15552)
    >>> roll_outcomes(1, 1, terrain="attacker")        # 1 attacking army: it cannot empty
    {(0, 1): Fraction(7, 12), (1, 0): Fraction(5, 12)}
    >>> roll_outcomes(1, 1, attackers=4, terrain="attacker")   # more behind: it can
    {(0, 1): Fraction(7, 12), (1, 1): Fraction(5, 12)}
    >>> roll_outcomes(1, 1, terrain="defender")        # a lone defender gets no saving
    {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)}
    >>> roll_outcomes(1, 1, terrain="defender", lone_defender_shield=True)   # literally
    {(0, 0): Fraction(5, 12), (1, 0): Fraction(7, 12)}
    """
    rules = battle_rules(sides=sides, ties=ties, attacker_dice_max=attacker_dice_max,
                         defender_dice_max=defender_dice_max, terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    na, nd, present = check_dice(rules, att_dice, def_dice, defenders)
    all_in = check_attackers(rules, na, attackers)
    check_enumeration(rules, na, nd)
    cap = rules.cap(nd, present)
    if rules.reroll is None:
        return dict(plain_outcomes(rules, na, nd, cap, all_in))
    merged: dict[Outcome, Fraction] = defaultdict(Fraction)
    for (lost_att, lost_def, _), p in reroll_analysis(rules, na, nd, cap, all_in)[0].items():
        merged[lost_att, lost_def] += p
    return dict(sorted(merged.items()))


@dataclass(frozen=True)
class RerollChoice:
    """The best tactical regroup (S-REROLL-1) for one seen roll, and why.

    ``dice``: own dice to reroll (empty: keep the card, nothing helps);
    ``options``: every allowed choice -> expected (enemy losses - own losses);
    ``gain``: how much the chosen reroll improves on keeping the dice;
    ``outcomes``: ``{(attacker losses, defender losses): probability}`` after it.
    """

    dice: tuple[int, ...]
    gain: Fraction
    options: dict[tuple[int, ...], Fraction]
    outcomes: dict[Outcome, Fraction]


def _check_roll(name: str, dice: object, sides: int) -> Roll:
    try:
        values = tuple(cast(Iterable[Any], dice))
    except TypeError:
        raise WrongTypeError(f"{name} must be a sequence of 1 to 3 dice, got {dice!r}") from None
    if not 1 <= len(values) <= 3:
        raise InvalidArgumentError(f"{name} must hold 1 to 3 dice (C-ATK-2, C-ATK-3), "
                                   f"got {len(values)}")
    for value in values:
        check_whole(f"each die of {name}", value, 1, sides)
    return sort_dice([int(v) for v in values])


def choose_reroll(own: Sequence[int], enemy: Sequence[int], card: CardKind, *,
                  side: Side = "attacker", defenders: int | None = None,
                  attackers: int | None = None, terrain: Side | None = None,
                  lone_defender_shield: bool = False) -> RerollChoice:
    """Which of ``own`` dice to reroll with one ``card`` after seeing ``enemy`` (S-REROLL-1).

    ``own`` are the dice of ``side`` (the player spending the card), ``enemy``
    the other side's. The choice maximises the expected (enemy losses - own
    losses) of this battle, exactly, over every choice the card allows; it
    keeps the card when no reroll helps. ``defenders``, ``attackers``,
    ``terrain`` and ``lone_defender_shield`` as in :func:`roll_outcomes`.

    >>> choose_reroll((3, 1, 1), (2, 2), "non_controlled").dice
    (1,)
    """
    check_choice("card", card, ("non_controlled", "controlled", "joker"))
    reroll = Reroll(card, side=side)
    rules = battle_rules(terrain=terrain, reroll=reroll,
                         lone_defender_shield=lone_defender_shield)
    mine, theirs = _check_roll("own", own, SIDES), _check_roll("enemy", enemy, SIDES)
    att, dfn = (mine, theirs) if side == "attacker" else (theirs, mine)
    na, nd, present = check_dice(rules, len(att), len(dfn), defenders)
    all_in = check_attackers(rules, na, attackers)
    scorer = _Scorer(rules, na, nd, rules.cap(nd, present), all_in)
    scale = scorer.faces ** scorer.top
    options = {k: Fraction(v, scale) for k, v in scorer.options(mine, theirs).items()}
    chosen = scorer.choose(mine, theirs)
    outcomes: dict[Outcome, Fraction] = defaultdict(Fraction)
    for new, w in scorer.results(mine, chosen):
        outcomes[scorer.outcome(new, theirs)] += Fraction(w, scale)
    return RerollChoice(chosen, options[chosen] - options[()], options,
                        dict(sorted(outcomes.items())))
