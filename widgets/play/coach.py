"""The coach for learners: for the decision at hand, the move the strongest computer player
would make, its exact odds and one sentence of why (pure Python, no widgets).

:func:`advise` asks the bot named by :data:`COACH_BOT` (``warkit.bots.make``) with the
player's own :func:`warkit.view` only - the coach knows what the player knows, never the
others' cards or objectives - and explains its choice from the same view: an attack's
exact chance to conquer (:mod:`warkit.odds`, with the SMART modifiers the player may
know, as the odds panel counts them) and what taking the target does (completes or breaks
a continent, eliminates a player, earns the turn's card); a placement's attack it prepares
or the border it guards; a trade's value. The :class:`Hint` keeps territory indices and
numbers; :meth:`Hint.text` says it in a language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import warkit
from warkit import (
    Action,
    Attack,
    EndPhase,
    GamePhase,
    Move,
    Occupy,
    Phase,
    Place,
    PlayerView,
    Trade,
)
from warkit.rules.smart import AirAttack

from ..battle_terms import battle_terms
from ..controller import HintKind, HintMark
from ..i18n import continent_name, fmt_percent, normalize_lang, territory_name
from ..models import HandController, best_reroll
from .messages import tr

COACH_BOT = "hard"
"""The computer player the coach asks: the strongest level (the lead switches it to
"expert" when that level lands in :mod:`warkit.bots`)."""
GOOD_ODDS = 0.5
"""A placement next to an enemy territory "prepares an attack" when the attack it makes
possible conquers at least this often; otherwise it "guards the border"."""


Why = tuple[str, tuple[tuple[str, Any], ...]]
"""A reason: a message key and its parameters (territories and continents as indices,
players as seats, probabilities as floats), said by :meth:`Hint.text`."""


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one decision: the action, what to draw, the exact chance (an
    attack's), and why."""

    seat: int
    action: Action
    key: str
    """The sentence's message key (``coach.attack``, ``coach.place``...)."""
    params: tuple[tuple[str, Any], ...] = ()
    why: Why | None = None
    src: int | None = None
    dst: int | None = None
    cards: tuple[int, ...] = ()
    """The card set to trade (highlighted in the hand)."""
    chance: float | None = None
    """The exact probability to conquer, for an attack."""

    def mark(self) -> HintMark | None:
        """What the map draws in the hint's own style: an arrow for an attack or a move,
        a ring on a placement's territory; nothing for a trade (its cards are picked in the
        hand) or the end of a step."""
        if self.src is not None and self.dst is not None:
            kind: HintKind = "attack" if isinstance(self.action, Attack | AirAttack) else "move"
            return HintMark(kind, (self.src, self.dst))
        if self.dst is not None:
            return HintMark("place", (self.dst,))
        return None

    def text(self, lang: str, names: Sequence[str]) -> str:
        """The advice in a sentence, in ``lang`` (``names``: the players' names)."""
        params = _said(dict(self.params), lang, names)
        if self.why is not None:
            params["why"] = tr(self.why[0], lang, **_said(dict(self.why[1]), lang, names))
        return tr(self.key, lang, **params)


def _said(params: dict[str, Any], lang: str, names: Sequence[str]) -> dict[str, Any]:
    """Parameters in words: territories, continents, players, chances, an option's words."""
    if isinstance(params.get("action"), tuple):
        params["action"] = dict(params["action"])[normalize_lang(lang)]
    for key in ("src", "dst"):
        if key in params:
            params[key] = territory_name(params[key], lang)
    if "continent" in params:
        params["continent"] = continent_name(params["continent"], lang)
    if "player" in params:
        params["player"] = names[params["player"]]
    if "chance" in params:
        params["chance"] = fmt_percent(params["chance"], lang, 0)
    return params


def advise(view: PlayerView, legal: warkit.LegalActions, *, level: str = COACH_BOT,
           seed: int = 0) -> Hint:
    """The coach's hint for ``view``'s player, whose decision is pending (``legal``: its
    legal actions); raises ValueError when the decision is not theirs."""
    if view.player is None or view.current_player != view.player:
        raise ValueError("the coach advises the player whose decision it is, from their view")
    action = warkit.bots.make(level, seed=seed).choose(view, legal)
    return explain(view, action)


