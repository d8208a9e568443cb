"""The replay in the dashboard: watch the game on screen, a saved file or a finished room's
record move by move (:class:`~warkit_widgets.replay.ReplayWidget`), and continue a new game
from any move with the same or other players (:func:`fork`).

The dashboard's translated log comes with it (:func:`translated_log`); the secrets shown
before the end are those of the seat who saved the game (the one human of a game against
computers, or the page's own seat in a room), nobody's in a hot-seat game.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from functools import lru_cache
from html import escape

import ipywidgets as w

from warkit import Match

from ..i18n import normalize_lang
from ..replay import ReplayWidget
from ..replay_model import Replay
from .config import BOT_LEVELS, HUMAN, SEAT_KINDS, Seat
from .controller import GameController
from .log import LogEvent, events, log_html, turn_header
from .messages import tr
from .saves import MAX_UPLOAD, LoadProblem, load_game


@lru_cache(maxsize=4)
def _entries(match: Match, length: int) -> tuple[LogEvent, ...]:
    """Every log line of the first ``length`` actions (turn headers included), made once
    per record (a replay asks at every move)."""
    out: list[LogEvent] = []
    states = match.states
    for i in range(length):
        before, after = states[i], states[i + 1]
        out.extend(events(before, match.actions[i], after, i))
        if after.turn != before.turn and not after.is_terminal:
            out.append(turn_header(after, i))
    return tuple(out)


def translated_log(match: Match, upto: int, lang: str, names: Sequence[str]) -> str:
    """The dashboard's log (pt or en) of the first ``upto`` actions, newest first."""
    shown = [e for e in _entries(match, len(match.actions)) if e.index < upto]
    return log_html(shown, lang, names, match.states[0].colors, limit=60)


def saver_of(seats: Sequence[Seat]) -> int | None:
    """Whose secrets a replay shows before the end: the only human seat, if one."""
    humans = [i for i, s in enumerate(seats) if s.is_human]
    return humans[0] if len(humans) == 1 else None


def viewer_of(game: GameController) -> int | None:
    """Whose secrets the replay of a game on screen may show before its end: a room page's
    own seat (``seat``; ``None`` for a spectator), else the one human against computers."""
    if hasattr(game, "seat"):  # a room (warkit_widgets.rooms.room.RoomController)
        seat = game.seat
        return seat if isinstance(seat, int) else None
    return saver_of(game.seats)


def fork(replay: Replay, seats: Sequence[Seat], *, lang: str = "pt", pace: str = "normal",
         seed: int | None = None, **options: object) -> GameController:
    """A new game from the replay's position, with ``seats`` (the same colours, any kinds):
    the record up to there, then fresh luck (a new seed, unless given)."""
    cut = replay.fork_point()
    cut.seed = secrets.randbits(63) if seed is None else seed
    cut.meta = {}
    return GameController(cut, seats, lang=lang, pace=pace, **options)  # type: ignore[arg-type]


