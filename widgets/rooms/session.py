"""A room on the dashboard's page: the lobby panel and the wiring of a room into
the game's page (:class:`~warkit_widgets.play.online.RoomPage`: its controller, the live-update
thread, the lobby), all through the room server (:mod:`.server.service`): the page's kernel
holds the room server's address and its own key, nothing else.

A page becomes a room's page in three ways: the host presses "Play online" on the new-game
form (:func:`host_room`), a player opens their seat's link ``?room=CODE&key=SECRET``, or
someone opens ``?room=CODE`` (a link without its key) and watches, as the spectator link
does (:func:`open_from_address`): a seat is only ever opened by its own invitation key.

Every page shows the room's commitment (sha256 of its seed) from the start; when the game
ends it shows the seed and whether every roll and draw came from it
(:func:`~.fairness.verify_room`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..html import message_html
from ..i18n import color_name
from ..play.config import GameConfig, Step
from ..play.page.voila import kernel_loop
from .chat import QuickMessages
from .controller import RoomController, RoomShown
from .fairness import UnfairRecord, seed_hex, short_commitment, verify_room
from .follower import RoomFollower
from .heartbeat import GONE_AFTER, Heartbeat
from .invite import InviteLink, RoomLinks
from .lan import lan_address
from .messages import tr
from .server.client import RoomServerError
from .server.service import RoomService
from .timer_panel import TimerPanel, timed_out_note

if TYPE_CHECKING:
    from ..play.online import RoomPage


def seat_state(room: RoomShown, seat: int, now: float, lang: str) -> str:
    """Words for a seat in the lobby: a computer, here, away for some time, not joined."""
    info = room.seats[seat]
    said = info.presence
    if said == "computer":
        return tr(f"setup.kind.{info.kind}", lang)  # "computer (easy)"...
    if said == "not_joined":
        return tr("room.not_joined", lang)
    if said == "here":
        return tr("room.here", lang)
    return tr("room.away", lang, seconds=int(now - (info.seen or info.joined or now)))


def pending_text(game: RoomController, lang: str) -> tuple[str, str]:
    """Who the room waits for, said to this page: (text, kind)."""
    seat = game.pending_seat()
    if seat is None:
        return "", "info"
    name = game.player_text(seat)
    if seat == game.seat:
        key = "room.your_reaction" if game.step is Step.REACT else "room.your_move"
        return tr(key, lang, name=name), "ok"
    return tr("room.waiting", lang, name=name), "info"


class LobbyPanel(w.VBox):
    """Who has joined the room, whose move it is, the links to share and, for a seat gone
    too long, a button handing it to a computer.

    Links (each with a copy button, :class:`~.invite.InviteLink`): the host's page offers
    each human seat's invitation until that seat's player joins - then it is withdrawn from
    the page's widgets, so a seat's key is never on another player's screen once it is in
    use; every page offers the spectator link (public information only) and its own
    personal link (to come back to the seat from another device)."""

    def __init__(self, on_hand_over: Callable[[int], object]) -> None:
        self.on_hand_over = on_hand_over
        self.lan_host = lan_address()
        """Where friends reach this server (``make play-lan``), for links opened at localhost."""
        self.head = w.HTML()
        self.fairness = w.HTML()
        self.fairness.add_class("warkit-room-fairness")
        self._verdict: tuple[int, str, str] | None = None
        """Once the game ended, :func:`verify_room`'s verdict: (moves, kind, count or why)."""
        self.turn = w.HTML()
        self.turn.add_class("warkit-room-turn")
        self.seats = w.HTML()
        self.seats.add_class("warkit-room-seats")
        self.invites: dict[int, InviteLink] = {}
        self.watch_link = InviteLink()
        self.watch_link.add_class("warkit-room-watch")
        self.my_link = InviteLink()
        self.my_link.add_class("warkit-room-mine")
        self.links = w.VBox([self.my_link, self.watch_link])
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._buttons_key: tuple = ()
        super().__init__([self.head, self.fairness, self.turn, self.seats, self.links,
                          self.buttons])
        self.add_class("warkit-lobby")

    def show(self, room: RoomShown, lang: str, *, me: int | None, game: RoomController | None,
             links: RoomLinks | None = None, my_link: str | None = None,
             watch: str | None = None) -> None:
        now = time.time()
        who = (tr("room.you", lang, name=room.seats[me].name) if me is not None
               else tr("room.spectator", lang) if game is not None else "")
        moves = ("" if game is None else ' · <span class="warkit-room-moves">'
                 f"{escape(tr('room.moves', lang, n=game.seq))}</span>")
        self.head.value = (f"<b>{escape(tr('room.title', lang, code=room.code))}</b> · "
                           f"{escape(who)}{moves}")
        text, kind = pending_text(game, lang) if game is not None else ("", "info")
        note = ""
        if game is not None and game.seat is None and not game.state.is_terminal:
            full = all(not s.is_human or s.joined is not None for s in room.seats)
            note = message_html(tr("room.full" if full else "room.watch_no_key", lang))
        self.turn.value = note + (message_html(text, kind) if text else "")
        self.fairness.value = self._fairness(game, lang) if game is not None else ""
        rows = [f"<li><b>{escape(seat.name)}</b> ({escape(color_name(seat.color, lang))})"
                f": {escape(seat_state(room, seat.seat, now, lang))}</li>"
                for seat in room.seats]
        waiting = [] if links is None else [s.seat for s in room.seats
                                            if s.is_human and s.joined is None and s.seat != me]
        note = f"<p>{escape(tr('room.links', lang))}</p>" if waiting else ""
        self.seats.value = f"<ul>{''.join(rows)}</ul>{note}"
        self._show_links(room, lang, links, waiting, my_link, watch if game else None)
        self._show_buttons(room, lang, me, game)

    def _fairness(self, game: RoomController, lang: str) -> str:
        """The commitment (short, the whole value copyable); after the game, the seed and
        whether the record verifies (checked once)."""
        full = game.commitment
        short = (f'<code class="warkit-room-commitment" title="{full}">'
                 f"{escape(short_commitment(full))}</code> "
                 f'<details style="display:inline"><summary>{escape(tr("room.full_value", lang))}'
                 f'</summary><code style="user-select:all;word-break:break-all">{full}</code>'
                 "</details>")
        line = f"{escape(tr('room.commitment', lang))} {short}"
        if not game.state.is_terminal:
            return f"<div>{line}</div>"
        if self._verdict is None or self._verdict[0] != game.seq:
            try:
                self._verdict = (game.seq, "ok", str(verify_room(game.match, full)))
            except UnfairRecord as exc:
                self._verdict = (game.seq, "refused", str(exc))
        _, kind, said = self._verdict
        verdict = (tr("room.verified", lang, count=said) if kind == "ok"
                   else tr("room.not_verified", lang, error=said))
        seed = (f'{escape(tr("room.seed", lang))} <code class="warkit-room-seed" '
                f'style="user-select:all;word-break:break-all">{seed_hex(game.match.seed or 0)}'
                "</code>")
        return f"<div>{line}</div><div>{seed}</div>" + message_html(verdict, kind)

    def _show_links(self, room: RoomShown, lang: str, links: RoomLinks | None,
                    waiting: list[int], my_link: str | None, watch: str | None) -> None:
        texts = {"copy": tr("room.copy", lang), "copied": tr("room.copied", lang),
                 "warning": tr("room.localhost", lang), "lan_host": self.lan_host,
                 "qr_title": tr("room.qr", lang)}
        for seat in waiting:
            if seat not in self.invites:
                self.invites[seat] = InviteLink()
                self.invites[seat].add_class("warkit-room-invite")
                self.links.children = (*self.invites.values(), self.my_link, self.watch_link)
        for seat, invite in self.invites.items():  # a joined seat's key leaves the page
            url = (links.link("", links.credentials[seat], lang)
                   if seat in waiting and links is not None else "")
            invite.show(url, tr("room.invite", lang, name=room.seats[seat].name), **texts)
        self.my_link.show(my_link or "", tr("room.my_link", lang), **texts)
        url = f"?room={room.code}&key={watch}&lang={lang}" if watch else ""
        self.watch_link.show(url, tr("room.spectator_link", lang), **texts)

    def _show_buttons(self, room: RoomShown, lang: str, me: int | None,
                      game: RoomController | None) -> None:
        offers: list[int] = []
        if game is not None and me is not None and not game.state.is_terminal:
            offers = [s.seat for s in room.seats if s.seat != me and s.absent]
        key = (tuple(offers), lang)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        buttons = []
        for seat in offers:
            label = tr("room.hand_over", lang, name=room.seats[seat].name)
            button = w.Button(description=label, layout=w.Layout(width="auto"))
            button.add_class("warkit-room-hand")
            button.on_click(lambda _, seat=seat: self.on_hand_over(seat))
            buttons.append(button)
        self.buttons.children = buttons


