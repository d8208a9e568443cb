"""The room server (issue 19): the only holder of a room's secrets. A seat's key opens its
own view, a room's code or the spectator key the public one; the server checks every move,
plays chance, the computers and the steps nobody must click; its answers never hold another
seat's hand or objective, nor the seed before the end; the full record after the end
verifies against the commitment shown from the start."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from warkit_widgets.play.saves import load_game
from warkit_widgets.rooms.fairness import commitment, verify_room
from warkit_widgets.rooms.server.core import NoSuchRoom, NotAllowed, RoomServer, Ticket
from warkit_widgets.rooms.server.live import StaleMove
from warkit_widgets.rooms.store import RoomError, open_store

from warkit import IllegalActionError

from .record_checks import assert_record_keeps_secrets


def spec(rules: str = "classic", humans: int = 1) -> dict[str, Any]:
    names = [("Ana", "red"), ("Bia", "blue"), ("Caio", "green")]
    return {"rules": rules, "lang": "en", "seats": [
        {"name": n, "color": c, "kind": "human" if i < humans else "easy"}
        for i, (n, c) in enumerate(names)]}


@pytest.fixture
def server(store_url) -> RoomServer:
    s = RoomServer(open_store(store_url))
    yield s
    s.close()


def secrets_of_others(server: RoomServer, code: str, seat: int | None) -> list[str]:
    """Texts that must never reach ``seat``: the seed (decimal and hex), the other seats'
    objectives and cards, read from the server's own full state."""
    with server._room(code) as live:
        state, seed = live.match.state, live.room.seed
    said = [str(seed), f"{seed:064x}"]
    mine = None if seat is None else state.rules.effective_objective(state, seat)
    for other in range(state.num_players):
        objective = state.rules.effective_objective(state, other)
        if other != seat and objective != mine:  # two seats may both hunt 24 territories
            said.append(str(objective))
    return said


def choose(answer: dict[str, Any], rng: random.Random) -> str:
    """A quick human: ends its phase now and then, else any legal move."""
    legal = answer["legal"]
    ends = [a for a in legal if a.startswith("end")]
    return ends[0] if ends and rng.random() < 0.3 else rng.choice(legal)


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_whole_game_through_the_server_keeps_every_secret_and_verifies(server, rules):
    made = server.create(spec(rules))
    code, keys = made["code"], made["keys"]
    me = server.ticket(code, keys[0])
    watcher = server.ticket(code, made["spectator"])
    assert (me.seat, watcher.seat) == (0, None)
    answer = server.state(me)
    shown = answer["commitment"]
    with server._room(code) as live:
        assert shown == commitment(live.room.seed)
        assert live.room.seed.bit_length() > 200  # 256 random bits
    rng, seq, acts = random.Random(3), 0, 0
    while not answer["over"]:
        assert acts < 5000
        hidden = secrets_of_others(server, code, 0)
        text = json.dumps(answer) + server.record(me)
        assert not [s for s in hidden if s in text]
        public = json.dumps(server.state(watcher)) + server.record(watcher)
        assert not [s for s in secrets_of_others(server, code, None) if s in public]
        assert answer["your_move"] and answer["legal"]
        # the server skips what nobody must click: an empty trade step, a useless reaction
        assert answer["legal"] != ["end"] or answer["view"]["phase"] != "trade"
        answer = server.act(me, answer["seq"], choose(answer, rng), since=seq)
        assert answer["since"] == seq and len(answer["steps"]) == answer["seq"] - seq
        seq, acts = answer["seq"], acts + 1
    assert answer["seed"]  # revealed at the end only
    record = server.record(me)
    assert verify_room(record, shown) > 0
    game = load_game(record)  # an ordinary saved game
    assert game.match.state.is_terminal


def test_a_room_code_without_a_key_opens_the_public_side_only(server):
    made = server.create(spec(humans=2))
    code = made["code"]
    public = server.ticket(code.lower(), None)
    assert public == Ticket(code, None)
    answer = server.state(public)
    assert answer["seat"] is None and answer["view"]["hand"] == []
    assert answer["view"]["objective"] is None and answer["legal"] == []
    assert answer["watch"] == made["spectator"]  # public: every page shares it
    with pytest.raises(NotAllowed, match="spectator"):
        server.act(public, answer["seq"], "end")
    watch = server.ticket(code, made["spectator"])
    with pytest.raises(NotAllowed):
        server.act(watch, answer["seq"], "end")
    with pytest.raises(NotAllowed):
        server.hand_over(watch, 1)
    with pytest.raises(NoSuchRoom):
        server.ticket("ZZZZZZ", None)
    with pytest.raises(NotAllowed, match="opens no room"):
        server.ticket(code, "not-a-key")
    other = server.create(spec())
    with pytest.raises(NotAllowed, match="does not open"):
        server.ticket(code, other["keys"][0])  # a key of another room


def test_refused_moves_change_nothing(server):
    made = server.create(spec(humans=2))
    code = made["code"]
    ana, bia = (server.ticket(code, k) for k in made["keys"][:2])
    answer = server.state(ana)
    mover, waiter = (ana, bia) if answer["your_move"] else (bia, ana)
    answer = server.state(mover)
    seq = answer["seq"]
    with pytest.raises(RoomError, match="not your decision"):
        server.act(waiter, seq, answer["legal"][0])
    with pytest.raises(StaleMove):
        server.act(mover, seq - 1, answer["legal"][0])
    with pytest.raises(IllegalActionError):
        server.act(mover, seq, "attack brasil argentina 3")
    with pytest.raises(RoomError, match="unreadable"):
        server.act(mover, seq, "fly to the moon")
    assert server.state(mover)["seq"] == seq
    with pytest.raises(ValueError, match="never chosen"):
        server.create({**spec(), "seed": 5})
    with pytest.raises(ValueError, match="3 to 6"):
        server.create({**spec(), "seats": spec()["seats"][:2]})
    with pytest.raises(ValueError, match="human seat"):
        server.create({**spec(humans=0)})


