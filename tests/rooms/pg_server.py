"""A throwaway PostgreSQL server for tests (the room store's, the rooms' browser tests):
``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin`` into a temporary folder, on a
free port, as the ``postgres`` user when run as root (PostgreSQL refuses root)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator


class Unavailable(Exception):
    """Why no server can be started here (the tests are skipped with this reason)."""


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """A running throwaway server: its base URL, and stop / start / restart (the rooms'
    fault tests take the database away mid-game)."""

    def __init__(self, bindir: str, folder: str, as_user: list[str], port: int) -> None:
        self.bindir, self.folder, self.as_user, self.port = bindir, folder, as_user, port
        self.data = os.path.join(folder, "data")
        self.url = f"postgresql://warkit@127.0.0.1:{port}"

    def _ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run([*self.as_user, f"{self.bindir}/pg_ctl", "-D", self.data, *args],
                       check=check, capture_output=True, timeout=90)

    def start(self) -> None:
        self._ctl("-w", "-t", "60", "-l", os.path.join(self.folder, "log"), "-o",
                  f"-p {self.port} -k {self.folder} -h 127.0.0.1", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: every session is ended, as a restart does)."""
        self._ctl("-m", mode, "-w", "stop", check=mode != "immediate")

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PgServer]:
    """A started :class:`PgServer`; stopped and its files removed at the end.
    :class:`Unavailable` when it cannot run here."""
    bindir = _pg_bin()
    if bindir is None:
        raise Unavailable("PostgreSQL binaries not installed (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise Unavailable("psycopg not installed (pip install 'psycopg[binary]')") from None
    as_user: list[str] = []
    folder = tempfile.mkdtemp(prefix="warkit-pg-")
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            raise Unavailable("running as root and no 'postgres' user to run the server"
                              ) from None
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    server = PgServer(bindir, folder, as_user, _free_port())
    subprocess.run([*as_user, f"{bindir}/initdb", "-D", server.data, "-U", "warkit",
                    "--auth=trust", "-E", "UTF8"], check=True, capture_output=True, timeout=120)
    server.start()
    try:
        yield server
    finally:
        server.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """Yields the server's base URL (``postgresql://warkit@127.0.0.1:PORT``); stops it and
    removes its files at the end. :class:`Unavailable` when it cannot run here."""
    with postgres_cluster() as server:
        yield server.url


def new_database(server: str) -> str:
    """A fresh database on ``server``; its URL."""
    import uuid

    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"
