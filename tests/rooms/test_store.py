"""The room store (issue 14): optimistic concurrency, credentials, refused entries, replay.

Each test runs on SQLite and on a real PostgreSQL server (skipped, with the reason, when
PostgreSQL is not installed)."""

from __future__ import annotations

import threading

import pytest
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.rooms.room import (
    TamperedEntry,
    check_entry,
    create_room,
    initial_match,
    replay,
)
from warkit_widgets.rooms.store import Entry, RoomError, credential_hash, open_store

import warkit
from warkit import CHANCE

CONFIG = GameConfig(seats=(Seat("Ana", "red"), Seat("Bia", "blue"), Seat("CPU", "green", "easy")),
                    rules="classic", lang="en", seed=11)


def first_move(store, links):
    """The legal opening move of the room and the seat that makes it."""
    match = initial_match(store.room(links.code))
    seat = match.state.current_player
    action = next(iter(warkit.legal_actions(match.state)))
    return seat, str(action)


def test_two_writers_at_the_same_seq_exactly_one_wins(store_url):
    a, b = open_store(store_url), open_store(store_url)
    links = create_room(a, CONFIG, seed=CONFIG.seed)
    seat, action = first_move(a, links)
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def write(store):
        barrier.wait()
        results.append(store.append(links.code, 0, seat, action, links.credentials[seat]))

    threads = [threading.Thread(target=write, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(results) == [False, True]
    assert [e.seq for e in a.read(links.code)] == [0] and b.head(links.code) == 1
    a.close()
    b.close()


def test_many_writers_race_for_each_seq(store_url):
    """Four pages race 20 times: every entry is written once, none lost or doubled."""
    stores = [open_store(store_url) for _ in range(4)]
    links = create_room(stores[0], CONFIG, seed=CONFIG.seed)
    wins = [0] * 4

    def race(i):
        for seq in range(20):
            if stores[i].append(links.code, seq, CHANCE, "end", links.credentials[0]):
                wins[i] += 1

    threads = [threading.Thread(target=race, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sum(wins) == 20
    assert [e.seq for e in stores[0].read(links.code)] == list(range(20))
    for s in stores:
        s.close()


def test_the_store_refuses_bad_entries_and_changes_nothing(store):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    seat, action = first_move(store, links)
    other = 1 - seat if seat in (0, 1) else 0
    with pytest.raises(RoomError, match="unreadable action"):
        store.append(links.code, 0, seat, "conquer the world", links.credentials[seat])
    with pytest.raises(RoomError, match="beyond the end"):
        store.append(links.code, 5, seat, action, links.credentials[seat])
    with pytest.raises(RoomError, match="may not move for seat"):
        store.append(links.code, 0, seat, action, links.credentials[other])
    with pytest.raises(RoomError, match="holds no seat"):
        store.append(links.code, 0, seat, action, "guessed-credential")
    with pytest.raises(RoomError, match="holds no seat"):  # the spectator may not write
        store.append(links.code, 0, seat, action, links.spectator)
    with pytest.raises(RoomError, match="computer played by another"):
        store.append(links.code, 0, 2, action, links.credentials[0])  # seat 2 is a computer
    assert store.head(links.code) == 0 and store.read(links.code) == []


def test_credentials_open_only_their_seat_and_are_not_stored(store):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    for seat, secret in enumerate(links.credentials):
        access = store.access(secret)
        assert (access.code, access.seat) == (links.code, seat)
        assert [r.code for r in store.rooms(secret)] == [links.code]
    assert store.access(links.spectator).seat is None
    assert store.rooms("nope") == []
    assert len(set(links.credentials)) == 3 and all(len(c) >= 32 for c in links.credentials)
    dump = repr(store.read(links.code)) + repr(store.room(links.code))
    assert not any(c in dump for c in links.credentials)
    other = create_room(store, CONFIG, seed=CONFIG.seed)
    assert links.code not in [r.code for r in store.rooms(other.credentials[0])]
    assert credential_hash("x") != "x"
    # the spectator key is kept as it is (public information only; every page shares it)
    assert store.watch_key(links.code) == links.spectator
    assert store.watch_key(other.code) == other.spectator and store.watch_key("NONE") is None


def test_exactly_one_page_holds_the_computer_claim(store):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    assert store.claim(links.code, links.credentials[0], ttl=30)
    assert not store.claim(links.code, links.credentials[1], ttl=30)
    assert store.claim(links.code, links.credentials[0], ttl=30)  # renewal
    assert store.claim(links.code, links.credentials[0], ttl=-1)  # let it lapse
    assert store.claim(links.code, links.credentials[1], ttl=30)  # the others take it over
    with pytest.raises(RoomError):
        store.claim(links.code, links.spectator)


def _play(store, links, moves: int) -> None:
    """Write ``moves`` entries as the pages would: each checked, chance as the seed deals."""
    room = store.room(links.code)
    match, _, problem = replay(room, store.read(links.code))
    assert problem is None
    store.claim(links.code, links.credentials[0], ttl=60)
    bots = {2: warkit.bots.make("easy", seed=1)}
    for _ in range(moves):
        state = match.state
        decider = state.current_player
        seq = store.head(links.code)
        if decider == CHANCE:
            from warkit_widgets.play.controller import chance_sampler
            action = chance_sampler(match.seed, len(match.actions)).sample(state)
        else:
            bot = bots.get(decider) or warkit.bots.make("easy", seed=decider)
            action = bot.choose(warkit.view(state, decider), warkit.legal_actions(state))
        cred = links.credentials[0 if decider in (CHANCE, 2) else decider]
        assert store.append(links.code, seq, decider, str(action), cred)
        match.push(action)


def test_a_room_replays_from_its_log_to_the_same_state(store):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    _play(store, links, 150)
    room = store.room(links.code)
    a, actors, problem = replay(room, store.read(links.code))
    b, _, _ = replay(room, store.read(links.code))
    assert problem is None and len(actors) == 150
    assert a.state == b.state
    assert warkit.dumps(a) == warkit.dumps(b)


@pytest.mark.parametrize("tamper, message", [
    (lambda e: Entry(e.seq, e.actor, "conquer the world"), "unreadable action"),
    (lambda e: Entry(e.seq, (e.actor + 1) % 3, e.action), "decides"),
    (lambda e: Entry(e.seq + 1, e.actor, e.action), "was expected"),
])
def test_a_tampered_entry_is_refused_and_never_applied(store, tamper, message):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    _play(store, links, 30)
    room = store.room(links.code)
    entries = store.read(links.code)
    good, _, _ = replay(room, entries[:20])
    bad = [*entries[:20], tamper(entries[20]), *entries[21:]]
    match, actors, problem = replay(room, bad)
    assert isinstance(problem, TamperedEntry) and message in str(problem)
    assert len(actors) == 20 and match.state == good.state  # stopped before the bad entry


def test_an_illegal_or_invented_chance_entry_is_refused(store):
    links = create_room(store, CONFIG, seed=CONFIG.seed)
    room = store.room(links.code)
    match = initial_match(room)
    state = match.state
    seat = state.current_player
    with pytest.raises(TamperedEntry, match="illegal"):
        check_entry(state, match.seed, len(match.actions),
                    Entry(0, seat, "place brasil 99"))  # more than the reserve
    _play(store, links, 200)
    entries = store.read(links.code)
    match, _, _ = replay(room, [])
    for entry in entries:  # find the first chance entry and forge its dice
        if entry.actor == CHANCE and entry.action.startswith("roll"):
            att, dfn = entry.action[5:].split(" vs ")
            dice = "6" if att.split(",")[0] != "6" else "5"
            fake = ",".join(dice for _ in att.split(",")) + " vs " + dfn
            forged = Entry(entry.seq, CHANCE, f"roll {fake}")
            with pytest.raises(TamperedEntry, match="chance gave"):
                check_entry(match.state, match.seed, len(match.actions), forged)
            break
        match.push(warkit.parse_action(entry.action))
    else:
        pytest.fail("no roll in 200 moves")
