"""The board drawing matches the map exactly, and looks like the world.

The drawn land borders must be exactly the map's 57 land borders, the 22 sea
links must each have a dashed line, and nothing may overlap: a student who
reads adjacency off the picture must get the rules' adjacency (C-ATK-1).
Exactness is checked twice, independently: on the hex cells of the source
drawing (integer arithmetic) and on the smoothed polygons of the packaged
file (shapely).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from warkit import MapDataError, world_map
from warkit.render.geometry import BoardGeometry, board_geometry, hit_test, parse_geometry

TOOLS = Path(__file__).resolve().parent / "tools"
sys.path.insert(0, str(TOOLS))
import make_geometry  # noqa: E402

MIN_GAP = 1.5  # px: territories joined only by sea are visibly apart
MIN_SHARED = 3.0  # px: a land border is a real stretch of line, not a corner
LABEL_MARGIN = 3.0  # px: a label point is well inside its territory


def _shape(geo: BoardGeometry, i: int) -> BaseGeometry:
    polys = [Polygon(ring) for ring in geo.territories[i].polygons]
    return polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)


@pytest.fixture(scope="module")
def geo() -> BoardGeometry:
    return board_geometry()


@pytest.fixture(scope="module")
def shapes(geo: BoardGeometry) -> list[BaseGeometry]:
    return [_shape(geo, i) for i in range(len(geo.territories))]


def _pairs(kind: str) -> set[frozenset[int]]:
    m = world_map()
    return {frozenset((m.index(b.a), m.index(b.b))) for b in m.borders if b.kind == kind}


def test_every_territory_has_a_valid_shape(geo: BoardGeometry,
                                           shapes: list[BaseGeometry]) -> None:
    """C-COMP-2: 42 territories in 6 continents, each drawn, in map order."""
    m = world_map()
    assert len(geo.territories) == len(m.territories) == 42
    assert len(m.continents) == 6
    assert tuple(t.id for t in geo.territories) == m.ids
    for t, s in zip(geo.territories, shapes, strict=True):
        assert s.is_valid, f"{t.id}: {shapely.is_valid_reason(s)}"
        assert s.area > 150, f"{t.id} is too small to see or click ({s.area:.0f} px²)"
        x0, y0, x1, y1 = t.bbox
        assert 0 <= x0 < x1 <= geo.width and 0 <= y0 < y1 <= geo.height, t.id


def test_shapes_do_not_overlap(shapes: list[BaseGeometry]) -> None:
    """No two territories share any area (borders are lines, not strips)."""
    ids = world_map().ids
    for i, j in itertools.combinations(range(len(shapes)), 2):
        area = shapes[i].intersection(shapes[j]).area
        assert area < 1e-6, f"{ids[i]} and {ids[j]} overlap by {area} px²"


def test_drawn_land_borders_are_exactly_the_land_borders(shapes: list[BaseGeometry]) -> None:
    """C-ATK-1: two shapes touch along a line iff the map has a land border there.

    Territories joined only by a dotted sea link, and territories not joined
    at all, are separated by visible sea.
    """
    m = world_map()
    land = _pairs("land")
    assert len(land) == 57
    touching = set()
    for i, j in itertools.combinations(range(len(shapes)), 2):
        a, b = shapes[i], shapes[j]
        if a.distance(b) < MIN_GAP:
            shared = a.boundary.intersection(b.boundary).length
            assert frozenset((i, j)) not in land or shared >= MIN_SHARED, (
                f"{m.ids[i]}-{m.ids[j]} share only {shared:.2f} px of border")
            assert shared > 0 or frozenset((i, j)) in land, (
                f"{m.ids[i]} and {m.ids[j]} nearly touch without a border")
            touching.add(frozenset((i, j)))
    extra = sorted("-".join(m.ids[k] for k in sorted(p)) for p in touching - land)
    missing = sorted("-".join(m.ids[k] for k in sorted(p)) for p in land - touching)
    assert not extra and not missing, f"extra {extra}, missing {missing}"


def test_sea_neighbours_do_not_touch(shapes: list[BaseGeometry]) -> None:
    """C-ATK-1: the 22 sea links cross water; e.g. Brazil and Algeria are an ocean apart."""
    sea = _pairs("sea")
    assert len(sea) == 22
    for pair in sea:
        i, j = sorted(pair)
        assert shapes[i].distance(shapes[j]) >= MIN_GAP
    brasil, argelia = world_map().index("brasil"), world_map().index("argelia")
    assert shapes[brasil].distance(shapes[argelia]) > 50


def test_source_drawing_cells_have_exactly_the_land_borders() -> None:
    """C-ATK-1 on the hex cells: two territories' cells share an edge iff they share a land
    border (exact, integer arithmetic; the polygons are built from these cells)."""
    m = world_map()
    cells = make_geometry.read_board()
    got = make_geometry.land_adjacency(cells)
    want = {frozenset((b.a, b.b)) for b in m.borders if b.kind == "land"}
    assert got == want
    assert set(cells.values()) == set(m.ids)


def test_packaged_geometry_is_rebuilt_from_the_drawing() -> None:
    """The JSON is reproducible: the generator turns the drawing into the same bytes."""
    packaged = (Path(make_geometry.OUT)).read_text(encoding="utf-8")
    assert make_geometry.dumps(make_geometry.build()) == packaged


def test_label_points_are_well_inside(geo: BoardGeometry, shapes: list[BaseGeometry]) -> None:
    for t, s in zip(geo.territories, shapes, strict=True):
        p = Point(t.label)
        assert s.contains(p), t.id
        assert s.boundary.distance(p) >= LABEL_MARGIN, t.id
        assert geo.hit_test(*t.label) == t.index
        assert hit_test(*t.label) == t.index


def test_hit_test_misses_the_sea(geo: BoardGeometry) -> None:
    for x, y in [(1, 1), (geo.width - 1, geo.height - 1), (500, 380),  # mid Atlantic
                 (-10, 50), (geo.width + 5, 100)]:
        assert geo.hit_test(x, y) is None


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 1000), st.floats(0, 560))
def test_hit_test_agrees_with_the_polygons(x: float, y: float) -> None:
    geo = board_geometry()
    p = Point(x, y)
    inside = [i for i in range(len(geo.territories)) if _shape(geo, i).contains(p)]
    near_edge = any(_shape(geo, i).boundary.distance(p) < 1e-6
                    for i in range(len(geo.territories)))
    if not near_edge:
        assert len(inside) <= 1
        assert geo.hit_test(x, y) == (inside[0] if inside else None)


def test_every_sea_link_is_drawn(geo: BoardGeometry, shapes: list[BaseGeometry]) -> None:
    """C-ATK-1: each sea border is a dashed line from one coast to the other."""
    m = world_map()
    drawn = {frozenset((s.a, s.b)) for s in geo.sea_links}
    assert drawn == {frozenset((b.a, b.b)) for b in m.borders if b.kind == "sea"}
    assert len(geo.sea_links) == 22
    for link in geo.sea_links:
        a, b = shapes[m.index(link.a)], shapes[m.index(link.b)]
        if link.wraps:
            continue
        (seg,) = link.segments
        line = LineString(seg)
        assert line.length >= 15, f"{link.a}-{link.b} is too short to see"
        ends = [Point(seg[0]), Point(seg[1])]
        assert a.distance(ends[0]) < 8 and b.distance(ends[1]) < 8, f"{link.a}-{link.b}"
        # The line crosses sea, not a third territory.
        for k, other in enumerate(shapes):
            if k not in (m.index(link.a), m.index(link.b)):
                assert line.intersection(other).length < 0.5, (
                    f"{link.a}-{link.b} crosses {m.ids[k]}")


def test_alaska_vladivostok_wraps_around_the_world(geo: BoardGeometry,
                                                   shapes: list[BaseGeometry]) -> None:
    """The Alaska-Vladivostok link leaves through the map's side edges, as on the board."""
    link = geo.sea_link("vladivostok", "alasca")
    assert link.wraps and len(link.segments) == 2
    m = world_map()
    alasca, vlad = shapes[m.index("alasca")], shapes[m.index("vladivostok")]
    edge_ys = []
    for (x0, y0), (x1, y1) in link.segments:
        start = Point(x0, y0)
        assert x1 in (0.0, geo.width)
        owner = alasca if x1 == 0.0 else vlad
        assert owner.distance(start) < 8
        assert abs(x1 - x0) >= 10
        edge_ys.append(y1)
    assert {s[1][0] for s in link.segments} == {0.0, geo.width}
    assert edge_ys[0] == edge_ys[1]  # the two halves line up across the edge
    # Alaska is at the far left, Vladivostok at the far right.
    assert alasca.bounds[0] < 0.1 * geo.width and vlad.bounds[2] > 0.9 * geo.width


