"""The room server inside the Voilà server: what ``make play`` runs, nothing to configure.

Voilà 0.5 standalone builds its own tornado application and loads no Jupyter server
extension (``jpserver_extensions`` apply to ``jupyter server``/JupyterLab, not to the
``voila`` command), so this module is the ``voila`` command with the room server's handlers
added: ``python -m warkit_widgets.rooms.server.embedded play.ipynb --port=8866`` takes
every option ``voila`` takes, reads the same ``voila.json``, and serves the API under
``{base_url}warkit-rooms/api`` on the same port (the pages' links need no second address).

It opens the store once, in the server process (``$WARKIT_STORE`` or the SQLite file in the
user's data folder), then removes ``$WARKIT_STORE`` from the environment the kernels inherit
(a page's kernel never learns where the database is, nor its password), and tells the kernels
where the room server is (``$WARKIT_ROOMS_URL``, always ``127.0.0.1``: the kernels run on
this machine).
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.utils import url_path_join
from traitlets import default
from voila.app import Voila

from ..store import STORE_VARIABLE, open_store
from .core import RoomServer
from .protocol import PREFIX, URL_VARIABLE
from .web import Hub, room_handlers


class RoomsVoila(Voila):
    """``voila`` plus the room server (see the module docstring)."""

    rooms_hub: Hub | None = None

    @default("port_retries")
    def _no_other_port(self) -> int:
        """Listen on the port asked or not at all: the kernels are told the room server's
        address (this port) before Voilà listens."""
        return 0

    def start(self) -> None:
        """Open the rooms before Voilà makes its kernel manager: the preheated kernels it
        starts at once copy this process's environment (``voila.json``'s
        ``preheat_kernel``)."""
        self._open_rooms()
        super().start()

    def _open_rooms(self) -> None:
        try:
            store = open_store()
        except Exception as exc:  # a database down: the game still serves, rooms say why
            self.log.error("warkit room server not started: its store cannot be opened (%s)",
                           exc)
            return
        os.environ.pop(STORE_VARIABLE, None)  # the kernels copy this process's environment
        self.rooms_hub = Hub(RoomServer(store))
        prefix = url_path_join(self.base_url, PREFIX)
        os.environ[URL_VARIABLE] = f"http://127.0.0.1:{self.port}{prefix}"

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = super().init_handlers()
        if self.rooms_hub is None:
            return handlers
        prefix = url_path_join(self.base_url, PREFIX)
        return [*room_handlers(self.rooms_hub, prefix), *handlers]

    def listen(self) -> None:
        if self.rooms_hub is not None:
            self.rooms_hub.start()
        super().listen()

    def stop(self) -> None:
        if self.rooms_hub is not None:
            self.rooms_hub.stop()
            self.rooms_hub.server.close()
        super().stop()


main = RoomsVoila.launch_instance

if __name__ == "__main__":
    main()
