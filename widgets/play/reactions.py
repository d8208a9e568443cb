"""Which SMART reactions help after a roll, best first (pure Python, no widgets).

After the dice of a SMART battle, the attacker and then the defender may react
(S-REROLL-1 tactical regroup, S-TERRAIN-1 terrain knowledge) or pass. The dashboard
offers only the reactions that help *this* battle, ordered by how much they help,
and passes by itself when none does (a card kept is worth more than a wasted one):

- revealing terrain knowledge helps when it changes this battle's losses (judged as the
  engine judges them, :func:`~warkit_widgets.models.compare_dice`); it can still be
  revealed after a later roll of the turn;
- a reroll's value is its exact expected gain, (enemy losses - own losses) after the
  reroll minus before (:func:`warkit.odds.choose_reroll`); rerolling a die that won its
  pair, such as a 6, never helps and is never offered first.

Everything here is computed from the reacting player's own :class:`~warkit.PlayerView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from warkit import JOKERS, Action, LegalActions, PlayerView, card_index
from warkit.odds import choose_reroll
from warkit.rules.smart import card_kind
from warkit.rules.terms import Side

from ..battle_terms import KIND_ORDER
from ..models import compare_dice


@dataclass(frozen=True)
class RankedReaction:
    """A reaction and what it is worth in this battle, in armies (expected)."""

    action: Action
    gain: Fraction
    rule: str
    kind: str = ""
    """The card's reroll strength (S-REROLL-1) for a reroll; ``""`` for a reveal."""

    @property
    def helps(self) -> bool:
        return self.gain > 0


def _side(view: PlayerView) -> Side:
    return "attacker" if view.player == view.current else "defender"


def _balance(view: PlayerView, side: str, revealed: Side | None = None) -> int:
    """(enemy losses - own losses) of the dice on the table for ``side``, judged by the rule
    set's battle rule (``revealed``: as if that side revealed the target's card now)."""
    b, roll = view.battle, view.last_roll
    if b is None or roll is None:  # reactions follow a roll in a battle: nothing to judge
        return 0
    attack, defence = roll
    rule = view.rules.battle_rule(view, b.dst, revealed)
    judged = compare_dice(attack, defence, rule, defenders=view.armies[b.dst],
                          attackers=max(view.armies[b.src] - 1, 1))
    if side == "attacker":
        return judged.lost_defender - judged.lost_attacker
    return judged.lost_attacker - judged.lost_defender


@lru_cache(maxsize=4096)
def _reroll_options(own: tuple[int, ...], enemy: tuple[int, ...], kind: str, side: str,
                    defenders: int, attackers: int, terrain: str | None,
                    lone_defender_shield: bool) -> dict[tuple[int, ...], Fraction]:
    choice = choose_reroll(own, enemy, kind, side=side,  # type: ignore[arg-type]
                           defenders=defenders, attackers=attackers,
                           terrain=terrain,  # type: ignore[arg-type]
                           lone_defender_shield=lone_defender_shield)
    keep = choice.options[()]
    return {tuple(sorted(d, reverse=True)): v - keep for d, v in choice.options.items()}


def rank_reactions(view: PlayerView, legal: LegalActions) -> list[RankedReaction]:
    """Every reaction offered to ``view``'s player now, the most useful first (ties: the
    weaker card first, so the stronger one is kept); empty outside a reaction."""
    if view.battle is None or view.last_roll is None or view.player is None:
        return []
    side = _side(view)
    b = view.battle
    rule = view.rules.battle_rule(view, b.dst)
    terrain = rule.terrain
    attack, defence = view.last_roll
    own, enemy = (attack, defence) if side == "attacker" else (defence, attack)
    base = _balance(view, side)
    ranked: list[RankedReaction] = []
    for action in legal:
        if action.keyword == "reveal" and terrain is None:
            gain = Fraction(_balance(view, side, side) - base)
            ranked.append(RankedReaction(action, gain, "S-TERRAIN-1"))
        elif action.keyword == "reroll":
            card = card_index(action.card)  # type: ignore[attr-defined]
            kind = card_kind(card, card not in JOKERS and view.owner[card] == view.player)
            options = _reroll_options(tuple(own), tuple(enemy), kind, side,
                                      min(view.armies[b.dst], 4),
                                      min(max(view.armies[b.src] - 1, 1), 4), terrain,
                                      rule.lone_defender_shield)
            dice = tuple(sorted(action.dice, reverse=True))  # type: ignore[attr-defined]
            ranked.append(RankedReaction(action, options.get(dice, Fraction(0)),
                                         "S-REROLL-1", kind))
    ranked.sort(key=lambda r: (-r.gain, -KIND_ORDER.index(r.kind) if r.kind else 0))
    return ranked


def useful_reactions(view: PlayerView, legal: LegalActions) -> list[RankedReaction]:
    """The reactions that help, best first, one per card (its best choice of dice)."""
    seen: set[str] = set()
    out = []
    for ranked in rank_reactions(view, legal):
        card = getattr(ranked.action, "card", "")
        if ranked.helps and card not in seen:
            seen.add(card)
            out.append(ranked)
    return out