def test_an_absent_seat_is_handed_to_a_computer_and_taken_back(store_url, monkeypatch):
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])  # the store's clock and the server's
    server = RoomServer(open_store(store_url), clock=lambda: now[0])
    made = server.create(spec(humans=2))
    code = made["code"]
    ana, bia = (server.ticket(code, k) for k in made["keys"][:2])
    server.state(ana)
    server.state(bia)  # a kernel asking is no sign of life: only the browser's beat
    assert [s["presence"] for s in server.state(ana)["seats"]] == [
        "not_joined", "not_joined", "computer"]
    assert server.beat(ana) and server.beat(bia)  # the first beat joins (others are woken)
    assert not server.beat(ana)  # a seat already in
    with pytest.raises(RoomError, match="still here"):
        server.hand_over(ana, 1)
    answer = server.state(ana)
    assert [s["presence"] for s in answer["seats"]] == ["here", "here", "computer"]
    for _ in range(12):  # Ana's browser beats on for a minute; Bia's tab was closed
        now[0] += 5
        server.beat(ana)
        server.state(bia)  # Bia's kernel still long-polls: that does not keep her here
    answer = server.state(ana)
    assert [s["presence"] for s in answer["seats"]] == ["here", "away", "computer"]
    with pytest.raises(NotAllowed, match="spectator"):
        server.beat(server.ticket(code, made["spectator"]))
    answer = server.hand_over(ana, 1)
    assert answer["seats"][1]["kind"] == "normal"
    assert answer["decider"] != 1  # the computer played Bia's turn at once, if it was hers
    with pytest.raises(RoomError, match="still here"):
        server.hand_over(bia, 0)
    back = server.take_back(bia)
    assert back["seats"][1]["kind"] == "human"
    server.close()


def test_two_room_servers_on_one_database_see_each_others_moves(pg_url):
    one, two = RoomServer(open_store(pg_url)), RoomServer(open_store(pg_url))
    made = one.create(spec(humans=2))
    code = made["code"]
    tickets = [(one, one.ticket(code, made["keys"][0])), (two, two.ticket(code, made["keys"][1]))]
    rng = random.Random(9)
    for _ in range(60):
        for server, ticket in tickets:
            answer = server.state(ticket)
            if answer["your_move"]:
                seq = answer["seq"]
                server.act(ticket, seq, choose(answer, rng))
                for other, watcher in tickets:
                    assert other.state(watcher)["seq"] > seq  # the move is there at once
    one.poll(), two.poll()  # each learns who joined through the other (presence)
    assert one.poll() == [] and two.poll() == []  # then nothing is left unread
    assert one.state(tickets[0][1])["seats"] == two.state(tickets[0][1])["seats"]
    for server in (one, two):
        server.close()


def test_a_room_left_mid_way_is_picked_up_by_a_new_server(store_url):
    first = RoomServer(open_store(store_url))
    made = first.create(spec(humans=1))
    code = made["code"]
    ticket = first.ticket(code, made["keys"][0])
    rng = random.Random(2)
    answer = first.state(ticket)
    for _ in range(30):
        if answer["over"]:  # a computer may win within a few turns (the deal is random)
            break
        answer = first.act(ticket, answer["seq"], choose(answer, rng))
    before = first.state(ticket)
    first.close()
    second = RoomServer(open_store(store_url))  # a restart: the store is the truth
    after = second.state(second.ticket(code, made["keys"][0]))
    assert (after["seq"], after["view"], after["commitment"]) == (
        before["seq"], before["view"], before["commitment"])
    second.close()


def test_the_records_of_seats_and_spectators_during_the_game_keep_their_secrets(server):
    made = server.create(spec(humans=2))
    code = made["code"]
    tickets = [server.ticket(code, k) for k in made["keys"][:2]]
    rng = random.Random(4)
    for moves in range(1000):  # (the deal is random: play on until a card was drawn)
        answers = [server.state(t) for t in tickets]
        if answers[0]["over"]:
            pytest.skip("the game ended before the check")  # pragma: no cover
        with server._room(code) as live:
            match, base = live.match, live.base
        if moves >= 40 and any(a.keyword == "draw" for a in match.actions[base:]):
            break
        mover = next(i for i, a in enumerate(answers) if a["your_move"])
        server.act(tickets[mover], answers[mover]["seq"], choose(answers[mover], rng))
    assert any(a.keyword == "draw" for a in match.actions[base:]), "no card drawn"
    for ticket in (*tickets, server.ticket(code, made["spectator"]), Ticket(code, None)):
        assert_record_keeps_secrets(server.record(ticket), match, ticket.seat, base)


def test_a_room_nobody_asks_about_leaves_memory_not_the_store(store_url):
    now = [1000.0]
    server = RoomServer(open_store(store_url), clock=lambda: now[0])
    made = server.create(spec())
    ticket = server.ticket(made["code"], made["keys"][0])
    before = server.state(ticket)
    assert server.forget_idle(600) == [] and server.codes() == [made["code"]]
    now[0] += 601
    assert server.forget_idle(600) == [made["code"]] and server.codes() == []
    after = server.state(ticket)  # opened again from the store
    assert (after["seq"], after["view"]) == (before["seq"], before["view"])
    server.close()
