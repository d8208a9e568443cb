"""The class tournament's leaderboard page (``notebooks/leaderboard.ipynb``, served by Voilà).

It shows an arena run (:class:`warkit.arena.ArenaResult`): the leaderboard with the ratings and
their intervals (:func:`~warkit_widgets.lessons.arena.leaderboard_html`), the head-to-head
table, and lab 08's question for any two bots the reader picks, "is A really better than B?",
answered by the sign test over the games both played.

Where the run comes from: an arena CSV (``python -m warkit.arena ... --csv games.csv``) the
reader uploads, or that the teacher names when starting the page (``WARKIT_ARENA_CSV``); or a
folder of students' bots the teacher names (``WARKIT_ARENA_BOTS``), played here, sandboxed,
with the "Play" button. Without either, a small demonstration run of the built-in levels.
Every figure comes from the result; this module only lays it out, in pt or en.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from warkit_widgets.i18n import fmt_number

from warkit.arena import ArenaResult, load_csv, run_arena

from .arena import head_to_head_html, leaderboard_html
from .messages import tr

ALPHA = 0.05
"""The significance level of the page's verdict (lab 08's)."""
DEMO_BOTS = ("hard", "normal", "easy")
"""The levels of the demonstration run (the arena adds ``random``, the ratings' anchor)."""
CSV_ENV, BOTS_ENV = "WARKIT_ARENA_CSV", "WARKIT_ARENA_BOTS"


def demo_result(games: int = 24, seed: int = 0) -> ArenaResult:
    """A small run of the built-in levels at 3 seats, played here (a few seconds)."""
    return run_arena(list(DEMO_BOTS), players=3, games=games, seed=seed, processes=1,
                     progress=False)


def verdict_html(result: ArenaResult, a: str, b: str, lang: str, alpha: float = ALPHA) -> str:
    """Lab 08's question about ``a`` and ``b``: the games both played, who finished ahead of
    whom how often, the sign test's p-value and what it lets us say."""
    if a == b:
        return escape(tr("board.same_bot", lang))
    h = result.head_to_head(a, b)
    if not h.games:
        return escape(tr("board.never_met", lang, a=a, b=b))
    counts = tr("board.counts", lang, games=h.games, a=a, b=b, a_ahead=h.a_ahead,
                b_ahead=h.b_ahead)
    chance = tr("board.chance", lang, p=fmt_number(h.p_value, lang, 3))
    if h.p_value < alpha and h.a_ahead != h.b_ahead:
        better, worse = (a, b) if h.a_ahead > h.b_ahead else (b, a)
        answer = tr("board.better", lang, better=better, worse=worse,
                    alpha=fmt_number(alpha, lang, 2))
    else:
        answer = tr("board.cannot_tell", lang, alpha=fmt_number(alpha, lang, 2))
    return f"{escape(counts)} {escape(chance)}<br><b>{escape(answer)}</b>"


class Leaderboard(widgets.VBox):
    """The page: where the run comes from, the leaderboard, head to head, "A better than B?"."""

    def __init__(self, lang: str = "pt", result: ArenaResult | None = None,
                 bots_folder: str | Path | None = None,
                 play: Callable[..., ArenaResult] = run_arena) -> None:
        self.lang = lang
        self.result = result
        self.bots_folder = Path(bots_folder) if bots_folder else None
        self._play = play
        self.title = widgets.HTML()
        self.source = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".csv", multiple=False)
        self.upload.observe(self._uploaded, "value")
        self.games = widgets.BoundedIntText(value=60, min=1, max=10_000, step=1,
                                            layout=widgets.Layout(width="90px"))
        self.play_button = widgets.Button(button_style="primary")
        self.play_button.on_click(lambda _: self.play_folder())
        self.message = widgets.HTML()
        self.board = widgets.HTML()
        self.pairs = widgets.HTML()
        self.pick_a = widgets.Dropdown(layout=widgets.Layout(width="180px"))
        self.pick_b = widgets.Dropdown(layout=widgets.Layout(width="180px"))
        for pick in (self.pick_a, self.pick_b):
            pick.observe(lambda _: self._judge(), "value")
        self.verdict = widgets.HTML()
        self.question = widgets.HTML()
        self.heads = [widgets.HTML() for _ in range(3)]
        playing = [self.games, self.play_button] if self.bots_folder else []
        super().__init__([
            self.title, self.source, widgets.HBox([self.upload, *playing]), self.message,
            self.heads[0], self.board, self.heads[1], self.pairs, self.heads[2], self.question,
            widgets.HBox([self.pick_a, self.pick_b]), self.verdict])
        self.add_class("warkit-leaderboard")
        self._labels()
        if result is not None:
            self.show(result)

    # -- where the run comes from ----------------------------------------------------------
    @classmethod
    def from_environment(cls, lang: str) -> Leaderboard:
        """The page a teacher started: the CSV named by ``WARKIT_ARENA_CSV``, else the demo
        run; ``WARKIT_ARENA_BOTS`` names the folder the "Play" button plays."""
        folder = os.environ.get(BOTS_ENV) or None
        path = os.environ.get(CSV_ENV)
        page = cls(lang, bots_folder=folder)
        if path:
            page.load(Path(path))
        else:
            page.show(demo_result(), demo=True)
        return page

    def load(self, path: Path) -> None:
        """Show the run an arena CSV recorded; a file that is not one leaves the page as it
        was and says why."""
        try:
            result = load_csv(path)
        except (OSError, ValueError) as error:
            self._say(tr("board.bad_csv", self.lang, error=str(error)), error=True)
            return
        self.show(result, name=path.name)

    def _uploaded(self, change: dict[str, Any]) -> None:
        files: Sequence[Any] = change["new"]
        if not files:
            return
        upload = files[0]
        with tempfile.TemporaryDirectory(prefix="warkit_board_") as folder:
            path = Path(folder) / Path(str(upload["name"])).name
            path.write_bytes(bytes(upload["content"]))
            self.load(path)

    def play_folder(self) -> None:
        """Play the teacher's folder of bots against the built-in levels (sandboxed)."""
        if self.bots_folder is None:
            return
        self.play_button.disabled = True
        self._say(tr("board.playing", self.lang, games=self.games.value))
        try:
            result = self._play([self.bots_folder, "hard", "normal", "easy"], players=4,
                                games=int(self.games.value), progress=False)
        except (OSError, ValueError) as error:
            self._say(tr("board.bad_folder", self.lang, error=str(error)), error=True)
            return
        finally:
            self.play_button.disabled = False
        self.show(result, name=self.bots_folder.name)

    # -- what the page shows ---------------------------------------------------------------
    def show(self, result: ArenaResult, name: str = "", demo: bool = False) -> None:
        self.result = result
        self._demo, self._name = demo, name
        self.board.value = leaderboard_html(result, self.lang)
        self.pairs.value = head_to_head_html(result, self.lang, ALPHA)
        names = list(result.ratings()) or list(result.bots)
        self.pick_a.options, self.pick_b.options = names, names
        if len(names) > 1:
            self.pick_a.value, self.pick_b.value = names[0], names[1]
        self._describe()
        self._say("")
        self._judge()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._labels()
        if self.result is not None:
            self.show(self.result, self._name, self._demo)

    def _labels(self) -> None:
        lang = self.lang
        self.title.value = f"<h2>{escape(tr('board.title', lang))}</h2>"
        self.upload.description = tr("board.upload", lang)
        self.play_button.description = tr("board.play", lang)
        self.games.description = ""
        heads = ("board.standings", "board.head_to_head", "board.question")
        for widget, key in zip(self.heads, heads):
            widget.value = f"<h3>{escape(tr(key, lang))}</h3>"
        self.question.value = escape(tr("board.question_text", lang))

    def _describe(self) -> None:
        r = self.result
        if r is None:
            return
        text = tr("board.demo" if self._demo else "board.source", self.lang, name=self._name,
                  games=len(r.games), players=r.players, rules=r.rules, bots=len(r.bots))
        self.source.value = f"<p>{escape(text)}</p>"

    def _judge(self) -> None:
        a, b = self.pick_a.value, self.pick_b.value
        if self.result is None or a is None or b is None:
            self.verdict.value = ""
            return
        answer = verdict_html(self.result, a, b, self.lang)
        self.verdict.value = f"<p class='warkit-verdict'>{answer}</p>"

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b00020" if error else "#333"
        self.message.value = f"<p style='color:{color}'>{escape(text)}</p>" if text else ""


__all__ = ["Leaderboard", "demo_result", "verdict_html"]
