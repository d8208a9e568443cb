"""Build ``warkit/data/war-geometry.json`` from the hex-cell drawing ``war-board.txt``.

The drawing is the source of truth: one character per hex cell, one letter per
territory (see ``board_grid.CODES``), ``.`` for sea. This script turns it into
smooth polygons while keeping the topology of the cells exactly:

1. trace each territory's cell boundary into rings (integer lattice, exact);
2. cut the rings into *arcs* wherever the neighbour on the other side changes,
   so a border shared by two territories is one arc, used by both;
3. smooth each arc once (edge midpoints, then Chaikin corner cutting, with the
   arc's end points pinned) and simplify it (Douglas-Peucker), so shared
   borders stay identical in both polygons and no gaps or overlaps appear;
4. put the label at the cell deepest inside the territory (the centre of the
   largest inscribed hexagon-ring), then apply hand nudges;
5. draw each sea link between the closest coast points of its two
   territories (Alaska-Vladivostok leaves through the map's side edges).

Two territories share a land border iff two of their cells share an edge; the
script checks that these are exactly the map's land borders before writing.
Pure stdlib; deterministic, so ``tests/test_geometry.py`` can rebuild the file
and compare. Run from the repository root::

    python tests/tools/make_geometry.py            # writes the JSON
    python tests/tools/make_geometry.py --check    # only compares
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_grid import CODES, GRID, SEA, Cell, Vertex

ROOT = Path(__file__).resolve().parents[2]
BOARD = Path(__file__).resolve().parent / "war-board.txt"
MAP = ROOT / "warkit" / "data" / "war-map.json"
OUT = ROOT / "warkit" / "data" / "war-geometry.json"

Point = tuple[float, float]

SMOOTH_STEP = 1.0  # px between resampled points
SMOOTH_HALF_WINDOW = 4  # samples each side in one averaging pass
SMOOTH_PASSES = 3
SIMPLIFY_TOLERANCE = 0.2  # px
DECIMALS = 1
SEA_LINK_MIN_LENGTH = 22.0  # px: short links are lengthened into both coasts to stay visible
SEA_LINK_PULL = 0.5  # weight of the distance from the label-to-label line
# Hand nudges of label points (px), where the deepest cell is not the best spot.
LABEL_NUDGE: dict[str, Point] = {"inglaterra": (-4.0, -4.0), "alemanha": (3.0, 0.0)}
# Hand-chosen sea-link anchors (px), where closest coasts give a poor line.
SEA_LINK_ANCHORS: dict[tuple[str, str], tuple[Point, Point]] = {}
WRAP_LINK = ("alasca", "vladivostok")


def read_board(path: Path = BOARD) -> dict[Cell, str]:
    """Map each land cell to its territory id; checks size and letters."""
    by_code = {code: tid for tid, code in CODES.items()}
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#")]
    if len(lines) != GRID.rows or any(len(ln) != GRID.cols for ln in lines):
        raise ValueError(f"{path.name}: expected {GRID.rows} rows of {GRID.cols} cells")
    cells: dict[Cell, str] = {}
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch == SEA:
                continue
            if ch not in by_code:
                raise ValueError(f"{path.name}: unknown letter {ch!r} at row {r}, column {c}")
            cells[(r, c)] = by_code[ch]
    return cells


def land_adjacency(cells: dict[Cell, str]) -> set[frozenset[str]]:
    """Pairs of territories with two edge-sharing cells."""
    pairs = set()
    for (r, c), tid in cells.items():
        for nb in GRID.neighbours(r, c):
            other = cells.get(nb)
            if other is not None and other != tid:
                pairs.add(frozenset((tid, other)))
    return pairs


def edge_owners(cells: dict[Cell, str]) -> dict[frozenset[Vertex], list[str]]:
    """For each cell edge, the territories of the one or two land cells beside it."""
    owner: dict[frozenset[Vertex], list[str]] = {}
    for cell, t in cells.items():
        cs = GRID.corners(*cell)
        for k in range(6):
            owner.setdefault(frozenset((cs[k], cs[(k + 1) % 6])), []).append(t)
    return owner


def _rings(cells: dict[Cell, str], tid: str, owner: dict[frozenset[Vertex], list[str]]
           ) -> list[list[tuple[Vertex, str | None]]]:
    """Boundary rings of a territory: lists of (vertex, label across the edge leaving it)."""
    nxt: dict[Vertex, tuple[Vertex, str | None]] = {}
    for cell, t in cells.items():
        if t != tid:
            continue
        cs = GRID.corners(*cell)
        for k in range(6):
            a, b = cs[k], cs[(k + 1) % 6]
            labels = owner[frozenset((a, b))]
            if labels.count(tid) == 2:
                continue  # interior edge
            across = next((x for x in labels if x != tid), None)
            if a in nxt:
                raise ValueError(f"{tid}: boundary touches itself at {a}")
            nxt[a] = (b, across)
    rings = []
    while nxt:
        start = min(nxt)
        ring, v = [], start
        while True:
            b, across = nxt.pop(v)
            ring.append((v, across))
            v = b
            if v == start:
                break
        rings.append(ring)
    return rings


def _dp(points: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker simplification of an open polyline (end points kept)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = points[i], points[j]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1e-12
        best, best_k = -1.0, -1
        for k in range(i + 1, j):
            px, py = points[k]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm
            if d > best:
                best, best_k = d, k
        if best > tol:
            keep[best_k] = True
            stack += [(i, best_k), (best_k, j)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def _resample(points: list[Point], step: float, closed: bool) -> list[Point]:
    """Points every ``step`` px along the polyline (keeps the first and, if open, last)."""
    pts = [*points, points[0]] if closed else points
    out = [pts[0]]
    carry = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = step - carry
        while t < seg:
            out.append((x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg))
            t += step
        carry = seg - (t - step)
    if closed:
        if math.hypot(out[-1][0] - out[0][0], out[-1][1] - out[0][1]) < step / 2:
            out.pop()
    elif out[-1] != pts[-1]:
        out.append(pts[-1])
    return out


def _average(points: list[Point], closed: bool) -> list[Point]:
    """Moving averages (a near-Gaussian blur) along the line; open lines keep their ends.

    Near the ends of an open arc the window narrows to nothing, so arcs meet
    at their pinned junctions without a kink.
    """
    n = len(points)
    for _ in range(SMOOTH_PASSES):
        out = []
        for i in range(n):
            h = SMOOTH_HALF_WINDOW if closed else min(SMOOTH_HALF_WINDOW, i, n - 1 - i)
            idx = [(i + k) % n for k in range(-h, h + 1)]
            out.append((sum(points[j][0] for j in idx) / len(idx),
                        sum(points[j][1] for j in idx) / len(idx)))
        points = out
    return points


def _smooth_arc(vertices: list[Vertex], closed: bool) -> list[Point]:
    """Smooth one arc given by lattice vertices; open arcs keep their end points.

    Hex outlines zig-zag and run along three directions only; edge midpoints
    remove the zig-zag, and a blur along the line rounds the long runs into
    coast-like curves. Then Douglas-Peucker drops the points not needed.
    """
    pts = [GRID.point(v) for v in vertices]
    n = len(pts)
    if closed:
        mids = [((pts[i][0] + pts[(i + 1) % n][0]) / 2, (pts[i][1] + pts[(i + 1) % n][1]) / 2)
                for i in range(n)]
        sm = _average(_resample(mids, SMOOTH_STEP, closed=True), closed=True)
        # Split the loop in two so the open-line simplifier can work on it.
        half = len(sm) // 2
        a = _dp(sm[: half + 1], SIMPLIFY_TOLERANCE)
        b = _dp([*sm[half:], sm[0]], SIMPLIFY_TOLERANCE)
        out = a[:-1] + b[:-1]
    else:
        mids = [pts[0]] + [((pts[i][0] + pts[i + 1][0]) / 2, (pts[i][1] + pts[i + 1][1]) / 2)
                           for i in range(n - 1)] + [pts[-1]]
        sm = _average(_resample(mids, SMOOTH_STEP, closed=False), closed=False)
        out = _dp(sm, SIMPLIFY_TOLERANCE)
    return [(round(x, DECIMALS), round(y, DECIMALS)) for x, y in out]


def _signed_area(ring: list[Point]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0
                     for (x0, y0), (x1, y1) in itertools.pairwise([*ring, ring[0]]))


def territory_rings(cells: dict[Cell, str], tid: str,
                    owner: dict[frozenset[Vertex], list[str]],
                    cache: dict[tuple[Vertex, ...], list[Point]]) -> list[list[Point]]:
    """Smoothed outer rings of a territory (holes are an error)."""
    out = []
    for ring in _rings(cells, tid, owner):
        n = len(ring)
        cuts = [i for i in range(n) if ring[i][1] != ring[i - 1][1]]
        if not cuts:
            arcs = [([v for v, _ in ring], True)]
        else:
            arcs = []
            for a, b in itertools.pairwise([*cuts, cuts[0] + n]):
                arcs.append(([ring[k % n][0] for k in range(a, b + 1)], False))
        smoothed: list[Point] = []
        for verts, closed in arcs:
            key = tuple(verts)
            rev = tuple(reversed(verts))
            if closed:
                pts = _smooth_arc(verts, True)
            elif key in cache:
                pts = cache[key]
            elif rev in cache:
                pts = list(reversed(cache[rev]))
            else:
                pts = cache[key] = _smooth_arc(verts, False)
            smoothed += pts if closed else pts[:-1]
        if _signed_area(smoothed) <= 0:  # screen y is down: outer rings are clockwise > 0
            raise ValueError(f"{tid}: the drawing has a hole (a lake or an enclave)")
        out.append(smoothed)
    out.sort(key=lambda rg: -abs(_signed_area(rg)))
    return out


def cell_at(x: float, y: float, sx: float = GRID.sx, sy: float = GRID.sy) -> Cell:
    """The grid cell whose hexagon contains the point (nearest centre, hex-scaled)."""
    r0 = round((y / sy - 2) / 3)
    best, best_d = (0, 0), math.inf
    for r in (r0 - 1, r0, r0 + 1):
        shift = 1 + (r & 1)
        c = round((x / sx - shift) / 2)
        cy = (3 * r + 2) * sy
        for cc in (c - 1, c, c + 1):
            d = ((2 * cc + shift) * sx - x) ** 2 + ((cy - y) * 1.15) ** 2
            if d < best_d:
                best, best_d = (r, cc), d
    return best


def label_point(cells: dict[Cell, str], tid: str, name_chars: int) -> Point:
    """Where the name and army badge go: the badge well inside, the name with room.

    The renderer puts the name just above the point and the badge just below;
    each candidate cell centre is scored by how much of those two boxes falls
    on the territory, then by depth, then by closeness to the centroid.
    """
    own = {cell for cell, t in cells.items() if t == tid}
    depth: dict[Cell, int] = {}
    queue: deque[Cell] = deque()
    for cell in own:
        nbs = GRID.neighbours(*cell)
        if len(nbs) < 6 or any(nb not in own for nb in nbs):
            depth[cell] = 0
            queue.append(cell)
    while queue:
        cell = queue.popleft()
        for nb in GRID.neighbours(*cell):
            if nb in own and nb not in depth:
                depth[nb] = depth[cell] + 1
                queue.append(nb)
    xs = [GRID.centre(*cell) for cell in own]
    cx = sum(x for x, _ in xs) / len(xs)
    cy = sum(y for _, y in xs) / len(xs)
    half = name_chars * 2.6 + 2

    def frac(points: list[Point]) -> float:
        return sum(cell_at(x, y) in own for x, y in points) / len(points)

    def score(cell: Cell) -> float:
        x, y = GRID.centre(*cell)
        steps = max(2, int(half // 4))
        name = [(x + half * k / steps, y + dy) for k in range(-steps, steps + 1)
                for dy in (-12.0, -6.0)]
        badge = [(x + dx, y + dy) for dx in (-7.0, 0.0, 7.0) for dy in (-1.0, 4.5, 11.0)]
        return (3 * frac(badge) + frac(name) + 0.15 * min(depth[cell], 4)
                - math.hypot(x - cx, y - cy) / 300)

    best = max(sorted(own), key=score)
    x, y = GRID.centre(*best)
    dx, dy = LABEL_NUDGE.get(tid, (0.0, 0.0))
    return round(x + dx, DECIMALS), round(y + dy, DECIMALS)


def _off_line(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the line through a and b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return abs(dy * (p[0] - a[0]) - dx * (p[1] - a[1])) / (math.hypot(dx, dy) or 1.0)


def _anchors(ra: list[list[Point]], rb: list[list[Point]], la: Point, lb: Point
             ) -> tuple[Point, Point]:
    """Coast points for a sea link: short, and near the line between the two labels.

    Pure closest points bunch several links on one headland (England has
    three); the pull towards the label-to-label line spreads them out.
    """
    pa = [(p, _off_line(p, la, lb)) for ring in ra for p in ring]
    pb = [(q, _off_line(q, la, lb)) for ring in rb for q in ring]
    best = (math.inf, (0.0, 0.0), (0.0, 0.0))
    for p, op in pa:
        for q, oq in pb:
            cost = math.hypot(p[0] - q[0], p[1] - q[1]) + SEA_LINK_PULL * (op + oq)
            if cost < best[0]:
                best = (cost, p, q)
    return best[1], best[2]


def _lengthen(p: Point, q: Point, minimum: float) -> tuple[Point, Point]:
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    if length >= minimum or length == 0:
        return p, q
    ext = (minimum - length) / 2 / length
    dx, dy = (q[0] - p[0]) * ext, (q[1] - p[1]) * ext
    return (p[0] - dx, p[1] - dy), (q[0] + dx, q[1] + dy)


def sea_link_segments(a: str, b: str, rings: dict[str, list[list[Point]]],
                      labels: dict[str, Point]) -> list[list[float]]:
    """Line segments [x1, y1, x2, y2] drawn for the sea link a-b."""
    if {a, b} == set(WRAP_LINK):
        west = min((p for ring in rings["alasca"] for p in ring), key=lambda p: p[0])
        east = max((p for ring in rings["vladivostok"] for p in ring), key=lambda p: p[0])
        y = round((west[1] + east[1]) / 2, DECIMALS)
        segs = {"alasca": [west[0] + 4, west[1], 0.0, y],
                "vladivostok": [east[0] - 4, east[1], GRID.width, y]}
        return [segs[a], segs[b]]
    if (a, b) in SEA_LINK_ANCHORS:
        p, q = SEA_LINK_ANCHORS[(a, b)]
    else:
        p, q = _anchors(rings[a], rings[b], labels[a], labels[b])
    p, q = _lengthen(p, q, SEA_LINK_MIN_LENGTH)
    return [[round(v, DECIMALS) for v in (*p, *q)]]


def build(board: Path = BOARD, check: bool = True) -> dict:
    """The geometry document (JSON-ready) for the board drawing."""
    world = json.loads(MAP.read_text(encoding="utf-8"))
    ids = [t["id"] for t in world["territories"]]
    cells = read_board(board)
    missing = sorted(set(ids) - set(cells.values()))
    if missing:
        raise ValueError(f"territories with no cells: {missing}")
    want = {frozenset((b["a"], b["b"])) for b in world["borders"] if b["kind"] == "land"}
    got = land_adjacency(cells)
    if got != want and check:
        extra = sorted("-".join(sorted(p)) for p in got - want)
        lack = sorted("-".join(sorted(p)) for p in want - got)
        raise ValueError(f"land borders differ from the map: extra {extra}, missing {lack}")
    cache: dict[tuple[Vertex, ...], list[Point]] = {}
    owner = edge_owners(cells)
    rings = {tid: territory_rings(cells, tid, owner, cache) for tid in ids}
    name_chars = {t["id"]: max(len(t["name_pt"]), len(t["name_en"]))
                  for t in world["territories"]}
    labels = {tid: label_point(cells, tid, name_chars[tid]) for tid in ids}
    territories = [
        {"id": tid, "label": list(labels[tid]),
         "polygons": [[v for p in ring for v in p] for ring in rings[tid]]}
        for tid in ids]
    links = [{"a": b["a"], "b": b["b"],
              "segments": sea_link_segments(b["a"], b["b"], rings, labels)}
             for b in world["borders"] if b["kind"] == "sea"]
    return {
        "about": "War board geometry in a fixed viewBox (x right, y down). Generated by "
                 "tests/tools/make_geometry.py from tests/tools/war-board.txt: edit those, "
                 "not this file. Each polygon ring is a flat list x0, y0, x1, y1, ...",
        "viewbox": [0, 0, GRID.width, GRID.height],
        "territories": territories,
        "sea_links": links,
    }


def dumps(doc: dict) -> str:
    """Stable JSON text: one territory or sea link per line."""
    def one(x: object) -> str:
        return json.dumps(x, ensure_ascii=False, separators=(",", ":"))

    lines = ["{", f'"about":{one(doc["about"])},', f'"viewbox":{one(doc["viewbox"])},',
             '"territories":[']
    lines += [one(t) + ("," if i < len(doc["territories"]) - 1 else "")
              for i, t in enumerate(doc["territories"])]
    lines += ["],", '"sea_links":[']
    lines += [one(s) + ("," if i < len(doc["sea_links"]) - 1 else "")
              for i, s in enumerate(doc["sea_links"])]
    lines += ["]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = dumps(build())
    if "--check" in argv:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} is stale: run make_geometry.py")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
