"""Helpers of the browser tests: where things are, and a lesson page that reads the map canvas."""

from __future__ import annotations

import math
from pathlib import Path

from warkit.geometry import board_geometry
from warkit.worldmap import world_map

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "lessons" / "classic" / "03-dice-and-battles.ipynb"
SCREENSHOTS = ROOT / "notebooks" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# The lab template links Font Awesome from a CDN; offline those two requests are aborted (G9).
IGNORED_CONSOLE = ("Failed to load resource: net::ERR_FAILED",)


class LessonPage:
    """The lesson open in a browser tab, with helpers to read and click the map canvas."""

    def __init__(self, page, load_seconds: float) -> None:
        self.page = page
        self.load_seconds = load_seconds
        self.map = page.locator("canvas.warkit-map").first
        self.status = page.locator(".warkit-map-status").first
        self.errors: list[str] = []

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Board units → page coordinates (the canvas may be scaled by CSS, G2)."""
        box = self.map.bounding_box()
        geo = board_geometry()
        return box["x"] + x * box["width"] / geo.width, box["y"] + y * box["height"] / geo.height

    def click_territory(self, territory: str) -> None:
        """Click inside a territory (the map is scrolled into view first)."""
        self.click_point(interior_point(territory))

    def click_point(self, point: tuple[float, float]) -> None:
        """Click a point of the board, in board units."""
        self.map.scroll_into_view_if_needed()
        self.page.mouse.click(*self.to_page(*point))

    def pixel(self, territory_or_point: str | tuple[float, float]) -> tuple[int, int, int, int]:
        """The RGBA of the map canvas buffer at a territory's interior point (or a point)."""
        x, y = (interior_point(territory_or_point) if isinstance(territory_or_point, str)
                else territory_or_point)
        return tuple(self.page.evaluate(
            "([x, y]) => Array.from(document.querySelector('canvas.warkit-map')"
            ".getContext('2d').getImageData(x, y, 1, 1).data)", [round(x), round(y)]))


def interior_point(territory: str) -> tuple[float, float]:
    """A point well inside a territory's mainland, away from its name and army badge."""
    shape = board_geometry().shape(territory)
    terr = world_map().territory(territory)
    ring = shape.polygons[0]
    lx, ly = shape.label
    half = 3 + 3.2 * max(len(terr.name_en), len(terr.name_pt))  # the name, in bold 8 px
    x0, y0, x1, y1 = shape.bbox
    best, best_score = shape.label, -1.0
    for i in range(int(x0), int(x1) + 1, 2):
        for j in range(int(y0), int(y1) + 1, 2):
            if not shape.contains(i, j) or (abs(i - lx) < half and ly - 17 < j < ly + 15):
                continue
            edge = min(_segment_distance(i, j, a, b) for a, b in zip(ring, ring[1:] + ring[:1]))
            if edge > best_score:
                best, best_score = (float(i), float(j)), edge
    return best


def _segment_distance(px: float, py: float, a: tuple[float, float], b: tuple[float, float]
                      ) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)
