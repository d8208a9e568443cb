"""The tab's title and the game's sounds, from a small anywidget.

- **title**: the browser tab says what the page wants from its player ("▶ Sua vez — War"
  when it is their decision), so a player in another tab sees their turn come;
- **sounds**: dice, a conquest, a victory and a gentle "your turn" chime: small WAV files
  synthesized by ``notebooks/build_tools/sounds.py``, shipped as package data and sent by
  the kernel when the first game starts (:meth:`PageSignals.load_sounds`; nothing is loaded
  from outside the server);
- **mute**: a small button; the choice is remembered by the browser (``localStorage``).
  A player whose system asks for reduced motion (``prefers-reduced-motion``) starts muted
  until they turn the sound on; and browsers play nothing before the page was touched.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import anywidget
import traitlets

SOUND_NAMES = ("dice", "conquest", "victory", "your_turn")
MUTED_KEY = "warkit-muted"
"""The ``localStorage`` key of the mute ("1" muted, "0" sound on)."""

ESM = """
const KEY = "__KEY__";
const reduced = () => window.matchMedia &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;
function muted() {
  const saved = window.localStorage.getItem(KEY);
  return saved === null ? reduced() : saved === "1";
}
const urls = new Map();

function initialize({ model }) {
  const load = () => {
    for (const url of urls.values()) URL.revokeObjectURL(url);
    urls.clear();
    const sounds = model.get("sounds") || {};
    for (const [name, data] of Object.entries(sounds)) {
      const bytes = data instanceof DataView ? data.buffer : data;
      urls.set(name, URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })));
    }
  };
  const title = () => { const t = model.get("title"); if (t) document.title = t; };
  load();
  title();
  model.on("change:sounds", load);
  model.on("change:title", title);
  model.on("msg:custom", (msg) => {
    if (!msg || msg.event !== "play" || muted()) return;
    const url = urls.get(msg.sound);
    if (!url) return;
    const audio = new Audio(url);
    audio.volume = 0.6;
    audio.play().catch(() => {});  // before the first touch the browser says no: fine
  });
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "wk-mute";
  button.type = "button";
  const show = () => {
    const off = muted();
    const labels = model.get("labels") || {};
    button.textContent = "♪ " + ((off ? labels.off_short : labels.on_short) || "");
    const label = (off ? labels.off : labels.on) || "";
    button.title = label;
    button.setAttribute("aria-label", label);
    button.setAttribute("aria-pressed", off ? "true" : "false");
  };
  button.addEventListener("click", () => {
    window.localStorage.setItem(KEY, muted() ? "0" : "1");
    show();
  });
  model.on("change:labels", show);
  show();
  el.appendChild(button);
}

export default { initialize, render };
""".replace("__KEY__", MUTED_KEY)


def sound_files() -> dict[str, bytes]:
    """The sounds shipped with the package (``warkit_widgets/play/sounds/*.wav``)."""
    folder = resources.files("warkit_widgets.play.sounds")
    return {name: (folder / f"{name}.wav").read_bytes() for name in SOUND_NAMES}


class PageSignals(anywidget.AnyWidget):
    """The tab's title, the sounds and the mute button (see the module docstring).

    :meth:`play` asks the page to play one of :data:`SOUND_NAMES` (it does unless muted);
    ``played`` keeps what was asked, for tests and for whoever wants to know.
    """

    _esm = ESM
    _css = """.wk-mute{border:1px solid #cfc6b4;background:#fbf8f1;border-radius:6px;
      font-size:16px;line-height:1;padding:4px 7px;cursor:pointer}"""
    title = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    sounds = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.played: list[str] = []

    def load_sounds(self) -> None:
        """Send the sounds to the page (once: when the first game starts, so the first page,
        the new-game form, does not wait for them)."""
        if not self.sounds:
            self.sounds = sound_files()

    def play(self, sound: str) -> None:
        if sound not in SOUND_NAMES:
            raise ValueError(f"no sound {sound!r}; sounds: {', '.join(SOUND_NAMES)}")
        self.played.append(sound)
        self.send({"event": "play", "sound": sound})
