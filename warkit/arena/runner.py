"""Run an arena: schedule the games, play them here, on this machine's cores or on a Dask
cluster, with a progress bar, and collect an :class:`~warkit.arena.report.ArenaResult`.

Game ``g`` is played with seed ``seed + g``, whatever plays it, so a run gives the same games
on one process, on many, or on a cluster (students' bots that never fault included).
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ..game import MAX_PLAYERS, MIN_PLAYERS
from ..rules import find_rules
from .entrants import Entrant, entrants
from .play import GameRecord, GameSpec, play_chunk
from .ratings import ANCHOR
from .report import ArenaResult
from .sandbox import DEFAULT_LIMITS, Limits, close_sandboxes
from .schedule import schedule

CHUNK = 4
"""Games per task sent to a worker: small, so the last tasks finish together."""


def run_arena(bots: Iterable[str | Path | Entrant], players: int | None = None,
              games: int = 60, rules: str = "classic", seed: int = 0,
              processes: int | None = None, scheduler: str | Any | None = None,
              max_turns: int = 500, limits: Limits = DEFAULT_LIMITS, anchor: str | None = ANCHOR,
              progress: bool = True, key: str | None = None) -> ArenaResult:
    """Play ``games`` seeded games between ``bots`` (level names, students' ``.py`` files,
    folders of them, or :class:`Entrant` objects) at ``players`` seats (3 to 6).

    ``anchor`` (``"random"``) is added to the bots if missing, so ratings are anchored
    (``None``: no anchor). ``processes``: worker processes on this machine (default: every
    core; 1 plays here). ``scheduler``: a Dask scheduler's address (or a ``Client``) to play
    on a cluster instead. ``limits``: what students' bots may use (:class:`Limits`).
    """
    field = entrants(bots)
    if anchor is not None and anchor not in {e.name for e in field}:
        field.append(Entrant.level(anchor))
    unique = list(dict.fromkeys(field))
    names = [e.name for e in unique]
    if not names:
        raise ValueError("an arena needs at least one bot")
    if players is None:
        players = min(max(len(names), MIN_PLAYERS), MAX_PLAYERS)
    if isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"War is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    if games < 1:
        raise ValueError(f"an arena needs at least one game, got {games}")
    find_rules(rules)  # an unknown rule set fails here, before any game
    key = key or secrets.token_hex(16)
    specs = [GameSpec(i, seed + i, rules, seats, max_turns, key)
             for i, seats in enumerate(schedule(names, players, games, seed))]
    by_name = {e.name: e for e in unique}
    started = time.perf_counter()
    with _progress(len(specs), progress) as bar:
        if scheduler is not None:
            records, where = _on_dask(scheduler, specs, by_name, limits, bar.update)
        elif (processes or os.cpu_count() or 1) <= 1:
            records, where = [], "1 process"
            try:
                for spec in specs:
                    records.extend(play_chunk([spec], by_name, limits))
                    bar.update(1)
            finally:
                close_sandboxes()
        else:
            count = processes or os.cpu_count() or 1
            records, where = _on_processes(count, specs, by_name, limits, bar.update)
    records.sort(key=lambda r: r.index)
    return ArenaResult(tuple(names), players, rules, seed, records,
                       time.perf_counter() - started, where, max_turns, anchor, limits)


def _chunks(specs: Sequence[GameSpec]) -> list[list[GameSpec]]:
    return [list(specs[i:i + CHUNK]) for i in range(0, len(specs), CHUNK)]


def _on_processes(count: int, specs: Sequence[GameSpec], by_name: dict[str, Entrant],
                  limits: Limits, update: Callable[[int], Any]
                  ) -> tuple[list[GameRecord], str]:
    records: list[GameRecord] = []
    context = get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(count, mp_context=context) as pool:
        futures = [pool.submit(play_chunk, chunk, by_name, limits) for chunk in _chunks(specs)]
        for future in as_completed(futures):
            part = future.result()
            records.extend(part)
            update(len(part))
    return records, f"{count} processes"


def _on_dask(scheduler: str | Any, specs: Sequence[GameSpec], by_name: dict[str, Entrant],
             limits: Limits, update: Callable[[int], Any]) -> tuple[list[GameRecord], str]:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise ValueError("playing on a Dask cluster needs dask.distributed: "
                         "pip install 'warkit[arena]'") from None
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        workers = len(client.scheduler_info()["workers"])
        futures = client.map(play_chunk, _chunks(specs), entrants=by_name, limits=limits,
                             pure=False)
        records: list[GameRecord] = []
        for future in dask_completed(futures):
            part = future.result()
            records.extend(part)
            update(len(part))
    finally:
        if client is not scheduler:
            client.close()
    return records, f"Dask cluster, {workers} workers"


def _progress(total: int, enabled: bool) -> Any:
    """A tqdm bar (a widget in a notebook, text in a terminal), or a silent stand-in."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        enabled = False
    if not enabled:
        return _Silent()
    return tqdm(total=total, unit="game", desc="arena")


class _Silent:
    def __enter__(self) -> _Silent:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int = 1) -> None:
        return None
