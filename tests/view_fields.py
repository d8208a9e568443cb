"""Every field of a view, changed one at a time: the checks behind ``view_to_dict``'s promise
that two views are equal exactly when their dicts are (``tests/test_seat_record.py``)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

from warkit.seat_record import view_to_dict
from warkit.view import PlayerView


def changed_fields(v: PlayerView, w: PlayerView) -> Iterator[tuple[str, PlayerView]]:
    """``v`` with one field (or one field of its battle or rule-set part) taken from ``w``,
    for each that differs: its dotted name and the changed view."""
    for f in dataclasses.fields(PlayerView):
        mine, other = getattr(v, f.name), getattr(w, f.name)
        if mine == other:
            continue
        yield f.name, dataclasses.replace(v, **{f.name: other})
        if dataclasses.is_dataclass(mine) and type(mine) is type(other):
            for g in dataclasses.fields(mine):
                part = getattr(other, g.name)
                if getattr(mine, g.name) != part:
                    yield (f"{f.name}.{g.name}",
                           dataclasses.replace(v, **{f.name: dataclasses.replace(mine, **{
                               g.name: part})}))


def as_sent(v: PlayerView) -> Any:
    """``view_to_dict(v)`` as a page receives it: through JSON."""
    data = view_to_dict(v)
    sent = json.loads(json.dumps(data))
    assert sent == data, "view_to_dict must survive a JSON round trip unchanged"
    return sent


def assert_views_told_apart(v: PlayerView, w: PlayerView, seen: set[str] | None = None) -> None:
    """``v`` and ``w`` have equal dicts exactly when they are equal, and each field in which
    they differ, changed alone in ``v``, changes its dict (``seen``: dotted names checked
    already, skipped and updated)."""
    assert (as_sent(v) == as_sent(w)) == (v == w)
    mine = as_sent(v)
    for name, changed in changed_fields(v, w):
        if seen is not None and name in seen:
            continue
        assert as_sent(changed) != mine, f"a change of {name} leaves the view's dict equal"
        if seen is not None:
            seen.add(name)
