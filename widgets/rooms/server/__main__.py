"""The room server as its own process: ``python -m warkit_widgets.rooms.server``.

For a class on a JupyterHub (as a hub service) or any set of servers behind a proxy: this
process alone holds the store's location and credentials (``--store`` or ``$WARKIT_STORE``,
a ``postgresql://`` URL); the students' servers get only its address
(``$WARKIT_ROOMS_URL``). As a JupyterHub service it reads where to listen and its prefix
from the hub (``$JUPYTERHUB_SERVICE_URL``, ``$JUPYTERHUB_SERVICE_PREFIX``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import urllib.parse
from collections.abc import Sequence

from ..store import open_store
from .core import RoomServer
from .protocol import PREFIX
from .web import make_app


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    service = urllib.parse.urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    parser = argparse.ArgumentParser(prog="python -m warkit_widgets.rooms.server",
                                     description="warkit's room server (holds the rooms' "
                                                 "secrets; pages reach it with their keys)")
    parser.add_argument("--ip", default=service.hostname or "127.0.0.1",
                        help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=service.port or 8870,
                        help="port to listen on (default 8870)")
    parser.add_argument("--prefix", default=(os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
                                             or PREFIX).rstrip("/"),
                        help=f"where the API is mounted (default {PREFIX})")
    parser.add_argument("--store", default=None,
                        help="a postgresql:// URL or an SQLite file (default $WARKIT_STORE, "
                             "else the user's data folder)")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    server = RoomServer(open_store(args.store))
    app, hub = make_app(server, args.prefix)
    listener = app.listen(args.port, args.ip)
    hub.start()
    logging.getLogger("warkit.rooms").warning(
        "room server at http://%s:%s%s/api", args.ip, args.port, args.prefix)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    listener.stop()
    hub.stop()
    server.close()


def main(argv: Sequence[str] | None = None) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    asyncio.run(serve(parse(argv)))


if __name__ == "__main__":
    main()
