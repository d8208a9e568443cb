"""Small SVG charts for the lessons and the probability labs: bars, lines, heat maps, intervals.

Pure Python (no ipywidgets, no matplotlib): each function returns an SVG string that a
notebook shows with ``IPython.display.SVG`` or ``HTML``, and that Voilà serves as it is.

Every chart can be read without its colours and without seeing it: it is an image
(``role="img"``) named by its title, with a ``<desc>`` that says in words, in the chart's
language, what it shows and its values; axes carry numbers; columns wide enough carry their
values, and heat maps write their percentages on a grid of squares.

>>> svg = bar_chart_svg(["1", "2"], {"p": [0.5, 0.5]})
>>> svg.startswith("<svg") and svg.count("<rect") >= 2
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

import numpy as np
from numpy.typing import ArrayLike
from warkit_widgets.html import heat_color
from warkit_widgets.i18n import fmt_percent, fmt_significant
from warkit_widgets.lessons.messages import tr

from warkit.render.svg import readable_text_color

# Distinct, colour-blind-friendly series colours (Okabe-Ito), in order of use.
SERIES_COLORS = ("#b3261e", "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9")
FONT = 'font-family="sans-serif"'


def _nice_ticks(top: float, count: int = 4) -> list[float]:
    """Round ticks from 0 up to about ``top``."""
    if top <= 0:
        return [0.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return [k * step for k in range(int(top / step + 1e-9) + 1)]


def _svg_open(width: float, height: float, kind: str, label: str, description: str) -> str:
    """The opening of a chart: an image for assistive technology, named and described."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" class="{kind}" role="img" '
            f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f"<desc>{escape(description)}</desc>")


def _legend(names: Sequence[str], x: float, y: float) -> str:
    parts = []
    for k, name in enumerate(names):
        color = SERIES_COLORS[k % len(SERIES_COLORS)]
        yy = y + 14 * k
        parts.append(f'<rect x="{x}" y="{yy - 8}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{x + 14}" y="{yy + 1}" font-size="11" {FONT}>'
                     f"{escape(name)}</text>")
    return "".join(parts)


