"""Saving, loading and autosaving the dashboard's games (pure Python, no widgets).

A saved game is a :func:`warkit.dumps` match record (validated JSON: every
action is replayed on load and must end where the file says) with the
dashboard's settings - the seats' names, colours and kinds, the language -
under ``meta["warkit_play"]``. :func:`load_game` checks the file's size, its
encoding, the record (:class:`warkit.SaveFileError`) and those settings, and
raises :class:`LoadProblem` with a message for the player; nothing of a bad
file reaches the running game.

:class:`Autosave` writes the game in progress to a folder on the server after
every human decision and every new turn, so a page reload or a kernel restart
can resume it; finished games are removed. ``WARKIT_AUTOSAVE_DIR`` chooses the
folder (empty: no autosave).

On a shared server the folder holds every visitor's games, so each game records which
browser saved it (:attr:`Autosave.browser`, a hash of the secret that browser keeps: see
:mod:`warkit_widgets.play.page.browser_identity`), and the games in progress listed and resumed are
only those of the browser that asks. A kernel that does not know its browser (yet, or
ever: no front end) offers none; so are never offered the files written before games had
an owner (they stay in the folder and still open with "Load a saved game").
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import warkit
from warkit import GameState, Match, SaveFileError

from ..i18n import color_name, fmt_datetime, normalize_lang
from .config import HUMAN, SEAT_KINDS, Seat, clean_name
from .messages import tr
from .rule_sets import rules_label

if TYPE_CHECKING:
    from .controller import GameController

META_KEY = "warkit_play"
MAX_UPLOAD = 1_000_000
"""Bytes: a whole long game is about 100 KB."""
KEEP = 50
"""Autosaved games kept per folder (the oldest, untouched for an hour, are removed)."""


class LoadProblem(ValueError):
    """A saved game that cannot be loaded: ``key`` names the reason (a message whose
    ``params`` fill it); :meth:`text` is the whole notice in a language, the reason included."""

    def __init__(self, key: str, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(self.text("en"))

    def reason(self, lang: str) -> str:
        """Why, in ``lang``; in English the engine's own words follow as the detail."""
        text = tr(self.key, lang, **self.params)
        detail = self.params.get("detail")
        return f"{text} ({detail})" if detail and normalize_lang(lang) == "en" else text

    def text(self, lang: str) -> str:
        return tr("play.load_failed", lang, error=self.reason(lang))


_FILE_PROBLEMS = (("not valid JSON", "play.bad.json"), ("JSON object", "play.bad.json"),
                  ("must be a JSON object", "play.bad.json"), ("this is not a", "play.bad.format"),
                  ("is not supported", "play.bad.version"), ("too large", "play.bad.size"),
                  ("cannot be replayed", "play.bad.replay"),
                  ("does not end in the recorded state", "play.bad.replay"))


def file_problem(exc: SaveFileError) -> LoadProblem:
    """The engine's reason for refusing a file, as a :class:`LoadProblem` a player reads in
    their language (the engine's English words are kept as the detail of the English text)."""
    detail = str(exc)
    for words, key in _FILE_PROBLEMS:
        if words in detail:
            return LoadProblem(key, detail=detail)
    return LoadProblem("play.bad.content", detail=detail)


def settings_of(controller: GameController) -> dict[str, Any]:
    """The dashboard's part of a saved game (under ``meta["warkit_play"]``)."""
    state = controller.state
    return {"seats": [s.to_dict() for s in controller.seats], "lang": controller.lang,
            "pace": controller.pace, "game_id": controller.game_id,
            "rules": state.rules.name, "round": state.round, "turn": state.turn,
            "over": state.is_terminal, "saved": datetime.now().isoformat(timespec="seconds"),
            "coach": controller.coach_allowed, "hints": list(controller.hints_asked)}


def dump_game(controller: GameController, **extra: Any) -> str:
    """The game as the text of a save file (``extra``: more settings, e.g. the autosave's
    owner, kept out of a downloaded file)."""
    controller.match.meta[META_KEY] = {**settings_of(controller), **extra}
    return warkit.dumps(controller.match)


