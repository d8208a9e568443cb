"""Errors in widget callbacks, told to the player without a traceback.

ipywidgets swallows exceptions raised in callbacks (and ``print`` goes nowhere in Voilà),
so every callback of this package runs through :meth:`ErrorReporter.guard`. An error then
shows a short line in the player's language and a collapsed "report" (the error and the
frames it came through, named by module: no file paths of the server), and the whole
traceback goes to the server's log (the ``warkit_widgets`` logger, on the process's real
standard error: the terminal that runs Voilà).
"""

from __future__ import annotations

import functools
import logging
import re
import sys
import traceback
from collections.abc import Callable
from html import escape
from pathlib import PurePath
from typing import Any, Protocol, TypeVar, overload

import ipywidgets as w

from .html import message_html
from .i18n import normalize_lang, tr

F = TypeVar("F", bound=Callable[..., Any])
LOG = logging.getLogger("warkit_widgets")
PACKAGES = ("warkit", "warkit_widgets", "widgets")
"""Where a frame's file is named from (``warkit/game.py``); other files by their name only."""
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.\-+@~ ]+)+[\\/]([\w.\-+@~]+)")


def _server_log() -> logging.Logger:
    """The logger, with a handler on the process's real standard error (once)."""
    if not LOG.handlers:
        handler = logging.StreamHandler(sys.__stderr__)
        handler.setFormatter(logging.Formatter("[warkit] %(levelname)s | %(message)s"))
        LOG.addHandler(handler)
        LOG.propagate = False
    return LOG


def short_path(filename: str) -> str:
    """``…/site-packages/warkit/game.py`` → ``warkit/game.py``; other files: their name."""
    parts = PurePath(filename).parts
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] in PACKAGES:
            return "/".join(parts[i:])
    return parts[-1] if parts else filename


def without_paths(text: str) -> str:
    """``text`` with every absolute path cut to its last part (``/srv/x/y.json`` → ``y.json``)."""
    return _PATH.sub(lambda m: m.group(1), text)


def public_report(exc: BaseException) -> str:
    """The error and its frames, for a page: modules and lines, no server paths."""
    lines = [without_paths(f"{type(exc).__name__}: {exc}")]
    for frame in traceback.extract_tb(exc.__traceback__):
        lines.append(f"  {short_path(frame.filename)}:{frame.lineno} in {frame.name}")
    return "\n".join(lines)


class ErrorReporter:
    """Catches a callback's exception and tells it: a short line for the player and a
    collapsed report (``box`` stays empty until the first error: every widget of the
    package has a reporter, and each model is one more for a page to make as it opens)."""

    def __init__(self, lang: str = "pt") -> None:
        self.lang = lang
        self.box = w.VBox()
        self._parts: tuple[w.HTML, w.HTML] | None = None
        self.errors: list[BaseException] = []

    def _made(self) -> tuple[w.HTML, w.HTML]:
        if self._parts is None:
            line = w.HTML(layout=w.Layout(display="none"))
            line.add_class("warkit-error")
            detail = w.HTML()
            detail.add_class("warkit-error-report")
            self._parts = (line, detail)
            self.box.children = self._parts
        return self._parts

    @property
    def line(self) -> w.HTML:
        """The short line for the player."""
        return self._made()[0]

    @property
    def detail(self) -> w.HTML:
        """The report, collapsed (a ``<details>``), for whoever looks after the page."""
        return self._made()[1]

    def guard(self, fn: F) -> F:
        """``fn`` wrapped so an exception is reported instead of lost (and then swallowed)."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                self.report(exc)
                return None

        return wrapper  # type: ignore[return-value]

    def report(self, exc: BaseException) -> None:
        """Tell ``exc``: a short line in the player's language (the error's own
        ``for_player(lang)`` when it has one, e.g. the rooms' "reconnecting..."), the report
        collapsed below, the whole traceback in the server's log."""
        self.errors.append(exc)
        _server_log().error("error in a page callback\n%s",
                            "".join(traceback.format_exception(exc)).rstrip())
        told = getattr(exc, "for_player", None)  # an error that says itself (in both languages)
        short = told(self.lang) if callable(told) else tr("error.short", self.lang)
        self.line.value = message_html(short, "error")
        self.line.layout.display = None
        self.detail.value = (f"<details><summary>{escape(tr('error.report', self.lang))}"
                             f"</summary><pre>{escape(public_report(exc))}</pre></details>")

    def clear(self) -> None:
        self.errors.clear()
        if self._parts is None:
            return
        self.line.value = ""
        self.line.layout.display = "none"
        self.detail.value = ""


class _Shown(Protocol):
    _lang: str
    reporter: ErrorReporter

    def _relabel(self) -> None: ...


class WidgetLang:
    """A component's ``lang`` property, declared once (``lang = WidgetLang()``) instead of a
    hand-written getter and setter in each: setting it normalizes the language (``"pt-BR"`` →
    ``"pt"``), gives it to the widget's error reporter and redraws the widget's words
    (its ``_relabel()``)."""

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> WidgetLang: ...
    @overload
    def __get__(self, obj: _Shown, owner: type | None = None) -> str: ...

    def __get__(self, obj: _Shown | None, owner: type | None = None) -> str | WidgetLang:
        return self if obj is None else obj._lang

    def __set__(self, obj: _Shown, value: str) -> None:
        obj._lang = obj.reporter.lang = normalize_lang(value)
        obj._relabel()
