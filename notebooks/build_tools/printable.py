"""Static pictures of the widgets, for printed handouts and HTML exports (``make handouts``).

A widget is drawn by a browser from its live model; printed, or exported to HTML without a kernel,
it is a blank cell. :func:`install` registers IPython display formatters that add a static picture
of the same state next to each widget's live view: the board as the engine's SVG
(:func:`warkit.render.svg.board_svg`, with the selection and the legal targets), the dice tray, the
odds summary, chart and table, the cards of a hand, and for any other widget its children, texts
and values. The handout build runs :func:`install` first in the kernel, then drops the widget-view
outputs, so the picture is what is printed. The widget classes are not touched: the pictures are
read from their state.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from warkit_widgets.dice import DiceWidget
from warkit_widgets.hand import HandWidget
from warkit_widgets.html import dice_tray_html
from warkit_widgets.i18n import normalize_lang
from warkit_widgets.mapwidget import MapWidget
from warkit_widgets.odds import OddsWidget

from warkit.render import board_data
from warkit.render.svg import board_svg

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STYLE = ("<style>.wk-static{display:flex;gap:8px;align-items:flex-start;margin:2px 0}"
         ".wk-static-col{flex-direction:column}.wk-static-row{flex-flow:row wrap}"
         ".wk-static-board svg{max-width:100%;height:auto}"
         ".wk-static-control{border:1px solid #bbb;border-radius:4px;padding:2px 8px;"
         "font-size:90%}.wk-static-on{background:#dbeafe;font-weight:bold}"
         ".wk-static-note,.wk-static-blank{color:#666;font-style:italic}"
         ".wk-static-blank{min-width:14em;border-width:0 0 1px 0;border-radius:0}</style>")
NOTE = {"en": "(interactive: open the notebook to use it)",
        "pt": "(interativo: abra o caderno para usar)"}


def _hidden(widget: w.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (layout.display == "none" or layout.visibility == "hidden")


def board_picture(widget: MapWidget) -> str:
    """The board of a map widget as an SVG: owners, armies, the selection, the territories that
    may be picked or targeted, the arrow of the battle or move."""
    controller = widget.controller
    lit = widget.highlights()
    data = board_data(controller.view)
    ids = controller.state.map.ids
    arrows = [(ids[lit.arrow[0]], ids[lit.arrow[1]])] if lit.arrow is not None else []
    return board_svg(**{**data, "arrows": arrows or data["arrows"]}, lang=controller.lang,
                     selected=None if lit.selected is None else ids[lit.selected],
                     highlights=[ids[t] for t in sorted(lit.targets | lit.sources)])


def static_html(widget: w.Widget, lang: str = "pt") -> str:
    """A static HTML picture of ``widget`` in its current state (``""`` for a hidden one)."""
    if _hidden(widget):
        return ""
    if isinstance(widget, MapWidget):
        status = [static_html(c, lang) for c in widget.children if c is not widget.canvas]
        return (f'<div class="wk-static wk-static-col"><div class="wk-static-board">'
                f'{board_picture(widget)}</div>{"".join(status)}</div>')
    if isinstance(widget, DiceWidget):
        return dice_tray_html(widget.comparison, widget.lang, animate=False)
    if isinstance(widget, w.Box):
        inner = "".join(static_html(c, lang) for c in widget.children)
        kind = "wk-static-row" if isinstance(widget, w.HBox) else "wk-static-col"
        return f'<div class="wk-static {kind}">{inner}</div>' if inner else ""
    if isinstance(widget, w.HTML | w.HTMLMath):
        return widget.value
    if isinstance(widget, w.Label):
        return f"<span>{html.escape(widget.value)}</span>"
    if isinstance(widget, w.ToggleButton):
        on = " wk-static-on" if widget.value else ""
        return f'<span class="wk-static-control{on}">{html.escape(widget.description)}</span>'
    if isinstance(widget, w.Button):
        return f'<span class="wk-static-control">{html.escape(widget.description)}</span>'
    if isinstance(widget, w.Output):
        return ""
    if isinstance(widget, w.Text | w.Textarea) and not widget.value:  # a line to write on
        hint = html.escape(widget.placeholder)
        return f'<span class="wk-static-control wk-static-blank">{hint}</span>'
    if isinstance(widget, w.ValueWidget):
        value = getattr(widget, "label", None) if hasattr(widget, "options") else None
        shown = widget.value if value is None else value
        label = getattr(widget, "description", "")
        text = f"{label}: {shown}" if label else f"{shown}"
        return f'<span class="wk-static-control">{html.escape(str(text))}</span>'
    return f'<span class="wk-static-note">{NOTE[normalize_lang(lang)]}</span>'


def picture_formatter(lang: str) -> Callable[[Any], str]:
    """The ``text/html`` formatter of a widget: its static picture with the handout's style."""

    def picture(widget: Any) -> str:
        return STYLE + static_html(widget, lang)  # even empty: never the text repr of a widget

    return picture


def install(lang: str = "pt", shell: Any = None) -> None:
    """Register the static pictures in the running IPython (the handout's first, hidden cell).

    ``text/html`` for every widget (the most specific class wins: the map, the dice, the odds,
    the hand, then any box or control), and ``image/svg+xml`` for a map shown alone.
    """
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    formatters = shell.display_formatter.formatters
    picture = picture_formatter(lang)
    for cls in (w.Widget, MapWidget, DiceWidget, OddsWidget, HandWidget):
        formatters["text/html"].for_type(cls, picture)
    formatters["image/svg+xml"].for_type(MapWidget, board_picture)
