"""nbgrader itself, on every lesson and lab in both languages: the teacher edition the handouts
build writes is put in an nbgrader course, ``nbgrader generate_assignment`` releases it, every
released file is scanned for the solutions, the hidden tests and the expected values, and
``nbgrader autograde`` grades two submissions of each notebook: the right answers and the
functions a lab asks for written (full marks), and wrong answers with the functions left
unwritten (0).

The cost is one run of each notebook to read its answers (the handouts build, one process per
core) and two autograde runs of it (two nbgrader processes side by side, one per submission,
each in its own course folder: nbgrader's SQLite gradebook takes one writer at a time).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from build_tools import grading, handouts
from build_tools.build import NOTEBOOKS, Edition, editions

pytest.importorskip("nbgrader")

BUILT = [e for e in editions() if e.path.exists()]
RIGHT, WRONG = "right", "wrong"
ANSWER_LINE = re.compile(r"^answer = .+  # \S.*$")  # the line's shape, in either language
SOLUTION_ANSWER = re.compile(r"### BEGIN SOLUTION\nanswer = (.+)\n### END SOLUTION")


@dataclass(frozen=True)
class Released:
    """One notebook through nbgrader: its assignment, its source, its release."""

    edition: Edition
    assignment: str
    source: nbformat.NotebookNode
    release: Path


def assignment_of(edition: Edition) -> str:
    """One assignment per language and folder (``en-classic``, ``pt-probabilidade``), so that
    one nbgrader command does them all and notebook names stay unique inside each."""
    return f"{edition.lang}-{edition.path.parent.name}"


def nbgrader(course: Path, *args: str) -> subprocess.Popen:
    """An nbgrader command in ``course`` (its ``nbgrader_config.py``); this venv's tools first
    on the PATH (nbgrader runs ``alembic`` to make its gradebook)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.Popen([sys.executable, "-m", "nbgrader", *args, "--force"], cwd=course,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(*commands: subprocess.Popen) -> None:
    for command in commands:
        out, _ = command.communicate(timeout=3600)
        assert command.returncode == 0, f"{command.args}:\n{out[-4000:]}"
        assert not re.search(r"\[\w+App \| ERROR\]", out), out[-4000:]  # nbgrader's own errors


def right_answers(source: nbformat.NotebookNode) -> list[str]:
    """The exact answers the teacher edition holds, in its answer cells' solution regions."""
    return [SOLUTION_ANSWER.search(c.source).group(1) for c in source.cells
            if grading.ANSWER in grading.tags(c)]


def solved_functions(source: nbformat.NotebookNode) -> list[str]:
    """Each function cell as the teacher edition solves it: the solution region's code."""
    return [c.source.partition(grading.BEGIN_SOLUTION + "\n")[2].rpartition(
        "\n" + grading.END_SOLUTION)[0] for c in source.cells
        if grading.FUNCTION in grading.tags(c)]


def wrong_answer(right: str) -> str:
    """A wrong answer of the same form: a whole number plus one, anything else times 3/2."""
    value = Fraction(ast.literal_eval(right))
    return str(int(value) + 1) if value.denominator == 1 else f'"{value * Fraction(3, 2)}"'


def submission(release: Path, answers: list[str], functions: list[str] | None
               ) -> nbformat.NotebookNode:
    """The released notebook with ``answer = ...`` written in each answer cell, in order, and
    each function cell replaced by ``functions`` (``None``: left as released, unwritten)."""
    nb = nbformat.read(release, as_version=4)
    cells = [c for c in nb.cells if grading.ANSWER in grading.tags(c)]
    assert len(cells) == len(answers)
    for cell, value in zip(cells, answers):
        cell.source = re.sub(r"^answer\s*=[^#\n]*?(?=\s*(#|$))", f"answer = {value}", cell.source,
                             count=1, flags=re.M)
    stubs = [c for c in nb.cells if grading.FUNCTION in grading.tags(c)]
    for cell, code in zip(stubs, functions or []):
        cell.source = code
    return nb


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict[str, object]:
    """The two courses, generated and autograded: notebook path -> Released, and the scores."""
    root = tmp_path_factory.mktemp("nbgrader")
    built = root / "handouts"
    failures = handouts.build_all(BUILT, built, kinds=["teacher"], log=lambda line: None)
    assert not failures, failures
    right = root / RIGHT
    released: dict[str, Released] = {}
    for edition in BUILT:
        relative = edition.path.relative_to(NOTEBOOKS)
        assignment = assignment_of(edition)
        target = right / "source" / assignment / edition.path.name
        assert not target.exists(), f"two notebooks named {edition.path.name} in {assignment}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(built / "teacher" / relative, target)
        released[str(relative)] = Released(edition, assignment, nbformat.read(target, 4),
                                           right / "release" / assignment / edition.path.name)
    shutil.copy(built / "teacher" / "nbgrader_config.py", right / "nbgrader_config.py")
    finish(nbgrader(right, "generate_assignment", "*"))
    wrong = root / WRONG
    shutil.copytree(right, wrong)  # the same release and gradebook, another student
    for folder, student in ((right, RIGHT), (wrong, WRONG)):
        for item in released.values():
            answers, functions = right_answers(item.source), solved_functions(item.source)
            if student == WRONG:
                answers, functions = [wrong_answer(a) for a in answers], None
            path = folder / "submitted" / student / item.assignment / item.release.name
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(submission(item.release, answers, functions), path)
    finish(nbgrader(right, "autograde", "*"), nbgrader(wrong, "autograde", "*"))
    from nbgrader.api import Gradebook

    scores: dict[tuple[str, str], tuple[float, float]] = {}
    for folder, student in ((right, RIGHT), (wrong, WRONG)):
        with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as book:
            for name, item in released.items():
                graded = book.find_submission_notebook(item.release.stem, item.assignment,
                                                       student)
                scores[name, student] = (graded.score, graded.max_score)
    return {"released": released, "scores": scores}


NAMES = [str(e.path.relative_to(NOTEBOOKS)) for e in BUILT]


def forms(value: Fraction) -> list[str]:
    """How an expected value could show in a file: ``95/144``, ``Fraction(95, 144)``, and its
    decimal and percentage with 2 to 4 decimals, with a point or a comma."""
    found = [f"{value.numerator}/{value.denominator}",
             f"Fraction({value.numerator}, {value.denominator})"]
    for shown in (value, 100 * value):
        for digits in (2, 3, 4):
            text = f"{float(shown):.{digits}f}"
            if len(text.replace("0", "").replace(".", "")) >= 3:  # not 0.50, 1.00
                found += [text, text.replace(".", ",")]
    return found


@pytest.mark.parametrize("name", NAMES)
def test_the_release_holds_no_solution_and_no_expected_answer(course, name):
    """No marker, seal, hint, hidden test or worked solution line, no ``expected = ...`` and
    no expected value in any form in the code; each answer cell is its ``answer = ...`` line."""
    item = course["released"][name]
    text = item.release.read_text(encoding="utf-8")
    released = nbformat.reads(text, as_version=4)
    code = "\n".join(c.source for c in released.cells if c.cell_type == "code")
    for marker in ("### BEGIN", "### END", "wk1:", "wk2:", "unseal", "Hint(", "NotImplemented",
                   "answer_box("):
        assert marker not in code, marker
    assert not handouts.expected_statements(code)
    secret = [c.source.partition(grading.BEGIN_HIDDEN)[2] for c in item.source.cells
              if grading.CHECK in grading.tags(c)]
    secret += [c.source for c in item.source.cells if grading.SOLUTION in grading.tags(c)]
    public = {line.strip() for c in item.source.cells if c.cell_type == "code"
              and grading.SOLUTION not in grading.tags(c)
              for line in re.sub(r"### BEGIN (SOLUTION|HIDDEN TESTS)\n.*?### END \1", "",
                                 c.source, flags=re.S).splitlines()}
    lines = {line.strip() for part in secret for line in part.splitlines()} - public
    lines = {line for line in lines if len(line) > 12
             and not line.startswith(("###", "#", "import ", "from "))}
    released_lines = {line.strip() for line in code.splitlines()}
    assert not lines & released_lines, "a hidden or solution line released"
    for right in right_answers(item.source):
        value = Fraction(ast.literal_eval(right))
        shown = [f for f in forms(value) if f in code] if value.denominator != 1 else \
            [right] if re.search(rf"^answer = {re.escape(right)}\b", code, re.M) else []
        assert not shown, f"the answer {right} shows in the released code as {shown}"
    answers = [c for c in released.cells if grading.ANSWER in grading.tags(c)]
    assert answers and all(ANSWER_LINE.fullmatch(c.source.strip()) for c in answers), \
        [c.source for c in answers]
    checks = [c for c in released.cells if grading.CHECK in grading.tags(c)]
    assert all(c.source.strip() == grading.VISIBLE_CHECK for c in checks)


@pytest.mark.parametrize("name", NAMES)
def test_autograde_gives_right_answers_every_point_and_wrong_ones_none(course, name):
    """Right answers and written functions: every point; wrong answers and functions left
    unwritten: none."""
    source = course["released"][name].source
    exercises = len(right_answers(source)) + len(solved_functions(source))
    assert course["scores"][name, RIGHT] == (exercises, exercises)
    assert course["scores"][name, WRONG] == (0, exercises)