def bar_chart_svg(labels: Sequence[object], series: Mapping[str, Sequence[float]], *,
                  title: str = "", y_label: str = "", x_label: str = "", width: int = 520,
                  height: int = 220, legend: bool | None = None, legend_width: int = 120,
                  percent: bool = False, label_every: int = 1, values: bool | None = None,
                  curves: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None = None,
                  lang: str = "en") -> str:
    """Grouped columns: one group per label, one column per series (same length as labels).

    Each column has a tooltip with its exact value; the y axis starts at 0. ``legend_width``
    makes room for long series names; ``percent`` writes the axis as percentages (``25%``);
    with many columns, ``label_every=k`` writes only every k-th label under the axis (the first
    one included; tooltips keep them all); ``values`` writes each column's value above it
    (by default when the columns are wide enough); ``curves`` draws lines over the columns,
    ``{name: (positions, heights)}`` with positions counted in labels (0 is the first label's
    centre: a normal curve over a histogram, say); ``lang="pt"`` writes numbers with a decimal
    comma.
    """
    names = list(series)
    heights = [list(map(float, series[n])) for n in names]
    if any(len(v) != len(labels) for v in heights):
        raise ValueError("every series needs one value per label")
    curves = {name: (list(map(float, xs)), list(map(float, ys)))
              for name, (xs, ys) in (curves or {}).items()}
    if any(len(xs) != len(ys) for xs, ys in curves.values()):
        raise ValueError("every curve needs one height per position")
    if legend is None:
        legend = len(names) + len(curves) > 1
    left, right = 46, 12 + (legend_width if legend else 0)
    top_pad, bottom = 24 if title else 10, 40 if x_label else 26
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    top = max([max(v) for v in heights if v] + [max(ys) for _, ys in curves.values() if ys]
              + [0.0]) or 1.0
    ticks = _nice_ticks(top)
    top = max(top, ticks[-1])
    group = plot_w / max(1, len(labels))
    col = group * 0.8 / max(1, len(names))
    if values is None:
        values = col >= 26

    def number(v: float, digits: int = 4) -> str:
        return fmt_percent(v, lang, 1) if percent else fmt_significant(v, lang, digits)

    description = "; ".join(
        f"{name}: " + ", ".join(f"{label} {number(v)}" for label, v in zip(labels, vals,
                                                                          strict=True))
        for name, vals in zip(names, heights, strict=True))
    out = [_svg_open(width, height, "problab-chart", title or y_label or ", ".join(names),
                     description)]
    if title:
        out.append(f'<text x="{width / 2}" y="15" font-size="13" text-anchor="middle" {FONT}>'
                   f"{escape(title)}</text>")
    for t in ticks:
        y = top_pad + plot_h * (1 - t / top)
        text = fmt_percent(t, lang, 0) if percent else fmt_significant(t, lang)
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#ddd"/><text x="{left - 4}" y="{y + 4:.1f}" font-size="10" '
                   f'text-anchor="end" {FONT}>{text}</text>')
    for i, label in enumerate(labels):
        x0 = left + i * group + group * 0.1
        for k, (name, vals) in enumerate(zip(names, heights, strict=True)):
            h = plot_h * vals[i] / top
            color = SERIES_COLORS[k % len(SERIES_COLORS)]
            out.append(f'<rect x="{x0 + k * col:.1f}" y="{top_pad + plot_h - h:.1f}" '
                       f'width="{max(col - 1, 1):.1f}" height="{h:.1f}" fill="{color}">'
                       f"<title>{escape(name)} · {escape(str(label))}: "
                       f"{fmt_significant(vals[i], lang, 4)}</title>"
                       "</rect>")
            if values:
                out.append(f'<text x="{x0 + (k + 0.5) * col:.1f}" '
                           f'y="{top_pad + plot_h - h - 3:.1f}" font-size="9" '
                           f'text-anchor="middle" {FONT}>{number(vals[i], 3)}</text>')
        if i % max(1, label_every) == 0:
            out.append(f'<text x="{left + (i + 0.5) * group:.1f}" y="{top_pad + plot_h + 14}" '
                       f'font-size="10" text-anchor="middle" {FONT}>{escape(str(label))}</text>')
    for k, (name, (xs, ys)) in enumerate(curves.items(), start=len(names)):
        points = " ".join(f"{left + (x + 0.5) * group:.1f},{top_pad + plot_h * (1 - y / top):.1f}"
                          for x, y in zip(xs, ys, strict=True))
        out.append(f'<polyline points="{points}" fill="none" stroke-width="2" '
                   f'stroke="{SERIES_COLORS[k % len(SERIES_COLORS)]}">'
                   f"<title>{escape(name)}</title></polyline>")
    out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top_pad + plot_h}" '
               f'y2="{top_pad + plot_h}" stroke="#333"/>'
               f'<line x1="{left}" x2="{left}" y1="{top_pad}" y2="{top_pad + plot_h}" '
               'stroke="#333"/>')
    if y_label:
        out.append(f'<text x="12" y="{top_pad + plot_h / 2}" font-size="10" {FONT} '
                   f'transform="rotate(-90 12 {top_pad + plot_h / 2})" text-anchor="middle">'
                   f"{escape(y_label)}</text>")
    if x_label:
        out.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{escape(x_label)}</text>')
    if legend:
        out.append(_legend(names + list(curves), left + plot_w + 12, top_pad + 10))
    out.append("</svg>")
    return "".join(out)


