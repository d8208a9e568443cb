"""The new-game form: rules, 3 to 6 seats (name, colour, human or computer level), seed.

It only collects answers and builds a validated
:class:`~warkit_widgets.play.controller.GameConfig`; the app starts the game.
Every game in progress found by the autosave is offered as a "resume" button (newest
first, in a scrolling list, each label told apart from the others).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from warkit import world_map

from ..html import message_html
from ..i18n import color_name, normalize_lang
from .config import BOT_LEVELS, HUMAN, GameConfig, Seat, clean_name
from .messages import tr
from .rule_sets import rule_set_names, rules_label
from .saves import SavedGame, distinct_labels

DEFAULT_COLORS = ("red", "blue", "green", "yellow", "black", "white")
"""Seat colours offered first (all six are C-COMP-1's)."""
MIN_SEATS, MAX_SEATS = 3, 6


class SetupForm(w.VBox):
    """Answers for a new game; ``on_start(config)`` is called by the Start button and
    ``on_resume(saved)`` by a resume button."""

    children: Sequence[w.Widget]  # ipywidgets' trait (untyped library)

    def __init__(self, *, lang: str = "pt", on_start: Callable[[GameConfig], object],
                 on_resume: Callable[[SavedGame], object] | None = None,
                 on_online: Callable[[GameConfig], object] | None = None,
                 online_unavailable: Callable[[str], str | None] | None = None) -> None:
        self._lang = normalize_lang(lang)
        self.on_start, self.on_resume, self.on_online = on_start, on_resume, on_online
        self.online_unavailable = online_unavailable
        """Why "Play online" cannot work here, in a language (no room server); ``None``."""
        # the form's fixed texts and lines share one layout (and the texts one style): never
        # changed one by one, and each model is one more for the page to make
        fixed = w.Layout()
        text = dict(layout=fixed, style=HTMLStyle())
        self.title = w.HTML(**text)
        names = rule_set_names()
        self.rules = w.ToggleButtons(options=[(n, n) for n in names], value=names[0],
                                     layout=fixed)
        self.rules.add_class("warkit-rules")
        self.count = w.ToggleButtons(options=list(range(MIN_SEATS, MAX_SEATS + 1)),
                                     value=MIN_SEATS, layout=fixed,
                                     style={"button_width": "48px"})
        self.count.add_class("warkit-count")
        self.count.observe(lambda _: self._show_rows(), "value")
        self.names: list[w.Text] = []
        self.colors: list[w.Dropdown] = []
        self.kinds: list[w.Dropdown] = []
        self.rows: list[w.HBox] = []
        """The seats' rows made so far (those of the seats chosen, made when first chosen: a
        lighter first page), with their fields."""
        self._row_lang: list[str] = []
        """The language each row was labelled in (a hidden row is relabelled when shown)."""
        # the seats' fields share their layouts and styles, and the form's buttons one style
        # (each model is one more for the page to make)
        self._shared = {"name": dict(layout=w.Layout(width="12em"), style=TextStyle()),
                        "color": dict(layout=w.Layout(width="9em"), style=DescriptionStyle()),
                        "kind": dict(layout=w.Layout(width="14em"), style=DescriptionStyle())}
        for _ in range(self.count.value):
            self._add_row()
        self.seed = w.Text(layout=w.Layout(width="10em"), style=self._shared["name"]["style"])
        self.seed.add_class("warkit-seed")
        buttons = w.ButtonStyle()
        self.start = w.Button(button_style="success", icon="play", layout=fixed, style=buttons)
        self.start.add_class("warkit-start")
        self.start.on_click(lambda _: self.submit())
        self.online = w.Button(icon="globe", layout=w.Layout(width="auto"), style=buttons)
        self.online.add_class("warkit-online")
        self.online.on_click(lambda _: self.submit(online=True))
        self.online.layout.display = None if on_online else "none"
        self.error = w.HTML(**text)
        self.error.add_class("warkit-setup-error")
        self.labels = {k: w.HTML(**text) for k in ("rules", "players", "seed", "resume")}
        self.resume_box = w.VBox(layout=w.Layout(max_height="15em", overflow="auto",
                                                 flex_flow="column nowrap"))
        self.resume_box.add_class("warkit-resume")
        self._saved: tuple[SavedGame, ...] = ()
        self.coach = w.Checkbox(value=True, indent=False, layout=w.Layout(width="auto"))
        self.coach.add_class("warkit-coach-allowed")
        self._seed_row = w.HBox([self.labels["seed"], self.seed, self.coach], layout=fixed)
        super().__init__([
            self.title, w.HBox([self.labels["rules"], self.rules], layout=fixed),
            w.HBox([self.labels["players"], self.count], layout=fixed), *self.rows,
            self._seed_row, w.HBox([self.start, self.online, self.error], layout=fixed),
            self.labels["resume"], self.resume_box])
        self.add_class("warkit-setup")
        self._relabel()
        self._show_rows()

    def _add_row(self) -> None:
        """Make the next seat's row (name, colour, kind), labelled in the form's language."""
        i = len(self.rows)
        kind_value = HUMAN if i == 0 else "normal"
        name = w.Text(placeholder=self._default_name(i, kind_value), **self._shared["name"])
        color = w.Dropdown(options=self._color_options(), value=DEFAULT_COLORS[i],
                           **self._shared["color"])
        kind = w.Dropdown(options=self._kind_options(), value=kind_value, **self._shared["kind"])
        kind.observe(lambda change, i=i: self._kind_changed(i, change), "value")
        row = w.HBox([name, color, kind])
        row.add_class(f"warkit-seat-{i}")
        self.names.append(name)
        self.colors.append(color)
        self.kinds.append(kind)
        self.rows.append(row)
        self._row_lang.append(self._lang)

    # -- language ---------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self._relabel()

    def _relabel(self) -> None:
        """New labels, the same answers. Each changed widget is one message to the page, and
        the page takes them one after another (each passes through Voilà's server), so the
        Start button, what a language click is answered with, goes first, each widget's
        changes go in one message, and the hidden seats' rows wait until they are shown."""
        lang = self._lang
        self.start.description = tr("setup.start", lang)
        with self.online.hold_sync():
            off = self.online_unavailable(lang) if self.online_unavailable else None
            self.online.description = tr("room.online", lang)
            self.online.tooltip = off or tr("room.online.tip", lang)
            self.online.disabled = off is not None
        self.title.value = f"<h3>{tr('setup.title', lang)}</h3>"
        for key, label in self.labels.items():
            if key != "resume":
                text = tr(f"setup.{key}", lang)
                label.value = f"<b style='display:inline-block;width:9em'>{text}</b>"
        with self.rules.hold_sync():
            chosen, names = self.rules.value, rule_set_names()
            self.rules.options = [(rules_label(n, lang), n) for n in names]
            self.rules.value = chosen if chosen in names else names[0]
        self.seed.placeholder = tr("setup.seed_help", lang)
        self.coach.description = tr("setup.coach", lang)
        for i in range(min(self.count.value, len(self.rows))):
            self._relabel_row(i)
        self.show_saved(self._saved)

    def _relabel_row(self, i: int) -> None:
        """Seat ``i``'s colours, kinds and default name in the form's language: new labels, the
        same choice, one message per widget (new options pass through another value for a
        moment, and the name's placeholder follows the kind)."""
        if self._row_lang[i] == self._lang:
            return
        self._row_lang[i] = self._lang
        with self.names[i].hold_sync():
            for dropdown, options in ((self.colors[i], self._color_options()),
                                      (self.kinds[i], self._kind_options())):
                value = dropdown.value
                with dropdown.hold_sync():
                    dropdown.options = options
                    dropdown.value = value
            self.names[i].placeholder = self._default_name(i)

    def _color_options(self) -> list[tuple[str, str]]:
        return [(color_name(c.id, self._lang).capitalize(), c.id) for c in world_map().colors]

    def _kind_options(self) -> list[tuple[str, str]]:
        return [(tr(f"setup.kind.{k}", self._lang), k) for k in (HUMAN, *BOT_LEVELS)]

    def _default_name(self, i: int, kind: str | None = None) -> str:
        """Seat ``i``'s name if none is typed (by its ``kind``: by default, the one chosen)."""
        human = (kind or self.kinds[i].value) == HUMAN
        return tr("setup.player" if human else "setup.computer", self._lang, n=i + 1)

    def _kind_changed(self, i: int, change: dict) -> None:
        self.names[i].placeholder = self._default_name(i)

    def _show_rows(self) -> None:
        """The rows of the seats chosen (made now if they were never shown), the others
        hidden: kept, with their answers."""
        made = len(self.rows)
        while len(self.rows) < self.count.value:
            self._add_row()
        if len(self.rows) > made:
            children = list(self.children)
            at = children.index(self._seed_row)
            children[at:at] = self.rows[made:]
            self.children = children
        for i, row in enumerate(self.rows):
            shown = i < self.count.value
            if shown:
                self._relabel_row(i)  # labelled in the form's language before it shows
            row.layout.display = None if shown else "none"

    # -- answers ----------------------------------------------------------------------------
    def config(self) -> GameConfig:
        """The answers as a validated config (ValueError with a message if they are not)."""
        n = self.count.value
        colors = [self.colors[i].value for i in range(n)]
        if len(set(colors)) != n:
            raise ValueError(tr("setup.same_color", self._lang))
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError(tr("setup.bad_seed", self._lang))
        seats = tuple(Seat(clean_name(self.names[i].value, self._default_name(i)),
                           colors[i], self.kinds[i].value) for i in range(n))
        return GameConfig(seats, self.rules.value, self._lang, int(text) if text else None,
                          coach=self.coach.value)

    def submit(self, online: bool = False) -> GameConfig | None:
        """Start a game with the answers (``online``: in a room, each player on their own
        device), or say what is wrong."""
        try:
            config = self.config()
        except ValueError as exc:
            self.error.value = message_html(tr("setup.bad", self._lang, error=str(exc)),
                                            "refused")
            return None
        self.error.value = ""
        if online and self.on_online is not None:
            self.on_online(config)
        else:
            self.on_start(config)
        return config

    def show_saved(self, saved: Sequence[SavedGame]) -> None:
        """Offer the games in progress (from the autosave) as resume buttons.

        Buttons are reused, never replaced, and unused ones hidden: the list is read again
        when a browser connects, while the page may still be drawing them, and closing a
        widget under it breaks the page's widget manager.
        """
        self._saved = tuple(saved)
        labels = distinct_labels(self._saved, self._lang)
        buttons = list(self.resume_box.children)
        while len(buttons) < len(self._saved):
            buttons.append(self._resume_button(len(buttons)))
        if len(buttons) != len(self.resume_box.children):
            self.resume_box.children = buttons
        for i, button in enumerate(buttons):
            shown = i < len(self._saved)
            button.layout.display = None if shown else "none"
            if shown:
                with button.hold_sync():  # one message per button
                    button.description = labels[i]
                    button.tooltip = labels[i]
        self.labels["resume"].value = (f"<h4>{tr('play.resume_title', self._lang)}</h4>"
                                       if self._saved else "")

    def _resume_button(self, i: int) -> w.Button:
        button = w.Button(icon="history", layout=w.Layout(width="auto", max_width="100%",
                                                          flex="0 0 auto"))
        button.add_class("warkit-resume-game")
        button.on_click(lambda _: self._resume(i))
        return button

    def _resume(self, i: int) -> None:
        if self.on_resume is not None and i < len(self._saved):
            self.on_resume(self._saved[i])