def test_layout_follows_the_world_map(geo: BoardGeometry) -> None:
    """Recognisable geography: labels keep the real-world order of their territories.

    North is up and east is right, with the map cut in the Bering strait:
    for clearly separated pairs the label order matches latitude and longitude.
    """
    m = world_map()
    lon = [(t.lat_lon[1] + 176) % 360 for t in m.territories]
    lat = [t.lat_lon[0] for t in m.territories]
    for i, j in itertools.combinations(range(42), 2):
        (xi, yi), (xj, yj) = geo.territories[i].label, geo.territories[j].label
        if abs(lat[i] - lat[j]) >= 15:
            assert (yi < yj) == (lat[i] > lat[j]), (m.ids[i], m.ids[j])
        if abs(lon[i] - lon[j]) >= 25:
            assert (xi < xj) == (lon[i] < lon[j]), (m.ids[i], m.ids[j])


def test_loader_is_cached_and_frozen(geo: BoardGeometry) -> None:
    assert board_geometry() is geo
    with pytest.raises(AttributeError):
        geo.width = 5  # type: ignore[misc]
    t = geo.shape("brasil")
    assert t.id == "brasil" and geo.shape(t.index) is t
    assert t.path_data().startswith("m") and t.path_data().count("z") == len(t.polygons)


