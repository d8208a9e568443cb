"""Stores for the room tests: SQLite in a temporary folder, and a real PostgreSQL server
started here when its binaries are installed (``.ci/run`` installs them with apt)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator

import pytest
from warkit_widgets.rooms.store import GameStore, SqliteStore


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A throwaway PostgreSQL server on a free port; its base URL (stopped at the end)."""
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL binaries not installed (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg not installed (pip install 'psycopg[binary]')")
    as_user: list[str] = []
    folder = tempfile.mkdtemp(prefix="warkit-pg-")
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and no 'postgres' user to run the server")
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(folder, "data"), _free_port()
    run = subprocess.run
    run([*as_user, f"{bindir}/initdb", "-D", data, "-U", "warkit", "--auth=trust", "-E", "UTF8"],
        check=True, capture_output=True, timeout=120)
    run([*as_user, f"{bindir}/pg_ctl", "-D", data, "-w", "-t", "60", "-l",
         os.path.join(folder, "log"), "-o", f"-p {port} -k {folder} -h 127.0.0.1",
         "start"], check=True, capture_output=True, timeout=90)
    try:
        yield f"postgresql://warkit@127.0.0.1:{port}"
    finally:
        run([*as_user, f"{bindir}/pg_ctl", "-D", data, "-m", "fast", "stop"],
            capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh database on the test server."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{pg_server}/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{pg_server}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """Where a store lives: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(store_url: str) -> Iterator[GameStore]:
    from warkit_widgets.rooms.store import open_store

    s = open_store(store_url)
    yield s
    s.close()


def sqlite_store(path) -> SqliteStore:
    return SqliteStore(path)
