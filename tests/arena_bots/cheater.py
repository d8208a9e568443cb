"""Imports the engine and tries to read the full game: the game state, others' hands, the
arena's environment and memory.

It plays like ``easy``; if any attempt succeeds it raises ``RuntimeError("LEAK ...")``: a
test asserts it never does. In memory there is nothing to find (the bot's process never holds
a state); the arena's process it may not even look at (``/proc`` is a file system: the
sandbox's guard refuses, and the decision counts as ``forbidden``). ``leaks()`` is also
called by the test in its own process, where a game state exists, to show the search does
find one.
"""
import gc
import os

from warkit.bots.student import StudentBot


def leaks(view=None):
    found = []
    from warkit.state import GameState

    if "ARENA_TEST_SECRET" in os.environ:
        found.append("the arena's environment")
    if any(isinstance(o, GameState) for o in gc.get_objects()):
        found.append("a GameState in memory")
    if view is not None:
        for secret in ("hands", "deck", "objective_cards", "discard"):
            if hasattr(view, secret):
                found.append(f"view.{secret}")
        if view.revealed_objectives is not None and view.phase.value != "game_over":
            found.append("revealed objectives")
    try:
        pids = [os.getppid()] + [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        pids = [os.getppid()]
    for pid in pids:
        if pid == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/mem", "rb") as mem:
                mem.read(1)
            found.append(f"read /proc/{pid}/mem")
        except OSError:
            pass
        try:
            with open(f"/proc/{pid}/environ", "rb") as env:
                if env.read(1):
                    found.append(f"read /proc/{pid}/environ")
        except OSError:
            pass
    return found


class Bot(StudentBot):
    looks = 0

    def choose(self, view, legal):
        self.looks += 1
        # every few decisions (a scan of /proc is slow on a busy machine: no timeouts)
        found = leaks(view) if self.looks % 25 == 1 else []
        if found:
            raise RuntimeError("LEAK " + "; ".join(found))
        return super().choose(view, legal)
