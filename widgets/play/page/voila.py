"""What only a Voilà page needs: the language of the page's address and the kernel's timer.

A preheated Voilà kernel runs the notebook before anyone asks for the page, so the
address (``?lang=``, ``?room=``) arrives later, through Voilà's request query: the notebook
waits for it (:func:`wait_for_address`, which returns it as a :class:`PageAddress`) before
it shows the app. Computers and paced
replays run from a :class:`Ticker` on the kernel's asyncio loop, one step per callback, so
clicks are handled between steps. Nothing here knows the game: :mod:`warkit_widgets.play.app`
wires it in.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from ...i18n import normalize_lang

Schedule = Callable[[float, Callable[[], None]], Any]
"""``schedule(delay, callback)`` returning a handle with ``cancel()`` (asyncio's call_later)."""


@dataclass(frozen=True)
class PageAddress:
    """The query of the page's address (``lang=en&room=ABCDEF&key=...``)."""

    query: str = ""

    @classmethod
    def from_environment(cls) -> PageAddress:
        """The address of a page whose kernel Voilà started for it: Voilà hands the request's
        query to such a kernel in its environment (``QUERY_STRING``), its only channel to a
        kernel it starts; a preheated kernel learns it later (:func:`wait_for_address`)."""
        return cls(os.environ.get("QUERY_STRING", ""))

    def value(self, name: str) -> str | None:
        """``?name=`` of the address (the first one), or ``None``."""
        values = parse_qs(self.query).get(name)
        return values[0] if values else None

    @property
    def lang(self) -> str | None:
        """The address's ``?lang=`` ("pt" or "en"), or ``None`` (absent or not a language)."""
        value = self.value("lang")
        try:
            return normalize_lang(value) if value else None
        except ValueError:
            return None


def preheated() -> bool:
    """Is this a preheated Voilà kernel (it ran the notebook before any page asked for it)?"""
    return os.environ.get("VOILA_PREHEAT") == "True"


def voila_query_url() -> str:
    """Where a preheated kernel asks Voilà for its page's request: the address that
    :func:`voila.utils.wait_for_request` builds from the kernel's environment."""
    env = os.environ.get
    base = env("VOILA_WS_BASE_URL", env("VOILA_SERVER_URL", "/"))
    return (f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env('VOILA_APP_PORT', '8866')}{base}voila/query/{env('VOILA_KERNEL_ID')}")


async def _request_info(url: str) -> dict[str, str]:
    from websockets.asyncio.client import connect

    async with connect(url, open_timeout=5) as socket:
        return json.loads(await socket.recv())


def read_request(attempts: int = 30) -> dict[str, str] | None:
    """The page request's details (``QUERY_STRING``...), asked of Voilà as
    :func:`voila.utils.wait_for_request` does, without importing :mod:`voila.utils` (0.65 s
    of imports: Jupyter Server, nbconvert...) and without writing them into ``os.environ`` as
    it does. Blocks until Voilà answers; a failed or closed query socket is asked again (a
    busy server may refuse the first one), up to ``attempts`` times. ``None``: no answer
    came, the page keeps its defaults."""
    for attempt in range(attempts):
        try:
            info = asyncio.run(_request_info(voila_query_url()))  # this thread's own loop
        except Exception:
            time.sleep(min(0.1 * 2 ** attempt, 2.0))
            continue
        return {str(k): str(v) for k, v in info.items()}
    return None


def wait_for_address() -> PageAddress:
    """The page's address. In a preheated Voilà kernel, wait until a browser asks for the
    page and Voilà tells its address (``?lang=``, ``?room=``...); elsewhere (a kernel started
    for its page, JupyterLab, tests) return the environment's at once
    (:meth:`PageAddress.from_environment`).

    The notebook calls it *before* it shows the app, so that every widget's first state
    already has the address's language. Changing widgets later, when the page signalled it
    was ready, raced the page's loading: an update sent while the page was still building
    its widget models from their first states was lost (a page asked in English kept its
    Portuguese labels). The kernel's own loop is busy running the cell meanwhile, so the
    socket is read in a thread of its own.
    """
    if not preheated():
        return PageAddress.from_environment()
    with ThreadPoolExecutor(1, thread_name_prefix="warkit-request") as pool:
        asked = pool.submit(read_request)
        try:
            while True:
                try:
                    info = asked.result(timeout=0.2)
                    break
                except TimeoutError:  # (concurrent.futures.TimeoutError since 3.11)
                    _leave_if_shutting_down()
        except KeyboardInterrupt:  # Voilà interrupts its kernels as it stops (Ctrl+C)
            os._exit(0)
        if info is None:  # Voilà closed the query: it may be stopping
            for _ in range(20):
                time.sleep(0.1)
                _leave_if_shutting_down()
    return PageAddress(info.get("QUERY_STRING", "")) if info else PageAddress.from_environment()


def _leave_if_shutting_down() -> None:
    """Voilà stops (Ctrl+C) while this kernel still waits for a page: leave at once, or the
    cell's end would be answered on closed sockets (a ZMQError traceback in the terminal)."""
    if kernel_shutting_down():
        os._exit(0)


def kernel_shutting_down() -> bool:
    """Has the kernel running this code been asked to shut down? (ipykernel keeps the
    ``shutdown_reply`` it sent in ``_shutdown_message``: pinned ipykernel 7.4.)"""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    kernel = getattr(get_ipython(), "kernel", None)
    return getattr(kernel, "_shutdown_message", None) is not None


def kernel_loop() -> asyncio.AbstractEventLoop:
    """The kernel's asyncio loop (ipykernel runs one in Voilà and Lab)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop()


def kernel_schedule() -> Schedule:
    """``call_later`` of the kernel's asyncio loop."""
    return kernel_loop().call_later


class Ticker:
    """Calls ``step()`` again after the delay it returns, until it returns ``None``.

    :meth:`kick` starts it when idle. A kick made *during* a step (the step's changes
    reach the page, which asks for the computers to go on) is ignored: the step's own
    delay decides when the next one comes, so the pace chosen is the pace seen.
    """

    def __init__(self, step: Callable[[], float | None], schedule: Schedule,
                 on_error: Callable[[BaseException], object]) -> None:
        self.step, self.schedule, self.on_error = step, schedule, on_error
        self._handle: Any = None
        self._stepping = False

    @property
    def running(self) -> bool:
        return self._handle is not None or self._stepping

    def kick(self, delay: float = 0.0) -> None:
        """Make sure a step is scheduled, after ``delay`` seconds (no-op if one is, or while
        a step runs)."""
        if self._handle is None and not self._stepping:
            self._handle = self.schedule(delay, self._run)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _run(self) -> None:
        self._handle = None
        self._stepping = True
        try:
            delay = self.step()
        except Exception as exc:
            self.on_error(exc)
            return
        finally:
            self._stepping = False
        if delay is not None and self._handle is None:
            self._handle = self.schedule(delay, self._run)