def line_chart_svg(x: Sequence[float], series: Mapping[str, Sequence[float]], *,
                   bands: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None = None,
                   hlines: Mapping[str, float] | None = None, title: str = "",
                   x_label: str = "", log_x: bool = False, y_range: tuple[float, float] | None
                   = None, width: int = 560, height: int = 240,
                   x_ticks: Sequence[float] | None = None, lang: str = "en") -> str:
    """Lines over a common ``x``; ``bands`` shade (low, high) around the series or the
    reference line of the same name (a funnel around an exact value, say), in its colour;
    ``hlines`` draw dashed reference lines (an exact value, say). ``log_x`` for sample
    sizes; ``x_ticks`` chooses the x axis's labelled values (whole numbers of players, say);
    ``lang="pt"`` writes axis numbers the Portuguese way (``0,75``, ``10.000``). A band named
    after nothing drawn is refused (it would silently not show)."""
    bands, hlines = bands or {}, hlines or {}
    unnamed = [name for name in bands if name not in series and name not in hlines]
    if unnamed:
        raise ValueError(f"bands {unnamed} name no series and no reference line")
    xs = np.asarray(x, dtype=float)
    if log_x and (xs <= 0).any():
        raise ValueError("log_x needs positive x")
    names = list(series)
    legend_names = names + [n for n in hlines if n not in series]
    left, right, top_pad, bottom = 46, 140, 24 if title else 10, 30 if x_label else 20
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    every = [np.asarray(v, float) for v in series.values()]
    every += [np.asarray(b, float) for lo_hi in bands.values() for b in lo_hi]
    every += [np.asarray([v], float) for v in hlines.values()]
    lo, hi = y_range if y_range else (min(float(v.min()) for v in every),
                                      max(float(v.max()) for v in every))
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    fx = np.log10 if log_x else (lambda v: v)
    x0, x1 = float(fx(xs.min())), float(fx(xs.max()))
    x1 = x1 if x1 > x0 else x0 + 1

    def px(v: ArrayLike) -> np.ndarray:
        return left + plot_w * (fx(np.asarray(v, float)) - x0) / (x1 - x0)

    def py(v: ArrayLike) -> np.ndarray:
        return top_pad + plot_h * (1 - (np.clip(np.asarray(v, float), lo, hi) - lo) / (hi - lo))

    def band(name: str, color: str) -> str:
        low, high = bands[name]
        pts = list(zip(px(xs), py(high), strict=True)) + list(
            zip(px(xs)[::-1], py(low)[::-1], strict=True))
        poly = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)
        return f'<polygon points="{poly}" fill="{color}" fill-opacity="0.18"/>'

    def sig(v: float) -> str:
        return fmt_significant(round(float(v), 4), lang)

    description = "; ".join(
        [f"{x_label or 'x'} {sig(xs.min())} … {sig(xs.max())}"]
        + [f"{name}: {sig(np.asarray(ys, float)[0])} … {sig(np.asarray(ys, float)[-1])}"
           for name, ys in series.items()]
        + [f"{name}: {sig(value)}" for name, value in hlines.items()])
    out = [_svg_open(width, height, "problab-chart", title or ", ".join(legend_names),
                     description)]
    if title:
        out.append(f'<text x="{left + plot_w / 2}" y="15" font-size="13" text-anchor="middle" '
                   f"{FONT}>{escape(title)}</text>")
    for t in np.linspace(lo, hi, 5):
        y = float(py(t))
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#eee"/><text x="{left - 4}" y="{y + 4:.1f}" font-size="10" '
                   f'text-anchor="end" {FONT}>{fmt_significant(round(float(t), 4), lang)}</text>')
    ticks = (x_ticks if x_ticks is not None
             else [10 ** k for k in range(math.ceil(x0), math.floor(x1) + 1)] if log_x
             else np.linspace(xs.min(), xs.max(), 5))
    for t in ticks:
        xx = float(px(t))
        out.append(f'<text x="{xx:.1f}" y="{top_pad + plot_h + 14}" font-size="10" '
                   f'text-anchor="middle" {FONT}>'
                   f'{fmt_significant(float(t), lang)}</text>')
    if x_label:
        out.append(f'<text x="{left + plot_w / 2}" y="{height - 3}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{escape(x_label)}</text>')
    for k, name in enumerate(names):
        color = SERIES_COLORS[k % len(SERIES_COLORS)]
        if name in bands:
            out.append(band(name, color))
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(px(xs), py(series[name]), strict=True))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="1.5"/>')
    for k, (name, value) in enumerate(hlines.items(), start=len(names)):
        color = SERIES_COLORS[k % len(SERIES_COLORS)] if name not in series else "#333"
        if name in bands and name not in series:
            out.append(band(name, color))
        y = float(py(value))
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="{color}" stroke-dasharray="5 3" stroke-width="1.5">'
                   f"<title>{escape(name)}: {fmt_significant(value, lang, 6)}</title></line>")
    out.append(f'<rect x="{left}" y="{top_pad}" width="{plot_w}" height="{plot_h}" '
               'fill="none" stroke="#333"/>')
    out.append(_legend(legend_names, left + plot_w + 12, top_pad + 10))
    out.append("</svg>")
    return "".join(out)