class RoomSession:
    """A page's part in a room: its controller, the thread following the room server, and
    the lobby. ``key`` opens a seat (or the spectator side); without it, ``code`` opens the
    room's public side."""

    def __init__(self, app: RoomPage, service: RoomService, *, code: str | None = None,
                 key: str | None = None, links: RoomLinks | None = None,
                 post: Callable[[Callable[[], object]], Any] | None = None) -> None:
        self.app, self.links = app, links
        self.client = service.open(code, key)  # RoomServerError: no such room, a bad key
        self.code = self.client.code
        self.post = post or kernel_loop().call_soon_threadsafe
        self.lobby = LobbyPanel(on_hand_over=app.reporter.guard(self.hand_over))
        answer = self.client.state(0)
        self.room = RoomShown.from_answer(answer)
        self.key = key or self.room.watch  # the room's code without a key: watch it
        if self.key is None:
            raise RoomServerError(f"room {self.code!r} has no spectator link", 404)
        if key is None:
            self.client = service.open(self.code, self.key)
        app.show_room_panel(self.lobby)
        app.enter_room(self)
        # the address bar opens this seat again (a reload, a bookmark: the host's page and a
        # spectator opened by the room's code had no key in their address)
        app.set_address(f"?room={self.code}&key={self.key}&lang={app.lang}")
        self.game: RoomController | None = RoomController(self.client, answer, lang=app.lang,
                                                          pace=app.pace)
        me = self.game.seat
        if me is not None and not self.room.seats[me].is_human:
            # this seat's player is back: the computer that played it while away stops
            self.game.receive(self.client.take_back(self.game.seq_read))
        self.answer = answer
        """The room server's last answer (its messages, its timer's deadline)."""
        self.chat = QuickMessages(self.say, lang=app.lang)
        self.countdown = TimerPanel()
        self.timeouts = w.HTML()
        self.timeouts.add_class("warkit-room-timeouts")
        parts = list(self.lobby.children)
        parts[parts.index(self.lobby.turn) + 1:1] = [self.countdown.widget, self.timeouts]
        parts.append(self.chat.widget)
        # the seat is here while this page is open in a browser; a spectator's ticks only
        # say the page is still open (both stop following the room when they stop)
        self.heartbeat = Heartbeat(self.client.beat if me is not None else None)
        parts.append(self.heartbeat.widget)
        self.lobby.children = tuple(parts)
        app.set_game(self.game)
        self.game.subscribe(app.reporter.guard(self._game_changed))
        self.follower = RoomFollower(self.client, known=self._known,
                                     on_answer=app.reporter.guard(self.on_answer),
                                     on_trouble=app.reporter.guard(self.on_trouble),
                                     post=self.post,
                                     open_in_browser=self.open_in_browser).start()
        self._show_turn()

    def _game_changed(self, aspects: frozenset[str]) -> None:
        if "state" in aspects or "lang" in aspects:
            self._show_turn()  # whose move it is, after every move (this page's too)

    def open_in_browser(self) -> bool:
        """Is this page still open in a browser (a tick of its heartbeat within
        :data:`~.heartbeat.GONE_AFTER` seconds)? When not, the page stops following the
        room, so the kernel of a tab closed without Voilà's beacon falls idle and is culled."""
        return self.heartbeat.heard_within(GONE_AFTER)

    def _known(self) -> tuple[int, int]:
        game = self.game
        return (game.version, game.seq_read) if game is not None else (-1, 0)

    def on_answer(self, answer: dict[str, Any]) -> None:
        """The room server's answer: the others' moves, shown one by one at the page's pace
        by its timer (the map, the log and the dice follow, as for a computer's moves), and
        the lobby again (who is here)."""
        game = self.game
        if game is None:
            return
        if answer.get("back"):  # the server answers again after a break
            self.app.notice_text("", "info")
        self.answer = answer
        game.receive(answer)
        self.room = game.room
        if game.waiting_on_computer:
            self.app.kick_computers()
        self._show_turn()

    def on_trouble(self, exc: RoomServerError) -> None:
        """The room server cannot be reached (or refused the page's key): said on the page
        in its language; the follower keeps trying."""
        lang = self.app.lang
        text = tr("room.server_lost", lang) if exc.status in (0, 503) else str(exc)
        self.app.notice_text(text, "refused")

    def _show_turn(self) -> None:
        game = self.game
        me = game.seat if game else None
        lang = self.app.lang
        mine = f"?room={self.code}&key={self.key}&lang={lang}" if me is not None else None
        self.lobby.show(self.room, lang, me=me, game=game, links=self.links, my_link=mine,
                        watch=self.room.watch)
        self._show_table(lang, me)

    def _show_table(self, lang: str, me: int | None) -> None:
        """The room's quick messages, the turn timer's countdown and who timed out."""
        answer, seats = self.answer, self.room.seats
        names = [s.name for s in seats]
        self.chat.show(answer.get("messages", []), lang, names=names,
                       mode=answer.get("chat"), speaking=me is not None)
        decider = answer.get("decider")
        name = names[decider] if isinstance(decider, int) and 0 <= decider < len(names) else ""
        self.countdown.show(answer.get("deadline"), name, decider == me, lang)
        late = [names[s["seat"]] for s in answer.get("seats", []) if s.get("timed_out")]
        self.timeouts.value = "".join(
            f"<div>{escape(n)}: {escape(timed_out_note(lang))}</div>" for n in late)

    def say(self, preset: str | None, text: str | None) -> None:
        """Send a quick message (the chat's buttons); a refusal is raised to the chat, which
        says it under its box."""
        game = self.game
        self.on_answer(self.client.say(preset, text, game.seq_read if game else 0))

    def hand_over(self, seat: int) -> None:
        """Hand an absent seat to a computer (the room server plays it from now on)."""
        game = self.game
        if game is None or game.seat is None:
            return  # a spectator holds no seat, so no say in the room
        try:
            answer = self.client.hand_over(seat, game.seq_read)
        except RoomServerError as exc:
            self.app.notice_text(str(exc), "refused")
            return
        self.on_answer(answer)

    def stop(self) -> None:
        self.follower.stop()
        self.heartbeat.close()
        self.lobby.layout.display = "none"


