"""A link to share, with a "copy" button (a tiny ``anywidget``).

The kernel knows a room's links only as ``?room=CODE&key=SECRET``: the server's address is
what the browser shows, so the script makes the full address from the page's own and puts
it in a read-only box with a button that copies it (the clipboard where the browser allows
it, else the box's text is selected and copied the old way). An empty ``url`` shows
nothing: a link withdrawn from the page (a seat whose player joined) is no longer in its
widgets at all.
"""

from __future__ import annotations

import anywidget
import traitlets

ESM = """
function render({ model, el }) {
  const label = document.createElement("span");
  const box = document.createElement("input");
  const button = document.createElement("button");
  const done = document.createElement("span");
  box.readOnly = true;
  box.className = "warkit-invite-url";
  box.style.width = "min(34em, 60vw)";
  button.className = "jupyter-button warkit-invite-copy";
  done.className = "warkit-invite-done";
  el.classList.add("warkit-invite");
  el.append(label, box, button, done);
  const full = () => new URL(model.get("url"), window.location.href).href;
  const draw = () => {
    const url = model.get("url");
    el.style.display = url ? "flex" : "none";
    el.style.alignItems = "center";
    el.style.gap = "6px";
    label.textContent = model.get("label");
    box.value = url ? full() : "";
    button.textContent = model.get("copy_text");
    done.textContent = "";
  };
  button.addEventListener("click", async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(full());
      copied = true;
    } catch (e) {  // no clipboard API (a page served without https): select and copy
      box.select();
      try { copied = document.execCommand("copy"); } catch (e2) { copied = false; }
    }
    done.textContent = copied ? model.get("copied_text") : "";
  });
  model.on("change", draw);
  draw();
}
export default { render };
"""


class InviteLink(anywidget.AnyWidget):
    """``label``, then the full address of ``url`` (relative to the page) and a copy button."""

    _esm = ESM
    url = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    copy_text = traitlets.Unicode("Copy").tag(sync=True)
    copied_text = traitlets.Unicode("Copied!").tag(sync=True)

    def show(self, url: str, label: str = "", copy: str = "", copied: str = "") -> None:
        """Show ``url`` (``""``: withdraw it) with the texts in the page's language."""
        with self.hold_sync():
            self.url, self.label = url, label if url else ""
            if copy:
                self.copy_text, self.copied_text = copy, copied
