"""RandomBot's SMART decisions: trades that keep some cards, occasional advantages, reactions.

:func:`choose_smart` answers the SMART-only choices and returns ``None`` for
everything the classic RandomBot logic handles (placing, land attacks,
occupying, regrouping). The weights keep games short and still exercise
every advantage:

- trade the best-valued set of 2+ cards, keeping 2 cards for reactions
  (always at 5+ cards, else half the time); Intelligence now and then;
- air attack a wanted target from a strong territory now and then;
- react: the attacker reveals terrain knowledge half the time, the
  defender a third of the time; either side rerolls when the exact odds
  (:func:`warkit.odds.choose_reroll`) say it gains half an army or more,
  checked a third of the time; otherwise pass;
- in the movement step, sometimes an alliance, an airlift or a passage;
- discard at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from ..actions import Action, EndPhase, Move, Trade, card_index
from ..legal import ActionRange, LegalActions
from ..odds import RerollChoice, choose_reroll
from ..rules.smart import (
    AirAttack,
    Airlift,
    Alliance,
    Discard,
    Intelligence,
    Pass,
    Reroll,
    Reveal,
    card_kind,
)
from ..rules.smart.tables import CardKind
from ..rules.terms import Side
from ..state import JOKERS
from ..view import PlayerView
from ..worldmap import world_map
from .targets import objective_targets

KEEP_FOR_REACTIONS = 2
KIND_ORDER: tuple[CardKind, ...] = ("non_controlled", "controlled", "joker")


def _front(view: PlayerView, territory: int) -> bool:
    seat = view.current
    return any(view.owner[j] != seat for j in world_map().adjacency[territory])


class Player(Protocol):
    """What these choices use of the random bot: its dice and the attack under way."""

    rng: random.Random
    _engaged: tuple[int, str, str] | None


def choose_smart(bot: Player, view: PlayerView, legal: LegalActions) -> Action | None:
    """The bot's SMART choice, or ``None`` to let the classic logic decide."""
    decision = view.rules.phase_info(view.phase).decision  # the rule set names the step
    if decision == "trade":
        return _trade(bot, view, legal)
    if decision == "react":
        return _react(bot, view, legal)
    if decision == "attack":
        return _air_attack(bot, view, legal)
    if decision == "regroup":
        return _advantage(bot, legal)
    if decision in ("alliance", "airlift"):
        return _shift(bot, view, legal)
    if decision == "discard":
        return bot.rng.choice([a for a in legal.families if isinstance(a, Discard)])
    return None


def _trade(bot: Player, view: PlayerView, legal: LegalActions) -> Action:
    rng, families = bot.rng, legal.families
    intel = [a for a in families if isinstance(a, Intelligence)]
    if intel and rng.random() < 0.15:
        return rng.choice(intel)
    tradable = len(view.hand) - view.extra.intel_count
    owned = frozenset(i for i, o in enumerate(view.owner) if o == view.current)
    trades = [a for a in families if isinstance(a, Trade)
              and 2 <= len(a.cards) <= tradable - KEEP_FOR_REACTIONS]
    if trades and (tradable >= 5 or rng.random() < 0.5):
        def worth(t: Trade) -> int:
            cards = tuple(card_index(c) for c in t.cards)
            return view.rules.trade_quote(cards, owned, view.trades).total
        return max(trades, key=lambda t: (worth(t), rng.random()))
    return EndPhase()


def _air_attack(bot: Player, view: PlayerView, legal: LegalActions) -> Action | None:
    rng = bot.rng
    if rng.random() >= 0.3:
        return None
    m, armies = world_map(), view.armies
    wanted = objective_targets(view)
    options = []
    for family in legal.families:
        if isinstance(family, ActionRange) and isinstance(family.largest, AirAttack):
            attack = family.largest
            target, src = card_index(attack.card), m.index(attack.src)
            if target in wanted and armies[src] - 1 >= 1.5 * armies[target]:
                options.append(attack)
    if not options:
        return None
    choice = rng.choice(options)
    bot._engaged = (view.turn, choice.src, choice.card)
    return choice


def _react(bot: Player, view: PlayerView, legal: LegalActions) -> Action:
    rng, families = bot.rng, legal.families
    side = view.extra.reaction.side
    reveal = [a for a in families if isinstance(a, Reveal)]
    if reveal and rng.random() < (0.5 if side == "attacker" else 0.33):
        return reveal[0]
    rerolls = [a for a in families if isinstance(a, Reroll)]
    if rerolls and rng.random() < 0.33:
        best = _useful_reroll(view, side, rerolls)
        if best is not None:
            return best
    return Pass()


def _useful_reroll(view: PlayerView, side: Side, rerolls: Sequence[Reroll]) -> Reroll | None:
    """The cheapest card whose best reroll gains at least half an army, by the exact odds."""
    battle, roll = view.battle, view.last_roll
    if battle is None or roll is None:
        return None
    att, dfn = roll
    own, enemy = (att, dfn) if side == "attacker" else (dfn, att)
    seat = view.player
    terrain = view.rules.battle_rule(view, battle.dst).terrain
    by_kind: dict[CardKind, list[Reroll]] = {}
    for action in rerolls:
        card = card_index(action.card)
        controlled = card not in JOKERS and view.owner[card] == seat
        by_kind.setdefault(card_kind(card, controlled), []).append(action)
    for kind in KIND_ORDER:
        if kind not in by_kind:
            continue
        # only the first 4 armies of either side can change a battle's odds (the cap of the
        # attacker's terrain knowledge, whether the attacker rolls all it has): cache on that
        choice = _best_reroll(own, enemy, kind, side, terrain,
                              min(view.armies[battle.dst], 4), min(view.armies[battle.src] - 1, 4))
        if choice.dice and choice.gain >= 0.5:
            for action in by_kind[kind]:
                if action.dice == choice.dice:
                    return action
    return None


@lru_cache(maxsize=4096)
def _best_reroll(own: tuple[int, ...], enemy: tuple[int, ...], kind: CardKind, side: Side,
                 terrain: Side | None, defenders: int, attackers: int) -> RerollChoice:
    return choose_reroll(own, enemy, kind, side=side, terrain=terrain,
                         defenders=defenders, attackers=attackers)


def _advantage(bot: Player, legal: LegalActions) -> Action | None:
    rng = bot.rng
    for kind, chance in ((Alliance, 0.05), (Airlift, 0.05), (Reveal, 0.03)):
        options = [a for a in legal.families if isinstance(a, kind)]
        if options and rng.random() < chance:
            return rng.choice(options)
    return None


def _shift(bot: Player, view: PlayerView, legal: LegalActions) -> Action:
    """One useful shift (interior to front) half the time, else finish the sub-step."""
    if bot.rng.random() < 0.5:
        return EndPhase()
    m = world_map()
    shifts = [f.largest for f in legal.families if isinstance(f, ActionRange)]
    useful = [s for s in shifts if isinstance(s, Move) and not _front(view, m.index(s.src))
              and _front(view, m.index(s.dst))]
    if not useful:
        return EndPhase()
    return max(useful, key=lambda s: (s.armies, bot.rng.random()))