def file_name(controller: GameController) -> str:
    """A file name that says what the save holds: ``war-classic-turn-12-20261121-1502.json``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    return f"war-{controller.state.rules.name}-turn-{controller.state.turn}-{stamp}.json"


def _seats(settings: Any, colors: tuple[str, ...]) -> tuple[Seat, ...]:
    """The seats of a saved game, checked; defaults (seat 1 human, computers) if absent."""
    if settings is None:
        return tuple(Seat(color_name(c, "en").capitalize(), c, HUMAN if i == 0 else "normal")
                     for i, c in enumerate(colors))
    if not isinstance(settings, dict) or not isinstance(settings.get("seats"), list):
        raise LoadProblem("play.bad_seats.none")
    raw = settings["seats"]
    if len(raw) != len(colors):
        raise LoadProblem("play.bad_seats.count", found=len(raw), players=len(colors))
    seats = []
    for i, (item, color) in enumerate(zip(raw, colors)):
        if not isinstance(item, dict) or item.get("color") != color:
            raise LoadProblem("play.bad_seats.color", seat=i + 1)
        if item.get("kind") not in SEAT_KINDS:
            raise LoadProblem("play.bad_seats.kind", seat=i + 1)
        if not isinstance(item.get("name"), str):
            raise LoadProblem("play.bad_seats.name", seat=i + 1)
        seats.append(Seat(clean_name(item["name"], color), color, item["kind"]))
    return tuple(seats)


def load_game(data: bytes | str, **options: Any) -> GameController:
    """A controller for a saved game's text (validated; see the module docstring).

    ``options`` go to :class:`GameController` (autosave...); the language and pace
    saved in the file are kept unless given.
    """
    size = len(data)
    if size > MAX_UPLOAD:
        raise LoadProblem("play.too_big", size=size, limit=MAX_UPLOAD)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise LoadProblem("play.not_text") from None
    try:
        loaded = warkit.loads(data)
    except SaveFileError as exc:
        raise file_problem(exc) from None
    match = loaded if isinstance(loaded, Match) else Match(loaded)
    if isinstance(loaded, GameState) and loaded.phase is warkit.Phase.SETUP:
        raise LoadProblem("play.not_dealt")
    settings = match.meta.get(META_KEY)
    seats = _seats(settings, match.state.colors)
    saved = settings if isinstance(settings, dict) else {}
    options.setdefault("lang", _lang(saved.get("lang")))
    options.setdefault("pace", saved.get("pace", "normal"))
    game_id = saved.get("game_id")
    if isinstance(game_id, str) and game_id.isalnum() and len(game_id) <= 32:
        options.setdefault("game_id", game_id)
    if match.seed is None:  # a bare state: fresh luck from here on
        match.seed = secrets.randbits(63)
    from .controller import GameController  # the game, only once one is loaded

    game = GameController(match, seats, **options)
    game.coach_allowed = saved.get("coach") is not False
    hints = saved.get("hints")
    if (isinstance(hints, list) and len(hints) == len(seats)
            and all(type(h) is int and h >= 0 for h in hints)):
        game.hints_asked = list(hints)
    return game


def _lang(value: object) -> str:
    try:
        return normalize_lang(value if isinstance(value, str) else None)
    except ValueError:
        return "pt"


# -- autosave ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SavedGame:
    """A game in progress found in the autosave folder (for the "resume" buttons)."""

    game_id: str
    path: Path
    players: tuple[str, ...]
    rules: str
    turn: int
    modified: float
    pace: str = "normal"

    def label(self, lang: str) -> str:
        """Who plays, the rules, the turn and when it was last played (day and time)."""
        when = fmt_datetime(datetime.fromtimestamp(self.modified), lang)
        return tr("play.resume", lang, players=", ".join(self.players),
                  rules=rules_label(self.rules, lang), turn=self.turn, when=when)


def distinct_labels(games: Sequence[SavedGame], lang: str) -> list[str]:
    """The games' labels, each told apart from the others: labels that would read the same
    (the same players, turn and minute) get the seconds, then the game's id."""
    labels = [g.label(lang) for g in games]
    for i, game in enumerate(games):
        if labels.count(labels[i]) > 1:
            stamp = datetime.fromtimestamp(game.modified).strftime(":%S")
            head, _, tail = labels[i].rpartition(")")
            labels[i] = f"{head}{stamp}){tail}" if head else labels[i]
    for i, game in enumerate(games):
        if labels.count(labels[i]) > 1:
            labels[i] = f"{labels[i]} · #{game.game_id[:6]}"
    return labels