def _parse_path(d: str) -> list[list[tuple[float, float]]]:
    """Read back the renderer's path data (relative m/l/z) into absolute rings."""
    rings: list[list[tuple[float, float]]] = []
    x = y = 0.0
    for part in re.findall(r"m([^z]*)z", d):
        move, _, rest = part.partition("l")
        dx, dy = (float(v) for v in move.split())
        x, y = x + dx, y + dy
        ring = [(x, y)]
        nums = [float(v) for v in rest.split()]
        for k in range(0, len(nums), 2):
            ring.append((ring[-1][0] + nums[k], ring[-1][1] + nums[k + 1]))
        rings.append(ring)
    return rings


def test_path_data_draws_the_polygons(geo: BoardGeometry) -> None:
    """The compact relative SVG path lands on every polygon point (to 0.1 px)."""
    for t in geo.territories:
        rings = _parse_path(t.path_data())
        assert len(rings) == len(t.polygons), t.id
        for got, want in zip(rings, t.polygons, strict=True):
            assert len(got) == len(want)
            for (gx, gy), (wx, wy) in zip(got, want, strict=True):
                assert abs(gx - wx) <= 0.051 and abs(gy - wy) <= 0.051, t.id


def _raw() -> dict:
    return json.loads(Path(make_geometry.OUT).read_text(encoding="utf-8"))


def test_parse_rejects_a_drawing_that_does_not_match_the_map() -> None:
    raw = _raw()
    raw["territories"] = raw["territories"][:-1]
    with pytest.raises(MapDataError, match="territories"):
        parse_geometry(raw)
    raw = _raw()
    raw["sea_links"] = raw["sea_links"][1:]
    with pytest.raises(MapDataError, match="sea links"):
        parse_geometry(raw)
    raw = _raw()
    del raw["viewbox"]
    with pytest.raises(MapDataError, match="malformed"):
        parse_geometry(raw)


def test_geometry_uses_the_whole_board(geo: BoardGeometry) -> None:
    """The world fills the viewBox (no large empty band at any side)."""
    xs = [x for t in geo.territories for x in (t.bbox[0], t.bbox[2])]
    ys = [y for t in geo.territories for y in (t.bbox[1], t.bbox[3])]
    assert min(xs) < 0.05 * geo.width and max(xs) > 0.95 * geo.width
    assert min(ys) < 0.05 * geo.height and max(ys) > 0.95 * geo.height
    assert math.isclose(geo.width / geo.height, 1000 / 560)
