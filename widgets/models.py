"""Pure-Python models behind the dice tray, the odds panel and the card hand.

Each is plain data computed by the engine (:mod:`warkit.dice`,
:mod:`warkit.odds`, :mod:`warkit.cards`), so tests check the numbers
without any widget and the widgets only turn them into HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from warkit import ClassicRules, PlayerView, Trade, card_name, world_map
from warkit.cards import card_shape, is_joker
from warkit.dice import battle_losses, sort_dice, terrain_losses
from warkit.odds import Reroll, expected_losses, final_distribution, win_probability, win_table
from warkit.rules.terms import BattleRule, Side

from .battle_terms import CLASSIC, CLASSIC_BATTLE, BattleTerms, Note
from .observable import Observable


# -- dice ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DicePair:
    """One comparison of C-ATK-4: the i-th highest attack die against the i-th highest defence."""

    attack: int
    defence: int
    winner: Side

    @property
    def tie(self) -> bool:
        return self.attack == self.defence


@dataclass(frozen=True)
class RerollShown:
    """One tactical regroup of the roll on the table (S-REROLL-1): ``side`` rerolled the
    dice ``old`` and got ``new``, each at least ``minimum``."""

    side: Side
    old: tuple[int, ...]
    new: tuple[int, ...]
    minimum: int


@dataclass(frozen=True)
class DiceComparison:
    """A roll sorted, paired and judged (C-ATK-4); ``attack``/``defence`` are sorted high to low.

    SMART: ``terrain`` is who had terrain knowledge (ties to the attacker and
    one more loss for the defender, S-TERRAIN-2; one fewer, S-TERRAIN-3), and
    ``dice_lost_defender`` what the dice alone said; ``rerolls`` are the
    tactical regroups that made these dice (S-REROLL-1); ``pending``: the
    sides may still react, so the losses are not final.
    """

    attack: tuple[int, ...]
    defence: tuple[int, ...]
    pairs: tuple[DicePair, ...]
    lost_attacker: int
    lost_defender: int
    terrain: Side | None = None
    dice_lost_defender: int | None = None
    rerolls: tuple[RerollShown, ...] = ()
    pending: bool = False

    @property
    def unpaired_attack(self) -> tuple[int, ...]:
        """Attack dice left out of the comparison (more attack dice than defence dice)."""
        return self.attack[len(self.pairs):]

    @property
    def unpaired_defence(self) -> tuple[int, ...]:
        return self.defence[len(self.pairs):]

    def rerolled(self, side: Side) -> tuple[int, ...]:
        """The values of ``side``'s dice that came from rerolls and are still on the table."""
        left: list[int] = []
        for r in self.rerolls:
            if r.side == side:
                for value in r.old:
                    if value in left:
                        left.remove(value)
                left.extend(r.new)
        return tuple(sorted(left, reverse=True))


