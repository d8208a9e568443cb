"""The War map as an ipycanvas ``MultiCanvas``: a thin view over a :class:`MapController`.

Three layers (static board, highlights, pieces; see :mod:`.painter`), a
status line, and clicks hit-tested in Python against the board geometry.
Drawing happens when a browser view is ready (``on_client_ready``, which
also covers Voilà, page reloads and a second tab) and when the controller
changes — each redraw inside one ``hold_canvas()`` batch.
"""

from __future__ import annotations

import time

import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from warkit import GameState
from warkit.render.geometry import board_geometry

from .controller import MapController
from .html import message_html
from .i18n import normalize_lang
from .painter import paint_highlights, paint_pieces, paint_static
from .report import ErrorReporter

STATIC, HIGHLIGHT, PIECES = 0, 1, 2
"""Layer indices of the ``MultiCanvas``, bottom to top."""


class MapWidget(w.VBox):
    """A clickable War board: click your territory, then a target; legal choices light up.

    Pass a :class:`MapController` (to share it with other widgets) or a
    :class:`warkit.GameState` (a controller is made, keyword arguments go to it).
    ``scale`` sets the canvas buffer: 1.0 is the board's 1000 x 560 units; the
    canvas shrinks with the page (CSS), clicks are mapped back by ipycanvas.
    """

    def __init__(self, controller: MapController | GameState, *, scale: float = 1.0,
                 lang: str | None = None, status: bool = True, **controller_args: object
                 ) -> None:
        if isinstance(controller, GameState):
            controller = MapController(controller, lang=lang or "pt", **controller_args)
        elif lang is not None:
            controller.lang = lang
        self.controller = controller
        self.scale = float(scale)
        geo = board_geometry()
        width, height = round(geo.width * self.scale), round(geo.height * self.scale)
        self.canvas = MultiCanvas(3, width=width, height=height, layout=w.Layout(
            width="100%", max_width=f"{width}px", height="auto"))
        self.canvas.add_class("warkit-map")
        self.status = w.HTML()
        self.status.add_class("warkit-map-status")
        self.reporter = ErrorReporter(controller.lang)
        self.timings: dict[str, list[float]] = {"click": [], "redraw": []}
        """Kernel-side ms per click (hit test, controller, redraw) and per full redraw."""
        self.canvas.on_client_ready(self.reporter.guard(self._client_ready))
        self.canvas.on_mouse_down(self.reporter.guard(self.click_at))
        controller.subscribe(self.reporter.guard(self._changed))
        self._show_status()
        children = [self.canvas, self.status] if status else [self.canvas]
        super().__init__([*children, self.reporter.box])
        self.add_class("warkit-map-widget")

    @property
    def lang(self) -> str:
        return self.controller.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.reporter.lang = normalize_lang(value)
        self.controller.lang = value  # notifies "lang": a full redraw

    # -- drawing --------------------------------------------------------------------------------
    def _client_ready(self) -> None:
        # G1: the new browser never saw the last switchCanvas; force one before drawing.
        _CANVAS_MANAGER._current_canvas = None
        self.redraw()

    def redraw(self) -> None:
        """Redraw every layer (one batch)."""
        start = time.perf_counter()
        with hold_canvas():
            paint_static(self.canvas[STATIC], self.scale, self.lang)
            self._paint_pieces()
            self._paint_highlights()
        self.timings["redraw"].append(1000 * (time.perf_counter() - start))

    def _paint_pieces(self) -> None:
        paint_pieces(self.canvas[PIECES], self.controller.view, self.scale, self.lang)

    def _paint_highlights(self) -> None:
        paint_highlights(self.canvas[HIGHLIGHT], self.controller.highlights(), self.scale)

    def _changed(self, changed: frozenset[str]) -> None:
        if "lang" in changed:
            self.redraw()
        elif "state" in changed:
            with hold_canvas():
                self._paint_pieces()
                self._paint_highlights()
        elif "selection" in changed:
            with hold_canvas():
                self._paint_highlights()
        self._show_status()

    def _show_status(self) -> None:
        msg = self.controller.message
        self.status.value = message_html(msg.text, msg.kind)

    # -- clicks ---------------------------------------------------------------------------------
    def territory_at(self, x: float, y: float) -> int | None:
        """The territory under canvas pixel (x, y), or ``None`` for the sea."""
        return board_geometry().hit_test(x / self.scale, y / self.scale)

    def click_at(self, x: float, y: float) -> None:
        """Handle a click at canvas pixel (x, y): hit-test, then let the controller decide."""
        start = time.perf_counter()
        self.controller.click(self.territory_at(x, y))
        self.timings["click"].append(1000 * (time.perf_counter() - start))

    def pixel_of(self, territory: int | str) -> tuple[float, float]:
        """Canvas pixel of a territory's label point (for tests and tours)."""
        x, y = board_geometry().shape(territory).label
        return x * self.scale, y * self.scale
