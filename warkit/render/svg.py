"""The War board as SVG: a pure function of plain data, built with the stdlib.

:func:`board_svg` draws the board (sea, continent-tinted territories, dashed
sea links, names) and, on top, whatever a picture of a game needs: army
badges in the owners' colours, a selected territory, highlighted territories
and attack arrows. It knows nothing about game states, so lessons, the
dashboard and ``GameState._repr_svg_`` all call it with the same kind of data.

>>> svg = board_svg(owners={"brasil": "red"}, armies={"brasil": 3}, selected="brasil")
>>> svg.startswith("<svg") and 'data-territory="brasil"' in svg
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from ..worldmap import WorldMap, world_map
from .geometry import BoardGeometry, board_geometry
from .layout import (
    NAME_DROP,
    NAME_LIFT,
    Stroke,
    arrow_head,
    arrow_strokes,
    badge_center,
    badge_radius,
)

__all__ = ["CONTINENT_COLORS", "PLAYER_COLORS", "SvgString", "board_svg",
           "readable_text_color"]

T = TypeVar("T")
TerritoryRef = str | int
PerTerritory = Sequence[T | None] | Mapping[TerritoryRef, T | None]


class SvgString(str):
    """An SVG document as text that shows itself as a picture in Jupyter."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


PLAYER_COLORS: dict[str, str] = {
    "white": "#f4f4f0", "black": "#2b2b2b", "red": "#d7263d", "blue": "#1f6fd1",
    "yellow": "#f2c230", "green": "#2e9e4f",
    "branco": "#f4f4f0", "preto": "#2b2b2b", "vermelho": "#d7263d", "azul": "#1f6fd1",
    "amarelo": "#f2c230", "verde": "#2e9e4f",
}
"""The six army colours (C-COMP-1), by English or Portuguese name."""

CONTINENT_COLORS: dict[str, tuple[str, str]] = {
    "america_do_norte": ("#f3c268", "#a8741c"),
    "america_do_sul": ("#9ccf86", "#4d8a3a"),
    "europa": ("#93b9e3", "#3e6a9e"),
    "africa": ("#c9a08a", "#7f5640"),
    "asia": ("#cdd37e", "#7b8132"),
    "oceania": ("#eaa6c4", "#a6557a"),
}
"""Continent tints as (fill, border), after the colours of the printed board."""

SEA_COLOR = "#c6dfeb"
SEA_LINK_COLOR = "#2f5d78"
TEXT_COLOR = "#26221c"
SELECT_COLOR = "#111111"
HIGHLIGHT_COLOR = "#ffd21f"
ARROW_COLOR = "#c0182b"
FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif"
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def _num(v: float) -> str:
    """Compact number text for attributes (one decimal at most)."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _color(value: str, palette: Mapping[str, str]) -> str:
    """A safe CSS colour: a palette name or a ``#rgb`` / ``#rrggbb`` hex string."""
    if value in palette:
        return palette[value]
    if _HEX.fullmatch(value):
        return value
    raise ValueError(f"unknown colour {value!r}: give #rrggbb or one of "
                     + ", ".join(sorted(palette)))


def _luminance(hex_color: str) -> float:
    h = hex_color.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    channels = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two hex colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_text_color(background: str) -> str:
    """Black or white text, whichever contrasts more with ``background`` (a hex colour).

    One of the two always reaches WCAG AA (4.5:1), whatever the background.
    """
    return max(("#000000", "#ffffff"), key=lambda ink: _contrast(background, ink))


def _per_territory(values: PerTerritory[T] | None, wmap: WorldMap,
                   what: str) -> list[T | None]:
    """Normalise per-territory data (a sequence by index or a mapping by id) to a list."""
    out: list[T | None] = [None] * len(wmap.territories)
    if values is None:
        return out
    if isinstance(values, Mapping):
        for key, value in values.items():
            out[wmap.index(key)] = value
        return out
    if isinstance(values, str) or len(values) != len(out):
        raise ValueError(f"{what}: expected {len(out)} values in map order or a mapping by id")
    return list(values)


def _sub(parent: ET.Element, tag: str, **attrs: str | float) -> ET.Element:
    """Add a child element; ``foo_bar`` attribute names become ``foo-bar``."""
    el = ET.SubElement(parent, tag)
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")
        el.set(name, _num(value) if isinstance(value, float | int) else value)
    return el


def _text(parent: ET.Element, x: float, y: float, text: str, **attrs: str | float) -> None:
    _sub(parent, "text", x=x, y=y, **attrs).text = text


def _graticule(svg: ET.Element, geo: BoardGeometry) -> None:
    """Faint lines every 1/8 of the width and 1/5 of the height, like an old chart."""
    g = _sub(svg, "g", class_="graticule", stroke="#ffffff", stroke_opacity="0.35",
             stroke_width="0.6", fill="none")
    for i in range(1, 8):
        x = geo.width * i / 8
        _sub(g, "line", x1=x, y1=0.0, x2=x, y2=geo.height)
    for i in range(1, 5):
        y = geo.height * i / 5
        _sub(g, "line", x1=0.0, y1=y, x2=geo.width, y2=y)


