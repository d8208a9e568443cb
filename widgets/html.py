"""HTML for the dice tray, the odds panel and the roll tables: pure functions of the models.

No widgets here: each function returns a string (with its scoped CSS) that an
``ipywidgets.HTML`` shows, so tests can check the markup directly. Class
names start with ``wk-``; the stylesheet is :data:`STYLE`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape
from itertools import pairwise
from typing import TYPE_CHECKING

from warkit.render.svg import PLAYER_COLORS, readable_text_color
from warkit.rules.terms import Side

from .i18n import fmt_number, fmt_percent, territory_name, tr

if TYPE_CHECKING:  # types only: a page's first screen needs neither the odds nor numpy
    import numpy as np

    from .battle_terms import Note
    from .models import BattleOdds, DiceComparison

ATTACK_DIE = PLAYER_COLORS["red"]      # C-COMP-4: red dice attack...
DEFENCE_DIE = PLAYER_COLORS["yellow"]  # ...and yellow dice defend
WIN_COLOR, LOSS_COLOR = "#2e7d32", "#b3261e"

STYLE = """<style>
.wk-box{font-family:'Trebuchet MS','DejaVu Sans',Verdana,sans-serif;font-size:13px;color:#26221c;
 line-height:1.35}
.wk-tray{display:inline-grid;grid-template-columns:auto auto auto;gap:6px 12px;align-items:center}
.wk-tray .wk-head{font-weight:bold;text-align:center}
.wk-die{display:inline-block;width:38px;height:38px;border-radius:7px;
 box-shadow:0 2px 3px rgba(0,0,0,.35)}
