"""Small SVG charts for the probability lab (notebooks 01 to 04): bars, lines, heat maps.

Pure Python (no ipywidgets, no matplotlib): each function returns an SVG string that a
notebook shows with ``IPython.display.SVG`` or ``HTML``, and that Voilà serves as it is.

>>> svg = bar_chart_svg(["1", "2"], {"p": [0.5, 0.5]})
>>> svg.startswith("<svg") and svg.count("<rect") >= 2
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

import numpy as np

from warkit.render.svg import readable_text_color

from .html import heat_color

# Distinct, colour-blind-friendly series colours (Okabe-Ito), in order of use.
SERIES_COLORS = ("#b3261e", "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9")
FONT = 'font-family="sans-serif"'


def _fmt(value: float) -> str:
    """An axis label: up to 3 significant digits, no trailing zeros."""
    return "0" if value == 0 else f"{value:.3g}"


def _nice_ticks(top: float, count: int = 4) -> list[float]:
    """Round ticks from 0 up to about ``top``."""
    if top <= 0:
        return [0.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return [k * step for k in range(int(top / step + 1e-9) + 1)]


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
                  title: str = "", y_label: str = "", width: int = 520, height: int = 220,
                  legend: bool | None = None) -> str:
    """Grouped columns: one group per label, one column per series (same length as labels).

    Each column has a tooltip with its exact value; the y axis starts at 0.
    """
    names = list(series)
    values = [list(map(float, series[n])) for n in names]
    if any(len(v) != len(labels) for v in values):
        raise ValueError("every series needs one value per label")
    if legend is None:
        legend = len(names) > 1
    left, right, top_pad, bottom = 46, 12 + (120 if legend else 0), 24 if title else 10, 26
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    top = max([max(v) for v in values if v] + [0.0]) or 1.0
    ticks = _nice_ticks(top)
    top = max(top, ticks[-1])
    group = plot_w / max(1, len(labels))
    col = group * 0.8 / max(1, len(names))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="problab-chart">']
    if title:
        out.append(f'<text x="{width / 2}" y="15" font-size="13" text-anchor="middle" {FONT}>'
                   f"{escape(title)}</text>")
    for t in ticks:
        y = top_pad + plot_h * (1 - t / top)
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#ddd"/><text x="{left - 4}" y="{y + 4:.1f}" font-size="10" '
                   f'text-anchor="end" {FONT}>{_fmt(t)}</text>')
    for i, label in enumerate(labels):
        x0 = left + i * group + group * 0.1
        for k, (name, vals) in enumerate(zip(names, values, strict=True)):
            h = plot_h * vals[i] / top
            color = SERIES_COLORS[k % len(SERIES_COLORS)]
            out.append(f'<rect x="{x0 + k * col:.1f}" y="{top_pad + plot_h - h:.1f}" '
                       f'width="{max(col - 1, 1):.1f}" height="{h:.1f}" fill="{color}">'
                       f"<title>{escape(name)} · {escape(str(label))}: {vals[i]:.4g}</title>"
                       "</rect>")
        out.append(f'<text x="{left + (i + 0.5) * group:.1f}" y="{top_pad + plot_h + 14}" '
                   f'font-size="10" text-anchor="middle" {FONT}>{escape(str(label))}</text>')
    out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top_pad + plot_h}" '
               f'y2="{top_pad + plot_h}" stroke="#333"/>')
    if y_label:
        out.append(f'<text x="12" y="{top_pad + plot_h / 2}" font-size="10" {FONT} '
                   f'transform="rotate(-90 12 {top_pad + plot_h / 2})" text-anchor="middle">'
                   f"{escape(y_label)}</text>")
    if legend:
        out.append(_legend(names, left + plot_w + 12, top_pad + 10))
    out.append("</svg>")
    return "".join(out)


def line_chart_svg(x: Sequence[float], series: Mapping[str, Sequence[float]], *,
                   bands: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None = None,
                   hlines: Mapping[str, float] | None = None, title: str = "",
                   x_label: str = "", log_x: bool = False, y_range: tuple[float, float] | None
                   = None, width: int = 560, height: int = 240) -> str:
    """Lines over a common ``x``; ``bands`` shade (low, high) around the series of the same
    name; ``hlines`` draw dashed reference lines (an exact value, say). ``log_x`` for
    sample sizes."""
    bands, hlines = bands or {}, hlines or {}
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

    def px(v: np.ndarray) -> np.ndarray:
        return left + plot_w * (fx(np.asarray(v, float)) - x0) / (x1 - x0)

    def py(v: np.ndarray) -> np.ndarray:
        return top_pad + plot_h * (1 - (np.clip(np.asarray(v, float), lo, hi) - lo) / (hi - lo))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="problab-chart">']
    if title:
        out.append(f'<text x="{left + plot_w / 2}" y="15" font-size="13" text-anchor="middle" '
                   f"{FONT}>{escape(title)}</text>")
    for t in np.linspace(lo, hi, 5):
        y = float(py(t))
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#eee"/><text x="{left - 4}" y="{y + 4:.1f}" font-size="10" '
                   f'text-anchor="end" {FONT}>{_fmt(round(float(t), 4))}</text>')
    ticks = ([10 ** k for k in range(math.ceil(x0), math.floor(x1) + 1)] if log_x
             else np.linspace(xs.min(), xs.max(), 5))
    for t in ticks:
        xx = float(px(t))
        out.append(f'<text x="{xx:.1f}" y="{top_pad + plot_h + 14}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{f"{t:,}" if log_x else _fmt(float(t))}</text>')
    if x_label:
        out.append(f'<text x="{left + plot_w / 2}" y="{height - 3}" font-size="10" '
                   f'text-anchor="middle" {FONT}>{escape(x_label)}</text>')
    for k, name in enumerate(names):
        color = SERIES_COLORS[k % len(SERIES_COLORS)]
        if name in bands:
            low, high = bands[name]
            pts = list(zip(px(xs), py(high), strict=True)) + list(
                zip(px(xs)[::-1], py(low)[::-1], strict=True))
            poly = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)
            out.append(f'<polygon points="{poly}" fill="{color}" fill-opacity="0.18"/>')
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(px(xs), py(series[name]), strict=True))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="1.5"/>')
    for k, (name, value) in enumerate(hlines.items(), start=len(names)):
        color = SERIES_COLORS[k % len(SERIES_COLORS)] if name not in series else "#333"
        y = float(py(value))
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="{color}" stroke-dasharray="5 3" stroke-width="1.5">'
                   f"<title>{escape(name)}: {value:.6g}</title></line>")
    out.append(f'<rect x="{left}" y="{top_pad}" width="{plot_w}" height="{plot_h}" '
               'fill="none" stroke="#333"/>')
    out.append(_legend(legend_names, left + plot_w + 12, top_pad + 10))
    out.append("</svg>")
    return "".join(out)


def heat_map_svg(table: np.ndarray, *, title: str = "", row_label: str = "attackers",
                 col_label: str = "defenders", cell: int = 14, first: int = 1,
                 marks: Sequence[tuple[int, int]] = ()) -> str:
    """``table[a, d]`` (probabilities, 0 to 1) as coloured squares from ``first`` on, rows
    going down, with a tooltip per square; ``marks`` outline some squares."""
    rows, cols = table.shape
    left, top_pad = 44, 34 if title else 20
    width = left + cell * (cols - first) + 70
    height = top_pad + max(cell * (rows - first), 11 * 12 + 12) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="problab-heat">']
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
                       f"<title>{a} × {d}: {100 * p:.1f}%</title></rect>")
    for d in range(first, cols):
        if d % 5 == 0 or d == first:
            x = left + (d - first) * cell + cell / 2
            out.append(f'<text x="{x}" y="{top_pad - 1}" font-size="9" text-anchor="middle" '
                       f"{FONT}>{d}</text>")
    for a, d in marks:
        x, y = left + (d - first) * cell, top_pad + (a - first) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="none" '
                   f'stroke="{readable_text_color(heat_color(float(table[a, d])))}" '
                   'stroke-width="2"/>')
    # the colour scale
    sx = left + cell * (cols - first) + 14
    for k in range(11):
        p = 1 - k / 10
        out.append(f'<rect x="{sx}" y="{top_pad + k * 12}" width="14" height="12" '
                   f'fill="{heat_color(p)}"/>')
        if k % 5 == 0:
            out.append(f'<text x="{sx + 18}" y="{top_pad + k * 12 + 10}" font-size="9" '
                       f"{FONT}>{round(100 * p)}%</text>")
    out.append("</svg>")
    return "".join(out)
