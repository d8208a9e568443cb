"""Student and teacher editions of the lessons and labs (``make handouts``).

For every built notebook (both languages), under ``build/handouts/``:

- ``teacher/<path>.ipynb``: the notebook with nbgrader cell metadata (answer cells
  ``solution: true``, check cells ``grade: true`` with points, locked), for a teacher with
  nbgrader;
- ``student/<path>.ipynb``: the same without the cells tagged ``solution``, and with the line
  ``expected = ...`` of each ``check`` cell replaced by ``expected = unseal("…")`` - the value,
  taken from a run of the teacher notebook, in a form that does not show the number, so the
  self-check still works but neither the method nor the value is handed out;
- ``answer-key/<path>.html``: the teacher notebook, run, with each exercise's answer written
  under its check cell;
- ``handout/<path>.html``: the student notebook, run, printable: every widget is replaced by a
  static picture of its state (:mod:`build_tools.printable`);
- ``worksheet/<path>.html``: the A4 worksheet, with no code and no buttons, and
  ``printables/``: the cards and the dice sheet (:mod:`build_tools.worksheet`).

All of it with nbconvert (TagRemovePreprocessor, ClearOutputPreprocessor, ExecutePreprocessor,
HTMLExporter) and one preprocessor of ours (:class:`DropWidgetViews`). A notebook whose exercise
is not tagged the way the lessons' contract says (an ``expected = ...`` outside a ``check`` cell)
is refused: its student copy would hand the answer out. The sealed statement may span lines.

    PYTHONPATH=notebooks python -m build_tools.handouts [notebooks or sources ...] [--out DIR]
                                                        [--jobs N]

Notebooks are built in parallel (one process per core by default). A notebook that fails is
named with its error and the others go on; the run lists the failures and exits non-zero.
Files go under ``--out`` (default ``build/handouts`` in the current folder), never anywhere else.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import re
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from nbconvert.preprocessors import (
    ClearOutputPreprocessor,
    ExecutePreprocessor,
    Preprocessor,
    TagRemovePreprocessor,
)
from warkit_widgets.exercise import format_value, unseal
from warkit_widgets.lessons.text import bilingual

from build_tools.build import NOTEBOOKS, Edition, editions
from build_tools.printable import WIDGET_VIEW
from build_tools.worksheet import worksheet, write_printables

OUT = Path("build") / "handouts"
ANSWER, CHECK, SOLUTION = "answer", "check", "solution"
SETUP, SEAL = "warkit-handout-setup", "warkit-handout-seal"
# The seal cell hands its value back as one display message of this type. (A printed line could
# arrive split over two stream messages when the kernel's output timer fires mid-print, which is
# what made a busy build report "2 exercises but 1 sealed answers".)
SEAL_MIME = "application/vnd.warkit.seal+json"
POINTS = 1
NBGRADER_SCHEMA = 3


class HandoutError(ValueError):
    """A notebook whose student copy cannot be made safely: says the notebook and the cell."""


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
                raise HandoutError(f"check cell {i} has no cell tagged 'answer' before it")
            found.append((answer, i))
            answer = None
    return found


def expected_statements(source: str) -> list[ast.stmt]:
    """The statements of a cell that assign ``expected`` (at any depth)."""
    def assigns(node: ast.AST) -> bool:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        return any(isinstance(n, ast.Name) and n.id == "expected"
                   for t in targets for n in ast.walk(t))

    return [node for node in ast.walk(ast.parse(source)) if assigns(node)]


def refuse_leaks(nb: nbformat.NotebookNode, name: str) -> None:
    """Raise :class:`HandoutError` when a student copy would show an answer: an expected value
    computed outside a ``check`` cell, a check cell without exactly one ``expected = ...``
    statement of its own (not inside a loop or a function)."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or SOLUTION in tags(cell):
            continue
        found = expected_statements(cell.source)
        if CHECK in tags(cell):
            if len(found) != 1 or found[0].col_offset != 0:  # one, at the top of the cell
                raise HandoutError(f"{name}: check cell {i} needs exactly one 'expected = ...' "
                                   "statement")
        elif found:
            raise HandoutError(f"{name}: cell {i} computes 'expected' but is not tagged 'check' "
                               "(its student copy would show the answer)")
        for call in ast.walk(ast.parse(cell.source)):
            shown = _shown_answer(call)
            if shown:
                raise HandoutError(f"{name}: cell {i} gives {shown} the answer itself, not "
                                   "'expected' (its student copy would show how it is computed)")


