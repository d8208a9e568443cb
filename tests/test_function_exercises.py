"""Every probability lab has an exercise where the student writes a function (issue 20, item 11):
a cell tagged ``function`` that defines it with an empty body, a cell tagged ``function-check``
that checks it against the engine with ``check_written``, and a worked ``solution`` that
passes. The cells run here as a student would find them (the check says "not written yet") and
with the solution (the check passes), in both languages."""

from __future__ import annotations

import ast
from collections import defaultdict

import pytest
from build_tools import build
from build_tools.source import LANG_LINE, Cell, parse

LABS = [path for path in build.sources() if "lab" in build.parse_header(path)[1]]
GROUPS: dict[str, list] = defaultdict(list)
for _path in LABS:
    GROUPS[_path.name[:2]].append(_path)  # 05 and 05b: one lab in two periods


def function_exercises(cells: tuple[Cell, ...]) -> list[tuple[Cell, Cell, Cell]]:
    """(function, check, solution) cells of each function exercise, in order."""
    found = []
    for i, cell in enumerate(cells):
        if "function" in cell.tags:
            check, solution = cells[i + 1], cells[i + 2]
            assert "function-check" in check.tags and "solution" in solution.tags, \
                "a function cell is followed by its check and its solution"
            found.append((cell, check, solution))
    return found


def defined_function(cell: Cell) -> str:
    (node,) = ast.parse(cell.text["en"]).body
    assert isinstance(node, ast.FunctionDef), "the cell only defines the student's function"
    assert [type(n) for n in node.body] == [ast.Expr] and node.body[0].value.value is ..., \
        "the body the student replaces is '...'"
    return node.name


@pytest.mark.parametrize("number", sorted(GROUPS))
def test_each_lab_has_a_function_to_write(number):
    exercises = [e for path in GROUPS[number] for e in function_exercises(parse(path).cells)]
    assert exercises, f"lab {number}: no cell tagged 'function'"
    for function, check, solution in exercises:
        name = defined_function(function)
        assert f"check_written({name}, " in check.text["en"]
        assert f"def {name}(" in solution.text["en"]
        assert f"assert check_written({name}, " in solution.text["en"]


def run_cell(source: str, namespace: dict) -> object:
    """Run a cell and return the value of its last expression (what Jupyter would show)."""
    tree = ast.parse(source)
    last = tree.body.pop() if isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last \
        else None


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("path", LABS, ids=lambda p: p.stem)
def test_the_check_waits_for_the_student_and_passes_the_solution(path, lang):
    source = parse(path)
    exercises = function_exercises(source.cells)
    if not exercises:
        pytest.skip("this part of the lab has no function exercise")
    setup = next(c for c in source.cells if c.kind == "code").text["en"]
    namespace: dict = {}
    run_cell(LANG_LINE.sub(rf'\g<1>"{lang}"  \g<2>', setup), namespace)
    for function, check, solution in exercises:
        run_cell(function.text["en"], namespace)
        waiting = run_cell(check.text["en"], namespace)
        assert not waiting and waiting.kind == "info", waiting
        run_cell(solution.text["en"], namespace)
        passed = run_cell(check.text["en"], namespace)
        assert passed, passed
        assert ("Correto!" if lang == "pt" else "Correct!") in passed.text
