"""The unplugged worksheets (build_tools.worksheet): an A4 page per lesson and lab in both
languages with every question, a box to write each answer in, the static pictures, and no code
and no buttons; the dice data sheet; the territory and objective cards."""

from __future__ import annotations

import html
import re

import nbformat
import pytest
from build_tools import worksheet as ws
from build_tools.build import editions

from warkit.worldmap import world_map

EDITIONS = editions()
v4 = nbformat.v4
BOLD = re.compile(r"\*\*(.+?)\*\*")
BOARD = "<svg id='board'><rect width='9'/></svg>"


def text(page: str) -> str:
    """What a reader sees: no tags, no style or script."""
    page = re.sub(r"<(style|script)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def no_code_no_buttons(page: str) -> None:
    assert "@page { size: A4;" in page
    assert not re.search(r"<(code|pre|button|input|textarea)\b", page)
    shown = text(page)
    for code in ("answer =", "Fraction(", "expected =", "check_answer", "import "):
        assert code not in shown


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: f"{e.lang}:{e.path.name}")
def test_every_notebook_has_a_worksheet_with_every_question(edition):
    nb = nbformat.read(edition.path, as_version=4)
    page = ws.worksheet(nb, edition.lang)
    no_code_no_buttons(page)
    shown = " ".join(text(page).split())
    answers = [i for i, c in enumerate(nb.cells) if "answer" in c.metadata.get("tags", [])]
    assert answers and page.count('class="answer"') >= len(answers)
    for i in answers:
        question = ws.paper_markdown(re.split(r"(?m)^## ", nb.cells[i - 1].source)[-1])
        labels = BOLD.findall(question)
        assert labels, f"cell {i - 1}: no question left on paper"
        for label in labels:
            assert " ".join(label.replace("*", "").split()) in shown
    words = ws.WORDS[edition.lang]
    other = ws.WORDS["pt" if edition.lang == "en" else "en"]
    assert f"{words['answer']}:" in shown and f"{other['answer']}:" not in shown
    assert nb.cells[0].source.splitlines()[0].lstrip("# ") in shown


def test_a_run_notebook_gives_its_pictures_but_never_its_widgets():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" role="img"><rect width="5"/></svg>'
    picture = v4.new_code_cell("show()", outputs=[v4.new_output(
        "display_data", data={"text/html": f'<div class="wk-static">{svg}'
                                           '<span class="wk-static-control">Conferir</span></div>',
                              "text/plain": "<widget>"})])
    board = v4.new_code_cell("MapWidget(state)", outputs=[v4.new_output(
        "display_data", data={"text/html": '<div class="wk-static wk-static-col"><div '
                                           f'class="wk-static-board">{BOARD}</div>'
                                           "<div>Red: click a territory to attack</div></div>"})])
    box = v4.new_code_cell("answer_box(expected, lang=LANG)", outputs=[v4.new_output(
        "display_data", data={"text/html": '<span class="wk-static-control">Check</span>'})])
    nb = v4.new_notebook(cells=[
        v4.new_markdown_cell("# Lesson 99 — Small\n\n**Lesson** · about 5 minutes"),
        v4.new_markdown_cell("## 1. Worked example (3 min)"),
        v4.new_code_cell("before()", outputs=[v4.new_output(
            "display_data", data={"image/svg+xml": "<svg id='not-an-exercise'></svg>"})]),
        v4.new_markdown_cell("## 2. A position (1 min)"), board,
        v4.new_markdown_cell("## 3. Exercise (5 min)\n\n**How many?** Count them.\n\n"
                             "Write your answer in the next cell (`Fraction(1, 2)`)."),
        picture,
        v4.new_code_cell("answer = None", metadata={"tags": ["answer"]}),
        v4.new_code_cell("expected = 3\ncheck_answer(answer, expected)",
                         metadata={"tags": ["check"]}, outputs=[v4.new_output(
                             "display_data", data={"text/html": "<b>not answered</b>"})]),
        v4.new_markdown_cell("In a dashboard, type your answer here:"), box,
        v4.new_markdown_cell("### Write a function\n\n`def losses(a, d):` returns a `dict`."),
    ])
    page = ws.worksheet(nb, "en")
    no_code_no_buttons(page)
    assert svg in page and "<svg id='not-an-exercise'></svg>" in page
    assert "<figcaption>1. Worked example</figcaption>" in page
    shown = text(page)
    assert "How many?" in shown and "next cell" not in shown and "dashboard" not in shown
    assert "Conferir" not in shown and "Check" not in shown and "not answered" not in shown
    assert BOARD in page and "click a territory" not in shown
    assert "Write a function" not in shown, "a heading whose content was code"
    assert page.count('class="answer"') == 1 and "(5 min)" not in shown


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_dice_sheet_has_a_row_per_roll_and_lab_11s_three_results(lang):
    page = ws.dice_sheet(lang)
    no_code_no_buttons(page)
    assert page.count("<tr>") == 1 + 25 + 1 + 3  # lab 11: 25 rolls a table
    shown = text(page)
    results = {"en": ("attacker loses 2", "each loses 1", "defender loses 2"),
               "pt": ("ataque perde 2", "cada um perde 1", "defesa perde 2")}[lang]
    assert all(r in shown for r in results) and "C-ATK-4" in shown
    lab_11 = next(e.source for e in EDITIONS if e.metadata.get("lab") == "probability/11")
    assert all(f'"{r}"' in lab_11.read_text(encoding="utf-8") for r in results), \
        "the sheet names the outcomes as lab 11 does"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_cards_are_the_boards_territories_jokers_and_objectives(lang):
    page = ws.cards(lang)
    no_code_no_buttons(page)
    board = world_map()
    shown = text(page)
    assert page.count('class="card"') == len(board.territories) + 2
    assert page.count('class="card objective"') == len(board.objectives) == 14
    assert all(t.name(lang) in shown for t in board.territories)
    assert all(html.unescape(o.text(lang)) in shown for o in board.objectives)
    assert shown.count(ws.WORDS[lang]["joker"]) == 2


def test_the_printables_are_written_in_both_languages(tmp_path):
    written = ws.write_printables(tmp_path)
    assert sorted(p.relative_to(tmp_path).parts[1] for p in written) == ["en", "en", "pt", "pt"]
    assert all("size: A4" in p.read_text() for p in written)