def _shown_answer(node: ast.AST) -> str | None:
    """``answer_box(<not expected>)`` or ``check_answer(x, <not expected>)``: the name of the
    function handed an answer other than the sealed ``expected``, else ``None``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    position = {"answer_box": 0, "check_answer": 1}.get(node.func.id)
    if position is None or len(node.args) <= position:
        return None
    given = node.args[position]
    return None if isinstance(given, ast.Name) and given.id == "expected" else node.func.id


def sealed_source(source: str, value: str) -> str:
    """A check cell's code with its ``expected = ...`` statement (all its lines) replaced by
    ``expected = unseal("…")``."""
    (statement,) = expected_statements(source)
    lines = source.splitlines()
    indent = re.match(r"[ \t]*", lines[statement.lineno - 1]).group(0)
    sealed = [f"{indent}from warkit_widgets import unseal", f'{indent}expected = unseal("{value}")']
    return "\n".join(lines[:statement.lineno - 1] + sealed + lines[statement.end_lineno:])


def nbgrader(grade_id: str, *, solution: bool, grade: bool, locked: bool) -> dict:
    """nbgrader's cell metadata (schema version 3)."""
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked,
            "schema_version": NBGRADER_SCHEMA, "solution": solution, "task": False}
    if grade:
        meta["points"] = POINTS
    return meta


def teacher_notebook(nb: nbformat.NotebookNode, stem: str) -> nbformat.NotebookNode:
    """The notebook with nbgrader metadata on each exercise's answer and check cells."""
    nb = copy.deepcopy(nb)
    for k, (answer, check) in enumerate(exercises(nb), start=1):
        nb.cells[answer].metadata["nbgrader"] = nbgrader(
            f"{stem}-ex{k}-answer", solution=True, grade=False, locked=False)
        nb.cells[check].metadata["nbgrader"] = nbgrader(
            f"{stem}-ex{k}-check", solution=False, grade=True, locked=True)
        nb.cells[check].metadata.update(editable=False, deletable=False)
    return nb


def student_notebook(teacher: nbformat.NotebookNode, sealed: list[str], name: str = "notebook"
                     ) -> nbformat.NotebookNode:
    """The teacher notebook without solutions, each ``expected = ...`` sealed, no outputs."""
    nb = copy.deepcopy(teacher)
    found = exercises(nb)
    if len(found) != len(sealed):
        raise HandoutError(f"{name}: {len(found)} exercises but {len(sealed)} sealed answers")
    for (_, check), value in zip(found, sealed):
        nb.cells[check].source = sealed_source(nb.cells[check].source, value)
    nb, _ = TagRemovePreprocessor(remove_cell_tags={SOLUTION}).preprocess(nb, {})
    nb, _ = ClearOutputPreprocessor().preprocess(nb, {})
    return nb


class DropWidgetViews(Preprocessor):
    """Drop the live widget views (and the stored widget state) from executed outputs, so the
    static picture next to each view is what an HTML export or a print shows."""

    def preprocess(self, nb: nbformat.NotebookNode, resources: dict
                   ) -> tuple[nbformat.NotebookNode, dict]:
        nb.metadata.pop("widgets", None)
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell: nbformat.NotebookNode, resources: dict, index: int
                        ) -> tuple[nbformat.NotebookNode, dict]:
        if cell.cell_type == "code":
            for output in cell.outputs:
                output.get("data", {}).pop(WIDGET_VIEW, None)
        return cell, resources


def execute(nb: nbformat.NotebookNode, lang: str, cwd: Path, *, seal: bool = False,
            timeout: int = 300) -> tuple[nbformat.NotebookNode, list[str]]:
    """Run ``nb`` with the static pictures installed (a first hidden cell) and return it without
    that cell and without widget views; with ``seal``, also the sealed value of ``expected``
    after each check cell (read by cells added for that, then removed)."""
    nb = copy.deepcopy(nb)
    setup = nbformat.v4.new_code_cell(
        f"import sys\nsys.path.insert(0, {str(NOTEBOOKS)!r})\n"
        f"from build_tools.printable import install\ninstall({lang!r})",
        metadata={"tags": [SETUP]})
    cells = [setup]
    for cell in nb.cells:
        cells.append(cell)
        if seal and CHECK in tags(cell):
            cells.append(nbformat.v4.new_code_cell(
                "from IPython.display import display as _warkit_display\n"
                "from warkit_widgets.exercise import seal as _warkit_seal\n"
                f"_warkit_display({{{SEAL_MIME!r}: {{'value': _warkit_seal(expected)}}}}, "
                "raw=True)", metadata={"tags": [SEAL]}))
    nb.cells = cells
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(
        nb, {"metadata": {"path": str(cwd)}})
    sealed = [seal_value(o) for c in nb.cells if SEAL in tags(c) for o in c.outputs
              if SEAL_MIME in o.get("data", {})]
    nb, _ = TagRemovePreprocessor(remove_cell_tags={SETUP, SEAL}).preprocess(nb, {})
    nb, _ = DropWidgetViews().preprocess(nb, {})
    return nb, sealed


