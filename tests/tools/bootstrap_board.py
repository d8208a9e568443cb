"""Bootstrap the hex-cell board drawing ``war-board.txt`` from real coastlines.

Run once, by hand, to start (or restart) the board drawing; the drawing is then
edited by hand and is the source of truth for ``make_geometry.py``. Needs the
``global-land-mask`` package (a 1 km land/sea raster) — tooling only, never a
dependency of warkit::

    pip install global-land-mask
    python tests/tools/bootstrap_board.py > /tmp/war-board.txt

Steps: project the world with a stylised, piecewise-linear Miller projection
(Europe and Africa enlarged, like on the War board), mark each hex cell as land
when most of it is land, give each land cell to the nearest territory seed,
drop specks, and print the grid with one letter per territory.
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_grid import CODES, GRID

# Longitude: the map spans 360° starting at LON0 (Bering strait), so Alaska is on the
# left edge and Chukotka on the right edge, as on the board.
LON0 = -176.0
# Piecewise density of x per degree of longitude (1 = average).
LON_KNOTS = [(-176, 1.0), (-30, 0.95), (-20, 1.3), (62, 0.92), (184, None)]
LAT_TOP, LAT_BOTTOM = 83.5, -56.5
# Extra vertical stretch per latitude band (applied to Miller y).
LAT_KNOTS = [(-60, 1.0), (30, 1.45), (40, 1.1), (72, 0.85), (90, None)]

SEEDS: dict[str, list[tuple[float, float]]] = {
    "alasca": [(65, -155), (62, -145), (64, -142), (58, -135)],
    "mackenzie": [(65, -125), (63, -110), (62, -97), (68, -115), (73, -100), (70, -75), (64, -70),
                  (78, -85)],
    "groenlandia": [(72, -40), (78, -45), (65, -45)],
    "vancouver": [(54, -125), (55, -115), (50, -118)],
    "ottawa": [(52, -95), (50, -88), (55, -90), (48, -82), (53, -106)],
    "labrador": [(54, -62), (50, -72), (57, -68), (48, -66), (49, -56)],
    "california": [(38, -120), (42, -115), (46, -110), (40, -105), (35, -110), (47, -103)],
    "nova_york": [(40, -85), (35, -90), (42, -76), (33, -82), (31, -97), (45, -93), (28, -82)],
    "mexico": [(22, -100), (25, -105), (17, -92), (14, -87), (9, -80), (22, -79)],
    "venezuela": [(6, -68), (4, -74), (8, -63)],
    "peru": [(-10, -76), (-17, -68), (-25, -70), (-32, -71), (-38, -72)],
    "brasil": [(-10, -52), (-5, -45), (-15, -45), (-5, -62), (-20, -50), (-12, -62)],
    "argentina": [(-35, -64), (-28, -62), (-45, -68), (-33, -56), (-52, -69), (-24, -60)],
    "islandia": [(65, -18)],
    "inglaterra": [(53, -2), (57, -4), (53, -8)],
    "suecia": [(63, 16), (67, 20), (60, 10), (62, 27), (69, 27)],
    "moscou": [(56, 38), (60, 40), (50, 35), (65, 45), (55, 50), (57, 25), (53, 28)],
    "alemanha": [(51, 10), (52, 5), (56, 9), (49, 10)],
    "polonia": [(52, 20), (46, 20), (43, 22), (40, 22), (47, 27), (43, 25), (49, 17),
                (45, 16), (47.3, 14)],
    "franca": [(46, 2), (40, -4), (40, -8), (43, 12), (40, 16), (46, 8), (38, 14)],
    "argelia": [(28, 2), (20, 0), (15, -10), (10, -5), (9, 8), (32, -6), (16, 12)],
    "egito": [(27, 30), (27, 20), (30, 25)],
    "sudao": [(12, 30), (8, 38), (2, 38), (-6, 35), (5, 45), (14, 22)],
    "congo": [(-2, 20), (3, 15), (-4, 24), (5, 22), (-12, 18)],
    "africa_do_sul": [(-28, 25), (-20, 30), (-22, 18), (-14, 28), (-17, 36)],
    "madagascar": [(-19, 47)],
    "oriente_medio": [(30, 45), (39, 35), (32, 53), (24, 45), (31, 59)],
    "aral": [(45, 62), (48, 70), (40, 65), (45, 75), (35, 66), (38, 71)],
    "omsk": [(58, 75), (62, 65), (54, 82), (67, 70), (73, 70), (50, 84), (48, 88)],
    "dudinka": [(68, 90), (73, 95), (62, 95), (56, 95), (52, 95)],
    "siberia": [(66, 130), (70, 140), (63, 120), (72, 115)],
    "tchita": [(54, 115), (56, 105), (52, 118), (58, 125)],
    "mongolia": [(47, 103), (46, 95), (47, 112)],
    "vladivostok": [(55, 150), (60, 160), (65, 170), (48, 135), (53, 138), (66, 160)],
    "china": [(33, 105), (40, 85), (32, 85), (45, 125), (25, 110), (37, 115), (42, 118)],
    "india": [(22, 79), (28, 70), (15, 77), (26, 88)],
    "japao": [(37, 138), (43, 142), (33, 131)],
    "vietna": [(14, 105), (17, 100), (21, 96), (5, 101), (22, 105)],
    "sumatra": [(0, 102), (-7, 110)],
    "borneu": [(1, 114)],
    "nova_guine": [(-6, 143)],
    "australia": [(-25, 134), (-42, 147), (-42, 172), (-18, 125)],
}


def miller(lat: float) -> float:
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))


def _cumulative(knots: list[tuple[float, float | None]], fine: np.ndarray,
                base: np.ndarray) -> np.ndarray:
    """Integrate a piecewise-constant density over ``base`` (monotone) sampled at ``fine``."""
    dens = np.ones_like(fine)
    for (a, d), (b, _) in itertools.pairwise(knots):
        dens[(fine >= a) & (fine < b)] = d
    steps = np.diff(base) * 0.5 * (dens[1:] + dens[:-1])
    return np.concatenate([[0.0], np.cumsum(steps)])


LONS = np.linspace(LON0, LON0 + 360, 3601)
XS = _cumulative(LON_KNOTS, LONS, LONS)
XS = XS / XS[-1] * GRID.width
LATS = np.linspace(LAT_BOTTOM - 3, LAT_TOP + 3, 2001)
_ys = _cumulative(LAT_KNOTS, LATS, np.array([miller(la) for la in LATS]))
_top = np.interp(LAT_TOP, LATS, _ys)
_bot = np.interp(LAT_BOTTOM, LATS, _ys)
YS = (_top - _ys) / (_top - _bot) * (GRID.height - 2 * GRID.margin) + GRID.margin


def project(lat: float, lon: float) -> tuple[float, float]:
    lon = (lon - LON0) % 360 + LON0
    return float(np.interp(lon, LONS, XS)), float(np.interp(-lat, -LATS[::-1], YS[::-1]))


def unproject(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    lon = np.interp(x, XS, LONS)
    lat = np.interp(y, YS[::-1], LATS[::-1])
    return lat, lon


def land_fraction(path: str | None) -> np.ndarray:
    if path is None:
        import global_land_mask  # type: ignore[import-not-found]

        path = str(Path(global_land_mask.__file__).parent / "globe_combined_mask_compressed.npz")
    ocean = np.load(path)["mask"]
    h, w = ocean.shape
    return 1.0 - ocean.reshape(h // 30, 30, w // 30, 30).mean(axis=(1, 3))


# Magnifying lenses (centre lat, lon; radius px; strength): the board draws Europe and
# the islands of Oceania larger than they are, so their territories have room.
LENSES = [((44.0, 14.0), 260.0, 0.4), ((0.0, 114.0), 120.0, 0.4)]
# Water the 1 km land mask counts as land (the Caspian) or the grid closes up.
FORCE_SEA: list[list[tuple[float, float]]] = [
    [(47.2, 49.0), (46.8, 53.0), (44.5, 51.2), (42.0, 52.8), (40.5, 53.0), (37.0, 54.0),
     (36.8, 50.5), (40.0, 49.5), (42.5, 47.7), (45.0, 47.0)],
    [(76, 5), (76, 70), (84, 70), (84, 5)],  # Svalbard, Franz Josef Land
    [(55, 176), (55, 184), (80, 184), (80, 176)],  # Chukotka's tip: keeps the Bering gap
    [(50, -176), (50, -168.5), (70, -168.5), (70, -176)],  # St Lawrence Island, Aleutians
    [(37.6, 9.5), (37.6, 12.5), (35.0, 12.5), (35.0, 9.5)],  # Strait of Sicily
    [(4.5, 116.5), (4.5, 128), (21, 128), (21, 116.5)],  # Philippines
    [(2, 119.6), (2, 127), (-7, 127), (-7, 119.6)],  # Sulawesi
    [(-5.8, 104.5), (-5.8, 127), (-12, 127), (-12, 104.5)],  # Java, Lesser Sunda Islands
    [(75.5, -125), (75.5, -60), (84, -60), (84, -125)],  # Queen Elizabeth Islands
]
# Land the grid loses (Central America's thin isthmus).
FORCE_LAND: list[list[tuple[float, float]]] = [
    [(10.5, -84), (9.5, -78), (7.5, -76.5), (7, -77.5), (8, -80), (8.5, -83)],
    # Italy, whose boot the grid would shave to a thin strip.
    [(45.8, 7.0), (46.2, 13.0), (44.5, 12.4), (43.5, 13.6), (41.9, 16.0), (40.7, 18.6),
     (39.9, 18.4), (40.3, 16.8), (38.0, 16.2), (37.8, 15.6), (40.0, 15.3), (41.2, 13.2),
     (42.6, 11.0), (44.0, 9.0)],
]
# Islands to grow by some cells into the sea, so names and badges fit.
DILATE = {"japao": 1, "inglaterra": 1, "islandia": 1, "madagascar": 1, "sumatra": 2,
          "borneu": 2, "nova_guine": 1}
# Contacts the coarse grid makes across narrow seas: (loser, other) — the loser's cells
# touching the other become sea.
CUT = [("alemanha", "inglaterra"), ("alemanha", "suecia"), ("franca", "argelia"),
       ("franca", "egito"), ("sudao", "oriente_medio"), ("china", "japao"),
       ("mackenzie", "groenlandia"), ("mackenzie", "labrador"), ("vietna", "sumatra"),
       ("nova_guine", "australia"), ("polonia", "egito"), ("suecia", "polonia"),
       ("islandia", "groenlandia"), ("franca", "inglaterra")]
MIN_PIECE = {"default": 3, "mackenzie": 10, "suecia": 20, "china": 10, "mexico": 6,
             "vietna": 10, "borneu": 12, "sumatra": 10, "franca": 12}


def _lens_inverse(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Map output points back to the unmagnified projection (lenses in reverse order)."""
    for (lat, lon), radius, strength in reversed(LENSES):
        cx, cy = project(lat, lon)
        dx, dy = x - cx, y - cy
        r = np.hypot(dx, dy)
        g = np.where(r < radius, 1 - strength * (1 - r / radius) ** 2, 1.0)
        x, y = cx + dx * g, cy + dy * g
    return x, y


