"""The Portuguese edition shows a student Portuguese only (issue 20, item 6): no English comment,
docstring or ``assert`` message in its code, every chart and widget told the notebook's language,
and (run, slow) no chart number with a decimal point. The scan is :mod:`build_tools.scan`::

    PYTHONPATH=notebooks .venv/bin/python -m build_tools.scan --run
"""

from __future__ import annotations

import nbformat
import pytest
from build_tools import build, scan
from warkit_widgets.lessons import probability
from warkit_widgets.lessons.charts import (
    bar_chart_svg,
    heat_map_svg,
    interval_chart_svg,
    line_chart_svg,
)

v4 = nbformat.v4
PORTUGUESE = [e for e in build.editions() if e.lang == "pt"]


def edition_id(edition: build.Edition) -> str:
    return edition.path.name


CASES = [pytest.param(e, id=edition_id(e)) for e in PORTUGUESE]


@pytest.mark.parametrize("edition", CASES)
def test_the_code_of_the_portuguese_edition_shows_no_english(edition):
    nb = nbformat.read(edition.path, as_version=4)
    findings = scan.code_findings(nb)
    assert not findings, "\n".join(findings)


@pytest.mark.slow
@pytest.mark.parametrize("edition", CASES)
def test_the_portuguese_charts_write_numbers_the_portuguese_way(edition):
    """Run the lesson or lab and scan what it shows: chart text (``0,25``, never ``0.25``) and
    the code lab 05 displays."""
    findings = scan.output_findings(scan.run(edition.path))
    assert not findings, "\n".join(findings)


# -- the scanner finds what it looks for -----------------------------------------------------------
def test_english_words_are_told_from_portuguese_ones():
    assert scan.english_words("# the engine's exact enumeration") == ["the", "exact"]
    assert scan.english_words("a enumeração exata do motor; a chance de os onze") == []
    assert scan.english_words("Clash of Cultures: `roll_outcomes(3, 1)` com dtype=object") == []


def test_a_decimal_point_is_told_from_a_thousands_mark():
    assert scan.decimal_points("0.25 e 75.8 e 1.5%") == ["0.25", "75.8", "1.5"]
    assert scan.decimal_points("0,25 e 46.656 e 1.000.000 rolagens") == []
    assert scan.decimal_points("0.167") == ["0.167"]


def test_the_code_scan_finds_english_comments_messages_and_missing_languages():
    nb = v4.new_notebook(cells=[v4.new_code_cell(
        "from warkit_widgets.lessons.charts import bar_chart_svg\n"
        "def f():\n    '''The highest die.'''\n    return 1\n"
        "# the highest of three\nassert f() == 1, 'the count must match'\n"
        "bar_chart_svg([1], {'a': [0.5]})\nbar_chart_svg([1], {'a': [0.5]}, lang=LANG)\n"
        "# o maior dos três\nassert f() == 1, T('the count', 'a contagem')")])
    found = scan.code_findings(nb)
    kinds = ("English comment: # the highest", "English docstring", "assert message",
             "bar_chart_svg(...) without lang")
    assert len(found) == 4 and all(any(k in f for f in found) for k in kinds), found


def test_the_output_scan_reads_chart_text_tooltips_and_labels():
    svg = ('<svg role="img" aria-label="Soma: 0.25"><text>0,5</text><title>face 3: 0.167</title>'
           '<text>46.656</text></svg>')
    nb = v4.new_notebook(cells=[v4.new_code_cell("", outputs=[v4.new_output(
        "display_data", data={"image/svg+xml": svg})])])
    found = scan.output_findings(nb)
    assert len(found) == 2 and "0.25" in found[0] and "0.167" in found[1], found


def test_the_output_scan_reads_the_code_a_cell_shows():
    from IPython.display import Code

    shown = Code("x = 1  # the die\ny = 2  # o dado", language="python")._repr_html_()
    nb = v4.new_notebook(cells=[v4.new_code_cell("", outputs=[v4.new_output(
        "display_data", data={"text/html": shown})])])
    (found,) = scan.output_findings(nb)
    assert "# the die" in found


@pytest.mark.parametrize("chart", [
    lambda: bar_chart_svg([1, 2], {"a": [0.25, 0.5]}, y_label="p", lang="pt"),
    lambda: line_chart_svg([0.5, 1.5], {"a": [0.25, 0.75]}, lang="pt"),
    lambda: heat_map_svg(__import__("numpy").array([[0.255, 0.5], [0.75, 0.125]]), lang="pt"),
    lambda: interval_chart_svg(["a"], [0.5], [(0.25, 0.75)], lang="pt"),
])
def test_every_chart_helper_writes_portuguese_numbers(chart):
    nb = v4.new_notebook(cells=[v4.new_code_cell("", outputs=[v4.new_output(
        "display_data", data={"image/svg+xml": chart()})])])
    assert scan.output_findings(nb) == []


# -- lab 05 shows its library code in the notebook's language --------------------------------------
SHOWN = (probability.top_dice, probability.one_roll, probability.war_win, probability.hits,
         probability.clash)


def test_lab_05_shows_its_functions_in_portuguese():
    shown = probability.shown_source(*SHOWN, lang="pt")
    comments = list(scan.comments(shown))
    assert comments and all(not scan.english_words(c) for c in comments), comments
    assert '"""' not in shown and "def one_roll(" in shown and "o empate é da defesa" in shown
    english = probability.shown_source(*SHOWN, lang="en")
    assert "ties" not in english and "a tie is the defence's" in english
    assert not any(c.startswith(("en:", "pt:")) for c in scan.comments(english + shown))


ENGLISH = [pytest.param(e, id=edition_id(e)) for e in build.editions() if e.lang == "en"]


@pytest.mark.parametrize("edition", ENGLISH)
def test_the_code_of_the_english_edition_holds_no_portuguese_half(edition):
    findings = scan.bilingual_findings(nbformat.read(edition.path, as_version=4))
    assert not findings, "\n".join(findings)


def test_the_code_scan_finds_bilingual_calls_left_in_code():
    nb = v4.new_notebook(cells=[
        v4.new_code_cell("from warkit_widgets.lessons.text import bilingual\nT = bilingual(LANG)"),
        v4.new_code_cell("print(T('armies', 'exércitos'))\nhints = [Hint(1, en='a', pt='b')]\n"
                         "ok = [Hint(2, pt='só português'), print('T(x, y)')]")])
    found = scan.bilingual_findings(nb)
    assert found == ["cell 1: line 1: T(...) holds both languages",
                     "cell 1: line 2: Hint(...) holds both languages"], found
    assert "holds both languages" in "\n".join(scan.code_findings(nb))


def test_the_code_scan_finds_a_table_picked_by_language():
    nb = v4.new_notebook(cells=[v4.new_code_cell("W = {'en': 'runs', 'pt': 'repetições'}[LANG]")])
    assert scan.bilingual_findings(nb) == [
        "cell 0: line 1: {'en': ..., 'pt': ...}[LANG](...) holds both languages"]
