"""A replay you can step through: any recorded match on the map, move by move (a component).

:class:`ReplayWidget` shows a :class:`~warkit_widgets.replay_model.Replay`: the map with an
arrow for each move, play / pause, step back and forth, the first and last move, a speed,
a slider over every move and a box to jump to a turn; beside it the dice of the turn's last
roll, the log up to the move, each player's secrets (hidden until the end, but the saving
seat's own) and the luck so far against the exact expectation (:mod:`warkit_widgets.luck_panel`).
``on_fork(replay)`` adds a "continue from here" button (the dashboard starts a new game
from the position; see :mod:`warkit_widgets.play.replay_panel`).

In a lesson::

    from warkit_widgets.replay import ReplayWidget
    ReplayWidget(warkit.loads(open("famous-game.json").read()), names=["Ana", "Bia", "Caio"])

``log`` turns the record into the log's HTML up to a move (the dashboard passes its
translated log); the default is the engine's narration (:mod:`warkit.narrate`, English).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from warkit import Match, world_map
from warkit.narrate import describe

from .dice import DiceWidget
from .i18n import color_name, normalize_lang, territory_name, tr
from .luck_panel import luck_html
from .mapwidget import MapWidget
from .models import card_label
from .replay_model import SPEEDS, Replay
from .report import ErrorReporter

Schedule = Callable[[float, Callable[[], None]], Any]
LogSource = Callable[[Match, int, str, Sequence[str]], str]
"""``log(match, upto, lang, names)``: the log's HTML for the first ``upto`` actions."""


LOG_LINES = 40
"""Lines of the log shown (the newest up to the move)."""


def narration_log(match: Match, upto: int, lang: str, names: Sequence[str]) -> str:
    """The default log: the engine's narration (English) of the moves up to ``upto``,
    newest first."""
    lines = []
    for i in range(upto - 1, -1, -1):
        text = describe(match.states[i], match.actions[i], match.states[i + 1])
        if text:
            lines.append(f"<div>{escape(text)}</div>")
            if len(lines) >= LOG_LINES:
                break
    return '<div class="wk-log">' + "".join(lines) + "</div>"


def default_schedule() -> Schedule:
    """``call_later`` of the running asyncio loop (the kernel's)."""
    try:
        return asyncio.get_running_loop().call_later
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop().call_later


def _button(css: str, icon: str) -> w.Button:
    button = w.Button(icon=icon, layout=w.Layout(width="auto"))
    button.add_class(css)
    return button


