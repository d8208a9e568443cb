"""Room pages over real HTTP (issue 19, stage 2): two human pages and a computer play a
whole SMART room through a room server on its own tornado loop, each page a
RoomController over RoomClient (its key in the X-Warkit-Key header) and a RoomFollower
thread long-polling the server; the other page's moves arrive through the follower alone."""

from __future__ import annotations

import queue

from warkit_widgets.rooms.controller import RoomController
from warkit_widgets.rooms.follower import RoomFollower
from warkit_widgets.rooms.server.client import HttpRooms

import warkit

from .test_room_server_web import serving


def test_two_pages_play_a_whole_room_over_http_through_their_followers(tmp_path):
    with serving(str(tmp_path / "rooms.sqlite3")) as url:
        rooms = HttpRooms(url)
        made = rooms.create({"rules": "smart", "lang": "en", "seats": [
            {"name": "Ana", "color": "red", "kind": "human"},
            {"name": "Bia", "color": "blue", "kind": "human"},
            {"name": "Caio", "color": "green", "kind": "easy"}]})
        pages = [RoomController(rooms.open(None, made["keys"][s]), pace="instant")
                 for s in (0, 1)]
        loop: queue.Queue = queue.Queue()  # the kernels' loops: the test runs what is posted
        followers = [RoomFollower(p.client, known=lambda p=p: (p.version, p.seq_read),
                                  on_answer=p.receive, on_trouble=lambda exc: None,
                                  post=loop.put, wait=2.0).start() for p in pages]
        bots = {s: warkit.bots.make("easy", seed=s) for s in (0, 1)}
        moves = 0
        try:
            while not all(p.state.is_terminal for p in pages) and moves < 5000:
                mover = next((p for p in pages if p.my_turn), None)
                if mover is not None:
                    assert mover.act(bots[mover.seat].choose(mover.view, mover.legal()))
                    moves += 1
                else:
                    loop.get(timeout=10)()  # the follower's answer, on the "loop"
                for p in pages:
                    while p.waiting_on_computer:
                        p.advance(budget=1e9)
        finally:
            for f in followers:
                f.stop()
        assert moves > 10
        for p in pages:
            assert p.full_record and p.mismatches == 0 and p.problem is None
            assert p.match.seed is not None  # revealed at the end, with the full record
        assert pages[0].state == pages[1].state
        assert "X-Warkit-Key" not in url and made["keys"][0] not in url
