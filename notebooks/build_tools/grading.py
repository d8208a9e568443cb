"""The nbgrader source of a lesson (``build/handouts/teacher/``): nbgrader's own markers, so that
``nbgrader generate_assignment`` releases no solution and no expected answer in any form.

From the built notebook and its exercises (as the handouts build read them from a run):

- each answer cell (tag ``answer``) keeps its ``answer = ...`` line and adds the exact answer in a
  ``### BEGIN SOLUTION`` / ``### END SOLUTION`` region (an autograded answer cell);
- each check cell (tag ``check``) becomes a locked test worth :data:`POINTS`: visible, only
  ``check_form(answer, lang=LANG)`` (is it a number? no value known); the cell's own code - how the
  answer is computed, the hints and their near-miss values - inside ``### BEGIN HIDDEN TESTS`` /
  ``### END HIDDEN TESTS``, which nbgrader keeps for grading and removes from the release;
- each worked solution (tag ``solution``) sits whole in a solution region: the release keeps an
  empty cell where the student may work;
- an exercise where the student writes a function (tags ``function``, ``function-check``, then its
  ``solution``): the function cell keeps its empty ``def`` and adds the worked function in a
  solution region; its check becomes a locked test worth :data:`POINTS`, in the open (it calls
  the engine's own function, which the student may read anyway: nothing there is secret);
- the Voilà answer box of each exercise (``answer_box(expected, ...)``, and the line above it that
  introduces it) is left out: it needs the answer, and a graded copy is not checked as you type.

The release keeps ``answer = ...`` only if nbgrader replaces a solution region by nothing: that is
:data:`NBGRADER_CONFIG` (written beside the notebooks as ``nbgrader_config.py``); nbgrader's own
default would add ``raise NotImplementedError()`` under it.
"""

from __future__ import annotations

import ast
import copy
from fractions import Fraction

import nbformat
from warkit_widgets.exercise import Exercise

ANSWER, CHECK, SOLUTION = "answer", "check", "solution"
FUNCTION, FUNCTION_CHECK = "function", "function-check"
POINTS = 1
NBGRADER_SCHEMA = 3
BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
VISIBLE_CHECK = "from warkit_widgets import check_form\ncheck_form(answer, lang=LANG)"
NBGRADER_CONFIG = '''\
# nbgrader settings for the warkit lessons and labs: copy these lines into your course's
# nbgrader_config.py (nbgrader reads the one in the folder where you run it).
c = get_config()  # noqa: F821 (nbgrader defines it)

# An answer cell keeps its line `answer = None  # ...` and the exact answer below it sits in a
# solution region: the release replaces that region by nothing (nbgrader's default stub would
# add "# YOUR CODE HERE / raise NotImplementedError()" under the student's line).
c.ClearSolutions.code_stub = {"python": ""}

# A lesson runs the engine and its widgets: give a cell more than nbgrader's 30 seconds.
c.Execute.timeout = 300
'''


class GradingError(ValueError):
    """A notebook whose nbgrader source cannot be made safely: says the notebook and the cell."""


def tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def exercises(nb: nbformat.NotebookNode) -> list[tuple[int, int]]:
    """(answer cell, check cell) of each exercise, by their tags."""
    found, answer = [], None
    for i, cell in enumerate(nb.cells):
        if ANSWER in tags(cell):
            answer = i
        if CHECK in tags(cell):
            if answer is None:
                raise GradingError(f"check cell {i} has no cell tagged 'answer' before it")
            found.append((answer, i))
            answer = None
    return found


def answer_box_cells(nb: nbformat.NotebookNode, name: str = "notebook") -> dict[int, int]:
    """check cell -> the cell that shows its exercise's Voilà answer box (a code cell whose only
    statement is ``answer_box(...)``, after that check cell and before the next one)."""
    boxes: dict[int, int] = {}
    check = None
    for i, cell in enumerate(nb.cells):
        if CHECK in tags(cell):
            check = i
            continue
        if cell.cell_type != "code" or SOLUTION in tags(cell):
            continue
        body = ast.parse(cell.source).body
        calls = [n for n in ast.walk(ast.Module(body=body, type_ignores=[]))
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id == "answer_box"]
        if not calls:
            continue
        if len(body) != 1 or not isinstance(body[0], ast.Expr) or body[0].value is not calls[0] \
                or check is None:
            raise GradingError(f"{name}: cell {i} shows an answer box among other code, or "
                               "before any check cell (keep `answer_box(...)` alone in a cell "
                               "after its exercise's check cell)")
        boxes[check] = i
    return boxes


