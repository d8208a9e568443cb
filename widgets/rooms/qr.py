"""QR codes of the invitations, for a phone's camera (segno: pure Python, no image files).

The SVG is inline (no file to serve, no script to run in the page) and its modules are the
QR code of exactly the text given: the invitation's full address, as its box shows it.
"""

from __future__ import annotations

import segno

SCALE = 3
"""Pixels per module: a room's link (version 5 or so) comes out about 120 pixels wide."""


def qr_svg(text: str, title: str = "") -> str:
    """An inline ``<svg>`` of ``text``'s QR code (error correction M: a slightly damaged
    or badly lit screen still reads); ``title`` is its tooltip and accessible name."""
    if not text:
        raise ValueError("a QR code needs a text to encode")
    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=SCALE, border=2, title=title or None, svgclass="warkit-qr",
                           lineclass=None, dark="#000", light="#fff")


__all__ = ["qr_svg"]
