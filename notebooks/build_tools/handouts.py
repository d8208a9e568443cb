"""Student and teacher editions of the lessons and labs (``make handouts``).

For every built notebook (both languages), under ``build/handouts/``:

- ``teacher/<path>.ipynb``: the nbgrader source (:mod:`build_tools.grading`): solution regions
  and hidden tests, so that ``nbgrader generate_assignment`` releases no solution and no expected
  answer; ``teacher/nbgrader_config.py`` holds the two settings a course needs for it;
- ``student/<path>.ipynb``: the self-study copy, which says so: no worked solution, and each check
  cell replaced by the exercise sealed (``exercise = unseal_exercise("wk2:…")``: the answer, its
  tolerance and the hints in the notebook's language, read from a run of the notebook), so the
  self-check still works but neither the method, the number nor a near-miss value is shown. A
  sealed answer is not a secret: graded work uses nbgrader's release of ``teacher/``;
- ``answer-key/<path>.html``: the notebook run, with each exercise's answer written under its
  check cell;
- ``handout/<path>.html``: the student notebook run, printable: every widget is replaced by a
  static picture of its state (:mod:`build_tools.printable`);
- ``worksheet/<path>.html``: the A4 worksheet, with no code and no buttons, and
  ``printables/``: the cards and the dice sheet (:mod:`build_tools.worksheet`).

All of it with nbconvert (TagRemovePreprocessor, ClearOutputPreprocessor, ExecutePreprocessor,
HTMLExporter) and one preprocessor of ours (:class:`DropWidgetViews`). A notebook whose exercise
is not tagged the way the lessons' contract says (an ``expected = ...`` outside a ``check`` cell)
is refused: its student copy would hand the answer out.

    PYTHONPATH=notebooks python -m build_tools.handouts [notebooks or sources ...] [--out DIR]
                                                        [--jobs N] [--kinds teacher,student,...]

Notebooks are built in parallel (one process per core by default). A notebook that fails is
named with its error and the others go on; the run lists the failures and exits non-zero.
Files go under ``--out`` (default ``build/handouts`` in the current folder), never anywhere else.
"""

from __future__ import annotations

import argparse
import ast
import copy
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
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
from warkit_widgets.exercise import format_value, unseal_exercise
from warkit_widgets.lessons.text import bilingual

from build_tools.build import NOTEBOOKS, Edition, editions
from build_tools.grading import (
    ANSWER,
    CHECK,
    NBGRADER_CONFIG,
    SOLUTION,
    GradingError,
    answer_box_cells,
    exercises,
    nbgrader_source,
    tags,
)
from build_tools.printable import WIDGET_VIEW
from build_tools.worksheet import worksheet, write_printables

OUT = Path("build") / "handouts"
KINDS = ("teacher", "student", "answer-key", "handout", "worksheet")
SETUP, SEAL = "warkit-handout-setup", "warkit-handout-seal"
# The seal cell hands its value back as one display message of this type. (A printed line could
# arrive split over two stream messages when the kernel's output timer fires mid-print, which is
# what made a busy build report "2 exercises but 1 sealed answers".)
SEAL_MIME = "application/vnd.warkit.seal+json"
__all__ = ["ANSWER", "CHECK", "SOLUTION", "exercises", "tags"]


class HandoutError(GradingError):
    """A notebook whose student copy cannot be made safely: says the notebook and the cell."""


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


def sealed_check(sealed: str, lang: str) -> str:
    """The self-study copy's check cell: the exercise sealed, checked against ``answer``."""
    T = bilingual(lang)
    note = T("# Self-study copy: the answer and the hints are sealed here, not hidden - "
             "graded work uses another copy.",
             "# Cópia para estudo: a resposta e as dicas estão lacradas aqui, não escondidas - "
             "trabalhos com nota usam outra cópia.")
    return (f"{note}\nfrom warkit_widgets import unseal_exercise\n"
            f'exercise = unseal_exercise("{sealed}")\nexercise.check(answer, lang=LANG)')


BOX = "exercise.box(lang=LANG)"


def self_study_note(lang: str) -> nbformat.NotebookNode:
    """The student copy says what it is, under its title."""
    T = bilingual(lang)
    return nbformat.v4.new_markdown_cell(T(
        "> **Self-study copy.** Each exercise checks your answer as soon as you run its check "
        "cell: the answer is sealed in that cell, not hidden. For graded work your teacher hands "
        "out another copy, which holds no answer and is checked at grading.",
        "> **Cópia para estudo.** Cada exercício confere sua resposta assim que você roda a "
        "célula de conferência: a resposta está lacrada nessa célula, não escondida. Para "
        "trabalhos com nota, o professor entrega outra cópia, que não guarda resposta nenhuma e "
        "é conferida na correção."), metadata={"tags": ["warkit-self-study"]})


