"""The room server on the web: a small JSON API over :class:`~.core.RoomServer`, with its
answers pushed by long-poll (tornado handlers, mounted under a prefix, ``/warkit-rooms`` by
default, in the Voilà server or a standalone process).

    POST {prefix}/api/rooms                       a new room -> its code, seat keys, spectator key
    GET  {prefix}/api/rooms/CODE?since=N          the room as the key sees it
    GET  {prefix}/api/rooms/CODE/wait?version=V   the same, as soon as the room changes past V
    POST {prefix}/api/rooms/CODE/act              {"seq": N, "action": "attack brasil argentina"}
    POST {prefix}/api/rooms/CODE/hand-over        {"seat": S}: an absent seat to a computer
    POST {prefix}/api/rooms/CODE/take-back        the asking seat plays again
    POST {prefix}/api/rooms/CODE/hint             the asking seat asked the coach: counted
    GET  {prefix}/api/rooms/CODE/record           the file the key may keep
    GET  {prefix}/api/access                      the room and seat a key opens
    GET  {prefix}/api/health

A page sends its key in the ``X-Warkit-Key`` header, never in the address (addresses end up
in access logs); no key is the public side of the room. Every answer about a room is
:meth:`~.live.LiveRoom.view_for`: the seats (presence, hints), the key's view, the steps since
``since`` as it may see them; asked with ``since=0`` it also carries ``start``, the page's game
to replay them on (a mirror of the seat's view after the deal). Errors are JSON ``{"error": ...}``
with 400 (a refused move: the rule it breaks), 403 (a key that does not open it), 404 (no
such room), 409 (the room moved on: look again) or 503 (the database cannot be reached
now: try again). The API uses no cookie, so a request
forged by another site carries no credential: the XSRF check, which guards cookies, is off
for these handlers only.

A waiting page is answered when its room changes here, when the store tells of a move
another room server wrote to the same database (:meth:`~..store.GameStore.subscribe`:
PostgreSQL's ``NOTIFY``), or, as the safety net, when the slow poll (:data:`SAFETY_POLL`
seconds) finds one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any, TypeVar

from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.log import app_log

from warkit import IllegalActionError, InvalidActionError

from .core import RoomServer, Ticket, error_status
from .protocol import KEY_HEADER, PREFIX, WAIT

SAFETY_POLL = 2.0
"""Seconds between two looks at the store for moves written by other room servers."""

T = TypeVar("T")


class Hub:
    """The server's rooms and the pages waiting on them (lives on the event loop)."""

    def __init__(self, server: RoomServer, workers: int = 4) -> None:
        self.server = server
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="warkit-rooms")
        self.waiting: dict[str, set[asyncio.Future[None]]] = {}
        self._poller: PeriodicCallback | None = None
        self._loop: IOLoop | None = None
        self._unsubscribe: Callable[[], object] | None = None
        self._polling = False

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` on a worker thread (the store's queries block)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, call, *args)

    def changed(self, code: str) -> None:
        """Wake every page waiting on room ``code``."""
        for future in self.waiting.pop(code, set()):
            if not future.done():
                future.set_result(None)

    async def wait_past(self, code: str, known: int, timeout: float) -> None:
        """Return once room ``code``'s version passes ``known`` (at once if it has), or after
        ``timeout`` seconds."""
        future = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(code, set()).add(future)  # before looking: no change is missed
        try:
            if await self.run(self.server.version, code) > known:
                return
            await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            pass
        finally:
            self.waiting.get(code, set()).discard(future)

    def start(self) -> None:
        """Start the safety poll (on the event loop of the calling thread)."""
        if self._poller is None:
            self._loop = IOLoop.current()
            self._poller = PeriodicCallback(self._poll, SAFETY_POLL * 1000)
            self._poller.start()
            # the store's push (PostgreSQL's NOTIFY, SQLite's own commits); a store without
            # it leaves the safety poll alone
            with suppress(NotImplementedError):
                self._unsubscribe = self.server.store.subscribe(
                    lambda code, _seq: self.store_changed(code))

    def store_changed(self, code: str) -> None:
        """Another room server wrote to room ``code`` (the store's notification, from any
        thread): read it now and wake its pages, without waiting for the safety poll."""
        if self._loop is not None:
            self._loop.add_callback(self._catch_up, [code])

    async def _poll(self) -> None:
        if not self._polling:
            self._polling = True
            try:
                await self._catch_up([code for code, futures in self.waiting.items() if futures])
                self.server.forget_idle()  # the rooms with waiting pages were just asked about
            finally:
                self._polling = False

    async def _catch_up(self, codes: list[str]) -> None:
        if not codes:
            return
        try:
            for code in await self.run(self.server.poll, codes):
                self.changed(code)
        except Exception:  # the store unreachable: the next poll tries again
            pass

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._poller is not None:
            self._poller.stop()
        self.executor.shutdown(wait=False)


class ApiHandler(web.RequestHandler):
    """Common ground: JSON in and out, the key header, errors as JSON with a status."""

    hub: Hub

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def check_xsrf_cookie(self) -> None:
        """No cookie is read here (see the module docstring): nothing for XSRF to guard."""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def body(self) -> dict[str, Any]:
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise web.HTTPError(400, reason="the request is not JSON") from None
        if not isinstance(data, dict):
            raise web.HTTPError(400, reason="the request is not a JSON object")
        return data

    def number(self, value: Any, name: str) -> int:
        try:
            return int(value)
        except (TypeError, ValueError):
            raise web.HTTPError(400, reason=f"{name} must be a whole number") from None

    async def ticket(self, code: str | None) -> Ticket:
        key = self.request.headers.get(KEY_HEADER) or None
        return await self.hub.run(self.hub.server.ticket, code, key)

    def answer(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(json.dumps(data, ensure_ascii=False))

    async def guarded(self, call: Callable[[], Awaitable[None]]) -> None:
        """Run ``call``; a refusal is answered as JSON with its status (:func:`error_status`)."""
        try:
            await call()
        except web.HTTPError:
            raise
        except Exception as exc:
            status = error_status(exc)
            if status == 503:  # the store unreachable (a database restarting), or a bug
                app_log.exception("room server: %s %s", self.request.method, self.request.path)
                self.answer({"error": f"the rooms' database cannot be reached now, try again "
                                      f"in a moment ({type(exc).__name__})"}, 503)
                return
            data: dict[str, Any] = {"error": str(exc)}
            if status == 409:
                data["stale"] = True
            if isinstance(exc, (IllegalActionError, InvalidActionError)):
                data["rule"] = getattr(exc, "rule", None)
            self.answer(data, status)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"error": self._reason}))


class CreateHandler(ApiHandler):
    async def post(self) -> None:
        async def go() -> None:
            self.answer(await self.hub.run(self.hub.server.create, self.body()), 201)
        await self.guarded(go)


class AccessHandler(ApiHandler):
    async def get(self) -> None:
        async def go() -> None:
            ticket = await self.ticket(None)
            self.answer({"code": ticket.code, "seat": ticket.seat})
        await self.guarded(go)


class HealthHandler(ApiHandler):
    def get(self) -> None:
        self.answer({"ok": True})


class StateHandler(ApiHandler):
    async def get(self, code: str) -> None:
        async def go() -> None:
            ticket = await self.ticket(code)
            since = self.number(self.get_argument("since", "0"), "since")
            self.answer(await self.hub.run(self.hub.server.state, ticket, since))
        await self.guarded(go)


class WaitHandler(ApiHandler):
    """Long-poll: answers as soon as the room's version passes ``version`` (or after
    :data:`WAIT` seconds, unchanged)."""

    async def get(self, code: str) -> None:
        async def go() -> None:
            ticket = await self.ticket(code)
            since = self.number(self.get_argument("since", "0"), "since")
            known = self.number(self.get_argument("version", "-1"), "version")
            timeout = min(WAIT, max(0.0, float(self.get_argument("timeout", str(WAIT)))))
            await self.hub.wait_past(ticket.code, known, timeout)
            self.answer(await self.hub.run(self.hub.server.state, ticket, since))
        await self.guarded(go)


class ChangeHandler(ApiHandler):
    """A request that changes the room: the server's ``method`` with the ticket, the
    request's :meth:`arguments` and ``since``; the room's waiting pages are woken after it
    (a refused move too: the room may have caught up with another server's moves)."""

    method = ""

    def arguments(self, data: dict[str, Any]) -> tuple[Any, ...]:
        return ()

    async def post(self, code: str) -> None:
        async def go() -> None:
            ticket, data = await self.ticket(code), self.body()
            since = self.number(data.get("since", 0), "since")
            call = getattr(self.hub.server, self.method)
            try:
                answer = await self.hub.run(call, ticket, *self.arguments(data), since)
            finally:
                self.hub.changed(ticket.code)
            self.answer(answer)
        await self.guarded(go)


class ActHandler(ChangeHandler):
    method = "act"

    def arguments(self, data: dict[str, Any]) -> tuple[Any, ...]:
        action = data.get("action")
        if not isinstance(action, str):
            raise ValueError("a move is the engine's text of an action")
        return self.number(data.get("seq"), "seq"), action


class HandOverHandler(ChangeHandler):
    method = "hand_over"

    def arguments(self, data: dict[str, Any]) -> tuple[Any, ...]:
        return (self.number(data.get("seat"), "seat"),)


class TakeBackHandler(ChangeHandler):
    method = "take_back"


class HintHandler(ChangeHandler):
    method = "hint"


class RecordHandler(ApiHandler):
    async def get(self, code: str) -> None:
        async def go() -> None:
            ticket = await self.ticket(code)
            self.answer({"record": await self.hub.run(self.hub.server.record, ticket)})
        await self.guarded(go)


CODE = r"([A-Za-z0-9]{1,16})"


def room_handlers(hub: Hub, prefix: str = PREFIX) -> list[tuple[str, type, dict[str, Any]]]:
    """The API's routes under ``prefix`` (for ``tornado.web.Application.add_handlers``)."""
    api = prefix.rstrip("/") + "/api"
    routes: list[tuple[str, type]] = [
        (f"{api}/rooms", CreateHandler), (f"{api}/access", AccessHandler),
        (f"{api}/health", HealthHandler), (f"{api}/rooms/{CODE}", StateHandler),
        (f"{api}/rooms/{CODE}/wait", WaitHandler), (f"{api}/rooms/{CODE}/act", ActHandler),
        (f"{api}/rooms/{CODE}/hand-over", HandOverHandler),
        (f"{api}/rooms/{CODE}/take-back", TakeBackHandler),
        (f"{api}/rooms/{CODE}/hint", HintHandler),
        (f"{api}/rooms/{CODE}/record", RecordHandler),
    ]
    return [(path, handler, {"hub": hub}) for path, handler in routes]


def make_app(server: RoomServer, prefix: str = PREFIX) -> tuple[web.Application, Hub]:
    """A tornado application serving only the room server (the standalone process)."""
    hub = Hub(server)
    return web.Application(room_handlers(hub, prefix)), hub


__all__ = ["KEY_HEADER", "PREFIX", "SAFETY_POLL", "WAIT", "Hub", "make_app", "room_handlers"]