def host_room(app: RoomPage, config: GameConfig, service: RoomService) -> RoomSession:
    """"Play online": a new room for the form's answers, made by the room server (which
    draws its seed: the form's seed is ignored); this page takes the first human seat and
    shows the others' links."""
    host = next((i for i, s in enumerate(config.seats) if s.is_human), None)
    if host is None:
        raise ValueError("a room needs at least one human seat")
    made = service.create({
        "rules": config.rules, "lang": config.lang, "coach": config.coach,
        "chat": config.chat, "timer": config.timer,
        "seats": [{"name": s.name, "color": s.color, "kind": s.kind} for s in config.seats]})
    links = RoomLinks(made["code"], tuple(made["keys"]), made["spectator"])
    return RoomSession(app, service, key=links.credentials[host], links=links)


def open_from_address(app: RoomPage, service: RoomService) -> RoomSession | None:
    """The room of the page's address (``?room=CODE[&key=SECRET]``), if any; a bad key or
    an unknown code is said in the player's language and changes nothing."""
    code, key = app.address.value("room"), app.address.value("key")
    if not code and not key:
        return None
    code = (code or "").strip().upper()
    try:
        if key:
            return RoomSession(app, service, key=key)
        return RoomSession(app, service, code=code)
    except RoomServerError as exc:
        if exc.status in (0, 503):
            text = tr("room.server_lost", app.lang)
        elif key:
            text = tr("room.bad_link", app.lang)
        else:
            text = tr("room.unknown", app.lang, code=code)
        app.notice_text(text, "refused")
        return None
