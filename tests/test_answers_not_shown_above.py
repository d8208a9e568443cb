"""No exercise is answered above itself (issue 20, item 2): for every graded exercise of every
lesson and lab, in both languages, nothing a student sees before its answer cell shows its answer.

The answer is the value the checker compares with: each notebook runs once the way
``make handouts`` reads its exercises (``build_tools.handouts.read_exercises``: the exercise each
check cell built, answer and hints, sealed and read back) - no answer is written here.

"Before" is every cell above the exercise's answer cell that a student copy keeps (cells tagged
``solution`` are the answer key's): the markdown, the code (where the hint values of earlier
exercises are, ``Hint(Fraction(119, 144), ...)``), and the outputs - printed text, HTML tables,
and the text and tooltips (``<title>``) of SVG charts and of the static pictures that stand for
widgets in a printed handout. The answer is looked for as

- a fraction ``95/144`` (or ``Fraction(95, 144)``), when the value is an exact fraction;
- a decimal with a point or a comma, rounded to 3 and 4 places (``0,660``, ``0.6597``; two
  places are a percentage's precision, looked for as the percentage);
- a percentage rounded to 0, 1 and 2 places, point or comma, any space before ``%``
  (``66%``, ``66,0 %``, ``65,97%``), when the value is a probability;

each only when the exercise's own check accepts it as the answer (``66%`` for 65,97 %, but
not ``5%`` for 4,59 %, which is too coarse and which any text holds): a number shown above
leaks the answer when typing it in would pass. The examples of the answer format every
exercise repeats (``Fraction(1, 2)``, ``0.5``, ``"50%"`` in backticks) are no answer. A
whole-number answer (13 armies, 17 attackers) cannot be told by text from the other counts,
sizes and minutes of a lesson, so it is not searched here: :func:`unsearched` names those
exercises, and they are written so that no cell above states them (issue 20 lists them by hand).

Each notebook is one test, named by its language and file, so a failure says which notebook,
which exercise, what was found and in which cell.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from numbers import Integral, Rational

import nbformat
import pytest
from build_tools import handouts
from build_tools.build import Edition, editions
from warkit_widgets.exercise import Exercise, unseal_exercise

EDITIONS = editions()
TAG = re.compile(r"<[^>]+>")
STYLE = re.compile(r"<(style|script)\b.*?</\1\s*>", re.S | re.I)
FORMAT_EXAMPLES = re.compile(r"`Fraction\(1, 2\)`|`0[.,]5`|`\"50 ?%\"`")
SPACE = r"[ \t\u00a0\u2009\u202f]*"
NOT_AFTER = r"(?<![\w.,/])"  # not the tail of a longer number, a fraction or an ID
NOT_BEFORE = r"(?![\d]|[.,]\d)"  # not the head of a longer number


@dataclass(frozen=True)
class Found:
    """One place above an exercise where its answer shows."""

    cell: int
    where: str  # "markdown", "code" or "output"
    text: str  # what matched, with a little context

    def __str__(self) -> str:
        return f"cell {self.cell} ({self.where}): …{self.text}…"


def _rounded(value: Fraction, places: int) -> set[str]:
    """``value`` rounded to ``places`` decimals, half up and half even (both are in use)."""
    with localcontext() as context:
        context.prec = 40
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        quantum = Decimal(1).scaleb(-places)
        return {str(exact.quantize(quantum, rounding=mode))
                for mode in (ROUND_HALF_UP, ROUND_HALF_EVEN)}


def _either_mark(number: str) -> str:
    """A rounded number as a pattern that takes a decimal point or a decimal comma."""
    return re.escape(number).replace(r"\.", "[.,]")


def answer_patterns(exercise: Exercise) -> list[re.Pattern[str]]:
    """How an exercise's answer would read in a text, in the forms its check accepts (see the
    module doc)."""
    value = exercise.expected
    if isinstance(value, Integral | Rational):
        exact = Fraction(value)  # type: ignore[arg-type]
        is_fraction = exact.denominator != 1
    else:
        exact = Fraction(repr(float(value)))  # type: ignore[arg-type]
        is_fraction = False
    if exact.denominator == 1:
        return []
    patterns = []
    if is_fraction:
        p, q = exact.numerator, exact.denominator
        patterns += [re.compile(rf"{NOT_AFTER}{p}{SPACE}/{SPACE}{q}(?!\d)"),
                     re.compile(rf"Fraction\({SPACE}{p}{SPACE},{SPACE}{q}{SPACE}\)")]
    decimals = {s for places in (3, 4) for s in _rounded(exact, places) if exercise.check(s)}
    patterns += [re.compile(rf"{NOT_AFTER}{_either_mark(s)}(?!\d)") for s in sorted(decimals)]
    if 0 <= exact <= 1:
        percents = {s for places in (0, 1, 2) for s in _rounded(100 * exact, places)
                    if exercise.check(f"{s}%")}
        patterns += [re.compile(rf"{NOT_AFTER}{_either_mark(s)}{SPACE}%") for s in sorted(percents)]
    return patterns


def _output_text(output: nbformat.NotebookNode) -> str:
    """What a student reads in one output: printed text, and the text and tooltips of HTML and
    SVG (tags dropped, so coordinates and styles are not read as numbers)."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    parts = []
    for mime, data in output.get("data", {}).items():
        text = data if isinstance(data, str) else "".join(data) if isinstance(data, list) else ""
        if mime in ("text/html", "image/svg+xml"):
            text = html.unescape(TAG.sub(" ", STYLE.sub(" ", text)))
        elif mime not in ("text/plain", "text/markdown", "text/latex"):
            continue
        parts.append(text)
    if output.get("output_type") == "error":
        parts.append(f"{output.get('ename')}: {output.get('evalue')}")
    return "\n".join(parts)


