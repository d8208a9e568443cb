"""The small room widgets a lobby shows (issue 19): quick messages (presets in both
languages, escaped text, what a spectator and a room with messages off see, refusals said
before sending), the turn timer's countdown, and the heartbeat that only the browser ticks.
Their browser side is checked in tests/browser/test_room_widgets_browser.py."""

from __future__ import annotations

import pytest
from warkit_widgets.rooms.chat import QuickMessages, local_refusal
from warkit_widgets.rooms.heartbeat import Heartbeat
from warkit_widgets.rooms.messages import tr
from warkit_widgets.rooms.quick_messages import MAX_TEXT
from warkit_widgets.rooms.server.client import RoomServerError
from warkit_widgets.rooms.timer_panel import TimerPanel, clock_text, timed_out_note

NAMES = ["Ana", "Bia <b>"]
MESSAGES = [{"n": 1, "seat": 0, "preset": "nice", "text": None, "at": 0.0},
            {"n": 2, "seat": 1, "preset": None, "text": "<script>alert(1)</script>", "at": 1.0}]


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_messages_show_in_the_readers_language_escaped_newest_last():
    sent: list = []
    chat = QuickMessages(lambda p, t: sent.append((p, t)))
    chat.show(MESSAGES, "pt", names=NAMES, mode="free", speaking=True)
    log = chat.log.value
    assert log.index("Boa!") < log.index("&lt;script&gt;alert(1)&lt;/script&gt;")
    assert "<script>" not in log and "Bia &lt;b&gt;" in log
    assert chat.widget.titles[0] == "Mensagens rápidas (2) · Bia <b>: <script>alert(1)</script>"
    assert chat.widget.selected_index is None  # folded: the lobby stays short
    assert chat.presets["your_turn"].description == "Sua vez"
    chat.show(MESSAGES, "en", names=NAMES)
    assert "Nice!" in chat.log.value and chat.presets["your_turn"].description == "Your turn"
    assert shown(chat.row) and shown(chat.free)
    chat.presets["well_played"].click()
    chat.box.value = "  até já  "
    chat.send_button.click()
    assert sent == [("well_played", None), (None, "  até já  ")] and chat.box.value == ""


def test_spectators_and_rooms_without_free_text_see_why():
    chat = QuickMessages(lambda p, t: None)
    chat.show([], "pt", mode="presets", speaking=True)
    assert shown(chat.row) and not shown(chat.free)
    assert tr("chat.none", "pt") in chat.log.value
    chat.show([], "pt", mode="free", speaking=False)
    assert not shown(chat.row) and not shown(chat.free)
    assert "espectadores leem as mensagens" in chat.note.value
    chat.show([], "en", mode="off", speaking=True)
    assert not shown(chat.row) and "turned messages off" in chat.note.value


def test_refusals_are_said_in_the_pages_language_and_keep_the_text():
    sent: list = []
    chat = QuickMessages(lambda p, t: sent.append((p, t)))
    chat.show([], "pt", mode="free")
    chat.box.value = "x" * (MAX_TEXT + 1)
    chat.send_button.click()
    assert sent == [] and f"no máximo {MAX_TEXT} caracteres" in chat.note.value
    assert chat.box.value == "x" * (MAX_TEXT + 1)  # kept, to shorten
    chat.box.value = "\u200b \x07"
    chat.send_button.click()
    assert sent == [] and "vazia" in chat.note.value
    chat.show([], "pt")  # a new answer keeps the refusal in view
    assert "vazia" in chat.note.value

    def refusing(preset, text):
        raise RoomServerError("the room server at http://x cannot be reached", 0)

    chat.on_send = refusing
    chat.presets["nice"].click()
    assert "Não enviada: the room server" in chat.note.value
    assert local_refusal("presets", "oi", "en") == tr("chat.presets_only", "en")
    assert local_refusal("off", None, "pt") == tr("chat.off", "pt")
    assert local_refusal("free", "oi", "pt") is None


def test_the_countdown_says_whose_time_and_how_much_in_both_languages():
    panel = TimerPanel()
    assert panel.text() == ""
    panel.show(1000.0 + 125, "Bia", False, "pt", now=1000.0)
    assert panel.text() == "Bia tem 2:05 para decidir"
    assert panel.text(elapsed=124.5) == "Bia tem 0:01 para decidir"
    assert panel.text(elapsed=126) == tr("timer.up", "pt", name="Bia")
    panel.show(1000.0 + 86400, "Ana", True, "en", now=1000.0)
    assert panel.text() == "You have 24 h 00 min to decide"
    stamp = panel.widget.stamp
    panel.show(None, "Ana", True, "en")
    assert panel.text() == "" and panel.widget.stamp == stamp + 1  # the browser hides it
    assert [clock_text(s) for s in (0, 59.2, 61, 3599, 3600, 86399)] == [
        "0:00", "1:00", "1:01", "59:59", "1 h 00 min", "23 h 59 min"]
    assert timed_out_note("pt") == "tempo esgotado: o computador jogou a vez"


def test_the_heartbeat_calls_back_on_the_browsers_ticks_only_off_the_kernels_loop():
    import threading

    beats: list[str] = []
    heart = Heartbeat(lambda: beats.append(threading.current_thread().name), interval=2)
    assert heart.widget.interval == 2 and beats == []  # the kernel alone never beats
    for _ in range(2):
        heart.widget.beats += 1  # a tick from the browser (its view sets the trait)
        heart.join()
    assert beats == ["warkit-room-heartbeat"] * 2 and heart.beats == 2

    slow = threading.Event()
    heart.on_beat = lambda: (slow.wait(5), beats.append("slow"))
    heart.widget.beats += 1
    heart.widget.beats += 1  # the last beat is still on its way: skipped
    slow.set()
    heart.join()
    assert beats[2:] == ["slow"] and heart.beats == 4

    def unreachable():
        raise RoomServerError("cannot be reached")

    heart.on_beat = unreachable
    heart.widget.beats += 1  # a failed beat is noted, the page goes on
    heart.join()
    assert heart.failure is None
    heart.on_beat = lambda: 1 / 0
    heart.widget.beats += 1
    heart.join()
    assert isinstance(heart.failure, ZeroDivisionError)  # a bug is kept and logged
    with pytest.raises(ValueError, match="positive"):
        Heartbeat(lambda: None, interval=0)


def test_the_offer_to_let_a_computer_play_reads_in_both_languages():
    assert tr("room.hand_over", "pt", name="Bia") == "Deixar o computador jogar por Bia"
    assert tr("room.hand_over", "en", name="Bia") == "Let a computer play for Bia"
