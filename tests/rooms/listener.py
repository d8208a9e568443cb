"""Another room server, for the push tests and the benchmark: a store process that
subscribes to a PostgreSQL database's moves and prints each one it is told.

Run: python tests/rooms/listener.py URL

Prints ``listening`` once its LISTEN is on (it pings itself until it hears the ping), then
``CODE SEQ TIME`` for each entry told (TIME: ``time.time()`` when told); on a line read from
its standard input it prints ``polls N`` (its safety polls so far: an hour apart, so 0 means
everything came by NOTIFY) and ends.
"""

from __future__ import annotations

import sys
import threading
import time

import psycopg
from warkit_widgets.rooms.store import CHANNEL, PostgresStore


def main(url: str) -> None:
    store = PostgresStore(url)
    store.safety_poll = 3600.0  # no poll while it runs: only the push path can tell
    heard = threading.Event()

    def told(code: str, seq: int) -> None:
        if code == "PING":
            heard.set()
        else:
            print(f"{code} {seq} {time.time():.6f}", flush=True)

    store.subscribe(told)
    with psycopg.connect(url, autocommit=True) as ping:  # until LISTEN is on
        while not heard.is_set():
            ping.execute("SELECT pg_notify(%s, 'PING:0')", (CHANNEL,))
            heard.wait(0.2)
    print("listening", flush=True)
    sys.stdin.readline()
    assert store.shared.watcher is not None
    print(f"polls {store.shared.watcher.polls}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
