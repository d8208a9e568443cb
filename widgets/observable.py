"""A tiny listener list for the pure-Python controllers (no traitlets, no ipywidgets)."""

from __future__ import annotations

from collections.abc import Callable

Listener = Callable[[frozenset[str]], None]


class Observable:
    """Calls its listeners with the set of aspects that changed (``{"state", "selection"}``).

    Every listener is called even if an earlier one raises; the first error
    is re-raised afterwards, so a broken view never hides the change from the
    others and never fails silently.
    """

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(changed)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, *changed: str) -> None:
        aspects = frozenset(changed)
        first: BaseException | None = None
        for listener in list(self._listeners):
            try:
                listener(aspects)
            except Exception as exc:
                first = first or exc
        if first is not None:
            raise first
