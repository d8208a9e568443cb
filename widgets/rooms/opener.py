"""The rooms' side of "Play online" for the game's page
(a :class:`~warkit_widgets.play.online.Rooms`): it loads the room machinery (the client, the
follower thread, the lobby) only when a room is asked for, so the page's first screen stays
light. Rooms live on the room server (``$WARKIT_ROOMS_URL``, set by ``make play``); a page
without one plays one-screen games only."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .messages import tr
from .server.protocol import URL_VARIABLE

if TYPE_CHECKING:
    from ..play.config import GameConfig
    from ..play.online import RoomPage
    from .server.service import RoomService
    from .session import RoomSession


class RoomOpener:
    """Opens rooms for a page: ``PlayApp(rooms=RoomOpener())``. ``service``: where the rooms
    are (default: the room server at ``$WARKIT_ROOMS_URL``, if set)."""

    def __init__(self, service: RoomService | None = None) -> None:
        self._service = service

    @property
    def service(self) -> RoomService | None:
        if self._service is None and os.environ.get(URL_VARIABLE):
            from .server.client import HttpRooms

            self._service = HttpRooms()
        return self._service

    def unavailable(self, lang: str) -> str | None:
        """Why this page cannot offer rooms (no room server), in ``lang``; ``None``: it can."""
        return None if self.service is not None else tr("room.no_server", lang)

    def host(self, page: RoomPage, config: GameConfig) -> RoomSession:
        """"Play online": a new room for the form's answers (:func:`.session.host_room`)."""
        from .session import host_room

        return host_room(page, config, self._needed())

    def open_address(self, page: RoomPage) -> RoomSession | None:
        """The room of the page's address, if any (:func:`.session.open_from_address`)."""
        from .session import open_from_address

        service = self.service
        if service is None:
            if page.address.value("room") or page.address.value("key"):
                page.notice_text(tr("room.no_server", page.lang), "refused")
            return None
        return open_from_address(page, service)

    def _needed(self) -> RoomService:
        service = self.service
        if service is None:
            raise ValueError(tr("room.no_server", "en"))
        return service
