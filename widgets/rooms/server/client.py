"""A page's side of the room server: plain HTTP calls with the page's key (the standard
library's :mod:`urllib`, so a kernel needs nothing more), each answering the JSON the
server sends (:mod:`.web` lists the routes).

The client holds the room server's address and its own key, nothing else: no database
location, no seed, no other seat's key.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..store import RoomError
from .protocol import KEY_HEADER, PREFIX, URL_VARIABLE, WAIT


class RoomServerError(RoomError):
    """The room server refused a request (its reason said in ``str``), or cannot be reached."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status

    @property
    def stale(self) -> bool:
        """The room moved on since the page looked: look again, then decide."""
        return self.status == 409


def server_url(url: str | None = None) -> str:
    """The room server's address: ``url``, else ``$WARKIT_ROOMS_URL``."""
    found = url or os.environ.get(URL_VARIABLE)
    if not found:
        raise RoomServerError(f"no room server: set {URL_VARIABLE} (make play sets it)")
    return found.rstrip("/")


class RoomClient:
    """Calls to the room server for one page: the room ``code`` and, for a seat, its ``key``
    (none: the room's public side)."""

    def __init__(self, url: str | None = None, code: str | None = None,
                 key: str | None = None, timeout: float = WAIT + 10) -> None:
        self.url, self.key, self.timeout = server_url(url), key or None, timeout
        self.code = (code or "").strip().upper()
        if not self.code:
            if self.key is None:
                raise RoomServerError("a room opens with its code or a seat's key")
            self.code = self.access()["code"]

    # -- the routes ------------------------------------------------------------------------
    def access(self) -> dict[str, Any]:
        return self._call("GET", "/access")

    def state(self, since: int = 0) -> dict[str, Any]:
        return self._call("GET", f"/rooms/{self.code}", query={"since": since})

    def wait(self, version: int, since: int = 0, timeout: float = WAIT) -> dict[str, Any]:
        """The room as soon as its version passes ``version`` (or after ``timeout`` s)."""
        return self._call("GET", f"/rooms/{self.code}/wait",
                          query={"since": since, "version": version, "timeout": timeout})

    def act(self, seq: int, action: str, since: int = 0) -> dict[str, Any]:
        return self._call("POST", f"/rooms/{self.code}/act",
                          {"seq": seq, "action": str(action), "since": since})

    def hand_over(self, seat: int, since: int = 0) -> dict[str, Any]:
        return self._call("POST", f"/rooms/{self.code}/hand-over", {"seat": seat, "since": since})

    def take_back(self, since: int = 0) -> dict[str, Any]:
        return self._call("POST", f"/rooms/{self.code}/take-back", {"since": since})

    def hint(self, since: int = 0) -> dict[str, Any]:
        return self._call("POST", f"/rooms/{self.code}/hint", {"since": since})

    def record(self) -> str:
        return str(self._call("GET", f"/rooms/{self.code}/record")["record"])

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None,
              query: dict[str, Any] | None = None) -> Any:
        return call(self.url, method, path, body, query=query, key=self.key,
                    timeout=self.timeout)


class HttpRooms:
    """The room server at ``url`` (default ``$WARKIT_ROOMS_URL``) as a page reaches it: a
    :class:`~.service.RoomService` over HTTP."""

    def __init__(self, url: str | None = None) -> None:
        self.url = server_url(url)

    def open(self, code: str | None, key: str | None) -> RoomClient:
        return RoomClient(self.url, code, key)

    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        return new_room(spec, self.url)


def new_room(spec: dict[str, Any], url: str | None = None) -> dict[str, Any]:
    """A new room on the room server (:meth:`~.core.RoomServer.create`): its code, every
    seat's key and the spectator key."""
    return dict(call(server_url(url), "POST", "/rooms", spec))


def call(url: str, method: str, path: str, body: dict[str, Any] | None = None, *,
         query: dict[str, Any] | None = None, key: str | None = None,
         timeout: float = WAIT + 10) -> Any:
    """One request to the API at ``url``; its JSON answer, or :class:`RoomServerError`."""
    address = f"{url}/api{path}"
    if query:
        address += "?" + urllib.parse.urlencode(query)
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(address, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header(KEY_HEADER, key)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read()).get("error") or exc.reason
        except ValueError:
            said = exc.reason
        raise RoomServerError(str(said), exc.code) from None
    except (urllib.error.URLError, OSError) as exc:
        raise RoomServerError(f"the room server at {url} cannot be reached: {exc}") from None


__all__ = ["PREFIX", "URL_VARIABLE", "HttpRooms", "RoomClient", "RoomServerError", "call",
           "new_room", "server_url"]