def metadata(grade_id: str, *, solution: bool, grade: bool, locked: bool) -> dict:
    """nbgrader's cell metadata (schema version 3)."""
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked,
            "schema_version": NBGRADER_SCHEMA, "solution": solution, "task": False}
    if grade:
        meta["points"] = POINTS
    return meta


def answer_literal(value: object) -> str:
    """The exact answer as the right-hand side of ``answer = ...`` (needing no import):
    ``13``, ``"95/144"``, or a float's repr."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f'"{value}"'
    if isinstance(value, float):
        return repr(value)
    return str(int(value))  # type: ignore[call-overload]


def region(begin: str, code: str, end: str) -> str:
    return f"{begin}\n{code.strip(chr(10))}\n{end}"


def nbgrader_source(nb: nbformat.NotebookNode, found: list[Exercise], stem: str,
                    name: str = "notebook") -> nbformat.NotebookNode:
    """The nbgrader source of ``nb`` whose exercises are ``found`` (in order): see the module."""
    nb = copy.deepcopy(nb)
    pairs = exercises(nb)
    if len(pairs) != len(found):
        raise GradingError(f"{name}: {len(pairs)} exercises but {len(found)} answers read")
    boxes = answer_box_cells(nb, name)
    dropped: set[int] = set()
    for k, ((answer, check), exercise) in enumerate(zip(pairs, found), start=1):
        cell = nb.cells[answer]
        cell.source = cell.source.rstrip("\n") + "\n" + region(
            BEGIN_SOLUTION, f"answer = {answer_literal(exercise.expected)}", END_SOLUTION)
        cell.metadata["nbgrader"] = metadata(f"{stem}-ex{k}-answer", solution=True,
                                             grade=False, locked=False)
        cell = nb.cells[check]
        cell.source = VISIBLE_CHECK + "\n" + region(BEGIN_HIDDEN, cell.source, END_HIDDEN)
        cell.metadata["nbgrader"] = metadata(f"{stem}-ex{k}-check", solution=False, grade=True,
                                             locked=True)
        cell.metadata.update(editable=False, deletable=False)
        if check in boxes:
            box = boxes[check]
            dropped.add(box)
            intro = nb.cells[box - 1]
            if box - 1 > check and intro.cell_type == "markdown" \
                    and "\n" not in intro.source.strip():
                dropped.add(box - 1)  # one line: "In a dashboard, type your answer here:"
    mark_function_exercises(nb, stem, name)
    worked = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and SOLUTION in tags(cell):
            worked += 1
            cell.source = region(BEGIN_SOLUTION, cell.source, END_SOLUTION)
            cell.metadata["nbgrader"] = metadata(f"{stem}-solution{worked}", solution=True,
                                                 grade=False, locked=False)
    nb.cells = [c for i, c in enumerate(nb.cells) if i not in dropped]
    return nb


def function_exercises(nb: nbformat.NotebookNode, name: str = "notebook"
                       ) -> list[tuple[int, int, int]]:
    """(function cell, its check, its worked solution) of each exercise where the student writes
    a function, by their tags (three cells in a row)."""
    found = []
    for i, cell in enumerate(nb.cells):
        if FUNCTION not in tags(cell):
            continue
        after = [tags(c) for c in nb.cells[i + 1:i + 3]]
        if len(after) < 2 or FUNCTION_CHECK not in after[0] or SOLUTION not in after[1]:
            raise GradingError(f"{name}: function cell {i} is not followed by its "
                               "'function-check' cell and its 'solution' cell")
        found.append((i, i + 1, i + 2))
    return found


def defined_function(source: str, name: str = "notebook", wanted: str | None = None
                     ) -> tuple[str, str]:
    """(name, code) of the function a cell defines (``wanted``: that one)."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and wanted in (None, node.name):
            return node.name, ast.get_source_segment(source, node) or ""
    raise GradingError(f"{name}: no function {wanted or ''} defined where one is expected")


def mark_function_exercises(nb: nbformat.NotebookNode, stem: str, name: str = "notebook") -> None:
    """The function exercises of ``nb`` as nbgrader cells (in place; see the module)."""
    for k, (function, check, solution) in enumerate(function_exercises(nb, name), start=1):
        cell = nb.cells[function]
        written, _ = defined_function(cell.source, name)
        _, worked = defined_function(nb.cells[solution].source, name, written)
        cell.source = cell.source.rstrip("\n") + "\n" + region(BEGIN_SOLUTION, worked,
                                                                END_SOLUTION)
        cell.metadata["nbgrader"] = metadata(f"{stem}-function{k}", solution=True, grade=False,
                                             locked=False)
        cell = nb.cells[check]
        cell.metadata["nbgrader"] = metadata(f"{stem}-function{k}-check", solution=False,
                                             grade=True, locked=True)
        cell.metadata.update(editable=False, deletable=False)
