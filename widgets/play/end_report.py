"""The end-of-game report: what happened, computed from the match record alone (no widgets).

Pure functions of a :class:`warkit.Match` (the saved record replays into one):

- :func:`timeline`: territories and armies of each player at the start of every turn
  and at the end;
- :func:`luck` (from :mod:`warkit.luck`, shared with the replay): for every player, the
  dice comparisons won and the armies lost against the exact expectation, with its spread σ;
- :func:`moments`: the decisive moments (continents taken and broken, eliminations, big
  trades, the last move);
- :func:`report_html`: all of it as HTML with SVG line and bar charts (no plotting library).

Luck counts the comparisons of C-ATK-4 (highest die against highest die, ties to the
defender) of each battle's first roll; SMART's terrain knowledge and rerolls change the
losses, not what the dice first showed, so they are left out of the luck score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from warkit import Match, Trade
from warkit.luck import Luck, luck, roll_loss_moments
from warkit.render.svg import PLAYER_COLORS
from warkit.rules.terms import BattleRule

from ..battle_terms import CLASSIC_BATTLE
from ..i18n import color_name, continent_name
from ..luck_panel import luck_html, signed
from .messages import tr

DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
"""A line style per seat, so the charts read without colours too."""


@dataclass(frozen=True)
class Timeline:
    """Per turn (``turns[k]``): each seat's territories and armies at the start of that turn;
    the last column is the end of the game."""

    turns: tuple[int, ...]
    territories: tuple[tuple[int, ...], ...]
    """``territories[seat][k]``."""
    armies: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Moment:
    """A decisive moment: its turn, the message key and its parameters (seat numbers)."""

    turn: int
    key: str
    params: tuple[tuple[str, object], ...]


def timeline(match: Match) -> Timeline:
    """Territories and armies of each seat at the start of every turn (after set-up) and at
    the end of the game."""
    states = match.states
    n = states[0].num_players
    picks, seen = [], set()
    for state in states:
        if state.turn >= 1 and state.turn not in seen and all(o >= 0 for o in state.owner):
            seen.add(state.turn)
            picks.append(state)
    last = states[-1]
    if not picks or picks[-1] is not last:
        picks.append(last)
    turns = tuple(s.turn for s in picks)
    return Timeline(turns,
                    tuple(tuple(s.territory_count(p) for s in picks) for p in range(n)),
                    tuple(tuple(s.army_count(p) for s in picks) for p in range(n)))


def expected_attacker_wins(att_dice: int, def_dice: int, rule: BattleRule = CLASSIC_BATTLE
                           ) -> Fraction:
    """The exact mean number of comparisons the attacker wins with these dice under the rule
    set's battle ``rule`` (its dice and ties, C-ATK-4): the comparisons less the attacker's
    exact mean loss (:func:`warkit.luck.roll_loss_moments`)."""
    return min(att_dice, def_dice) - roll_loss_moments(att_dice, def_dice, rule)[0]


def moments(match: Match, limit: int = 10) -> tuple[Moment, ...]:
    """The decisive moments in order: continents completed and broken, eliminations, the
    largest trade, the victory; at most ``limit``: the victory, eliminations and the trade
    first, then the latest continent changes."""
    states, actions = match.states, match.actions
    wmap = states[0].map
    found: list[Moment] = []
    best_trade: tuple[int, int, int] | None = None  # (armies, seat, turn)
    for before, action, after in zip(states, actions, states[1:]):
        if min(before.owner) < 0:
            continue  # the deal
        for cont in wmap.continents:
            idx = [wmap.index(t) for t in cont.territories]
            had = {before.owner[i] for i in idx}
            has = {after.owner[i] for i in idx}
            if len(has) == 1 and had != has:
                found.append(Moment(after.turn, "end.moment.continent",
                                    (("seat", after.owner[idx[0]]), ("continent", cont.id))))
            elif len(had) == 1 and len(has) > 1:
                found.append(Moment(after.turn, "end.moment.broken",
                                    (("seat", after.current), ("continent", cont.id),
                                     ("owner", before.owner[idx[0]]))))
        for seat, (was, now) in enumerate(zip(before.alive, after.alive)):
            if was and not now:
                found.append(Moment(after.turn, "end.moment.eliminated",
                                    (("seat", seat), ("by", after.current))))
        if isinstance(action, Trade):
            armies = after.reserves - before.reserves
            if best_trade is None or armies > best_trade[0]:
                best_trade = (armies, before.current, before.turn)
    if best_trade is not None and best_trade[0] > 0:
        found.append(Moment(best_trade[2], "end.moment.trade",
                            (("seat", best_trade[1]), ("armies", best_trade[0]))))
    last = states[-1]
    ending = ([Moment(last.turn, "end.moment.won", (("seat", last.winners[0]),))]
              if last.is_terminal and last.winners else [])
    kept = [m for m in found if not m.key.startswith("end.moment.continent")
            and m.key != "end.moment.broken"][:max(limit - len(ending), 0)]
    room = max(limit - len(ending) - len(kept), 0)
    continents = [m for m in found if m not in kept]
    kept += continents[len(continents) - room:] if room else []  # the latest ones
    kept.sort(key=lambda m: m.turn)
    return tuple(kept + ending)


# -- SVG ------------------------------------------------------------------------------------
def _ticks(top: float, count: int = 4) -> list[int]:
    step = max(1, round(top / count))
    return list(range(0, int(top) + 1, step))


def line_chart_svg(title: str, xs: Sequence[int], series: Sequence[Sequence[int]],
                   colors: Sequence[str], names: Sequence[str], css: str = "") -> str:
    """A line chart, one line per seat (its colour, a dash pattern and its name at the
    line's end, so it reads without colours); ``xs`` are turn numbers."""
    width, height, left, right, top, bottom = 460, 220, 36, 78, 26, 26
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y1 = max([max(s) for s in series if s] + [1])

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * (width - left - right)

    def py(y: float) -> float:
        return height - bottom - y / y1 * (height - top - bottom)

    parts = [f'<svg class="wk-chart {css}" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {width} {height}" width="100%" role="img" '
             f'aria-label="{escape(title)}" style="max-width:{width}px">',
             f'<text x="{left}" y="16" font-size="13" font-weight="bold">{escape(title)}</text>']
    for t in _ticks(y1):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{py(t):.1f}" y2="{py(t):.1f}"'
                     ' stroke="#e3dccd"/>'
                     f'<text x="{left - 4}" y="{py(t) + 4:.1f}" font-size="10" '
                     f'text-anchor="end">{t}</text>')
    for t in _ticks(x1 - x0, 6):
        x = x0 + t
        parts.append(f'<text x="{px(x):.1f}" y="{height - 8}" font-size="10" '
                     f'text-anchor="middle">{x}</text>')
    for seat, (values, color, label) in enumerate(zip(series, colors, chart_labels(names))):
        hex_color = PLAYER_COLORS.get(color, "#888888")
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, values))
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="#00000055" '
                     f'stroke-width="4.2"{dash_attr}/>'
                     f'<polyline class="wk-series" data-seat="{seat}" points="{points}" '
                     f'fill="none" stroke="{hex_color}" stroke-width="2.6"{dash_attr}/>')
        parts.append(f'<text x="{px(xs[-1]) + 4:.1f}" y="{py(values[-1]) + 4:.1f}" '
                     f'font-size="10">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def chart_labels(names: Sequence[str], limit: int = 13) -> list[str]:
    """Names short enough for a chart's line ends, and still told apart: a long name keeps
    its start and its end ("Computador 2" stays whole; "Maria Eduarda Souza" → "Maria…Souza")."""
    cut = max(limit - 1, 2)
    head = (cut + 1) // 2
    return [name if len(name) <= limit else f"{name[:head]}…{name[-(cut - head):]}"
            for name in names]


def luck_chart_svg(title: str, luck_rows: Sequence[Luck], colors: Sequence[str],
                   names: Sequence[str], lang: str) -> str:
    """Bars of each seat's comparisons won above or below the expectation."""
    width, row, left = 460, 26, 120
    height = 34 + row * len(luck_rows) + 8
    top = max([abs(float(r.surplus)) for r in luck_rows] + [1.0])
    mid = left + (width - left - 60) / 2
    half = (width - left - 60) / 2
    parts = [f'<svg class="wk-chart wk-luck" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {width} {height}" width="100%" role="img" '
             f'aria-label="{escape(title)}" style="max-width:{width}px">',
             f'<text x="4" y="16" font-size="13" font-weight="bold">{escape(title)}</text>',
             f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="24" y2="{height - 4}" stroke="#6b5d48"/>']
    for k, r in enumerate(luck_rows):
        y = 30 + k * row
        surplus = float(r.surplus)
        length = abs(surplus) / top * half
        x = mid if surplus >= 0 else mid - length
        fill = PLAYER_COLORS.get(colors[r.seat], "#888888")
        parts.append(f'<text x="4" y="{y + 14}" font-size="11">{escape(names[r.seat][:16])}'
                     "</text>"
                     f'<rect class="wk-bar" data-seat="{r.seat}" x="{x:.1f}" y="{y + 3}" '
                     f'width="{max(length, 1):.1f}" height="{row - 8}" fill="{fill}" '
                     'stroke="#2b2b2b" stroke-width="0.8"/>'
                     f'<text x="{width - 4}" y="{y + 14}" font-size="11" text-anchor="end">'
                     f'{escape(signed(surplus, lang))}</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- HTML -----------------------------------------------------------------------------------
def _moment_text(moment: Moment, names: Sequence[str], lang: str) -> str:
    params: dict[str, object] = {}
    for key, value in moment.params:
        if key in ("seat", "by", "owner"):
            params[key] = names[value] if isinstance(value, int) else value
        elif key == "continent":
            params[key] = continent_name(str(value), lang)
        else:
            params[key] = value
    return tr(moment.key, lang, **params)


def report_html(match: Match, names: Sequence[str] | None = None, lang: str = "pt") -> str:
    """The end-of-game report of a match: charts of territories and armies over the turns,
    the luck of each player, the decisive moments (escaped names; pure HTML + SVG)."""
    state = match.states[-1]
    colors = state.colors
    if names is None:
        names = tuple(color_name(c, lang).capitalize() for c in colors)
    names = tuple(str(n) for n in names)
    line = timeline(match)
    rows = luck(match)
    moment_lines = "".join(f"<li><b>{escape(tr('end.turn', lang, turn=m.turn))}</b> "
                           f"{escape(_moment_text(m, names, lang))}</li>"
                           for m in moments(match))
    charts = "".join((
        line_chart_svg(tr("end.chart.territories", lang), line.turns, line.territories, colors,
                       names, "wk-territories"),
        line_chart_svg(tr("end.chart.armies", lang), line.turns, line.armies, colors, names,
                       "wk-armies"),
        luck_chart_svg(tr("end.chart.luck", lang), rows, colors, names, lang)))
    return (f'<div class="wk-end-report"><div class="wk-charts">{charts}</div>'
            + luck_html(match, names, lang) +
            f'<h4>{escape(tr("end.moments", lang))}</h4>'
            f'<ol class="wk-moments">{moment_lines}</ol></div>')
