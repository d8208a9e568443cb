"""The canvas painter, on a recording stand-in for an ipycanvas layer (no widgets, no browser)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from warkit_widgets.controller import Highlights, HintMark, MapController
from warkit_widgets.painter import (
    BADGE_SHAPES,
    HINT_COLOR,
    badge_outline,
    hex_rgb,
    owner_tint,
    paint_highlights,
    paint_owners,
    paint_pieces,
    paint_static,
    territory_rings,
)

import warkit
from warkit.render.geometry import board_geometry
from warkit.render.layout import BADGE_DROP, arrow_strokes, badge_radius
from warkit.render.svg import (
    ARROW_COLOR,
    CONTINENT_COLORS,
    HIGHLIGHT_COLOR,
    PLAYER_COLORS,
    SEA_COLOR,
)

GEO = board_geometry()
M = warkit.world_map()
RINGS = sum(len(s.polygons) for s in GEO.territories)


def test_every_layer_clears_the_whole_buffer_first(recorder):
    paint_static(recorder, 0.5)
    names = [c[1] for c in recorder.calls if c[0] == "call"]
    assert names[:3] == ["reset_transform", "clear", "set_transform"]
    assert recorder.named("set_transform")[0] == (0.5, 0, 0, 0.5, 0, 0)


def test_static_board_draws_all_land_and_sea_links(recorder):
    paint_static(recorder, 1.0, "en")
    assert recorder.sets("fill_style")[0] == SEA_COLOR
    (rings, fills), = recorder.named("fill_styled_polygons")
    assert len(rings) == RINGS == len(fills)
    first = M.territories[0]
    assert tuple(fills[0]) == hex_rgb(CONTINENT_COLORS[first.continent][0])
    assert len(recorder.named("stroke_polygons")) == 2  # halo and coast
    assert [4, 3] in [a[0] for a in recorder.named("set_line_dash")]
    segments = sum(len(link.segments) for link in GEO.sea_links)
    assert len(recorder.named("stroke_line")) == 7 + 4 + segments  # graticule + sea links
    legend = [a[0] for a in recorder.named("fill_text")]
    assert "South America" in legend and "+7" in legend


def test_pieces_show_names_owner_colours_and_armies(recorder, battle_state):
    view = warkit.view(battle_state, battle_state.current)
    paint_pieces(recorder, view, 1.0, "pt")
    texts = [a[0] for a in recorder.named("fill_text")]
    assert "BRASIL" in texts and "ALEMANHA" in texts
    assert sorted(t for t in texts if t.isdigit()) == sorted(str(a) for a in view.armies)
    shapes, colors = recorder.named("fill_styled_polygons")[0]
    assert len(shapes) == 42
    brasil, franca = M.index("brasil"), M.index("franca")
    assert tuple(colors[brasil]) == hex_rgb(PLAYER_COLORS["red"])
    x, y = GEO.territories[brasil].label
    assert shapes[brasil].mean(axis=0) == pytest.approx((x, y + 4.5), abs=1e-6)  # red: a circle
    assert len(shapes[brasil]) == 20
    assert np.hypot(*(shapes[brasil][0] - (x, y + 4.5))) == pytest.approx(badge_radius("4"))
    size = np.ptp(shapes[franca][:, 0])
    assert size > 2 * badge_radius("10") * 0.99 > 2 * badge_radius("4")


def test_each_colour_has_its_own_badge_shape():
    """Colour-blind players tell owners apart by the badge's shape (C-COMP-1's six colours)."""
    outlines = {c: badge_outline(c, 0.0, 0.0, 8.0) for c in BADGE_SHAPES}
    signatures = {(len(o), round(float(o[0][0]), 1), round(float(o[0][1]), 1))
                  for o in outlines.values()}
    assert len(signatures) == 6 == len({c.id for c in M.colors} & set(BADGE_SHAPES))
    for color, outline in outlines.items():  # every shape holds the number's circle
        assert np.hypot(*outline.T).min() >= 8.0 * 0.7, color


def test_the_owners_layer_tints_each_territory_by_its_owner(recorder, battle_state):
    view = warkit.view(battle_state, None)
    paint_owners(recorder, view, 1.0)
    (rings, fills), = recorder.named("fill_styled_polygons")
    assert len(rings) == RINGS
    first = 0  # alaska's first ring
    owner = view.colors[view.owner[0]]
    assert tuple(fills[first]) == owner_tint(owner) != hex_rgb(PLAYER_COLORS[owner])
    (rings, edges), = recorder.named("stroke_styled_polygons")  # continents as borders
    assert tuple(edges[0]) == hex_rgb(CONTINENT_COLORS[M.territories[0].continent][1])


def test_the_owners_layer_is_empty_when_continents_colour_the_map(recorder, battle_state):
    paint_owners(recorder, None, 1.0)
    assert not recorder.named("fill_styled_polygons")
    assert [c[1] for c in recorder.calls if c[0] == "call"][:2] == ["reset_transform", "clear"]


def test_the_players_key_names_each_colour(recorder, battle_state):
    paint_pieces(recorder, warkit.view(battle_state, None), 1.0, "en")
    texts = [a[0] for a in recorder.named("fill_text")]
    for color in battle_state.colors:
        assert color.capitalize() in texts


def test_no_badges_before_the_deal(recorder):
    view = warkit.view(warkit.initial_state(3), None)
    paint_pieces(recorder, view)
    assert recorder.named("fill_styled_circles") == []
    assert len(recorder.named("fill_text")) == 42  # names only


def test_highlights_follow_the_controller(recorder, battle_state):
    ctl = MapController(battle_state)
    paint_highlights(recorder, ctl.highlights())
    (sources,) = recorder.named("fill_polygons")
    assert len(sources[0]) == sum(len(territory_rings()[i]) for i in ctl.highlights().sources)
    assert HIGHLIGHT_COLOR not in recorder.sets("stroke_style")

    recorder.calls.clear()
    ctl.select("brasil", "argentina")
    paint_highlights(recorder, ctl.highlights())
    assert HIGHLIGHT_COLOR in recorder.sets("stroke_style")
    (targets,) = recorder.named("fill_polygons")
    assert len(targets[0]) == sum(len(territory_rings()[i]) for i in ctl.highlights().targets)
    assert len(recorder.named("quadratic_curve_to")) == 2  # casing and arrow
    assert len(recorder.named("fill_polygon")) == 1        # one head

    recorder.calls.clear()
    paint_highlights(recorder, Highlights())
    assert [c[1] for c in recorder.calls if c[0] == "call"] == [
        "reset_transform", "clear", "set_transform"]


def test_arrows_run_badge_to_badge_and_wrap_around_the_world():
    (start, _, end, head), = arrow_strokes(M.index("brasil"), M.index("argentina"))
    assert head and start != end
    a, b = GEO.territories[M.index("brasil")].label, GEO.territories[M.index("argentina")].label
    assert abs(start[0] - a[0]) < 12 and abs(end[0] - b[0]) < 12
    out, into = arrow_strokes(M.index("alasca"), M.index("vladivostok"))
    assert not out[3] and into[3]
    assert out[2][0] in (0.0, GEO.width) and into[0][0] in (0.0, GEO.width)


def _dashed_strokes(recorder) -> list[tuple[str, str]]:
    """The (stroke colour, call) of every stroke drawn while a dash pattern was set."""
    style, dashed, out = None, False, []
    for kind, name, value in recorder.calls:
        if kind == "set" and name == "stroke_style":
            style = value
        elif name == "set_line_dash":
            dashed = bool(value[0])
        elif kind == "call" and name.startswith("stroke") and dashed:
            out.append((style, name))
    return out


def test_the_coachs_arrow_is_dashed_and_replaces_the_selection_arrow(recorder, battle_state):
    """The hint's arrow is the coach's own (dashed, purple), drawn once over the selection
    of the same pair: a player tells a suggestion from their own pick by its dashes."""
    ctl = MapController(battle_state)
    ctl.select("brasil", "argentina")
    pair = (M.index("brasil"), M.index("argentina"))
    paint_highlights(recorder, replace(ctl.highlights(), hint=HintMark("attack", pair)))
    assert len(recorder.named("quadratic_curve_to")) == 2  # one arrow (casing + dashed line)
    assert (HINT_COLOR, "stroke") in _dashed_strokes(recorder)  # the arrow's line, dashed
    assert (HINT_COLOR, "stroke_polygons") in _dashed_strokes(recorder)  # both outlined
    assert ARROW_COLOR not in recorder.sets("fill_style")  # the head is the hint's colour

    recorder.calls.clear()  # the player picks another pair: both arrows, each its own style
    other = (M.index("brasil"), M.index("peru"))
    paint_highlights(recorder, replace(ctl.highlights(), hint=HintMark("attack", other)))
    assert len(recorder.named("quadratic_curve_to")) == 4
    assert {ARROW_COLOR, HINT_COLOR} <= set(recorder.sets("fill_style"))
    assert not any(style == ARROW_COLOR for style, _ in _dashed_strokes(recorder))


def test_a_placement_hint_rings_the_territorys_army_badge(recorder):
    brasil = M.index("brasil")
    paint_highlights(recorder, Highlights(selected=brasil, hint=HintMark("place", (brasil,))))
    x, y = GEO.territories[brasil].label
    circles = recorder.named("stroke_circle")
    assert len({c[2] for c in circles}) == 2 and all(c[:2] == (x, y + BADGE_DROP)
                                                      for c in circles)
    assert (HINT_COLOR, "stroke_circle") in _dashed_strokes(recorder)
    assert not recorder.named("quadratic_curve_to")  # no arrow for a placement


def test_a_hint_marks_as_many_territories_as_its_kind_needs():
    with pytest.raises(ValueError, match="place hint marks 1"):
        HintMark("place", (1, 2))
    with pytest.raises(ValueError, match="move hint marks 2"):
        HintMark("move", (1,))
