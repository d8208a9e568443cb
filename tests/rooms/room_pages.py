"""Room pages for the tests, through a room server in the same process: a
:class:`~warkit_widgets.rooms.server.core.RoomServer` on the test's store, pages as
:class:`~warkit_widgets.rooms.controller.RoomController` over
:class:`~warkit_widgets.rooms.server.local.LocalClient` (the API's answers, JSON round-tripped),
and the checks that a page's kernel holds no secret of the room."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from warkit_widgets.rooms.controller import RoomController
from warkit_widgets.rooms.server.core import RoomServer
from warkit_widgets.rooms.server.local import LocalClient, LocalRooms

import warkit
from warkit import GameState, Match
from warkit.view import PlayerView

NAMES = [("Ana", "red"), ("Bia", "blue"), ("Caio", "green"), ("Duda", "black")]


def spec(rules: str = "classic", humans: int = 2, players: int = 3, coach: bool = True,
         level: str = "easy") -> dict[str, Any]:
    """A room with ``humans`` human seats first, then computers of ``level``."""
    return {"rules": rules, "lang": "en", "coach": coach, "seats": [
        {"name": n, "color": c, "kind": "human" if i < humans else level}
        for i, (n, c) in enumerate(NAMES[:players])]}


def new_room(server: RoomServer, **options: Any) -> dict[str, Any]:
    """A room on ``server``: its code, the seats' keys and the spectator key."""
    return LocalRooms(server).create(spec(**options))


def page(server: RoomServer, key: str | None, code: str | None = None,
         pace: str = "instant") -> RoomController:
    """A page opened with ``key`` (none: the public side of room ``code``)."""
    return RoomController(LocalClient(server, code, key), pace=pace)


def follow(pages: list[RoomController]) -> None:
    """Each page asks the server for what it has not received and shows it all."""
    for p in pages:
        p.catch_up()
        while p.waiting_on_computer and not p._blitz_due():
            p.advance(budget=1e9)


def real_match(server: RoomServer, code: str) -> Match:
    """The server's full match of the room (what no page may hold)."""
    with server._room(code) as live:
        return live.match


def play_to_the_end(server: RoomServer, code: str, pages: list[RoomController],
                    max_moves: int = 20_000, check: Any = None) -> int:
    """Each human page decides with an easy bot on its own view, the others follow; after
    every move ``check(pages)`` (if given). Returns the moves made."""
    bots = {p.seat: warkit.bots.make("easy", seed=p.seat or 0) for p in pages}
    moves = 0
    follow(pages)
    while not real_match(server, code).state.is_terminal and moves < max_moves:
        mover = next((p for p in pages if p.my_turn), None)
        if mover is None:
            raise AssertionError(f"nobody can move: {[p.step for p in pages]}")
        action = bots[mover.seat].choose(mover.view, mover.legal())
        assert mover.act(action), mover.message
        moves += 1
        follow(pages)
        if check is not None:
            check(pages)
    return moves


def assert_mirror_matches(server: RoomServer, code: str, p: RoomController) -> None:
    """The page's game shows its seat exactly what the room's full state does."""
    real = real_match(server, code)
    assert warkit.view(p.state, p.seat) == warkit.view(real.state, p.seat)


def reachable(root: object, skip: tuple[object, ...] = (), limit: int = 500_000
              ) -> list[object]:
    """Every object ``root`` holds, walked through attributes, containers and dataclass
    fields of the project's objects (not into ``skip``: the in-process client, whose server
    holds the room in this test's process; a page's real client holds an address and a
    key)."""
    seen: dict[int, object] = {id(s): s for s in skip}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or (callable(obj) and not hasattr(obj, "__dict__")):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, (str, bytes, int, float, bool, type(None), enum.Enum)):
            continue
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)) or type(obj).__name__ == "deque":
            todo.extend(obj)
        elif dataclasses.is_dataclass(obj):
            todo.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        elif hasattr(obj, "__dict__") and type(obj).__module__.split(".")[0] in (
                "warkit", "warkit_widgets"):
            todo.extend(vars(obj).values())
    return list(seen.values())


def assert_holds_no_secret(p: RoomController, real: Match) -> None:
    """Nothing the page's controller holds is the room's seed (as a number or its digits),
    another seat's objective, or a state or view with another seat's objective; every
    mirror state gives the other seats' objectives as unknown (``None``)."""
    seed = real.seed
    assert seed is not None
    words = {str(seed), f"{seed:064x}", f"{seed:x}"}
    for obj in reachable(p, skip=(p.client,)):
        if isinstance(obj, int) and not isinstance(obj, bool):
            assert obj != seed, "the room's seed in the page's kernel"
        elif isinstance(obj, str):
            assert not any(w in obj for w in words), "the seed's digits in the page's kernel"
        elif isinstance(obj, GameState):
            for s, objective in enumerate(obj.objective_cards):
                if s != p.seat:
                    assert objective is None, f"seat {s}'s objective in the page's mirror"
        elif isinstance(obj, PlayerView):
            assert obj.player == p.seat or obj.objective is None
