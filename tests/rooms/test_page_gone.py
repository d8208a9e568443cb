"""A room page whose browser is gone stops following the room: its heartbeat's ticks say
whether the page is still open somewhere, and its follower asks the room server nothing while
they are silent, so the kernel of a tab closed without Voilà's shutdown beacon falls idle
and Jupyter's culler can stop it (a kernel answered every few seconds never idles)."""

from __future__ import annotations

import threading
import time

from warkit_widgets.rooms.follower import ASLEEP_CHECK, RoomFollower
from warkit_widgets.rooms.heartbeat import GONE_AFTER, Heartbeat

from .test_store_faults import wait_until


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_heartbeat_says_whether_its_browser_ticked_lately():
    clock = Clock()
    heart = Heartbeat(None, clock=clock)
    assert heart.heard_within(GONE_AFTER)  # a page just made: its browser may show it yet
    clock.now += GONE_AFTER
    assert not heard(heart)
    heart.widget.beats += 1  # the browser ticks again (a tab that was asleep)
    assert heard(heart) and heart.beats == 1
    clock.now += GONE_AFTER - 1
    assert heard(heart)


def heard(heart: Heartbeat) -> bool:
    return heart.heard_within(GONE_AFTER)


def test_a_spectators_heartbeat_counts_ticks_and_sends_nothing():
    heart = Heartbeat(None)
    heart.widget.beats += 1
    heart.join()
    assert heart.beats == 1 and heart.failure is None and heart._sending is None


class Asked:
    """A room server that answers at once and counts the asks."""

    code = "ABCDEF"

    def __init__(self) -> None:
        self.asks = 0

    def wait(self, version: int, since: int, timeout: float) -> dict:
        self.asks += 1
        time.sleep(0.01)
        return {"version": version}


def test_the_follower_asks_nothing_while_the_page_is_gone_and_again_when_it_ticks():
    client = Asked()
    open_in_browser = threading.Event()
    open_in_browser.set()
    follower = RoomFollower(client, known=lambda: (0, 0), on_answer=lambda answer: None,
                            on_trouble=lambda exc: None, post=lambda fn: fn(),
                            open_in_browser=open_in_browser.is_set).start()
    try:
        assert wait_until(lambda: client.asks >= 3, 5.0)  # followed while open
        open_in_browser.clear()  # the browser stopped ticking
        time.sleep(0.1)  # the ask on its way ends
        asked = client.asks
        time.sleep(2.5 * ASLEEP_CHECK)
        assert client.asks == asked, "the follower kept asking for a page that is gone"
        assert follower.running  # asleep, not stopped
        open_in_browser.set()  # a tick: the tab was only asleep
        assert wait_until(lambda: client.asks > asked, 2 * ASLEEP_CHECK + 1)
    finally:
        follower.stop()
