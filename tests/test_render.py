"""States and views draw themselves as SVG (``_repr_svg_``), without a kernel or widget."""

import warkit
from warkit.render.svg import PLAYER_COLORS


def test_a_state_shows_its_owners_colours_and_armies():
    state = warkit.new_game(4, seed=1)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.count('data-territory="') >= 42
    for color in state.colors:
        assert PLAYER_COLORS[color] in svg


def test_a_pending_battle_is_drawn_as_an_arrow():
    state = warkit.new_game(4, seed=7)
    state = warkit.apply(state, "place islandia 5")
    quiet = state._repr_svg_()
    battle = warkit.apply(state, "attack islandia groenlandia 3")._repr_svg_()
    assert battle != quiet and battle.count("<path") > quiet.count("<path")


def test_a_view_draws_the_same_public_board():
    state = warkit.new_game(4, seed=1)
    assert warkit.view(state, 2)._repr_svg_() == state._repr_svg_()
