"""Quick messages on a room's page: a row of preset buttons, a short free-text box when the
host allowed it, and the room's messages, newest last (both languages).

The widget sends nothing itself: a click calls the page's ``on_send(preset, text)`` (the page
calls :meth:`~.server.client.RoomClient.say`), and each answer of the room server is shown
with :meth:`QuickMessages.show`. Presets travel as ids and are shown in each reader's
language; free text is shown escaped, as plain text. What the room refuses is said under the
box in the page's language, and the box keeps the text.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from .messages import tr
from .quick_messages import MAX_TEXT, PRESETS, tidy
from .store import RoomError

Send = Callable[[str | None, str | None], object]
"""The page's sender: a preset id, or a free text (the other ``None``)."""


def _parts(message: Mapping[str, object], names: Sequence[str], lang: str) -> tuple[str, str]:
    """A message's seat name and what it says (a preset in ``lang``, or its text)."""
    seat = message.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    preset = message.get("preset")
    said = (tr(f"chat.preset.{preset}", lang) if isinstance(preset, str) and preset in PRESETS
            else str(message.get("text") or ""))
    return name, said


def message_text(message: Mapping[str, object], names: Sequence[str], lang: str) -> str:
    """One message as plain text: ``Name: what it says``."""
    return "{}: {}".format(*_parts(message, names, lang))


def message_html(message: Mapping[str, object], names: Sequence[str], lang: str) -> str:
    """One message as HTML: the seat's name, then the preset in ``lang`` or the text, both
    escaped."""
    name, said = _parts(message, names, lang)
    return (f'<div class="warkit-chat-message"><b>{html.escape(name)}:</b> '
            f"{html.escape(said)}</div>")


class QuickMessages:
    """The room's quick messages (see the module docstring)."""

    def __init__(self, on_send: Send, lang: str = "pt") -> None:
        self.on_send, self.lang = on_send, lang
        self.mode, self.speaking = "presets", True
        self.refused = False
        self.log = widgets.HTML(layout=widgets.Layout(max_height="12em", overflow="auto"))
        self.log.add_class("warkit-chat-log")
        self.presets: dict[str, widgets.Button] = {}
        for preset in PRESETS:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("warkit-chat-preset")
            button.on_click(lambda _b, p=preset: self._send(p, None))
            self.presets[preset] = button
        self.box = widgets.Text(layout=widgets.Layout(width="min(30em, 70vw)"))
        self.box.add_class("warkit-chat-text")
        self.send_button = widgets.Button()
        self.send_button.add_class("warkit-chat-send")
        self.send_button.on_click(lambda _b: self._send(None, self.box.value))
        self.free = widgets.HBox([self.box, self.send_button])
        self.note = widgets.HTML()
        self.note.add_class("warkit-chat-note")
        self.row = widgets.HBox(list(self.presets.values()),
                                layout=widgets.Layout(flex_flow="row wrap"))
        self.body = widgets.VBox([self.log, self.row, self.free, self.note])
        # folded by default (the lobby sits above the map): its title says how many
        # messages there are and the newest one
        self.widget = widgets.Accordion([self.body], selected_index=None)
        self.widget.add_class("warkit-chat")
        self.show([])

    def show(self, messages: Sequence[Mapping[str, object]], lang: str | None = None, *,
             names: Sequence[str] = (), mode: str | None = None,
             speaking: bool | None = None) -> None:
        """Show the room's ``messages`` (the answer's ``messages``) in ``lang``; ``names``
        are the seats' names, ``mode`` the room's chat setting (the answer's ``chat``),
        ``speaking`` whether this page may send (a seat: yes; a spectator: no)."""
        self.lang = lang or self.lang
        self.mode = mode or self.mode
        self.speaking = self.speaking if speaking is None else speaking
        lang = self.lang
        title = f"{tr('chat.title', lang)} ({len(messages)})"
        if messages:
            newest = message_text(messages[-1], names, lang)
            title += f" · {newest[:60]}{'…' if len(newest) > 60 else ''}"
        self.widget.set_title(0, title)  # plain text (never read as HTML)
        body = "".join(message_html(m, names, lang) for m in messages)
        self.log.value = body or f"<i>{html.escape(tr('chat.none', lang))}</i>"
        for preset, button in self.presets.items():
            button.description = tr(f"chat.preset.{preset}", lang)
        self.send_button.description = tr("chat.send", lang)
        self.box.placeholder = tr("chat.placeholder", lang, n=MAX_TEXT)
        can_talk = self.speaking and self.mode != "off"
        self.row.layout.display = None if can_talk else "none"
        self.free.layout.display = None if can_talk and self.mode == "free" else "none"
        if not self.speaking or self.mode == "off":
            said = tr("chat.watching" if not self.speaking else "chat.off", lang)
            self.note.value = f'<span class="warkit-chat-info">{html.escape(said)}</span>'
        elif not self.refused:  # a refusal stays until the next try
            self.note.value = ""

    def _send(self, preset: str | None, text: str | None) -> None:
        """Send, unless the room would refuse it (said in the page's language)."""
        refusal = local_refusal(self.mode, text, self.lang)
        if refusal is None:
            try:
                self.on_send(preset, text)
            except RoomError as exc:  # the room server's refusal, or no answer
                refusal = tr("chat.refused", self.lang, error=str(exc))
        self.refused = refusal is not None
        self.note.value = (f'<span class="warkit-chat-refused">{html.escape(refusal)}</span>'
                           if refusal else "")
        if refusal is None and text is not None:
            self.box.value = ""


def local_refusal(mode: str, text: str | None, lang: str) -> str | None:
    """Why the room would refuse a message, in ``lang`` (``None``: it would not): messages
    off, free text where only presets are allowed, an empty or too long text."""
    if mode == "off":
        return tr("chat.off", lang)
    if text is None:
        return None
    if mode != "free":
        return tr("chat.presets_only", lang)
    kept = tidy(text)
    if not kept:
        return tr("chat.empty", lang)
    if len(kept) > MAX_TEXT:
        return tr("chat.too_long", lang, n=MAX_TEXT, length=len(kept))
    return None


__all__ = ["QuickMessages", "Send", "local_refusal", "message_html"]
