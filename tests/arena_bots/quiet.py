"""A well-behaved five-line bot (the API's example), which also prints: nothing breaks."""
from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def attack(self, view, legal):
        print("thinking...")
        return self.strongest_attack(view, legal) or self.end(legal)
