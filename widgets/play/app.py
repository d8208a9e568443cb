"""The playable dashboard of ``notebooks/play.ipynb``: a thin ipywidgets view over a game.

:class:`PlayApp` shows the new-game form, then the game: the map
(:class:`~warkit_widgets.mapwidget.MapWidget`), an action bar that follows the
:class:`~warkit_widgets.play.controller.Step`, the players, the viewer's secret
objective and cards (:class:`~warkit_widgets.hand.HandWidget`), the dice, the
live odds of the selected attack, SMART options, the log, the pass-the-device
and victory screens, save / load and the language. Every decision goes
through the :class:`~warkit_widgets.play.controller.GameController`; widgets
only ever receive the viewer's :func:`warkit.view`.

Computers play from a :class:`Ticker` in the kernel's event loop: one paced
step per callback, so clicks are handled between their moves.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from warkit import Action, Attack, EndPhase, Occupy, PlayerView
from warkit.rules.terms import MAP_MODES

from ..html import message_html
from ..i18n import lang_from_env, normalize_lang, territory_name
from ..report import ErrorReporter
from .config import PACES, GameConfig, Step
from .files import FILES_STYLE, GameFiles
from .help_panel import HelpPanel, RuleLinks
from .layout import LAYOUT_STYLE, PLAY_STYLE
from .messages import tr
from .online import OnlineGame, Rooms
from .page.browser_identity import BrowserIdentity
from .page.signals import PageSignals
from .page.voila import (
    PageAddress,
    Schedule,
    Ticker,
    kernel_schedule,
    preheated,
    wait_for_address,
)
from .rule_sets import rules_label
from .saves import Autosave, LoadProblem, SavedGame
from .setup_form import SetupForm

if TYPE_CHECKING:  # the game's modules load with the first game (a lighter first page)
    from ..hand import HandWidget
    from ..mapwidget import MapWidget
    from ..odds import OddsWidget
    from .controller import GameController
    from .replay_panel import ReplayPanel

SELECTION_ASPECTS = frozenset({"selection", "message"})
"""What a click on the map changes (the rest of the page stays as it is)."""
FIRST_LOOK = 3.0
"""Seconds the computers wait for the map to be drawn before they start anyway."""
LOG_LINES = 80
"""Lines of the log on the page (the newest; the whole log is in a saved game)."""
GAME_MODULES = ("warkit.bots", "warkit_widgets.play.controller", "warkit_widgets.models",
                "warkit_widgets.play.log", "warkit_widgets.play.html",
                "warkit_widgets.play.end_report")
"""What a game needs beyond the form (the engine's bots and odds, numpy, the panels): pure
Python, no widget is made on import, so :func:`warm_game_modules` may load them in a thread."""
WARM_DELAY = 1.0
"""Seconds after the page said it is up before the game's modules are loaded meanwhile."""
POOL_WARM_DELAY = 10.0
"""Seconds a preheated kernel waits for its page before it loads them meanwhile. Not at
once: Voilà refills its pool a few seconds after a page takes the waiting kernel (voila.json's
``fill_delay``), while that page may still be loading or starting its game, and on a busy
server (a class arriving) the new kernel's work competes with it for the CPU; the refill's
start and notebook are enough. A page that comes sooner loads them once it is up."""
_warming: threading.Thread | None = None


def warm_game_modules() -> None:
    """Load :data:`GAME_MODULES` in a thread (once per kernel): the first page does not wait
    for them, and a game started a few seconds later does not wait either.

    A thread, not a callback on the kernel's loop, for two reasons. A preheated kernel's only
    thread is blocked in the notebook's cell until a browser asks for the page
    (:func:`wait_for_address`: Voilà's preheating runs the notebook and the page must get
    widgets that already know its address), so nothing scheduled on the loop would run during
    that wait, the time these imports are meant to fill; and once the page is up, importing
    on the loop would stop it answering clicks for the imports' length (0.3 s at a load of 9
    on 2 cores: ``warkit.bots`` and numpy 0.2 s, the game's controller 0.09 s), while an
    import in a thread holds only its module's lock. The state is one module-level handle
    because imports happen once per process; the tests join it."""
    global _warming
    if _warming is None:
        def load() -> None:
            for name in GAME_MODULES:
                importlib.import_module(name)

        _warming = threading.Thread(target=load, daemon=True, name="warkit-warm")
        _warming.start()


def _button(css: str, **kwargs: Any) -> w.Button:
    button = w.Button(**kwargs)
    button.add_class(css)
    return button


def _html(css: str, **kwargs: Any) -> w.HTML:
    html = w.HTML(**kwargs)
    html.add_class(css)
    return html


class PlayApp(w.VBox):
    """The whole dashboard (see the module docstring).

    ``autosave`` (default: the server's autosave folder) keeps games in
    progress; ``schedule`` runs the computers (default: the kernel's event loop;
    tests pass their own); ``animate`` turns the dice animation on; ``rooms`` opens online
    games (the notebook passes :class:`~warkit_widgets.rooms.opener.RoomOpener`; without it the
    page offers no "Play online" and ignores a room's address).
    """

    children: Sequence[w.Widget]  # ipywidgets' trait (untyped library)

    def __init__(self, *, lang: str | None = None, autosave: Autosave | None = None,
                 schedule: Schedule | None = None, animate: bool = True,
                 rooms: Rooms | None = None) -> None:
        self._lang = normalize_lang(lang) if lang else lang_from_env("pt")
        self.autosave = autosave if autosave is not None else Autosave()
        self.schedule = schedule or kernel_schedule()
        self.game: GameController | None = None
        self.map: MapWidget | None = None
        self.reporter = ErrorReporter(self._lang)
        self.ticker = Ticker(self._advance, self.schedule, self.reporter.report)
        self._unsubscribe: Callable[[], None] | None = None
        self._hand_key: tuple | None = None
        self._in_setup = True
        self._report_for: tuple = ()
        self.help_handler: Callable[[str | None], object] | None = None
        """Opens the help panel at a rule ID (``None``: its first page); see
        :meth:`on_rule_link` (the rules panel by default)."""
        self._map_drawn = False
        self._hold_timer: Any = None
        self.rooms = rooms
        self.address = PageAddress.from_environment()
        """The page's address (its ``?lang=``, ``?room=``): read again by :meth:`open_address`."""
        self.room: OnlineGame | None = None
        """The online game on this page (set by :meth:`enter_room`)."""

        # header; texts whose layout never changes share one layout and one style (each model
        # is one more for the page to make)
        fixed = {"layout": w.Layout(), "style": HTMLStyle()}
        self.title = _html("warkit-title", **fixed)
        self.info = _html("warkit-info", **fixed)
        self.lang_toggle = w.ToggleButtons(options=[("Português", "pt"), ("English", "en")],
                                           value=self._lang, style={"button_width": "90px"},
                                           layout=fixed["layout"])
        self.lang_toggle.add_class("warkit-lang")
        self.lang_toggle.observe(self.reporter.guard(self._lang_clicked), "value")
        self._lang_chosen = False
        self.speed = w.Dropdown(layout=w.Layout(width="auto"),
                                style={"description_width": "initial"})
        self.speed.add_class("warkit-speed")
        self.speed.observe(self.reporter.guard(self._speed_changed), "value")
        buttons = {"layout": w.Layout(width="auto"), "style": w.ButtonStyle()}  # never changed
        self.new_button = _button("warkit-new", icon="plus", **buttons)
        self.new_button.on_click(self.reporter.guard(lambda _: self.show_setup()))
        self.files = GameFiles(schedule=self.schedule, autosave=self.autosave,
                               current=lambda: self.game, running=self._running,
                               replace=self.set_game, guard=self.reporter.guard, lang=self._lang)
        self.save_button, self.upload = self.files.save_button, self.files.upload
        self.notice, self.download = self.files.banner, self.files.download
        self._help: HelpPanel | None = None  # built when first opened (a lighter first page)
        self.help_box = w.VBox(layout=fixed["layout"])
        self.help_button = _button("warkit-help-button", **buttons)
        self.help_button.on_click(self.reporter.guard(lambda _: self.help.toggle()))
        self.replay_button = _button("warkit-replay-button", icon="film", **buttons)
        self.replay_button.on_click(self.reporter.guard(lambda _: self.open_replay()))
        self._replay: ReplayPanel | None = None  # built when first opened
        self.replay_box = w.VBox(layout=fixed["layout"])
        # the tab's title, the sounds and their mute button (warkit_widgets.play.page.signals)
        self.signals = PageSignals()
        self.signals.add_class("warkit-signals")
        self._signalled: tuple = ()
        self._log_heard = 0
        # the game's controls are one box: when the header is too narrow for one row they go
        # to a second row together (warkit_widgets.play.layout), never one button alone
        row = {"layout": w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px")}
        controls = w.HBox([self.speed, self.new_button, self.save_button, self.upload,
                           self.download, self.replay_button, self.help_button, self.signals],
                          **row)
        controls.add_class("warkit-controls")
        header = w.HBox([self.title, self.info, self.lang_toggle, controls], **row)
        header.add_class("warkit-header")

        # the new-game form; the game's screens (board, pass-the-device, victory) are built
        # when the first game starts (a lighter first page: fewer models for it to make)
        self.setup = SetupForm(lang=self._lang, on_start=self.reporter.guard(self.start),
                               on_resume=self.reporter.guard(self.resume),
                               on_online=(self.reporter.guard(self.start_online)
                                          if rooms is not None else None),
                               online_unavailable=(rooms.unavailable
                                                   if rooms is not None else None))
        self._animate = animate
        self.board: w.HBox | None = None
        self.handoff: w.VBox | None = None
        self.over_box: w.VBox | None = None
        style = w.HTML(PLAY_STYLE + LAYOUT_STYLE + FILES_STYLE, **fixed)  # one for the styles
        # Who asks: only this browser's games in progress are offered (warkit_widgets.play.saves).
        self.browser = BrowserIdentity(self.reporter.guard(self._browser_known))
        super().__init__([style, header, self.notice,
                          self.files.confirm, self.help_box, self.replay_box, self.setup,
                          self.browser,
                          self.reporter.box])
        self.add_class("warkit-play")
        self.hand: HandWidget | None = None
        self.odds: OddsWidget | None = None
        self.show_setup()

    # -- games -----------------------------------------------------------------------------------
    def _build_board(self) -> w.HBox:
        """The game's screen: map and action bar on the left, panels on the right."""
        from ..dice import DiceWidget
        from .options_panel import OptionsPanel

        self.map_box = w.VBox(layout=w.Layout(width="100%"))
        self.map_box.add_class("warkit-map-box")
        # a phone's map is small: a tap on this button shows it twice as large, scrolling
        # sideways in its box (warkit_widgets.play.layout shows the button on small screens)
        self.zoom = w.ToggleButton(False, layout=w.Layout(width="auto"))
        self.zoom.add_class("warkit-zoom")
        self.zoom.observe(self.reporter.guard(self._zoomed), "value")
        self.status = _html("warkit-play-status")
        self.count = w.IntSlider(1, 1, 1, layout=w.Layout(width="18em"),
                                 style={"description_width": "initial"})
        self.count.add_class("warkit-count-slider")
        self.count.observe(self.reporter.guard(lambda _: self._label_go()), "value")
        self._go_key = ""
        self._count_for: tuple = ()
        self.go = _button("warkit-go", button_style="danger")
        self.go.on_click(self.reporter.guard(lambda _: self._go()))
        self.end = _button("warkit-end")
        self.end.on_click(self.reporter.guard(lambda _: self.game and self.game.end()))
        self.undo = _button("warkit-undo", icon="undo")
        self.undo.on_click(self.reporter.guard(lambda _: self.game and self.game.undo()))
        self.blitz_button = _button("warkit-blitz", button_style="danger", icon="bolt")
        self.blitz_button.on_click(self.reporter.guard(lambda _: self._blitz()))
        self.blitz_keep = w.BoundedIntText(1, min=1, max=99, layout=w.Layout(width="9em"),
                                           style={"description_width": "initial"})
        self.blitz_keep.add_class("warkit-blitz-keep")
        self.blitz_keep.observe(self.reporter.guard(lambda _: self._label_blitz()), "value")
        self.repeat_button = _button("warkit-repeat", icon="repeat")
        self.repeat_button.on_click(self.reporter.guard(
            lambda _: self.game and self.game.repeat_attack()))
        self.stop_button = _button("warkit-stop", icon="stop")
        self.stop_button.on_click(self.reporter.guard(lambda _: self._stop_blitz()))
        self.hint_button = _button("warkit-hint", icon="lightbulb-o")
        self.hint_button.on_click(self.reporter.guard(lambda _: self.ask_hint()))
        self.option_row = OptionsPanel(on_use=self.reporter.guard(self._use),
                                       on_pass=self.reporter.guard(lambda: self._act("pass")),
                                       on_rule_link=self.reporter.guard(self.on_rule_link),
                                       lang=self._lang)
        self.action_row = w.HBox([self.count, self.go, self.blitz_button, self.blitz_keep,
                                  self.repeat_button, self.stop_button, self.end, self.undo,
                                  self.hint_button],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.action_row.add_class("warkit-actions")
        self.option_row.add_class("warkit-options")
        self.keys_hint = _html("warkit-keys")
        # Shortcuts anywhere on the page, and drags on the map that scroll a phone's page
        # (a widget with no look; made with the board, so the first page does not wait on it)
        from .page.keys import PageKeys
        self.page_keys = PageKeys(self.reporter.guard(self.on_key),
                                  layout=w.Layout(display="none"))
        self.reserves = _html("warkit-reserves")
        self.rule_links = RuleLinks(self.open_help, self._lang)
        left = w.VBox([self.map_box, self.zoom, self.status, self.rule_links, self.reserves,
                       self.action_row, self.option_row, self.keys_hint, self.page_keys],
                      layout=w.Layout(flex="3 1 600px", min_width="0"))
        left.add_class("warkit-left")
        self.players = _html("warkit-players")
        self.secret = _html("warkit-secret")
        self.hand_box = w.VBox()
        self.dice = DiceWidget(lang=self._lang, animate=self._animate)
        self.dice.add_class("warkit-play-dice")
        self.result = _html("warkit-result")
        self.odds_box = w.VBox()
        self.odds_box.add_class("warkit-odds-box")
        self.log_view = _html("warkit-log")
        self.log_title = _html("warkit-log-title")
        self.hand_box.add_class("warkit-hand-box")
        # the dice and the odds first, beside the map (a phone shows them under the action
        # bar: warkit_widgets.play.layout); the players, secrets, cards and log after them
        right = w.VBox([self.dice, self.result, self.odds_box, self.players, self.secret,
                        self.hand_box, self.log_title, self.log_view],
                       layout=w.Layout(flex="2 1 340px", min_width="300px", grid_gap="6px"))
        right.add_class("warkit-right")
        self.board = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap",
                                                           grid_gap="12px"))
        self.board.add_class("warkit-board")
        # the pass-the-device screen and the victory screen
        self.handoff_text = _html("warkit-handoff-text")
        self.handoff_button = _button("warkit-handoff-ready", button_style="primary",
                                      icon="eye", layout=w.Layout(width="auto"))
        self.handoff_button.on_click(self.reporter.guard(lambda _: self._confirm_handoff()))
        self.handoff = w.VBox([self.handoff_text, self.handoff_button],
                              layout=w.Layout(align_items="center", display="none"))
        self.handoff.add_class("warkit-handoff")
        self.over = _html("warkit-over")
        self.again = _button("warkit-again", button_style="success", icon="repeat")
        self.again.on_click(self.reporter.guard(lambda _: self.show_setup()))
        self.end_report = _html("warkit-end-report")
        self.replay_again = _button("warkit-replay-this", icon="film")
        self.replay_again.on_click(self.reporter.guard(lambda _: self.open_replay()))
        self.over_box = w.VBox([self.over, self.end_report,
                                w.HBox([self.again, self.replay_again])],
                               layout=w.Layout(display="none"))
        children = list(self.children)
        at = children.index(self.setup) + 1
        children[at:at] = [self.handoff, self.over_box]
        children.insert(children.index(self.reporter.box), self.board)
        self.children = children
        return self.board

    def start(self, config: GameConfig) -> GameController:
        """Start a new game from the form's answers."""
        from .controller import GameController

        game = GameController.new(config, pace=self.speed.value or "normal",
                                  autosave=self.autosave)
        self.set_game(game)
        self.autosave(game)
        return game

    def resume(self, saved: SavedGame) -> GameController | None:
        """Resume an autosaved game (validated like a file)."""
        try:
            game = self.autosave.resume(saved, lang=self._lang)
        except LoadProblem as exc:
            self._notice(exc.text(self._lang), "refused")
            return None
        except OSError as exc:
            self._notice(tr("play.load_failed", self._lang, error=exc.strerror), "refused")
            return None
        self.set_game(game)
        return game

    def set_game(self, game: GameController) -> None:
        """Show ``game`` (a new, loaded or resumed one) in place of the current one."""
        from ..hand import HandWidget
        from ..mapwidget import MapWidget
        from ..models import HandController
        from ..odds import OddsWidget

        self._drop_replay()
        self.ticker.stop()
        if self.room is not None and self.room.game is not game:
            self.room.stop()  # leaving an online game (it goes on for the others)
            self.room = None
        if self.board is None:
            self._build_board()
            self._relabel()
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.map is not None:
            self.map.close()
        self.game = game
        self.signals.load_sounds()
        game.lang = self._lang
        self.speed.value = game.pace  # a loaded or resumed game keeps its pace
        self.map = MapWidget(game, status=False, tint="owner",  # listens to the game
                             tint_toggle=True)
        # Computers wait until the map is drawn (a first computer turn is seen, not missed);
        # without a browser (tests, a lost event) they start after FIRST_LOOK seconds.
        self._map_drawn = False
        self.map.canvas.on_client_ready(self.reporter.guard(self._map_ready))
        if self._hold_timer is not None:
            self._hold_timer.cancel()
        self._hold_timer = self.schedule(FIRST_LOOK, self.reporter.guard(self._map_ready))
        self.map_box.children = (self.map,)
        self.odds = OddsWidget(None, None, lang=self._lang).follow(game)
        self.odds_box.children = (self.odds,)
        hand = HandController()  # the view's rule set values the trades (update_view)
        self.hand = HandWidget(hand, lang=self._lang, on_trade=game.act)
        self.hand_box.children = (self.hand,)
        self._hand_key = None
        self.dice.clear()
        self._rolls_shown = game.rolls
        self._log_heard = len(game.log)  # a loaded game's past makes no sound
        self._unsubscribe = game.subscribe(self.reporter.guard(self._changed))
        self.setup.layout.display = "none"
        self._in_setup = False
        self._changed(frozenset({"state", "log", "viewer", "lang", "battle", "message"}))

    def open_address(self) -> None:
        """What the page's address asks, read when a browser asks for the page (a preheated
        Voilà kernel built the app long before; :func:`wait_for_address` waits for the
        address): its ``?lang=``, a room's ``?room=&key=`` (that room's seat), and the games
        in progress as they are now. The notebook calls it before it shows the app."""
        if preheated():  # the kernel is idle until then: the game's modules load meanwhile
            warming = threading.Timer(POOL_WARM_DELAY, warm_game_modules)
            warming.daemon = True
            warming.start()
            self.address = wait_for_address()
            warming.cancel()  # not begun yet: once the page is up (_browser_known)
        else:
            self.address = wait_for_address()
        self._address_lang(self.address.lang)
        self._open_address_room()
        if self.game is None:
            self.setup.show_saved(self.autosave.games())

    def _browser_known(self, owner: str) -> None:
        """The browser said who it is: its games in progress, and only those, are offered.
        The page is up: the game's modules load meanwhile (:func:`warm_game_modules`)."""
        self.autosave.browser = owner
        self.schedule(WARM_DELAY, warm_game_modules)
        if self.game is None or self._in_setup:
            self.setup.show_saved(self.autosave.games())

    def _address_lang(self, lang: str | None) -> None:
        """The address's ``?lang=``, unless the player already chose one."""
        if lang is not None and lang != self._lang and not self._lang_chosen:
            self.set_lang(lang)

    # -- online games (through self.rooms: see warkit_widgets.play.online) ----------------------
    def _open_address_room(self) -> None:
        if (self.rooms is not None and self.room is None
                and (self.address.value("room") or self.address.value("key"))):
            self.rooms.open_address(self)

    def start_online(self, config: GameConfig) -> None:
        """"Play online": a room for the form's answers, this page in the first human seat."""
        if self.rooms is None:
            raise ValueError("this page has no rooms: PlayApp(rooms=...) offers online games")
        self.rooms.host(self, config)

    @property
    def pace(self) -> str:
        """The computers' speed chosen on the page (a key of ``PACES``)."""
        return self.speed.value or "normal"

    def set_address(self, query: str) -> None:
        """Put ``query`` in the browser's address bar (a reload comes back to it)."""
        self.browser.address = query

    def enter_room(self, room: OnlineGame) -> None:
        """An online game takes this page (a room's session calls it): an earlier one stops,
        and the page stops this one when it leaves it."""
        if self.room is not None and self.room is not room:
            self.room.stop()
        self.room = room

    def show_room_panel(self, panel: w.Widget) -> None:
        """Put a room's lobby above the game (replacing an earlier one)."""
        children = [c for c in self.children if not c._dom_classes
                    or "warkit-lobby" not in c._dom_classes]
        children.insert(children.index(self.setup), panel)
        self.children = children

    def notice_text(self, text: str, kind: str = "info") -> None:
        """A banner for the rooms' messages."""
        self._notice(text, kind)

    def kick_computers(self) -> None:
        """Let the computers go on (a room's page just took over their duty)."""
        if self.game is not None and not self._in_setup:
            self._kick_computers()

    def _lang_clicked(self, change: dict) -> None:
        if change["new"] != self._lang:  # a click (set_lang itself changes _lang first)
            self._lang_chosen = True
            self.set_lang(change["new"])

    def show_setup(self) -> None:
        """The new-game form (a game in progress stays autosaved and can be resumed)."""
        self._drop_replay()
        self.ticker.stop()
        if self.room is not None:
            self.room.stop()
            self.room = None
        self._in_setup = True
        self.setup.show_saved(self.autosave.games())
        for pane in (self.board, self.handoff, self.over_box):
            if pane is not None:
                pane.layout.display = "none"
        self.setup.layout.display = None
        self._relabel()

    # -- save, load and help (warkit_widgets.play.files, .help_panel) ---------------------------
    def save(self) -> str | None:
        """Download the game in one click (see :class:`GameFiles`)."""
        return self.files.save()

    def load_bytes(self, name: str, data: bytes) -> bool:
        """Load a saved game (asking first if one is running); a bad file changes nothing."""
        return self.files.load_bytes(name, data)

    @property
    def playing(self) -> GameController:
        """The game on the board: the board's panes are drawn only while there is one."""
        if self.game is None:
            raise RuntimeError("no game is on the board yet")
        return self.game

    def _running(self) -> bool:
        """Is a game on screen that a loaded file would replace?"""
        return (self.game is not None and not self._in_setup
                and not self.game.state.is_terminal)

    def _notice(self, text: str, kind: str = "info") -> None:
        self.files.notice(text, kind)

    @property
    def help(self) -> HelpPanel:
        """The rules panel (made on first use)."""
        if self._help is None:
            self._help = HelpPanel(self._lang)
            self.help_box.children = (self._help,)
        return self._help

    def open_help(self, rule: str | None = None) -> None:
        """Open the rules panel at a rule ID (e.g. ``"C-ATK-4"``)."""
        self.help.open_help(rule)

    # -- language and speed -----------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    def set_lang(self, lang: str) -> None:
        """Switch every string of the page to ``lang`` ("pt" or "en")."""
        self._lang = normalize_lang(lang)
        self.lang_toggle.value = self._lang
        self.reporter.lang = self._lang
        self.setup.lang = self._lang
        for widget in (self.hand, self.odds, getattr(self, "dice", None), self.files,
                       self._help, getattr(self, "rule_links", None), self._replay):
            if widget is not None:
                widget.lang = self._lang
        self._notice("")
        if self.game is not None:
            self.game.lang = self._lang  # notifies "lang": everything is redrawn
        self._relabel()

    def _speed_changed(self, change: dict) -> None:
        if self.game is not None and change["new"]:
            self.game.pace = change["new"]

    def _relabel(self) -> None:
        """Texts that depend only on the language."""
        lang = self._lang
        name, _, sub = tr("play.title", lang).partition(" — ")  # the subtitle may be hidden
        self.title.value = (f'<span class="wk-head-title">{escape(name)}<span class="wk-head-sub">'
                            f'{escape(" — " + sub if sub else "")}</span></span>')
        pace = self.speed.value or (self.game.pace if self.game else "normal")
        with self.speed.hold_sync():  # one message for the menu
            self.speed.options = [(tr(f"play.speed.{p}", lang), p) for p in PACES]
            self.speed.value = pace
            self.speed.description = tr("play.speed", lang)
            self.speed.tooltip = tr("play.speed.tip", lang)
        self.files.relabel()
        self.help_button.description = tr("help.button", lang)
        self.replay_button.description = tr("replay.open", lang)
        self.replay_button.tooltip = tr("replay.open.tip", lang)
        self.new_button.description = tr("play.new", lang)
        self.signals.labels = {"on": tr("play.sound.on", lang), "off": tr("play.sound.off", lang),
                               "on_short": tr("play.sound.on_short", lang),
                               "off_short": tr("play.sound.off_short", lang)}
        if self.game is None or self._in_setup:
            self.signals.title = tr("play.tab", lang)
        if self.board is None:
            return
        self.again.description = tr("over.again", lang)
        self.replay_again.description = tr("replay.this", lang)
        for button, key in ((self.undo, "play.undo"), (self.repeat_button, "play.btn.repeat"),
                            (self.stop_button, "play.btn.stop")):
            button.description = tr(key, lang)
        self.blitz_keep.description = tr("play.blitz.keep", lang)
        self.hint_button.description = tr("coach.button", lang)
        self.hint_button.tooltip = tr("coach.tip", lang)
        self._label_blitz()
        self.keys_hint.value = f'<span class="wk-keys">{escape(tr("play.keys", lang))}</span>'
        self.zoom.description = tr("play.zoom.out" if self.zoom.value else "play.zoom.in", lang)
        self.count.description = tr("play.count", lang)
        self.log_title.value = f"<b>{escape(tr('play.log', lang))}</b>"

    # -- following the game ------------------------------------------------------------------------
    def _changed(self, aspects: frozenset[str]) -> None:
        game = self.game
        if game is None or self._in_setup or self._replay_open:  # the game waits behind
            return
        lang = self._lang
        view = game.view
        step = game.step
        msg = game.message
        if aspects <= SELECTION_ASPECTS:  # a click on the map: only what a selection changes
            self.status.value = message_html(msg.text, msg.kind)
            self.rule_links.show(msg.text)
            self._show_odds_box(step)
            self._show_actions(step)
            self._kick_computers()  # e.g. an "attack until..." began
            return
        from .html import players_html, secret_html
        from .log import log_html

        if "lang" in aspects:
            self._relabel()
        state = game.state
        self.info.value = ('<span class="wk-head-info">' + escape(tr(
            "play.header", lang, rules=rules_label(state.rules.name, lang),
            round=state.round, turn=state.turn)) + "</span>")
        self.status.value = message_html(msg.text, msg.kind)
        self.players.value = players_html(view, game.seats, lang)
        over = step is Step.OVER  # the victory screen shows every secret instead
        self.secret.value = "" if over else secret_html(view, game.seats, lang, game.online)
        self._show_odds_box(step)
        self._show_hand(view, step)
        if aspects & {"battle", "lang", "state"}:
            self._show_dice(view)
        if aspects & {"log", "lang"}:
            self.log_view.value = log_html(game.log, lang, game.names, game.state.colors,
                                           limit=LOG_LINES)
        self._show_panes(view, step)
        self._show_actions(step)
        if step is Step.HANDOFF and self.download.value:
            self.files.withdraw_download()
        self.rule_links.show(msg.text)
        self._signal(step)
        self._kick_computers()

    def _signal(self, step: Step) -> None:
        """The tab's title for the step, and the sounds of what just happened: a conquest,
        the victory, and a gentle chime when a human's turn comes (once per turn)."""
        game, lang = self.game, self._lang
        if game is None:
            return
        state = game.state
        if step is Step.OVER:
            title = tr("play.tab.over", lang)
        elif step is Step.HANDOFF and game.handoff is not None:
            title = tr("play.tab.handoff", lang, player=game.seats[game.handoff].name)
        elif game.my_turn:
            title = tr("play.tab.yours", lang, player=game.seats[game.decider].name)
        else:
            seat = state.current if 0 <= state.current < len(game.seats) else None
            title = tr("play.tab.wait", lang, player=game.seats[seat].name) \
                if seat is not None else tr("play.tab", lang)
        self.signals.title = title
        fresh = game.log[self._log_heard:] if self._log_heard <= len(game.log) else []
        self._log_heard = len(game.log)
        if step is Step.OVER:
            if self._signalled != ("over", game.game_id):
                self._signalled = ("over", game.game_id)
                self.signals.play("victory")
            return
        if any(e.key == "log.conquered" for e in fresh):
            self.signals.play("conquest")
        if game.my_turn and state.current == game.decider:
            mark = ("turn", game.game_id, state.turn, game.decider)
            if self._signalled != mark:
                self._signalled = mark
                self.signals.play("your_turn")

    def _zoomed(self, change: dict) -> None:
        """The map twice as large in a box that scrolls sideways (or back to the screen)."""
        if change["new"]:
            self.map_box.add_class("wk-zoomed")
        else:
            self.map_box.remove_class("wk-zoomed")
        self.zoom.description = tr("play.zoom.out" if change["new"] else "play.zoom.in",
                                   self._lang)

    def _kick_computers(self) -> None:
        """Start the timer when something automatic is due (a computer, chance, the next
        battle of an "attack until..."), once the map is on the screen."""
        if self.playing.waiting_on_computer and self._map_drawn:
            self.ticker.kick()

    def _show_odds_box(self, step: Step) -> None:
        """The odds panel, while an attack is selected or fought."""
        attacking = step is Step.ATTACK or self.playing.map.attack_pair() is not None
        self.odds_box.layout.display = None if attacking and step is not Step.OVER else "none"

    def _map_ready(self) -> None:
        """The map is on the screen (or FIRST_LOOK passed): the computers may play."""
        self._map_drawn = True
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None
        game = self.game
        if game is not None and not self._in_setup and game.waiting_on_computer:
            self.ticker.kick()

    def _show_panes(self, view: PlayerView, step: Step) -> None:
        from .coach import hints_html
        from .end_report import report_html
        from .html import handoff_html, over_html

        game, lang = self.playing, self._lang
        board, handoff, over_box = self.board, self.handoff, self.over_box
        if board is None or handoff is None or over_box is None:  # built by the first game
            return
        self.setup.layout.display = "none"
        handing = step is Step.HANDOFF
        board.layout.display = "none" if handing else None
        handoff.layout.display = None if handing else "none"
        seat = game.handoff
        if handing and seat is not None:
            name = game.seats[seat].name
            why = ""
            state = game.state
            reacting = state.rules.phase_info(state.phase).decider == "reacting"
            if reacting and seat != state.current and state.battle is not None:
                why = tr("play.handoff.react", lang, attacker=game.seats[state.current].name,
                         dst=territory_name(state.battle.dst, lang))
            self.handoff_text.value = handoff_html(name, game.seats[seat].color, why, lang)
            self.handoff_button.description = tr("play.handoff.ready", lang, player=name)
        over = step is Step.OVER
        over_box.layout.display = None if over else "none"
        if over:
            self.over.value = over_html(view, game.seats, lang)
            report = (game.match.state_id, lang)
            if report != self._report_for:  # the charts are drawn once per finished game
                self._report_for = report
                self.end_report.value = (f"<h3>{escape(tr('end.title', lang))}</h3>"
                                         + hints_html(game, lang)
                                         + report_html(game.match, game.names, lang))
                self.autosave(game)  # a finished game leaves the games in progress
                self.files.relabel()  # Save's tooltip: a room's game now gives the whole record

    def _show_hand(self, view: PlayerView, step: Step) -> None:
        """The viewer's cards (nobody's while the device is passed); rebuilt only on change."""
        hand = self.hand
        if hand is None:  # made with the game's board (set_game)
            return
        key = (view.player, view.hand, view.trades, view.next_trade_value,
               tuple(view.owner[c] for c in view.hand if c < len(view.owner)))
        if key != self._hand_key:
            self._hand_key = key
            if view.player is None:
                hand.controller.player = None
                hand.controller.set_cards(())
            else:
                hand.controller.player = view.colors[view.player]
                hand.controller.update_view(view)
        if view.player is not None:  # the player's name, not only their colour
            name = escape(self.playing.seats[view.player].name)
            hand.title.value = f"<b>{tr('hand.title', self._lang, player=name)}</b>"
        trading = step is Step.TRADE and bool(view.hand)
        hand.trade_button.layout.display = None if trading else "none"
        # "select cards to trade" while trading; "no cards in hand" under an empty hand's title
        empty = view.player is not None and not view.hand
        hand.value.layout.display = None if trading or empty else "none"

    def _show_dice(self, view: PlayerView) -> None:
        """The dice on the table this turn, judged with SMART's modifiers (none at the start
        of a turn: never the previous player's)."""
        game = self.playing
        from .html import battle_html

        tray, shown = game.tray, self.dice.comparison
        if tray is None:
            if shown is not None:
                self.dice.clear()
        else:
            rolled = game.rolls != self._rolls_shown
            if rolled or tray != shown:
                self.dice.show_comparison(tray, rolled)
                self._rolls_shown = game.rolls
                if rolled:
                    self.signals.play("dice")
        self.result.value = battle_html(game.last_battle, self._lang)

    def _show_actions(self, step: Step) -> None:
        """The action bar and the options list for the step the human is in."""
        from .html import reserves_html
        from .options_panel import group_choices

        game, lang = self.playing, self._lang
        mine = game.my_turn
        kind = step.value if step.value in MAP_MODES else None
        most = 0
        if kind is not None:
            most = game.map.max_count()
            label = {"place": "play.btn.place", "attack": "play.btn.attack",
                     "move": "play.btn.move"}[kind]
            if kind == "attack" and most and self._is_air_attack():
                label = "play.btn.airattack"
        elif step is Step.OCCUPY:
            legal = game.legal()
            largest = legal[-1] if legal else None  # Occupy(1..most), C-CONQ-1
            most = largest.armies if isinstance(largest, Occupy) else 0
            label = "play.btn.occupy"
        else:
            label = ""
        sel = game.map.selection
        self._set_count(most, keep=(step, sel.source, sel.target) == self._count_for)
        self._count_for = (step, sel.source, sel.target)
        self._go_key = label
        self._label_go()
        self.go.disabled = not (mine and most > 0)
        self.go.layout.display = None if label else "none"
        self.count.layout.display = None if label else "none"
        end_key = None
        if step in (Step.TRADE, Step.ATTACK, Step.MOVE):  # steps ended by a button
            late = step is Step.TRADE and game.state.late
            end_key = f"play.btn.end.{game.step_label}" + ("_late" if late else "")
        self.end.description = tr(end_key, lang) if end_key else ""
        self.end.layout.display = None if end_key else "none"
        self.end.disabled = not mine or EndPhase() not in game.legal()
        self.undo.disabled = not game.can_undo()
        self.undo.layout.display = None if mine else "none"
        self.hint_button.layout.display = None if mine and game.coach_allowed else "none"
        attacking = step is Step.ATTACK and mine
        blitzing = game.blitz_plan is not None
        can_blitz = attacking and most > 0 and not blitzing
        for widget in (self.blitz_button, self.blitz_keep):
            widget.layout.display = None if attacking and not blitzing else "none"
        self.blitz_button.disabled = not can_blitz
        last = game.last_attack
        self.repeat_button.layout.display = None if attacking and game.can_repeat() and (
            last is not None and (sel.source, sel.target) != last[:2]) and not blitzing \
            else "none"
        self.stop_button.layout.display = None if blitzing else "none"
        view = game.view
        groups = group_choices(self._option_actions(), view, game.reactions())
        reacting = step is Step.REACT
        self.option_row.show(groups, view, reacting, lang)
        self.option_row.layout.display = None if (groups or reacting) and mine else "none"
        placing = step in (Step.PLACE, Step.TRADE)
        self.reserves.value = reserves_html(view, lang) if placing and mine else ""

    def _set_count(self, most: int, keep: bool) -> None:
        """The count slider goes up to ``most`` and starts there (a choice made for the same
        selection, e.g. fewer dice for the same attack, is kept)."""
        count = self.count
        top = max(most, 1)
        if count.max != top:
            if top < count.min:
                count.min = top
            count.max = top
        if not keep or count.value > top:
            count.value = top
        count.disabled = most < 1

    def _option_actions(self) -> list[Action]:
        """The SMART options other than reactions (those come ranked from the game)."""
        game = self.playing
        if not game.my_turn or game.step is Step.REACT:
            return []
        options = game.state.rules.phase_info(game.state.phase).options  # the rule set's list
        return [a for a in game.legal() if a.keyword in options]

    def _is_air_attack(self) -> bool:
        """Is the selected attack only possible as an air attack (S-AIR-1)?"""
        game = self.playing
        sel, ids = game.map.selection, game.state.map.ids
        if sel.source is None or sel.target is None:
            return False
        return Attack(ids[sel.source], ids[sel.target], 1) not in game.legal()

    # -- buttons ------------------------------------------------------------------------------
    def _go(self) -> None:
        game = self.playing
        step, n = game.step, self.count.value
        if step is Step.PLACE:
            game.place(n)
        elif step is Step.ATTACK:
            game.attack(n)
        elif step is Step.OCCUPY:
            game.occupy(n)
        elif step is Step.MOVE:
            game.move(n)

    def _act(self, action: str) -> None:
        if self.game is not None:
            self.game.act(action)

    def _use(self, action: Action) -> None:
        if self.game is not None:
            self.game.act(action)

    def ask_hint(self) -> None:
        """The coach's hint (:meth:`GameController.ask_hint`): the move drawn on the map in
        the hint's own style and selected, its count set, a trade's cards picked in the hand."""
        game = self.game
        if game is None:
            return
        hint = game.ask_hint()
        if hint is None:
            return
        count = getattr(hint.action, "armies", None) or getattr(hint.action, "dice", None)
        if count and self.count.layout.display != "none" and count <= self.count.max:
            self.count.value = count
        if hint.cards and self.hand is not None:
            hand = self.hand.controller
            hand.clear()
            for card in hint.cards:
                hand.toggle(card)

    def _blitz(self) -> None:
        if self.game is not None:
            self.game.blitz(self.blitz_keep.value)

    def _stop_blitz(self) -> None:
        if self.game is not None:
            self.game.stop_blitz()

    def _label_blitz(self) -> None:
        n = self.blitz_keep.value
        self.blitz_button.description = (tr("play.btn.blitz", self._lang) if n <= 1 else
                                          tr("play.btn.blitz_keep", self._lang, n=n))

    # -- the replay (warkit_widgets.play.replay_panel) ----------------------------------------
    @property
    def _replay_open(self) -> bool:
        return self._replay is not None and self.replay_box.layout.display != "none" and bool(
            self.replay_box.children)

    def open_replay(self) -> ReplayPanel:
        """The replay screen, over the game (paused meanwhile): the game on screen from its
        deal, or a file to open; "continue from here" starts a new game."""
        from .replay_panel import ReplayPanel, viewer_of

        if self._replay is None:
            self._replay = ReplayPanel(lang=self._lang, on_close=self.close_replay,
                                       on_fork=self._forked, guard=self.reporter.guard)
        self.ticker.stop()
        game = self.game
        self._replay.fork_allowed = game is None or not game.online or game.state.is_terminal
        if game is not None:
            self._replay.show(game.match, game.seats, viewer_of(game))
        else:
            self._replay.show_nothing()
        self.replay_box.children = (self._replay,)
        self.replay_box.layout.display = None
        for pane in (self.board, self.handoff, self.over_box, self.setup):
            if pane is not None:
                pane.layout.display = "none"
        return self._replay

    def _drop_replay(self) -> None:
        """Stop and hide the replay (another screen takes its place)."""
        if self._replay is not None:
            self._replay.close_replay()
        self.replay_box.children = ()

    def close_replay(self) -> None:
        """Back to the game (or the form) as it was."""
        self._drop_replay()
        if self.game is None or self._in_setup:
            self.show_setup()
        else:
            self._changed(frozenset({"state", "log", "viewer", "lang", "battle", "message"}))

    def _forked(self, game: GameController) -> None:
        """"Continue from here": the new game replaces the one on screen."""
        self.set_game(game)
        self.autosave(game)

    # -- help and keys ----------------------------------------------------------------------------
    def on_rule_link(self, rule_id: str | None) -> None:
        """A rule ID was clicked (or ``?`` pressed: ``None``): the rules panel opens there
        (:meth:`open_help`, or :attr:`help_handler` when one is set)."""
        (self.help_handler or self.open_help)(rule_id)

    def on_key(self, key: str, shift: bool = False, ctrl: bool = False,
               meta: bool = False) -> bool:
        """A key pressed anywhere on the page (:class:`~.page_keys.PageKeys`): Enter plays the
        main button (attack, place, move in, move), B attacks until conquered, R repeats the
        last attack, Escape clears the selection (and stops an attack in progress), H asks
        the coach for a hint, Ctrl+Z undoes, ? opens the help. Returns whether the key meant
        something."""
        game = self.game
        if game is None or self._in_setup or self._replay_open:  # keys are the game's
            return False
        lower = key.lower()
        if (ctrl or meta) and lower == "z":
            game.undo()
        elif key == "?":
            self.on_rule_link(None)
        elif key == "Escape":
            game.clear()
        elif key == "Enter":
            if not self.go.disabled and self.go.layout.display != "none":
                self._go()
        elif lower == "b" and not self.blitz_button.disabled:
            self._blitz()
        elif lower == "r" and game.can_repeat():
            game.repeat_attack()
        elif lower == "h":
            self.ask_hint()
        else:
            return False
        return True

    def _confirm_handoff(self) -> None:
        if self.game is not None:
            self.game.confirm_handoff()

    def _advance(self) -> float | None:
        return None if self.game is None else self.game.advance()

    def _label_go(self) -> None:
        key = self._go_key
        self.go.description = tr(key, self._lang, n=self.count.value) if key else ""
