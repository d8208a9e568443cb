"""PageKeys, the page-wide shortcuts' widget, without a browser: what the page sends is
checked like any input from a browser (the browser tests press the real keys)."""

from __future__ import annotations

from warkit_widgets.play.page.keys import ESM, KEYS, PageKeys


def deliver(widget: PageKeys, content: object) -> None:
    """A message from the page's front end, the way its comm delivers it."""
    widget._handle_custom_msg(content, [])


def test_each_shortcut_reaches_on_key_with_its_modifiers():
    got = []
    keys = PageKeys(lambda key, **mods: got.append((key, mods)))
    deliver(keys, {"event": "key", "key": "Enter", "shift": False, "ctrl": False,
                   "meta": False})
    deliver(keys, {"event": "key", "key": "z", "ctrl": True})
    deliver(keys, {"event": "key", "key": "?", "shift": True})
    assert got == [("Enter", {"shift": False, "ctrl": False, "meta": False}),
                   ("z", {"shift": False, "ctrl": True, "meta": False}),
                   ("?", {"shift": True, "ctrl": False, "meta": False})]


def test_anything_else_from_the_page_is_ignored():
    got = []
    keys = PageKeys(lambda key, **mods: got.append(key))
    for content in ({"event": "key", "key": "x"}, {"event": "key", "key": ["Enter"]},
                    {"event": "click", "key": "Enter"}, "Enter", None,
                    {"event": "key", "key": "Enter", "ctrl": "yes"}):
        deliver(keys, content)
    assert got == ["Enter"]  # only the last one is a key (its odd "ctrl" reads as False)


def test_the_front_end_knows_the_same_keys():
    assert all(f'"{key}"' in ESM for key in KEYS)
    assert "stopPropagation" in ESM and "preventDefault" in ESM  # touch passed on; keys taken
