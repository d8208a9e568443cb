"""The notebooks: lesson structure (the template every lesson copies) and a clean execution.

``pytest --nbval-lax notebooks/`` is the notebook layer proper (asserts in cells); these tests
also run under a plain ``pytest``, so a broken lesson fails the default suite too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
LESSONS = [p for p in NOTEBOOKS if "lessons" in p.parts]
RULE_ID = re.compile(r"\b[CS]-[A-Z]+-\d+\b")
PILOT = ROOT / "notebooks" / "lessons" / "classic" / "03-dice-and-battles.ipynb"


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_the_pilot_lesson_and_the_gallery_exist():
    assert PILOT in LESSONS
    assert ROOT / "notebooks" / "widgets-gallery.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_clean_and_valid(path):
    """No stored outputs or widget state (small diffs, nothing stale), the venv kernel, code
    that parses."""
    nb = load(path)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]
            ast.parse(cell.source)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lessons_follow_the_template(path):
    """Goals, the rule in plain words with its IDs, a live widget, a worked example with a
    forced roll or position, an exercise checked by code, a summary (DESIGN.md, Notebooks)."""
    nb = load(path)
    text = markdown(nb)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# Lesson")
    for heading in ("Learning goals", "Worked example", "Exercise", "Summary"):
        assert re.search(rf"^#+ .*{heading}", text, re.M), f"no '{heading}' section"
    assert RULE_ID.search(text), "cite the rule IDs in the markdown"
    assert "warkit_widgets" in code, "a live widget"
    assert "warkit.apply(" in code, "a worked example played with the engine"
    assert "check_answer(" in code and "assert " in code, "an exercise checked by code"
    assert "seed=" in code, "fixed seeds, so the text matches the cells"


def test_pilot_lesson_teaches_its_curriculum_rules():
    """CURRICULUM.md: classic lesson 03 covers C-ATK-1..5 and C-CONQ-1."""
    cited = set(RULE_ID.findall(markdown(load(PILOT))))
    assert {f"C-ATK-{k}" for k in range(1, 6)} | {"C-CONQ-1"} <= cited
    assert load(PILOT).metadata.warkit.rules == sorted(
        {f"C-ATK-{k}" for k in range(1, 6)} | {"C-CONQ-1"})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_run_without_errors(path):
    """Every cell runs (their asserts included) in a fresh kernel."""
    from nbclient import NotebookClient

    nb = load(path)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []
