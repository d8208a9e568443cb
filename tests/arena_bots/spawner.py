"""Tries to keep working between its decisions: a thread, then a child process."""
import os
import threading

from warkit.bots.student import StudentBot


def spin():
    while True:
        pass


class Bot(StudentBot):
    def place(self, view, legal):
        threading.Thread(target=spin, daemon=True).start()
        return super().place(view, legal)

    def attack(self, view, legal):
        if os.fork() == 0:
            spin()
        return super().attack(view, legal)
