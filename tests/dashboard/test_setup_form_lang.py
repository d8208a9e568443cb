"""The new-game form when the language changes: the answers stay, the labels change, and the
page gets one message per widget (measured for the dashboard's time to interactive)."""

from __future__ import annotations

import ipywidgets as w
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.saves import Autosave


def test_a_language_click_keeps_the_answers_in_one_message_per_widget(tmp_path, monkeypatch):
    app = PlayApp(autosave=Autosave(tmp_path), schedule=lambda delay, fn: None, lang="pt")
    setup = app.setup
    setup.rules.value = "smart"  # C-COMP-1's six colours, SMART rules: chosen before the click
    setup.kinds[1].value = "hard"
    setup.colors[2].value = "black"
    sent: list[w.Widget] = []
    monkeypatch.setattr(w.Widget, "_send", lambda self, msg, buffers=None: sent.append(self))
    app.lang_toggle.value = "en"
    assert (setup.rules.value, setup.kinds[1].value, setup.colors[2].value) == (
        "smart", "hard", "black")
    assert setup.names[1].placeholder == "Computer 2"
    assert setup.start.description == "Start the game"
    fields = [setup.rules, app.speed, *setup.names, *setup.colors, *setup.kinds]
    assert [sent.count(x) for x in fields] == [1] * len(fields)  # new labels, one message each
    # the Start button answers the click first (after the toggle's own value, which a click
    # in the page echoes instead)
    assert next(x for x in sent if x is not app.lang_toggle) is setup.start


def test_hidden_seats_are_labelled_when_shown_and_keep_their_answers(tmp_path, monkeypatch):
    app = PlayApp(autosave=Autosave(tmp_path), schedule=lambda delay, fn: None, lang="pt")
    setup = app.setup
    assert len(setup.rows) == 3  # C-COMP-1: 3 to 6 players; the other rows come when chosen
    setup.count.value = 5
    assert [r.layout.display for r in setup.rows] == [None] * 5
    assert len(setup.rows) == 5 and setup.rows[4] in setup.children
    assert setup.names[4].placeholder == "Computador 5"
    setup.kinds[4].value = "easy"
    setup.count.value = 3  # hidden, answers kept
    assert [r.layout.display for r in setup.rows] == [None] * 3 + ["none"] * 2
    sent: list[w.Widget] = []
    monkeypatch.setattr(w.Widget, "_send", lambda self, msg, buffers=None: sent.append(self))
    app.lang_toggle.value = "en"
    hidden = [*setup.names[3:], *setup.colors[3:], *setup.kinds[3:]]
    assert not set(sent) & set(hidden)  # no message for what nobody sees
    monkeypatch.undo()
    setup.count.value = 6
    assert len(setup.rows) == 6 and [r.layout.display for r in setup.rows] == [None] * 6
    assert [setup.kinds[i].value for i in range(6)] == ["human"] + ["normal"] * 3 + [
        "easy", "normal"]
    assert (setup.colors[4].label, setup.kinds[4].label) == ("Black", "computer (easy)")
    assert [setup.names[i].placeholder for i in (3, 4, 5)] == [
        "Computer 4", "Computer 5", "Computer 6"]
    assert setup.colors[5].label == "White"
    config = setup.config()  # six seats, named in English
    assert [s.name for s in config.seats][3:] == ["Computer 4", "Computer 5", "Computer 6"]
