"""Keys and touch for the whole dashboard page, from a small anywidget.

A Voilà page has no place for our own JavaScript but a widget's front end. This one listens
on the whole document, so the shortcuts work wherever the focus is (not only once the map
canvas has it), and it lets a finger drag on the map scroll the page on a phone:

- **keys**: Enter, Escape, ``?``, B, R, H and Ctrl/Cmd+Z are sent to the kernel (``on_key``),
  except while a text field, a list or a number box has the focus (typing a name or a seed
  stays typing) and except Enter on a focused button (the button answers it itself:
  one attack, not two);
- **touch on the map**: ipycanvas cancels every touch on its canvas (``preventDefault``), so
  a drag could not scroll the page. This widget stops the touch events on their way to the
  map's canvas (a capturing listener on the document, never cancelling them): the browser
  scrolls on a drag (the canvas allows panning with ``touch-action``) and turns a tap into
  an ordinary click, which the map already answers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anywidget

KEYS = ("Enter", "Escape", "?", "b", "B", "r", "R", "h", "H")
"""The shortcuts sent without Ctrl/Cmd (plus Ctrl/Cmd+Z); see ``PlayApp.on_key``."""

ESM = """
const KEYS = new Set(__KEYS__);
const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
const PRESSABLE = "button, a[href], summary, [role='button']";
const TOUCH = ["touchstart", "touchmove", "touchend", "touchcancel"];
const MAP = "canvas.warkit-map";

function closest(target, selector) {
  return target instanceof Element ? target.closest(selector) : null;
}

// Once per widget model, however many views show it (two views would send each key twice).
function initialize({ model }) {
  const onKey = (e) => {
    if (e.repeat || e.isComposing || e.altKey || closest(e.target, TYPING)) return;
    const undo = (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z";
    if (!undo && (e.ctrlKey || e.metaKey || !KEYS.has(e.key))) return;
    if (e.key === "Enter" && closest(e.target, PRESSABLE)) return;
    e.preventDefault();
    model.send({ event: "key", key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey,
                 meta: e.metaKey });
  };
  const onTouch = (e) => { if (closest(e.target, MAP)) e.stopPropagation(); };
  document.addEventListener("keydown", onKey, true);
  for (const type of TOUCH) {
    document.addEventListener(type, onTouch, { capture: true, passive: true });
  }
  return () => {
    document.removeEventListener("keydown", onKey, true);
    for (const type of TOUCH) document.removeEventListener(type, onTouch, true);
  };
}

export default { initialize };
""".replace("__KEYS__", json.dumps(KEYS))
"""The front end (an ES module that anywidget loads in the page)."""

OnKey = Callable[..., object]
"""``on_key(key, shift=..., ctrl=..., meta=...)`` (``PlayApp.on_key``)."""


class PageKeys(anywidget.AnyWidget):
    """Page-wide shortcuts and scrollable touch on the map (see the module docstring).

    It draws nothing (the page listens from the moment the widget exists; displaying it
    is harmless); ``on_key`` gets each shortcut.
    What the page sends is checked like any input from a browser: a message that is not a
    key of :data:`KEYS` (or Z) is ignored.
    """

    _esm = ESM

    def __init__(self, on_key: OnKey, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict) or content.get("event") != "key":
            return
        key = content.get("key")
        if not isinstance(key, str) or (key not in KEYS and key.lower() != "z"):
            return
        self.on_key(key, shift=content.get("shift") is True, ctrl=content.get("ctrl") is True,
                    meta=content.get("meta") is True)
