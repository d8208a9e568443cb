"""What a page needs of the room server, whatever carries the calls: :class:`RoomApi`, one
room opened with a key (:class:`~.client.RoomClient` over HTTP, or
:class:`~.local.LocalClient` in the same process), and :class:`RoomService`, where rooms are
opened and made. The page's game (:mod:`warkit_widgets.rooms.controller`) and session
(:mod:`warkit_widgets.rooms.session`) see only these."""

from __future__ import annotations

from typing import Any, Protocol


class RoomApi(Protocol):
    """One room as a key opens it (see :mod:`.web` for what each call answers). Every answer
    is the room as the key may see it; a refusal raises
    :class:`~.client.RoomServerError` with the API's status."""

    code: str
    key: str | None

    def state(self, since: int = 0) -> dict[str, Any]: ...

    def wait(self, version: int, since: int = 0, timeout: float = ...) -> dict[str, Any]: ...

    def act(self, seq: int, action: str, since: int = 0) -> dict[str, Any]: ...

    def hand_over(self, seat: int, since: int = 0) -> dict[str, Any]: ...

    def take_back(self, since: int = 0) -> dict[str, Any]: ...

    def hint(self, since: int = 0) -> dict[str, Any]: ...

    def record(self) -> str: ...


class RoomService(Protocol):
    """Where a page opens rooms (a key, or a code for the public side) and makes new ones
    (:meth:`~.core.RoomServer.create`: the code, every seat's key, the spectator key)."""

    def open(self, code: str | None, key: str | None) -> RoomApi: ...

    def create(self, spec: dict[str, Any]) -> dict[str, Any]: ...


__all__ = ["RoomApi", "RoomService"]
