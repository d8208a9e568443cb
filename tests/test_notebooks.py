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


PROBABILITY = [p for p in NOTEBOOKS if "probability" in p.parts]


@pytest.mark.parametrize("path", PROBABILITY, ids=lambda p: p.name)
def test_probability_labs_follow_the_template(path):
    """CURRICULUM.md, Probability lab: a numbered title with its Portuguese subtitle, learning
    goals, exercises checked by code, asserts (every number is computed), fixed seeds, and a
    summary."""
    nb = load(path)
    text = markdown(nb)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    number = path.name[:2]
    assert re.fullmatch(r"\d\d-[a-z0-9-]+\.ipynb", path.name)
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith(f"# Probability lab {number} — ")
    assert f"## *Laboratório de probabilidade {number} — " in first.source
    assert f"**Probability lab** · {number} of 8" in first.source
    for heading in ("Learning goals", "Exercise", "Summary"):
        assert re.search(rf"^#+ .*{heading}", text, re.M), f"no '{heading}' section"
    assert 'lang_from_env("en")' in code
    assert "check_answer(" in code and "assert " in code, "exercises checked by code"
    assert "seed=" in code, "fixed seeds, so the text matches the cells"
    assert any("solution" in c.metadata.get("tags", []) for c in nb.cells), "solution cells"


def rule_range(prefix: str, first: int, last: int) -> set[str]:
    """``rule_range("C-ATK", 1, 5)``: the IDs C-ATK-1 .. C-ATK-5, as CURRICULUM.md writes them."""
    return {f"{prefix}-{k}" for k in range(first, last + 1)}


# CURRICULUM.md: each lesson (its path under notebooks/lessons/) and the rule IDs it teaches.
LESSON_DIR = ROOT / "notebooks" / "lessons"
CURRICULUM = {
    "classic/01-the-board-and-the-goal.ipynb": rule_range("C-COMP", 1, 4)
    | rule_range("C-SETUP", 1, 4) | rule_range("C-TURN", 1, 2),
    "classic/02-reinforcements.ipynb": rule_range("C-REINF", 1, 3),
    "classic/03-dice-and-battles.ipynb": rule_range("C-ATK", 1, 5) | {"C-CONQ-1"},
    "classic/04-conquest-and-regrouping.ipynb": {"C-CONQ-2"} | rule_range("C-MOVE", 1, 3),
    "classic/05-cards-and-trades.ipynb": rule_range("C-CARD", 1, 6),
    "classic/06-elimination-and-victory.ipynb": rule_range("C-ELIM", 1, 2)
    | rule_range("C-WIN", 1, 2) | {"C-SETUP-2"},
    # the SMART mod
    "smart/01-what-smart-changes.ipynb": rule_range("S-SETUP", 1, 3) | rule_range("S-TERM", 1, 2),
    "smart/02-reinforcements-and-intelligence.ipynb": rule_range("S-REINF", 1, 3)
    | rule_range("S-INTEL", 1, 2) | {"S-SUPPLY-1"},
    "smart/03-smart-trades.ipynb": rule_range("S-TRADE", 1, 6),
    "smart/04-attack-limits-and-the-air-attack.ipynb": {"S-LIMIT-1", "S-AIR-1"},
    "smart/05-terrain-knowledge.ipynb": rule_range("S-TERRAIN", 1, 3),
    "smart/06-tactical-regroup.ipynb": {"S-REROLL-1"},
    "smart/07-conquest-under-smart.ipynb": rule_range("S-CONQ", 1, 3),
    "smart/08-movement-advantages.ipynb": {"S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1"},
    "smart/09-end-of-turn-end-of-game.ipynb": rule_range("S-END", 1, 2) | rule_range("S-WIN", 1, 3),
}

# reference/rules.md: every SMART rule ID (CURRICULUM.md has nine SMART lessons).
SMART_RULES = (rule_range("S-SETUP", 1, 3) | rule_range("S-TERM", 1, 2)
               | rule_range("S-REINF", 1, 3) | rule_range("S-INTEL", 1, 2) | {"S-SUPPLY-1"}
               | {"S-LIMIT-1", "S-AIR-1"} | rule_range("S-TERRAIN", 1, 3) | {"S-REROLL-1"}
               | rule_range("S-CONQ", 1, 3) | {"S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1"}
               | rule_range("S-END", 1, 2) | rule_range("S-TRADE", 1, 6)
               | rule_range("S-WIN", 1, 3))
SMART_LESSONS = 9


@pytest.mark.parametrize("name", sorted(CURRICULUM))
def test_lessons_teach_their_curriculum_rules(name):
    """CURRICULUM.md: each lesson's metadata lists exactly its rule IDs, and its markdown cites
    every one of them (a classic lesson cites no SMART rule; a SMART lesson may recall the
    classic rules it changes)."""
    nb = load(LESSON_DIR / name)
    part = name.split("/")[0]
    expected = CURRICULUM[name]
    assert nb.metadata.warkit.rules == sorted(expected)
    assert nb.metadata.warkit.lesson == f"{part}/{name.split('/')[1][:2]}"
    assert {r[0] for r in expected} == {"C" if part == "classic" else "S"}
    cited = set(RULE_ID.findall(markdown(nb)))
    assert expected <= cited, f"not cited: {sorted(expected - cited)}"
    if part == "classic":
        assert not {r for r in cited if r.startswith("S-")}, "a classic lesson cites SMART rules"


def taught_in(part: str) -> set[str]:
    """The rule IDs the table gives to the lessons of one part (all of them exist)."""
    names = [n for n in CURRICULUM if n.startswith(f"{part}/")]
    assert all((LESSON_DIR / n).exists() for n in names)
    return set().union(*(CURRICULUM[n] for n in names))


def test_every_classic_rule_is_taught():
    """Every C- rule ID belongs to at least one classic lesson (CURRICULUM.md)."""
    taught = taught_in("classic")
    assert taught <= {r for p in LESSONS for r in RULE_ID.findall(markdown(load(p)))}


def test_every_smart_rule_is_taught():
    """Every S- rule ID belongs to a SMART lesson (CURRICULUM.md): the lessons in the table teach
    SMART rules only, each rule once, all cited; with all nine lessons, every S- rule."""
    smart = [n for n in CURRICULUM if n.startswith("smart/")]
    taught = taught_in("smart")
    assert taught <= SMART_RULES
    assert sum(len(CURRICULUM[n]) for n in smart) == len(taught), "a rule taught twice"
    assert taught <= {r for p in LESSONS for r in RULE_ID.findall(markdown(load(p)))}
    assert len(smart) < SMART_LESSONS or taught == SMART_RULES, sorted(SMART_RULES - taught)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_run_without_errors(path, monkeypatch):
    """Every cell runs (their asserts included) in a fresh kernel - here in Portuguese, as
    ``?lang=pt`` in a Voilà address asks (nbval runs them in English): both languages run."""
    from nbclient import NotebookClient

    monkeypatch.setenv("QUERY_STRING", "lang=pt")
    nb = load(path)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []


def test_the_notebooks_index_links_every_notebook():
    """notebooks/README.md lists every notebook, and every link there opens a file."""
    index = ROOT / "notebooks" / "README.md"
    links = re.findall(r"\]\(([^)#]+)\)", index.read_text())
    assert all((index.parent / link).exists() for link in links), links
    linked = {(index.parent / link).resolve() for link in links}
    assert [p for p in NOTEBOOKS if p.resolve() not in linked] == []
