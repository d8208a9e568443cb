"""SQLite busy (issue 19): a writer holding the file (another process stopped
mid-transaction) makes writes wait - SQLite has one writer at a time - but never the reads
of any room, and the waiting write goes through as soon as the file is free."""

from __future__ import annotations

import sqlite3
import threading
import time

from warkit_widgets.rooms.room import create_room
from warkit_widgets.rooms.store import open_store

from .test_store import CONFIG, first_move


def test_a_stuck_writer_blocks_no_read_and_the_waiting_write_resumes(tmp_path):
    where = str(tmp_path / "rooms.sqlite3")
    store = open_store(where)
    shown, waiting = (create_room(store, CONFIG, seed=CONFIG.seed) for _ in range(2))
    seat, action = first_move(store, waiting)
    stuck = sqlite3.connect(where, isolation_level=None)
    stuck.execute("BEGIN IMMEDIATE")  # another process holds the file's write lock
    result: list[object] = []
    writer = threading.Thread(target=lambda: result.append(
        store.append(waiting.code, 0, seat, action, waiting.credentials[seat])))
    writer.start()
    time.sleep(0.3)  # the write is waiting now
    started = time.monotonic()
    assert store.head(shown.code) == 0 and store.room(shown.code).code == shown.code
    assert store.read(waiting.code) == []
    assert time.monotonic() - started < 1.0  # reads never queue behind the waiting write
    assert result == []
    stuck.execute("COMMIT")
    writer.join(15)
    assert result == [True] and store.head(waiting.code) == 1
    stuck.close()
    store.close()
