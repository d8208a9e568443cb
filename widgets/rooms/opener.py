"""The rooms' side of "Play online" for the game's page
(a :class:`~warkit_widgets.play.online.Rooms`): it loads the room machinery (the store, the
sync thread, the lobby) only when a room is asked for, so the page's first screen stays light."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..play.config import GameConfig
    from ..play.online import RoomPage
    from .session import RoomSession


class RoomOpener:
    """Opens rooms for a page: ``PlayApp(rooms=RoomOpener())``."""

    def host(self, page: RoomPage, config: GameConfig) -> RoomSession:
        """"Play online": a new room for the form's answers (:func:`.session.host_room`)."""
        from .session import host_room

        return host_room(page, config)

    def open_address(self, page: RoomPage) -> RoomSession | None:
        """The room of the page's address, if any (:func:`.session.open_from_address`)."""
        from .session import open_from_address

        return open_from_address(page)
