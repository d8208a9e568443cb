"""The secrets a room keeps (issue 19): a 256-bit seed nobody typed, its commitment, Save
giving each seat only its own record until the end, then the full record that verifies
against the commitment and loads as an ordinary game; a tampered roll fails the check."""

from __future__ import annotations

import hashlib
import json
import stat

import pytest
from warkit_widgets.play.config import GameConfig, Seat
from warkit_widgets.play.saves import load_game
from warkit_widgets.rooms.fairness import (
    UnfairRecord,
    commitment,
    short_commitment,
    verify_room,
)
from warkit_widgets.rooms.room import create_room
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.store import open_store

import warkit
from warkit import CHANCE, Match, Roll

from .record_checks import assert_record_keeps_secrets
from .room_pages import follow, new_room, page, play_to_the_end, real_match


def config() -> GameConfig:
    return GameConfig(seats=(Seat("Ana", "red"), Seat("Bia", "blue"),
                             Seat("CPU", "green", "easy")), lang="en", seed=5)


@pytest.fixture
def server(tmp_path):
    s = RoomServer(open_store(str(tmp_path / "rooms.sqlite3")))
    yield s
    s.close()


def test_a_room_seed_is_256_random_bits_never_the_one_typed(store_url):
    """On SQLite and PostgreSQL alike (a 256-bit seed is more than a BIGINT holds)."""
    store = open_store(store_url)
    typed = config()  # the form's seed field said 5
    assert typed.seed == 5
    seeds = [store.room(create_room(store, typed).code).seed for _ in range(3)]
    assert 5 not in seeds and len(set(seeds)) == 3
    assert all(s.bit_length() > 200 for s in seeds)  # 256 bits (below 200: p = 2**-56)
    server = RoomServer(store)
    room = new_room(server)
    ana = page(server, room["keys"][0])
    seed = store.room(room["code"]).seed
    assert real_match(server, room["code"]).seed == seed  # it deals the game (> BIGINT)
    assert ana.match.seed is None  # ... on the server only: the page's game has none
    assert ana.commitment == hashlib.sha256(seed.to_bytes(32, "big")).hexdigest()
    assert short_commitment(ana.commitment) == " ".join(
        ana.commitment[i:i + 4] for i in (0, 4, 8, 12))


def _mid_game(server):
    room = new_room(server)
    pages = [page(server, room["keys"][s]) for s in (0, 1)]
    watcher = page(server, room["spectator"])
    return room, pages, watcher


def test_during_the_game_each_save_holds_only_its_seats_record(server):
    room, pages, watcher = _mid_game(server)
    drawn: set[int] = set()
    base = len(real_match(server, room["code"]).actions)
    for _ in range(40):  # until both humans have drawn a card (the positive control)
        play_to_the_end(server, room["code"], pages, max_moves=25)
        follow([*pages, watcher])
        match = real_match(server, room["code"])
        drawn = {match.states[i].current for i, a in enumerate(match.actions)
                 if i >= base and a.keyword == "draw"}
        if {0, 1} <= drawn:
            break
    match = real_match(server, room["code"])
    with server._room(room["code"]) as live:
        base = live.base
    assert {0, 1} <= drawn and not match.state.is_terminal
    for p in (*pages, watcher):
        name, text, notice = p.save_file("en")
        record = assert_record_keeps_secrets(text, match, p.seat, base)
        assert record["meta"]["warkit_room"]["commitment"] == p.commitment
        assert name.startswith(f"war-room-{p.code}-") and name.endswith(".json")
        shown = [s for s in record["steps"] if "action" in s and s["action"].startswith("draw")]
        hidden = [s for s in record["steps"] if s.get("hidden")]
        assert hidden  # the others' draws
        assert bool(shown) == (p.seat is not None)  # a seat sees its own draws
        assert ("own record" in notice) == (p.seat is not None)
        with pytest.raises(Exception, match="not a"):  # a seat record is no saved game
            load_game(text)


def test_after_the_end_the_full_record_verifies_and_loads_as_a_game(server):
    room, pages, watcher = _mid_game(server)
    play_to_the_end(server, room["code"], pages)
    follow([*pages, watcher])
    assert watcher.state.is_terminal and watcher.full_record
    name, text, notice = watcher.save_file("pt")
    assert "semente" in notice and name.startswith(f"war-room-{room['code']}-")
    record = json.loads(text)
    assert record["seed"] == watcher.match.seed == real_match(server, room["code"]).seed
    assert record["meta"]["warkit_room"]["commitment"] == watcher.commitment
    checked = verify_room(text, watcher.commitment)
    assert checked > 10  # every roll and draw after the set-up
    game = load_game(text)  # an ordinary saved game, every secret revealed
    assert game.state == watcher.state and not game.online
    with pytest.raises(UnfairRecord, match="commitment"):
        verify_room(text, commitment(watcher.match.seed + 1))


def test_a_tampered_roll_or_seed_fails_the_verification():
    """The record replays (the roll is legal), but the seed did not give that roll."""
    seed = 2**255 + 12345
    match = Match.new(players=["red", "blue", "green"], rules="classic", seed=seed)
    base = len(match.actions)
    bots = {s: warkit.bots.make("easy", seed=s) for s in range(3)}
    from warkit_widgets.play.controller import chance_sampler

    while not any(isinstance(a, Roll) for a in match.actions[base:]):
        state = match.state
        if state.current_player == CHANCE:
            match.push(chance_sampler(seed, len(match.actions)).sample(state))
        else:
            match.push(bots[state.current_player].choose(
                warkit.view(state, state.current_player), warkit.legal_actions(state)))
    assert verify_room(match, commitment(seed)) >= 1
    k = len(match.actions) - 1
    honest = match.actions[k]
    assert isinstance(honest, Roll)
    forged = Roll(tuple(6 for _ in honest.attack), tuple(1 for _ in honest.defence))
    if str(forged) == str(honest):
        forged = Roll(tuple(1 for _ in honest.attack), tuple(6 for _ in honest.defence))
    tampered = Match(match.states[0], seed=seed)
    for action in match.actions[:k]:
        tampered.push(action)
    tampered.push(forged)  # legal dice: the rules cannot tell, only the seed can
    with pytest.raises(UnfairRecord, match=f"step {k}: the seed gives {honest}"):
        verify_room(warkit.dumps(tampered), commitment(seed))
    other = Match(match.states[0], seed=seed + 1)  # another seed claimed afterwards
    for action in match.actions:
        other.push(action)
    with pytest.raises(UnfairRecord, match="commitment"):
        verify_room(other, commitment(seed))
    with pytest.raises(UnfairRecord, match="set-up"):
        verify_room(other)


def test_the_room_database_is_created_readable_by_its_owner_only(tmp_path):
    import os

    old = os.umask(0o022)
    try:
        store = open_store(str(tmp_path / "db" / "rooms.sqlite3"))
        create_room(store, config())
    finally:
        os.umask(old)
    files = list((tmp_path / "db").iterdir())
    assert any(f.name.endswith("-wal") for f in files)
    assert any(f.name.endswith("-shm") for f in files)
    for f in files:
        assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    assert stat.S_IMODE((tmp_path / "db").stat().st_mode) == 0o700
