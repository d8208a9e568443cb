"""The nbgrader source of the function exercises (issue 20, items 1 and 11): the student's
function cell is a solution cell holding the worked function in a solution region, its check a
locked grade cell. With the regions cleared as nbgrader's release clears them, the function cell
is the empty ``def`` again and no worked function is left; run as nbgrader's autograder would,
the check earns its point with the source's function and fails with the released one."""

from __future__ import annotations

import ast
import copy
import re

import nbformat
import pytest
from build_tools import build, grading
from warkit_widgets.exercise import Exercise

LABS = [e for e in build.editions() if "lab" in e.metadata]
REGION = re.compile(r"\n?### BEGIN SOLUTION\n.*?\n### END SOLUTION", re.S)


def teacher(edition: build.Edition) -> nbformat.NotebookNode:
    nb = nbformat.read(edition.path, as_version=4)
    answers = [Exercise(13)] * len(grading.exercises(nb))
    return grading.nbgrader_source(nb, answers, edition.path.stem, edition.path.name)


def released(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """What ``nbgrader generate_assignment`` hands out, for the code cells: each solution region
    replaced by the code stub of grading.NBGRADER_CONFIG (nothing)."""
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = REGION.sub("", cell.source)
    return nb


@pytest.mark.parametrize("edition", LABS, ids=lambda e: f"{e.lang}:{e.path.name}")
def test_each_function_exercise_is_graded_and_released_without_its_solution(edition):
    original = nbformat.read(edition.path, as_version=4)
    source = teacher(edition)
    found = grading.function_exercises(source)
    assert found, "a function exercise in every lab"
    release = released(source)
    blanks = [c.source for c in original.cells if grading.FUNCTION in grading.tags(c)]
    assert len(blanks) == len(found)
    for (function, check, solution), blank in zip(found, blanks, strict=True):
        meta = source.cells[function].metadata["nbgrader"]
        assert meta["solution"] and not meta["grade"]
        meta = source.cells[check].metadata["nbgrader"]
        assert meta["grade"] and meta["locked"] and meta["points"] == grading.POINTS
        assert release.cells[function].source == blank
        name, _ = grading.defined_function(blank)
        defs = [node for node in ast.walk(ast.parse(release.cells[function].source))
                if isinstance(node, ast.FunctionDef)]
        assert [d.body[0].value.value for d in defs] == [...], "only the empty def is released"
        assert release.cells[solution].source.strip() == ""
        assert f"def {name}(" in source.cells[function].source.split("### BEGIN SOLUTION")[1]


def run(cells: list[str]) -> dict:
    namespace: dict = {}
    for code in cells:
        exec(compile(code, "<cell>", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_autograder_gives_the_point_to_the_function_not_to_the_blank(lang, monkeypatch):
    (edition,) = [e for e in LABS if e.lang == lang and e.name == "probability/06"]
    source = teacher(edition)
    release = released(source)
    setup = next(c.source for c in source.cells if c.cell_type == "code")
    ((function, check, _),) = grading.function_exercises(source)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    run([setup, source.cells[function].source, source.cells[check].source])  # 1 point
    with pytest.raises(AssertionError):  # 0 points: the released blank
        run([setup, release.cells[function].source, release.cells[check].source])


def test_a_function_cell_without_its_check_and_solution_is_refused():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("def f(x):\n    ...", metadata={"tags": ["function"]}),
        nbformat.v4.new_code_cell("print(1)")])
    with pytest.raises(grading.GradingError, match="function-check"):
        grading.function_exercises(nb, "small")
