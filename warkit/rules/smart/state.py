"""SMART's part of a game state (``state.extra``): what a turn's advantages leave behind.

Everything here lives for one turn at most (the next turn starts from
:data:`EMPTY`): revealed cards (S-TERM-2), the open air route of the current
attack (S-AIR-1), the attacks counted against the round's limit (S-LIMIT-1,
S-TERM-1), whether the turn's one trade was made (S-TRADE-1), the cards drawn
by Intelligence (S-INTEL-2), the reaction window after a roll and a pending
reroll (S-REROLL-1), pending card draws (S-INTEL-1, S-CONQ-2) and the
alliance / airlift sub-steps (S-ALLY-1, S-AIRLIFT-1).

It is saved as readable JSON (:func:`extra_to_dict` / :func:`extra_from_dict`,
names not numbers) and shown to players through :func:`public_view`: revealed
cards are public, hands and the identity of Intelligence cards are not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...actions import card_index, card_name
from ...errors import InvalidActionError
from ...state import GamePhase, GameState, Phase
from ...worldmap import world_map

SIDES = ("attacker", "defender")
USES = ("terrain", "passage")
DIRECTIONS = ("from", "to")


@dataclass(frozen=True)
class Mark:
    """A revealed card: ``seat`` holds it face up for ``use`` (terrain or passage) this turn."""

    card: int
    seat: int
    use: str


@dataclass(frozen=True)
class Reaction:
    """The reaction window after a roll: whose turn to react and how many passed in a row.
    The dice are the state's ``last_roll``."""

    side: str
    passes: int = 0


@dataclass(frozen=True)
class PendingReroll:
    """A reroll waiting for its dice: ``side`` keeps ``kept`` and rerolls ``count`` dice,
    each at least ``minimum`` (S-REROLL-1)."""

    side: str
    kept: tuple[int, ...]
    count: int
    minimum: int


@dataclass(frozen=True)
class SmartExtra:
    """SMART's per-turn state (see the module docstring)."""

    revealed: tuple[Mark, ...] = ()
    air_routes: tuple[tuple[int, int], ...] = ()
    attacks: int = 0
    last_attack: tuple[int, int] | None = None
    intelligence_used: bool = False
    traded: bool = False
    """The turn's one trade was made (S-TRADE-1)."""
    intel_cards: tuple[int, ...] = ()
    reaction: Reaction | None = None
    reroll: PendingReroll | None = None
    draws: int = 0
    after_draw: GamePhase | None = None
    alliance: int | None = None
    """Continent index of an alliance sub-step."""
    airlift: int | None = None
    """Territory of an airlift sub-step."""
    airlift_direction: str | None = None

    def but(self, **changes: Any) -> SmartExtra:
        """A copy with some fields replaced (fast, like :func:`warkit.state.evolve`)."""
        new = object.__new__(SmartExtra)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def marked(self, card: int) -> Mark | None:
        for mark in self.revealed:
            if mark.card == card:
                return mark
        return None

    def with_mark(self, card: int, seat: int, use: str) -> SmartExtra:
        return self.but(revealed=tuple(sorted((*self.revealed, Mark(card, seat, use)),
                                                   key=lambda m: m.card)))


EMPTY = SmartExtra()


@dataclass(frozen=True)
class SmartView:
    """What a player may see of :class:`SmartExtra` (``PlayerView.extra`` in SMART games)."""

    revealed: tuple[Mark, ...]
    air_routes: tuple[tuple[int, int], ...]
    attacks: int
    attack_limit: int | None
    last_attack: tuple[int, int] | None
    reaction: Reaction | None
    reroll: PendingReroll | None
    draws: int
    alliance: int | None
    airlift: int | None
    airlift_direction: str | None
    intel_count: int
    """How many cards the active player drew by Intelligence this turn."""
    intel_cards: tuple[int, ...]
    """Which they are: shown to the active player only."""
    traded: bool = False
    """The active player made the turn's one trade (S-TRADE-1)."""


