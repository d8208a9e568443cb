"""The new-game form when the language changes: the answers stay, the labels change, and the
page gets one message per widget (measured for the dashboard's time to interactive)."""

from __future__ import annotations

import ipywidgets as w
from warkit_widgets.app import PlayApp
from warkit_widgets.saves import Autosave


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
