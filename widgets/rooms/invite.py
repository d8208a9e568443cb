"""A link to share, with a "copy" button (a tiny ``anywidget``).

The kernel knows a room's links only as ``?room=CODE&key=SECRET``: the server's address is
what the browser shows, so the script makes the full address from the page's own and puts
it in a read-only box with a button that copies it (the clipboard where the browser allows
it, else the box's text is selected and copied the old way). An empty ``url`` shows
nothing: a link withdrawn from the page (a seat whose player joined) is no longer in its
widgets at all.

A page opened at ``localhost`` would share ``localhost`` links, which open on the friend's
own machine: with ``lan_host`` (the serving machine's network address, :mod:`.lan`) the
link names that host instead; without it the widget shows ``warning`` beside the link.

Beside the link, its QR code for a phone's camera: the script tells the kernel the full
address it shows (``shown``), and the kernel answers with that address's QR code as an
inline SVG (``qr``, :mod:`.qr`) - so the code encodes exactly the link in the box.
"""

from __future__ import annotations

from dataclasses import dataclass

import anywidget
import traitlets

from .qr import qr_svg


@dataclass(frozen=True)
class RoomLinks:
    """What the host gets: the room's code and the secrets of its links (never stored)."""

    code: str
    credentials: tuple[str, ...]
    """Seat ``i``'s secret (a computer seat has one too, unused until handed to a human)."""
    spectator: str

    def link(self, base: str, credential: str, lang: str | None = None) -> str:
        """The page address that opens ``credential``'s seat: ``base?room=CODE&key=SECRET``."""
        extra = f"&lang={lang}" if lang else ""
        return f"{base}?room={self.code}&key={credential}{extra}"


ESM = """
function render({ model, el }) {
  const label = document.createElement("span");
  const box = document.createElement("input");
  const button = document.createElement("button");
  const done = document.createElement("span");
  const qr = document.createElement("span");
  qr.className = "warkit-invite-qr";
  qr.style.cssText = "line-height:0;cursor:zoom-in";
  qr.addEventListener("click", () => {  // a click shows it larger (easier for a camera)
    const big = qr.dataset.big !== "1";
    qr.dataset.big = big ? "1" : "0";
    const svg = qr.querySelector("svg");
    if (svg) svg.style.width = svg.style.height = big ? "240px" : "";
  });
  const warn = document.createElement("div");
  warn.className = "warkit-invite-warning";
  warn.style.cssText = "flex-basis:100%;color:#8a4b00;font-size:90%";
  box.readOnly = true;
  box.className = "warkit-invite-url";
  box.style.width = "min(34em, 60vw)";
  button.className = "jupyter-button warkit-invite-copy";
  done.className = "warkit-invite-done";
  el.classList.add("warkit-invite");
  el.append(label, box, button, done, qr, warn);
  const loopback = (host) => ["localhost", "127.0.0.1", "[::1]", "::1"].includes(host);
  const full = () => {
    const url = new URL(model.get("url"), window.location.href);
    const lan = model.get("lan_host");
    if (lan && loopback(url.hostname)) url.hostname = lan;  // an address friends can reach
    return url.href;
  };
  const draw = () => {
    const url = model.get("url");
    el.style.display = url ? "flex" : "none";
    el.style.flexWrap = "wrap";
    el.style.alignItems = "center";
    warn.textContent = url && loopback(new URL(full()).hostname) ? model.get("warning") : "";
    el.style.gap = "6px";
    label.textContent = model.get("label");
    box.value = url ? full() : "";
    button.textContent = model.get("copy_text");
    done.textContent = "";
    const shown = url ? full() : "";
    if (model.get("shown") !== shown) {  // the kernel draws the QR code of this address
      model.set("shown", shown);
      model.save_changes();
    }
    const svg = shown && model.get("qr_for") === shown ? model.get("qr") : "";
    if (qr.dataset.svg !== svg) {
      qr.dataset.svg = svg;
      qr.innerHTML = svg;  // an SVG made by the kernel (segno): paths only, no script
      qr.dataset.big = "0";
    }
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
    lan_host = traitlets.Unicode("").tag(sync=True)
    """The serving machine's network address, put in place of ``localhost`` ("": none)."""
    warning = traitlets.Unicode("").tag(sync=True)
    """Shown when the link still names ``localhost`` (it opens only on this machine)."""
    shown = traitlets.Unicode("").tag(sync=True)
    """The full address the page shows (set by the script: only the browser knows it)."""
    qr = traitlets.Unicode("").tag(sync=True)
    """The QR code of :attr:`qr_for`, an inline SVG (``""``: no link)."""
    qr_for = traitlets.Unicode("").tag(sync=True)
    qr_title = traitlets.Unicode("QR code").tag(sync=True)

    @traitlets.observe("shown", "qr_title")
    def _draw_qr(self, _: object = None) -> None:
        """The QR code of the address the page shows, drawn here (:func:`.qr.qr_svg`)."""
        shown = self.shown
        try:
            svg = qr_svg(shown, self.qr_title) if shown else ""
        except ValueError:  # more than a QR code holds (only a forged message sends that)
            svg = ""
        with self.hold_sync():
            self.qr, self.qr_for = svg, shown

    def show(self, url: str, label: str = "", copy: str = "", copied: str = "",
             warning: str = "", lan_host: str = "", qr_title: str = "") -> None:
        """Show ``url`` (``""``: withdraw it) with the texts in the page's language."""
        with self.hold_sync():
            self.url, self.label = url, label if url else ""
            if copy:
                self.copy_text, self.copied_text = copy, copied
            if qr_title:
                self.qr_title = qr_title
            self.warning, self.lan_host = warning, lan_host
            if not url:
                self.shown = ""  # the QR code goes with the link (its key leaves the page)
