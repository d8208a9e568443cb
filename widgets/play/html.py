"""HTML of the dashboard's panels: pure functions of a :class:`warkit.PlayerView` and the seats.

Players, the viewer's secret objective, the armies to place, SMART options in
words, the pass-the-device screen and the victory screen. Names typed by
players are always escaped. Only what the view holds is shown: the
objectives of others appear only in the view of a finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from warkit import Action, PlayerView, card_index, world_map
from warkit.render.svg import PLAYER_COLORS, readable_text_color
from warkit.rules.smart import card_kind, intelligence_draws, reroll_terms

from ..controller import BattleRecord
from ..i18n import continent_name, territory_name
from .config import HUMAN, Seat
from .layout import PLAY_STYLE
from .log import card_text
from .messages import tr


def dot(color: str) -> str:
    return f'<span class="wk-dot" style="background:{PLAYER_COLORS.get(color, "#888")}"></span>'


def kind_text(seat: Seat, lang: str) -> str:
    if seat.kind == HUMAN:
        return tr("setup.kind.human", lang)
    return tr(f"setup.kind.{seat.kind}", lang)


def players_html(view: PlayerView, seats: Sequence[Seat], lang: str) -> str:
    """Everyone's public numbers; the player whose turn it is is highlighted."""
    rows = []
    for s, seat in enumerate(seats):
        css = "wk-current" if s == view.current and not view.is_terminal else ""
        if not view.alive[s]:
            css = "wk-out"
        stats = tr("play.stats", lang, territories=view.territory_count(s),
                   armies=tr("play.count.armies", lang, n=view.army_count(s)),
                   cards=tr("play.count.cards", lang, n=view.hand_sizes[s]))
        rows.append(f'<tr class="{css}" data-seat="{s}"><td>{dot(seat.color)}'
                    f'{escape(seat.name)}</td><td>{escape(kind_text(seat, lang))}</td>'
                    f"<td>{escape(stats)}</td></tr>")
    return (f'{PLAY_STYLE}<div class="wk-panel"><h4>{escape(tr("play.players", lang))}</h4>'
            f'<table class="wk-players">{"".join(rows)}</table></div>')


def objective_text(objective: str | None, lang: str) -> str:
    return "" if objective is None else world_map().objective(objective).text(lang)


def secret_html(view: PlayerView, seats: Sequence[Seat], lang: str,
                online: bool = False) -> str:
    """The viewer's own objective, or a note that secrets are hidden (``online``: a room's
    spectator, who never takes the device)."""
    if view.player is None:
        note = tr("play.no_secret.online" if online else "play.no_secret", lang)
        return f'{PLAY_STYLE}<div class="wk-panel wk-secret">{escape(note)}</div>'

    seat = seats[view.player]
    title = tr("play.objective_of", lang, player=seat.name)
    return (f'{PLAY_STYLE}<div class="wk-panel wk-secret"><h4>{dot(seat.color)}'
            f'{escape(title)}</h4>{escape(objective_text(view.objective, lang))}</div>')


def reserves_html(view: PlayerView, lang: str) -> str:
    """Armies left to place: anywhere, and continent bonuses (C-REINF-2)."""
    parts = [tr("play.reserves", lang, free=view.reserves)]
    for k, n in enumerate(view.continent_reserves):
        if n:
            parts.append(tr("play.reserves.continent", lang, count=n,
                            continent=continent_name(k, lang)))
    return f'{PLAY_STYLE}<div class="wk-status">{escape(" · ".join(parts))}</div>'


def battle_html(battle: BattleRecord | None, lang: str) -> str:
    """The losses of the last battle as the rules counted them (SMART modifiers included)."""
    if battle is None:
        return ""
    text = tr("map.battle", lang, src=territory_name(battle.src, lang),
              dst=territory_name(battle.dst, lang), att=battle.lost_attacker,
              dfn=battle.lost_defender)
    return f'{PLAY_STYLE}<div class="wk-result">{escape(text)}</div>'