def heat_map_svg(table: np.ndarray, *, title: str = "", row_label: str = "attackers",
                 col_label: str = "defenders", cell: int = 14, first: int = 1,
                 marks: Sequence[tuple[int, int]] = (), lang: str = "en") -> str:
    """``table[a, d]`` (probabilities, 0 to 1) as coloured squares from ``first`` on, rows
    going down, with a tooltip per square (its percentage as ``lang`` writes it); ``marks``
    outline some squares. Numbers stand beside the colours: the squares where every fifth row
    meets every fifth column, and the marks, carry their percentage, rounded, and the
    description lists them."""
    rows, cols = table.shape
    left, top_pad = 44, 34 if title else 20
    width = left + cell * (cols - first) + 70
    height = top_pad + max(cell * (rows - first), 11 * 12 + 12) + 8
    labelled = [(a, d) for a in range(first, rows) for d in range(first, cols)
                if a % 5 == 0 and d % 5 == 0]
    written = sorted(set(labelled) | set(marks))
    description = f"{row_label} × {col_label}: " + "; ".join(
        f"{a} × {d}: {fmt_percent(float(table[a, d]), lang)}" for a, d in written)
    out = [_svg_open(width, height, "problab-heat", title or f"{row_label} × {col_label}",
                     description)]
    if title:
        out.append(f'<text x="{left}" y="13" font-size="13" {FONT}>{escape(title)}</text>')
    out.append(f'<text x="{left}" y="{top_pad - 8}" font-size="10" {FONT}>'
               f"{escape(col_label)} →</text>")
    out.append(f'<text x="10" y="{top_pad + 10}" font-size="10" {FONT} '
               f'transform="rotate(90 10 {top_pad + 10})">{escape(row_label)} →</text>')
    for a in range(first, rows):
        y = top_pad + (a - first) * cell
        if a % 5 == 0 or a == first:
            out.append(f'<text x="{left - 3}" y="{y + cell - 3}" font-size="9" '
                       f'text-anchor="end" {FONT}>{a}</text>')
        for d in range(first, cols):
            x = left + (d - first) * cell
            p = float(table[a, d])
            color = heat_color(p)
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{color}">'
                       f"<title>{a} × {d}: {fmt_percent(p, lang)}</title></rect>")
    for d in range(first, cols):
        if d % 5 == 0 or d == first:
            middle = left + (d - first) * cell + cell / 2
            out.append(f'<text x="{middle}" y="{top_pad - 1}" font-size="9" text-anchor="middle" '
                       f"{FONT}>{d}</text>")
    for a, d in marks:
        x, y = left + (d - first) * cell, top_pad + (a - first) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="none" '
                   f'stroke="{readable_text_color(heat_color(float(table[a, d])))}" '
                   'stroke-width="2"/>')
    for a, d in written:  # the numbers, on a white halo so any colour behind stays readable
        cx, cy = left + (d - first + 0.5) * cell, top_pad + (a - first + 0.5) * cell
        out.append(f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="8" text-anchor="middle" '
                   f'stroke="white" stroke-width="2.5" paint-order="stroke" {FONT}>'
                   f"{fmt_percent(float(table[a, d]), lang, 0)}</text>")
    # the colour scale
    sx = left + cell * (cols - first) + 14
    for k in range(11):
        p = 1 - k / 10
        out.append(f'<rect x="{sx}" y="{top_pad + k * 12}" width="14" height="12" '
                   f'fill="{heat_color(p)}"/>')
        if k % 5 == 0:
            out.append(f'<text x="{sx + 18}" y="{top_pad + k * 12 + 10}" font-size="9" '
                       f"{FONT}>{fmt_percent(p, lang, 0)}</text>")
    out.append("</svg>")
    return "".join(out)


