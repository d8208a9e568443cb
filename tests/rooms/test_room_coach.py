"""The coach in a room: available only where the host allowed it (a room option, kept by the
store), each seat's hints counted by the room server so every page's end screen shows them,
and a page can count hints only for its own seat."""

from __future__ import annotations

import pytest
from warkit_widgets.rooms.controller import RoomController
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.store import RoomError, open_store

from .room_pages import follow, new_room, page, play_to_the_end


@pytest.fixture
def server(store_url):
    s = RoomServer(open_store(store_url))
    yield s
    s.close()


def pages(server: RoomServer, coach: bool) -> tuple[RoomController, RoomController, dict]:
    room = new_room(server, coach=coach)
    return page(server, room["keys"][0]), page(server, room["keys"][1]), room


def decider_page(a: RoomController, b: RoomController) -> RoomController:
    follow([a, b])
    return a if a.my_turn else b


def test_the_hosts_choice_is_kept_and_hints_are_counted_for_every_page(server):
    a, b, _ = pages(server, coach=True)
    assert a.coach_allowed and b.coach_allowed
    mover = decider_page(a, b)
    other = b if mover is a else a
    assert mover.ask_hint() is not None
    assert mover.ask_hint() is not None
    assert mover.hint_counts()[mover.seat] == 2
    assert other.ask_hint() is None  # not its decision: refused, not counted
    other.catch_up()  # the next answer carries every seat's count
    assert other.hint_counts() == [2 if s == mover.seat else 0 for s in range(3)]


def test_hints_off_in_a_room_are_refused_on_every_page_and_by_the_server(server):
    from warkit_widgets.rooms.server.client import RoomServerError

    a, b, room = pages(server, coach=False)
    mover = decider_page(a, b)
    assert not mover.coach_allowed
    assert mover.ask_hint() is None and "turned hints off" in mover.message.text
    with pytest.raises(RoomServerError, match="turned hints off"):
        mover.client.hint()  # a page that asks anyway: refused by the server
    assert server.store.room(room["code"]).hints == (0, 0, 0)


def test_only_a_seat_counts_a_hint(server):
    from warkit_widgets.rooms.server.client import RoomServerError

    a, _, room = pages(server, coach=True)
    watcher = page(server, room["spectator"])
    with pytest.raises(RoomServerError, match="spectator"):
        watcher.client.hint()
    with pytest.raises(RoomError, match="holds no seat"):
        server.store.count_hint(a.code, "not-a-credential")
    assert server.store.room(a.code).hints == (0, 0, 0)


def test_a_finished_rooms_replay_shows_each_page_its_own_secrets_until_the_end(server):
    """A room's record replays on each page: the page's own seat's secrets, the others'
    only at the end of the finished game (a spectator: nobody's until then)."""
    from warkit_widgets.play.replay_panel import viewer_of
    from warkit_widgets.replay_model import Replay

    a, b, room = pages(server, coach=True)
    play_to_the_end(server, room["code"], [a, b])
    follow([a, b])
    assert a.state.is_terminal and b.match.states == a.match.states
    for p in (a, b):
        replay = Replay(p.match, viewer=viewer_of(p))
        replay.goto(replay.end - 1)
        shown = [s.objective is not None for s in replay.secrets()]
        assert shown == [seat == p.seat for seat in range(3)]
        replay.goto(replay.end)
        assert all(s.objective is not None for s in replay.secrets())
