"""The canvas painter, on a recording stand-in for an ipycanvas layer (no widgets, no browser)."""

from __future__ import annotations

import pytest
from warkit_widgets.controller import Highlights, MapController
from warkit_widgets.painter import (
    hex_rgb,
    paint_highlights,
    paint_pieces,
    paint_static,
    territory_rings,
)

import warkit
from warkit.render.geometry import board_geometry
from warkit.render.layout import arrow_strokes, badge_radius
from warkit.render.svg import CONTINENT_COLORS, HIGHLIGHT_COLOR, PLAYER_COLORS, SEA_COLOR

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
    x, y, r, colors = recorder.named("fill_styled_circles")[0]
    assert len(x) == 42
    brasil = M.index("brasil")
    assert tuple(colors[brasil]) == hex_rgb(PLAYER_COLORS["red"])
    assert y[brasil] == pytest.approx(GEO.territories[brasil].label[1] + 4.5)
    assert r[M.index("franca")] == badge_radius("10") > badge_radius("4")


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
