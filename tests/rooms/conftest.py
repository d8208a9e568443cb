"""Stores for the room tests: SQLite in a temporary folder, and a real PostgreSQL server
started here when its binaries are installed (``.ci/run`` installs them with apt)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TypeVar

import pytest
from warkit_widgets.rooms.store import GameStore

from .pg_server import PgServer, Unavailable, new_database, postgres_cluster, postgres_server

T = TypeVar("T")


def _started(server: AbstractContextManager[T]) -> Iterator[T]:
    """What ``server`` gives once started (the test is skipped, with the reason, when it
    cannot run here); stopped at the end."""
    try:
        value = server.__enter__()
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        yield value
    finally:
        server.__exit__(None, None, None)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A throwaway PostgreSQL server on a free port; its base URL (stopped at the end)."""
    yield from _started(postgres_server())


@pytest.fixture
def pg_cluster() -> Iterator[PgServer]:
    """A PostgreSQL server of the test's own, which it may stop and start again."""
    yield from _started(postgres_cluster())


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh database on the test server."""
    return new_database(pg_server)


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