def visible(cell: nbformat.NotebookNode) -> list[tuple[str, str]]:
    """(where, text) of everything a student copy shows of one cell."""
    if cell.cell_type == "markdown":
        return [("markdown", FORMAT_EXAMPLES.sub(" ", cell.source))]
    if cell.cell_type != "code" or handouts.SOLUTION in handouts.tags(cell):
        return []
    return [("code", cell.source)] + [("output", _output_text(o)) for o in cell.get("outputs", [])]


def search(cells: list[nbformat.NotebookNode], exercise: Exercise | object) -> list[Found]:
    """Every place in ``cells`` (the cells above an exercise) where its answer shows (an
    :class:`Exercise`, or a bare answer with the checker's own tolerance)."""
    if not isinstance(exercise, Exercise):
        exercise = Exercise(exercise)  # type: ignore[arg-type]
    patterns = answer_patterns(exercise)
    found = []
    for index, cell in enumerate(cells):
        for where, text in visible(cell):
            for pattern in patterns:
                for match in pattern.finditer(text):
                    start, end = max(0, match.start() - 30), match.end() + 30
                    context = " ".join(text[start:end].split())
                    found.append(Found(index, where, context))
    return found


def unsearched(values: list[object]) -> list[int]:
    """The exercises (1-based) whose answer is not searched for: the whole numbers."""
    return [k for k, v in enumerate(values, start=1) if not answer_patterns(Exercise(v))]


def run(edition: Edition) -> tuple[nbformat.NotebookNode, list[Exercise]]:
    """The notebook, run, and each of its exercises (answer, tolerance, hints)."""
    nb = nbformat.read(edition.path, as_version=4)
    executed, sealed = handouts.read_exercises(nb, edition.lang, edition.path.parent,
                                               edition.path.name)
    return executed, [unseal_exercise(s) for s in sealed]


def leaks(nb: nbformat.NotebookNode, values: list[Exercise]) -> list[str]:
    """One line per exercise whose answer shows above it, with where."""
    report = []
    exercises = handouts.exercises(nb)
    assert len(exercises) == len(values), f"{len(exercises)} exercises, {len(values)} answers"
    for k, ((answer_cell, _), value) in enumerate(zip(exercises, values), start=1):
        found = search(nb.cells[:answer_cell], value)
        if found:
            places = "\n      ".join(str(f) for f in found)
            report.append(f"exercise {k} (answer {value.expected}, cell {answer_cell}) shows "
                          "above:\n"
                          f"      {places}")
    return report


