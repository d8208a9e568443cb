"""A room's table talk and clock (issue 19 "Also"): quick messages (presets in both
languages, free text only where the host allowed it, spectators silent), the optional turn
timer (a computer ends a timed-out seat's turn, the seat takes it back by acting), and
presence from the browser's heartbeat, on the room server and over HTTP."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from warkit_widgets.rooms.messages import tr
from warkit_widgets.rooms.quick_messages import KEPT, MAX_TEXT, PRESETS, ChatRefused
from warkit_widgets.rooms.server.core import MESSAGES_PER_MINUTE, NotAllowed, RoomServer
from warkit_widgets.rooms.server.turn_timer import TIMER_CHOICES
from warkit_widgets.rooms.store import open_store

from .test_room_server import choose, spec
from .test_room_server_web import serving, waiting


def rooms_in(server: RoomServer) -> int:
    return int(server.store._all("SELECT COUNT(*) FROM rooms")[0][0])  # type: ignore[attr-defined]


def made(server: RoomServer, humans: int = 2, **extra: Any) -> tuple[str, list, Any]:
    """A room with ``extra`` settings: its code, its seats' tickets, the spectator's."""
    room = server.create(spec(humans=humans) | extra)
    code = room["code"]
    return (code, [server.ticket(code, k) for k in room["keys"][:humans]],
            server.ticket(code, room["spectator"]))


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The server's and the store's clock, moved by the test."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


@pytest.fixture
def server(store_url, clock) -> RoomServer:
    s = RoomServer(open_store(store_url), clock=lambda: clock[0])
    yield s
    s.close()


# -- quick messages ----------------------------------------------------------------------------
def test_presets_reach_every_page_and_free_text_only_where_the_host_allowed_it(server):
    _code, (ana, bia), watcher = made(server)
    first = server.state(bia)
    assert first["chat"] == "presets" and first["messages"] == []
    answer = server.say(ana, preset="nice")
    assert answer["version"] > first["version"]  # waiting pages get it
    said = server.state(bia)["messages"]
    assert [(m["seat"], m["preset"], m["text"]) for m in said] == [(0, "nice", None)]
    assert server.state(watcher)["messages"] == said  # spectators read them
    before = server.state(bia)
    for refused, match in [({"text": "hello"}, "only the preset"),
                           ({"preset": "insult"}, "no preset message"),
                           ({}, "either a preset or a text"),
                           ({"preset": "nice", "text": "x"}, "either a preset or a text")]:
        with pytest.raises(ChatRefused, match=match):
            server.say(ana, **refused)
    with pytest.raises(NotAllowed, match="spectators read the room's messages but may not"):
        server.say(watcher, preset="nice")
    after = server.state(bia)
    assert (after["messages"], after["version"]) == (before["messages"], before["version"])


def test_free_text_is_cleaned_and_limited(server):
    _code, (ana, bia), _ = made(server, chat="free")
    server.say(bia, text="  bem\tjogado\n\u202eoi\u200b\x00!  ")  # tab, newline, RTL override
    server.say(ana, preset="thanks")
    said = server.state(ana)["messages"]
    assert [(m["seat"], m["preset"], m["text"]) for m in said] == [
        (1, None, "bem jogado oi!"), (0, "thanks", None)]
    with pytest.raises(ChatRefused, match=f"at most {MAX_TEXT}"):
        server.say(ana, text="a" * (MAX_TEXT + 1))
    with pytest.raises(ChatRefused, match="empty"):
        server.say(ana, text="\x07 \u200b ")
    server.say(ana, text="<script>alert(1)</script>")  # kept as text: pages escape it
    assert server.state(bia)["messages"][-1]["text"] == "<script>alert(1)</script>"


def test_a_room_with_messages_off_says_nothing_and_keeps_the_newest(server, clock):
    _, (ana, _), _ = made(server, chat="off")
    with pytest.raises(ChatRefused, match="turned messages off"):
        server.say(ana, preset="nice")
    _, (ana, bia), _ = made(server)
    for i in range(KEPT + 5):
        server.say((ana, bia)[i % 2], preset=PRESETS[i % len(PRESETS)])
        clock[0] += 5
    said = server.state(ana)["messages"]
    assert [m["n"] for m in said] == list(range(6, KEPT + 6))  # the newest, oldest first


def test_bad_chat_or_timer_settings_make_no_room(server):
    for bad, match in [({"chat": "loud"}, "chat is one of"), ({"timer": 90}, "turn timer"),
                       ({"timer": "60"}, "turn timer"), ({"timer": True}, "turn timer")]:
        with pytest.raises(ValueError, match=match):
            server.create(spec() | bad)
    assert rooms_in(server) == 0


def test_every_preset_reads_in_both_languages():
    for preset in PRESETS:
        en, pt = tr(f"chat.preset.{preset}", "en"), tr(f"chat.preset.{preset}", "pt")
        assert en and pt
    assert (tr("chat.preset.nice", "pt"), tr("chat.preset.nice", "en")) == ("Boa!", "Nice!")
    assert tr("chat.preset.your_turn", "pt") == "Sua vez"


def test_a_message_kept_through_one_server_reaches_the_pages_of_another(pg_url):
    one, two = RoomServer(open_store(pg_url)), RoomServer(open_store(pg_url))
    room = one.create(spec(humans=2))
    ana, bia = one.ticket(room["code"], room["keys"][0]), two.ticket(room["code"], room["keys"][1])
    version = two.state(bia)["version"]
    one.say(ana, preset="good_luck")
    assert two.poll([room["code"]]) == [room["code"]]  # the hub's slow poll finds it
    answer = two.state(bia)
    assert answer["version"] > version and answer["messages"][-1]["preset"] == "good_luck"
    assert two.poll([room["code"]]) == []
    for s in (one, two):
        s.close()


# -- the turn timer ----------------------------------------------------------------------------
def test_a_timed_out_seat_has_its_turn_played_and_takes_it_back_by_acting(server, clock):
    code, (ana, bia), watcher = made(server, timer=60)
    answer = server.state(ana)
    decider, seq, turn = answer["decider"], answer["seq"], answer["view"]["turn"]
    slow = (ana, bia)[decider]
    assert answer["timer"] == 60 and answer["deadline"] == pytest.approx(clock[0] + 60, abs=1)
    clock[0] += 59
    assert server.expire_timers() == [] and server.state(ana)["seq"] == seq  # not yet
    clock[0] += 2
    assert server.expire_timers() == [code]  # no page asked: the hub's tick played it
    assert server.expire_timers() == []
    answer = server.state(watcher, since=seq)
    assert answer["seats"][decider]["timed_out"]
    assert answer["view"]["turn"] > turn  # the computer played until the turn passed
    assert {s["seat"] for s in answer["steps"]} >= {decider}
    assert answer["decider"] != decider or answer["view"]["turn"] > turn + 1
    rng = random.Random(5)
    for _ in range(3000):  # the others play on until the slow seat decides again
        answers = [server.state(t) for t in (ana, bia)]
        mover = next(i for i, a in enumerate(answers) if a["your_move"])
        if mover == decider:
            break
        deadline = answers[mover]["deadline"]
        assert deadline is not None and deadline > clock[0]  # a fresh minute for each one
        server.act((ana, bia)[mover], answers[mover]["seq"], choose(answers[mover], rng))
        clock[0] += 1
    else:
        pytest.fail("the slow seat never had a decision again")
    assert answers[decider]["seats"][decider]["timed_out"]  # until it acts
    back = server.act(slow, answers[decider]["seq"], choose(answers[decider], rng))
    assert not back["seats"][decider]["timed_out"]


def test_take_back_ends_the_timed_out_mark(server, clock):
    _code, tickets, _ = made(server, timer=300)
    decider = server.state(tickets[0])["decider"]
    clock[0] += 301
    answer = server.state(tickets[0])  # any request checks the timer
    assert answer["seats"][decider]["timed_out"]
    assert not server.take_back(tickets[decider])["seats"][decider]["timed_out"]


def test_no_timer_no_deadline_and_choices_listed(server, clock):
    _code, (ana, _), _ = made(server)
    answer = server.state(ana)
    assert answer["timer"] is None and answer["deadline"] is None
    clock[0] += 10 * 86400
    assert server.expire_timers() == [] and server.state(ana)["seq"] == answer["seq"]
    assert TIMER_CHOICES == (60, 300, 86400)


def test_a_new_server_counts_from_the_last_move_not_from_its_start(store_url, clock):
    first = RoomServer(open_store(store_url), clock=lambda: clock[0])
    code, (ana, _), _ = made(first, timer=86400)
    deadline = first.state(ana)["deadline"]
    first.close()
    clock[0] += 3600  # a restart an hour later: the day is not given again
    second = RoomServer(open_store(store_url), clock=lambda: clock[0])
    assert second.state(second.ticket(code, None))["deadline"] == pytest.approx(deadline, abs=1)
    second.close()


# -- over HTTP ---------------------------------------------------------------------------------
def test_pages_say_and_beat_over_http(store_url):
    from warkit_widgets.rooms.server.client import RoomClient, RoomServerError, new_room

    with serving(store_url) as url:
        room = new_room(spec(humans=2) | {"chat": "free", "timer": 60}, url)
        ana, bia = (RoomClient(url, key=k) for k in room["keys"][:2])
        watcher = RoomClient(url, code=room["code"])
        first = bia.state()
        assert first["timer"] == 60 and first["deadline"] > time.time()
        thread, got = waiting(bia, first["version"])
        ana.say(text="oi, tudo bem?")
        thread.join(20)
        assert got and got[0]["messages"][-1]["text"] == "oi, tudo bem?"
        with pytest.raises(RoomServerError, match="spectators") as refused:
            watcher.say(preset="nice")
        assert refused.value.status == 403
        with pytest.raises(RoomServerError, match="at most") as refused:
            ana.say(text="x" * 500)
        assert refused.value.status == 400
        assert [s["presence"] for s in bia.state()["seats"][:2]] == ["not_joined"] * 2
        thread, got = waiting(bia, bia.state()["version"])
        ana.beat()  # the first beat of Ana's browser: she joined, the others see it
        thread.join(20)
        assert got and got[0]["seats"][0]["presence"] == "here"
        with pytest.raises(RoomServerError, match="spectator"):
            watcher.beat()


def test_the_hubs_tick_wakes_the_pages_of_a_room_whose_timer_ran_out(server, clock):
    import asyncio

    from warkit_widgets.rooms.server.web import Hub

    code, (ana, _), _ = made(server, timer=60)
    hub = Hub(server)

    async def wait_for_the_timer() -> float:
        version = server.state(ana)["version"]
        page = asyncio.ensure_future(hub.wait_past(code, version, 20))
        await asyncio.sleep(0.2)  # the page waits
        assert not page.done()
        clock[0] += 61
        started = time.monotonic()
        await hub._poll()  # the periodic callback, as tornado runs it every 2 s
        await asyncio.wait_for(page, 20)
        return time.monotonic() - started

    # on a thread of its own: Playwright's sync API (the browser tests, earlier in the same
    # run) leaves its loop running on this one, and a loop cannot run inside another
    try:
        with ThreadPoolExecutor(1) as thread:
            waited = thread.submit(asyncio.run, wait_for_the_timer()).result()
        assert waited < 5  # woken, not after 20 s
    finally:
        hub.stop()
    assert any(s["timed_out"] for s in server.state(ana)["seats"])


def test_a_key_is_looked_up_in_the_store_once(server, monkeypatch):
    room = server.create(spec(humans=2))
    asked: list[str] = []
    real = server.store.access
    monkeypatch.setattr(server.store, "access", lambda key: asked.append(key) or real(key))
    for _ in range(3):  # a page's long-polls and beats each bring its key
        ticket = server.ticket(room["code"], room["keys"][0])
        server.beat(ticket)
    assert asked == [room["keys"][0]] and ticket.seat == 0
    with pytest.raises(NotAllowed, match="does not open room"):
        server.ticket("ZZZZZZ", room["keys"][0])  # remembered, still checked


def test_a_seat_may_not_flood_the_room(server, clock):
    _, (ana, bia), _ = made(server)
    for _ in range(MESSAGES_PER_MINUTE):
        server.say(ana, preset="wow")
        clock[0] += 1
    before = server.state(bia)
    with pytest.raises(ChatRefused, match=f"at most {MESSAGES_PER_MINUTE} messages a minute"):
        server.say(ana, preset="wow")
    after = server.state(bia)
    assert (after["messages"], after["version"]) == (before["messages"], before["version"])
    server.say(bia, preset="laugh")  # the others still may
    clock[0] += 50  # a minute after Ana's first
    server.say(ana, preset="thanks")


def test_a_move_made_through_another_server_stops_the_clock(pg_url, clock):
    one = RoomServer(open_store(pg_url), clock=lambda: clock[0])
    two = RoomServer(open_store(pg_url), clock=lambda: clock[0])
    room = one.create(spec(humans=2) | {"timer": 60})
    code = room["code"]
    seats = [(one.ticket(code, k), two.ticket(code, k)) for k in room["keys"][:2]]
    decider = one.state(seats[0][0])["decider"]
    answer = two.state(seats[decider][1])
    two.act(seats[decider][1], answer["seq"], choose(answer, random.Random(1)))
    clock[0] += 61  # server one has not looked since: its clock says the decision is late
    later = one.state(seats[0][0])
    assert not any(s["timed_out"] for s in later["seats"])  # it read the move first
    for s in (one, two):
        s.close()