def _arrow(layer: ET.Element, stroke: Stroke, color: str) -> None:
    """One curved arrow stroke with a white casing and, if it has one, a solid head."""
    start, control, end, head = stroke
    tip = None
    if head:
        end, tip = arrow_head(control, end)
    d = (f"M{_num(start[0])} {_num(start[1])}Q{_num(control[0])} {_num(control[1])} "
         f"{_num(end[0])} {_num(end[1])}")
    g = _sub(layer, "g", class_="arrow")
    _sub(g, "path", d=d, fill="none", stroke="#ffffff", stroke_width="5",
         stroke_linecap="round", stroke_opacity="0.9")
    _sub(g, "path", d=d, fill="none", stroke=color, stroke_width="2.6", stroke_linecap="round")
    if tip is not None:
        _sub(g, "polygon", points=" ".join(f"{_num(x)},{_num(y)}" for x, y in tip), fill=color,
             stroke="#ffffff", stroke_width="1", stroke_linejoin="round")


def board_svg(
    *,
    owners: PerTerritory[str] | None = None,
    armies: PerTerritory[int] | None = None,
    colors: Mapping[str, str] | None = None,
    selected: TerritoryRef | None = None,
    highlights: Iterable[TerritoryRef] = (),
    arrows: Iterable[tuple[TerritoryRef, TerritoryRef]] = (),
    lang: str = "pt",
    size: float | None = None,
    names: bool = True,
    legend: bool = True,
) -> SvgString:
    """Draw the War board as an SVG document.

    Every argument is plain data, so the picture depends on nothing else:

    - ``owners``: per territory, the owner's colour or ``None`` (unowned): a
      name from ``colors`` (default :data:`PLAYER_COLORS`, e.g. ``"red"`` or
      ``"vermelho"``) or a hex string ``"#rrggbb"``.
    - ``armies``: per territory, the army count or ``None`` (no badge).
    - ``colors``: extra or replacement colour names for ``owners``.
    - ``selected``: one territory drawn with a heavy outline.
    - ``highlights``: territories drawn with a glow (e.g. legal targets).
    - ``arrows``: ``(from, to)`` pairs drawn as attack arrows.
    - ``lang``: ``"pt"`` (pt-BR) or ``"en"`` territory names.
    - ``size``: the picture's width in pixels (height follows); ``None`` for
      the board's natural size (1000 wide).
    - ``names``: draw the territory names; ``legend``: draw the continent key
      (names and bonuses, C-REINF-2).

    Territories may be given by id or index; per-territory data as a sequence
    in map order or a mapping from id (or index). Each territory's shape
    carries ``data-territory="<id>"`` for styling and browser tests.
    """
    wmap, geo = world_map(), board_geometry()
    palette = {**PLAYER_COLORS, **(colors or {})}
    owner_of = [None if c is None else _color(c, palette)
                for c in _per_territory(owners, wmap, "owners")]
    army_of = _per_territory(armies, wmap, "armies")
    selected_i = None if selected is None else wmap.index(selected)
    highlight_set = {wmap.index(h) for h in highlights}
    arrow_list = [(wmap.index(a), wmap.index(b)) for a, b in arrows]

    width = geo.width if size is None else float(size)
    height = width * geo.height / geo.width
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": " ".join(_num(v) for v in geo.viewbox),
        "width": _num(width), "height": _num(height),
        "font-family": FONT, "class": "warkit-board",
    })
    _sub(svg, "title").text = "War"
    # No <defs> and no ids: several boards in one notebook page cannot clash.
    _sub(svg, "rect", x=0.0, y=0.0, width=geo.width, height=geo.height, fill=SEA_COLOR)
    _graticule(svg, geo)

    # Land: a soft halo in the sea, a dark coastline, then the tinted shapes.
    shapes = geo.territories
    halo = _sub(svg, "g", class_="coast-halo", fill="none", stroke="#ffffff",
                stroke_opacity="0.55", stroke_width="7", stroke_linejoin="round")
    coast = _sub(svg, "g", class_="coast", fill="none", stroke="#4a4035",
                 stroke_width="2.2", stroke_linejoin="round")
    for shape in shapes:
        _sub(halo, "path", d=shape.path_data())
        _sub(coast, "path", d=shape.path_data())
    land = _sub(svg, "g", class_="territories", stroke_width="0.8", stroke_linejoin="round")
    for shape, terr in zip(shapes, wmap.territories, strict=True):
        fill, edge = CONTINENT_COLORS.get(terr.continent, ("#dddddd", "#777777"))
        path = _sub(land, "path", d=shape.path_data(), fill=fill, stroke=edge,
                    class_="territory")
        path.set("data-territory", terr.id)
        path.set("data-continent", terr.continent)
        _sub(path, "title").text = terr.name(lang)

    # Sea links: dashed lines over the sea (C-ATK-1).
    sea = _sub(svg, "g", class_="sea-links", stroke=SEA_LINK_COLOR, stroke_width="1.3",
               stroke_dasharray="4 3", stroke_linecap="round", fill="none")
    for link in geo.sea_links:
        for (x0, y0), (x1, y1) in link.segments:
            line = _sub(sea, "line", x1=x0, y1=y0, x2=x1, y2=y1)
            line.set("data-link", f"{link.a} {link.b}")

    # Highlights and selection.
    if highlight_set:
        glow = _sub(svg, "g", class_="highlights", fill="none", stroke_linejoin="round")
        for i in sorted(highlight_set):
            d = shapes[i].path_data()
            _sub(glow, "path", d=d, stroke=HIGHLIGHT_COLOR, stroke_width="8",
                 stroke_opacity="0.35")
            _sub(glow, "path", d=d, stroke=HIGHLIGHT_COLOR, stroke_width="4.5",
                 stroke_opacity="0.5")
            hl = _sub(glow, "path", d=d, stroke=HIGHLIGHT_COLOR, stroke_width="2",
                      fill="#fff6c8", fill_opacity="0.45", class_="highlight")
            hl.set("data-territory", wmap.territories[i].id)
    if selected_i is not None:
        d = shapes[selected_i].path_data()
        g = _sub(svg, "g", class_="selection", fill="none", stroke_linejoin="round")
        _sub(g, "path", d=d, stroke=SELECT_COLOR, stroke_width="3.2")
        sel = _sub(g, "path", d=d, stroke="#ffffff", stroke_width="1.1", class_="selected")
        sel.set("data-territory", wmap.territories[selected_i].id)

    # Names and army badges.
    has_badge = [army_of[i] is not None or owner_of[i] is not None for i in range(len(shapes))]
    if names:
        labels = _sub(svg, "g", class_="names", fill=TEXT_COLOR, font_size="8",
                      font_weight="bold", text_anchor="middle", stroke="#ffffff",
                      stroke_width="2.4", stroke_opacity="0.85", stroke_linejoin="round",
                      paint_order="stroke", letter_spacing="0.2")
        for shape, terr in zip(shapes, wmap.territories, strict=True):
            x, y = shape.label
            y = y - NAME_LIFT if has_badge[shape.index] else y + NAME_DROP
            _text(labels, x, y, terr.name(lang).upper())
    if any(has_badge):
        badges = _sub(svg, "g", class_="armies", font_size="9", font_weight="bold",
                      text_anchor="middle")
        for shape in shapes:
            i = shape.index
            if not has_badge[i]:
                continue
            x, y = badge_center(i, names)
            fill = owner_of[i] or "#bdbdbd"
            count = army_of[i]
            text = "" if count is None else str(count)
            r = badge_radius(text)
            ink = readable_text_color(fill)
            g = _sub(badges, "g", class_="army")
            g.set("data-territory", wmap.territories[i].id)
            _sub(g, "circle", cx=x, cy=y + 0.6, r=r, fill="#000000", fill_opacity="0.25")
            _sub(g, "circle", cx=x, cy=y, r=r, fill=fill,
                 stroke="#ffffff" if ink == "#ffffff" else "#2b2b2b", stroke_width="1.1")
            if text:
                _text(g, x, y + 3.2, text, fill=ink)

    # Attack arrows, from army badge to army badge.
    if arrow_list:
        layer = _sub(svg, "g", class_="arrows")
        for a, b in arrow_list:
            for stroke in arrow_strokes(a, b, names):
                _arrow(layer, stroke, ARROW_COLOR)

    if legend:
        _legend(svg, wmap, geo, lang)
    return SvgString(ET.tostring(svg, encoding="unicode"))


def _legend(svg: ET.Element, wmap: WorldMap, geo: BoardGeometry, lang: str) -> None:
    """The continent key (tint, name, bonus) in the empty South Pacific."""
    rows = len(wmap.continents)
    x, y, w, line = 14.0, geo.height - 14.0 - rows * 13.0 - 8.0, 150.0, 13.0
    g = _sub(svg, "g", class_="legend", font_size="8.5")
    _sub(g, "rect", x=x, y=y, width=w, height=rows * line + 8.0, rx="5", fill="#ffffff",
         fill_opacity="0.7", stroke="#7d98a6", stroke_width="0.7")
    for k, cont in enumerate(wmap.continents):
        fill, edge = CONTINENT_COLORS.get(cont.id, ("#dddddd", "#777777"))
        cy = y + 4.0 + k * line
        _sub(g, "rect", x=x + 7, y=cy + 2.0, width=14.0, height=9.0, rx="2", fill=fill,
             stroke=edge, stroke_width="0.8")
        _text(g, x + 27, cy + 9.6, cont.name(lang), fill=TEXT_COLOR)
        _text(g, x + w - 8, cy + 9.6, f"+{cont.bonus}", fill=TEXT_COLOR, text_anchor="end",
              font_weight="bold")
