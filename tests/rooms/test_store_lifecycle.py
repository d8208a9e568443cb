"""How long rooms are kept (issue 19): finished rooms N days, abandoned ones M days, then
every row of theirs is deleted; rooms in play stay. On SQLite and a real PostgreSQL."""

from __future__ import annotations

import time

import pytest
from warkit_widgets.rooms.lifecycle import Lifecycle
from warkit_widgets.rooms.room import create_room
from warkit_widgets.rooms.store import ROOM_TABLES, RoomError

from .test_store import CONFIG, first_move

DAY = 86400.0


def rows(store, code: str) -> dict[str, int]:
    """How many rows each table holds for room ``code``."""
    return {table: store._all(f"SELECT COUNT(*) FROM {table} WHERE code = ?", code)[0][0]
            for table in ROOM_TABLES}


def test_finished_and_abandoned_rooms_are_deleted_in_their_time(store):
    now = time.time()
    done, quiet, alive = (create_room(store, CONFIG, seed=CONFIG.seed) for _ in range(3))
    seat, action = first_move(store, done)
    assert store.append(done.code, 0, seat, action, done.credentials[seat])
    with pytest.raises(RoomError):  # the spectator link notes nothing
        store.finish(done.code, done.spectator)
    store.finish(done.code, done.credentials[0])
    store.finish(done.code, done.credentials[1])  # noted once
    store.say(done.code, 0, "well_played", None)  # its quick messages go with it
    assert all(n > 0 for t, n in rows(store, done.code).items())

    assert store.purge(now + 6 * DAY) == []  # within a week: everything kept
    assert store.purge(now + 8 * DAY) == [done.code]  # finished a week ago
    assert set(rows(store, done.code).values()) == {0}  # every row of it
    assert store.head(quiet.code) == 0 and store.room(quiet.code).code == quiet.code

    # a seat's page still alive in the room (its heartbeat) keeps it from being abandoned
    store.touch(alive.credentials[0])
    later = now + 31 * DAY
    with store.transaction() as cur:  # the heartbeat as it will be a month from now
        cur.execute(store._q("UPDATE seats SET seen = ? WHERE code = ?"), (later - DAY,
                                                                             alive.code))
    assert store.purge(later) == [quiet.code]  # untouched for 30 days
    assert set(rows(store, quiet.code).values()) == {0}
    assert store.room(alive.code).code == alive.code
    with pytest.raises(RoomError, match="opens no room"):
        store.access(quiet.credentials[0])


def test_the_days_are_settings(store_url, monkeypatch):
    monkeypatch.setenv("WARKIT_ROOMS_KEEP_FINISHED_DAYS", "0,5")
    monkeypatch.setenv("WARKIT_ROOMS_KEEP_ABANDONED_DAYS", "2")
    settings = Lifecycle.from_env()
    assert (settings.finished_days, settings.abandoned_days) == (0.5, 2.0)
    from warkit_widgets.rooms.store import open_store

    store = open_store(store_url)
    assert store.lifecycle == settings
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    store.finish(links.code, links.credentials[0])
    assert store.expired(time.time() + 0.6 * DAY) == [links.code]
    store.close()
    monkeypatch.setenv("WARKIT_ROOMS_KEEP_FINISHED_DAYS", "soon")
    with pytest.raises(ValueError, match="WARKIT_ROOMS_KEEP_FINISHED_DAYS"):
        Lifecycle.from_env()
    monkeypatch.setenv("WARKIT_ROOMS_KEEP_FINISHED_DAYS", "-1")
    with pytest.raises(ValueError, match="more than 0"):
        Lifecycle.from_env()


def test_a_server_starting_purges_at_once(tmp_path):
    from warkit_widgets.rooms.store import open_store

    where = str(tmp_path / "rooms.sqlite3")
    store = open_store(where)
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    store.finish(links.code, links.credentials[0])
    with store.transaction() as cur:  # finished eight days ago
        cur.execute("UPDATE room_ends SET at = ?", (time.time() - 8 * DAY,))
    store.close()
    again = open_store(where)  # the server starts again
    deadline = time.monotonic() + 20
    while rows(again, links.code)["rooms"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert set(rows(again, links.code).values()) == {0}
    again.close()
