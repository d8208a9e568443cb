"""The probability lab's SVG charts (widgets/problab_a_charts.py): well-formed, one mark per
value, exact values in the tooltips, bad input refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from warkit_widgets.lessons.charts import (
    SERIES_COLORS,
    bar_chart_svg,
    heat_map_svg,
    line_chart_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def test_bar_chart_has_one_column_per_value_and_a_legend_for_several_series():
    root = parse(bar_chart_svg([1, 2, 3], {"a": [0.1, 0.2, 0.7], "b": [0.3, 0.3, 0.4]},
                               title="t & u"))
    columns = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(columns) == 6
    assert {c.get("fill") for c in columns} == set(SERIES_COLORS[:2])
    tallest = max(columns, key=lambda r: float(r.get("height")))
    assert tallest.find(f"{SVG}title").text == "a · 3: 0.7"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "t & u" in texts and "a" in texts and "b" in texts


def test_bar_chart_can_label_every_kth_column_and_keeps_every_tooltip():
    labels = list(range(1, 43))
    root = parse(bar_chart_svg(labels, {"armies": [n // 2 for n in labels]}, label_every=5))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "1" in texts and "6" in texts and "41" in texts and "2" not in texts
    tooltips = [r.find(f"{SVG}title").text for r in root.iter(f"{SVG}rect")
                if r.find(f"{SVG}title") is not None]
    assert len(tooltips) == 42 and tooltips[1] == "armies · 2: 1"


def test_charts_write_numbers_with_a_decimal_comma_in_portuguese():
    pt = parse(bar_chart_svg(["a", "b"], {"p": [0.25, 0.5]}, lang="pt"))
    texts = [t.text for t in pt.iter(f"{SVG}text")]
    assert "0,2" in texts and "0.2" not in texts
    assert [r.find(f"{SVG}title").text for r in pt.iter(f"{SVG}rect")
            if r.find(f"{SVG}title") is not None] == ["p · a: 0,25", "p · b: 0,5"]
    en = parse(bar_chart_svg(["a", "b"], {"p": [0.25, 0.5]}))
    assert "0.2" in [t.text for t in en.iter(f"{SVG}text")]
    line = parse(line_chart_svg([10, 100, 1000], {"p": [0.25, 0.5, 0.75]}, log_x=True, lang="pt"))
    texts = [t.text for t in line.iter(f"{SVG}text")]
    assert "1.000" in texts and "0,5" in texts


def test_bar_chart_refuses_series_of_the_wrong_length():
    with pytest.raises(ValueError, match="one value per label"):
        bar_chart_svg([1, 2], {"a": [1.0]})


def test_line_chart_draws_lines_bands_and_reference_lines():
    x = np.arange(1, 101)
    y = np.full(100, 0.4)
    root = parse(line_chart_svg(x, {"estimate": y}, bands={"estimate": (y - 0.1, y + 0.1)},
                                hlines={"exact": 5 / 12}, log_x=True, x_label="n"))
    assert len(list(root.iter(f"{SVG}polyline"))) == 1
    assert len(list(root.iter(f"{SVG}polygon"))) == 1
    dashed = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].find(f"{SVG}title").text.startswith("exact: 0.41666")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"1", "10", "100", "n", "estimate", "exact"} <= set(texts)


def test_line_chart_refuses_a_log_axis_through_zero():
    with pytest.raises(ValueError, match="positive"):
        line_chart_svg([0, 1], {"a": [0, 1]}, log_x=True)


def test_heat_map_has_a_square_per_cell_with_its_percentage():
    table = np.zeros((4, 3))
    table[:, 0] = 1
    table[3, 2] = 0.25
    root = parse(heat_map_svg(table, title="War", marks=[(3, 2)]))
    squares = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(squares) == 3 * 2  # a = 1..3, d = 1..2
    assert "3 × 2: 25.0%" in {s.find(f"{SVG}title").text for s in squares}
    outlined = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert len(outlined) == 1


def test_line_chart_draws_a_band_around_a_reference_line():
    """Lab 04's funnel: a band keyed by a reference line's name is drawn in its colour."""
    x = np.arange(1, 101)
    half = 1 / np.sqrt(x)
    root = parse(line_chart_svg(x, {"share": np.full(100, 0.4)},
                                bands={"exact": (5 / 12 - half, 5 / 12 + half)},
                                hlines={"exact": 5 / 12}, log_x=True))
    polygons = list(root.iter(f"{SVG}polygon"))
    dashed = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-dasharray")]
    assert len(polygons) == 1 and polygons[0].get("fill") == dashed[0].get("stroke")


def test_line_chart_refuses_a_band_that_names_nothing():
    with pytest.raises(ValueError, match="name no series"):
        line_chart_svg([1, 2], {"a": [0, 1]}, bands={"b": ([0, 0], [1, 1])})


def test_interval_chart_draws_a_dot_and_a_bar_per_row_and_the_reference():
    from warkit_widgets.lessons.charts import interval_chart_svg

    root = parse(interval_chart_svg(["a", "b & c"], [0.2, 0.5], [(0.1, 0.3), (0.4, 0.6)],
                                    reference=1 / 3, reference_label="1/3", title="t"))
    assert len(list(root.iter(f"{SVG}circle"))) == 2
    tips = [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g")]
    assert tips == ["a: 0.2 [0.1, 0.3]", "b & c: 0.5 [0.4, 0.6]"]
    dashed = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].find(f"{SVG}title").text.startswith("1/3: 0.3333")


def test_interval_chart_refuses_an_estimate_outside_its_interval():
    from warkit_widgets.lessons.charts import interval_chart_svg

    with pytest.raises(ValueError, match="inside its interval"):
        interval_chart_svg(["a"], [0.5], [(0.1, 0.3)])
    with pytest.raises(ValueError, match="one estimate"):
        interval_chart_svg(["a", "b"], [0.5], [(0.1, 0.6)])


def test_interval_chart_can_write_its_axis_in_percent():
    from warkit_widgets.lessons.charts import interval_chart_svg

    texts = [t.text for t in parse(interval_chart_svg(["a"], [0.5], [(0.4, 0.6)], percent=True))
             .iter(f"{SVG}text")]
    assert {"0%", "20%", "100%"} <= set(texts)


def test_bar_chart_makes_room_for_long_names_and_can_write_percentages():
    names = {"War + attacker's terrain card": [0.5, 0.25], "War": [0.4, 0.3]}
    narrow, wide = bar_chart_svg(["a", "b"], names), bar_chart_svg(["a", "b"], names,
                                                                   legend_width=220)
    column = [r for r in parse(narrow).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    wider = [r for r in parse(wide).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert float(wider[0].get("width")) < float(column[0].get("width"))  # the plot gave way
    texts = [t.text for t in parse(bar_chart_svg(["a"], {"p": [0.5]}, percent=True))
             .iter(f"{SVG}text")]
    assert {"0%", "20%", "40%"} <= set(texts)


def test_line_chart_axis_numbers_follow_the_language_and_chosen_ticks():
    x = np.arange(1, 10_001)
    texts = [t.text for t in parse(line_chart_svg(x, {"a": x / 10_000}, log_x=True, lang="pt"))
             .iter(f"{SVG}text")]
    assert {"10.000", "1.000", "0,75", "0,5"} <= set(texts) and "10,000" not in texts
    texts = [t.text for t in parse(line_chart_svg(range(1, 13), {"a": range(12)},
                                                  x_ticks=[1, 4, 8, 12])).iter(f"{SVG}text")]
    assert {"1", "4", "8", "12"} <= set(texts) and "3.75" not in texts


# -- every chart can be read without its colours and without seeing it (issue 20, item 12) ------
def every_chart(lang: str = "en") -> dict[str, str]:
    from warkit_widgets.lessons.charts import interval_chart_svg

    table = np.full((11, 11), 0.5)
    table[10, 10] = 0.0565
    return {
        "bars": bar_chart_svg(["1", "2"], {"p": [0.25, 0.75]}, title="Two", lang=lang),
        "lines": line_chart_svg([1, 2, 3], {"p": [0.5, 0.25, 0.125]}, x_label="n", lang=lang),
        "heat": heat_map_svg(table, title="War", marks=[(10, 10)], lang=lang),
        "intervals": interval_chart_svg(["a"], [0.5], [(0.25, 0.75)], lang=lang),
    }


@pytest.mark.parametrize("kind", ["bars", "lines", "heat", "intervals"])
def test_every_chart_is_a_named_image_with_a_description_of_its_values(kind):
    root = parse(every_chart()[kind])
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.find(f"{SVG}title").text == root.get("aria-label")
    description = root.find(f"{SVG}desc").text
    assert description and any(ch.isdigit() for ch in description)
    pt = parse(every_chart("pt")[kind]).find(f"{SVG}desc").text
    assert "0.5" not in pt and "0.25" not in pt, pt


def test_wide_columns_carry_their_values_and_both_axes_are_drawn():
    root = parse(bar_chart_svg(["a", "b"], {"p": [0.25, 0.75]}, lang="pt"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "0,25" in texts and "0,75" in texts
    axes = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke") == "#333"]
    assert len(axes) == 2 and {ln.get("x1") == ln.get("x2") for ln in axes} == {True, False}
    narrow = parse(bar_chart_svg(list(range(40)), {"p": [0.55] * 40}))
    assert "0.55" not in [t.text for t in narrow.iter(f"{SVG}text")]  # too narrow for values


def test_a_curve_over_the_columns_is_drawn_on_their_scale_and_named():
    root = parse(bar_chart_svg([3, 4, 5], {"exact": [0.25, 0.5, 0.25]}, x_label="total",
                               curves={"normal": ([0, 1, 2], [0.2, 0.6, 0.2])}))
    (curve,) = root.iter(f"{SVG}polyline")
    assert curve.find(f"{SVG}title").text == "normal"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"total", "exact", "normal"} <= set(texts)
    with pytest.raises(ValueError, match="one height per position"):
        bar_chart_svg([1], {"a": [1.0]}, curves={"c": ([0, 1], [1.0])})


def test_heat_maps_write_numbers_beside_their_colours():
    root = parse(every_chart("pt")["heat"])
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "6%" in texts and "50%" in texts  # the marked square (5,65 %) and a labelled one
    description = root.find(f"{SVG}desc").text
    assert "10 × 10: 5,6%" in description or "10 × 10: 5,7%" in description, description
