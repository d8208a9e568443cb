"""The dashboard's kernel websockets speak only the protocol its pages speak.

Voilà 0.5 reads every binary message it forwards to a page as the v1 kernel websocket
protocol (``v1.kernel.websocket.jupyter.org``), to drop ``execute_input``. A client that
asked for the legacy protocol gets its binary messages (widget messages with buffers, such as
the map's canvas) in another framing, whose first bytes read as a count of about 10^8
offsets: the server spun and grew by gigabytes, and every page it served froze. Any script in
any page could do that to a shared dashboard, so the dashboard's server refuses kernel
websockets that don't offer v1 (``notebooks/voila.json``:
``Voila.kernel_websocket_connection_class``). Voilà's own pages always offer it.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web

PROTOCOL = "v1.kernel.websocket.jupyter.org"


def offers_v1(header: str | None) -> bool:
    """Does a ``Sec-WebSocket-Protocol`` request header offer the v1 protocol?"""
    return PROTOCOL in (name.strip() for name in (header or "").split(","))


class V1OnlyConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel connection, refusing (HTTP 400) a client without v1."""

    async def prepare(self) -> None:
        request = self.websocket_handler.request
        if not offers_v1(request.headers.get("Sec-WebSocket-Protocol")):
            raise web.HTTPError(400, f"kernel websockets here speak {PROTOCOL} only")
        await super().prepare()
