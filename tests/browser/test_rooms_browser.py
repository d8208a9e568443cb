"""Rooms in the browser (issues 14 and 19): browser contexts, each opened by its seat's secret
link, play through the room server embedded in the Voilà server (as ``make play`` runs it),
its rooms in SQLite or a real PostgreSQL; the pages' kernels hold no store.

- each page is seated by its link, its lobby says who it is;
- secrecy: every widget model's state in each page holds no other seat's objective or
  link, and does hold the page's own objective (the check's positive control);
- live updates: armies placed by clicks in one page appear in the other page's log;
- reconnection: a reload opens the same seat again.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import (
    CONTROL_COMM,
    PLAY,
    PlayPage,
    kernel_messages,
    open_page,
    roomy,
    serve,
)
from warkit_widgets.hand import SHAPE_ICONS
from warkit_widgets.models import card_label
from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.rooms.controller import RoomController
from warkit_widgets.rooms.messages import tr
from warkit_widgets.rooms.room import create_room, initial_match
from warkit_widgets.rooms.server.client import HttpRooms
from warkit_widgets.rooms.store import RoomInfo, SeatInfo, open_store

import warkit

M = warkit.world_map()
WAIT = 60_000
SEATS = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Cris", "green", "easy"))


def _rooms_helper(name: str):
    """A module of tests/rooms, by its path: ``pg_server`` (the room store tests' PostgreSQL
    server), ``record_checks`` (what a room page's Save may hold)."""
    path = Path(__file__).parents[1] / "rooms" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"warkit_test_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def rooms_server(request, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """Voilà with the room server (``make play``'s launcher) serving the dashboard, its rooms
    in SQLite, or in a real PostgreSQL server (skipped, with the reason, where PostgreSQL is
    not installed). The test makes rooms in the store itself (a known seed: a known
    set-up); the server opens them when a page asks."""
    folder = tmp_path_factory.mktemp("rooms")
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            store = str(folder / "rooms.sqlite3")
        else:
            pg = _rooms_helper("pg_server")
            try:
                server = stack.enter_context(pg.postgres_server())
            except pg.Unavailable as exc:
                pytest.skip(str(exc))
            store = pg.new_database(server)
        env = {"WARKIT_AUTOSAVE_DIR": str(folder / "autosave"), "WARKIT_STORE": store}
        url = stack.enter_context(serve(PLAY, folder / "voila.log", env,
                                        launcher="warkit_widgets.rooms.server.embedded"))
        yield url, store  # (Voilà as make play runs it)


def driver(url: str, key: str) -> RoomController:
    """A page of ``key``'s seat in the test's process, over HTTP like a kernel's (the test
    reads the game from it and makes its decisions); it beats once, as its page's browser
    would (the seat has joined)."""
    client = HttpRooms(url + "warkit-rooms").open(None, key)
    client.beat()
    return RoomController(client, pace="instant")


def caught_up(d: RoomController) -> RoomController:
    """``d`` with every step the server has shown."""
    d.catch_up()
    while d.waiting_on_computer:
        d.advance(budget=1e9)
    return d


def place_target(game: RoomController) -> str:
    """Where a test places its armies: the last territory it may place on whose interior
    point a click surely hits (clear of borders and badges: Omsk's is not, and a click
    there may select a neighbour), else the last one."""
    singles = game.map.moves.singles
    clear = [t for t in singles if roomy(M.ids[t])]
    return M.ids[max(clear or singles)]


def seed_where_ana_starts() -> int:
    """A seed whose dealt set-up lets Ana (a human) decide first."""
    for seed in range(200):
        room = RoomInfo("X", "classic", seed, tuple(SeatInfo(i, s.name, s.color, s.kind)
                                                    for i, s in enumerate(SEATS)))
        if initial_match(room).state.current_player == 0:
            return seed
    raise AssertionError("no seed in 200 where seat 0 starts")


def objective_texts(state: warkit.GameState, seat: int) -> list[str]:
    return [M.objective(state.objective(seat)).text(lang) for lang in ("pt", "en")]


def page_widget_states(page) -> dict[str, dict]:
    """:func:`widget_states`, waiting longer: a page whose kernel is busy playing the
    computers answers later than the 3 s the helper waits."""
    comm = f"{CONTROL_COMM}-{uuid.uuid4().hex[:8]}"
    replies = kernel_messages(page, [
        ("shell", "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                "data": {}}, {"version": "1.0.0"}),
        ("shell", "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}),
    ], wait_ms=10_000)
    for message in replies:
        data = message["content"].get("data", {})
        if message["type"] == "comm_msg" and data.get("method") == "update_states":
            return data["states"]
    raise AssertionError(f"no widget states came back: {replies!r}"[:3000])


def secret_words(state: warkit.GameState, seat: int) -> list[str]:
    """How ``seat``'s secrets read on screen: its objective and its cards' labels."""
    words = objective_texts(state, seat)
    for card in state.hands[seat]:
        shape, territory = card_label(card)
        if territory is not None:
            words += [f"{SHAPE_ICONS[shape]} {M.territory(territory).name(lang)}"
                      for lang in ("pt", "en")]
    return words


def assert_page_keeps_secrets(view: PlayPage, seat: int | None, state: warkit.GameState,
                              credentials: tuple[str, ...]) -> int:
    """Every widget model's state in the page: no other seat's objective, card or link;
    returns how many of its own secret words it shows (the positive control)."""
    text = json.dumps(page_widget_states(view.page), ensure_ascii=False)
    for other in range(state.num_players):
        if other != seat:
            for words in secret_words(state, other):
                if seat is None or words not in secret_words(state, seat):
                    assert words not in text, f"seat {other}'s secret in seat {seat}'s page"
            assert credentials[other] not in text
    return 0 if seat is None else sum(w in text for w in secret_words(state, seat))


def test_two_seats_play_through_the_server_in_two_browsers(browser, rooms_server):
    url, where = rooms_server
    store = open_store(where)
    links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=seed_where_ana_starts())
    address = [f"{url}?room={links.code}&key={k}&lang=en" for k in links.credentials[:2]]
    with open_page(browser, address[0], ".warkit-lobby") as (ana_page, _, _), \
            open_page(browser, address[1], ".warkit-lobby") as (bia_page, _, _):
        ana, bia = PlayPage(ana_page, 0), PlayPage(bia_page, 0)
        ana.wait_text("warkit-lobby", "you are Ana", WAIT)
        bia.wait_text("warkit-lobby", "you are Bia", WAIT)
        ana.wait_text("warkit-room-turn", "Your move, Ana!", WAIT)
        bia.wait_text("warkit-room-turn", "Waiting for Ana", WAIT)

        # secrecy: what each page's kernel holds in its widgets
        state = initial_match(store.room(links.code)).state  # nobody moved yet
        for seat, view in ((0, ana), (1, bia)):
            assert assert_page_keeps_secrets(view, seat, state, links.credentials) > 0

        # Ana places her armies by clicking; Bia's page shows each placement live
        replica = driver(url, links.credentials[0])
        placed = 0
        while replica.step is Step.PLACE and placed < 3:
            territory = place_target(replica)
            name = M.territory(territory).name("en")
            ana.click_territory(territory)
            ana.wait_text("warkit-play-status", f"{name} selected", WAIT)
            most = replica.map.moves.singles[M.index(territory)]
            ana.button("warkit-go").get_by_text(f"Place {most}").wait_for(timeout=WAIT)
            start = time.perf_counter()
            ana.button("warkit-go").click()
            bia.wait_text("warkit-log", f"Ana places {most} on {name}", WAIT)
            print(f"click in Ana's page -> Bia's log: {time.perf_counter() - start:.2f} s")
            deadline = time.monotonic() + 10
            seq = replica.seq
            while caught_up(replica).seq == seq and time.monotonic() < deadline:
                time.sleep(0.05)
            placed += 1
        assert placed > 0

        # a reload reconnects to the same seat, with the moves made so far
        bia_page.reload()
        bia_page.locator(".warkit-lobby").first.wait_for(state="visible", timeout=90_000)
        bia.wait_text("warkit-lobby", "you are Bia", WAIT)
        bia.wait_text("warkit-log", "Ana places", WAIT)


WHOLE_GAME = (Seat("Ana", "red"), Seat("Bia", "blue"), Seat("Cris", "green", "hard"),
              Seat("Davi", "yellow"), Seat("Eva", "black"))
WHOLE_GAME_SEEDS = {("classic", 2): 12, ("smart", 2): 36, ("classic", 4): 0, ("smart", 4): 9}
"""Seeds of the set-up (the room server's computer then plays with its own random seed: the
game's length varies; a hard computer wins against humans who place, pass and end their
turns)."""
END_KEYS = {Step.ATTACK: "play.btn.end.attack", Step.MOVE: "play.btn.end.move",
            Step.TRADE: "play.btn.end.trade"}


def decide_in_page(view: PlayPage, mover: RoomController) -> None:
    """The mover's decision, made by clicking in its own page: place everything on one
    territory, pass a reaction (the defender answers on their own screen), end a phase."""
    name = mover.seats[mover.seat].name
    if mover.step is Step.REACT:
        view.wait_text("warkit-room-turn", f"{name}, your reaction", WAIT)
        view.button("warkit-pass").click()
        return
    view.wait_text("warkit-room-turn", f"Your move, {name}!", WAIT)
    if mover.step is Step.PLACE:
        territory = place_target(mover)
        most = mover.map.moves.singles[M.index(territory)]
        view.click_territory(territory)
        view.wait_text("warkit-play-status", f"{M.territory(territory).name('en')} selected",
                       WAIT)
        view.button("warkit-go").get_by_text(f"Place {most}").wait_for(timeout=WAIT)
        view.button("warkit-go").click()
        return
    assert mover.step in END_KEYS and not mover.state.late, mover.step
    view.button("warkit-end").get_by_text(tr(END_KEYS[mover.step], "en")).wait_for(
        timeout=WAIT)
    view.button("warkit-end").click()


@pytest.mark.parametrize("rules, humans", list(WHOLE_GAME_SEEDS))
def test_a_whole_game_in_browsers_against_a_computer(browser, rooms_server, rules, humans):
    """2 or 4 browser contexts (one per human seat) and a computer play a whole game."""
    url, where = rooms_server
    store = open_store(where)
    seats = WHOLE_GAME[:3 + humans - 2]
    human_seats = [i for i, seat in enumerate(seats) if seat.is_human]
    links = create_room(store, GameConfig(seats, rules, "en"),
                        seed=WHOLE_GAME_SEEDS[rules, humans])
    with contextlib.ExitStack() as stack:
        views = {}
        for s in human_seats:
            address = f"{url}?room={links.code}&key={links.credentials[s]}&lang=en"
            page, _, _ = stack.enter_context(open_page(browser, address, ".warkit-lobby"))
            views[s] = PlayPage(page, 0)
        for view in views.values():  # the address's ?lang=en is in the page's first state
            view.page.locator(".warkit-speed select").select_option(label="instant",
                                                                    timeout=5_000)
        replicas = {s: driver(url, links.credentials[s]) for s in human_seats}
        deadline = time.monotonic() + 600
        decisions = checked = 0
        while time.monotonic() < deadline:
            for r in replicas.values():
                caught_up(r)
            if replicas[0].state.is_terminal:
                break
            mover = next((r for r in replicas.values() if r.my_turn), None)
            if mover is None:
                time.sleep(0.1)
                continue
            state = real_state(where, links.code)  # a human's turn: nothing moves
            if not checked and decisions >= 6 and any(state.hands):  # mid-game, cards out
                views[mover.seat].wait_text("warkit-room-turn", mover.seats[mover.seat].name,
                                            WAIT)
                for s, view in views.items():
                    assert assert_page_keeps_secrets(view, s, state, links.credentials) > 0
                checked = sum(len(hand) for hand in state.hands)
            seq = mover.seq
            decide_in_page(views[mover.seat], mover)
            decisions += 1
            while caught_up(mover).seq == seq and time.monotonic() < deadline:
                time.sleep(0.05)
        final = replicas[0]
        assert final.state.is_terminal, f"not over after {decisions} decisions"
        assert all(r.state == final.state and r.full_record for r in replicas.values())
        assert all(r.mismatches == 0 for r in replicas.values())
        winner = final.player_text(final.state.winners[0])
        for view in views.values():
            view.wait_text("warkit-over", winner, WAIT)
        assert final.problem is None
        print(f"{rules}, {humans} browsers: {decisions} decisions in the pages, "
              f"{final.seq} log entries; secrecy checked mid-game with {checked} cards out")
        assert checked, "no card was ever held: the secrecy check did not run"


def test_two_simultaneous_clicks_on_one_seat_make_one_move(browser, rooms_server):
    """The same seat open in two browsers (a phone and a laptop): both press "Place" at once;
    the room server keeps exactly one placement and both pages end up showing it."""
    url, where = rooms_server
    store = open_store(where)
    links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=seed_where_ana_starts())
    address = f"{url}?room={links.code}&key={links.credentials[0]}&lang=en"
    with open_page(browser, address, ".warkit-lobby") as (one, _, _), \
            open_page(browser, address, ".warkit-lobby") as (two, _, _):
        tabs = [PlayPage(one, 0), PlayPage(two, 0)]
        replica = driver(url, links.credentials[0])
        territory = place_target(replica)
        most = replica.map.moves.singles[M.index(territory)]
        for tab in tabs:
            tab.wait_text("warkit-room-turn", "Your move, Ana!", WAIT)
            tab.click_territory(territory)
            tab.button("warkit-go").get_by_text(f"Place {most}").wait_for(timeout=WAIT)
        before = store.head(links.code)
        for tab in tabs:  # two clicks within a few milliseconds
            tab.button("warkit-go").dispatch_event("click")
        name = M.territory(territory).name("en")
        for tab in tabs:
            tab.wait_text("warkit-log", f"Ana places {most} on {name}", WAIT)
        time.sleep(1.0)  # a second placement, had there been one, would be written by now
        entries = store.read(links.code, before)
        assert [e.action for e in entries] == [f"place {territory} {most}"]
        for tab in tabs:
            assert tab.page.locator(".warkit-log").first.inner_text().count(
                f"Ana places {most} on {name}") == 1


def start_a_game_as(page, name: str) -> None:
    """Fill the first seat's name on the new-game form (the others are computers) and start."""
    page.locator("button.warkit-start").get_by_text("Start the game").wait_for(timeout=WAIT)
    page.locator(".warkit-seat-0 input").fill(name)
    page.locator("button.warkit-start").click()
    page.locator(".warkit-board").first.wait_for(state="visible", timeout=WAIT)


def test_each_browser_sees_only_its_own_games_in_progress(browser, play_server):
    """Issue 14, item 4: two browsers (two contexts: their own storage) on one server each
    start a hot-seat game; a new tab of each offers only that browser's game in progress,
    and its widgets hold nothing of the other's."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 1200}) for _ in "AB"]
    try:
        for ctx, name in zip(contexts, ("Zeca", "Yara")):
            page = ctx.new_page()
            page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
            page.goto(play_server.url + "?lang=en", timeout=90_000)
            start_a_game_as(page, name)
        for ctx, mine, theirs in zip(contexts, ("Zeca", "Yara"), ("Yara", "Zeca")):
            page = ctx.new_page()  # a new tab of the same browser: a new kernel
            page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
            page.goto(play_server.url + "?lang=en", timeout=90_000)
            resume = page.locator("button.warkit-resume-game", has_text=f"Resume: {mine},")
            resume.first.wait_for(state="visible", timeout=WAIT)
            shown = page.locator(".warkit-resume").first.inner_text()
            assert theirs not in shown, f"{mine}'s browser is offered {theirs}'s game"
            text = json.dumps(page_widget_states(page), ensure_ascii=False)
            assert f"Resume: {theirs}," not in text
            resume.first.click()
            page.locator(".warkit-players", has_text=mine).first.wait_for(timeout=WAIT)
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_host_shares_invitations_that_leave_the_page_once_used(browser, rooms_server):
    """Issue 14, item 1: "Play online" in the host's page offers Bia's invitation with a copy
    button; Bia opens it in her own browser; from then on her key is in no widget of the
    host's page (nor anyone's but hers), while the spectator link stays on every page. The
    host's address bar now opens the host's seat: a reload comes back to it."""
    url, _ = rooms_server
    with open_page(browser, url + "?lang=en", "button.warkit-start") as (host_page, _, _):
        host_page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        host = PlayPage(host_page, 0)
        host.button("warkit-start").get_by_text("Start the game").wait_for(timeout=WAIT)
        for i, (name, kind) in enumerate((("Ana", "human"), ("Bia", "human"))):
            row = host_page.locator(f".warkit-seat-{i}")
            row.locator("input").fill(name)
            row.locator("select").nth(1).select_option(label=tr(f"setup.kind.{kind}", "en"))
        host.button("warkit-online").click()
        host.wait_text("warkit-lobby", "you are Ana", WAIT)
        invite = host_page.locator(".warkit-room-invite").first
        invite.get_by_text("Invitation for Bia:").wait_for(timeout=WAIT)
        # served on 127.0.0.1 without `make play-lan`: the link warns it opens only here
        invite.get_by_text("it opens only on this computer").wait_for(timeout=WAIT)
        bia_url = invite.locator("input").input_value()
        assert bia_url.startswith(url + "?room=") and "&key=" in bia_url
        invite.locator("button").click()
        invite.get_by_text("Copied!").wait_for(timeout=WAIT)
        assert host_page.evaluate("navigator.clipboard.readText()") == bia_url
        bia_key = parse_qs(urlparse(bia_url).query)["key"][0]
        host_key = parse_qs(urlparse(host_page.url).query)["key"][0]  # the address bar
        watch = host_page.locator(".warkit-room-watch input").input_value()
        watch_key = parse_qs(urlparse(watch).query)["key"][0]

        with open_page(browser, bia_url, ".warkit-lobby") as (bia_page, _, _):
            bia = PlayPage(bia_page, 0)
            bia.wait_text("warkit-lobby", "you are Bia", WAIT)
            invite.wait_for(state="hidden", timeout=WAIT)  # the host's lobby saw her join
            host_state = json.dumps(page_widget_states(host_page))
            assert bia_key not in host_state and watch_key in host_state
            bia_state = json.dumps(page_widget_states(bia_page))
            assert host_key not in bia_state and watch_key in bia_state
            assert bia_page.locator(".warkit-room-watch input").input_value() == watch

        host_page.reload(timeout=90_000)  # the address bar holds the host's seat now
        host_page.locator(".warkit-lobby").first.wait_for(state="visible", timeout=90_000)
        host.wait_text("warkit-lobby", "you are Ana", WAIT)


SECRET_SEED = (2**256 - 1) // 3
"""A 256-bit seed like a room's own (fixed: the set-up, hence the test's length, is known)."""


def real_state(where: str, code: str) -> warkit.GameState:
    """The room's full state, replayed from the store (what the room server holds)."""
    return _full_match(where, code)[0].state