def seal_value(output: nbformat.NotebookNode) -> str:
    """The sealed value a seal cell displayed (nbformat may keep JSON data as text)."""
    data = output["data"][SEAL_MIME]
    return str((json.loads(data) if isinstance(data, str) else data)["value"])


def with_answers(key: nbformat.NotebookNode, sealed: list[str], lang: str
                 ) -> nbformat.NotebookNode:
    """The answer key: each exercise's exact answer in a markdown cell under its check cell."""
    key = copy.deepcopy(key)
    T = bilingual(lang)
    for (_, check), value in reversed(list(zip(exercises(key), sealed))):
        text = T("**Answer:** ", "**Resposta:** ") + format_value(unseal(value), lang)
        key.cells.insert(check + 1, nbformat.v4.new_markdown_cell(text))
    return key


PAGE_STYLE = ("<style>@page{size:A4}"
              ".jp-RenderedSVG svg,.jp-RenderedHTMLCommon svg{max-width:100%;height:auto}"
              "@media print{.jp-InputPrompt,.jp-OutputPrompt{display:none}"
              ".jp-Cell{break-inside:avoid-page}}</style>")


def to_html(nb: nbformat.NotebookNode) -> str:
    """A printable page (nbconvert's lab template; pictures fit the page width)."""
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    return body.replace("</head>", PAGE_STYLE + "</head>", 1)


def build(edition: Edition, out: Path = OUT, root: Path = NOTEBOOKS) -> dict[str, Path]:
    """The five files of one built notebook (its path under ``root`` is kept under ``out``);
    returns kind -> path written."""
    nb = nbformat.read(edition.path, as_version=4)
    relative = edition.path.relative_to(root)
    refuse_leaks(nb, str(relative))
    teacher = teacher_notebook(nb, edition.path.stem)
    key, sealed = execute(teacher, edition.lang, edition.path.parent, seal=True)
    student = student_notebook(teacher, sealed, str(relative))
    handout, _ = execute(student, edition.lang, edition.path.parent)
    files = {"teacher": (out / "teacher" / relative, nbformat.writes(teacher)),
             "student": (out / "student" / relative, nbformat.writes(student)),
             "answer-key": (out / "answer-key" / relative.with_suffix(".html"),
                            to_html(with_answers(key, sealed, edition.lang))),
             "handout": (out / "handout" / relative.with_suffix(".html"), to_html(handout)),
             "worksheet": (out / "worksheet" / relative.with_suffix(".html"),
                           worksheet(handout, edition.lang))}
    for path, text in files.values():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {kind: path for kind, (path, _) in files.items()}


def chosen(paths: Iterable[Path], lang: str | None = None) -> list[Edition]:
    """The editions named by notebook or source paths (all when none), in ``lang`` if given."""
    wanted = {p.resolve() for p in paths}
    return [e for e in editions() if (not wanted or {e.path.resolve(), e.source.resolve()}
                                      & wanted) and lang in (None, e.lang)]


def build_one(edition: Edition, out: Path) -> tuple[str, float, str | None]:
    """Build one notebook in a worker: (its path, seconds, the error or ``None``). Any error is
    caught here so that one notebook's failure never stops the others."""
    start = time.perf_counter()
    name = str(edition.path.relative_to(NOTEBOOKS))
    try:
        build(edition, out)
    except Exception as error:  # reported by name; the run goes on and exits non-zero at the end
        return name, time.perf_counter() - start, f"{type(error).__name__}: {error}"
    return name, time.perf_counter() - start, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="built notebooks or their sources (default: all)")
    parser.add_argument("--lang", choices=["en", "pt"], help="only this language")
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT} (here)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="notebooks built at once (default: one per core)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    todo = chosen(args.paths, args.lang)
    if not todo:
        print("no notebook matches", file=sys.stderr)
        return 2
    out = args.out.resolve()
    start = time.perf_counter()
    failures: list[tuple[str, str]] = []
    with ProcessPoolExecutor(max_workers=min(args.jobs, len(todo))) as pool:
        for future in as_completed([pool.submit(build_one, e, out) for e in todo]):
            name, seconds, error = future.result()
            if error:
                failures.append((name, error))
                print(f"FAILED {name} ({seconds:.1f} s): {error}", file=sys.stderr, flush=True)
            else:
                print(f"{name}: {seconds:.1f} s", flush=True)
    write_printables(out)  # the cards and the dice sheet (build_tools.worksheet)
    print(f"{len(todo) - len(failures)} of {len(todo)} notebooks -> {out} "
          f"in {time.perf_counter() - start:.0f} s")
    if failures:
        print(f"{len(failures)} failed:", file=sys.stderr)
        for name, error in sorted(failures):
            print(f"  {name}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
