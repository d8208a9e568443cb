"""Returns things that are not actions, or actions that are not legal."""
from warkit.actions import Place
from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def place(self, view, legal):
        return "place everything everywhere"

    def attack(self, view, legal):
        return Place("brasil", 10_000)  # an action, but never legal in the attack step
