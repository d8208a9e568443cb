"""The address friends can reach: invitations from a page opened at ``localhost``.

A page opened at ``http://localhost:8866`` builds its links from its own address, so an
invitation sent to a friend would open the friend's own machine. ``make play-lan`` serves
the game to the local network and sets ``WARKIT_LAN=1``; the kernel (on the serving
machine) then finds the machine's address on the network (:func:`lan_address`) and the
invitation widgets put it in place of ``localhost`` (the port stays the page's). Without it
the widgets warn that a ``localhost`` link only opens on this machine.
"""

from __future__ import annotations

import ipaddress
import os
import socket

PROBE = ("192.0.2.1", 9)
"""A documentation address (RFC 5737): a UDP "connect" to it sends nothing, but makes the
system pick the interface, hence the address, it would use to reach the network."""


def lan_address() -> str:
    """This machine's address on the local network when ``make play-lan`` serves the game
    (``$WARKIT_LAN`` set; ``$WARKIT_LAN_HOST`` overrides it), else ``""``: links keep the
    page's own host."""
    chosen = os.environ.get("WARKIT_LAN_HOST", "").strip()
    if chosen:
        return chosen
    if not os.environ.get("WARKIT_LAN"):
        return ""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            found = probe.getsockname()[0]
    except OSError:  # no network at all
        return ""
    return "" if ipaddress.ip_address(found).is_loopback else found


__all__ = ["lan_address"]