def compare_dice(attack: Iterable[int], defence: Iterable[int], rule: BattleRule | None = None,
                 *, terrain: Side | None = None, defenders: int | None = None,
                 attackers: int | None = None, rerolls: Sequence[RerollShown] = (),
                 pending: bool = False) -> DiceComparison:
    """Sort both sides, pair them and judge each pair as the rule set does.

    ``rule`` is the battle's :class:`~warkit.rules.terms.BattleRule` from the rule set
    (``rules.battle_rule(board, dst)``): its dice, who wins ties, terrain knowledge and
    ``lone_defender_shield`` (:func:`warkit.dice.terrain_losses`), with ``defenders`` on the
    target (default: as many as the defence dice) and ``attackers`` that may attack. Without
    a rule: classic War's dice, with ``terrain`` (a lesson's shorthand) given to SMART's side.

    >>> compare_dice((1, 5, 4), (6, 1, 3)).lost_attacker   # the rule book's example (a)
    2
    >>> compare_dice((6, 6, 6), (6, 6, 6), terrain="attacker", defenders=5).lost_defender
    4
    """
    if terrain not in (None, "attacker", "defender"):
        raise ValueError(f"terrain is None, 'attacker' or 'defender', got {terrain!r}")
    if rule is None:
        rule = CLASSIC_BATTLE if terrain is None else BattleRule(
            ties="attacker" if terrain == "attacker" else "defender", terrain=terrain)
    elif terrain is not None:
        raise ValueError("give terrain knowledge in the battle rule or as terrain, not both")
    att, dfn = sort_dice(tuple(attack)), sort_dice(tuple(defence))
    for die in att + dfn:
        if isinstance(die, bool) or not isinstance(die, int | np.integer) \
                or not 1 <= die <= rule.sides:
            raise ValueError(f"a die shows 1 to {rule.sides}, got {die!r}")
    if not (1 <= len(att) <= rule.attack_dice_max and 1 <= len(dfn) <= rule.defence_dice_max):
        raise ValueError(f"the attacker rolls 1 to {rule.attack_dice_max} dice and the defender "
                         f"1 to {rule.defence_dice_max} (C-ATK-2, C-ATK-3), got {len(att)} "
                         f"and {len(dfn)}")
    ties, terrain = rule.ties, rule.terrain
    pairs = []
    for a, d in zip(att, dfn):
        lost_att, _ = battle_losses((a,), (d,), ties=ties)
        pairs.append(DicePair(int(a), int(d), "defender" if lost_att else "attacker"))
    lost_att, lost_def = battle_losses(att, dfn, ties=ties)
    by_dice = lost_def
    if terrain is not None:
        lost_att, lost_def = terrain_losses(lost_att, lost_def, terrain,
                                            len(dfn) if defenders is None else defenders,
                                            attackers=attackers,
                                            lone_defender_shield=rule.lone_defender_shield)
    return DiceComparison(tuple(int(a) for a in att), tuple(int(d) for d in dfn), tuple(pairs),
                          lost_att, lost_def, terrain, by_dice, tuple(rerolls), pending)


# -- odds ------------------------------------------------------------------------------------------
TABLE_MIN, TABLE_MAX = 10, 30


@dataclass(frozen=True)
class BattleOdds:
    """The exact odds of a whole attack (C-ATK-5), as the odds panel shows them.

    ``attackers`` are the armies that may attack (the territory holds one
    more, C-ATK-2); ``defenders`` the armies on the target. ``final`` lists
    the end states ``((attackers left, defenders left), probability)``;
    ``table[a, d]`` is the probability to conquer from ``a`` against ``d``.
    In SMART, ``terms`` are the modifiers the viewer knows; ``reroll`` is the
    tactical regroup counted (the viewer's best), ``notes`` say in words what
    was counted, and ``what_if`` is the probability if the viewer revealed the
    target's card (S-TERRAIN-1).
    """

    attackers: int
    defenders: int
    win: float
    expected_losses: tuple[float, float]
    final: tuple[tuple[tuple[int, int], float], ...]
    table: np.ndarray
    terms: BattleTerms = CLASSIC
    reroll: Reroll | None = None
    notes: tuple[Note, ...] = ()
    what_if: float | None = None

    @property
    def cell(self) -> tuple[int, int] | None:
        """The table cell of this attack, or ``None`` if it lies outside the table."""
        rows, cols = self.table.shape
        if 1 <= self.attackers < rows and 1 <= self.defenders < cols:
            return self.attackers, self.defenders
        return None


def odds_settings(rule: BattleRule) -> dict[str, Any]:
    """The settings of :mod:`warkit.odds` for a rule set's battle ``rule`` (its dice and
    SMART's ``lone_defender_shield``; terrain knowledge is given on its own)."""
    return {"sides": rule.sides, "attacker_dice_max": rule.attack_dice_max,
            "defender_dice_max": rule.defence_dice_max,
            "lone_defender_shield": rule.lone_defender_shield}


def best_reroll(attackers: int, defenders: int, terrain: Side | None,
                options: tuple[Reroll, ...], rule: BattleRule = CLASSIC_BATTLE
                ) -> tuple[Reroll | None, float]:
    """The reroll option best for its side (highest conquest chance for the attacker, lowest
    for the defender) and the conquest probability with it; ``None`` when there is none.
    ``rule`` is the rule set's battle rule (its dice, C-ATK-2/3, and settings)."""
    dice = odds_settings(rule)

    def win(reroll: Reroll | None) -> float:
        return float(win_probability(attackers, defenders, terrain=terrain, reroll=reroll,
                                     **dice))

    if not options:
        return None, win(None)
    scored = [(win(r), r) for r in options]
    sign = 1 if options[0].side == "attacker" else -1
    best, choice = max(scored, key=lambda pr: sign * pr[0])
    return choice, best


