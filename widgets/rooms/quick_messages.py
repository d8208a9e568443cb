"""A room's quick messages: the preset phrases and emotes, who may say what, and how free text
is cleaned (no Jupyter code: the room server checks messages with it, the page's widget
shows them).

The host picks the room's chat when creating it (``spec["chat"]``):

- ``"off"``: nobody says anything;
- ``"presets"`` (the default): the preset phrases and emotes only (:data:`PRESETS`), shown in
  each reader's language - nothing a class has to moderate;
- ``"free"``: presets and short free text (:data:`MAX_TEXT` characters, control and
  formatting characters removed), rendered escaped as plain text.

Spectators read the messages and may not speak.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

CHAT_MODES = ("off", "presets", "free")
"""The host's choices, in the order the store numbers them (0, 1, 2)."""
DEFAULT_CHAT = "presets"
PRESETS = ("nice", "your_turn", "well_played", "back_soon", "thanks", "good_luck",
           "thumbs_up", "laugh", "wow", "dice")
"""The preset messages' ids; their texts are ``chat.preset.<id>`` in the rooms' catalogue."""
MAX_TEXT = 200
"""Characters a free-text message may have at most (after cleaning)."""
KEPT = 30
"""Messages a room's answer carries (the newest)."""
_DROPPED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
"""Control, formatting (bidirectional overrides, zero-width), private, surrogate and
unassigned characters, and line or paragraph separators: never kept in a message."""


class ChatRefused(ValueError):
    """A message the room refuses (its reason in ``str``): nothing was said."""


@dataclass(frozen=True)
class Message:
    """One message of a room: its number (from 1), the seat that said it, a preset id or a
    free text (exactly one of the two), and when (epoch seconds)."""

    n: int
    seat: int
    preset: str | None
    text: str | None
    at: float

    def to_dict(self) -> dict[str, object]:
        return {"n": self.n, "seat": self.seat, "preset": self.preset, "text": self.text,
                "at": self.at}


def chat_mode(value: object) -> str:
    """The room's chat setting from a request (``None``: the default); refused otherwise."""
    if value is None:
        return DEFAULT_CHAT
    if value not in CHAT_MODES:
        raise ChatRefused(f"the room's chat is one of {', '.join(CHAT_MODES)}, not {value!r}")
    return str(value)


def tidy(text: str) -> str:
    """``text`` with control and formatting characters removed and every run of white space
    made one space, trimmed."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _DROPPED_CATEGORIES)
    return " ".join(kept.split())


def clean_text(text: object) -> str:
    """Free text as a room keeps it (:func:`tidy`); refused when empty or longer than
    :data:`MAX_TEXT`."""
    if not isinstance(text, str):
        raise ChatRefused("a message's text must be a string")
    cleaned = tidy(text)
    if not cleaned:
        raise ChatRefused("an empty message says nothing: not sent")
    if len(cleaned) > MAX_TEXT:
        raise ChatRefused(f"a message has at most {MAX_TEXT} characters (this one has "
                          f"{len(cleaned)}): not sent")
    return cleaned


def check_message(mode: str, preset: object = None, text: object = None
                  ) -> tuple[str | None, str | None]:
    """``(preset, text)`` as the room keeps them, if a room whose chat is ``mode`` allows
    them: exactly one of a known preset id and free text (free text only in a ``"free"``
    room); :class:`ChatRefused` saying why otherwise."""
    if mode == "off":
        raise ChatRefused("the host turned messages off in this room")
    if (preset is None) == (text is None):
        raise ChatRefused("a message is either a preset or a text")
    if preset is not None:
        if preset not in PRESETS:
            raise ChatRefused(f"no preset message {preset!r} (known: {', '.join(PRESETS)})")
        return str(preset), None
    if mode != "free":
        raise ChatRefused("the host allowed only the preset messages in this room: "
                          "free text is not sent")
    return None, clean_text(text)


__all__ = ["CHAT_MODES", "DEFAULT_CHAT", "KEPT", "MAX_TEXT", "PRESETS", "ChatRefused",
           "Message", "chat_mode", "check_message", "clean_text", "tidy"]
