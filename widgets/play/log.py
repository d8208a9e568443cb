"""The turn log of the dashboard: what each action did, as language-free events.

:func:`log_events` turns the engine's events of one step
(:func:`warkit.events.events`, the one stream the narration and the dice tray
read too) into :class:`LogEvent` values - a message key and its params (seats,
territory ids, card names, numbers) - never a sentence. :func:`render_event`
says an event in pt-BR or en through :func:`warkit_widgets.i18n.tr`, so the
whole log switches language with the rest of the page. This is the
translated cousin of :func:`warkit.narrate.describe` (whose lines are English
only).

Nothing secret is logged: drawn cards are never named (only that a card was
drawn), nor the cards discarded at the end of a SMART turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from warkit import Action, GameState, card_name, world_map
from warkit.events import (
    Advantage,
    BattleResult,
    CardDrawn,
    Conquest,
    Eliminated,
    Event,
    MoveIn,
    Placed,
    Reacted,
    Regrouped,
    Traded,
    Won,
)
from warkit.events import events as engine_events

from ..i18n import continent_name, territory_name
from .messages import tr

TERRITORY_KEYS = ("src", "dst", "territory")


@dataclass(frozen=True)
class LogEvent:
    """One line of the log: ``key`` of a message, its ``params``, and the action's index.

    Params named ``seat`` / ``loser`` are seats (shown as the player's name),
    ``src`` / ``dst`` / ``territory`` territory ids, ``cards`` card names,
    ``continents`` continent ids, ``attack`` / ``defence`` / ``dice`` dice.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    index: int = -1
    """Index of the action in the match (``-1``: not tied to an action)."""
    turn: int = 0
    kind: str = "line"
    """"turn" for a turn header, "line" for an event, "end" for the game's end."""


def turn_header(state: GameState, index: int) -> LogEvent:
    """The header of the turn that ``state`` opens (who plays, what they receive)."""
    seat = state.current
    income = state.reserves + sum(state.continent_reserves)
    return LogEvent("log.turn", {"round": state.round, "turn": state.turn, "seat": seat,
                                 "n": state.territory_count(seat), "income": income},
                    index, state.turn, "turn")


REGROUP_KEYS = {"move": "log.move", "alliance": "log.alliance_move",
                "airlift": "log.airlift_move"}
"""The log line of each step of the movement (``Regrouped.step``)."""
REACTION_KEYS = {"reveal": "log.reveal_terrain", "reroll": "log.reroll",
                 "rerolled": "log.rerolled"}
"""The log line of each reaction to a roll (``Reacted.kind``, S-TERRAIN-1, S-REROLL-1)."""


def _advantage(e: Advantage) -> tuple[str, dict[str, Any]]:
    """The log line of an advantage played (S-AIR-1, S-INTEL-1, S-ALLY-1, S-AIRLIFT-1,
    S-PASS-1, S-END-2): its key and params; an advantage of another rule set is told by
    its action."""
    action, seat = e.action, e.seat
    card = getattr(action, "card", None)
    keyword = action.keyword
    if keyword == "airattack":
        return "log.airattack", {"seat": seat, "card": card, "src": getattr(action, "src", "")}
    if keyword == "intelligence":
        return "log.intelligence", {"seat": seat,
                                    "continents": list(getattr(action, "continents", ()))}
    if keyword in ("alliance", "airlift"):
        return f"log.{keyword}", {"seat": seat, "card": card}
    if keyword == "reveal":  # outside a battle: the hidden passage
        return "log.passage", {"seat": seat, "card": card}
    if keyword == "discard":  # the card stays secret (S-END-2)
        return "log.discard", {"seat": seat}
    return "log.action", {"seat": seat, "action": str(action)}


def log_events(said: Sequence[Event], index: int, turn: int) -> list[LogEvent]:
    """The log lines of one action's engine events (:func:`warkit.events.events`), one line
    per event worth telling (chance steps and passes say nothing; a drawn card is never
    named, nor an automatic move-in at the game's end told twice)."""
    out: list[LogEvent] = []
    ids = world_map().ids

    def say(key: str, **params: Any) -> None:
        out.append(LogEvent(key, params, index, turn))

    for e in said:
        if isinstance(e, Traded):
            say("log.trade", seat=e.seat, cards=[card_name(c) for c in e.cards],
                armies=e.armies)
        elif isinstance(e, Placed):
            say("log.place", seat=e.seat, count=e.armies, territory=ids[e.territory])
        elif isinstance(e, Reacted):
            params: dict[str, Any] = {}
            if e.kind != "rerolled":  # the new dice are chance's, not a seat's choice
                params.update(seat=e.seat, card=None if e.card is None else card_name(e.card))
            if e.kind != "reveal":
                params["dice"] = list(e.dice)
            say(REACTION_KEYS[e.kind], **params)
        elif isinstance(e, BattleResult):
            say("log.battle", seat=e.seat, src=ids[e.src], dst=ids[e.dst],
                attack=list(e.attack), defence=list(e.defence), lost_att=e.lost_attacker,
                lost_def=e.lost_defender)
        elif isinstance(e, Conquest):
            say("log.conquered", seat=e.seat, dst=ids[e.territory])
        elif isinstance(e, Eliminated):
            say("log.eliminated", seat=e.seat, loser=e.loser)
        elif isinstance(e, MoveIn) and not e.automatic:
            say("log.occupy", seat=e.seat, count=e.armies, dst=ids[e.dst])
        elif isinstance(e, Regrouped):
            say(REGROUP_KEYS[e.step], seat=e.seat, count=e.armies, src=ids[e.src],
                dst=ids[e.dst])
        elif isinstance(e, CardDrawn):
            say("log.loot" if e.source == "loot" else "log.draw", seat=e.seat)
        elif isinstance(e, Advantage):
            key, params = _advantage(e)
            say(key, **params)
        elif isinstance(e, Won):
            out.append(LogEvent("log.over", {"winners": list(e.winners)}, index, turn, "end"))
    return out


def events(before: GameState, action: Action, after: GameState, index: int) -> list[LogEvent]:
    """The log lines of one action (``index`` in the match), from the engine's events."""
    return log_events(engine_events(before, action, after), index, before.turn)


def card_text(card: str, lang: str) -> str:
    """A card's name for the log: its territory, or "joker"."""
    if card.startswith("joker"):
        return tr("shape.joker", lang)
    return territory_name(card, lang)


def _join(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("log.and", lang) + items[-1]


def event_params(event: LogEvent, lang: str, names: Sequence[str]) -> dict[str, object]:
    """The event's params as display text in ``lang`` (``names``: the players' names); the
    count ``n`` of a plural message stays a number."""
    shown: dict[str, object] = {}
    for key, value in event.params.items():
        if key in ("seat", "loser"):
            shown[key] = names[value]
        elif key == "winners":
            shown[key] = _join([names[s] for s in value], lang)
        elif key in TERRITORY_KEYS and value:
            shown[key] = territory_name(value, lang)
        elif key == "card":
            shown[key] = card_text(value, lang)
        elif key == "cards":
            shown[key] = _join([card_text(c, lang) for c in value], lang)
        elif key == "continents":
            shown[key] = _join([continent_name(c, lang) for c in value], lang)
        elif key in ("attack", "defence", "dice"):
            shown[key] = "-".join(map(str, value))
        else:
            shown[key] = value if key == "n" else str(value)
    return shown


def render_event(event: LogEvent, lang: str, names: Sequence[str]) -> str:
    """One event as plain text in ``lang``."""
    return tr(event.key, lang, **event_params(event, lang, names))


REACTION_LINES = frozenset(REACTION_KEYS.values())


def battle_order(lines: Sequence[LogEvent]) -> list[LogEvent]:
    """One turn's lines as a reader follows them: the reactions to a roll (S-TERRAIN-1,
    S-REROLL-1) after the battle line they changed, and the rerolled dice with the name of
    who rerolled them ("Rafa rolou de novo: 4")."""
    out: list[LogEvent] = []
    held: list[LogEvent] = []
    seat = None
    for event in lines:
        if event.key in REACTION_LINES:
            if event.key == "log.rerolled" and seat is not None:
                event = LogEvent("log.rerolled_by", {"seat": seat, **event.params},
                                 event.index, event.turn, event.kind)
            seat = event.params.get("seat", seat)
            held.append(event)
            continue
        out.append(event)
        if event.key == "log.battle":
            out.extend(held)
            held, seat = [], None
    return out + held


def turn_groups(entries: Sequence[LogEvent]) -> list[list[LogEvent]]:
    """The entries cut into turns, each with its header first (the lines before the first
    header make a group of their own: the deal)."""
    groups: list[list[LogEvent]] = []
    for event in entries:
        if event.kind == "turn" or not groups:
            groups.append([])
        groups[-1].append(event)
    return [battle_order(group) for group in groups]


def log_html(entries: Sequence[LogEvent], lang: str, names: Sequence[str],
             colors: Sequence[str], limit: int = 200) -> str:
    """The newest ``limit`` entries as HTML, grouped by turn: the newest turn on top, each
    turn's header first and its lines in the order they happened (names are escaped)."""
    from warkit.render.svg import PLAYER_COLORS

    rows = []
    for group in reversed(turn_groups(entries[-limit:])):
        rows.append('<div class="wk-log-group">')
        for event in group:
            text = escape(render_event(event, lang, names))
            if event.kind == "turn":
                seat = event.params["seat"]
                dot = PLAYER_COLORS.get(colors[seat], "#888")
                rows.append(f'<div class="wk-log-turn"><span class="wk-dot" '
                            f'style="background:{dot}"></span>{text}</div>')
            else:
                rows.append(f'<div class="wk-log-{event.kind}">{text}</div>')
        rows.append("</div>")
    return '<div class="wk-log">' + "".join(rows) + "</div>"