def public_view(state: GameState, player: int | None, attack_limit: int | None) -> SmartView:
    x: SmartExtra = state.extra
    own = player is not None and player == state.current
    new = object.__new__(SmartView)  # built like warkit.view.view: one per bot decision
    new.__dict__.update(
        revealed=x.revealed, air_routes=x.air_routes, attacks=x.attacks,
        attack_limit=attack_limit, last_attack=x.last_attack, reaction=x.reaction,
        reroll=x.reroll, draws=x.draws, alliance=x.alliance, airlift=x.airlift,
        airlift_direction=x.airlift_direction, intel_count=len(x.intel_cards),
        intel_cards=x.intel_cards if own else (), traded=x.traded)
    return new


def extra_from_public(view: Any, fill: Callable[[int, int], tuple[int, ...]]) -> SmartExtra:
    """A :class:`SmartExtra` whose :func:`public_view` is ``view.extra`` for ``view``'s viewer
    (:func:`warkit.mirror.mirror_state`). The identity of another player's Intelligence cards
    comes from ``fill(seat, count)``; what the view leaves out is worked out: a draw step
    with a battle pending follows a conquest (S-CONQ-2), one without follows Intelligence
    (S-INTEL-1), and Intelligence was used this turn if it drew or is drawing cards."""
    x: SmartView = view.extra
    own = view.player is not None and view.player == view.current
    intel = x.intel_cards if own else fill(view.current, x.intel_count)
    after: GamePhase | None = None
    if view.phase is Phase.DRAW:
        after = Phase.OCCUPY if view.battle is not None else Phase.TRADE
    return SmartExtra(
        revealed=x.revealed, air_routes=x.air_routes, attacks=x.attacks,
        last_attack=x.last_attack, intelligence_used=bool(intel) or after is Phase.TRADE,
        traded=x.traded, intel_cards=tuple(sorted(intel)), reaction=x.reaction,
        reroll=x.reroll, draws=x.draws, after_draw=after, alliance=x.alliance,
        airlift=x.airlift, airlift_direction=x.airlift_direction)


# -- JSON ---------------------------------------------------------------------------------------
def extra_to_dict(state: GameState) -> dict[str, Any]:
    x: SmartExtra = state.extra
    return {**_turn_to_dict(x, state.colors), "intelligence_used": x.intelligence_used,
            "after_draw": None if x.after_draw is None else x.after_draw.value}


def public_view_to_dict(x: SmartView, colors: tuple[str, ...]) -> dict[str, Any]:
    """A :class:`SmartView` as JSON-safe data, every field of it (the seat records' and the
    room server's views: :func:`warkit.seat_record.view_to_dict`)."""
    return {**_turn_to_dict(x, colors), "attack_limit": x.attack_limit,
            "intel_count": x.intel_count}


def _turn_to_dict(x: SmartExtra | SmartView, colors: tuple[str, ...]) -> dict[str, Any]:
    """The fields :class:`SmartExtra` and :class:`SmartView` share, names not numbers."""
    ids = world_map().ids
    r, p = x.reaction, x.reroll
    return {
        "revealed": [{"card": card_name(m.card), "seat": colors[m.seat], "use": m.use}
                     for m in x.revealed],
        "air_routes": [[ids[a], ids[b]] for a, b in x.air_routes],
        "attacks": x.attacks,
        "last_attack": None if x.last_attack is None else [ids[t] for t in x.last_attack],
        "traded": x.traded,
        "intel_cards": [card_name(c) for c in x.intel_cards],
        "reaction": None if r is None else {"side": r.side, "passes": r.passes},
        "reroll": None if p is None else {"side": p.side, "kept": list(p.kept),
                                          "count": p.count, "minimum": p.minimum},
        "draws": x.draws,
        "alliance": None if x.alliance is None else world_map().continents[x.alliance].id,
        "airlift": None if x.airlift is None else ids[x.airlift],
        "airlift_direction": x.airlift_direction,
    }


class _Fields:
    """Strict reading of the extra dict: every problem is a ValueError naming the field."""

    def __init__(self, data: Any, where: str = "smart extra") -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be an object, got {type(data).__name__}")
        self.data, self.where = data, where

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise ValueError(f"{self.where}: missing field {key!r}")
        return self.data[key]

    def natural(self, key: str, low: int = 0, high: int | None = None) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < low \
                or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise ValueError(f"{self.where}: {key} must be a whole number {bound}, got {value!r}")
        return value

    def choice(self, key: str, allowed: tuple[Any, ...], optional: bool = False) -> Any:
        value = self.get(key)
        if value is None and optional:
            return None
        if value not in allowed:
            raise ValueError(f"{self.where}: {key} must be one of {', '.join(map(str, allowed))}, "
                             f"got {value!r}")
        return value


