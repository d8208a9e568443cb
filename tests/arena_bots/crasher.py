"""Ends its own process at its first attack."""
import os

from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def attack(self, view, legal):
        os._exit(3)
