"""Tries to read files at every decision: the arena's environment, another bot's source, the
machine's users, a folder listing; it catches the refusals and answers anyway.

If a read succeeds it raises ``RuntimeError("LEAK ...")``; the sandbox's guard refuses every
one, and counts the decision as ``forbidden`` although the bot answered."""
import os

from warkit.bots.student import StudentBot

HERE = os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else "/tmp"


def read(path, mode="r"):
    with open(path, mode) as file:
        return file.read() if "r" in mode else file.write("x")


def attempts():
    yield lambda: read(f"/proc/{os.getppid()}/environ", "rb")
    yield lambda: read("/etc/passwd")
    yield lambda: os.listdir(HERE)
    yield lambda: read("/tmp/arena_file_reader_was_here", "w")
    yield lambda: os.open("/etc/hostname", os.O_RDONLY)


class Bot(StudentBot):
    def choose(self, view, legal):
        for attempt in attempts():
            try:
                attempt()
            except PermissionError:
                continue
            raise RuntimeError("LEAK: a file was read or written")
        return super().choose(view, legal)