def option_text(action: Action, view: PlayerView, lang: str) -> str:
    """A SMART option (an advantage, a reaction, a discard) in words, with its rule."""
    k = action.keyword
    m = world_map()
    card = getattr(action, "card", None)
    shown = card_text(card, lang) if isinstance(card, str) else ""
    if k == "intelligence":
        conts = action.continents  # type: ignore[attr-defined]
        draws = intelligence_draws(m.continent(c).bonus for c in conts)
        names = " + ".join(continent_name(c, lang) for c in conts)
        return tr("opt.intelligence", lang, continents=names, n=draws)
    if k == "airattack":
        return tr("opt.airattack", lang, dst=shown,
                  src=territory_name(action.src, lang))  # type: ignore[attr-defined]
    if k == "reveal":
        return tr("opt.terrain" if view.battle is not None else "opt.passage", lang, card=shown)
    if k == "reroll" and isinstance(card, str):
        index = card_index(card)
        controlled = index < len(view.owner) and view.owner[index] == view.current_player
        _, minimum = reroll_terms(card_kind(index, controlled))
        dice = ", ".join(map(str, action.dice))  # type: ignore[attr-defined]
        return tr("opt.reroll", lang, card=shown, dice=dice, minimum=minimum)
    if k == "alliance" and isinstance(card, str):
        return tr("opt.alliance", lang, card=shown,
                  continent=continent_name(m.continent_of[m.index(card)], lang))
    if k in ("airlift", "discard", "pass"):
        return tr(f"opt.{k}", lang, card=shown)
    return str(action)


def handoff_html(player: str, color: str, why: str, lang: str) -> str:
    """The pass-the-device screen: nothing secret, only whose turn it is."""
    return (f'{PLAY_STYLE}<div class="wk-handoff"><div class="wk-big">{dot(color)}'
            f'{escape(tr("play.handoff.title", lang, player=player))}</div>'
            f'<div>{escape(tr("play.handoff.text", lang, player=player, why=why))}</div></div>')


def end_note(view: PlayerView) -> tuple[str, dict[str, object]] | None:
    """Why the rule set's end picked the winners of a finished game
    (``view.rules.end_decision``), as a message key and its params: the eliminator's own
    objective (S-WIN-2) or the first tie-break that separated the field (S-WIN-3);
    ``None`` when an objective was met (C-WIN-1: the title says it all)."""
    decision = view.rules.end_decision(view)
    if decision is None or decision.kind == "objective":
        return None
    if decision.kind == "eliminator":
        return "over.eliminator", {"seat": decision.seat}
    return "over.tiebreak", {"criterion": decision.criterion or "shared"}


def over_html(view: PlayerView, seats: Sequence[Seat], lang: str) -> str:
    """The victory screen: winners, everyone's objective revealed, SMART's deciding rule."""
    winners = set(view.winners)
    names = [seats[s].name for s in sorted(winners)]
    title = (tr("play.over.one", lang, player=names[0]) if len(names) == 1
             else tr("play.over.shared", lang, players=", ".join(names)))
    note = ""
    decided = end_note(view)
    if decided is not None:
        key, params = decided
        if key == "over.eliminator":
            seat = params["seat"]
            note = tr(key, lang, player=seats[seat].name if isinstance(seat, int) else "")
        else:
            note = tr(key, lang, criterion=tr(f"over.criterion.{params['criterion']}", lang))
    objectives = view.revealed_objectives or (None,) * len(seats)
    labels = {c: escape(tr(f"over.col.{c}", lang))
              for c in ("player", "territories", "armies", "cards", "objective")}
    head = "".join(f"<th>{label}</th>" for label in labels.values())

    def cell(column: str, value: object) -> str:  # labelled: a phone shows a card per player
        return f'<td data-label="{labels[column]}">{value}</td>'

    rows = []
    for s, seat in enumerate(seats):
        css = "wk-winner" if s in winners else ""
        mark = f' ★ {escape(tr("over.winner", lang))}' if s in winners else ""
        rows.append(f'<tr class="{css}" data-seat="{s}"><td>{dot(seat.color)}'
                    f"{escape(seat.name)}{mark}</td>{cell('territories', view.territory_count(s))}"
                    f"{cell('armies', view.army_count(s))}{cell('cards', view.hand_sizes[s])}"
                    f"{cell('objective', escape(objective_text(objectives[s], lang)))}</tr>")
    ink = readable_text_color("#f1f8e9")
    return (f'{PLAY_STYLE}<div class="wk-over" style="color:{ink}">'
            f'<div class="wk-big">{escape(tr("over.title", lang))}: {escape(title)}</div>'
            f'<div>{escape(note)}</div><div><b>{escape(tr("over.objectives", lang))}</b></div>'
            f"<table><tr class=\"wk-over-head\">{head}</tr>{''.join(rows)}</table></div>")