def _inside(lat: np.ndarray, lon: np.ndarray, poly: list[tuple[float, float]]) -> np.ndarray:
    inside = np.zeros(lat.shape, dtype=bool)
    n = len(poly)
    for k in range(n):
        (ya, xa), (yb, xb) = poly[k], poly[(k + 1) % n]
        cross = (ya > lat) != (yb > lat)
        with np.errstate(divide="ignore", invalid="ignore"):
            xi = xa + (lat - ya) * (xb - xa) / (yb - ya)
        inside ^= cross & (lon < xi)
    return inside


def main() -> None:
    frac = land_fraction(sys.argv[1] if len(sys.argv) > 1 else None)
    rows, cols = GRID.rows, GRID.cols
    centres = np.array([[GRID.centre(r, c) for c in range(cols)] for r in range(rows)])
    # Sample each cell at its centre and six inner points.
    offsets = [(0, 0)] + [(0.55 * GRID.sx * math.cos(a), 0.55 * 2 * GRID.sy * math.sin(a))
                          for a in np.linspace(0, 2 * math.pi, 7)[:-1]]
    total = np.zeros((rows, cols))
    for dx, dy in offsets:
        lat, lon = unproject(*_lens_inverse(centres[..., 0] + dx, centres[..., 1] + dy))
        lon = (lon + 180) % 360 - 180
        i = np.clip(((90 - lat) * 4).astype(int), 0, frac.shape[0] - 1)
        j = np.clip(((lon + 180) * 4).astype(int), 0, frac.shape[1] - 1)
        total += frac[i, j]
    land = total / len(offsets) >= 0.45
    sx, sy = _lens_inverse(centres[..., 0], centres[..., 1])
    lat, lon = unproject(sx, sy)
    land &= (lat > -57) & (lat < 84)
    for poly in FORCE_LAND:
        land |= _inside(lat, lon, poly)
    for poly in FORCE_SEA:
        land &= ~_inside(lat, lon, poly)

    seeds = [(tid, project(la, lo)) for tid, pts in SEEDS.items() for la, lo in pts]
    grid = [["."] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if land[r, c]:
                x, y = sx[r, c], sy[r, c]
                tid = min(seeds, key=lambda s: (s[1][0] - x) ** 2 + (s[1][1] - y) ** 2)[0]
                grid[r][c] = CODES[tid]
    for tid, steps in DILATE.items():
        code = CODES[tid]
        for _ in range(steps):
            grow = set()
            for r in range(rows):
                for c in range(cols):
                    if grid[r][c] != ".":
                        continue
                    around = {grid[a][b] for a, b in GRID.neighbours(r, c)} - {"."}
                    if around == {code}:
                        # Only where no other land is within two cells.
                        near = {grid[a2][b2] for a, b in GRID.neighbours(r, c)
                                for a2, b2 in GRID.neighbours(a, b)} - {".", code}
                        if not near:
                            grow.add((r, c))
            for r, c in grow:
                grid[r][c] = code
    for loser, other in CUT:
        a, b = CODES[loser], CODES[other]
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == a and any(grid[x][y] == b for x, y in GRID.neighbours(r, c)):
                    grid[r][c] = "."
    by_code = {v: k for k, v in CODES.items()}
    for code in sorted(set(CODES.values())):
        for comp in _components(grid, code):
            if len(comp) < MIN_PIECE.get(by_code[code], MIN_PIECE["default"]):
                for rr, cc in comp:
                    grid[rr][cc] = "."
    fill_lakes(grid)
    print(HEADER.strip())
    for tid, code in CODES.items():
        print(f"#   {code} {tid}")
    for row in grid:
        print("".join(row))


HEADER = f"""
# The War board drawn in hex cells: the source of warkit/data/war-geometry.json.
# Started by tests/tools/bootstrap_board.py from real coastlines; edit it by hand, then run
# python tests/tools/make_geometry.py (it refuses a drawing whose land borders are wrong).
# {GRID.rows} rows of {GRID.cols} pointy-top hex cells; odd rows are shifted half a cell right.
# Two territories share a land border iff two of their cells share an edge.
# "." is sea; one letter per territory:
"""


def _components(grid: list[list[str]], ch: str) -> list[set[tuple[int, int]]]:
    rows, cols = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    out = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != ch or (r, c) in seen:
                continue
            comp, stack = {(r, c)}, [(r, c)]
            seen.add((r, c))
            while stack:
                cell = stack.pop()
                for nb in GRID.neighbours(*cell):
                    if nb not in seen and grid[nb[0]][nb[1]] == ch:
                        seen.add(nb)
                        comp.add(nb)
                        stack.append(nb)
            out.append(comp)
    return out


def fill_lakes(grid: list[list[str]]) -> None:
    """Sea cells not connected to the map edge become land of their commonest neighbour."""
    rows, cols = len(grid), len(grid[0])
    outside: set[tuple[int, int]] = set()
    stack = [(r, c) for r in range(rows) for c in range(cols)
             if (r in (0, rows - 1) or c in (0, cols - 1)) and grid[r][c] == "."]
    outside.update(stack)
    while stack:
        cell = stack.pop()
        for nb in GRID.neighbours(*cell):
            if nb not in outside and grid[nb[0]][nb[1]] == ".":
                outside.add(nb)
                stack.append(nb)
    lakes = [cell for cell in _components(grid, ".") if len(cell) <= 15]
    inside = {cell for lake in lakes for cell in lake} - outside
    changed = True
    while changed:
        changed = False
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == "." and (r, c) in inside:
                    around = [grid[a][b] for a, b in GRID.neighbours(r, c) if grid[a][b] != "."]
                    if around:
                        grid[r][c] = max(sorted(set(around)), key=around.count)
                        changed = True


if __name__ == "__main__":
    main()
