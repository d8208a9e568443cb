"""The sandbox's child process: runs one student's bot, and nothing else.

Started by :class:`warkit.arena.sandbox.Sandbox` as ``python -I -m warkit.arena.child MB``. It
limits its own memory to ``MB`` megabytes (``resource.setrlimit``), drops root to ``nobody``,
may start no thread or process (``RLIMIT_NPROC``),
makes itself unreadable by other processes of the same user (``PR_SET_DUMPABLE``, so one bot
cannot read another's memory),
dies with its parent (``PR_SET_PDEATHSIG``), sends what the bot prints to stderr, and sets the
guard of :mod:`warkit.arena.guard` (no files, no network: an audit hook). Then it answers the
parent's requests on stdin/stdout:

- ``("game", source, seed)``: run the bot's source in a fresh module and make its bot, seeded;
- ``("choose", view, legal)``: the bot's choice, sent back as its text form.

Requests come pickled (from the trusted arena); replies go back as JSON, never pickle, so
nothing the bot returns can run code in the arena. A request during which the bot tried
something the guard forbids is answered ``{"forbidden": ...}``, whatever the bot returned.
The process never holds a game state: only the views and legal actions of its own seat.
"""

from __future__ import annotations

import ctypes
import json
import os
import pickle
import random
import resource
import signal
import struct
import sys
import traceback
from typing import Any, BinaryIO

HEADER = struct.Struct("!I")
MAX_REPLY = 65_536
"""Bytes: a longer reply is garbage (an action's text form is a few dozen)."""
PR_SET_PDEATHSIG, PR_SET_DUMPABLE = 1, 4
NOBODY = 65534
"""The user id a sandbox started by root drops to (``nobody``)."""


def read_message(stream: BinaryIO) -> bytes | None:
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    (size,) = HEADER.unpack(head)
    return stream.read(size)


def write_message(stream: BinaryIO, data: bytes) -> None:
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


PRELOAD = ("warkit.bots.student", "warkit.bots.evaluate", "warkit.odds", "math", "statistics",
           "random", "itertools", "functools", "collections", "heapq", "bisect", "fractions",
           "decimal", "dataclasses", "typing", "enum", "json", "re", "copy", "operator", "time",
           "numpy", "socket", "encodings.idna")
"""Modules loaded before the bot's code runs (and before root is dropped, when the Python
installation itself is not readable by ``nobody``): the engine and what a bot commonly uses;
``socket`` and the host-name codec too, so that a bot's network attempt meets the guard
(:mod:`warkit.arena.guard`) rather than a failed import."""


def preload() -> None:
    import importlib
    from contextlib import suppress

    for name in PRELOAD:
        with suppress(ImportError):  # a module missing here is missing for the bot too
            importlib.import_module(name)


def confine(memory_mb: int) -> None:
    """Limit this process before any bot code runs (see the module docstring)."""
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # never run a student's code as root
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    # no threads, no new processes: nothing of the bot runs between its decisions or outlives
    # it (the limit counts the user's processes, so one already exceeds it)
    resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def make_bot(source: str, seed: int) -> Any:
    """The bot a student's source defines (see :mod:`warkit.arena.entrants`), seeded."""
    from warkit.bots.student import StudentBot

    namespace: dict[str, Any] = {"__name__": "student_bot"}
    exec(compile(source, "<bot>", "exec"), namespace)
    random.seed(seed)  # a bot using the module random still replays
    cls = namespace.get("Bot")
    if cls is None:
        found = [v for v in namespace.values()
                 if isinstance(v, type) and issubclass(v, StudentBot) and v is not StudentBot]
        cls = found[0] if len(found) == 1 else None
    if isinstance(cls, type):
        try:
            return cls(seed=seed)
        except TypeError:
            return cls()
    choose = namespace.get("choose")
    if callable(choose):
        return _Function(choose)
    raise ValueError("the source defines no class Bot, no StudentBot subclass and no choose()")


class _Function:
    """A bot written as one function ``choose(view, legal)``."""

    def __init__(self, choose: Any) -> None:
        self.choose = choose


def reply(ok: str | None = None, **fault: str) -> bytes:
    return json.dumps({"action": ok} if ok is not None else fault).encode()


def serve(requests: BinaryIO, replies: BinaryIO) -> None:
    """Answer requests until the parent closes the pipe."""
    from warkit.actions import Action
    from warkit.arena.guard import Forbidden, take_attempts

    bot: Any = None
    while True:
        data = read_message(requests)
        if data is None:
            return
        request = pickle.loads(data)
        take_attempts()
        try:
            if request[0] == "game":
                bot = None
                bot = make_bot(request[1], request[2])
                action = ""
            elif bot is None:
                raise RuntimeError("the bot could not be made for this game")
            else:
                action = bot.choose(request[1], request[2])
        except BaseException as error:  # the student's code raised: report it, keep serving
            text = "".join(traceback.format_exception_only(type(error), error)).strip()
            tried = take_attempts()
            if tried:
                text = "; ".join(tried) if isinstance(error, Forbidden) else \
                    f"{'; '.join(tried)}; then {text}"
                write_message(replies, reply(forbidden=text[:2000]))
            else:
                write_message(replies, reply(error=text[:2000]))
            continue
        tried = take_attempts()
        if tried:  # refused, then caught by the bot: the decision is still the fallback's
            write_message(replies, reply(forbidden="; ".join(tried)[:2000]))
            continue
        if action == "":
            write_message(replies, reply(ok=""))
            continue
        if isinstance(action, Action):
            try:
                text = str(action)
            except Exception as error:
                write_message(replies, reply(garbage=f"str() failed: {error!r}"[:500]))
                continue
            write_message(replies, reply(ok=text))
        else:
            write_message(replies, reply(garbage=repr(type(action))[:500]))


def main() -> None:
    memory_mb = int(sys.argv[1])
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # the bot's print() goes to stderr, never into the replies
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    preload()
    from warkit.arena.guard import install, readable_roots

    roots = readable_roots()  # while the Python installation is readable (before nobody)
    confine(memory_mb)
    install(roots)
    serve(requests, replies)


if __name__ == "__main__":
    main()
