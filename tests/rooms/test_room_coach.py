"""The coach in a room: available only where the host allowed it (a room option, kept by the
store), each seat's hints counted in the store so every page's end screen shows them, and a
page can count hints only for its own seat."""

from __future__ import annotations

import pytest
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.room import RoomController, create_room
from warkit_widgets.rooms.store import RoomError, open_store


def config(coach: bool) -> GameConfig:
    return GameConfig(seats=(Seat("Ana", "red"), Seat("Bia", "blue"),
                             Seat("CPU", "green", "easy")), lang="en", seed=5, coach=coach)


def pages(url: str, coach: bool) -> tuple[RoomController, RoomController, list[str]]:
    links = create_room(open_store(url), config(coach))
    creds = list(links.credentials)
    return (RoomController(open_store(url), creds[0], pace="instant"),
            RoomController(open_store(url), creds[1], pace="instant"), creds)


def decider_page(a: RoomController, b: RoomController) -> RoomController:
    for p in (a, b):
        p.sync()
        if p.waiting_on_computer:
            p.advance(budget=1e9)
    return a if a.my_turn else b


def test_the_hosts_choice_is_kept_and_hints_are_counted_for_every_page(store_url):
    a, b, _ = pages(store_url, coach=True)
    assert a.coach_allowed and b.coach_allowed
    mover = decider_page(a, b)
    other = b if mover is a else a
    assert mover.ask_hint() is not None
    assert mover.ask_hint() is not None
    assert other.hint_counts()[mover.seat] == 2 == mover.hints_asked[mover.seat]
    assert other.ask_hint() is None  # not its decision: refused, not counted
    other.refresh_room()
    assert other.hints_asked[other.seat] == 0


def test_hints_off_in_a_room_are_refused_on_every_page_and_by_the_store(store_url):
    a, b, creds = pages(store_url, coach=False)
    mover = decider_page(a, b)
    assert not mover.coach_allowed
    assert mover.ask_hint() is None and "turned hints off" in mover.message.text
    with pytest.raises(RoomError, match="turned hints off"):
        open_store(store_url).count_hint(mover.code, creds[mover.seat])


def test_only_a_seat_credential_counts_a_hint(store_url):
    a, _, _ = pages(store_url, coach=True)
    store = open_store(store_url)
    with pytest.raises(RoomError, match="holds no seat"):
        store.count_hint(a.code, "not-a-credential")
    assert store.room(a.code).hints == (0, 0, 0)


def test_a_finished_rooms_replay_shows_each_page_its_own_secrets_until_the_end(store_url):
    """A room's record replays on each page: the page's own seat's secrets, the others'
    only at the end of the finished game (a spectator: nobody's until then)."""
    from warkit_widgets.play.replay_panel import viewer_of
    from warkit_widgets.replay_model import Replay

    import warkit

    from .test_room_controller import play_to_the_end, settle

    a, b, _ = pages(store_url, coach=True)
    bots = {0: warkit.bots.make("easy", seed=1), 1: warkit.bots.make("easy", seed=2)}
    play_to_the_end([a, b], bots)
    settle([a, b])
    assert a.state.is_terminal and b.match.states == a.match.states
    for page in (a, b):
        replay = Replay(page.match, viewer=viewer_of(page))
        replay.goto(replay.end - 1)
        shown = [s.objective is not None for s in replay.secrets()]
        assert shown == [seat == page.seat for seat in range(3)]
        replay.goto(replay.end)
        assert all(s.objective is not None for s in replay.secrets())
