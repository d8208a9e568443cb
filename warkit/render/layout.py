"""Where things go on the drawn board, shared by the SVG renderer and the canvas painter.

Territory shapes live in :mod:`warkit.render.geometry`; this module places what is
drawn over them - names, army badges and attack arrows - so that the static
SVG and the live canvas look the same without keeping two copies of the numbers.
"""

from __future__ import annotations

import math

from ..worldmap import world_map
from .geometry import board_geometry

Point = tuple[float, float]
Stroke = tuple[Point, Point, Point, bool]
"""A quadratic arrow stroke: (start, control, end, has a head at the end)."""

NAME_LIFT = 6.8
"""A territory's name sits this far above its label point when it has a badge..."""
NAME_DROP = 2.8
"""... and this far below it (text baseline) when it has none."""
BADGE_DROP = 4.5
"""The army badge sits this far below the label point (when names are shown)."""
HEAD_LENGTH, HEAD_WIDTH = 9.0, 5.0

_WRAP = frozenset({"alasca", "vladivostok"})


def badge_radius(text: str) -> float:
    """The radius of an army badge holding ``text`` (wider for more digits)."""
    return 7.2 + 1.8 * max(0, len(text) - 1)


def badge_center(index: int, names: bool = True) -> Point:
    x, y = board_geometry().territories[index].label
    return (x, y + BADGE_DROP) if names else (x, y)


def _shorten(a: Point, b: Point, cut_a: float, cut_b: float) -> tuple[Point, Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return (a[0] + ux * cut_a, a[1] + uy * cut_a), (b[0] - ux * cut_b, b[1] - uy * cut_b)


def _curve(start: Point, end: Point, bend: float, head: bool) -> Stroke:
    """A quadratic curve bending to the left of the direction of travel."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    return start, ((x0 + x1) / 2 - dy * bend, (y0 + y1) / 2 + dx * bend), end, head


def arrow_strokes(src: int, dst: int, names: bool = True) -> list[Stroke]:
    """The curved strokes of an attack arrow from ``src``'s badge to ``dst``'s.

    Alaska-Vladivostok crosses the edge of the world: one stroke leaves through
    one side of the map and a second comes in at the other, as on the board.
    """
    geo = board_geometry()
    pa, pb = badge_center(src, names), badge_center(dst, names)
    if {world_map().ids[src], world_map().ids[dst]} == _WRAP:
        y = (pa[1] + pb[1]) / 2 - 30
        out_x, in_x = (0.0, geo.width) if pa[0] < pb[0] else (geo.width, 0.0)
        first = _shorten(pa, (out_x, y), 10, 0)
        second = _shorten((in_x, y), pb, 0, 11)
        return [_curve(*first, 0.1, False), _curve(*second, -0.1, True)]
    return [_curve(*_shorten(pa, pb, 10, 11), 0.15, True)]


def arrow_head(control: Point, end: Point) -> tuple[Point, tuple[Point, Point, Point]]:
    """Where a stroke with a head stops (its base) and the head's triangle (tip first)."""
    tx, ty = end[0] - control[0], end[1] - control[1]
    tl = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    base = (end[0] - tx * HEAD_LENGTH, end[1] - ty * HEAD_LENGTH)
    px, py = -ty, tx
    return base, (end, (base[0] + px * HEAD_WIDTH, base[1] + py * HEAD_WIDTH),
                  (base[0] - px * HEAD_WIDTH, base[1] - py * HEAD_WIDTH))
