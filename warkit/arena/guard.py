"""The sandbox's guard: a student's bot may not read files or reach the network.

:func:`install` sets a Python audit hook (:pep:`578`, ``sys.addaudithook``) in the bot's
process before the student's code runs; a hook cannot be removed once set. It refuses, with a
:class:`Forbidden` error (a ``PermissionError``):

- opening any file, or listing any folder, except reading the Python installation and the
  ``warkit`` package (what importing a module needs: public code, no secrets);
- every socket operation (no network, no local connection to another process);
- starting programs or processes, signalling processes, changing the environment, changing
  files or folders, raising resource limits, and ``ctypes`` (which could undo all of this).

Every refused attempt is also written down (:func:`take_attempts`): the child reports a
decision during which the bot tried something forbidden as a ``forbidden`` fault, played by
the fallback, even when the bot caught the error and answered anyway. Nothing here depends on
the bot's cooperation; with the process limits of :mod:`warkit.arena.child` (memory, no
threads, no processes, another user, unreadable memory) it is the second wall around the
views the bot receives.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path
from typing import Any

BLOCKED_PREFIXES = ("socket.", "subprocess.", "shutil.", "ctypes.", "os.exec", "os.spawn",
                    "os.posix_spawn", "os.fork", "os.system", "os.kill", "os.killpg",
                    "os.remove", "os.rmdir", "os.rename", "os.mkdir", "os.link", "os.symlink",
                    "os.chmod", "os.chown", "os.chdir", "os.chroot", "os.truncate", "os.utime",
                    "os.putenv", "os.unsetenv", "os.setxattr", "os.removexattr",
                    "resource.setrlimit", "resource.prlimit", "signal.pthread_kill",
                    "webbrowser.open", "urllib.Request", "ftplib.", "smtplib.", "poplib.",
                    "imaplib.", "nntplib.", "telnetlib.", "http.client.")
"""Audit events refused whatever their arguments (see the module docstring)."""

PATH_EVENTS = ("open", "os.listdir", "os.scandir")
"""Audit events allowed only to read under :func:`readable_roots`."""

_attempts: list[str] = []


class Forbidden(PermissionError):
    """What a student's bot tried that the arena's sandbox refuses."""


def readable_roots() -> tuple[str, ...]:
    """The folders a bot may read: the Python installation (standard library and installed
    packages) and the ``warkit`` package, so that ``import`` works; resolved (no links)."""
    import warkit

    paths = sysconfig.get_paths()
    roots: Iterable[str] = (sys.prefix, sys.base_prefix, sys.exec_prefix, paths["stdlib"],
                            paths["platstdlib"], paths["purelib"], paths["platlib"],
                            str(Path(warkit.__file__).parent))
    return tuple(sorted({os.path.realpath(r) for r in roots}))


def read_only(mode: Any, flags: Any) -> bool:
    """Does an ``open`` event only read? (``open()`` gives a mode, ``os.open`` flags.)"""
    if isinstance(mode, str):
        return not any(c in mode for c in "wax+")
    return isinstance(flags, int) and flags & os.O_ACCMODE == os.O_RDONLY


def inside(path: Any, roots: tuple[str, ...]) -> bool:
    """Is ``path`` (a file name, not a descriptor) under one of ``roots``, links resolved?"""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str):
        return False  # a file descriptor: the bot's process has none of its own to open
    real = os.path.realpath(path)
    return any(real == root or real.startswith(root + os.sep) for root in roots)


def refusal(event: str, args: tuple[Any, ...], roots: tuple[str, ...]) -> str | None:
    """Why the audit event ``event`` is refused (``None``: allowed)."""
    if event in PATH_EVENTS:
        path = args[0] if args else None
        if event == "open" and not read_only(args[1] if len(args) > 1 else None,
                                             args[2] if len(args) > 2 else None):
            return f"writing a file ({path!r})"
        if path is None and event != "open":
            path = "."  # os.listdir() lists the current folder
        if not inside(path, roots):
            return f"reading {path!r}"
        return None
    if event.startswith(BLOCKED_PREFIXES):
        return event
    return None


def install(roots: tuple[str, ...]) -> None:
    """Set the guard in this process, for good (audit hooks cannot be removed): reading is
    allowed under ``roots`` only (:func:`readable_roots`, worked out before dropping root)."""
    guarding = [False]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if guarding[0]:  # realpath's own work while checking a path
            return
        guarding[0] = True
        try:
            why = refusal(event, args, roots)
        finally:
            guarding[0] = False
        if why is not None:
            _attempts.append(why)
            raise Forbidden(f"the arena's sandbox forbids this: {why} "
                            "(a bot may use only the view and the legal actions it gets)")

    sys.addaudithook(hook)


def take_attempts() -> list[str]:
    """The refused attempts since the last call (and forget them)."""
    taken = list(_attempts)
    _attempts.clear()
    return taken


__all__ = ["Forbidden", "install", "readable_roots", "refusal", "take_attempts"]
