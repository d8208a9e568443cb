"""Online rooms on the dashboard's page, without a browser (issues 14 and 19): "Play online" on
the form makes the room on the room server (here in the same process, through the in-process
client), a second page opened by its seat's link, moves reaching the other page through the
server's answers, the lobby, and what each page's widgets hold (no other seat's secret)."""

from __future__ import annotations

import json

import pytest
from conftest import FakeLoop
from test_play_app import assert_no_secret_of_others, synced_state
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.saves import Autosave, dump_game
from warkit_widgets.rooms.fairness import short_commitment
from warkit_widgets.rooms.opener import RoomOpener
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.server.local import LocalRooms
from warkit_widgets.rooms.session import RoomSession
from warkit_widgets.rooms.store import open_store

import warkit

SERVER: list[RoomServer] = []


@pytest.fixture
def store_path(tmp_path, monkeypatch):
    """The room server of the test (its store in a temporary folder); the pages' kernels
    know no store."""
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.delenv("WARKIT_STORE", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    SERVER[:] = [RoomServer(open_store(str(path)))]
    yield path
    SERVER.pop().close()


def server() -> RoomServer:
    return SERVER[0]


def make_app(tmp_path, name: str) -> tuple[PlayApp, FakeLoop]:
    loop = FakeLoop()
    app = PlayApp(lang="en", autosave=Autosave(tmp_path / name), schedule=loop, animate=False,
                  rooms=RoomOpener(LocalRooms(server())))
    return app, loop


def manual(session: RoomSession) -> RoomSession:
    """Stop the session's thread: the test asks the server itself (:func:`poll`); the page
    shows in a browser (its heartbeat's first tick: the seat is here)."""
    session.follower.stop()
    if session.heartbeat is not None:
        session.heartbeat.widget.beats += 1
        session.heartbeat.join()
    return session


def poll(session: RoomSession) -> bool:
    """What the follower thread would bring the page now; ``True`` if any step came."""
    game = session.game
    before = game.seq_read
    session.on_answer(session.client.state(game.seq_read))
    return game.seq_read > before


def host(tmp_path) -> tuple[PlayApp, FakeLoop, RoomSession]:
    app, loop = make_app(tmp_path, "host")
    app.setup.count.value = 3
    for i, (name, kind) in enumerate([("Ana", "human"), ("Bia", "human"), ("Cris", "easy")]):
        app.setup.names[i].value = name
        app.setup.kinds[i].value = kind
    app.setup.seed.value = "7"
    app.speed.value = "instant"
    app.setup.submit(online=True)
    assert app.room is not None, app.reporter.box
    return app, loop, manual(app.room)


def guest(tmp_path, monkeypatch, key: str, name: str = "guest") -> tuple[PlayApp, FakeLoop]:
    app, loop = make_app(tmp_path, name)
    monkeypatch.setenv("QUERY_STRING", f"room=X&key={key}")
    app.speed.value = "instant"
    app.open_address()
    assert app.room is not None
    manual(app.room)
    return app, loop


def settle(*pages) -> None:
    for _ in range(30):
        moved = False
        for app, loop in pages:
            moved |= poll(app.room)
            moved |= bool(loop.run())
        if not moved:
            return


def test_play_online_makes_a_room_with_a_secret_link_per_seat(store_path, tmp_path,
                                                               monkeypatch):
    """The host's page offers Bia's invitation (with a copy button) until Bia joins, then
    it is gone from every widget of the page; the spectator link stays, for everyone."""
    app, _loop, session = host(tmp_path)
    links = session.links
    assert len(links.code) == 6 and len(set(links.credentials)) == 3
    lobby = session.lobby
    [invite] = lobby.invites.values()
    assert links.credentials[1] in invite.url and invite.label == "Invitation for Bia:"
    assert invite.copy_text == "Copy" and "computer (easy)" in lobby.seats.value
    assert links.spectator in lobby.watch_link.url
    assert links.credentials[0] in lobby.my_link.url  # the host's own, to come back
    assert app.browser.address == lobby.my_link.url  # ... and in the address bar
    assert links.credentials[2] not in synced_state(app)  # a computer's: never shown
    assert app.game.seat == 0 and app.game.viewer == 0
    app.set_lang("pt")
    assert invite.label == "Convite para Bia:" and invite.copy_text == "Copiar"
    app.set_lang("en")

    bia, _ = guest(tmp_path, monkeypatch, links.credentials[1], "bia")  # Bia joins
    poll(session)
    assert invite.url == "" and links.credentials[1] not in synced_state(app)
    assert "Send each invitation" not in lobby.seats.value
    bia_page = synced_state(bia)
    assert links.spectator in bia_page and links.credentials[1] in bia_page
    assert links.credentials[0] not in bia_page and links.credentials[2] not in bia_page


def test_two_pages_play_through_the_server_and_keep_their_secrets(store_path, tmp_path,
                                                                 monkeypatch):
    app, loop, session = host(tmp_path)
    bia, bia_loop = guest(tmp_path, monkeypatch, session.links.credentials[1], "bia")
    assert bia.game.seat == 1
    assert session.links.credentials[0] not in synced_state(bia)  # no link of others
    assert "Bia" in session.lobby.seats.value
    pages = [(app, loop), (bia, bia_loop)]
    bots = {0: warkit.bots.make("easy", seed=0), 1: warkit.bots.make("easy", seed=1)}
    for _ in range(60):
        settle(*pages)
        mover = next((a for a, _ in pages if a.game.my_turn), None)
        if mover is None:
            break
        other = bia if mover is app else app
        assert "Your move" in mover.room.lobby.turn.value
        assert "Waiting for" in other.room.lobby.turn.value
        assert mover.game.act(bots[mover.game.seat].choose(mover.game.view, mover.game.legal()))
        settle(*pages)
        with server()._room(session.code) as live:  # the room's full state, on the server
            real = live.match.state
        for page in (mover, other):
            assert page.game.view == warkit.view(real, page.game.seat)
    for page, _ in pages:
        assert assert_no_secret_of_others(page) > 0  # own secrets shown, no one else's
    watcher, _ = guest(tmp_path, monkeypatch, session.links.spectator, "watcher")
    assert watcher.game.viewer is None and assert_no_secret_of_others(watcher) == 0


def test_a_bad_link_is_refused_in_the_players_language(store_path, tmp_path, monkeypatch):
    app, _loop = make_app(tmp_path, "x")
    app.set_lang("pt")
    monkeypatch.setenv("QUERY_STRING", "room=ABCDEF&key=guessed")
    app.open_address()
    assert app.room is None and app.game is None
    assert "Este link não abre nenhuma sala" in synced_state(app)


def visit(tmp_path, monkeypatch, query: str, name: str = "v") -> PlayApp:
    app, _ = make_app(tmp_path, name)
    monkeypatch.setenv("QUERY_STRING", query)
    app.open_address()
    if app.room is not None:
        manual(app.room)
    return app


def test_a_link_without_its_key_only_watches_and_never_takes_a_seat(store_path, tmp_path,
                                                                   monkeypatch):
    """Dropping ``&key=`` from any link opens the room as a spectator: Bia's seat, nobody
    in it yet, stays hers (her own invitation still opens it)."""
    _app, _loop, session = host(tmp_path)
    code = session.links.code
    visitor = visit(tmp_path, monkeypatch, f"room={code.lower()}&lang=en")
    assert visitor.game.seat is None and visitor.game.viewer is None
    assert "open the invitation link" in visitor.room.lobby.turn.value
    assert not visitor.room.lobby.buttons.children  # no "sit here"
    assert server().store.room(code).seats[1].joined is None
    assert session.links.credentials[1] not in synced_state(visitor)
    assert assert_no_secret_of_others(visitor) == 0
    bia, _ = guest(tmp_path, monkeypatch, session.links.credentials[1], "bia")
    assert bia.game.seat == 1  # her invitation still opens her seat


def test_a_full_room_says_watch_it_and_an_unknown_code_says_so(store_path, tmp_path,
                                                               monkeypatch):
    _app, _loop, session = host(tmp_path)
    guest(tmp_path, monkeypatch, session.links.credentials[1], "bia")
    full = visit(tmp_path, monkeypatch, f"room={session.links.code}")
    turn = full.room.lobby.turn.value
    assert "This room is full: you are watching it" in turn
    assert full.setup.layout.display == "none" and full.game.seat is None
    assert "You are watching" in full.secret.value and "device" not in full.secret.value
    full.set_lang("pt")
    assert "Esta sala está cheia" in full.room.lobby.turn.value
    assert "Você está assistindo" in full.secret.value and "aparelho" not in full.secret.value
    nowhere = visit(tmp_path, monkeypatch, "room=ZZZZZZ&lang=en", "n")
    assert nowhere.room is None and nowhere.game is None
    assert "There is no room ZZZZZZ" in synced_state(nowhere)


def test_the_form_seed_is_ignored_and_every_page_shows_the_commitment(store_path, tmp_path,
                                                                       monkeypatch):
    app, _loop, session = host(tmp_path)  # the host typed seed 7
    seed = server().store.room(session.links.code).seed
    assert seed != 7 and seed.bit_length() > 200
    watcher, _ = guest(tmp_path, monkeypatch, session.links.spectator, "w")
    for page in (app, watcher):
        shown = page.room.lobby.fairness.value
        assert app.game.commitment in shown and short_commitment(app.game.commitment) in shown
        assert "Dice commitment" in shown
        state = synced_state(page)
        assert str(seed) not in state and f"{seed:064x}" not in state


def test_a_room_page_saves_its_own_record_and_loads_no_file(store_path, tmp_path,
                                                           monkeypatch):
    app, _loop, session = host(tmp_path)
    watcher, _ = guest(tmp_path, monkeypatch, session.links.spectator, "w")
    assert watcher.upload.disabled and not watcher.save_button.disabled
    assert watcher.save_button.tooltip == "Download the public record of the game"
    assert "your cards and objective" in app.save_button.tooltip
    text = watcher.save()
    assert json.loads(text)["format"] == "warkit.seat-record"
    assert "public record" in watcher.notice.value
    leaked = dump_game(app.game)  # a whole game's file, secrets and all
    before = watcher.game
    assert not watcher.load_bytes("leak.json", leaked.encode())
    assert watcher.game is before and watcher.game.viewer is None
    assert "loads no saved game" in watcher.notice.value
    assert watcher.files.pending is None


def test_invitations_name_the_lan_address_when_served_to_the_network(store_path, tmp_path,
                                                                      monkeypatch):
    """``make play-lan`` (WARKIT_LAN=1): the links carry the machine's network address for the
    page to use instead of localhost; every link carries the localhost warning."""
    from warkit_widgets.rooms.lan import lan_address

    monkeypatch.delenv("WARKIT_LAN", raising=False)
    monkeypatch.delenv("WARKIT_LAN_HOST", raising=False)
    assert lan_address() == ""  # plain `make play`: links keep the page's host
    _app, _loop, session = host(tmp_path)
    [invite] = session.lobby.invites.values()
    assert invite.lan_host == "" and "opens only on this computer" in invite.warning
    monkeypatch.setenv("WARKIT_LAN", "1")
    found = lan_address()
    assert found == "" or not found.startswith("127.")  # no network here: nothing to offer
    monkeypatch.setenv("WARKIT_LAN_HOST", "192.168.0.7")
    app, _loop, session = host(tmp_path)
    for link in (*session.lobby.invites.values(), session.lobby.watch_link,
                 session.lobby.my_link):
        assert link.lan_host == "192.168.0.7" and link.url.startswith("?room=")
    app.set_lang("pt")
    assert "só abre neste computador" in session.lobby.watch_link.warning


def test_the_replay_of_a_running_room_cannot_continue_from_a_move(store_path, tmp_path,
                                                                 monkeypatch):
    """"Continue from here" would start a game on this page holding every seat's hand and
    objective: refused on a room's page until the game ends (the replay itself shows only
    the page's own secrets)."""
    app, _loop, session = host(tmp_path)
    panel = app.open_replay()
    assert panel.widget.replay.viewer == 0 and not panel.fork_allowed
    panel.widget.replay.goto(panel.widget.replay.end)
    panel.widget.fork_button.click()
    assert "continues only in its room" in panel.notice.value
    assert panel.start_fork(["easy", "easy", "easy"]) is None
    assert app.game is session.game and app.game.online


def test_without_a_room_server_play_online_is_offered_disabled_with_how_to_start_it(
        tmp_path, monkeypatch):
    """No ``$WARKIT_ROOMS_URL`` (plain Voilà, a notebook): one-screen games only; the button
    says how to get rooms, in the page's language."""
    monkeypatch.delenv("WARKIT_ROOMS_URL", raising=False)
    app = PlayApp(lang="en", autosave=Autosave(tmp_path / "a"), schedule=FakeLoop(),
                  animate=False, rooms=RoomOpener())
    online = app.setup.online
    assert online.layout.display != "none" and online.disabled
    assert "make play" in online.tooltip and "room server" in online.tooltip
    app.set_lang("pt")
    assert "servidor de salas" in app.setup.online.tooltip
    monkeypatch.setenv("QUERY_STRING", "room=ABCDEF&key=k")
    app.open_address()
    assert app.room is None and "servidor de salas" in synced_state(app)
    monkeypatch.setenv("WARKIT_ROOMS_URL", "http://127.0.0.1:9/warkit-rooms")
    ready = PlayApp(lang="en", autosave=Autosave(tmp_path / "b"), schedule=FakeLoop(),
                    animate=False, rooms=RoomOpener())
    assert not ready.setup.online.disabled


def test_a_seat_handed_to_a_computer_is_taken_back_when_its_player_returns(
        store_path, tmp_path, monkeypatch):
    """Bia never came: after 60 s the host's lobby offers to let a computer play for her, the
    room server plays her seat; when she opens her link, her page takes the seat back."""
    import time

    app, _loop, session = host(tmp_path)
    server().clock = lambda: time.time() + 120  # two minutes later, Bia still absent
    poll(session)
    [button] = session.lobby.buttons.children
    assert "Bia" in button.description
    button.click()
    assert not app.game.seats[1].is_human and "computer" in session.lobby.seats.value
    bia, _ = guest(tmp_path, monkeypatch, session.links.credentials[1], "bia")
    assert bia.game.seats[1].is_human
    poll(session)
    assert app.game.seats[1].is_human


def test_a_seat_is_here_while_its_browser_beats_not_while_its_kernel_asks(
        store_path, tmp_path, monkeypatch):
    """Presence comes from the page's browser (issue 19): a seat's page carries a heartbeat
    widget whose ticks come from the browser; its kernel asking the room server again and
    again does not make the seat "here". A spectator's page has no seat to keep."""
    _app, _loop, session = host(tmp_path)
    code, key = session.links.code, session.links.credentials[1]
    app, _ = make_app(tmp_path, "bia")
    monkeypatch.setenv("QUERY_STRING", f"room=X&key={key}")
    app.open_address()
    bia = app.room
    bia.follower.stop()
    for _ in range(3):
        poll(bia)  # Bia's kernel asks: no browser shows her page yet
    assert server().store.room(code).seats[1].joined is None
    assert bia.heartbeat is not None and bia.heartbeat.widget in bia.lobby.children
    bia.heartbeat.widget.beats += 1  # her browser shows the page: its first tick
    bia.heartbeat.join()
    assert server().store.room(code).seats[1].joined is not None
    poll(session)
    assert "here" in session.lobby.seats.value.split("Bia")[1].split("</li>")[0]
    watcher = visit(tmp_path, monkeypatch, f"room={code}&key={session.links.spectator}")
    assert watcher.room.heartbeat.on_beat is None  # its ticks beat for no seat


def test_a_page_whose_browser_is_silent_stops_following_the_room_until_it_ticks(
        store_path, tmp_path, monkeypatch):
    """A seat's page and a spectator's: GONE_AFTER seconds without a tick of their browser
    and their follower asks the room server nothing (tests/rooms/test_page_gone.py), so the
    kernel of a tab gone without Voilà's beacon falls idle and is culled; a tick (a tab that
    was only asleep) and they follow again."""
    from warkit_widgets.rooms.heartbeat import GONE_AFTER

    _app, _loop, session = host(tmp_path)
    code = session.links.code
    watcher = visit(tmp_path, monkeypatch, f"room={code}&key={session.links.spectator}").room
    for page in (session, watcher):
        now = [page.heartbeat.clock()]
        page.heartbeat.clock = lambda now=now: now[0]
        assert page.follower.open_in_browser == page.open_in_browser
        assert page.open_in_browser()  # just made: its browser has yet to show it
        now[0] += GONE_AFTER
        assert not page.open_in_browser()
        page.heartbeat.widget.beats += 1
        page.heartbeat.join()
        assert page.open_in_browser()


def test_the_host_chooses_messages_and_a_timer_and_every_page_shows_them(
        store_path, tmp_path, monkeypatch):
    """"Play online" with free messages and 5 minutes per decision: the room has them; a
    preset said on one page and a text on another reach both, in each page's language; the
    countdown names whose decision it is; a spectator reads the messages and cannot send."""
    app, _loop = make_app(tmp_path, "host")
    app.setup.count.value = 3
    for i, (name, kind) in enumerate([("Ana", "human"), ("Bia", "human"), ("Cris", "easy")]):
        app.setup.names[i].value = name
        app.setup.kinds[i].value = kind
    assert app.setup.room_row.layout.display != "none"
    app.setup.chat.value, app.setup.timer.value = "free", 300
    app.set_lang("pt")  # relabelled, the answers kept
    assert (app.setup.chat.value, app.setup.timer.value) == ("free", 300)
    assert dict(app.setup.timer.options)["5 minutos"] == 300
    app.set_lang("en")
    app.speed.value = "instant"
    app.setup.submit(online=True)
    session = manual(app.room)
    code = session.links.code
    answer = server().state(server().ticket(code, session.links.credentials[0]))
    assert (answer["chat"], answer["timer"]) == ("free", 300)
    bia_app, _ = guest(tmp_path, monkeypatch, session.links.credentials[1], "bia")
    bia = bia_app.room
    bia_app.set_lang("pt")
    session.chat.presets["nice"].click()
    bia.chat.box.value = "oi <b>todos</b>"
    bia.chat.send_button.click()
    poll(session), poll(bia)
    assert "Ana:</b> Nice!" in session.chat.log.value
    assert "Ana:</b> Boa!" in bia.chat.log.value  # a preset, in the reader's language
    assert "Bia:</b> oi &lt;b&gt;todos&lt;/b&gt;" in session.chat.log.value
    decider = answer["decider"]
    for page, me in ((session, 0), (bia, 1)):
        said = page.countdown.text()
        assert ("5:00" in said or "4:5" in said), said
        if decider == me:
            assert said.startswith(("You have", "Você tem"))
        else:
            assert ["Ana", "Bia", "Cris"][decider] in said
    watcher = visit(tmp_path, monkeypatch, f"room={code}&key={session.links.spectator}")
    assert "Nice!" in watcher.room.chat.log.value
    assert watcher.room.chat.row.layout.display == "none"  # spectators read only
