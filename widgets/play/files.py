"""Saving and loading in the dashboard: a one-click download, a load that asks before it
replaces a running game, and a banner that goes away.

:class:`GameFiles` holds the header's Save and Load buttons, the download link, the
"replace the game?" question and the :class:`Banner`; the app gives it the running game
(``current()``), whether that game is on screen (``running()``) and what to do with a loaded
one (``replace(game)``). Files are read with :func:`warkit_widgets.play.saves.load_game`, so a bad
file is explained in the player's language and the running game stays as it was.

The download: the Save button puts a ``data:`` link in the page and a one-pixel image whose
``onerror`` clicks it (an HTML widget sets ``innerHTML``, which runs such handlers), so the
file downloads at once; the link stays a few seconds for a browser that blocks that, then
is withdrawn: the file holds every secret of the game. What Save gives is the game's own
choice (:meth:`~.controller.GameController.save_file`): the whole match here, only the
seat's own record on a running online room's page, which also loads no file.
"""

from __future__ import annotations

import base64
import itertools
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..html import message_html
from ..i18n import normalize_lang
from .messages import tr
from .saves import MAX_UPLOAD, Autosave, LoadProblem, dump_game, file_name, load_game

if TYPE_CHECKING:
    from .controller import GameController

Schedule = Callable[[float, Callable[[], None]], Any]
LINK_SECONDS = 30.0
"""How long the download link stays in the page."""
BANNER_SECONDS = {"ok": 6.0, "info": 8.0, "refused": 15.0}
"""How long a notice stays, by kind (the close button hides it sooner)."""

FILES_STYLE = """<style>
.warkit-load{font-size:0 !important}
.warkit-load::after{content:attr(title);font-size:var(--jp-widgets-font-size,13px)}
.warkit-load i{font-size:var(--jp-widgets-font-size,13px);margin-right:4px}
.warkit-banner{align-items:center;gap:6px}
.warkit-banner .widget-html{flex:1 1 auto;min-width:0}
.warkit-banner-close{width:auto;min-width:2.2em}
.warkit-confirm{border:2px solid #e0a800;border-radius:6px;padding:4px 8px;background:#fff8dc;
 align-items:center;gap:6px;flex-wrap:wrap}
.wk-download{margin-left:6px}
</style>"""


