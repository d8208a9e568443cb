"""SVG of a state or a view, for ``_repr_svg_`` (the board renderer comes with the geometry)."""

from __future__ import annotations

from typing import Any


def state_svg(state: Any) -> str:
    """An SVG picture of a state or view: owners' colours and army counts on the board."""
    from .svg import board_svg  # imported lazily: rendering costs nothing until used

    return board_svg(**board_data(state))


def board_data(state: Any) -> dict[str, Any]:
    """The plain data the board renderer needs from a state or a view."""
    ids = state.map.ids
    palette = {"white": "#f4f4f0", "black": "#2b2b2b", "red": "#d7263d", "blue": "#1f6fd1",
               "yellow": "#f2c230", "green": "#2e9e4f"}
    owners = {ids[i]: palette[state.colors[o]] for i, o in enumerate(state.owner) if o >= 0}
    armies = {ids[i]: a for i, a in enumerate(state.armies) if state.owner[i] >= 0}
    arrows = ()
    if state.battle is not None:
        arrows = ((ids[state.battle.src], ids[state.battle.dst]),)
    return {"owners": owners, "armies": armies, "arrows": arrows}
