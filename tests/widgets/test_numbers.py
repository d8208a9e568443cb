"""Numbers, percentages and dates in each language through one locale layer (Babel's CLDR
data): 0,25 and 75,8% in pt-BR, as the game and the lessons show them (issue 21)."""

from __future__ import annotations

from datetime import datetime

import pytest
from warkit_widgets.exercise import format_value
from warkit_widgets.i18n import (
    fmt_datetime,
    fmt_int,
    fmt_number,
    fmt_percent,
    fmt_short,
    fmt_significant,
)
from warkit_widgets.lessons.charts import bar_chart_svg, heat_map_svg, line_chart_svg
from warkit_widgets.lessons.probability import objective_label


def test_pt_and_en_numbers():
    assert (fmt_number(0.25, "pt"), fmt_number(0.25, "en")) == ("0,25", "0.25")
    assert (fmt_number(1234.5, "pt"), fmt_number(1234.5, "en")) == ("1.234,50", "1,234.50")
    assert (fmt_percent(0.758, "pt"), fmt_percent(0.758, "en")) == ("75,8%", "75.8%")
    assert fmt_percent(0.0565, "pt", 2) == "5,65%" and fmt_percent(1 / 3, "pt", 0) == "33%"
    assert (fmt_int(9604, "pt"), fmt_int(9604, "en")) == ("9.604", "9,604")
    assert (fmt_short(0.125, "pt"), fmt_short(2.0, "pt")) == ("0,125", "2")
    assert [fmt_significant(v, "pt") for v in (0.75, 0.0123456, 12345, 0)] == \
        ["0,75", "0,0123", "12.345", "0"]
    with pytest.raises(ValueError, match="digits"):
        fmt_number(1, "pt", -1)


def test_dates_follow_the_language():
    moment = datetime(2026, 11, 27, 5, 30)
    assert fmt_datetime(moment, "pt") == "27/11 05:30"
    assert fmt_datetime(moment, "en") == "11/27 5:30\u202fAM"


def test_exercise_answers_are_written_for_the_language():
    assert format_value(46656, "pt") == "46.656" and format_value(46656, "en") == "46,656"
    assert format_value(0.25, "pt") == "25,00%"


def test_charts_write_numbers_for_the_language():
    bars = bar_chart_svg(["a", "b"], {"s": [0.25, 0.75]}, lang="pt")
    assert "0,25" in bars and "0.25" not in bars
    lines = line_chart_svg([1, 2, 3], {"s": [0.5, 0.25, 0.125]}, lang="pt")
    assert "0,5" in lines and "0.5<" not in lines
    heat = heat_map_svg(__import__("numpy").full((3, 3), 0.4167), lang="pt")
    assert "41,7%" in heat and "41.7%" not in heat


def test_lesson_labels_come_from_the_catalogue_with_plurals():
    assert objective_label("24_territories", "pt") == "24 territórios"
    assert objective_label("18_territories_2_armies", "en") == "18 territories, 2 armies each"
    assert objective_label("18_territories_2_armies", "pt") == "18 territórios, 2 exércitos cada"
    assert objective_label("destroy_blue", "pt") == "destruir o azul"