class ReplayWidget(w.VBox):
    """A recorded match to watch and step through (see the module docstring).

    ``source``: a :class:`warkit.Match` or a :class:`Replay`; ``names``: the players' names
    (default: their colours); ``viewer``: the seat whose secrets show from the start.
    """

    def __init__(self, source: Match | Replay, *, names: Sequence[str] | None = None,
                 viewer: int | None = None, lang: str = "pt", log: LogSource | None = None,
                 on_fork: Callable[[Replay], object] | None = None,
                 schedule: Schedule | None = None, start: int | None = None) -> None:
        lang = normalize_lang(lang)
        self.replay = (source if isinstance(source, Replay)
                       else Replay(source, viewer=viewer, lang=lang, start=start))
        self.replay.lang = lang
        colors = self.replay.match.states[0].colors
        self.names = tuple(names) if names is not None else tuple(
            color_name(c, lang).capitalize() for c in colors)
        if len(self.names) != len(colors):
            raise ValueError(f"{len(self.names)} names for {len(colors)} players")
        self.log_source = log or narration_log
        self.on_fork = on_fork
        self.schedule = schedule
        self._timer: Any = None
        self._moving = False
        self.reporter = ErrorReporter(lang)
        guard = self.reporter.guard
        self.where = w.HTML()
        self.where.add_class("warkit-replay-where")
        self.first_button = _button("warkit-replay-first", "fast-backward")
        self.back_button = _button("warkit-replay-back", "step-backward")
        self.play_button = _button("warkit-replay-play", "play")
        self.step_button = _button("warkit-replay-step", "step-forward")
        self.last_button = _button("warkit-replay-last", "fast-forward")
        r = self.replay
        self.first_button.on_click(guard(lambda _: r.goto(r.first_dealt)))
        self.back_button.on_click(guard(lambda _: r.step(-1)))
        self.play_button.on_click(guard(lambda _: self.toggle_play()))
        self.step_button.on_click(guard(lambda _: r.step(1)))
        self.last_button.on_click(guard(lambda _: r.goto(r.end)))
        self.speed = w.Dropdown(layout=w.Layout(width="auto"))
        self.speed.add_class("warkit-replay-speed")
        self.speed.observe(guard(self._speed_chosen), "value")
        turns = r.turns
        self.turn_box = w.BoundedIntText(r.turn, min=turns[0], max=turns[-1],
                                         layout=w.Layout(width="11em"),
                                         style={"description_width": "initial"})
        self.turn_box.add_class("warkit-replay-turn")
        self.go_button = w.Button(layout=w.Layout(width="auto"))
        self.go_button.add_class("warkit-replay-go")
        self.go_button.on_click(guard(lambda _: r.jump_to_turn(self.turn_box.value)))
        self.slider = w.IntSlider(r.index, min=r.first_dealt, max=max(r.end, r.first_dealt),
                                  layout=w.Layout(width="100%"), continuous_update=False,
                                  readout=False)
        self.slider.add_class("warkit-replay-slider")
        self.slider.observe(guard(self._slid), "value")
        self.fork_button = w.Button(button_style="success", icon="code-fork",
                                    layout=w.Layout(width="auto",
                                                    display=None if on_fork else "none"))
        self.fork_button.add_class("warkit-replay-fork")
        self.fork_button.on_click(guard(lambda _: self.on_fork and self.on_fork(self.replay)))
        controls = w.HBox([self.first_button, self.back_button, self.play_button,
                           self.step_button, self.last_button, self.speed, self.turn_box,
                           self.go_button, self.fork_button],
                          layout=w.Layout(flex_flow="row wrap", align_items="center",
                                          grid_gap="4px"))
        self.map = MapWidget(r, status=False, tint="owner")  # type: ignore[arg-type]
        self.dice = DiceWidget(lang=lang, animate=False)
        self.log_title = w.HTML()
        self.log_view = w.HTML()
        self.log_view.add_class("warkit-replay-log")
        self.secrets = w.HTML()
        self.secrets.add_class("warkit-replay-secrets")
        self.luck = w.HTML()
        self.luck.add_class("warkit-replay-luck")
        left = w.VBox([self.map, self.slider], layout=w.Layout(flex="3 1 560px", min_width="0"))
        right = w.VBox([self.dice, self.secrets, self.log_title, self.log_view],
                       layout=w.Layout(flex="2 1 320px", min_width="280px"))
        body = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", grid_gap="12px"))
        super().__init__([self.where, controls, body, self.luck, self.reporter.box])
        self.add_class("warkit-replay")
        self._unsubscribe = r.subscribe(guard(self._changed))
        self._relabel()
        self._show()

    # -- language ----------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.replay.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.reporter.lang = self.dice.lang = normalize_lang(value)
        self.replay.lang = value  # notifies "lang": everything is said again

    def _relabel(self) -> None:
        lang = self.lang
        for button, key in ((self.first_button, "replay.first"),
                            (self.back_button, "replay.back"),
                            (self.step_button, "replay.step"), (self.last_button, "replay.last"),
                            (self.go_button, "replay.go"), (self.fork_button, "replay.fork")):
            button.description = tr(key, lang)
        self.play_button.description = tr("replay.pause" if self.replay.playing
                                          else "replay.play", lang)
        self.play_button.icon = "pause" if self.replay.playing else "play"
        with self.speed.hold_sync():
            self.speed.options = [(tr(f"replay.speed.{s}", lang), s) for s in SPEEDS]
            self.speed.value = self.replay.speed
            self.speed.description = tr("replay.speed", lang)
        self.turn_box.description = tr("replay.turn", lang)
        self.log_title.value = f"<b>{escape(tr('replay.log', lang))}</b>"

    def _speed_chosen(self, change: dict) -> None:
        if change["new"]:
            self.replay.set_speed(change["new"])

    # -- playing -----------------------------------------------------------------------------
    def toggle_play(self) -> None:
        """Play from here (the timer moves one move at the chosen speed), or pause."""
        if self.replay.playing:
            self.replay.pause()
        else:
            self.replay.play()

    def _arm(self) -> None:
        if self._timer is None and self.replay.playing:
            schedule = self.schedule or default_schedule()
            self._timer = schedule(SPEEDS[self.replay.speed], self.reporter.guard(self._tick))

    def _tick(self) -> None:
        self._timer = None
        if self.replay.tick() is not None:
            self._arm()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.replay.pause()
        self._unsubscribe()
        self.map.close()
        super().close()

    # -- following the replay ----------------------------------------------------------------
    def _slid(self, change: dict) -> None:
        if not self._moving and change["new"] != self.replay.index:
            self.replay.goto(change["new"])

    def _changed(self, aspects: frozenset[str]) -> None:
        if "lang" in aspects:
            self._relabel()
        if "playing" in aspects:
            self._relabel()
            if self.replay.playing:
                self._arm()
            elif self._timer is not None:
                self._timer.cancel()
                self._timer = None
        if aspects & {"position", "lang"}:
            self._show()

    def _show(self) -> None:
        """Everything that depends on the position."""
        r, lang = self.replay, self.lang
        state = r.state
        self._moving = True
        try:
            self.slider.value = r.index
        finally:
            self._moving = False
        self.turn_box.value = min(max(state.turn, self.turn_box.min), self.turn_box.max)
        self.where.value = "<b>" + escape(tr("replay.where", lang, round=state.round,
                                             turn=state.turn, player=self.names[state.current],
                                             move=r.index, total=r.end)) + "</b>"
        roll = r.last_roll()
        if roll is None:  # the tray says "no roll yet"
            if self.dice.comparison is not None:
                self.dice.clear()
        elif self.dice.comparison != roll[1]:
            self.dice.show_comparison(roll[1], False)
        self.log_view.value = self.log_source(r.match, r.index, lang, self.names)
        self.secrets.value = self._secrets_html()
        self.luck.value = luck_html(r.match, self.names, lang, upto=r.index)
        for button in (self.first_button, self.back_button):
            button.disabled = r.index <= r.first_dealt
        for button in (self.step_button, self.last_button):
            button.disabled = r.at_end

    def _secrets_html(self) -> str:
        lang = self.lang
        rows = []
        for secret in self.replay.secrets():
            name = escape(self.names[secret.seat])
            if secret.objective is None or secret.hand is None:
                text = escape(tr("replay.hidden", lang, n=secret.hand_size))
                rows.append(f'<li data-seat="{secret.seat}" class="wk-hidden"><b>{name}</b>: '
                            f"{text}</li>")
                continue
            objective = escape(world_map().objective(secret.objective).text(lang))
            cards = (", ".join(card_words(c, lang) for c in secret.hand)
                     or tr("replay.no_cards", lang))
            rows.append(f'<li data-seat="{secret.seat}" class="wk-shown"><b>{name}</b>: '
                        f"{objective} · {escape(cards)}</li>")
        return (f"<b>{escape(tr('replay.secrets', lang))}</b>"
                f'<ul class="wk-secrets">{"".join(rows)}</ul>')


def card_words(card: int, lang: str) -> str:
    shape, territory = card_label(card)
    if territory is None:
        return tr("shape.joker", lang)
    return f"{territory_name(territory, lang)} ({tr(f'shape.{shape}', lang)})"


__all__ = ["ReplayWidget", "card_words", "narration_log"]