.wk-die.wk-off{opacity:.35}
.wk-die.wk-rerolled{outline:3px dashed #6a1b9a;outline-offset:2px}
.wk-mod{color:#4a148c}
.wk-verdict{font-weight:bold;text-align:center;min-width:9em}
.wk-verdict.wk-attacker{color:#2e7d32}.wk-verdict.wk-defender{color:#b3261e}
.wk-anim .wk-die{animation:wk-tumble .55s cubic-bezier(.3,.7,.4,1) both}
.wk-anim .wk-die.wk-d1{animation-delay:.06s}.wk-anim .wk-die.wk-d2{animation-delay:.12s}
.wk-anim .wk-verdict,.wk-anim .wk-sum{animation:wk-fade .3s .6s both}
@keyframes wk-tumble{0%{transform:translateY(-14px) rotate(-200deg) scale(.6);opacity:0}
 70%{transform:translateY(2px) rotate(12deg) scale(1.05);opacity:1}100%{transform:none}}
@keyframes wk-fade{from{opacity:0}to{opacity:1}}
@media (prefers-reduced-motion:reduce){.wk-anim .wk-die,.wk-anim .wk-verdict,.wk-anim .wk-sum
 {animation:none}}
.wk-sum{margin-top:6px;font-weight:bold}
.wk-odds-big{font-size:22px;font-weight:bold}
.wk-heat{border-collapse:collapse;font-size:11px}
.wk-heat td,.wk-heat th{width:34px;height:20px;text-align:center;padding:0;border:1px solid #fff}
.wk-heat th{background:#eee;font-weight:bold}
.wk-heat td.wk-cell{outline:3px solid #111;outline-offset:-2px;font-weight:bold}
.wk-note{color:#555;font-size:12px;line-height:1.3;margin:2px 0}
.wk-msg-info{color:#26221c}.wk-msg-ok{color:#1b5e20}.wk-msg-refused{color:#8a1c12}
.wk-msg-error{color:#fff;background:#b3261e;padding:2px 6px;border-radius:3px}
.wk-mods{margin:4px 0;padding:4px 8px;background:#f3e5f5;border-left:3px solid #6a1b9a;
 border-radius:3px}
.wk-mods ul{margin:2px 0 2px 1.1em;padding:0}.wk-whatif{color:#1b5e20}
.wk-unknown{color:#8a4b00}
.wk-rolls{border-collapse:collapse}
.wk-rolls td,.wk-rolls th{border:1px solid #ccc;padding:2px 8px;text-align:right}
.wk-rolls tr.wk-hit td{background:#fff3b0;font-weight:bold}
</style>"""

# Pip positions on a 3 x 3 grid (column, row) for each face.
_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
         4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
         6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def die_svg(value: int, color: str, css: str = "") -> str:
    """One die face as inline SVG (pips), ``color`` its body; ``title`` gives the number."""
    ink = readable_text_color(color)
    pips = "".join(f'<circle cx="{9 + 10 * c}" cy="{9 + 10 * r}" r="3.2" fill="{ink}"/>'
                   for c, r in _PIPS[value])
    return (f'<svg class="wk-die {css}" viewBox="0 0 38 38" data-value="{value}" role="img">'
            f'<title>{value}</title><rect x="0.5" y="0.5" width="37" height="37" rx="6" '
            f'fill="{color}" stroke="#00000055"/>{pips}</svg>')


def _rerolled_marks(comparison: DiceComparison) -> tuple[set[int], set[int]]:
    """Positions (in sorted order) of the attack and defence dice that came from rerolls."""
    marks = []
    sides: tuple[tuple[Side, tuple[int, ...]], ...] = (("attacker", comparison.attack),
                                                       ("defender", comparison.defence))
    for side, dice in sides:
        left, at = list(comparison.rerolled(side)), set()
        for k, value in enumerate(dice):
            if value in left:
                left.remove(value)
                at.add(k)
        marks.append(at)
    return marks[0], marks[1]


def _tray_notes(comparison: DiceComparison, lang: str) -> list[str]:
    """The SMART lines under the dice: each reroll, terrain knowledge, reactions to come."""
    notes = []
    for r in comparison.rerolls:
        notes.append(tr(f"dice.reroll.{r.side}", lang, old=", ".join(map(str, r.old)),
                        new=", ".join(map(str, r.new)), minimum=r.minimum))
    if comparison.terrain is not None:
        notes.append(tr(f"dice.terrain.{comparison.terrain}", lang,
                        dice=comparison.dice_lost_defender, total=comparison.lost_defender))
    if comparison.pending:
        notes.append(tr("dice.pending", lang))
    return notes


def dice_tray_html(comparison: DiceComparison | None, lang: str = "pt", *, animate: bool = True,
                   serial: int = 0) -> str:
    """Attack and defence dice sorted, paired and judged (C-ATK-4), with the losses, and the
    SMART modifiers that changed them (rerolled dice outlined, terrain knowledge in words).

    ``serial`` changes the markup of every new roll, so the front end replays
    the roll animation even when the same dice come up twice.
    """
    if comparison is None:
        return f'{STYLE}<div class="wk-box wk-note">{escape(tr("dice.empty", lang))}</div>'
    rows = [f'<div class="wk-head">{escape(tr("dice.attack", lang))}</div><div></div>'
            f'<div class="wk-head">{escape(tr("dice.defence", lang))}</div>']
    new_att, new_def = _rerolled_marks(comparison)

    def css(k: int, rerolled: set[int], off: str = "") -> str:
        return f"{off} wk-d{k}" + (" wk-rerolled" if k in rerolled else "")

    for k, pair in enumerate(comparison.pairs):
        key = "dice.tie" if pair.tie else f"dice.{pair.winner}_wins"
        if pair.tie and pair.winner == "attacker":
            key = "dice.tie_terrain"
        arrow = "◀" if pair.winner == "defender" else "▶"
        verdict = (f'<div class="wk-verdict wk-{pair.winner}" data-winner="{pair.winner}">'
                   f'{arrow} {escape(tr(key, lang))}</div>')
        rows.append(die_svg(pair.attack, ATTACK_DIE, css(k, new_att)) + verdict
                    + die_svg(pair.defence, DEFENCE_DIE, css(k, new_def)))
    off = escape(tr("dice.unpaired", lang))
    for k, value in enumerate(comparison.unpaired_attack, start=len(comparison.pairs)):
        rows.append(die_svg(value, ATTACK_DIE, css(k, new_att, "wk-off"))
                    + f'<div class="wk-verdict wk-note">{off}</div><div></div>')
    for k, value in enumerate(comparison.unpaired_defence, start=len(comparison.pairs)):
        rows.append(f'<div></div><div class="wk-verdict wk-note">{off}</div>'
                    + die_svg(value, DEFENCE_DIE, css(k, new_def, "wk-off")))
    key = "dice.losses_if" if comparison.pending else "dice.losses"
    summary = tr(key, lang, att=comparison.lost_attacker, dfn=comparison.lost_defender)
    notes = "".join(f'<div class="wk-note wk-mod">{escape(n)}</div>'
                    for n in _tray_notes(comparison, lang))
    anim = " wk-anim" if animate else ""
    return (f'{STYLE}<div class="wk-box{anim}" data-roll="{serial}">'
            f'<div class="wk-tray">{"".join(rows)}</div>'
            f'<div class="wk-sum">{escape(summary)}</div>{notes}</div>')


def heat_color(p: float) -> str:
    """A colour for a probability: light yellow (0) through green to deep blue (1).

    A sequential palette (YlGnBu) reads in greyscale and for colour-blind eyes.
    """
    stops = ((0.0, (255, 255, 217)), (0.25, (199, 233, 180)), (0.5, (65, 182, 196)),
             (0.75, (34, 94, 168)), (1.0, (8, 29, 88)))
    p = min(1.0, max(0.0, float(p)))
    for (p0, c0), (p1, c1) in pairwise(stops):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            rgb = (round(a + (b - a) * t) for a, b in zip(c0, c1))
            return "#{:02x}{:02x}{:02x}".format(*rgb)
    return "#081d58"  # pragma: no cover - p is clamped to 1


def heat_table_html(table: np.ndarray, cell: tuple[int, int] | None, lang: str = "pt") -> str:
    """The win-probability table ``table[a, d]`` for a, d >= 1, the current ``cell`` outlined."""
    rows, cols = table.shape
    head = "".join(f"<th>{d}</th>" for d in range(1, cols))
    body = []
    for a in range(1, rows):
        tds = []
        for d in range(1, cols):
            p = float(table[a, d])
            bg = heat_color(p)
            mark = ' class="wk-cell"' if cell == (a, d) else ""
            tds.append(f'<td{mark} style="background:{bg};color:{readable_text_color(bg)}" '
                       f'title="{a} × {d}: {fmt_percent(p, lang)}" data-a="{a}" data-d="{d}">'
                       f"{round(100 * p)}</td>")
        body.append(f"<tr><th>{a}</th>{''.join(tds)}</tr>")
    return (f'<div class="wk-note">{escape(tr("odds.table", lang))} (%)</div>'
            f'<table class="wk-heat"><tr><th>A\\D</th>{head}</tr>{"".join(body)}</table>')


def final_chart_svg(odds: BattleOdds, lang: str = "pt") -> str:
    """Columns for every end state: repelled (defenders left, red) to conquered (attackers left,
    green), highest probability scaled to the full height; an image described in words (each
    end state and its chance) for readers who cannot see it."""
    items = sorted(odds.final, key=lambda kv: kv[0][0] - kv[0][1])
    if not items:
        return ""
    top = max(p for _, p in items) or 1.0
    n, width, height = len(items), 320, 90
    bar = width / n
    cols, said = [], []
    for k, ((a, d), p) in enumerate(items):
        h = max(1.0, (height - 14) * p / top)
        won = d == 0
        color = WIN_COLOR if won else LOSS_COLOR
        label = tr("odds.final.win", lang, n=a) if won else tr("odds.final.loss", lang, n=d)
        said.append(f"{label}: {fmt_percent(p, lang)}")
        x = k * bar
        cols.append(f'<rect x="{x + 0.5:.1f}" y="{height - 12 - h:.1f}" '
                    f'width="{max(bar - 1, bar / 2):.2f}" '
                    f'height="{h:.1f}" fill="{color}"><title>{escape(label)}: '
                    f'{fmt_percent(p, lang)}</title></rect>')
        if n <= 24:
            cols.append(f'<text x="{x + bar / 2:.1f}" y="{height - 2}" font-size="9" '
                        f'text-anchor="middle">{a if won else d}</text>')
    return (f'<div class="wk-note">{escape(tr("odds.final", lang))}</div>'
            f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'class="wk-final" role="img" aria-label="{escape(tr("odds.final", lang))}">'
            f'<desc>{escape("; ".join(said))}</desc>{"".join(cols)}</svg>'
            f'<div class="wk-note">{escape(tr("odds.final.axis", lang))}</div>')


def note_text(note: Note, lang: str = "pt") -> str:
    """One modifier sentence of the odds panel, with names in the player's language."""
    params = dict(note.params)
    if "dst" in params:
        params["dst"] = territory_name(params["dst"], lang)
    if "kind" in params:
        params["kind"] = tr(f"odds.kind.{params['kind']}", lang)
    if "dice" in params:
        low, high = params["dice"]
        params["dice"] = (tr("odds.dice.one", lang) if high == 1 else
                          tr("odds.dice.range", lang, low=low, high=high))
    return tr(note.key, lang, **params)


def modifiers_html(odds: BattleOdds, lang: str = "pt") -> str:
    """SMART: the modifiers the numbers count, what revealing a card would give, and what the
    viewer cannot see (empty in classic War)."""
    terms = odds.terms
    if terms.plain:
        return ""
    counted = [note_text(n, lang) for n in odds.notes] or [tr("odds.mods.none", lang)]
    items = "".join(f"<li>{escape(text)}</li>" for text in counted)
    parts = [f'<div class="wk-mods"><b>{escape(tr("odds.mods", lang))}</b><ul>{items}</ul>']
    if odds.what_if is not None and terms.target is not None:
        text = tr(f"odds.what_if.{terms.viewer_side}", lang, p=fmt_percent(odds.what_if, lang),
                  dst=territory_name(terms.target, lang))
        parts.append(f'<div class="wk-whatif">{escape(text)}</div>')
    for note in terms.unknown:
        parts.append(f'<div class="wk-unknown">⚠ {escape(note_text(note, lang))}</div>')
    return "".join(parts) + "</div>"


def odds_summary_html(odds: BattleOdds, lang: str = "pt") -> str:
    """The headline numbers of an attack: probability to conquer and expected losses, and in
    SMART the modifiers counted (:func:`modifiers_html`)."""
    title = tr("odds.title", lang, attackers=tr("odds.title.attackers", lang, n=odds.attackers),
               defenders=tr("odds.title.defenders", lang, n=odds.defenders))
    if odds.attackers == 0 and odds.defenders > 0:
        return (f'{STYLE}<div class="wk-box"><b>{escape(title)}</b>'
                f'<div class="wk-note">{escape(tr("odds.cannot", lang))}</div></div>')
    att, dfn = (fmt_number(x, lang) for x in odds.expected_losses)
    return (f'{STYLE}<div class="wk-box"><b>{escape(title)}</b><div>'
            f'{escape(tr("odds.win", lang))}: <span class="wk-odds-big" data-win="{odds.win:.6f}">'
            f'{fmt_percent(odds.win, lang)}</span></div>'
            f'<div>{escape(tr("odds.losses", lang, att=att, dfn=dfn))}</div>'
            f'{modifiers_html(odds, lang)}'
            f'<div class="wk-note">{escape(tr("odds.note", lang))}</div></div>')


def roll_table_html(outcomes: Mapping[tuple[int, int], Fraction], lang: str = "pt",
                    hit: tuple[int, int] | None = None) -> str:
    """The exact outcomes of one roll ``{(attacker losses, defender losses): p}``; ``hit``
    marks the outcome that just happened."""
    rows = []
    for (att, dfn), p in sorted(outcomes.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        mark = ' class="wk-hit"' if hit == (att, dfn) else ""
        rows.append(f"<tr{mark}><td>{escape(tr('odds.roll_result', lang, att=att, dfn=dfn))}"
                    f"</td><td>{p.numerator}/{p.denominator}</td>"
                    f"<td>{fmt_percent(p, lang)}</td></tr>")
    return (f'{STYLE}<div class="wk-box"><div class="wk-note">'
            f'{escape(tr("odds.roll_table", lang))}</div>'
            f'<table class="wk-rolls">{"".join(rows)}</table></div>')


def message_html(text: str, kind: str = "info") -> str:
    """A one-line message (info, ok, refused, error) with its colour."""
    return f'{STYLE}<div class="wk-box wk-msg-{kind}" data-kind="{kind}">{escape(text)}</div>'
