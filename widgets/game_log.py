"""The turn log of the dashboard: what each action did, as language-free events.

:func:`events` reads one step of a match (state before, action, state after)
and returns :class:`LogEvent` values - a message key and its params (seats,
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

from warkit import Action, Draw, GameState, Move, Occupy, Phase, Place, Trade
from warkit.narrate import BATTLE_STEPS
from warkit.worldmap import world_map

from . import play_messages  # noqa: F401  (registers the dashboard's messages)
from .controller import battle_record
from .i18n import continent_name, territory_name, tr

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
                                 "territories": state.territory_count(seat), "income": income},
                    index, state.turn, "turn")


def events(before: GameState, action: Action, after: GameState, index: int) -> list[LogEvent]:
    """The log lines of one action (often none: chance steps and passes say nothing)."""
    out: list[LogEvent] = []

    def say(key: str, **params: Any) -> None:
        out.append(LogEvent(key, params, index, before.turn))

    seat = before.current
    keyword = action.keyword
    ids = world_map().ids
    if before.phase is Phase.SETUP:
        return out
    if isinstance(action, Trade):
        say("log.trade", seat=seat, cards=list(action.cards),
            armies=(after.reserves + sum(after.continent_reserves))
            - (before.reserves + sum(before.continent_reserves)))
    elif isinstance(action, Place):
        say("log.place", seat=seat, count=action.armies, territory=action.territory)
    elif before.battle is not None and before.phase in BATTLE_STEPS:
        reactor = before.current_player if before.current_player >= 0 else seat
        if keyword == "reveal":
            say("log.reveal_terrain", seat=reactor, card=action.card)  # type: ignore[attr-defined]
        elif keyword == "reroll":
            say("log.reroll", seat=reactor, card=action.card,  # type: ignore[attr-defined]
                dice=list(action.dice))  # type: ignore[attr-defined]
        elif keyword == "rerolled":
            say("log.rerolled", dice=list(action.dice))  # type: ignore[attr-defined]
        if after.phase not in (Phase.REACT, Phase.REROLL):  # the battle resolves now
            b = before.battle
            record = battle_record(before, after)  # the one reading of a battle's losses
            say("log.battle", seat=seat, src=ids[b.src], dst=ids[b.dst],
                attack=list(record.attack), defence=list(record.defence),
                lost_att=record.lost_attacker, lost_def=record.lost_defender)
            if record.conquered:
                say("log.conquered", seat=seat, dst=ids[b.dst])
                loser = before.owner[b.dst]
                if not after.alive[loser]:
                    say("log.eliminated", seat=seat, loser=loser)
    elif isinstance(action, Occupy):
        b = before.battle
        say("log.occupy", seat=seat, count=action.armies, dst=ids[b.dst] if b else "")
    elif isinstance(action, Move):
        key = {Phase.ALLIANCE: "log.alliance_move", Phase.AIRLIFT: "log.airlift_move"}.get(
            before.phase, "log.move")
        say(key, seat=seat, count=action.armies, src=action.src, dst=action.dst)
    elif isinstance(action, Draw):
        say("log.loot" if before.phase is Phase.LOOT else "log.draw", seat=seat)
    elif keyword == "airattack":
        say("log.airattack", seat=seat, card=action.card, src=action.src)  # type: ignore
    elif keyword == "intelligence":
        conts = list(action.continents)  # type: ignore[attr-defined]
        say("log.intelligence", seat=seat, continents=conts)
    elif keyword == "alliance":
        say("log.alliance", seat=seat, card=action.card)  # type: ignore[attr-defined]
    elif keyword == "airlift":
        say("log.airlift", seat=seat, card=action.card)  # type: ignore[attr-defined]
    elif keyword == "reveal":
        say("log.passage", seat=seat, card=action.card)  # type: ignore[attr-defined]
    elif keyword == "discard":
        say("log.discard", seat=seat)
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        out.append(LogEvent("log.over", {"winners": list(after.winners)}, index, before.turn,
                            "end"))
    return out


def card_text(card: str, lang: str) -> str:
    """A card's name for the log: its territory, or "joker"."""
    if card.startswith("joker"):
        return tr("shape.joker", lang)
    return territory_name(card, lang)


def _join(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("log.and", lang) + items[-1]


def event_params(event: LogEvent, lang: str, names: Sequence[str]) -> dict[str, str]:
    """The event's params as display text in ``lang`` (``names``: the players' names)."""
    shown: dict[str, str] = {}
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
            shown[key] = str(value)
    return shown


def render_event(event: LogEvent, lang: str, names: Sequence[str]) -> str:
    """One event as plain text in ``lang``."""
    return tr(event.key, lang, **event_params(event, lang, names))


def log_html(entries: Sequence[LogEvent], lang: str, names: Sequence[str],
             colors: Sequence[str], limit: int = 200) -> str:
    """The newest ``limit`` entries as HTML, newest turn first (names are escaped)."""
    from warkit.render.svg import PLAYER_COLORS

    rows = []
    for event in reversed(entries[-limit:]):
        text = escape(render_event(event, lang, names))
        if event.kind == "turn":
            seat = event.params["seat"]
            dot = PLAYER_COLORS.get(colors[seat], "#888")
            rows.append(f'<div class="wk-log-turn"><span class="wk-dot" '
                        f'style="background:{dot}"></span>{text}</div>')
        else:
            rows.append(f'<div class="wk-log-{event.kind}">{text}</div>')
    return '<div class="wk-log">' + "".join(rows) + "</div>"
