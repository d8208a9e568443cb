"""The SVG board renderer: a pure function of plain data, valid SVG, readable badges."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warkit import world_map
from warkit.render.svg import (
    CONTINENT_COLORS,
    PLAYER_COLORS,
    SvgString,
    board_svg,
    readable_text_color,
)

NS = {"s": "http://www.w3.org/2000/svg"}


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in el.get("class", "").split()]


def _luminance(hex_color: str) -> float:
    """Relative luminance (WCAG 2), written out again here to check the renderer's."""
    h = hex_color.lstrip("#")
    h = "".join(ch * 2 for ch in h) if len(h) == 3 else h
    lin = [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
           for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_plain_board_is_valid_svg_with_every_territory() -> None:
    """C-COMP-2: all 42 territories drawn, tinted by continent, with ids for the browser."""
    svg = board_svg()
    assert isinstance(svg, SvgString)
    assert svg._repr_svg_() == svg
    root = _parse(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 1000 560"
    paths = _by_class(root, "territory")
    m = world_map()
    assert [p.get("data-territory") for p in paths] == list(m.ids)
    for p, t in zip(paths, m.territories, strict=True):
        assert p.get("fill") == CONTINENT_COLORS[t.continent][0]
        assert p.find("s:title", NS).text == t.name_pt
    assert len(set(fill for fill, _ in CONTINENT_COLORS.values())) == 6
    assert not _by_class(root, "army") and not _by_class(root, "arrow")


def test_sea_links_are_dashed_lines() -> None:
    """C-ATK-1: one dashed line per sea link, two for Alaska-Vladivostok (it wraps)."""
    root = _parse(board_svg())
    (group,) = _by_class(root, "sea-links")
    assert group.get("stroke-dasharray")
    lines = group.findall("s:line", NS)
    links = [line.get("data-link") for line in lines]
    assert len(set(links)) == 22 and len(lines) == 23
    assert links.count("alasca vladivostok") == 2


def test_names_follow_the_language() -> None:
    pt, en = board_svg(lang="pt"), board_svg(lang="en")
    assert "BRASIL" in pt and "ARGÉLIA" in pt and "BRAZIL" not in pt
    assert "BRAZIL" in en and "ALGERIA" in en and "ARGÉLIA" not in en
    assert "América do Sul" in pt and "South America" in en  # the continent key
    root = _parse(board_svg(names=False, legend=False))
    assert not _by_class(root, "names") and not _by_class(root, "legend")


def test_armies_are_badges_in_the_owners_colours() -> None:
    owners = {"brasil": "red", "argentina": "#123456", "peru": "amarelo", "venezuela": "white"}
    armies = {"brasil": 3, "argentina": 12, "peru": 1, "venezuela": 105}
    root = _parse(board_svg(owners=owners, armies=armies))
    badges = {g.get("data-territory"): g for g in _by_class(root, "army")}
    assert set(badges) == set(owners)
    for tid, g in badges.items():
        circle = g.findall("s:circle", NS)[-1]
        fill = circle.get("fill")
        text = g.find("s:text", NS)
        assert text.text == str(armies[tid])
        assert _contrast(fill, text.get("fill")) >= 4.5, tid
    assert badges["brasil"].findall("s:circle", NS)[-1].get("fill") == PLAYER_COLORS["red"]
    assert badges["argentina"].findall("s:circle", NS)[-1].get("fill") == "#123456"
    # Three digits get a wider badge.
    r = [float(badges[t].findall("s:circle", NS)[-1].get("r")) for t in ("peru", "venezuela")]
    assert r[1] > r[0]


def test_sequences_in_map_order_equal_mappings_by_id() -> None:
    m = world_map()
    colors = ["red", "blue", None] * 14
    counts = list(range(1, 43))
    by_id = {t.id: c for t, c in zip(m.territories, colors, strict=True) if c is not None}
    assert board_svg(owners=colors, armies=counts) == board_svg(
        owners=by_id, armies={t.id: n for t, n in zip(m.territories, counts, strict=True)})
    with pytest.raises(ValueError, match="42"):
        board_svg(owners=["red"] * 41)
    with pytest.raises(KeyError, match="atlantida"):
        board_svg(armies={"atlantida": 3})


def test_colours_are_checked_before_they_reach_the_svg() -> None:
    with pytest.raises(ValueError, match="colour"):
        board_svg(owners={"brasil": 'red" onload="alert(1)'})
    with pytest.raises(ValueError, match="colour"):
        board_svg(owners={"brasil": "purple"})
    svg = board_svg(owners={"brasil": "team1"}, colors={"team1": "#abcdef"})
    assert 'fill="#abcdef"' in svg


def test_selection_highlights_and_arrows() -> None:
    root = _parse(board_svg(selected="brasil", highlights=["argentina", "peru"],
                            arrows=[("brasil", "argelia"), ("alasca", "vladivostok")]))
    (sel,) = _by_class(root, "selected")
    assert sel.get("data-territory") == "brasil"
    assert sorted(h.get("data-territory") for h in _by_class(root, "highlight")) == [
        "argentina", "peru"]
    arrows = _by_class(root, "arrow")
    # One arrow, plus the wrapping one drawn in two halves (only the second has a head).
    assert len(arrows) == 3
    assert [len(a.findall("s:polygon", NS)) for a in arrows] == [1, 0, 1]
    # Territories may also be given by index.
    m = world_map()
    assert board_svg(selected=m.index("brasil")) == board_svg(selected="brasil")


def test_size_scales_the_picture_not_the_drawing() -> None:
    root = _parse(board_svg(size=500))
    assert root.get("width") == "500" and root.get("height") == "280"
    assert root.get("viewBox") == "0 0 1000 560"


def test_rendering_is_pure() -> None:
    kwargs = {"owners": {"china": "green"}, "armies": {"china": 7}, "selected": "china"}
    assert board_svg(**kwargs) == board_svg(**kwargs)


@given(st.from_regex(r"#[0-9a-f]{6}", fullmatch=True))
def test_badge_text_is_readable_on_any_colour(color: str) -> None:
    """Black or white text, whichever contrasts more: always at least WCAG AA (4.5:1)."""
    ink = readable_text_color(color)
    assert ink in ("#000000", "#ffffff")
    assert _contrast(color, ink) >= 4.5


def test_player_colours_get_the_expected_ink() -> None:
    ink = {name: readable_text_color(PLAYER_COLORS[name]) for name in
           ("white", "yellow", "black", "blue", "red", "green")}
    assert ink["white"] == ink["yellow"] == "#000000"
    assert ink["black"] == ink["blue"] == "#ffffff"
