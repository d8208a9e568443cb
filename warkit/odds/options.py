"""The settings of a battle, checked once: dice, tie rule and SMART modifiers.

Every public function of :mod:`warkit.odds` takes the same keyword options
(``sides``, ``ties``, ``attacker_dice_max``, ``defender_dice_max``, ``terrain``,
``reroll``, ``lone_defender_shield``); :func:`battle_rules` checks them and
folds them into one small hashable :class:`BattleRules`, which is the cache
key of every table.
Bad input raises :class:`~warkit.errors.InvalidArgumentError` (a ``ValueError``; a
:class:`~warkit.errors.WrongTypeError`, also a ``TypeError``, for a value of the wrong kind)
naming the argument and the reason. Sizes are checked before anything is computed:
:data:`MAX_SIDES`, :data:`MAX_DICE_LIMIT`, :data:`MAX_ENUMERATED` (exact odds),
:data:`MAX_CARDS` (a reroll card supply); :mod:`warkit.odds.battle` and
:mod:`warkit.odds.simulate` add theirs.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Literal, cast

from ..dice import MAX_DICE, SIDES, TIES
from ..errors import InvalidArgumentError, WrongTypeError, describe
from ..rules.smart.tables import CARD_KINDS, CardKind

Side = Literal["attacker", "defender"]
SIDES_OF_BATTLE = ("attacker", "defender")
MAX_SIDES = 12
MAX_DICE_LIMIT = 6
MAX_ENUMERATED = 500_000
"""The most pairs of sorted rolls (attack, defence) an exact computation may enumerate: about
1.5 s and 200 MB (tests/bench/probe_bad_input.py). The game's dice need 6,889 for a whole
battle (3 against 3 six-sided dice, every smaller roll included); 12-sided dice allow 3
against 3, six-sided ones 5 against 5."""
MAX_CARDS = 44
"""The most cards a :class:`Reroll` supply may hold (the deck has 44)."""


#: A reroll policy: (own dice, enemy dice), both sorted high to low -> own dice to reroll.
Policy = Literal["best", "lowest"] | Callable[[tuple[int, ...], tuple[int, ...]], Sequence[int]]
POLICIES = ("best", "lowest")


def check_whole(name: str, value: object, minimum: int = 0, maximum: int | None = None,
                rule: str = "") -> int:
    """``value`` as an ``int`` if it is a whole number in range, else an
    :class:`~warkit.errors.InvalidArgumentError` (a :class:`~warkit.errors.WrongTypeError`
    when it is no whole number at all).

    ``bool`` is refused: ``True`` armies is a bug, not 1.
    """
    if type(value) is int and value >= minimum and (maximum is None or value <= maximum):
        return value                                             # the common case, fast
    where = f" ({rule})" if rule else ""
    if maximum is not None:
        wanted = f"a whole number from {minimum} to {maximum}{where}"
    elif minimum == 0:
        wanted = "a non-negative whole number"
    elif minimum == 1:
        wanted = "a positive whole number"
    else:
        wanted = f"a whole number of at least {minimum}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise WrongTypeError(f"{name} must be {wanted}, got {describe(value)}")
    value = int(value)
    if value < minimum or (maximum is not None and value > maximum):
        shown = value if abs(value) < 10**12 else f"a {len(str(abs(value)))}-digit number"
        raise InvalidArgumentError(f"{name} must be {wanted}, got {shown}")
    return value


def check_choice(name: str, value: object, allowed: Sequence[object]) -> None:
    """Refuse an unknown option with the list of known ones."""
    if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
        known = ", ".join(repr(a) for a in allowed)
        raise InvalidArgumentError(f"{name} must be one of {known}, got {describe(value)}")


@dataclass(frozen=True)
class Reroll:
    """A SMART tactical regroup (S-REROLL-1) by one side of the battle.

    After a roll, ``side`` discards a card of kind ``card`` to reroll some of
    its own dice; a rerolled die is uniform on ``minimum..6``:

    - ``"non_controlled"`` (card of a territory the player does not control):
      1 die, minimum 2;
    - ``"controlled"`` (card of a territory the player controls): 1 or 2 dice,
      minimum 3;
    - ``"joker"``: 1, 2 or 3 dice, minimum 4.

    ``policy`` chooses the dice after seeing both rolls: ``"best"`` (default)
    maximises the expected (enemy losses - own losses) of the battle, exactly,
    over every allowed choice, and keeps the card when nothing helps (among
    equally good choices: keep the card, else fewer dice, else the lower dice);
    ``"lowest"`` always spends the card on the lowest dice; a callable
    ``policy(own, enemy)`` gets both sorted rolls and returns the values of the
    own dice to reroll (empty: keep the card).

    ``cards`` only matters over whole battles: ``None`` means a card is at hand
    for every battle (roll); a number ``n`` means at most ``n`` cards for the
    whole attack, each spent the first time the policy wants one. A single
    roll uses at most one card.
    """

    card: CardKind
    side: Side = "attacker"
    policy: Policy = "best"
    cards: int | None = None

    def __post_init__(self) -> None:
        check_choice("reroll card", self.card, tuple(CARD_KINDS))
        check_choice("reroll side", self.side, SIDES_OF_BATTLE)
        if not callable(self.policy):
            check_choice("reroll policy", self.policy, POLICIES)
        if self.cards is not None:
            check_whole("reroll cards", self.cards, 1, MAX_CARDS)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice the card may reroll."""
        return CARD_KINDS[self.card][0]

    @property
    def minimum(self) -> int:
        """The lowest face a rerolled die can show."""
        return CARD_KINDS[self.card][1]