def _notes(terms: BattleTerms, reroll: Reroll | None) -> tuple[Note, ...]:
    """The applied modifiers in words, the reroll's note saying which cards were counted."""
    if reroll is None:
        return terms.applied
    words = (("kind", reroll.card), ("cards", reroll.cards), ("minimum", reroll.minimum),
             ("dice", (reroll.counts[0], reroll.counts[-1])))
    return tuple(Note(n.key, n.params + words, n.rule) if n.rule == "S-REROLL-1" else n
                 for n in terms.applied)


def battle_odds(attackers: int, defenders: int, *, table_min: int = TABLE_MIN,
                table_max: int = TABLE_MAX, terms: BattleTerms = CLASSIC) -> BattleOdds:
    """Odds of ``attackers`` (armies that may attack) against ``defenders``, from warkit.odds,
    with the SMART modifiers of ``terms`` (terrain knowledge, the viewer's best reroll).

    The table covers at least ``table_min`` armies a side and grows to show
    the current cell, up to ``table_max``.
    """
    for name, value in (("attackers", attackers), ("defenders", defenders)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    attackers, defenders = int(attackers), int(defenders)
    rows = min(max(table_min, attackers), table_max)
    cols = min(max(table_min, defenders), table_max)
    terrain = terms.terrain
    reroll, win = best_reroll(attackers, defenders, terrain, terms.rerolls, terms.rule)
    options = {"terrain": terrain, "reroll": reroll, **odds_settings(terms.rule)}
    final = final_distribution(attackers, defenders, **options)
    lost = expected_losses(attackers, defenders, **options)
    what_if = None
    if terms.what_if is not None:
        what_if = best_reroll(attackers, defenders, *terms.what_if, terms.rule)[1]
    return BattleOdds(attackers, defenders, win, (float(lost[0]), float(lost[1])),
                      tuple((k, float(p)) for k, p in final.items()),
                      win_table(rows, cols, **options), terms, reroll, _notes(terms, reroll),
                      what_if)


# -- cards -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HandContext:
    """What a trade's value depends on, besides the cards: from the player's own view."""

    owned: frozenset[int] = frozenset()
    """Territories the player owns (for the +2 territory bonus)."""
    trades: int = 0
    """Trades the whole game has seen (C-CARD-4)."""
    rules: ClassicRules = field(default_factory=ClassicRules)
    """The game's rule set (``view.rules``): it values the trade (its ``trade_quote`` hook)."""


@dataclass(frozen=True)
class TradeQuote:
    """The value of a selection of cards, or why it is not a trade.

    ``bonus`` lists ``(territory index, extra armies)``; ``note`` is a message
    key of :mod:`warkit_widgets.i18n` explaining an invalid selection, filled
    with ``note_args``.
    """

    cards: tuple[int, ...]
    valid: bool
    armies: int = 0
    bonus: tuple[tuple[int, int], ...] = ()
    note: str = ""
    groups: tuple[tuple[tuple[int, ...], int], ...] = ()
    """SMART: the best split, as (cards of a group, its value) (S-TRADE-1)."""
    joker_bonus: int = 0
    """SMART: +10 / +15 for the jokers in the trade (S-TRADE-5)."""
    note_args: tuple[tuple[str, object], ...] = ()
    """The placeholders of ``note`` (e.g. the number of cards a trade takes)."""

    @property
    def total(self) -> int:
        return self.armies + sum(extra for _, extra in self.bonus)


TradeValuer = Callable[[tuple[int, ...], HandContext], TradeQuote]
"""A value function for trades: cards (sorted card numbers) and context → quote.

The hand widget takes any such function; the default, :func:`trade_value`,
asks the rule set of the context, so every rule set plugs in without an edit.
"""


def trade_value(cards: tuple[int, ...], context: HandContext) -> TradeQuote:
    """The rule set's own quote (``rules.trade_quote``): classic War's set of 3 at the game's
    next value (C-CARD-2, C-CARD-4), +2 on owned card territories (C-CARD-5, once with
    ``card_bonus="once"``); SMART's best split of 1 to 6 cards (S-TRADE-1..5)."""
    rules = context.rules
    quote = rules.trade_quote(cards, context.owned, context.trades)
    if quote.valid:
        return TradeQuote(cards, True, quote.armies, quote.bonus, groups=quote.groups,
                          joker_bonus=quote.joker_bonus)
    if quote.problem == "count":
        sizes = rules.trade_sizes
        if len(sizes) == 1:
            return TradeQuote(cards, False, note="hand.need_count",
                              note_args=(("count", sizes[0]), ("rule", quote.rule)))
        return TradeQuote(cards, False, note="hand.count_range",
                          note_args=(("low", min(sizes)), ("high", max(sizes)),
                                     ("rule", quote.rule)))
    return TradeQuote(cards, False, note="hand.not_a_set" if quote.problem == "not_a_set"
                      else "hand.pick")


class HandController(Observable):
    """A hand of cards with a selection and the value of the selected trade (pure Python).

    Build it from the player's own view (:meth:`from_view`) so only that
    player's cards are ever shown. Listeners get ``{"selection"}`` or ``{"cards"}``.
    """

    def __init__(self, cards: Sequence[int | str] = (), context: HandContext | None = None, *,
                 valuer: TradeValuer = trade_value, player: str | None = None) -> None:
        super().__init__()
        self.valuer = valuer
        self.player = player
        self.context = context or HandContext()
        self._cards: tuple[int, ...] = ()
        self._selected: tuple[int, ...] = ()
        self.set_cards(cards, self.context)

    @classmethod
    def from_view(cls, view: PlayerView, *, valuer: TradeValuer = trade_value
                  ) -> HandController:
        """The viewer's own hand (``view.hand``) with its trade context (owned territories,
        the game's trades and its rule set, which values the trades by default)."""
        controller = cls(valuer=valuer, player=None if view.player is None
                         else view.colors[view.player])
        controller.update_view(view)
        return controller

    def update_view(self, view: PlayerView) -> None:
        """Show the hand of a newer view of the same player."""
        owned = frozenset(i for i, o in enumerate(view.owner) if o == view.player)
        self.set_cards(view.hand, HandContext(owned, view.trades, view.rules))

    @property
    def cards(self) -> tuple[int, ...]:
        return self._cards

    @property
    def selected(self) -> tuple[int, ...]:
        return self._selected

    def set_cards(self, cards: Sequence[int | str], context: HandContext | None = None) -> None:
        """Replace the hand (card numbers or names such as ``"brasil"``, ``"joker1"``)."""
        from warkit import card_index

        self._cards = tuple(sorted(c if isinstance(c, int) else card_index(c) for c in cards))
        if context is not None:
            self.context = context
        self._selected = tuple(c for c in self._selected if c in self._cards)
        self._notify("cards", "selection")

    def toggle(self, card: int | str) -> tuple[int, ...]:
        """Select or unselect one card of the hand."""
        from warkit import card_index

        c = card if isinstance(card, int) else card_index(card)
        if c not in self._cards:
            raise ValueError(f"{card_name(c)} is not in this hand")
        chosen = set(self._selected) ^ {c}
        self._selected = tuple(sorted(chosen))
        self._notify("selection")
        return self._selected

    def clear(self) -> None:
        self._selected = ()
        self._notify("selection")

    @property
    def quote(self) -> TradeQuote:
        """The value of the selected cards under :attr:`valuer`."""
        return self.valuer(self._selected, self.context)

    def trade_action(self) -> Trade | None:
        """The engine action for the selected trade, if it is one."""
        if not self.quote.valid:
            return None
        return Trade(tuple(card_name(c) for c in self._selected))


def card_label(card: int) -> tuple[str | None, str | None]:
    """``(shape, territory id)`` of a card; ``(None, None)`` for a joker."""
    if is_joker(card):
        return None, None
    return card_shape(card), world_map().territories[card].id
