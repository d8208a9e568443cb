"""The room server's API without the web, for a server in the same process (tests, tools):
:class:`LocalClient` answers exactly what :class:`~.client.RoomClient` does - the same
methods, every answer round-tripped through JSON, every refusal a
:class:`~.client.RoomServerError` with the status :mod:`.web` would send
(:func:`~.core.error_status`) - by calling :class:`~.core.RoomServer` directly."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .client import RoomServerError
from .core import RoomServer, Ticket, error_status
from .protocol import WAIT

T = TypeVar("T")


def _through_json(call: Callable[[], T]) -> T:
    """``call()``'s answer as a page would read it, or the refusal the API would send."""
    try:
        answer = call()
    except Exception as exc:
        raise RoomServerError(str(exc), error_status(exc)) from None
    return json.loads(json.dumps(answer))


class LocalClient:
    """One room of ``server`` opened with ``key`` (none: the public side of room ``code``)."""

    def __init__(self, server: RoomServer, code: str | None = None,
                 key: str | None = None) -> None:
        self.server, self.key = server, key or None
        self.code: str = _through_json(lambda: server.ticket(code, self.key).code)

    def _ticket(self) -> Ticket:
        return self.server.ticket(self.code, self.key)

    def state(self, since: int = 0) -> dict[str, Any]:
        return _through_json(lambda: self.server.state(self._ticket(), since))

    def wait(self, version: int, since: int = 0, timeout: float = WAIT) -> dict[str, Any]:
        """The room once its version passes ``version`` (polled: no event loop here)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if _through_json(lambda: self.server.version(self.code)) > version:
                break
            time.sleep(0.02)
        return self.state(since)

    def act(self, seq: int, action: str, since: int = 0) -> dict[str, Any]:
        return _through_json(lambda: self.server.act(self._ticket(), seq, str(action), since))

    def hand_over(self, seat: int, since: int = 0) -> dict[str, Any]:
        return _through_json(lambda: self.server.hand_over(self._ticket(), seat, since))

    def take_back(self, since: int = 0) -> dict[str, Any]:
        return _through_json(lambda: self.server.take_back(self._ticket(), since))

    def hint(self, since: int = 0) -> dict[str, Any]:
        return _through_json(lambda: self.server.hint(self._ticket(), since))

    def record(self) -> str:
        return _through_json(lambda: self.server.record(self._ticket()))


class LocalRooms:
    """``server``'s rooms for pages in the same process (a :class:`~.service.RoomService`)."""

    def __init__(self, server: RoomServer) -> None:
        self.server = server

    def open(self, code: str | None, key: str | None) -> LocalClient:
        return LocalClient(self.server, code, key)

    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        return _through_json(lambda: self.server.create(json.loads(json.dumps(spec))))


__all__ = ["LocalClient", "LocalRooms"]