@dataclass(frozen=True)
class BattleRules:
    """Checked battle settings; the hashable cache key of every odds table.

    ``ties`` is the resolved tie rule: the attacker's terrain knowledge
    (S-TERRAIN-2) gives ties to the attacker, otherwise they go to the
    defender (C-ATK-4) unless a lesson asks for ``ties="attacker"``.
    ``lone_defender_shield`` is the SMART rule setting of S-TERRAIN-3: ``False``
    (the revised decision) never saves the target's last army, ``True`` (the
    literal reading) saves it too, so a lone defender never falls.
    """

    sides: int = SIDES
    ties: str = "defender"
    attacker_dice_max: int = MAX_DICE
    defender_dice_max: int = MAX_DICE
    terrain: Side | None = None
    reroll: Reroll | None = None
    lone_defender_shield: bool = False

    def without_reroll(self) -> BattleRules:
        """The same battle when no card is (any longer) at hand."""
        return BattleRules(self.sides, self.ties, self.attacker_dice_max,
                           self.defender_dice_max, self.terrain, None,
                           self.lone_defender_shield)

    @property
    def counts_defenders(self) -> bool:
        """Does a battle's outcome depend on the defenders present, beyond their dice?

        The attacker's terrain knowledge (S-TERRAIN-2: the extra loss is capped
        by the defenders) and the defender's, as revised (S-TERRAIN-3: a lone
        defender gets no saving) do; elsewhere tables are shared.
        """
        return self.terrain == "attacker" or (self.terrain == "defender"
                                              and not self.lone_defender_shield)

    def cap(self, def_dice: int, defenders: int) -> int:
        """The defenders present, as far as one battle's outcome can tell them apart.

        Only the attacker's terrain knowledge (+1 loss) can exceed the dice;
        then the loss is capped by the defenders present (S-TERRAIN-2). The
        defender's revised terrain knowledge (S-TERRAIN-3) tells a lone
        defender (1) from more. Other rules never lose more than ``def_dice``
        and never look at the defenders, so every ``defenders`` maps to the
        same key and tables are shared.
        """
        if self.counts_defenders:
            return min(defenders, def_dice + 1)
        return def_dice

    def all_in(self, att_dice: int, attackers: int) -> bool:
        """Does the attacker roll every army it may attack with (``attackers``)?

        Only matters with the attacker's terrain knowledge: losing all those
        dice leaves no army to move in, so the extra loss then never takes the
        defender's last army (the decision documented in
        :func:`warkit.dice.terrain_losses`). Elsewhere it is always False, so
        tables are shared.
        """
        return self.terrain == "attacker" and attackers <= att_dice


_CHECKED: dict[tuple[object, ...], BattleRules] = {}


