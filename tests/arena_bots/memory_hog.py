"""Asks for far more memory than the sandbox allows, at every placement."""
from warkit.bots.student import StudentBot


class Bot(StudentBot):
    def place(self, view, legal):
        self.hoard = bytearray(4 * 1024 ** 3)  # 4 GB
        return legal[0]
