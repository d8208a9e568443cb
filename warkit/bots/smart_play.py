"""SMART know-how shared by the bot levels: trades, cards, reactions, eliminations.

SMART (rules ``S-…``) changes what a good move is:

- the game ends at the first elimination (S-WIN-1): taking a player's last
  territory wins only if that colour is the objective (S-WIN-2) or if the
  conqueror then leads on territories, armies, cards (S-WIN-3); otherwise it
  hands the game to someone else (:func:`elimination_outcome`);
- every conquest draws a card (S-CONQ-2), trades are any 1..6 cards valued by
  their best split (S-TRADE-*, :func:`warkit.rules.smart.best_trade`) and a card is
  also an advantage: terrain knowledge (passive, the card comes back),
  tactical rerolls, air attacks, alliances, passages, airlifts (active, the
  card is spent); so cards are weighed against each other
  (:func:`card_keep_value`);
- after every roll both sides may react (:func:`react`): revealing the card
  of the attacked territory is free and strong for either side (a defender
  with terrain knowledge cannot lose its last army, S-TERRAIN-3), a reroll
  is worth its card when :func:`warkit.odds.choose_reroll` says the dice gain
  enough.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..actions import Action, Trade, card_index, card_name
from ..dice import battle_losses
from ..legal import LegalActions
from ..odds import choose_reroll
from ..rules.classic import ClassicRules
from ..rules.smart import Discard, Pass, Reroll, Reveal, card_kind
from ..rules.smart.tables import CardKind
from ..rules.terms import Side
from ..state import JOKERS
from ..view import PlayerView
from .evaluate import Board

CARD_VALUE = 2.5
"""Armies a card in hand is worth by default (a share of a future trade, or an advantage)."""


# -- cards --------------------------------------------------------------------------------------
def owned_by(view: PlayerView, seat: int | None) -> frozenset[int]:
    """The territories ``seat`` holds on the board ``view`` shows."""
    return frozenset(i for i, o in enumerate(view.owner) if o == seat)


def trade_armies(view: PlayerView, cards: tuple[int, ...],
                 owned: frozenset[int] | None = None) -> int:
    """Every army a trade of ``cards`` (card numbers) brings the viewer, as the rule set
    quotes it (SMART: the best split, the joker bonus and +2 on each owned card territory,
    S-TRADE-1..5)."""
    if owned is None:
        owned = owned_by(view, view.player)
    return _quote_total(view.rules, cards, owned.intersection(cards), view.trades)


@lru_cache(maxsize=1 << 14)
def _quote_total(rules: ClassicRules, cards: tuple[int, ...], owned_cards: frozenset[int],
                 trades: int) -> int:
    """The rule set's quote, memoised: a trade's value depends on the owned territories only
    through the traded cards' own territories (C-CARD-5, S-TRADE-4)."""
    return rules.trade_quote(cards, owned_cards, trades).total


def revealed_cards(view: PlayerView) -> frozenset[int]:
    """Cards revealed this turn (they serve no other advantage until the turn ends)."""
    extra = view.extra
    return frozenset(m.card for m in getattr(extra, "revealed", ()))


def terrain_side(view: PlayerView, target: int) -> Side | None:
    """Who has terrain knowledge of ``target`` this turn (S-TERRAIN-1), as the rule set
    reads the public marks (``None`` in a rule set without terrain cards)."""
    return view.rules.battle_rule(view, target).terrain


def card_keep_value(view: PlayerView, board: Board, card: int,
                    target: int | None = None) -> float:
    """What keeping ``card`` is worth to the viewer, in armies: a joker lifts any trade; the
    card of an own threatened territory makes it unconquerable for a turn (S-TERRAIN-3);
    the card of the hunted colour's territory opens an air attack on it (S-AIR-1)."""
    if card in JOKERS:
        return 6.0
    seat = board.seat
    o = view.owner[card]
    value = CARD_VALUE
    if o == seat:
        if board.enemies.get(card):
            value += min(4.0, board.threat(card) / 3)
    elif target is not None and o == target:
        value += 1.5
    return value


def choose_trade(view: PlayerView, legal: LegalActions, keep: Callable[[int], float],
                 hand_at_least: int = 1) -> Action | None:
    """The SMART trade (S-TRADE-1..5) that gains most over the keep value of its cards, or
    ``None`` when keeping the cards is better (or the hand is small)."""
    if len(view.hand) < hand_at_least:
        return None
    owned = owned_by(view, view.player)
    best: tuple[float, Action] | None = None
    for action in legal.families:
        if not isinstance(action, Trade):
            continue
        numbers = tuple(card_index(c) for c in action.cards)
        gain = trade_armies(view, numbers, owned) - sum(keep(c) for c in numbers)
        if best is None or gain > best[0]:
            best = (gain, action)
    if best is not None and best[0] > 0:
        return best[1]
    return None


def choose_discard(legal: LegalActions, keep: Callable[[int], float]) -> Action:
    """The end-of-turn discard (S-END-2): the card least worth keeping."""
    options = [a for a in legal.families if isinstance(a, Discard)]
    return min(options, key=lambda a: (keep(card_index(a.card)), a.card))


