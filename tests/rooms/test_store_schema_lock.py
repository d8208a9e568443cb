"""Room servers starting at once on a new PostgreSQL database (issue 19): the schema is made
under an advisory lock, so none of them fails on ``CREATE ... IF NOT EXISTS`` racing another
(without the lock, 7 of 8 processes started together failed, 3 times out of 3, on a
duplicate name in ``pg_type``)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

STARTERS = 8
OPEN_AT_ONCE = textwrap.dedent("""
    import sys, time
    from warkit_widgets.rooms.store import open_store
    start = float(sys.argv[2])
    time.sleep(max(0.0, start - time.time()))
    store = open_store(sys.argv[1])
    store.close()
    print("opened")
""")


@pytest.mark.parametrize("attempt", range(2))
def test_servers_starting_at_once_on_a_new_database_all_open_it(pg_url, attempt):
    import psycopg

    start = time.time() + 4.0  # every process imported and waiting by then
    procs = [subprocess.Popen([sys.executable, "-c", OPEN_AT_ONCE, pg_url, str(start)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(STARTERS)]
    results = [p.communicate(timeout=120) for p in procs]
    failed = [err.strip().splitlines()[-1] for (out, err), p in zip(results, procs, strict=True)
              if p.returncode != 0 or "opened" not in out]
    assert not failed, f"{len(failed)} of {STARTERS} starts failed: {failed}"
    with psycopg.connect(pg_url) as conn:
        tables = {row[0] for row in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert {"rooms", "seats", "moves", "room_messages"} <= tables
