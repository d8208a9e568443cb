"""Board geometry as data: a shape, a label point and sea-link lines per territory.

The drawing of the War board lives in the packaged ``data/war-geometry.json``
(generated from a hex-cell drawing by ``tests/tools/make_geometry.py``), in a
fixed viewBox with x to the right and y down. The SVG renderer and the canvas
widget both draw from it, and clicks are hit-tested against it in pure Python.

Its drawn land borders are exactly the map's land borders (C-ATK-1): two
territories' shapes touch along a line iff they share a land border; the 22
sea links are the dashed lines. ``tests/test_geometry.py`` checks this.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..errors import MapDataError
from ..worldmap import world_map

Point = tuple[float, float]
Ring = tuple[Point, ...]
Segment = tuple[Point, Point]


def _ring_contains(ring: Ring, x: float, y: float) -> bool:
    """Even-odd ray casting: is (x, y) inside the closed ring?"""
    inside = False
    x0, y0 = ring[-1]
    for x1, y1 in ring:
        if (y1 > y) != (y0 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside


@dataclass(frozen=True, slots=True)
class TerritoryShape:
    """How one territory is drawn: its polygon(s), label point and bounding box.

    ``polygons`` holds one ring per piece of land (the mainland first, then
    islands), each a closed ring of (x, y) points without a repeated first
    point. ``index`` is the territory's index in :func:`warkit.world_map`.
    """

    index: int
    id: str
    polygons: tuple[Ring, ...]
    label: Point
    bbox: tuple[float, float, float, float]
    """(min x, min y, max x, max y) over all rings."""

    def contains(self, x: float, y: float) -> bool:
        """Is the point inside one of the territory's polygons?"""
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        return any(_ring_contains(ring, x, y) for ring in self.polygons)

    def path_data(self) -> str:
        """The shape as compact SVG path data: per ring, ``m`` then relative ``l`` steps.

        Coordinates are rounded to 0.1 first and the steps are taken between
        the rounded points, so the path ends exactly where it should.
        """
        parts = []
        px = py = 0
        for ring in self.polygons:
            pts = [(round(x * 10), round(y * 10)) for x, y in ring]
            steps = [f"{_tenths(x1 - x0)} {_tenths(y1 - y0)}"
                     for (x0, y0), (x1, y1) in itertools.pairwise(pts)]
            parts.append(f"m{_tenths(pts[0][0] - px)} {_tenths(pts[0][1] - py)}l"
                         + " ".join(steps) + "z")
            px, py = pts[0]  # after "z" the pen is back at the ring's start
        return "".join(parts)


def _tenths(v: int) -> str:
    """An integer number of tenths as short decimal text (15 -> "1.5", -3 -> "-.3")."""
    sign = "-" if v < 0 else ""
    whole, frac = divmod(abs(v), 10)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{frac}"


@dataclass(frozen=True, slots=True)
class SeaLink:
    """A dotted sea link between territories ``a`` and ``b`` (ids), as drawn.

    Usually one segment from coast to coast. Alaska-Vladivostok crosses the
    edge of the world, so it is two half-lines, each leaving the map at a
    side edge (``wraps`` is then true).
    """

    a: str
    b: str
    segments: tuple[Segment, ...]

    @property
    def wraps(self) -> bool:
        return len(self.segments) > 1


@dataclass(frozen=True)
class BoardGeometry:
    """The whole drawing. Build it with :func:`board_geometry`; never mutate it."""

    width: float
    height: float
    territories: tuple[TerritoryShape, ...]
    """In the map's data order: ``territories[i]`` draws ``world_map().territories[i]``."""
    sea_links: tuple[SeaLink, ...]
    """One per sea border, in the map's border order."""

    @property
    def viewbox(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, self.width, self.height)

    def shape(self, territory: str | int) -> TerritoryShape:
        """The shape of a territory given by id or index."""
        return self.territories[world_map().index(territory)]

    def hit_test(self, x: float, y: float) -> int | None:
        """The index of the territory under (x, y) in viewBox units, or ``None`` (sea)."""
        for shape in self.territories:
            if shape.contains(x, y):
                return shape.index
        return None

    def sea_link(self, a: str, b: str) -> SeaLink:
        """The drawn sea link between two territory ids (in either order)."""
        for link in self.sea_links:
            if {link.a, link.b} == {a, b}:
                return link
        raise KeyError(f"no sea link between {a!r} and {b!r}")


def _pairs(flat: list[float]) -> Ring:
    return tuple((float(flat[i]), float(flat[i + 1])) for i in range(0, len(flat), 2))


def parse_geometry(raw: dict[str, Any]) -> BoardGeometry:
    """Build and check a :class:`BoardGeometry` from the decoded JSON document.

    Raises :class:`MapDataError` when the drawing does not match the map data
    (a territory missing or out of order, a sea link missing or extra).
    """
    wmap = world_map()
    try:
        _, _, width, height = (float(v) for v in raw["viewbox"])
        shapes = []
        for i, t in enumerate(raw["territories"]):
            rings = tuple(_pairs(r) for r in t["polygons"])
            xs = [x for ring in rings for x, _ in ring]
            ys = [y for ring in rings for _, y in ring]
            shapes.append(TerritoryShape(
                index=i, id=t["id"], polygons=rings,
                label=(float(t["label"][0]), float(t["label"][1])),
                bbox=(min(xs), min(ys), max(xs), max(ys))))
        links = tuple(
            SeaLink(s["a"], s["b"], tuple(((float(g[0]), float(g[1])), (float(g[2]), float(g[3])))
                                          for g in s["segments"]))
            for s in raw["sea_links"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise MapDataError(f"geometry data is missing or has a malformed field: {exc!r}") from exc

    problems = []
    if tuple(s.id for s in shapes) != wmap.ids:
        problems.append("territories are not the map's territories in data order")
    problems += [f"{s.id}: no polygon" for s in shapes if not s.polygons
                 or any(len(r) < 3 for r in s.polygons)]
    sea = {frozenset((b.a, b.b)) for b in wmap.borders if b.kind == "sea"}
    drawn = [frozenset((s.a, s.b)) for s in links]
    if set(drawn) != sea or len(drawn) != len(sea):
        problems.append("sea links are not the map's sea borders")
    problems += [f"sea link {s.a}-{s.b}: no segment" for s in links if not s.segments]
    if problems:
        raise MapDataError("invalid geometry data: " + "; ".join(problems))
    return BoardGeometry(width=width, height=height, territories=tuple(shapes), sea_links=links)


@cache
def board_geometry() -> BoardGeometry:
    """The drawing of the classic War board, loaded and checked once."""
    text = resources.files("warkit").joinpath("data/war-geometry.json").read_text(
        encoding="utf-8")
    return parse_geometry(json.loads(text))


def hit_test(x: float, y: float) -> int | None:
    """The index of the territory under (x, y) in viewBox units, or ``None`` (sea)."""
    return board_geometry().hit_test(x, y)
