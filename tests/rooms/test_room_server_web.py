"""The room server over HTTP (issue 19): pages reach it with their key only, the room's
changes are pushed to waiting pages (long-poll), across two servers on one PostgreSQL too,
and a student's process holding only the server's address and a room code reads public
information only."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from warkit_widgets.rooms.server import web
from warkit_widgets.rooms.server.client import RoomClient, RoomServerError, new_room
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.server.web import make_app
from warkit_widgets.rooms.store import open_store

from .test_room_server import choose, spec


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(store_url: str) -> Iterator[str]:
    """A room server on its own event loop in a thread; its API's base address."""
    port, ready = free_port(), threading.Event()
    loop = asyncio.new_event_loop()
    server = RoomServer(open_store(store_url))

    def run() -> None:
        asyncio.set_event_loop(loop)
        app, hub = make_app(server)
        app.listen(port, "127.0.0.1")
        hub.start()
        loop.call_soon(ready.set)
        loop.run_forever()
        hub.stop()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"http://127.0.0.1:{port}/warkit-rooms"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        server.close()


@pytest.fixture
def url(store_url) -> Iterator[str]:
    with serving(store_url) as base:
        yield base


def waiting(client: RoomClient, version: int,
            timeout: float = 20) -> tuple[threading.Thread, list[dict]]:
    """A page waiting (long-poll, ``timeout`` s at most) for the room to change past
    ``version``."""
    got: list[dict] = []
    thread = threading.Thread(target=lambda: got.append(client.wait(version, timeout=timeout)))
    thread.start()
    time.sleep(0.3)  # the request is in before the move is made
    return thread, got


def test_pages_reach_the_room_with_their_key_and_get_moves_pushed(url):
    made = new_room(spec(humans=2), url)
    code = made["code"]
    ana, bia = (RoomClient(url, key=k) for k in made["keys"][:2])
    assert ana.code == code  # the key alone finds its room
    public = RoomClient(url, code=code.lower())
    first = public.state()
    assert first["seat"] is None and first["view"]["hand"] == [] and first["legal"] == []
    mover = ana if ana.state()["your_move"] else bia
    answer = mover.state()
    thread, got = waiting(public, answer["version"])
    after = mover.act(answer["seq"], choose(answer, random.Random(1)), since=answer["seq"])
    thread.join(25)
    assert got and got[0]["version"] > answer["version"], "the spectator was not woken"
    assert got[0]["seq"] == after["seq"] and got[0]["view"]["hand"] == []
    with pytest.raises(RoomServerError, match="spectator") as refused:
        RoomClient(url, key=made["spectator"]).act(after["seq"], "end")
    assert refused.value.status == 403
    with pytest.raises(RoomServerError) as stale:
        mover.act(answer["seq"], "end")
    assert stale.value.stale
    with pytest.raises(RoomServerError, match="no room") as unknown:
        RoomClient(url, code="ZZZZZZ").state()
    assert unknown.value.status == 404
    with pytest.raises(RoomServerError, match="opens no room"):
        RoomClient(url, code=code, key="forged").state()
    bia.state()
    with pytest.raises(RoomServerError, match="still here") as here:
        ana.hand_over(1)
    assert here.value.status == 400
    assert ana.take_back()["seats"][0]["kind"] == "human"  # a human seat stays one
    with pytest.raises(RoomServerError, match="never chosen"):
        new_room({**spec(), "seed": 1}, url)


def test_a_move_through_one_server_reaches_a_page_of_another(pg_url):
    with serving(pg_url) as one, serving(pg_url) as two:
        made = new_room(spec(humans=2), one)
        ana = RoomClient(one, key=made["keys"][0])
        bia = RoomClient(two, key=made["keys"][1])
        rng = random.Random(7)
        for _ in range(3):
            mover, other = (ana, bia) if ana.state()["your_move"] else (bia, ana)
            answer, seen = mover.state(), other.state()
            thread, got = waiting(other, seen["version"])
            after = mover.act(answer["seq"], choose(answer, rng))
            thread.join(25)
            assert got and got[0]["seq"] == after["seq"], "the other server's page missed it"


def test_the_stores_notification_wakes_the_other_servers_pages(pg_url, monkeypatch):
    """With the hub's own safety poll an hour away, only the store's push (PostgreSQL's
    NOTIFY, through :meth:`Hub.store_changed`) can bring a move written through one server
    to a page waiting on the other."""
    monkeypatch.setattr(web, "SAFETY_POLL", 3600.0)
    with serving(pg_url) as one, serving(pg_url) as two:
        made = new_room(spec(humans=2), one)
        ana, bia = RoomClient(one, key=made["keys"][0]), RoomClient(two, key=made["keys"][1])
        rng = random.Random(2)
        for _ in range(3):
            mover, other = (ana, bia) if ana.state()["your_move"] else (bia, ana)
            answer, seen = mover.state(), other.state()
            thread, got = waiting(other, seen["version"], timeout=25)
            after = mover.act(answer["seq"], choose(answer, rng))
            thread.join(12)  # woken by the move, not by its 25 s timeout
            assert got and got[0]["seq"] == after["seq"], "the other server's page slept on"


def test_a_student_with_the_room_code_and_no_key_reads_public_information_only(tmp_path):
    """The room server runs as its own process holding the store; the "student" is another
    process that has only the server's address (no database URL in its environment)."""
    store = tmp_path / "rooms.sqlite3"
    port = free_port()
    env = {**os.environ, "WARKIT_STORE": str(store)}
    server = subprocess.Popen([sys.executable, "-m", "warkit_widgets.rooms.server",
                               "--port", str(port)], env=env, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/warkit-rooms"
    try:
        for _ in range(100):
            try:
                made = new_room(spec(humans=2), url)
                break
            except RoomServerError:
                time.sleep(0.1)
        student_env = {k: v for k, v in os.environ.items() if not k.startswith("WARKIT")}
        student_env["WARKIT_ROOMS_URL"] = url
        script = (
            "import json, os\n"
            "from warkit_widgets.rooms.server.client import RoomClient\n"
            "assert not any('sqlite' in v or 'postgres' in v for v in os.environ.values())\n"
            f"print(json.dumps(RoomClient(code={made['code']!r}).state()))\n")
        seen = subprocess.run([sys.executable, "-c", script], env=student_env,
                              capture_output=True, text=True, timeout=60, check=True)
        answer = json.loads(seen.stdout)
        assert answer["seat"] is None and answer["view"]["hand"] == []
        assert answer["view"]["objective"] is None and "seed" not in answer
        room = open_store(str(store)).room(made["code"])
        assert str(room.seed) not in seen.stdout and f"{room.seed:064x}" not in seen.stdout
        assert Path(store).stat().st_mode & 0o077 == 0  # the database is its owner's only
    finally:
        server.terminate()
        server.wait(10)
