"""Visible errors for widget callbacks: a message line and an Output with the traceback.

ipywidgets swallows exceptions raised in callbacks (and ``print`` goes
nowhere in Voilà), so every callback of this package runs through
:meth:`ErrorReporter.guard`, which shows the error to the player instead.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, overload

import ipywidgets as w

from .html import message_html
from .i18n import normalize_lang, tr

F = TypeVar("F", bound=Callable[..., Any])


class ErrorReporter:
    """Catches a callback's exception and shows it: one line in ``line``, details in ``output``.

    Both are made at the first error (``box`` stays empty until then): every widget of the
    package has a reporter, and each model is one more for a page to make as it opens.
    """

    def __init__(self, lang: str = "pt") -> None:
        self.lang = lang
        self.box = w.VBox()
        self._parts: tuple[w.HTML, w.Output] | None = None
        self.errors: list[BaseException] = []

    def _made(self) -> tuple[w.HTML, w.Output]:
        if self._parts is None:
            line = w.HTML(layout=w.Layout(display="none"))
            line.add_class("warkit-error")
            output = w.Output(layout=w.Layout(max_height="12em", overflow="auto"))
            self._parts = (line, output)
            self.box.children = self._parts
        return self._parts

    @property
    def line(self) -> w.HTML:
        """The red line for the player."""
        return self._made()[0]

    @property
    def output(self) -> w.Output:
        """The tracebacks, for the teacher."""
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
        """Show ``exc``: a red line for the player, the traceback below for the teacher."""
        self.errors.append(exc)
        text = tr("error", self.lang, error=f"{type(exc).__name__}: {exc}")
        self.line.value = message_html(text, "error")
        self.line.layout.display = None
        self.output.append_stderr("".join(traceback.format_exception(exc)))

    def clear(self) -> None:
        self.errors.clear()
        if self._parts is None:
            return
        self.line.value = ""
        self.line.layout.display = "none"
        self.output.clear_output()


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
