"""Raises at every placement."""
from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def place(self, view, legal):
        raise ZeroDivisionError("a student's bug")