# -- the search itself (no kernel) -----------------------------------------------------------------
def cells(*texts: str) -> list[nbformat.NotebookNode]:
    return [nbformat.v4.new_markdown_cell(t) for t in texts]


@pytest.mark.parametrize("text", [
    "Contra um dado, o ataque quase sempre vence (95/144, cerca de 66%).",
    "3 x 1: 95 / 144 = 66,0 %", "a chance é 65,97%", "about 0.660 of the time", "0,6597",
    "assert p == Fraction(95, 144)", "65.97\u202f%",
])
def test_a_probability_is_found_in_every_form(text):
    assert search(cells(text), Fraction(95, 144))


@pytest.mark.parametrize("text", [
    "166% more", "0,665", "195/144", "95/1440", "66 armies", "C-ATK-66", "a 1/6 chance",
    "66.5%", "10,66",
])
def test_other_numbers_are_not_taken_for_the_answer(text):
    assert not search(cells(text), Fraction(95, 144)), text


def test_only_what_the_check_accepts_counts_and_whole_numbers_are_not_searched():
    assert search(cells("p = 0.0459"), 0.0459) and search(cells("p = 4,59 %"), 0.0459)
    assert not search(cells("below 0.05, or 5%, or 0.14"), 0.0459)
    assert not search(cells("the other bar: 0,14"), Fraction(175, 1296))  # 2 places: no
    strict = Exercise(Fraction(95, 144), rel_tol=0.0001)  # an exercise's own tolerance rules
    assert search(cells("65,97%"), strict) and not search(cells("66%"), strict)
    assert not search(cells("17 armies"), 17)
    assert unsearched([5, 17, Fraction(1, 3), 0.25]) == [1, 2]


def test_the_answer_format_examples_are_no_answer():
    text = ("Write a fraction (`Fraction(1, 2)`), a decimal (`0.5`) or a percentage (`\"50%\"`).")
    assert not search(cells(text), Fraction(1, 2))
    assert search(cells(text + " A draw: 50.0%."), Fraction(1, 2))


def test_styles_in_html_outputs_are_not_read():
    page = nbformat.v4.new_output("display_data", {
        "text/html": "<style>.a{opacity:0.66}</style><b>win</b>"})
    assert not search([nbformat.v4.new_code_cell("", outputs=[page])], Fraction(95, 144))


def test_outputs_tooltips_and_code_are_searched_and_solutions_are_not():
    chart = nbformat.v4.new_output("display_data", {
        "image/svg+xml": '<svg><rect x="0.66" width="3"><title>3 x 1: 95/144</title></rect></svg>'})
    shown = nbformat.v4.new_code_cell("HINTS = [Hint(Fraction(1, 3), en='', pt='')]",
                                      outputs=[chart])
    solution = nbformat.v4.new_code_cell("solution = Fraction(95, 144)",
                                         metadata={"tags": ["solution"]})
    assert [f.where for f in search([shown, solution], Fraction(95, 144))] == ["output"]
    assert [f.where for f in search([shown], Fraction(1, 3))] == ["code"]
    assert not search([nbformat.v4.new_code_cell("", outputs=[nbformat.v4.new_output(
        "display_data", {"image/svg+xml": '<svg><rect x="0.66"/></svg>'})])], Fraction(95, 144))


# -- every lesson and lab, both languages ----------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: f"{e.lang}:{e.path.name}")
def test_no_exercise_is_answered_above_itself(edition):
    nb, values = run(edition)
    found = leaks(nb, values)
    assert not found, (f"{edition.path.name} ({edition.lang}) shows answers before their "
                       "exercises (rewrite the exercise: ask the neighbouring case, another "
                       "count, a why):\n  " + "\n  ".join(found))
