"""The QR code beside each invitation (issue 19): its SVG's dark modules are exactly the QR
code of the link the page shows, redrawn when the link changes, gone when it is withdrawn."""

from __future__ import annotations

import re

import pytest
import segno
from warkit_widgets.rooms.invite import InviteLink
from warkit_widgets.rooms.qr import qr_svg

LINK = "http://192.168.0.12:8866/?room=QUZP7M&key=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4&lang=pt"


def modules(svg: str) -> list[list[bool]]:
    """The dark modules an SVG of segno's draws: its stroked path's ``h`` runs, row by row
    (``M``/``m`` move the pen; the border is cut off)."""
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg)
    assert path is not None, svg[:200]
    size = int(re.search(r'width="(\d+)"', svg).group(1)) // 3 - 4  # scale 3, border 2
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for col in range(int(x), int(x + float(a))):
                grid[int(y) - 2][col - 2] = True
            x += float(a)
    return grid


def expected(text: str) -> list[list[bool]]:
    return [[bool(v) for v in row] for row in segno.make(text, error="m", micro=False).matrix]


def test_the_svg_encodes_exactly_the_link():
    svg = qr_svg(LINK, "QR")
    assert svg.startswith("<svg") and "<script" not in svg and "<title>QR</title>" in svg
    assert modules(svg) == expected(LINK)
    assert modules(svg) != expected(LINK.replace("QUZP7M", "QUZP7N"))  # one letter changed
    with pytest.raises(ValueError):
        qr_svg("")


def test_the_widget_draws_the_qr_of_the_address_the_page_shows():
    invite = InviteLink()
    invite.show("?room=QUZP7M&key=Zm9v&lang=pt", "Convite", qr_title="Código QR")
    assert invite.qr == ""  # the kernel waits for the page to say the full address
    invite.shown = LINK  # what the script sets (only the browser knows the address)
    assert invite.qr_for == LINK and modules(invite.qr) == expected(LINK)
    assert "<title>Código QR</title>" in invite.qr
    invite.shown = "x" * 5000  # more than a QR code holds: no code, no error
    assert invite.qr == ""
    invite.show("", "Convite")  # the seat joined: its link and its QR code leave the page
    assert invite.shown == "" and invite.qr == "" and invite.url == ""