def drive(drivers: dict[int, RoomController], bots: dict, until, deadline: float) -> None:
    """Play the humans' decisions (easy bots on their views) until ``until()`` or the game's
    end (the room server plays the computer and chance)."""
    while not until() and time.monotonic() < deadline:
        for d in drivers.values():
            caught_up(d)
        if drivers[0].state.is_terminal:
            return
        mover = next((d for d in drivers.values() if d.my_turn), None)
        if mover is not None:
            mover.act(bots[mover.seat].choose(mover.view, mover.legal()))
        else:
            time.sleep(0.02)


def download(view: PlayPage, folder: Path, name: str) -> str:
    """What the page's Save button downloads (one click)."""
    with view.page.expect_download(timeout=WAIT) as info:
        view.button("warkit-save").click()
    info.value.save_as(folder / name)
    return (folder / name).read_text(encoding="utf-8")


def test_a_seat_and_a_spectator_keep_every_secret_and_verify_the_dice(browser, rooms_server,
                                                                     tmp_path):
    """Issue 19: Bia's page (her key) and a spectator's (the room's link with its key
    dropped) show the commitment from the start; mid-game their DOM, their widgets, every
    message their kernel sent them (the websocket's frames) and the files their Save
    downloads hold no other seat's hand or objective and no seed; at the end both pages
    reveal the seed and say it verifies, and the spectator's file is the full record, which
    passes ``verify_room``."""
    from warkit_widgets.rooms.fairness import commitment, seed_hex, short_commitment, verify_room

    checks = _rooms_helper("record_checks")
    url, where = rooms_server
    store = open_store(where)
    links = create_room(store, GameConfig(SEATS, "classic", "en"), seed=SECRET_SEED)
    seed = store.room(links.code).seed
    promised = commitment(seed)
    drivers = {s: driver(url, links.credentials[s]) for s in (0, 1)}
    bots = {s: warkit.bots.make("easy", seed=s) for s in (0, 1)}
    frames: dict[int | None, list[str]] = {1: [], None: []}
    with contextlib.ExitStack() as stack:
        pages = {}
        for seat, query in ((1, f"key={links.credentials[1]}&"), (None, "")):
            address = f"{url}?room={links.code}&{query}lang=en"
            page, _, _ = stack.enter_context(open_page(browser, address, ".warkit-lobby",
                                                       frames=frames[seat]))
            pages[seat] = PlayPage(page, 0)
            page.locator(".warkit-speed select").select_option(label="instant", timeout=5_000)
        pages[1].wait_text("warkit-lobby", "you are Bia", WAIT)
        pages[None].wait_text("warkit-room-turn", "This room is full: you are watching", WAIT)
        for view in pages.values():  # the commitment, from the start
            view.wait_text("warkit-room-fairness", short_commitment(promised), WAIT)
            assert promised in view.page.content()

        start = time.monotonic()
        deadline = start + 300  # a guard, not a timing

        def both_drew() -> bool:
            return {0, 1} <= _drawers(where, links.code) and drivers[0].my_turn  # Ana's turn



        drive(drivers, bots, both_drew, deadline)
        assert both_drew(), "no mid-game moment where both humans had drawn a card"
        match, base = _full_match(where, links.code)
        moves = len(match.actions) - base
        for seat, view in pages.items():
            view.wait_text("warkit-room-moves", f"moves in the log: {moves}", WAIT)
            widgets = json.dumps(page_widget_states(view.page), ensure_ascii=False)
            dom = view.page.content()
            heard = "\n".join(frames[seat])
            assert len(frames[seat]) > 10 and "comm_msg" in heard  # the positive control
            for other in (0, 1, 2):
                if other != seat:
                    for words in secret_words(match.state, other):
                        if seat is not None and words in secret_words(match.state, seat):
                            continue  # a card both could name (e.g. a joker's label)
                        for where_seen, text in (("widgets", widgets), ("DOM", dom),
                                                 ("messages", heard)):
                            assert words not in text, (seat, other, where_seen)
            keys = [k for s, k in enumerate(links.credentials) if s != seat]
            for words in (*checks.seed_words(seed), *keys):  # Bia's own key is hers
                for text in (widgets, dom, heard):
                    assert words not in text, seat
            text = download(view, tmp_path, f"mid-{seat}.json")
            checks.assert_record_keeps_secrets(text, match, seat, base)
        mid = time.monotonic() - start

        drive(drivers, bots, lambda: drivers[0].state.is_terminal, deadline)
        assert drivers[0].state.is_terminal, "the game did not end in time"
        for view in pages.values():
            view.wait_text("warkit-room-fairness", "Verified", WAIT)
            assert seed_hex(seed) in view.text_of("warkit-room-fairness")
        pages[None].page.locator('button.warkit-save[title*="whole game"]').wait_for(
            timeout=WAIT)  # the tooltip follows: the file is the whole game now
        full = download(pages[None], tmp_path, "end.json")
        assert verify_room(full, promised) > 0
        assert warkit.loads(full).state == drivers[0].state
        print(f"secrets checked after {mid:.1f} s ({moves} entries, "
              f"{sum(map(len, frames.values()))} frames); game over after "
              f"{time.monotonic() - start:.1f} s")


def _full_match(where: str, code: str) -> tuple[warkit.Match, int]:
    """The room's full match, replayed from the store, and its set-up's length."""
    from warkit_widgets.rooms.room import replay

    store = open_store(where)
    match, actors, problem = replay(store.room(code), store.read(code))
    assert problem is None
    return match, len(match.actions) - len(actors)


def _drawers(where: str, code: str) -> set[int]:
    """The seats that drew a card so far."""
    match, base = _full_match(where, code)
    return {match.states[i].current for i in range(base, len(match.actions))
            if match.actions[i].keyword == "draw"}