def student_notebook(nb: nbformat.NotebookNode, sealed: list[str], lang: str,
                     name: str = "notebook") -> nbformat.NotebookNode:
    """The self-study copy: no worked solution, each exercise sealed, no outputs."""
    nb = copy.deepcopy(nb)
    found = exercises(nb)
    if len(found) != len(sealed):
        raise HandoutError(f"{name}: {len(found)} exercises but {len(sealed)} sealed answers")
    for box in answer_box_cells(nb, name).values():
        nb.cells[box].source = BOX
    for (_, check), value in zip(found, sealed):
        nb.cells[check].source = sealed_check(value, lang)
    nb.cells.insert(1, self_study_note(lang))
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


# Run after each check cell: the exercise its check_answer(...) result carries, sealed (None when
# the check cell did not end with check_answer(...): refused by name).
SEAL_CELL = """\
from IPython.display import display as _warkit_display
from warkit_widgets.exercise import Check as _WarkitCheck, seal_exercise as _warkit_seal
_warkit_result = Out.get(len(In) - 2)  # the check cell just before this one
_warkit_display({{{mime!r}: {{"value": _warkit_seal(_warkit_result.exercise, {lang!r})
                 if isinstance(_warkit_result, _WarkitCheck) and _warkit_result.exercise
                 else None}}}}, raw=True)"""


def execute(nb: nbformat.NotebookNode, lang: str, cwd: Path, *, seal: bool = False,
            timeout: int = 300) -> tuple[nbformat.NotebookNode, list[str]]:
    """Run ``nb`` with the static pictures installed (a first hidden cell) and return it without
    that cell and without widget views; with ``seal``, also each check cell's exercise, sealed
    (read by cells added after them, then removed; ``None`` for a check cell that did not end
    with ``check_answer(...)``)."""
    nb = copy.deepcopy(nb)
    setup = nbformat.v4.new_code_cell(
        f"import sys\nsys.path.insert(0, {str(NOTEBOOKS)!r})\n"
        f"from build_tools.printable import install\ninstall({lang!r})",
        metadata={"tags": [SETUP]})
    cells = [setup]
    for cell in nb.cells:
        cells.append(cell)
        if seal and CHECK in tags(cell):
            cells.append(nbformat.v4.new_code_cell(SEAL_CELL.format(mime=SEAL_MIME, lang=lang),
                                                   metadata={"tags": [SEAL]}))
    nb.cells = cells
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(
        nb, {"metadata": {"path": str(cwd)}})
    sealed = [seal_value(o) for c in nb.cells if SEAL in tags(c) for o in c.outputs
              if SEAL_MIME in o.get("data", {})]
    nb, _ = TagRemovePreprocessor(remove_cell_tags={SETUP, SEAL}).preprocess(nb, {})
    nb, _ = DropWidgetViews().preprocess(nb, {})
    return nb, sealed


def seal_value(output: nbformat.NotebookNode) -> str | None:
    """The sealed exercise a seal cell displayed (nbformat may keep JSON data as text)."""
    data = output["data"][SEAL_MIME]
    value = (json.loads(data) if isinstance(data, str) else data)["value"]
    return None if value is None else str(value)


def with_answers(key: nbformat.NotebookNode, sealed: list[str], lang: str
                 ) -> nbformat.NotebookNode:
    """The answer key: each exercise's exact answer in a markdown cell under its check cell."""
    key = copy.deepcopy(key)
    T = bilingual(lang)
    for (_, check), value in reversed(list(zip(exercises(key), sealed))):
        text = T("**Answer:** ", "**Resposta:** ") + format_value(
            unseal_exercise(value).expected, lang)
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


def read_exercises(nb: nbformat.NotebookNode, lang: str, cwd: Path, name: str
                   ) -> tuple[nbformat.NotebookNode, list[str]]:
    """Run the notebook once: the run (for the answer key) and each exercise, sealed."""
    key, sealed = execute(nb, lang, cwd, seal=True)
    checks = [check for _, check in exercises(nb)]
    if len(sealed) != len(checks) or None in sealed:
        missing = [c for c, v in zip(checks, sealed) if v is None] or checks
        raise HandoutError(f"{name}: check cell {missing[0]} does not end with "
                           f"check_answer(...) ({len(checks)} exercises, {len(sealed)} read)")
    return key, [str(v) for v in sealed]


