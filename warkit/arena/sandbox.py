"""Student bots in their own processes: a time limit per decision, a memory limit, fallbacks.

:class:`SandboxedBot` is a bot (``choose(view, legal)``) whose thinking happens in a child
process (:mod:`warkit.arena.child`) that receives only this seat's views and legal actions:
it never holds a game state, so peeking is impossible by construction, and as its own
process (unreadable by the others, without root) it cannot read another bot's memory.

**Faults and the fallback.** When the bot

- takes longer than ``Limits.seconds`` on the clock (``timeout``; the child is killed),
- ends its process, or runs out of its ``Limits.memory_mb`` and dies (``crash``),
- raises an exception (``error``),
- tries to read a file, open a network connection, start a program... (``forbidden``: the
  guard of :mod:`warkit.arena.guard` refused it, and the bot's answer, if any, is ignored),
- returns something that is not an action (``garbage``), or an action the rules do not allow
  now (``illegal``),

that decision is played by the **fallback, the** ``easy`` **bot** (seeded like the seat), and
the fault is counted. A killed or crashed child is started again at its next decision, with a
new bot made from its source (what it remembered is lost). After ``Limits.max_faults`` faults
in one game the bot is **benched** for the rest of that game: the fallback plays every
remaining decision at once (counted as ``benched``), so a bot that hangs costs seconds, not
hours. A tournament never stops for a student's bot.

A step with one legal action is played without asking the bot (as every level does).
The children are kept between games (per thread of the process playing them) and given the
source again at each game's start; a game with bots that never fault replays exactly.
"""

from __future__ import annotations

import os
import pickle
import selectors
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, parse_action
from ..bots.easy import EasyBot
from ..bots.evaluate import as_legal
from ..errors import InvalidActionError
from ..legal import LegalActions
from ..view import PlayerView
from .child import HEADER, MAX_REPLY, PR_SET_DUMPABLE
from .entrants import Entrant

FAULTS = ("timeout", "crash", "error", "forbidden", "garbage", "illegal", "benched")
"""The kinds of fault the report counts (see the module docstring)."""


@dataclass(frozen=True)
class Limits:
    """What a sandboxed bot may use."""

    seconds: float = 1.0
    """Per decision, on the clock (a shared machine is slower: leave room)."""
    memory_mb: int = 512
    """Address space of the bot's process (Python and the engine take about 100)."""
    max_faults: int = 3
    """Faults in one game before the bot is benched for the rest of it."""
    start_seconds: float = 30.0
    """To start the process and run the source at a game's start (not a decision)."""

    def __post_init__(self) -> None:
        if not self.seconds > 0 or self.memory_mb < 64 or self.max_faults < 1:
            raise ValueError("limits: seconds > 0, memory_mb >= 64 and max_faults >= 1")


DEFAULT_LIMITS = Limits()


class Fault(Exception):
    """A decision the bot did not make properly; ``kind`` is one of :data:`FAULTS`."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind, self.detail = kind, detail


def child_env() -> dict[str, str]:
    """The child's environment: nothing of the arena's (no credentials), one thread for
    numerical libraries."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
           "HOME": "/tmp", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    return env


def protect_self() -> None:
    """Without root the children run as our user: make this process (which holds the game
    state) unreadable to them through ``/proc`` (``PR_SET_DUMPABLE``). As root there is
    nothing to do: the children drop to ``nobody``."""
    if sys.platform.startswith("linux") and os.geteuid() != 0:
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