def default_folder() -> Path | None:
    """``$WARKIT_AUTOSAVE_DIR`` (empty: autosave off), else ``~/.local/share/warkit/autosave``."""
    env = os.environ.get("WARKIT_AUTOSAVE_DIR")
    if env is not None:
        return Path(env) if env.strip() else None
    return Path.home() / ".local" / "share" / "warkit" / "autosave"


def write_private(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, readable by its owner only (0600): an autosaved
    game holds every hand and objective, and the server may have other users."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # a file written before keeps no wider mode
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


class Autosave:
    """Writes a game in progress to ``folder/<game id>.json`` (see the module docstring).

    A game resumed in another kernel (a page reload leaves the old kernel
    running for a while) takes the game over: each writer claims the game with
    a token in ``<game id>.owner`` and stops writing once another has claimed it.

    ``browser`` is who asks: the games are written under it and only its games are
    listed and resumed (``None``: unknown, nothing is offered).
    """

    def __init__(self, folder: Path | str | None = None, browser: str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.browser = browser
        self.token = secrets.token_hex(8)
        self.writes = 0
        self.errors: list[str] = []

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def __call__(self, controller: GameController) -> None:
        """Save the controller's game now (or remove it if the game is over)."""
        if self.folder is None:
            return
        path = self.folder / f"{controller.game_id}.json"
        owner = path.with_suffix(".owner")
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if owner.exists() and owner.read_text() != self.token:
                return  # another page took this game over
            if controller.state.is_terminal:
                path.unlink(missing_ok=True)
                owner.unlink(missing_ok=True)
                return
            write_private(owner, self.token)
            tmp = path.with_suffix(f".{self.token}.tmp")
            write_private(tmp, dump_game(controller, browser=self.browser))
            os.replace(tmp, path)
            self.writes += 1
        except OSError as exc:  # a full or read-only disk must not stop the game
            self.errors.append(str(exc))

    def claim(self, game_id: str) -> None:
        """Make this writer the owner of a game (when resuming it)."""
        if self.folder is not None:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_private(self.folder / f"{game_id}.owner", self.token)

    def games(self) -> list[SavedGame]:
        """This browser's games in progress, newest first (finished ones and other browsers'
        are left out; beyond :data:`KEEP`, files untouched for an hour are removed)."""
        if self.folder is None or self.browser is None or not self.folder.is_dir():
            return []
        found: list[SavedGame] = []
        for path in sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime,
                           reverse=True):
            try:
                if len(found) >= KEEP or path.stat().st_size > MAX_UPLOAD:
                    raise ValueError("too many or too large")
                meta = json.loads(path.read_text(encoding="utf-8"))["meta"][META_KEY]
                if meta.get("over") or meta.get("browser") != self.browser:
                    continue  # finished, or another browser's: not offered here
                found.append(SavedGame(path.stem, path, tuple(s["name"] for s in meta["seats"]),
                                       str(meta["rules"]), int(meta["turn"]),
                                       path.stat().st_mtime, str(meta.get("pace", "normal"))))
            except (OSError, ValueError, KeyError, TypeError):
                if len(found) >= KEEP and time.time() - path.stat().st_mtime > 3600:
                    path.unlink(missing_ok=True)
        return found

    def resume(self, game: SavedGame | str, **options: Any) -> GameController:
        """Load one of this browser's autosaved games (validated like any file) and take it
        over; another browser's game is refused (:class:`LoadProblem`)."""
        game_id = game.game_id if isinstance(game, SavedGame) else game
        mine = {g.game_id: g.path for g in self.games()}
        if game_id not in mine:
            raise LoadProblem("play.not_yours")
        controller = load_game(mine[game_id].read_bytes(), autosave=self, **options)
        self.claim(controller.game_id)
        return controller