def battle_rules(*, sides: int = SIDES, ties: str | None = None,
                 attacker_dice_max: int = MAX_DICE, defender_dice_max: int = MAX_DICE,
                 terrain: str | None = None, reroll: Reroll | None = None,
                 lone_defender_shield: bool = False) -> BattleRules:
    """Check the shared keyword options and fold them into a :class:`BattleRules`.

    Options already checked come from a small memo (only for plain ``int``
    dice settings and a plain ``bool`` shield, so ``sides=6.0`` is still
    refused even after ``sides=6``).
    """
    key = (sides, ties, attacker_dice_max, defender_dice_max, terrain, reroll,
           lone_defender_shield)
    if (type(sides) is int and type(attacker_dice_max) is int and type(defender_dice_max) is int
            and type(lone_defender_shield) is bool):
        try:
            rules = _CHECKED.get(key)
        except TypeError:                      # an unhashable option: let the checks say why
            return _check_rules(*key)
        if rules is None:
            rules = _check_rules(*key)
            if len(_CHECKED) < 1024:
                _CHECKED[key] = rules
        return rules
    return _check_rules(*key)


def _check_rules(sides: object, ties: object, attacker_dice_max: object, defender_dice_max: object,
                 terrain: object, reroll: object, lone_defender_shield: object) -> BattleRules:
    sides = check_whole("sides", sides, 2, MAX_SIDES)
    attacker_dice_max = check_whole("attacker_dice_max", attacker_dice_max, 1, MAX_DICE_LIMIT)
    defender_dice_max = check_whole("defender_dice_max", defender_dice_max, 1, MAX_DICE_LIMIT)
    if ties is not None:
        check_choice("ties", ties, TIES)
    check_choice("terrain", terrain, (None, *SIDES_OF_BATTLE))
    if terrain == "attacker":
        if ties == "defender":
            raise InvalidArgumentError("ties='defender' contradicts terrain='attacker': the "
                                       "attacker's terrain knowledge gives ties to the attacker "
                                       "(S-TERRAIN-2)")
        ties = "attacker"
    elif terrain == "defender":
        if ties == "attacker":
            raise InvalidArgumentError("ties='attacker' contradicts terrain='defender': with the "
                                       "defender's terrain knowledge ties stay with the defender "
                                       "(S-TERRAIN-3)")
        ties = "defender"
    elif ties is None:
        ties = "defender"
    if not isinstance(lone_defender_shield, bool):
        raise InvalidArgumentError("lone_defender_shield must be True or False (the "
                                   f"S-TERRAIN-3 rule setting), got {lone_defender_shield!r}")
    if reroll is not None:
        if not isinstance(reroll, Reroll):
            raise InvalidArgumentError(f"reroll must be a Reroll(...) or None, got {reroll!r}")
        if sides != SIDES or max(attacker_dice_max, defender_dice_max) > MAX_DICE:
            raise InvalidArgumentError("reroll needs the game's dice: sides=6 and at most 3 "
                                       "dice a side (S-REROLL-1 is stated for them)")
    return BattleRules(sides, cast(str, ties), attacker_dice_max, defender_dice_max,
                       cast("Side | None", terrain), reroll, lone_defender_shield)


def sorted_rolls(dice: int, sides: int) -> int:
    """How many sorted rolls ``dice`` dice of ``sides`` faces have (multisets: C(s + n - 1, n))."""
    return comb(sides + dice - 1, dice)


def check_enumeration(rules: BattleRules, att_dice: int | None = None,
                      def_dice: int | None = None) -> None:
    """Refuse exact odds that would enumerate more than :data:`MAX_ENUMERATED` pairs of rolls.

    One roll (``att_dice`` against ``def_dice``) enumerates its own pairs; a whole battle
    (no dice given) every smaller roll too, twice with terrain knowledge (the loss cap and
    the all-in case tell more rolls apart). Checked before anything is computed."""
    s = rules.sides
    if att_dice is not None and def_dice is not None:
        pairs = sorted_rolls(att_dice, s) * sorted_rolls(def_dice, s)
        what = f"{att_dice} against {def_dice} dice"
    else:
        pairs = (sum(sorted_rolls(k, s) for k in range(1, rules.attacker_dice_max + 1))
                 * sum(sorted_rolls(k, s) for k in range(1, rules.defender_dice_max + 1))
                 * (2 if rules.terrain else 1))
        what = (f"battles of up to {rules.attacker_dice_max} against "
                f"{rules.defender_dice_max} dice")
    if pairs > MAX_ENUMERATED:
        raise InvalidArgumentError(
            f"the odds of {what} with {s}-sided dice would enumerate {pairs:,} pairs of "
            f"rolls; the limit is {MAX_ENUMERATED:,} (the game's 3 against 3 six-sided dice "
            "need 6,889): use fewer dice or sides, or simulate_rolls / simulate_battles")
