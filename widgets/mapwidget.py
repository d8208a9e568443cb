"""The War map as an ipycanvas ``MultiCanvas``: a thin view over a :class:`MapController`.

Four layers (static board, owners' tints, highlights, pieces; see
:mod:`.painter`), a status line, and clicks and touch taps hit-tested in
Python against the board geometry (a tap does what a click does: ipycanvas
stops the mouse events a browser would make of it).
Drawing happens when a browser view is ready (``on_client_ready``, which
also covers Voilà, page reloads and a second tab) and when the controller
changes — each redraw inside one ``hold_canvas()`` batch.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import ipywidgets as w
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from warkit import GameState
from warkit.render.geometry import board_geometry

from .controller import CURRENT, Highlights, MapController, MapModel
from .html import message_html
from .i18n import normalize_lang, tr
from .painter import paint_highlights, paint_owners, paint_pieces, paint_static
from .report import ErrorReporter

STATIC, OWNERS, HIGHLIGHT, PIECES = 0, 1, 2, 3
"""Layer indices of the ``MultiCanvas``, bottom to top."""
TINTS = ("owner", "continent")
"""What colours the land: the owners (continents as borders) or the continents."""


def forget_last_canvas(canvas: Canvas) -> None:
    """Make ipycanvas tell the browser again which canvas the next command draws on.

    ipycanvas (0.14.3, pinned in ``pyproject.toml``) sends its draw commands through one
    manager widget that remembers, in a private attribute, the canvas of its last command and
    sends ``switchCanvas`` only when the next command targets another one. A browser view that
    connects later (Voila's page after a preheated kernel ran the notebook, a reload, a second
    tab) never saw that switch: the first command on the same canvas then fails in the browser
    ("Cannot read properties of undefined") and every later drawing on the page is lost
    (``jupyter-notes.md``, G1). The library offers no public way to forget the last canvas, so
    this is the one place that writes its private state, called when a view says it is ready.
    A new ipycanvas that renames it fails the browser tests, which read the map's pixels.
    """
    canvas._canvas_manager._current_canvas = None


class MapWidget(w.VBox):
    """A clickable War board: click your territory, then a target; legal choices light up.

    Pass a controller (a :class:`MapController` to share with other widgets, or any
    :class:`~warkit_widgets.controller.MapModel` such as the dashboard's game) or a
    :class:`warkit.GameState` (a :class:`MapController` is made for ``viewer``, sampling
    chance steps with ``seed``).
    ``scale`` sets the canvas buffer: 1.0 is the board's 1000 x 560 units; the
    canvas shrinks with the page (CSS), clicks are mapped back by ipycanvas.
    ``tint`` colours the land by "owner" or by "continent"; ``tint_toggle`` shows
    buttons to switch between the two. ``highlights`` says what the highlight layer draws
    (default: the controller's selection and legal targets); after a change of its own, call
    :meth:`repaint_highlights`.
    """

    def __init__(self, controller: MapModel | GameState, *, scale: float = 1.0,
                 lang: str | None = None, status: bool = True, tint: str = "continent",
                 tint_toggle: bool = False, highlights: Callable[[], Highlights] | None = None,
                 viewer: int | str | None = CURRENT, seed: int | None = None) -> None:
        if tint not in TINTS:
            raise ValueError(f"tint is one of {', '.join(TINTS)}, got {tint!r}")
        if isinstance(controller, GameState):
            controller = MapController(controller, viewer=viewer, seed=seed, lang=lang or "pt")
        elif lang is not None:
            controller.lang = lang
        self.controller = controller
        self.highlights = highlights or controller.highlights
        self.scale = float(scale)
        geo = board_geometry()
        width, height = round(geo.width * self.scale), round(geo.height * self.scale)
        self.canvas = MultiCanvas(4, width=width, height=height, layout=w.Layout(
            width="100%", max_width=f"{width}px", height="auto"))
        self.canvas.add_class("warkit-map")
        self.status = w.HTML()
        self.status.add_class("warkit-map-status")
        self.reporter = ErrorReporter(controller.lang)
        self.timings: dict[str, list[float]] = {"click": [], "redraw": []}
        """Kernel-side ms per click (hit test, controller, redraw) and per full redraw."""
        self._on_screen = False
        """Has a browser's canvas said "client_ready"? Until then nothing is drawn: commands
        sent while the page is still making its widget models reach a canvas it does not have
        yet (ipycanvas: "Cannot read properties of undefined (reading 'executeCommand')")."""
        self.canvas.on_client_ready(self.reporter.guard(self._client_ready))
        self.canvas.on_mouse_down(self.reporter.guard(self.click_at))
        self.canvas.on_touch_start(self.reporter.guard(self.tap))
        controller.subscribe(self.reporter.guard(self._changed))
        self._show_status()
        self._tint, self._relabeling = tint, False
        self.tint_buttons = w.ToggleButtons(options=self._tint_options(controller.lang),
                                            value=tint, style={"button_width": "auto"},
                                            layout=w.Layout(display=None if tint_toggle
                                                            else "none"))
        self.tint_buttons.add_class("warkit-map-tint")
        self.tint_buttons.observe(self.reporter.guard(self._tint_clicked), "value")
        children = [self.canvas, self.status] if status else [self.canvas]
        super().__init__([*children, self.tint_buttons, self.reporter.box])
        self.add_class("warkit-map-widget")

    @property
    def lang(self) -> str:
        return self.controller.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.reporter.lang = normalize_lang(value)
        self.controller.lang = value  # notifies "lang": a full redraw
        self._label_tints()

    @property
    def tint(self) -> str:
        return self._tint

    def set_tint(self, tint: str) -> None:
        """Colour the land by "owner" or by "continent" (see :data:`TINTS`)."""
        if tint not in TINTS:
            raise ValueError(f"tint is one of {', '.join(TINTS)}, got {tint!r}")
        self._tint = tint
        self.tint_buttons.value = tint
        if self._on_screen:
            with hold_canvas():
                self._paint_owners()

    def _tint_clicked(self, change: dict) -> None:
        if change["new"] != self._tint and not self._relabeling:
            self.set_tint(change["new"])

    @staticmethod
    def _tint_options(lang: str) -> list[tuple[str, str]]:
        return [(tr(f"map.tint.{t}", lang), t) for t in TINTS]

    def _label_tints(self) -> None:
        self._relabeling = True  # new options reset the value for a moment
        try:
            self.tint_buttons.options = self._tint_options(self.lang)
            self.tint_buttons.value = self._tint
        finally:
            self._relabeling = False

    # -- drawing --------------------------------------------------------------------------------
    def _client_ready(self) -> None:
        forget_last_canvas(self.canvas[STATIC])
        self._on_screen = True
        self.redraw()

    def redraw(self) -> None:
        """Redraw every layer (one batch)."""
        start = time.perf_counter()
        with hold_canvas():
            paint_static(self.canvas[STATIC], self.scale, self.lang)
            self._paint_owners()
            self._paint_pieces()
            self._paint_highlights()
        self.timings["redraw"].append(1000 * (time.perf_counter() - start))

    def _paint_owners(self) -> None:
        view = self.controller.view if self._tint == "owner" else None
        paint_owners(self.canvas[OWNERS], view, self.scale)

    def _paint_pieces(self) -> None:
        paint_pieces(self.canvas[PIECES], self.controller.view, self.scale, self.lang)

    def repaint_highlights(self) -> None:
        """Redraw the highlight layer alone (what ``highlights`` returns changed)."""
        if self._on_screen:
            with hold_canvas():
                self._paint_highlights()

    def _paint_highlights(self) -> None:
        paint_highlights(self.canvas[HIGHLIGHT], self.highlights(), self.scale)

    def _changed(self, changed: frozenset[str]) -> None:
        if not self._on_screen:  # drawn whole when the canvas is ready (_client_ready)
            pass
        elif "lang" in changed:
            self.redraw()
        elif "state" in changed:
            with hold_canvas():
                if self._tint == "owner":
                    self._paint_owners()
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

    def tap(self, touches: list[tuple[float, float]]) -> None:
        """A finger on the map: a one-finger tap is a click where it landed."""
        if len(touches) == 1:
            self.click_at(*touches[0])

    def pixel_of(self, territory: int | str) -> tuple[float, float]:
        """Canvas pixel of a territory's label point (for tests and tours)."""
        x, y = board_geometry().shape(territory).label
        return x * self.scale, y * self.scale


class PickMap(MapWidget):
    """A map where a click on any territory calls ``on_pick(index)`` instead of a game move,
    and the highlight layer draws what ``highlights()`` returns (``on_pick`` calls
    :meth:`repaint` when its highlights changed): the lessons' tours and desks."""

    def __init__(self, state: GameState, *, on_pick: Callable[[int], object],
                 highlights: Callable[[], Highlights], lang: str = "pt",
                 scale: float = 1.0) -> None:
        self.on_pick = on_pick
        super().__init__(MapController(state, viewer=None, lang=lang), scale=scale,
                         status=False, highlights=highlights)

    def click_at(self, x: float, y: float) -> None:
        """A click picks the territory under it (the sea picks nothing)."""
        territory = self.territory_at(x, y)
        if territory is not None:
            self.on_pick(territory)

    def repaint(self) -> None:
        """Redraw the highlight layer from ``highlights()``."""
        self.repaint_highlights()
