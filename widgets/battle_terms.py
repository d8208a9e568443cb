"""What one viewer knows about the SMART modifiers of an attack (pure Python, no widgets).

The odds panel and the dice tray of a SMART game must count only what the
player looking at the screen may know (:func:`warkit.view`):

- a terrain card revealed on the target (S-TERRAIN-1): by the attacker, ties
  go to the attacker and the defender loses one more (S-TERRAIN-2); by the
  target's owner, the defender loses one fewer (S-TERRAIN-3);
- the viewer's own cards for tactical regroups (S-REROLL-1) on the viewer's
  side of the battle (cards not revealed this turn, S-TERM-2, and not the one
  an air attack spends), as :class:`warkit.odds.Reroll` options;
- an air attack (S-AIR-1): battles as usual, its card is spent;
- the viewer's own card of the target, not yet revealed: what revealing it
  would give (a "what if", not applied);
- the other side's hidden cards: said in words, never guessed.

:func:`battle_terms` turns a view and an attack into :class:`BattleTerms`;
:mod:`warkit_widgets.models` computes the odds with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from warkit import JOKERS, PlayerView, world_map
from warkit.odds import Reroll
from warkit.rules.smart import card_kind
from warkit.rules.terms import BattleRule

Side = Literal["attacker", "defender"]
CLASSIC_BATTLE = BattleRule()
"""Classic War's battle rule (C-ATK-2..4): the default where no rule set's is given."""
KIND_ORDER = ("joker", "controlled", "non_controlled")
"""Card kinds from the strongest (S-REROLL-1): a stronger card can do all a weaker one can."""


@dataclass(frozen=True)
class Note:
    """One sentence of the odds panel: a message key of :mod:`warkit_widgets.i18n`, its
    parameters (territory indices under ``dst``/``src``) and the rule it cites."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rule: str = ""


@dataclass(frozen=True)
class BattleTerms:
    """The SMART modifiers of one attack as the viewer knows them.

    ``terrain`` and ``rerolls`` go into :mod:`warkit.odds` (``rerolls`` are
    candidates for the viewer's cards: the odds use the best one for the
    viewer); ``what_if`` is the terrain a card in the viewer's hand could still
    give, with the rerolls left then; ``applied`` and ``unknown`` are said in
    words (what the numbers count, what they cannot).
    """

    terrain: Side | None = None
    rerolls: tuple[Reroll, ...] = ()
    what_if: tuple[Side, tuple[Reroll, ...]] | None = None
    applied: tuple[Note, ...] = ()
    unknown: tuple[Note, ...] = ()
    viewer_side: Side | None = None
    target: int | None = None
    rule: BattleRule = CLASSIC_BATTLE
    """The rule set's battle rule for the target (``rules.battle_rule``): its dice (C-ATK-2/3;
    a variant may differ) and settings such as SMART's ``lone_defender_shield``."""

    @property
    def dice_max(self) -> tuple[int, int]:
        """The most attack and defence dice of the rule set (C-ATK-2/3)."""
        return self.rule.attack_dice_max, self.rule.defence_dice_max

    @property
    def plain(self) -> bool:
        """No modifier at all (classic War, or a SMART attack without any)."""
        return not (self.terrain or self.rerolls or self.what_if is not None or self.applied
                    or self.unknown)


CLASSIC = BattleTerms()


def terrain_of(view: PlayerView, dst: int) -> Side | None:
    """Who has terrain knowledge of ``dst`` this turn, as the rule set judges the battle
    (``view.rules.battle_rule``, S-TERRAIN-1); ``None`` under rules without terrain cards."""
    return view.rules.battle_rule(view, dst).terrain


def is_air_attack(view: PlayerView, src: int, dst: int) -> bool:
    """Does ``src`` → ``dst`` go over borders (S-AIR-1: a card spent, or a route opened)?"""
    return dst not in world_map().adjacency[src]


def reroll_options(view: PlayerView, cards: tuple[int, ...], side: Side) -> tuple[Reroll, ...]:
    """Reroll options for ``cards`` held by the viewer (S-REROLL-1), one per kind held: kind
    ``k`` counts every card at least as strong as ``k`` (a joker can do what any card does)."""
    kinds = [card_kind(c, c not in JOKERS and view.owner[c] == view.player) for c in cards]
    options = []
    for k, kind in enumerate(KIND_ORDER):
        if kind in kinds:
            count = sum(1 for held in kinds if KIND_ORDER.index(held) <= k)
            options.append(Reroll(kind, side=side, cards=count))
    return tuple(options)


def battle_terms(view: PlayerView, src: int, dst: int) -> BattleTerms:
    """The modifiers of the attack ``src`` → ``dst`` (selected or being fought) that
    ``view``'s player may know; :data:`CLASSIC` under rules without terrain cards (classic
    War: no modifier a card could bring)."""
    rule = view.rules.battle_rule(view, dst)
    if not view.rules.terrain_cards or view.extra is None:
        return CLASSIC if rule == CLASSIC.rule else BattleTerms(rule=rule)
    attacker, defender = view.current, view.owner[dst]
    side: Side | None = ("attacker" if view.player == attacker else
                         "defender" if view.player == defender else None)
    terrain = rule.terrain
    applied: list[Note] = []
    if terrain is not None:
        applied.append(Note(f"odds.mod.terrain.{terrain}", (("dst", dst),),
                            "S-TERRAIN-2" if terrain == "attacker" else "S-TERRAIN-3"))
    air_card = None
    if is_air_attack(view, src, dst):
        opened = (src, dst) in view.extra.air_routes
        air_card = None if opened or view.battle is not None else dst
        applied.append(Note("odds.mod.air.open" if air_card is None else "odds.mod.air.card",
                            (("dst", dst),), "S-AIR-1"))
    rerolls: tuple[Reroll, ...] = ()
    what_if = None
    if side is not None:
        marked = {m.card for m in view.extra.revealed}
        usable = tuple(c for c in view.hand if c not in marked and c != air_card)
        rerolls = reroll_options(view, usable, side)
        if rerolls:
            applied.append(Note(f"odds.mod.reroll.{side}", (("n", len(usable)),), "S-REROLL-1"))
        if terrain is None and dst in usable:
            what_if = (side, reroll_options(view, tuple(c for c in usable if c != dst), side))
    unknown = _hidden_sides(view, side, attacker, defender, dst, terrain)
    return BattleTerms(terrain, rerolls, what_if, tuple(applied), unknown, side, dst, rule)


def _hidden_sides(view: PlayerView, side: Side | None, attacker: int, defender: int, dst: int,
                  terrain: Side | None) -> tuple[Note, ...]:
    """What the sides the viewer is not on could still do with cards the viewer cannot see."""
    notes = []
    for other, seat in (("attacker", attacker), ("defender", defender)):
        if other == side:
            continue
        marked = sum(1 for m in view.extra.revealed if m.seat == seat)
        hidden = view.hand_sizes[seat] - marked
        if hidden <= 0:
            continue
        # The target's card may be in that hand unless the viewer sees it elsewhere.
        may_reveal = terrain is None and dst not in view.hand and not any(
            m.card == dst for m in view.extra.revealed)
        key = f"odds.unknown.{other}" + (".terrain" if may_reveal else "")
        notes.append(Note(key, (("n", hidden), ("dst", dst)),
                          "S-TERRAIN-1" if may_reveal else "S-REROLL-1"))
    return tuple(notes)