def _card(name: Any, where: str) -> int:
    if not isinstance(name, str):
        raise ValueError(f"{where}: a card is named by text, got {name!r}")
    try:
        return card_index(name)
    except InvalidActionError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _territory(name: Any, where: str) -> int:
    try:
        return world_map().index(name)
    except (KeyError, TypeError):
        raise ValueError(f"{where}: unknown territory {name!r}") from None


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{where} must be a [from, to] pair of territories, got {value!r}")
    return _territory(value[0], where), _territory(value[1], where)


def _dice(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value):
        raise ValueError(f"{where} must be a list of dice from 1 to 6, got {value!r}")
    return tuple(sorted(value, reverse=True))


def extra_from_dict(state: GameState, data: Any) -> SmartExtra:
    """Read back :func:`extra_to_dict`; raises ValueError with a clear message on bad data."""
    f = _Fields(data)
    colors = state.colors
    known = {"revealed", "air_routes", "attacks", "last_attack", "intelligence_used", "traded",
             "intel_cards", "reaction", "reroll", "draws", "after_draw", "alliance", "airlift",
             "airlift_direction"}
    unknown = set(f.data) - known
    if unknown:
        raise ValueError(f"smart extra: unknown fields {sorted(unknown)}")
    marks = []
    revealed = f.get("revealed")
    if not isinstance(revealed, list):
        raise ValueError("smart extra: revealed must be a list")
    for k, item in enumerate(revealed):
        m = _Fields(item, f"smart extra revealed[{k}]")
        marks.append(Mark(_card(m.get("card"), m.where), colors.index(m.choice("seat", colors)),
                          m.choice("use", USES)))
    if len({m.card for m in marks}) != len(marks):
        raise ValueError("smart extra: a card is revealed twice")
    routes = f.get("air_routes")
    if not isinstance(routes, list):
        raise ValueError("smart extra: air_routes must be a list")
    intel = f.get("intel_cards")
    if not isinstance(intel, list):
        raise ValueError("smart extra: intel_cards must be a list of card names")
    for flag in ("intelligence_used", "traded"):
        if not isinstance(f.get(flag), bool):
            raise ValueError(f"smart extra: {flag} must be true or false")
    reaction = None
    if f.get("reaction") is not None:
        r = _Fields(f.get("reaction"), "smart extra reaction")
        reaction = Reaction(r.choice("side", SIDES), r.natural("passes", 0, 1))
    reroll = None
    if f.get("reroll") is not None:
        p = _Fields(f.get("reroll"), "smart extra reroll")
        kept = _dice(p.get("kept"), "smart extra reroll kept")
        reroll = PendingReroll(p.choice("side", SIDES), kept, p.natural("count", 1, 3),
                               p.natural("minimum", 1, 6))
    after = f.choice("after_draw", (Phase.TRADE.value, Phase.OCCUPY.value), optional=True)
    continents = tuple(c.id for c in world_map().continents)
    alliance = f.choice("alliance", continents, optional=True)
    airlift = f.get("airlift")
    return SmartExtra(
        revealed=tuple(sorted(marks, key=lambda m: m.card)),
        air_routes=tuple(_pair(r, "smart extra air_routes") for r in routes),
        attacks=f.natural("attacks"),
        last_attack=None if f.get("last_attack") is None
        else _pair(f.get("last_attack"), "smart extra last_attack"),
        intelligence_used=f.get("intelligence_used"), traded=f.get("traded"),
        intel_cards=tuple(_card(c, "smart extra intel_cards") for c in intel),
        reaction=reaction, reroll=reroll, draws=f.natural("draws"),
        after_draw=None if after is None else state.rules.phase_named(after),
        alliance=None if alliance is None else continents.index(alliance),
        airlift=None if airlift is None else _territory(airlift, "smart extra airlift"),
        airlift_direction=f.choice("airlift_direction", DIRECTIONS, optional=True),
    )
