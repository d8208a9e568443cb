"""What the room server and its pages agree on: where the API lives and how a key is sent."""

from __future__ import annotations

PREFIX = "/warkit-rooms"
"""Where the API is mounted by default (``{PREFIX}/api/...``)."""
KEY_HEADER = "X-Warkit-Key"
"""The header carrying a page's key (never the address: addresses end up in access logs)."""
WAIT = 25.0
"""Seconds a long-poll waits for a change before answering with the room unchanged."""
URL_VARIABLE = "WARKIT_ROOMS_URL"
"""Where pages find the room server (set for the kernels by the embedded server, or by the
teacher on a JupyterHub: ``http://127.0.0.1:10101/services/warkit-rooms``)."""

__all__ = ["KEY_HEADER", "PREFIX", "URL_VARIABLE", "WAIT"]