class ReplayPanel(w.VBox):
    """The dashboard's replay screen: the replay, "continue from here" with a choice of
    players, an upload to watch a saved file, and "back to the game"."""

    def __init__(self, *, lang: str, on_close: Callable[[], object],
                 on_fork: Callable[[GameController], object],
                 guard: Callable[[Callable], Callable] = lambda f: f) -> None:
        self._lang = normalize_lang(lang)
        self.on_close, self.on_fork_game, self._guard = on_close, on_fork, guard
        self.widget: ReplayWidget | None = None
        self.seats: tuple[Seat, ...] = ()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False,
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("warkit-replay-upload")
        self.upload.observe(guard(self._uploaded), "value")
        self.close_button = w.Button(icon="arrow-left", layout=w.Layout(width="auto"))
        self.close_button.add_class("warkit-replay-close")
        self.close_button.on_click(guard(lambda _: self.on_close()))
        self.notice = w.HTML()
        self.notice.add_class("warkit-replay-notice")
        self.fork_allowed = True
        """False for an online game still running: a new game from one of its moves would hold
        every seat's hand and objective on this page (the room's secrets)."""
        self.title = w.HTML()
        self.box = w.VBox()
        self.fork_title = w.HTML()
        self.kinds: list[w.Dropdown] = []
        self.fork_rows = w.VBox()
        self.fork_start = w.Button(button_style="success", icon="play",
                                   layout=w.Layout(width="auto"))
        self.fork_start.add_class("warkit-fork-start")
        self.fork_start.on_click(guard(lambda _: self.start_fork()))
        self.fork_cancel = w.Button(layout=w.Layout(width="auto"))
        self.fork_cancel.on_click(guard(lambda _: self._hide_fork()))
        self.fork_form = w.VBox([self.fork_title, self.fork_rows,
                                 w.HBox([self.fork_start, self.fork_cancel])],
                                layout=w.Layout(display="none"))
        self.fork_form.add_class("warkit-fork-form")
        super().__init__([w.HBox([self.title, self.close_button, self.upload],
                                 layout=w.Layout(align_items="center", grid_gap="8px")),
                          self.notice, self.fork_form, self.box])
        self.add_class("warkit-replay-panel")
        self.relabel()

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        if self.widget is not None:
            self.widget.lang = self._lang
        self.relabel()

    def relabel(self) -> None:
        lang = self._lang
        self.title.value = f"<h3>{escape(tr('replay.title', lang))}</h3>"
        self.close_button.description = tr("replay.close", lang)
        self.upload.description = tr("replay.file", lang)
        self.fork_start.description = tr("replay.fork.start", lang)
        self.fork_cancel.description = tr("replay.fork.cancel", lang)
        options = [(tr(f"setup.kind.{k}", lang), k) for k in (HUMAN, *BOT_LEVELS)]
        for dropdown in self.kinds:
            value = dropdown.value
            dropdown.options = options
            dropdown.value = value

    # -- what is replayed --------------------------------------------------------------------
    def show(self, match: Match, seats: Sequence[Seat], viewer: int | None,
             start: int | None = None) -> ReplayWidget:
        """Replay ``match`` (``seats``: its players; ``viewer``: whose secrets show)."""
        if self.widget is not None:
            self.widget.close()
        self.seats = tuple(seats)
        self.widget = ReplayWidget(match, names=[s.name for s in seats], viewer=viewer,
                                   lang=self._lang, log=translated_log, on_fork=self.ask_fork,
                                   start=start)
        self.box.children = (self.widget,)
        self.notice.value = ""
        self._hide_fork()
        return self.widget

    def show_nothing(self) -> None:
        self.notice.value = f"<i>{escape(tr('replay.none', self._lang))}</i>"

    def load_bytes(self, data: bytes) -> bool:
        """Watch a saved game's file (validated as loading it would be)."""
        try:
            game = load_game(data, lang=self._lang)
        except LoadProblem as exc:
            self.notice.value = escape(exc.text(self._lang))
            return False
        self.show(game.match, game.seats, saver_of(game.seats))
        return True

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        try:
            item = files[0]
            if item["size"] > MAX_UPLOAD:
                self.notice.value = escape(LoadProblem("play.too_big", size=item["size"],
                                                       limit=MAX_UPLOAD).text(self._lang))
            else:
                self.load_bytes(bytes(item["content"]))
        finally:
            self.upload.value = ()

    # -- continue from here ------------------------------------------------------------------
    def ask_fork(self, replay: Replay) -> None:
        """"Continue from here": choose who plays each seat (the same players by default)."""
        replay.pause()
        if not self.fork_allowed:
            self.notice.value = escape(tr("replay.fork.online", self._lang))
            return
        if replay.index < replay.first_dealt:
            self.notice.value = escape(tr("replay.fork.early", self._lang))
            return
        lang = self._lang
        options = [(tr(f"setup.kind.{k}", lang), k) for k in (HUMAN, *BOT_LEVELS)]
        self.kinds = []
        rows = []
        for i, seat in enumerate(self.seats):
            kind = seat.kind if seat.kind in SEAT_KINDS and seat.kind != "random" else "normal"
            dropdown = w.Dropdown(options=options, value=kind, description=seat.name,
                                  layout=w.Layout(width="auto"))
            dropdown.add_class(f"warkit-fork-seat-{i}")
            self.kinds.append(dropdown)
            rows.append(dropdown)
        self.fork_rows.children = rows
        self.fork_title.value = f"<b>{escape(tr('replay.fork.title', lang, move=replay.index))}</b>"
        self.fork_form.layout.display = None

    def start_fork(self, kinds: Sequence[str] | None = None) -> GameController | None:
        """Start the new game from the replay's position (``kinds``: each seat's, default
        the form's choice)."""
        if self.widget is None or not self.fork_allowed:
            return None
        chosen = list(kinds) if kinds is not None else [d.value for d in self.kinds]
        seats = tuple(Seat(s.name, s.color, k) for s, k in zip(self.seats, chosen, strict=True))
        game = fork(self.widget.replay, seats, lang=self._lang)
        self._hide_fork()
        self.on_fork_game(game)
        return game

    def _hide_fork(self) -> None:
        self.fork_form.layout.display = "none"

    def close_replay(self) -> None:
        """Stop the replay (its timer) and forget it."""
        if self.widget is not None:
            self.widget.close()
            self.widget = None
        self.box.children = ()


__all__ = ["ReplayPanel", "fork", "saver_of", "translated_log", "viewer_of"]