def build(edition: Edition, out: Path = OUT, root: Path = NOTEBOOKS,
          kinds: Iterable[str] = KINDS) -> dict[str, Path]:
    """The files of one built notebook (its path under ``root`` is kept under ``out``), of the
    ``kinds`` asked (all five by default; the notebook runs once, twice with a handout);
    returns kind -> path written."""
    kinds = set(kinds)
    if kinds - set(KINDS):
        raise ValueError(f"unknown kinds {sorted(kinds - set(KINDS))}; known: {KINDS}")
    nb = nbformat.read(edition.path, as_version=4)
    relative = edition.path.relative_to(root)
    name, lang = str(relative), edition.lang
    refuse_leaks(nb, name)
    key, sealed = read_exercises(nb, lang, edition.path.parent, name)

    @functools.cache
    def handout_run() -> nbformat.NotebookNode:  # the student copy run: handout and worksheet
        return execute(student_notebook(nb, sealed, lang, name), lang, edition.path.parent)[0]

    texts: dict[str, tuple[Path, Callable[[], str]]] = {
        "teacher": (out / "teacher" / relative, lambda: nbformat.writes(nbgrader_source(
            nb, [unseal_exercise(v) for v in sealed], edition.path.stem, name))),
        "student": (out / "student" / relative,
                    lambda: nbformat.writes(student_notebook(nb, sealed, lang, name))),
        "answer-key": (out / "answer-key" / relative.with_suffix(".html"),
                       lambda: to_html(with_answers(key, sealed, lang))),
        "handout": (out / "handout" / relative.with_suffix(".html"),
                    lambda: to_html(handout_run())),
        "worksheet": (out / "worksheet" / relative.with_suffix(".html"),
                      lambda: worksheet(handout_run(), lang)),
    }
    written = {}
    for kind in KINDS:
        if kind in kinds:
            path, make = texts[kind]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(make(), encoding="utf-8")
            written[kind] = path
    if "teacher" in kinds:
        (out / "teacher" / "nbgrader_config.py").write_text(NBGRADER_CONFIG, encoding="utf-8")
    return written


def chosen(paths: Iterable[Path], lang: str | None = None) -> list[Edition]:
    """The editions named by notebook or source paths (all when none), in ``lang`` if given."""
    wanted = {p.resolve() for p in paths}
    return [e for e in editions() if (not wanted or {e.path.resolve(), e.source.resolve()}
                                      & wanted) and lang in (None, e.lang)]


def build_one(edition: Edition, out: Path, kinds: Iterable[str] = KINDS
              ) -> tuple[str, float, str | None]:
    """Build one notebook in a worker: (its path, seconds, the error or ``None``). Any error is
    caught here so that one notebook's failure never stops the others."""
    start = time.perf_counter()
    name = str(edition.path.relative_to(NOTEBOOKS))
    try:
        build(edition, out, kinds=kinds)
    except Exception as error:  # reported by name; the run goes on and exits non-zero at the end
        return name, time.perf_counter() - start, f"{type(error).__name__}: {error}"
    return name, time.perf_counter() - start, None


def build_all(todo: list[Edition], out: Path, jobs: int = os.cpu_count() or 1,
              kinds: Iterable[str] = KINDS, log: Callable[[str], None] = print
              ) -> list[tuple[str, str]]:
    """Build ``todo`` in ``jobs`` processes, logging each notebook as it ends; returns the
    failures (notebook, error), every other notebook built all the same."""
    failures: list[tuple[str, str]] = []
    kinds = tuple(kinds)
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(todo)))) as pool:
        for future in as_completed([pool.submit(build_one, e, out, kinds) for e in todo]):
            name, seconds, error = future.result()
            if error:
                failures.append((name, error))
                print(f"FAILED {name} ({seconds:.1f} s): {error}", file=sys.stderr, flush=True)
            else:
                log(f"{name}: {seconds:.1f} s")
    return sorted(failures)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="built notebooks or their sources (default: all)")
    parser.add_argument("--lang", choices=["en", "pt"], help="only this language")
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT} (here)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="notebooks built at once (default: one per core)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help=f"what to write, comma-separated (default: {','.join(KINDS)})")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    kinds = [k for k in args.kinds.split(",") if k]
    if not kinds or set(kinds) - set(KINDS):
        parser.error(f"--kinds: choose among {','.join(KINDS)}")
    todo = chosen(args.paths, args.lang)
    if not todo:
        print("no notebook matches", file=sys.stderr)
        return 2
    out = args.out.resolve()
    start = time.perf_counter()
    failures = build_all(todo, out, args.jobs, kinds,
                         log=lambda line: print(line, flush=True))
    if "worksheet" in kinds:
        write_printables(out)  # the cards and the dice sheet (build_tools.worksheet)
    print(f"{len(todo) - len(failures)} of {len(todo)} notebooks -> {out} "
          f"in {time.perf_counter() - start:.0f} s")
    if failures:
        print(f"{len(failures)} failed:", file=sys.stderr)
        for name, error in failures:
            print(f"  {name}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
