"""Draw the War board on canvas layers, with the look of :func:`warkit.render.svg.board_svg`.

The functions take any object with the ipycanvas ``Canvas`` drawing API
(duck-typed), so tests hand them a recorder and the map widget hands them
the layers of a ``MultiCanvas``. Shapes come from
:func:`warkit.render.geometry.board_geometry` and colours from :mod:`warkit.render.svg`;
nothing here knows about games beyond a :class:`warkit.PlayerView`.

Layers, bottom to top (the z-order of the SVG): the static board (sea,
land tinted by continent, sea links, legend), the owners (each territory
tinted with its owner's colour, its borders in its continent's colour; empty
when the map shows continents), the highlights (legal sources and targets,
selection, arrows), the pieces (names, army badges, the players' key). Every
function redraws its whole layer: call them inside ``ipycanvas.hold_canvas()``
so a redraw is one message.

Colour-blind players: each colour's army badge has its own shape
(:data:`BADGE_SHAPES`: red circles, green squares, blue diamonds...), and the
players' key on the map names the colour of each shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from warkit import PlayerView, world_map
from warkit.render.geometry import board_geometry
from warkit.render.layout import (
    BADGE_DROP,
    NAME_LIFT,
    Point,
    arrow_head,
    arrow_strokes,
    badge_radius,
)
from warkit.render.svg import (
    ARROW_COLOR,
    CONTINENT_COLORS,
    FONT,
    HIGHLIGHT_COLOR,
    PLAYER_COLORS,
    SEA_COLOR,
    SEA_LINK_COLOR,
    SELECT_COLOR,
    TEXT_COLOR,
    readable_text_color,
)

from .controller import Highlights, HintMark
from .i18n import color_name

Canvas = Any
"""Anything with the ipycanvas ``Canvas`` drawing methods and style attributes."""
COAST_COLOR = "#4a4035"
SOURCE_COLOR = "#ffffff"
HINT_COLOR = "#7b1fa2"
"""The coach's suggestion (a deep purple, unlike the red battle arrow and the yellow targets);
its shape tells it apart without colour: dashed arrow and outline, rings on a placement."""
HINT_DASH = (6.0, 3.5)
OWNER_TINT = 0.55
"""How much of the owner's colour a territory's fill takes (the rest is white): light enough
for the names and badges on it to read."""
BADGE_SHAPES: dict[str, tuple[int, float, float]] = {
    "red": (0, 0.0, 1.0), "green": (4, 45.0, 1.22), "blue": (4, 0.0, 1.38),
    "yellow": (6, 0.0, 1.16), "black": (5, 180.0, 1.3), "white": (3, -90.0, 1.75),
}
"""Badge shape per colour, as (corners, rotation in degrees, size over the circle's radius);
0 corners is a circle. Red and green (the usual colour-blind confusion) differ most."""


def hex_rgb(hex_color: str) -> tuple[int, int, int]:
    """``"#c6dfeb"`` (or ``"#fff"``) as an (r, g, b) tuple."""
    h = hex_color.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


@cache
def territory_rings() -> tuple[tuple[np.ndarray, ...], ...]:
    """Per territory, its rings as (n, 2) float arrays in viewBox units."""
    return tuple(tuple(np.asarray(ring, dtype=np.float64) for ring in shape.polygons)
                 for shape in board_geometry().territories)


@cache
def _land() -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """All rings of the board with their continent fill and border colours (RGB rows)."""
    rings, fills, edges = [], [], []
    for terr, own in zip(world_map().territories, territory_rings(), strict=True):
        fill, edge = CONTINENT_COLORS.get(terr.continent, ("#dddddd", "#777777"))
        for ring in own:
            rings.append(ring)
            fills.append(hex_rgb(fill))
            edges.append(hex_rgb(edge))
    return rings, np.array(fills, dtype=np.uint8), np.array(edges, dtype=np.uint8)


def _begin(layer: Canvas, scale: float) -> None:
    """Clear a layer and set the viewBox → pixels transform."""
    layer.reset_transform()  # clearRect is transformed: clear the whole buffer first
    layer.clear()
    layer.set_transform(scale, 0, 0, scale, 0, 0)


def paint_static(layer: Canvas, scale: float = 1.0, lang: str = "pt") -> None:
    """Sea, graticule, coast, continent-tinted territories, dashed sea links, legend."""
    geo = board_geometry()
    _begin(layer, scale)
    layer.fill_style = SEA_COLOR
    layer.fill_rect(0, 0, geo.width, geo.height)
    layer.stroke_style = "rgba(255, 255, 255, 0.35)"
    layer.line_width = 0.6
    for i in range(1, 8):
        layer.stroke_line(geo.width * i / 8, 0, geo.width * i / 8, geo.height)
    for i in range(1, 5):
        layer.stroke_line(0, geo.height * i / 5, geo.width, geo.height * i / 5)

    rings, fills, edges = _land()
    layer.line_join = "round"
    layer.stroke_style = "rgba(255, 255, 255, 0.55)"
    layer.line_width = 7
    layer.stroke_polygons(rings)
    layer.stroke_style = COAST_COLOR
    layer.line_width = 2.2
    layer.stroke_polygons(rings)
    layer.fill_styled_polygons(rings, fills)
    layer.line_width = 0.8
    layer.stroke_styled_polygons(rings, edges)

    layer.stroke_style = SEA_LINK_COLOR
    layer.line_width = 1.3
    layer.line_cap = "round"
    layer.set_line_dash([4, 3])
    for link in geo.sea_links:
        for (x0, y0), (x1, y1) in link.segments:
            layer.stroke_line(x0, y0, x1, y1)
    layer.set_line_dash([])
    _legend(layer, lang)


def _legend(layer: Canvas, lang: str) -> None:
    """The continent key (tint, name, bonus, C-REINF-2) in the empty South Pacific."""
    wmap, geo = world_map(), board_geometry()
    rows, line, w = len(wmap.continents), 13.0, 150.0
    x, y = 14.0, geo.height - 14.0 - rows * line - 8.0
    layer.fill_style = "rgba(255, 255, 255, 0.7)"
    layer.fill_rect(x, y, w, rows * line + 8.0)
    layer.stroke_style = "#7d98a6"
    layer.line_width = 0.7
    layer.stroke_rect(x, y, w, rows * line + 8.0)
    layer.font = f"8.5px {FONT}"
    layer.text_baseline = "alphabetic"
    for k, cont in enumerate(wmap.continents):
        fill, edge = CONTINENT_COLORS.get(cont.id, ("#dddddd", "#777777"))
        cy = y + 4.0 + k * line
        layer.fill_style = fill
        layer.fill_rect(x + 7, cy + 2.0, 14.0, 9.0)
        layer.stroke_style = edge
        layer.line_width = 0.8
        layer.stroke_rect(x + 7, cy + 2.0, 14.0, 9.0)
        layer.fill_style = TEXT_COLOR
        layer.text_align = "left"
        layer.fill_text(cont.name(lang), x + 27, cy + 9.6)
        layer.text_align = "right"
        layer.fill_text(f"+{cont.bonus}", x + w - 8, cy + 9.6)


def owner_tint(color: str) -> tuple[int, int, int]:
    """A territory's fill for an owner colour id: :data:`OWNER_TINT` of it over white."""
    red, green, blue = (round(OWNER_TINT * c + (1 - OWNER_TINT) * 255)
                        for c in hex_rgb(PLAYER_COLORS[color]))
    return red, green, blue


@cache
def _continent_edges() -> np.ndarray:
    return _land()[2]


def paint_owners(layer: Canvas, view: PlayerView | None, scale: float = 1.0) -> None:
    """Each territory tinted by its owner (:func:`owner_tint`), its borders in its
    continent's colour; ``view=None`` clears the layer (the continents' tints show)."""
    _begin(layer, scale)
    if view is None or min(view.owner) < 0:
        return
    rings = _land()[0]
    per_ring = [i for i, own in enumerate(territory_rings()) for _ in own]
    tints = {c: owner_tint(c) for c in set(view.colors)}
    fills = np.array([tints[view.colors[view.owner[i]]] for i in per_ring], dtype=np.uint8)
    layer.fill_styled_polygons(rings, fills)
    layer.line_join = "round"
    layer.line_width = 1.6
    layer.stroke_styled_polygons(rings, _continent_edges())


def badge_outline(color: str, x: float, y: float, r: float) -> np.ndarray:
    """The (n, 2) outline of an army badge of colour ``color`` centred at (x, y) for a circle
    of radius ``r`` (:data:`BADGE_SHAPES`)."""
    corners, turn, size = BADGE_SHAPES.get(color, (0, 0.0, 1.0))
    n = corners or 20
    angles = np.radians(turn) + 2 * np.pi * np.arange(n) / n
    radius = r * size
    dy = 0.25 * r if corners == 3 else 0.0  # a triangle's number sits low: lift the shape
    return np.column_stack([x + radius * np.cos(angles), y - dy + radius * np.sin(angles)])


def paint_pieces(layer: Canvas, view: PlayerView, scale: float = 1.0, lang: str = "pt") -> None:
    """Territory names, army badges in the owners' colours and shapes with the army counts,
    and the players' key."""
    geo, wmap = board_geometry(), world_map()
    _begin(layer, scale)
    layer.text_align = "center"
    layer.text_baseline = "alphabetic"
    layer.line_join = "round"
    layer.font = f"bold 8px {FONT}"
    layer.stroke_style = "rgba(255, 255, 255, 0.85)"
    layer.line_width = 2.4
    layer.fill_style = TEXT_COLOR
    for shape, terr in zip(geo.territories, wmap.territories, strict=True):
        x, y = shape.label
        name = terr.name(lang).upper()
        layer.stroke_text(name, x, y - NAME_LIFT)
        layer.fill_text(name, x, y - NAME_LIFT)

    owned = [i for i, o in enumerate(view.owner) if o >= 0]
    if not owned:
        return
    xs = np.array([geo.territories[i].label[0] for i in owned])
    ys = np.array([geo.territories[i].label[1] + BADGE_DROP for i in owned])
    texts = [str(view.armies[i]) for i in owned]
    radii = np.array([badge_radius(t) for t in texts])
    fills = [PLAYER_COLORS[view.colors[view.owner[i]]] for i in owned]
    inks = [readable_text_color(f) for f in fills]
    colors = [view.colors[view.owner[i]] for i in owned]
    shapes = [badge_outline(c, float(x), float(y), float(r))
              for c, x, y, r in zip(colors, xs, ys, radii)]
    layer.fill_style = "rgba(0, 0, 0, 0.25)"
    layer.fill_polygons([s + np.array([0.0, 0.6]) for s in shapes])
    layer.fill_styled_polygons(shapes, np.array([hex_rgb(f) for f in fills], dtype=np.uint8))
    layer.line_width = 1.1
    rims = np.array([hex_rgb("#ffffff" if ink == "#ffffff" else "#2b2b2b") for ink in inks],
                    dtype=np.uint8)
    layer.stroke_styled_polygons(shapes, rims)
    layer.font = f"bold 9px {FONT}"
    for ink in sorted(set(inks)):
        layer.fill_style = ink
        for x, y, text, own_ink in zip(xs, ys, texts, inks, strict=True):
            if own_ink == ink:
                layer.fill_text(text, float(x), float(y) + 3.2)
    _players_key(layer, view, lang)


def _players_key(layer: Canvas, view: PlayerView, lang: str) -> None:
    """Each colour in play with its badge shape and name, in the South Pacific beside the
    continents' key (the South Atlantic stays open sea: tests click it to clear)."""
    colors = view.colors
    line, w = 14.0, 80.0
    x, y = 172.0, board_geometry().height - 14.0 - len(colors) * line - 8.0
    layer.fill_style = "rgba(255, 255, 255, 0.7)"
    layer.fill_rect(x, y, w, len(colors) * line + 8.0)
    layer.stroke_style = "#7d98a6"
    layer.line_width = 0.7
    layer.stroke_rect(x, y, w, len(colors) * line + 8.0)
    layer.font = f"8.5px {FONT}"
    layer.text_align = "left"
    layer.text_baseline = "alphabetic"
    for k, color in enumerate(colors):
        cy = y + 4.0 + k * line + 6.5
        shape = badge_outline(color, x + 14.0, cy, 4.6)
        layer.fill_style = PLAYER_COLORS[color]
        layer.fill_polygon(shape)
        layer.stroke_style = "#2b2b2b"
        layer.line_width = 0.9
        layer.stroke_polygon(shape)
        layer.fill_style = TEXT_COLOR
        layer.fill_text(color_name(color, lang).capitalize(), x + 26.0, cy + 3.2)


def paint_highlights(layer: Canvas, highlights: Highlights, scale: float = 1.0) -> None:
    """Pickable sources, the glowing targets, the selection outline and the arrow, and the
    coach's hint over them in its own style (:func:`_hint`)."""
    rings = territory_rings()
    _begin(layer, scale)
    layer.line_join = "round"
    if highlights.sources:
        pts = [r for i in sorted(highlights.sources) for r in rings[i]]
        layer.fill_style = "rgba(255, 255, 255, 0.28)"
        layer.fill_polygons(pts)
        layer.stroke_style = SOURCE_COLOR
        layer.line_width = 1.6
        layer.set_line_dash([3, 2])
        layer.stroke_polygons(pts)
        layer.set_line_dash([])
    if highlights.targets:
        pts = [r for i in sorted(highlights.targets) for r in rings[i]]
        for width, alpha in ((8, 0.35), (4.5, 0.5)):
            layer.global_alpha = alpha
            layer.stroke_style = HIGHLIGHT_COLOR
            layer.line_width = width
            layer.stroke_polygons(pts)
        layer.global_alpha = 0.45
        layer.fill_style = "#fff6c8"
        layer.fill_polygons(pts)
        layer.global_alpha = 1.0
        layer.line_width = 2
        layer.stroke_polygons(pts)
    for chosen in (highlights.selected, highlights.target):
        if chosen is None:
            continue
        pts = list(rings[chosen])
        layer.stroke_style = SELECT_COLOR
        layer.line_width = 3.2
        layer.stroke_polygons(pts)
        layer.stroke_style = "#ffffff"
        layer.line_width = 1.1
        layer.stroke_polygons(pts)
    hint = highlights.hint
    hinted = hint is not None and hint.kind != "place" and hint.territories == highlights.arrow
    if highlights.arrow is not None and not hinted:  # the hint's own arrow replaces it
        for start, control, end, head in arrow_strokes(*highlights.arrow):
            _arrow(layer, start, control, end, head)
    if hint is not None:
        _hint(layer, hint)


def _hint(layer: Canvas, hint: HintMark) -> None:
    """The coach's suggestion: its territories outlined with a dashed purple line on a white
    glow, then a dashed arrow (an attack or a move) or two rings round the army badge (a
    placement) - dashes and rings, not colour alone, tell it from the selection."""
    rings = territory_rings()
    pts = [r for i in hint.territories for r in rings[i]]
    layer.line_join = "round"
    layer.stroke_style = "#ffffff"
    layer.global_alpha = 0.6
    layer.line_width = 7
    layer.stroke_polygons(pts)
    layer.global_alpha = 1.0
    layer.stroke_style = HINT_COLOR
    layer.line_width = 2.4
    layer.set_line_dash(list(HINT_DASH))
    layer.stroke_polygons(pts)
    layer.set_line_dash([])
    if hint.kind == "place":
        x, y = board_geometry().territories[hint.territories[0]].label
        y += BADGE_DROP
        for radius, width, dash in ((13.0, 4.5, []), (13.0, 2.2, list(HINT_DASH)),
                                    (17.5, 1.4, [])):
            layer.stroke_style = "#ffffff" if width > 4 else HINT_COLOR
            layer.line_width = width
            layer.set_line_dash(dash)
            layer.stroke_circle(x, y, radius)
        layer.set_line_dash([])
        return
    src, dst = hint.territories
    for start, control, end, head in arrow_strokes(src, dst):
        _arrow(layer, start, control, end, head, HINT_COLOR, dash=HINT_DASH)


def _arrow(layer: Canvas, start: Point, control: Point, end: Point, head: bool,
           color: str = ARROW_COLOR, dash: Sequence[float] = ()) -> None:
    """One arrow stroke (``dash``: its dash pattern) with a white casing and, if ``head``, a
    solid head at ``end``."""
    tip: Sequence[Point] = ()
    if head:
        end, tip = arrow_head(control, end)
    layer.line_cap = "round"
    for ink, width in (("rgba(255, 255, 255, 0.9)", 5), (color, 2.6)):
        layer.stroke_style = ink
        layer.line_width = width
        layer.set_line_dash(list(dash) if ink == color else [])
        layer.begin_path()
        layer.move_to(*start)
        layer.quadratic_curve_to(*control, *end)
        layer.stroke()
    layer.set_line_dash([])
    if tip:
        layer.fill_style = color
        layer.fill_polygon(list(tip))
        layer.stroke_style = "#ffffff"
        layer.line_width = 1
        layer.stroke_polygon(list(tip))
