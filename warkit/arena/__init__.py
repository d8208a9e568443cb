"""The arena: seeded tournaments of any bots, students' bots sandboxed, ratings, a leaderboard.

From Python::

    from warkit.arena import run_arena
    result = run_arena(["hard", "normal", "class_bots/"], players=4, games=200)
    print(result.report())
    result.to_csv("games.csv")

From a terminal: ``python -m warkit.arena hard normal class_bots/ --players 4 --games 200``.

- :mod:`~warkit.arena.entrants`: levels by name, students' bots from ``.py`` files, folders
  or source text (a notebook cell);
- :mod:`~warkit.arena.schedule`: seats rotated, tables drawn when a class has more bots than
  seats;
- :mod:`~warkit.arena.sandbox`: each student's bot in its own process, limits and fallbacks;
- :mod:`~warkit.arena.play`: one game, its placings, students' seeds;
- :mod:`~warkit.arena.runner`: here, on the machine's cores, or on a Dask cluster;
- :mod:`~warkit.arena.report` and :mod:`~warkit.arena.ratings`: the leaderboard.

The students' API is :class:`warkit.bots.student.StudentBot`; the templates are
:func:`template` (``"en"`` or ``"pt"``).
"""

from __future__ import annotations

from pathlib import Path

from ..bots.student import StudentBot
from .entrants import Entrant, entrants
from .play import GameRecord, GameSpec, play_game
from .ratings import Rating, rate
from .report import ArenaResult, HeadToHead, Standing, load_csv, read_csv, replay
from .runner import run_arena
from .sandbox import FAULTS, Limits, SandboxedBot
from .schedule import schedule, seating

TEMPLATES = Path(__file__).resolve().parent / "templates"


def template(lang: str = "en") -> str:
    """The source of the bot template in ``lang`` (``"en"`` or ``"pt"``)."""
    if lang not in ("en", "pt"):
        raise ValueError(f"templates exist in 'en' and 'pt', not {lang!r}")
    return (TEMPLATES / f"bot_{lang}.py").read_text(encoding="utf-8")


__all__ = ["FAULTS", "ArenaResult", "Entrant", "GameRecord", "GameSpec", "HeadToHead", "Limits",
           "Rating", "SandboxedBot", "Standing", "StudentBot", "entrants", "load_csv", "play_game",
           "rate", "read_csv", "replay", "run_arena", "schedule", "seating", "template"]
