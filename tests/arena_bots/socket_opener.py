"""Tries to reach the network at its first placement: a TCP connection, a UDP datagram, a
name lookup. Each raises in the sandbox (the guard refuses sockets); the arena counts a
``forbidden`` fault and plays the decision by the fallback."""
import socket

from warkit.bots.student import StudentBot


class Bot(StudentBot):
    tries = 0

    def place(self, view, legal):
        self.tries += 1
        kind = self.tries % 3
        if kind == 1:
            socket.create_connection(("127.0.0.1", 80), timeout=0.2)
        elif kind == 2:
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1", 9))
        else:
            socket.getaddrinfo("example.com", 80)
        return super().place(view, legal)
