"""Rendering, in one package: the drawn board (:mod:`.geometry`), where labels and badges go
(:mod:`.layout`), the SVG picture (:mod:`.svg`) and the text table (:mod:`.text`).

This module adapts a state or a view for ``_repr_svg_`` (:func:`state_svg`)."""

from __future__ import annotations

from typing import Any


def state_svg(state: Any) -> str:
    """An SVG picture of a state or view: owners' colours, army counts, the pending battle."""
    from .svg import board_svg  # imported lazily: rendering costs nothing until used

    return board_svg(**board_data(state))


def board_data(state: Any) -> dict[str, Any]:
    """The plain data the board renderer needs from a state or a view (colours by name)."""
    ids = state.map.ids
    owners = {ids[i]: state.colors[o] for i, o in enumerate(state.owner) if o >= 0}
    armies = {ids[i]: a for i, a in enumerate(state.armies) if state.owner[i] >= 0}
    arrows: tuple[tuple[str, str], ...] = ()
    if state.battle is not None:
        arrows = ((ids[state.battle.src], ids[state.battle.dst]),)
    return {"owners": owners, "armies": armies, "arrows": arrows}