def interval_chart_svg(labels: Sequence[object], estimates: Sequence[float],
                       intervals: Sequence[tuple[float, float]], *,
                       reference: float | None = None, reference_label: str = "",
                       title: str = "", x_label: str = "", x_range: tuple[float, float]
                       = (0.0, 1.0), percent: bool = False, label_width: int = 210,
                       width: int = 600, lang: str = "en") -> str:
    """One row per label: a dot at the estimate and a bar across its interval (a win rate and
    its 95% interval, say), with an optional dashed vertical ``reference`` line (a fair share).
    ``percent`` writes the axis as percentages (``20%``, the same in every language);
    ``lang="pt"`` writes other axis numbers with a decimal comma.

    Rows whose bars overlap cannot be told apart by the data; that is what the chart shows.
    """
    if not len(labels) == len(estimates) == len(intervals):
        raise ValueError("every label needs one estimate and one interval")
    if any(not lo <= est <= hi for est, (lo, hi) in zip(estimates, intervals, strict=True)):
        raise ValueError("every estimate must lie inside its interval")
    lo_x, hi_x = x_range
    if hi_x <= lo_x:
        raise ValueError("x_range needs low < high")
    row, top_pad = 20, 26 if title else 10
    bottom = 34 if x_label else 22
    plot_w = width - label_width - 16
    height = top_pad + row * len(labels) + bottom

    def tick(v: float) -> str:
        return fmt_percent(v, lang, 0) if percent else fmt_significant(round(v, 6), lang)

    def px(v: float) -> float:
        return label_width + plot_w * (min(max(v, lo_x), hi_x) - lo_x) / (hi_x - lo_x)

    def sig(v: float) -> str:
        return fmt_significant(v, lang, 4)

    description = "; ".join(
        tr("chart.interval", lang, label=str(label), est=sig(est), lo=sig(lo), hi=sig(hi))
        for label, est, (lo, hi) in zip(labels, estimates, intervals, strict=True))
    out = [_svg_open(width, height, "problab-chart",
                     title or x_label or ", ".join(map(str, labels)), description)]
    if title:
        out.append(f'<text x="{width / 2}" y="15" font-size="13" text-anchor="middle" {FONT}>'
                   f"{escape(title)}</text>")
    bottom_y = top_pad + row * len(labels)
    for t in _nice_ticks(hi_x - lo_x, 5):
        x = px(lo_x + t)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top_pad}" y2="{bottom_y}" '
                   f'stroke="#eee"/><text x="{x:.1f}" y="{bottom_y + 13}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{tick(lo_x + t)}</text>')
    if x_label:
        out.append(f'<text x="{label_width + plot_w / 2}" y="{height - 4}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{escape(x_label)}</text>')
    color = SERIES_COLORS[1]
    for i, (label, est, (lo, hi)) in enumerate(zip(labels, estimates, intervals, strict=True)):
        y = top_pad + row * i + row / 2
        out.append(f'<text x="{label_width - 6}" y="{y + 4:.1f}" font-size="11" '
                   f'text-anchor="end" {FONT}>{escape(str(label))}</text>')
        tip = tr("chart.interval", lang, label=str(label), est=sig(est), lo=sig(lo), hi=sig(hi))
        out.append(f'<g><title>{escape(tip)}</title>'
                   f'<line x1="{px(lo):.1f}" x2="{px(hi):.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="{color}" stroke-width="3" stroke-opacity="0.5"/>'
                   f'<circle cx="{px(est):.1f}" cy="{y:.1f}" r="4" fill="{color}"/></g>')
    if reference is not None:
        x = px(reference)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top_pad - 4}" y2="{bottom_y}" '
                   f'stroke="{SERIES_COLORS[0]}" stroke-dasharray="5 3" stroke-width="1.5">'
                   f"<title>{escape(reference_label)}: {fmt_significant(reference, lang, 4)}"
                   "</title></line>")
        if reference_label:
            out.append(f'<text x="{x + 4:.1f}" y="{top_pad + 6}" font-size="10" '
                       f'fill="{SERIES_COLORS[0]}" {FONT}>{escape(reference_label)}</text>')
    out.append(f'<line x1="{label_width}" x2="{label_width + plot_w}" y1="{bottom_y}" '
               f'y2="{bottom_y}" stroke="#333"/></svg>')
    return "".join(out)
