"""Who is asking: a secret kept by each browser, so a shared server offers each visitor only
their own games in progress (issue 14), and the page's address the kernel can set.

:class:`BrowserIdentity` is a tiny front-end widget (``anywidget``). When a page shows it,
its script reads a random secret from the browser's ``localStorage`` (making one the first
time) and sends it to the kernel; the kernel keeps only a hash of it (:func:`owner_of`), the
owner written in the autosaved games (:class:`~warkit_widgets.play.saves.Autosave`). Every tab
of one browser shares it; another browser, another device or a private window has its own.
Where ``localStorage`` is refused, the secret lives as long as the tab.

The secret never leaves this page's own kernel: nothing else on the page shows it, and
another page's kernel never has it. A page may send any value (widget messages are
untrusted); an unguessable secret is what keeps others' games out of reach, so a value
that is not one (:data:`SECRET_PATTERN`) is ignored.

``address`` goes the other way: the kernel sets it (``?room=...&key=...`` for a room's
seat) and the script puts it in the address bar without reloading, so a reload or a
bookmark returns to the same seat.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

import anywidget
import traitlets

SECRET_PATTERN = re.compile(r"[0-9a-f]{32,128}")
"""What a browser's secret looks like (the script makes 32 random hexadecimal digits)."""

ESM = """
const KEY = "warkit-browser-secret";
function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
}
function secret() {
  try {
    let value = window.localStorage.getItem(KEY);
    if (!value || !/^[0-9a-f]{32,128}$/.test(value)) {
      value = fresh();
      window.localStorage.setItem(KEY, value);
    }
    return value;
  } catch (e) {  // storage refused: this tab only
    window.__warkitSecret = window.__warkitSecret || fresh();
    return window.__warkitSecret;
  }
}
function render({ model, el }) {
  el.style.display = "none";
  model.set("secret", secret());
  model.save_changes();
  const follow = () => {
    const address = model.get("address");
    if (address) {
      window.history.replaceState(null, "", new URL(address, window.location.href).href);
    }
  };
  model.on("change:address", follow);
  follow();
}
export default { render };
"""


def owner_of(secret: str) -> str:
    """The name a browser's games are saved under: a hash of its secret (the folder on the
    server never holds the secret itself)."""
    return hashlib.sha256(f"warkit-browser:{secret}".encode()).hexdigest()[:32]


class BrowserIdentity(anywidget.AnyWidget):
    """The page's browser, as the kernel knows it (see the module docstring): calls
    ``on_owner`` with :func:`owner_of` its secret when the page sends one."""

    _esm = ESM
    secret = traitlets.Unicode("").tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_owner: Callable[[str], object]) -> None:
        super().__init__(layout={"display": "none"})
        self.on_owner = on_owner
        self.owner: str | None = None
        self.observe(self._secret_sent, "secret")

    def _secret_sent(self, change: dict) -> None:
        value = change["new"]
        if isinstance(value, str) and SECRET_PATTERN.fullmatch(value):
            self.owner = owner_of(value)
            self.on_owner(self.owner)
