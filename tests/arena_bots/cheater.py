"""Tries to read what it must not: the game state, others' hands, other processes' memory.

It plays like ``easy``; if any attempt succeeds it raises ``RuntimeError("LEAK ...")``, which
the arena counts as an error: a test asserts it never does. ``leaks()`` is also called by the
test in its own process, where a game state exists, to show the search does find one.
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
    for pid in [os.getppid()] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
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
