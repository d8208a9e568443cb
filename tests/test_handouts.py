"""Student and teacher editions (``make handouts``): no student copy holds a solution, the way an
expected answer is computed or a hint's value, the answer key does, the nbgrader source carries
nbgrader's markers and metadata, and a printable handout shows a static picture (an SVG) where
each widget was. (tests/test_nbgrader.py runs nbgrader itself on every lesson.)

Only a small lesson made here and the pilot lesson are run (a kernel each, twice); the other
notebooks are checked without running them.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from build_tools import grading, handouts
from build_tools.build import NOTEBOOKS, Edition, editions
from warkit_widgets.exercise import Exercise, Hint, seal_exercise, unseal_exercise

v4 = nbformat.v4
METHOD = "Fraction(190, 288)"  # how the small lesson computes its expected answer
HINT_TEXT = "One die?"  # the small lesson's hint (English), never in a student copy


def small_lesson(lang: str = "en") -> nbformat.NotebookNode:
    """A lesson in miniature: the four widgets, two exercises (a fraction with a hint, a whole
    number), an answer box and a worked solution."""
    return v4.new_notebook(cells=[
        v4.new_markdown_cell("# Lesson 99 — A small lesson\n\nabout 5 minutes"),
        v4.new_code_cell("from fractions import Fraction\n\nimport warkit\n"
                         "from warkit_widgets import (DiceWidget, HandWidget, Hint, MapWidget, "
                         "OddsWidget, answer_box, check_answer)\n\n"
                         f'LANG = "{lang}"  # set by the build'),
        v4.new_code_cell("state = warkit.new_game(players=3, seed=7)\nMapWidget(state, lang=LANG)"),
        v4.new_code_cell("DiceWidget((5, 4, 1), (6, 3, 1), lang=LANG)"),
        v4.new_code_cell("OddsWidget(3, 2, lang=LANG)"),
        v4.new_code_cell("HandWidget(warkit.view(state, 0), lang=LANG)"),
        v4.new_markdown_cell("## Exercise (3 min)"),
        v4.new_code_cell("answer = None  # your answer here", metadata={"tags": ["answer"]}),
        v4.new_code_cell(f"expected = {METHOD}  # 3 dice against 1 (C-ATK-4)\n"
                         "check_answer(answer, expected, lang=LANG,\n"
                         '             hints=[Hint(Fraction(1, 2), en="One die?", pt="Um dado?")])',
                         metadata={"tags": ["check"]}),
        v4.new_code_cell("answer_box(expected, lang=LANG)"),
        v4.new_code_cell("solution = 1 - sum(Fraction(f, 6) ** 3 for f in range(1, 7)) / 6\n"
                         "assert check_answer(solution, expected)",
                         metadata={"tags": ["solution"]}),
        v4.new_code_cell("answer = None  # your answer here", metadata={"tags": ["answer"]}),
        v4.new_code_cell("expected = 6 + 7\ncheck_answer(answer, expected, lang=LANG)",
                         metadata={"tags": ["check"]}),
    ], metadata={"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                "name": "python3"}})


def student_has_no_answers(student: nbformat.NotebookNode) -> None:
    """No worked solution, no ``expected`` and no hint in sight: each check cell only unseals
    its exercise; the copy says it is for self-study; no nbgrader metadata."""
    code = [c for c in student.cells if c.cell_type == "code"]
    assert not [c for c in code if "solution" in c.metadata.get("tags", [])]
    assert not any(handouts.expected_statements(c.source) or "Hint(" in c.source for c in code)
    checks = [c for c in code if "check" in c.metadata.get("tags", [])]
    assert checks and all(re.fullmatch(r'# [^\n]+\nfrom warkit_widgets import unseal_exercise\n'
                                       r'exercise = unseal_exercise\("wk2:[\w-]+"\)\n'
                                       r"exercise.check\(answer, lang=LANG\)", c.source)
                          for c in checks)
    assert not any("nbgrader" in c.metadata for c in student.cells)
    assert "self-study" in student.cells[1].metadata.get("tags", [""])[0]


def nbgrader_is_valid(nb: nbformat.NotebookNode) -> None:
    """nbgrader's cell metadata, schema version 3, and markers: the required fields, their
    types, points only on graded cells, unique grade ids; answer cells are solutions with their
    ``answer = ...`` line kept above a solution region; check cells are graded, locked, and show
    only ``check_form`` above their hidden tests; worked solutions sit whole in a region; a
    function to write keeps its blank ``def`` above the worked one's region, and its check is
    graded and locked."""
    ids = []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if meta is None:
            assert "### BEGIN" not in cell.source
            continue
        assert meta["schema_version"] == 3
        for field in ("grade", "solution", "locked", "task"):
            assert isinstance(meta[field], bool), field
        assert re.fullmatch(r"[\w-]+", meta["grade_id"])
        ids.append(meta["grade_id"])
        if meta["grade"]:
            assert isinstance(meta["points"], int | float) and meta["points"] >= 0
        else:
            assert "points" not in meta
        cell_tags = cell.metadata.get("tags", [])
        assert bool({"check", "function-check"} & set(cell_tags)) == (meta["grade"]
                                                                      and meta["locked"])
        if "answer" in cell_tags:
            assert meta["solution"] and not meta["grade"]
            assert re.fullmatch(r"answer = [^\n]+\n### BEGIN SOLUTION\nanswer = [^\n]+\n"
                                r"### END SOLUTION", cell.source), cell.source
        elif "check" in cell_tags:
            visible, hidden = cell.source.split("### BEGIN HIDDEN TESTS\n")
            assert visible == grading.VISIBLE_CHECK + "\n"
            assert hidden.endswith("\n### END HIDDEN TESTS") and "expected =" in hidden
        elif "function" in cell_tags:  # the student's function: its blank def, then the worked one
            assert meta["solution"] and not meta["grade"]
            blank, worked = cell.source.split("\n### BEGIN SOLUTION\n")
            assert blank.startswith("def ") and worked.startswith("def ")
            assert worked.endswith("\n### END SOLUTION")
        elif "function-check" in cell_tags:  # in the open: it calls the engine's own function
            assert "check_written(" in cell.source and "### BEGIN" not in cell.source
        else:
            assert "solution" in cell_tags and meta["solution"] and not meta["grade"]
            assert cell.source.startswith("### BEGIN SOLUTION\n")
            assert cell.source.endswith("\n### END SOLUTION")
    assert len(ids) == len(set(ids)) and ids
    assert not any("answer_box(" in c.source for c in nb.cells)  # it would need the answer


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("notebooks")
    path = root / "lessons" / "99-small.ipynb"
    path.parent.mkdir()
    nbformat.write(small_lesson(), path)
    out = root.parent / "handouts"
    return handouts.build(Edition(path, "en", path, {}), out, root)


def page_text(path: Path) -> str:
    """The text of an HTML page as a reader sees it (code is highlighted in many spans)."""
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_the_student_copy_has_no_solution_and_seals_each_exercise(small_build):
    student = read(small_build["student"])
    student_has_no_answers(student)
    text = small_build["student"].read_text()
    assert METHOD not in text and "6 + 7" not in text and "solution =" not in text
    assert HINT_TEXT not in text and "Um dado?" not in text
    sealed = re.findall(r'unseal_exercise\("([^"]+)"\)', "\n".join(c.source for c in student.cells))
    found = [unseal_exercise(s) for s in sealed]
    assert [e.expected for e in found] == [Fraction(95, 144), 13]
    assert [h.text("pt") for h in found[0].hints] == [HINT_TEXT]  # the notebook's language only
    assert all(c.outputs == [] for c in student.cells if c.cell_type == "code")
    assert any(c.source == handouts.BOX for c in student.cells)


def test_the_teacher_notebook_and_the_answer_key_keep_the_solutions(small_build):
    teacher = read(small_build["teacher"])
    assert any("solution" in c.metadata.get("tags", []) for c in teacher.cells)
    nbgrader_is_valid(teacher)
    assert 'answer = "95/144"' in "\n".join(c.source for c in teacher.cells)
    config = small_build["teacher"].parent.parent / "nbgrader_config.py"
    assert 'c.ClearSolutions.code_stub = {"python": ""}' in config.read_text()
    key = page_text(small_build["answer-key"])
    assert METHOD in key and "solution" in key and "6 + 7" in key
    assert "Answer: 95/144 ≈ 65.97%" in key and "Answer: 13" in key


def test_the_handout_shows_static_pictures_where_the_widgets_were(small_build):
    page = small_build["handout"].read_text()
    assert handouts.WIDGET_VIEW not in page and "widget-state" not in page
    assert 'class="warkit-board"' in page  # the map: the engine's SVG of its state
    assert page.count("<svg") >= 3  # the board, the dice, the odds chart
    assert "wk-static-control" in page  # the hand's cards, the answer box
    words = page_text(small_build["handout"])
    assert METHOD not in words and "solution =" not in words and "6 + 7" not in words
    assert "Write your answer in the cell above" in words  # the check cell ran, sealed


def test_a_notebook_that_would_hand_out_its_answer_is_refused():
    nb = small_lesson()
    nb.cells[8].metadata["tags"] = []  # the check cell, untagged
    with pytest.raises(handouts.HandoutError, match="not tagged 'check'"):
        handouts.refuse_leaks(nb, "small")
    nb = small_lesson()
    nb.cells[8].source += "\nexpected = 2"
    with pytest.raises(handouts.HandoutError, match="exactly one"):
        handouts.refuse_leaks(nb, "small")
    nb = small_lesson()
    nb.cells[5].source += "\nfor k in range(2):\n    expected: int = k"  # hidden in a loop
    with pytest.raises(handouts.HandoutError, match="not tagged 'check'"):
        handouts.refuse_leaks(nb, "small")
    for leak in ("answer_box(Fraction(95, 144), lang=LANG)",
                 "check_answer(answer, roll_outcomes(3, 1)[(0, 1)])"):
        nb = small_lesson()
        nb.cells[9].source = leak
        with pytest.raises(handouts.HandoutError, match="the answer itself"):
            handouts.refuse_leaks(nb, "small")


SEALED = [seal_exercise(Exercise(Fraction(95, 144), hints=(Hint(0.5, en="a", pt="b"),)), "en"),
          seal_exercise(Exercise(13), "en")]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_editions_without_running_in_both_languages(lang):
    nb = small_lesson(lang)
    student = handouts.student_notebook(nb, SEALED, lang)
    student_has_no_answers(student)
    assert f'LANG = "{lang}"' in student.cells[2].source
    assert ("Cópia para estudo" in student.cells[1].source) == (lang == "pt")
    teacher = grading.nbgrader_source(nb, [unseal_exercise(s) for s in SEALED], "small")
    nbgrader_is_valid(teacher)
    assert len(teacher.cells) == len(nb.cells) - 1  # the answer box is left out


BUILT = [e for e in editions() if e.path.exists()]


@pytest.mark.parametrize("edition", BUILT, ids=lambda e: f"{e.lang}:{e.path.name}")
def test_no_student_copy_of_a_lesson_holds_a_solution(edition):
    """Every lesson and lab in both languages: the student copy (made here without running the
    notebook) has no solution cell, no expected = computation and no hint; the nbgrader source
    has its markers (tests/test_nbgrader.py runs nbgrader on them)."""
    nb = read(edition.path)
    handouts.refuse_leaks(nb, edition.path.name)
    exercises = handouts.exercises(nb)
    assert exercises, "exercises tagged answer and check"
    student = handouts.student_notebook(nb, [SEALED[1]] * len(exercises), edition.lang)
    student_has_no_answers(student)
    teacher = grading.nbgrader_source(nb, [Exercise(13)] * len(exercises), edition.path.stem)
    nbgrader_is_valid(teacher)


PILOT = NOTEBOOKS / "lessons" / "classic" / "03-dice-and-battles.ipynb"


def test_the_pilot_lesson_builds_all_its_files(tmp_path):
    """The real thing for one lesson: run twice, the student copy runs without its solutions."""
    edition = next(e for e in BUILT if e.path == PILOT)
    files = handouts.build(edition, tmp_path)
    assert sorted(files) == ["answer-key", "handout", "student", "teacher", "worksheet"]
    student_has_no_answers(read(files["student"]))
    page = files["handout"].read_text()
    assert 'class="warkit-board"' in page and handouts.WIDGET_VIEW not in page
    sheet = files["worksheet"].read_text()
    assert "size: A4" in sheet and "<code" not in sheet and "<button" not in sheet


def test_a_sealed_value_is_read_from_one_display_message():
    """The seal travels as one display message (a printed line could be split in two stream
    messages on a busy machine, which lost an answer: "2 exercises but 1 sealed answers")."""
    as_dict = nbformat.from_dict({"output_type": "display_data", "metadata": {},
                                  "data": {handouts.SEAL_MIME: {"value": "wk1:abc"}}})
    as_text = nbformat.from_dict({"output_type": "display_data", "metadata": {},
                                  "data": {handouts.SEAL_MIME: '{"value": "wk1:abc"}'}})
    assert handouts.seal_value(as_dict) == handouts.seal_value(as_text) == "wk1:abc"


def test_a_failing_notebook_is_named_and_the_others_still_build(tmp_path, monkeypatch, capsys):
    good, bad = (Edition(NOTEBOOKS / f"{n}.md", "en", NOTEBOOKS / f"{n}.ipynb", {})
                 for n in ("good", "bad"))
    built = tmp_path / "built"

    def fake_build(edition: Edition, out: Path, kinds: object = None) -> dict[str, Path]:
        if edition.path.stem == "bad":
            raise handouts.HandoutError("bad.ipynb: 2 exercises but 1 sealed answers")
        (out / edition.path.name).parent.mkdir(parents=True, exist_ok=True)
        (out / edition.path.name).write_text("ok")
        return {}

    monkeypatch.setattr(handouts, "chosen", lambda paths, lang=None: [bad, good])
    monkeypatch.setattr(handouts, "build", fake_build)
    assert handouts.main(["--jobs", "2", "--out", str(built)]) == 1
    out, err = capsys.readouterr()
    assert "FAILED bad.ipynb" in err and "1 failed:" in err and "sealed answers" in err
    assert "good.ipynb:" in out and "1 of 2 notebooks" in out
    assert (built / "good.ipynb").read_text() == "ok"