class Banner(w.HBox):
    """A notice with a close button that hides itself after a while (:data:`BANNER_SECONDS`)."""

    def __init__(self, schedule: Schedule, lang: str = "pt") -> None:
        self.schedule = schedule
        self._timer: Any = None
        self._parts: tuple[w.HTML, w.Button] | None = None  # made at the first notice
        super().__init__(layout=w.Layout(display="none"))
        self.add_class("warkit-banner")
        self.lang = lang

    def _made(self) -> tuple[w.HTML, w.Button]:
        if self._parts is None:
            text = w.HTML()
            text.add_class("warkit-notice")
            close = w.Button(description="×", layout=w.Layout(width="auto"),
                             tooltip=tr("files.close", self._lang))
            close.add_class("warkit-banner-close")
            close.on_click(lambda _: self.hide())
            self._parts = (text, close)
            self.children = self._parts
        return self._parts

    @property
    def text(self) -> w.HTML:
        return self._made()[0]

    @property
    def close_button(self) -> w.Button:
        return self._made()[1]

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        if self._parts is not None:
            self._parts[1].tooltip = tr("files.close", self._lang)

    @property
    def value(self) -> str:
        """The notice's HTML ("" when hidden)."""
        return self._parts[0].value if self._parts is not None else ""

    def show(self, text: str, kind: str = "info", seconds: float | None = None) -> None:
        """Show ``text`` (empty: hide) for ``seconds`` (default: by ``kind``)."""
        if not text:
            self.hide()
            return
        self.text.value = message_html(text, kind)
        self.layout.display = None
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.schedule(seconds or BANNER_SECONDS.get(kind, 8.0), self._expire)

    def hide(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        if self._parts is not None:
            self._parts[0].value = ""
        self.layout.display = "none"

    def _expire(self) -> None:
        self._timer = None
        self.hide()


class GameFiles:
    """Save, load and their notices for the dashboard (see the module docstring)."""

    def __init__(self, *, schedule: Schedule, autosave: Autosave,
                 current: Callable[[], GameController | None], running: Callable[[], bool],
                 replace: Callable[[GameController], object],
                 guard: Callable[[Callable], Callable] = lambda f: f, lang: str = "pt") -> None:
        self.schedule, self.autosave = schedule, autosave
        self.current, self.running, self.replace = current, running, replace
        self._lang = normalize_lang(lang)
        self._link_timer: Any = None
        self._nonce = itertools.count(1)
        self.pending: tuple[str, GameController] | None = None
        """A loaded game waiting for the player's answer (file name, game)."""
        self.save_button = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.save_button.add_class("warkit-save")
        self.save_button.on_click(guard(lambda _: self.save()))
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False,
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("warkit-load")
        self.upload.observe(guard(self._uploaded), "value")
        self.download = w.HTML()
        self.download.add_class("warkit-download")
        self.banner = Banner(schedule, self._lang)
        self._guard = guard
        self._question: tuple[w.HTML, w.Button, w.Button] | None = None  # made when asked
        self.confirm = w.HBox(layout=w.Layout(display="none"))
        self.confirm.add_class("warkit-confirm")
        self.relabel()

    def _asking(self) -> tuple[w.HTML, w.Button, w.Button]:
        """The question's text and its two buttons (made the first time a load asks)."""
        if self._question is None:
            replace = w.Button(button_style="warning", layout=w.Layout(width="auto"))
            replace.add_class("warkit-confirm-load")
            replace.on_click(self._guard(lambda _: self.confirm_load()))
            keep = w.Button(layout=w.Layout(width="auto"))
            keep.add_class("warkit-keep-game")
            keep.on_click(self._guard(lambda _: self.cancel_load()))
            self._question = (w.HTML(), replace, keep)
            self.confirm.children = self._question
            self._label_question()
        return self._question

    @property
    def question(self) -> w.HTML:
        return self._asking()[0]

    @property
    def replace_button(self) -> w.Button:
        return self._asking()[1]

    @property
    def keep_button(self) -> w.Button:
        return self._asking()[2]

    def _label_question(self) -> None:
        if self._question is not None:
            self._question[1].description = tr("files.replace", self._lang)
            self._question[2].description = tr("files.keep", self._lang)

    # -- language -----------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self.banner.lang = self._lang
        self.relabel()

    def relabel(self) -> None:
        lang = self._lang
        game = self.current()
        with self.save_button.hold_sync():  # one message per button
            self.save_button.description = tr("play.save", lang)
            self.save_button.tooltip = (game.save_tip(lang) if game is not None
                                        else tr("files.save_tip", lang))
            self.save_button.disabled = game is None
        with self.upload.hold_sync():
            self.upload.disabled = game is not None and game.online
            self.upload.description = tr("play.load", lang)
            self.upload.tooltip = tr("play.load", lang)  # shown instead of "(0)": FILES_STYLE
        self._label_question()
        if self.pending is not None:
            self._ask(*self.pending)

    # -- saving -------------------------------------------------------------------------------
    def save(self) -> str | None:
        """Download the game now (one click; see the module docstring); its text."""
        game = self.current()
        if game is None:
            return None
        saved = game.save_file(self._lang)
        if saved is None:  # the whole match (a game on this device)
            whole = file_name(game)
            saved = whole, dump_game(game), tr("files.saved", self._lang, file=whole)
        plain_name, text, said = saved
        name = escape(plain_name)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = escape(tr("play.download", self._lang, file=plain_name))
        self.download.value = (
            f'<a class="wk-download" data-save="{next(self._nonce)}" download="{name}" '
            f'href="data:application/json;base64,{data}">⬇ {label}</a>'
            '<img alt="" src="data:," style="display:none" '
            'onerror="this.previousElementSibling.click();this.remove()">')
        self.notice(said, "ok")
        if self._link_timer is not None:
            self._link_timer.cancel()
        self._link_timer = self.schedule(LINK_SECONDS, self.withdraw_download)
        return text

    def withdraw_download(self) -> None:
        """Take the download link (every secret of the game) out of the page."""
        if self._link_timer is not None:
            self._link_timer.cancel()
        self._link_timer = None
        self.download.value = ""

    # -- loading ------------------------------------------------------------------------------
    def load_bytes(self, name: str, data: bytes) -> bool:
        """Load a saved game's bytes: at once if no game is running (``True``), else after the
        player says so (:meth:`confirm_load`); a bad file only gets its notice. A room's page
        loads nothing (a file cannot replace the room's game, nor show its secrets)."""
        running = self.current()
        if running is not None and running.online:
            self.notice(tr("files.not_in_room", self._lang), "refused")
            return False
        try:
            game = load_game(data, autosave=self.autosave, lang=self._lang)
        except LoadProblem as exc:
            self.notice(exc.text(self._lang), "refused")
            return False
        if self.running():
            self.pending = (name, game)
            self._ask(name, game)
            return False
        self._install(name, game)
        return True

    def confirm_load(self) -> bool:
        """The player said yes: the loaded game replaces the running one (which stays
        autosaved, under "games in progress")."""
        if self.pending is None:
            return False
        name, game = self.pending
        self.pending = None
        self.confirm.layout.display = "none"
        self._install(name, game)
        return True

    def cancel_load(self) -> None:
        """The player keeps the running game; the loaded one is dropped."""
        self.pending = None
        self.confirm.layout.display = "none"
        self.notice(tr("files.kept", self._lang), "info")

    def _install(self, name: str, game: GameController) -> None:
        self.autosave.claim(game.game_id)
        self.replace(game)
        self.notice(tr("play.loaded", self._lang, file=name), "ok")

    def _ask(self, name: str, game: GameController) -> None:
        running = self.current()
        who = ", ".join(s.name for s in running.seats) if running else ""
        turn = running.state.turn if running else 0
        key = "files.ask" if self.autosave.enabled else "files.ask_unsaved"
        self.question.value = message_html(tr(key, self._lang, file=name, players=who,
                                              turn=turn), "info")
        self.confirm.layout.display = None

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        try:
            if item["size"] > MAX_UPLOAD:
                self.notice(LoadProblem("play.too_big", size=item["size"],
                                        limit=MAX_UPLOAD).text(self._lang), "refused")
            else:
                self.load_bytes(str(item["name"]), bytes(item["content"]))
        finally:
            self.upload.value = ()  # the file's text does not stay in the page

    def notice(self, text: str, kind: str = "info") -> None:
        self.banner.show(text, kind)