def explain(view: PlayerView, action: Action) -> Hint:
    """A :class:`Hint` for ``action`` in ``view``: what to draw and why."""
    seat = view.player
    assert seat is not None
    index = view.map.index
    if isinstance(action, Attack | AirAttack):
        src = index(action.src)
        dst = index(action.card if isinstance(action, AirAttack) else action.dst)
        chance = conquest_chance(view, src, dst, view.armies[src] - 1)
        return Hint(seat, action, "coach.attack", (("src", src), ("dst", dst),
                                                   ("chance", chance)),
                    _why_attack(view, src, dst), src, dst, chance=chance)
    if isinstance(action, Place):
        dst = index(action.territory)
        return Hint(seat, action, "coach.place", (("n", action.armies), ("dst", dst)),
                    _why_place(view, dst, action.armies), dst=dst)
    if isinstance(action, Trade):
        cards = tuple(warkit.card_index(c) for c in action.cards)
        hand = HandController.from_view(view)
        for card in cards:
            hand.toggle(card)
        return Hint(seat, action, "coach.trade", (("value", hand.quote.total),), cards=cards)
    if isinstance(action, Occupy) and view.battle is not None:
        src, dst = view.battle.src, view.battle.dst
        left = view.armies[src] - action.armies
        return Hint(seat, action, "coach.occupy", (("n", action.armies), ("dst", dst)),
                    ("coach.why.leave", (("n", left), ("src", src))), src, dst)
    if isinstance(action, Move):
        src, dst = index(action.src), index(action.dst)
        why: Why = (("coach.why.front", (("src", src), ("dst", dst)))
                    if _enemies(view, dst) and not _enemies(view, src)
                    else ("coach.why.reserve", ()))
        return Hint(seat, action, "coach.move",
                    (("n", action.armies), ("src", src), ("dst", dst)), why, src, dst)
    if isinstance(action, EndPhase):
        ends: dict[GamePhase, str] = {Phase.ATTACK: "coach.end.attack",
                                      Phase.MOVE: "coach.end.move",
                                      Phase.TRADE: "coach.end.trade"}
        key = ends.get(view.phase, "coach.end")
        return Hint(seat, action, key)
    from .html import option_text  # SMART's options and reactions, as the options panel says

    words = tuple((lang, option_text(action, view, lang)) for lang in ("pt", "en"))
    return Hint(seat, action, "coach.other", (("action", words),))


def conquest_chance(view: PlayerView, src: int, dst: int, attackers: int) -> float:
    """The exact probability that ``attackers`` armies from ``src`` conquer ``dst``
    attacking until it falls (C-ATK-5), with the modifiers the viewer knows (as the odds
    panel counts them: terrain knowledge, the viewer's best reroll)."""
    if attackers < 1:
        return 0.0
    terms = battle_terms(view, src, dst)
    return best_reroll(attackers, view.armies[dst], terms.terrain, terms.rerolls,
                       terms.rule)[1]


def _enemies(view: PlayerView, t: int) -> list[int]:
    """The enemy territories bordering ``t``."""
    me = view.owner[t]
    return [n for n in view.map.adjacency[t] if view.owner[n] != me]


def _why_attack(view: PlayerView, src: int, dst: int) -> Why:
    me, owner = view.player, view.owner[dst]
    if view.territory_count(owner) == 1:
        return "coach.why.eliminate", (("player", owner),)
    wmap = view.map
    cont = wmap.continent_of[dst]
    members = wmap.continent_members[cont]
    bonus = wmap.continents[cont].bonus
    if all(view.owner[t] == me for t in members if t != dst):
        return "coach.why.complete", (("continent", cont), ("bonus", bonus))
    if all(view.owner[t] == owner for t in members):
        return "coach.why.break", (("player", owner), ("continent", cont), ("bonus", bonus))
    goal = _objective_reason(view, owner, cont)
    if goal is not None:
        return goal
    if not view.conquered:
        return "coach.why.card", ()
    return "coach.why.weak", (("n", view.armies[dst]),)


def _objective_reason(view: PlayerView, owner: int, continent: int) -> Why | None:
    """How taking a territory of ``continent`` from ``owner`` serves the player's own
    objective (its secret, seen only by that player): the player to destroy, a continent to
    take, territories to count."""
    if view.objective is None:
        return None
    goal = view.map.objective(view.objective)
    if goal.kind == "destroy" and goal.color == view.colors[owner]:
        return "coach.why.destroy", (("player", owner),)
    if goal.kind == "continents" and view.map.continents[continent].id in goal.continents:
        return "coach.why.objective", (("continent", continent),)
    if goal.kind == "territories":
        return "coach.why.count", (("count", goal.count),)
    return None


def _why_place(view: PlayerView, t: int, armies: int) -> Why:
    enemies = _enemies(view, t)
    if not enemies:
        return "coach.why.reserve", ()
    attackers = view.armies[t] + armies - 1
    chances = {e: conquest_chance(view, t, e, attackers) for e in enemies}
    best = max(enemies, key=lambda e: (chances[e], -e))
    if chances[best] >= GOOD_ODDS:
        return "coach.why.prepare", (("dst", best), ("chance", chances[best]))
    threat = max(enemies, key=lambda e: (view.armies[e], -e))
    return "coach.why.guard", (("dst", threat), ("n", view.armies[threat]),
                               ("player", view.owner[threat]))


def hints_html(game: Any, lang: str) -> str:
    """The end screen's line: how many hints each human asked for (nothing when hints
    were off). ``game``: a :class:`~warkit_widgets.play.controller.GameController`."""
    if not game.coach_allowed:
        return ""
    asked = game.hint_counts()
    counts = ", ".join(f"{game.names[s]} {asked[s]}" for s in game.humans)
    return f'<p class="wk-hints">{escape(tr("end.hints", lang, counts=counts))}</p>'


__all__ = ["COACH_BOT", "Hint", "advise", "conquest_chance", "explain",
           "hints_html"]