class Sandbox:
    """One child process running one student's bot; started on demand, killed on a fault."""

    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        protect_self()
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-m", "warkit.arena.child", str(self.memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=child_env(), close_fds=True, cwd="/")
        self.starts += 1

    def kill(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
        self.process = None

    def ask(self, request: tuple[Any, ...], seconds: float) -> dict[str, Any]:
        """Send a request and wait at most ``seconds`` for the reply (a dict); a fault raises
        :class:`Fault` (and kills the child when it timed out or broke the protocol)."""
        if not self.alive:
            self.start()
        assert self.process is not None and self.process.stdin is not None
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.process.stdin.write(HEADER.pack(len(data)) + data)
            self.process.stdin.flush()
            return self._reply(time.monotonic() + seconds)
        except Fault as fault:
            if fault.kind not in ("error", "forbidden"):  # the child is sound: keep it
                self.kill()
            raise
        except (BrokenPipeError, OSError) as error:
            self.kill()
            raise Fault("crash", f"the bot's process ended ({error})") from None

    def _reply(self, deadline: float) -> dict[str, Any]:
        assert self.process is not None and self.process.stdout is not None
        fd = self.process.stdout.fileno()
        head = self._read(fd, HEADER.size, deadline)
        (size,) = HEADER.unpack(head)
        if size > MAX_REPLY:
            raise Fault("garbage", f"a reply of {size:,} bytes")
        import json

        try:
            message = json.loads(self._read(fd, size, deadline))
        except ValueError:
            raise Fault("garbage", "a reply that is not JSON") from None
        if not isinstance(message, dict):
            raise Fault("garbage", "a reply that is not an object")
        if "error" in message:
            raise Fault("error", str(message["error"])[:2000])
        if "forbidden" in message:
            raise Fault("forbidden", str(message["forbidden"])[:2000])
        if "garbage" in message:
            raise Fault("garbage", f"returned {str(message['garbage'])[:200]}")
        return message

    def _read(self, fd: int, size: int, deadline: float) -> bytes:
        chunks, got = [], 0
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while got < size:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise Fault("timeout")
                chunk = os.read(fd, size - got)
                if not chunk:
                    code = self.process.wait() if self.process is not None else None
                    raise Fault("crash", f"the bot's process ended (exit code {code})")
                chunks.append(chunk)
                got += len(chunk)
        return b"".join(chunks)


_local = threading.local()


def sandbox_for(key: str, memory_mb: int) -> Sandbox:
    """This thread's sandbox for ``key`` (a bot and its seat), kept between games."""
    pool: dict[str, Sandbox] = _local.__dict__.setdefault("pool", {})
    box = pool.get(key)
    if box is None or box.memory_mb != memory_mb:
        if box is not None:
            box.kill()
        box = pool[key] = Sandbox(memory_mb)
    return box


def close_sandboxes() -> None:
    """Kill this thread's sandboxes (they also die with their parent)."""
    pool: dict[str, Sandbox] = _local.__dict__.get("pool", {})
    for box in pool.values():
        box.kill()
    pool.clear()


class SandboxedBot:
    """A student's bot playing one seat of one game from its sandbox (module docstring)."""

    def __init__(self, entrant: Entrant, seed: int, limits: Limits, key: str) -> None:
        if entrant.source is None:
            raise ValueError(f"{entrant.name} is a level, not a student's bot")
        self.entrant, self.seed, self.limits = entrant, seed, limits
        self.level = entrant.name
        self.box = sandbox_for(key, limits.memory_mb)
        self.fallback = EasyBot(seed)
        self.faults: Counter[str] = Counter()
        self.errors: list[str] = []
        self.times: list[float] = []
        """Seconds per decision on the clock, the round trip to the sandbox included."""
        self._ready = False

    def _fault(self, fault: Fault) -> None:
        self.faults[fault.kind] += 1
        if fault.detail and len(self.errors) < 5:
            self.errors.append(f"{fault.kind}: {fault.detail}")
        if not self.box.alive:  # killed (timeout, broken protocol) or dead: a new bot next time
            self._ready = False

    @property
    def benched(self) -> bool:
        return sum(n for kind, n in self.faults.items() if kind != "benched") \
            >= self.limits.max_faults

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        legal = as_legal(legal)
        started = time.perf_counter()
        if len(legal.families) == 1 and isinstance(legal.families[0], Action):
            return legal.families[0]  # a forced step: nothing to ask (as LevelBot does)
        if self.benched:
            self.faults["benched"] += 1
            action = self.fallback.choose(view, legal)
            self.times.append(time.perf_counter() - started)
            return action
        try:
            if not self._ready:
                self.box.ask(("game", self.entrant.source, self.seed), self.limits.start_seconds)
                self._ready = True
                started = time.perf_counter()
            reply = self.box.ask(("choose", view, legal), self.limits.seconds)
            action = self._parse(reply.get("action"), legal)
        except Fault as fault:
            self._fault(fault)
            action = self.fallback.choose(view, legal)
        self.times.append(time.perf_counter() - started)
        return action

    @staticmethod
    def _parse(text: Any, legal: LegalActions) -> Action:
        if not isinstance(text, str) or not text:
            raise Fault("garbage", "no action in the reply")
        try:
            action = parse_action(text)
        except InvalidActionError as error:
            raise Fault("garbage", str(error)[:200]) from None
        if action not in legal:
            raise Fault("illegal", f"{text} is not legal now")
        return action
