"""Sleeps forever at its first attack: every such decision times out."""
import time

from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def attack(self, view, legal):
        time.sleep(10_000)
