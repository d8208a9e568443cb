"""Bots wrapped so that each decision is timed: the tournament's and the arena's think times."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..actions import Action
from ..view import PlayerView
from . import Bot


class TimedBot:
    """Wraps a bot and records how long each of its decisions takes on the clock (seconds):
    what a player waits."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = getattr(bot, "level", type(bot).__name__)
        self.times: list[float] = []
        self.cpu_times: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - start)
        return action


class CpuTimedBot(TimedBot):
    """A :class:`TimedBot` that also records each decision's CPU time in the thinking thread
    (``cpu_times``): what the bot costs, whatever else a shared machine is doing. Not the
    default, as reading that clock is a system call (about a microsecond here)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.choose(view, legal)
        self.cpu_times.append(time.thread_time() - cpu)
        self.times.append(time.perf_counter() - start)
        return action