# -- the first elimination ends the game (S-WIN-1..3) ------------------------------------------
def elimination_outcome(view: PlayerView, board: Board, conqueror: int, victim: int) -> float:
    """What the game's end means for the viewer if ``conqueror`` takes ``victim``'s last
    territory now: 1 a win, a fraction a shared win, -1 a loss (the rule set's
    ``elimination_winners``, SMART's S-WIN-2 and S-WIN-3; the viewer knows only its own
    objective)."""
    objective = view.objective if conqueror == board.seat else None
    winners = view.rules.elimination_winners(view, conqueror, victim, objective) or ()
    if board.seat in winners:
        return 1.0 / len(winners)
    return -1.0


# -- reactions after a roll (S-TERRAIN-1..3, S-REROLL-1) ---------------------------------------
def react(view: PlayerView, legal: LegalActions, board: Board, keep: Callable[[int], float],
          *, reveal: bool = True, reroll: bool = True, stake: float = 1.0) -> Action:
    """Reveal the attacked territory's card when held (free, strong for either side), else
    reroll when the exact gain of the best reroll is worth the card, else pass.

    ``stake`` multiplies the value of a reroll's gain (a decisive battle is worth more)."""
    singles = legal.families
    if reveal:
        for action in singles:
            if isinstance(action, Reveal):
                return action
    if reroll and view.battle is not None and view.last_roll is not None:
        choice = best_reroll(view, legal, board, keep, stake)
        if choice is not None:
            return choice
    for action in singles:
        if isinstance(action, Pass):
            return action
    first = singles[0]
    return first if isinstance(first, Action) else first.make(first.low)


@lru_cache(maxsize=1 << 16)
def _reroll(own: tuple[int, ...], enemy: tuple[int, ...], kind: CardKind, side: Side,
            defenders: int, attackers: int, terrain: Side | None
            ) -> tuple[tuple[int, ...], float]:
    """(dice to reroll, exact gain) of :func:`warkit.odds.choose_reroll`, memoised: the key
    space is small (sorted rolls, and the armies only matter up to 4)."""
    choice = choose_reroll(own, enemy, kind, side=side,
                           defenders=defenders, attackers=attackers,
                           terrain=terrain)
    return choice.dice, float(choice.gain)


def best_reroll(view: PlayerView, legal: LegalActions, board: Board,
                keep: Callable[[int], float], stake: float = 1.0) -> Action | None:
    """The reroll whose exact gain (expected enemy minus own losses, times ``stake``) most
    exceeds the value of the card spent, or ``None``. Cards of one kind give the same
    reroll (S-REROLL-1), so each kind is worked out once and its cheapest card is spent."""
    side: Side = view.extra.reaction.side
    b, roll = view.battle, view.last_roll
    if b is None or roll is None:
        return None
    att, dfn = roll
    own, enemy = (att, dfn) if side == "attacker" else (dfn, att)
    rule = view.rules.battle_rule(view, b.dst)
    terrain = rule.terrain
    offered = {a for a in legal.families if isinstance(a, Reroll)}
    if not offered:
        return None
    seat = board.seat
    cheapest: dict[CardKind, tuple[float, int]] = {}
    for card in sorted({card_index(a.card) for a in offered}):
        kind = card_kind(card, card not in JOKERS and view.owner[card] == seat)
        cost = keep(card)
        if kind not in cheapest or cost < cheapest[kind][0]:
            cheapest[kind] = (cost, card)
    if terrain == "attacker":  # only then do the armies behind the dice matter
        defenders = min(view.armies[b.dst], 4)
        attackers = min(max(view.armies[b.src] - 1, 1), 4)
    else:
        defenders, attackers = len(dfn), len(att)
    lost_att, lost_def = battle_losses(att, dfn, ties=rule.ties)
    if (lost_att if side == "attacker" else lost_def) == 0:
        return None  # nothing lost: no reroll can do better
    best: tuple[float, Action] | None = None
    for kind, (cost, card) in sorted(cheapest.items()):
        try:
            dice, gain = _reroll(own, enemy, kind, side, defenders, attackers, terrain)
        except ValueError:
            continue
        if not dice:
            continue
        action = Reroll(card_name(card), dice)
        value = gain * stake - cost
        if action in offered and value > 0 and (best is None or value > best[0]):
            best = (value, action)
    return best[1] if best is not None else None


def battle_stake(view: PlayerView, board: Board, value: Callable[[int], float]) -> float:
    """How much more than its armies this battle matters: a lot when it may decide who holds
    the target (the defender is down to what the dice can take)."""
    b = view.battle
    if b is None:
        return 1.0
    defenders = view.armies[b.dst]
    if defenders <= min(3, b.attack_dice):
        return 1.0 + value(b.dst) / 3
    return 1.0


__all__ = [
    "CARD_VALUE",
    "battle_stake",
    "best_reroll",
    "card_keep_value",
    "choose_discard",
    "choose_trade",
    "elimination_outcome",
    "owned_by",
    "react",
    "revealed_cards",
    "terrain_side",
    "trade_armies",
]
