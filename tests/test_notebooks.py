"""The notebooks: bilingual sources, the template every lesson and lab follows in both editions,
exercises the student and teacher editions can be built from, and clean files.

``pytest --nbval-lax notebooks/`` is the notebook layer proper (asserts in cells, both editions:
the Portuguese notebooks are built files under ``notebooks/pt/``); these tests also run under a
plain ``pytest``, so a broken lesson fails the default suite too.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import nbformat
import pytest
from build_tools import build
from build_tools.source import LANG_COMMENT, LANG_LINE, SourceError, parse

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
SOURCES = build.sources()
EDITIONS = build.editions()
BUILT = {e.path.resolve() for e in EDITIONS}
LESSONS = [e for e in EDITIONS if "lesson" in e.metadata]
LABS = [e for e in EDITIONS if "lab" in e.metadata]
RULE_ID = re.compile(r"\b[CS]-[A-Z]+-\d+\b")
PILOT = ROOT / "notebooks" / "lessons" / "classic" / "03-dice-and-battles.ipynb"
MINUTES = re.compile(r"\((\d+) min\)\s*$")
EXPECTED_LINE = re.compile(r"^expected\s*=", re.M)

# The template's words in each edition (LESSONS-CONTRACT.md).
TITLE = {("lesson", "en"): "Lesson", ("lesson", "pt"): "Lição",
         ("start", "en"): "Lesson", ("start", "pt"): "Lição",
         ("lab", "en"): "Probability lab", ("lab", "pt"): "Laboratório de probabilidade"}
HEADINGS = {("lesson", "en"): ("Learning goals", "Worked example", "Exercise", "Summary"),
            ("lesson", "pt"): ("Objetivos", "Exemplo resolvido", "Exercício", "Resumo"),
            ("lab", "en"): ("Learning goals", "Exercise", "Summary"),
            ("lab", "pt"): ("Objetivos", "Exercício", "Resumo")}
DURATION = {"en": re.compile(r"\b\d+ minutes\b"), "pt": re.compile(r"\b\d+ minutos\b")}
PERIOD = 50  # minutes: a lesson longer than one period is split into two notebooks


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def code(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


def tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.metadata.get("tags", []))


def edition_id(edition: build.Edition) -> str:
    return f"{edition.lang}:{edition.path.name}"


def parts(editions: list[build.Edition]) -> dict[tuple[str, str], list[build.Edition]]:
    """The notebooks of each lesson in each language: ``("smart/06", "pt")`` -> part 1 and, for
    a lesson split over two periods, part 2 (``06b-...``)."""
    grouped: dict[tuple[str, str], list[build.Edition]] = defaultdict(list)
    for e in editions:
        grouped[(e.name.rstrip("b"), e.lang)].append(e)
    return {key: sorted(group, key=lambda e: e.name) for key, group in grouped.items()}


# -- the files -------------------------------------------------------------------------------------
def test_the_pilot_lesson_the_gallery_and_both_editions_exist():
    assert PILOT in NOTEBOOKS and ROOT / "notebooks" / "widgets-gallery.ipynb" in NOTEBOOKS
    assert len(SOURCES) >= 23 and len(EDITIONS) == 2 * len(SOURCES)
    assert all(e.path.exists() for e in EDITIONS), [str(e.path) for e in EDITIONS
                                                    if not e.path.exists()]
    assert {e.path.relative_to(ROOT / "notebooks").parts[0] for e in EDITIONS
            if e.lang == "pt"} == {"pt"}


def clean_command(path: Path) -> str:
    """What cleans a saved notebook: rebuilding it from its source, or clearing its outputs."""
    if path.resolve() in BUILT:
        return ("run `make notebooks` (it rebuilds the lessons from notebooks/source/, which "
                "clears outputs; edit the source, never the .ipynb)")
    return "run `make clean-outputs` (it clears the outputs of the notebooks written by hand)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_notebooks_are_clean_and_valid(path):
    """No stored outputs or widget state (small diffs, nothing stale), the venv kernel, code
    that parses. A notebook saved after a run fails here with the command that cleans it."""
    nb = load(path)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    saved = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and (c.outputs or c.execution_count is not None)]
    assert not saved and "widgets" not in nb.metadata, (
        f"{path.relative_to(ROOT)} was saved with outputs (cells {saved[:5]}) or widget "
        f"state: {clean_command(path)}")
    for cell in nb.cells:
        if cell.cell_type == "code":
            ast.parse(cell.source)


def test_the_clean_up_commands_are_named_for_each_kind_of_notebook():
    assert "make notebooks" in clean_command(PILOT)
    assert "make clean-outputs" in clean_command(ROOT / "notebooks" / "play.ipynb")
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^notebooks:", makefile, re.M) and re.search(r"^clean-outputs:", makefile,
                                                                    re.M)
    assert "build_tools.build --clear-unbuilt" in makefile and "build_tools.build\n" in makefile


# -- the sources -----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_source_parses_with_both_languages(path):
    """Every English markdown cell has its Portuguese twin right after it (the build refuses a
    source without), and the set-up cell has the line where the build sets ``LANG``."""
    try:
        source = parse(path)
    except SourceError as error:
        pytest.fail(str(error))
    assert any(LANG_LINE.search(c.text["en"]) for c in source.cells if c.kind == "code")
    assert {c.kind for c in source.cells} == {"markdown", "code"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_portuguese_cell_is_left_to_translate(path):
    text = path.read_text(encoding="utf-8")
    assert "TODO-PT" not in text, f"{text.count('TODO-PT')} cells still TODO-PT"


def test_the_built_notebooks_match_their_sources():
    result = subprocess.run([sys.executable, "-m", "build_tools.build", "--check"],
                            capture_output=True, text=True, cwd=ROOT / "notebooks", timeout=120)
    assert result.returncode == 0, result.stderr


# -- the template, in both editions ----------------------------------------------------------------
def kind_of(edition: build.Edition) -> str:
    return next((k for k in ("lesson", "start") if k in edition.metadata), "lab")


@pytest.mark.parametrize("edition", EDITIONS, ids=edition_id)
def test_each_notebook_opens_with_its_title_and_duration(edition):
    """``# Lesson NN — Title`` / ``# Lição NN — Título`` (``# Probability lab NN — `` /
    ``# Laboratório de probabilidade NN — ``), the honest duration, and every ``##`` section
    ending with its minutes, which add up to one period at most."""
    nb = load(edition.path)
    first = nb.cells[0]
    number = edition.source.name[:2]
    title = TITLE[(kind_of(edition), edition.lang)]
    assert first.cell_type == "markdown"
    assert first.source.startswith(f"# {title} {number} — "), first.source.splitlines()[0]
    assert DURATION[edition.lang].search(first.source), "say how long it takes"
    other = TITLE[(kind_of(edition), "pt" if edition.lang == "en" else "en")]
    assert f"{other} {number}" not in first.source, "no subtitle in the other language"
    sections = [line for line in markdown(nb).splitlines() if line.startswith("## ")]
    untimed = [s for s in sections if not MINUTES.search(s)]
    assert sections and not untimed, f"## headings without '(N min)': {untimed}"
    total = sum(int(MINUTES.search(s).group(1)) for s in sections)
    assert total <= PERIOD, f"{total} minutes: split the lesson into two notebooks (NNb-...)"


@pytest.mark.parametrize("key", sorted(parts(LESSONS)), ids="{0[0]}-{0[1]}".format)
def test_lessons_follow_the_template(key):
    """Goals, the rule in plain words with its IDs, a live widget, a worked example with a
    forced roll or position, an exercise checked by code, a summary (DESIGN.md, Notebooks) - in
    the lesson's language; a lesson split in two has them across its two parts."""
    lesson = [load(e.path) for e in parts(LESSONS)[key]]
    text = "\n".join(markdown(nb) for nb in lesson)
    source = "\n".join(code(nb) for nb in lesson)
    for heading in HEADINGS[("lesson", key[1])]:
        assert re.search(rf"^#+ .*{heading}", text, re.M), f"no '{heading}' section"
    assert RULE_ID.search(text), "cite the rule IDs in the markdown"
    assert "warkit_widgets" in source, "a live widget"
    assert "warkit.apply(" in source, "a worked example played with the engine"
    assert "check_answer(" in source and "assert " in source, "an exercise checked by code"
    assert "seed=" in source, "fixed seeds, so the text matches the cells"


@pytest.mark.parametrize("key", sorted(parts(LABS)), ids="{0[0]}-{0[1]}".format)
def test_probability_labs_follow_the_template(key):
    """CURRICULUM.md, Probability lab: learning goals, exercises checked by code, asserts
    (every number is computed), fixed seeds, and a summary - in the lab's language."""
    lab = [load(e.path) for e in parts(LABS)[key]]
    assert all(re.fullmatch(r"\d\db?-[a-z0-9-]+\.ipynb", e.path.name) for e in parts(LABS)[key])
    text = "\n".join(markdown(nb) for nb in lab)
    source = "\n".join(code(nb) for nb in lab)
    for heading in HEADINGS[("lab", key[1])]:
        assert re.search(rf"^#+ .*{heading}", text, re.M), f"no '{heading}' section"
    assert "check_answer(" in source and "assert " in source, "exercises checked by code"
    assert "seed=" in source, "fixed seeds, so the text matches the cells"


@pytest.mark.parametrize("edition", EDITIONS, ids=edition_id)
def test_the_language_of_each_edition_is_set_by_the_build(edition):
    nb = load(edition.path)
    assert nb.metadata.warkit.lang == edition.lang
    line = f'LANG = "{edition.lang}"  {LANG_COMMENT[edition.lang]}'
    assert re.search(rf"^{re.escape(line)}$", code(nb), re.M), f"no line {line!r}"


# -- exercises: what the student and teacher editions are built from ----------------------------
def exercises(nb: nbformat.NotebookNode) -> list[tuple[int, int]]:
    """(answer cell, check cell) of each exercise, by their tags."""
    found, answer = [], None
    for i, cell in enumerate(nb.cells):
        if "answer" in tags(cell):
            answer = i
        if "check" in tags(cell):
            assert answer is not None, f"check cell {i} has no answer cell before it"
            found.append((answer, i))
            answer = None
    return found


@pytest.mark.parametrize("edition", [e for e in EDITIONS if e.lang == "en"],
                         ids=lambda e: e.path.name)
def test_exercises_are_tagged_for_the_student_and_teacher_editions(edition):
    """Each exercise: a cell tagged ``answer`` (``answer = None``), a cell tagged ``check`` with
    exactly one one-line ``expected = ...`` (the student edition seals it), and worked
    ``solution`` cells (removed from student copies). No untagged cell computes an expected
    answer or checks the student's answer."""
    nb = load(edition.path)
    found = exercises(nb)
    assert found, "an exercise checked by code (tags answer and check)"
    assert any("solution" in tags(c) for c in nb.cells), "worked solutions (tag solution)"
    for answer, check in found:
        assert re.search(r"^answer\s*=", nb.cells[answer].source, re.M), nb.cells[answer].source
        source = nb.cells[check].source
        assert len(EXPECTED_LINE.findall(source)) == 1, f"one 'expected = ...' line: {source}"
        assigned = [node for node in ast.parse(source).body if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "expected" for t in node.targets)]
        assert len(assigned) == 1 and assigned[0].lineno == assigned[0].end_lineno, \
            "the 'expected = ...' statement fits on one line"
        assert "check_answer(answer, expected" in source
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or {"check", "solution"} & set(tags(cell)):
            continue
        assert not EXPECTED_LINE.search(cell.source), f"cell {i} computes 'expected' untagged"
        assert "check_answer(answer" not in cell.source, f"cell {i} checks the answer untagged"


def stored_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


@pytest.mark.parametrize("edition", [e for e in EDITIONS if e.lang == "en"],
                         ids=lambda e: e.path.name)
def test_student_copies_run_without_the_solutions(edition):
    """No cell after a solution uses a name only the solution defines (the student edition
    removes the solutions; ``make handouts`` also runs it)."""
    nb = load(edition.path)
    only_in_solutions: set[str] = set()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        if "solution" in tags(cell):
            only_in_solutions |= stored_names(tree)
            continue
        defined = stored_names(tree)
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load)}
        assert not (used & only_in_solutions) - defined, \
            f"cell {i} uses {sorted((used & only_in_solutions) - defined)} from a solution"
        only_in_solutions -= defined


# -- the curriculum --------------------------------------------------------------------------------
def rule_range(prefix: str, first: int, last: int) -> set[str]:
    """``rule_range("C-ATK", 1, 5)``: the IDs C-ATK-1 .. C-ATK-5, as CURRICULUM.md writes them."""
    return {f"{prefix}-{k}" for k in range(first, last + 1)}


# CURRICULUM.md: each lesson and the rule IDs it teaches.
CURRICULUM = {
    "classic/01": rule_range("C-COMP", 1, 4) | rule_range("C-SETUP", 1, 4)
    | rule_range("C-TURN", 1, 2),
    "classic/02": rule_range("C-REINF", 1, 3),
    "classic/03": rule_range("C-ATK", 1, 5) | {"C-CONQ-1"},
    "classic/04": {"C-CONQ-2"} | rule_range("C-MOVE", 1, 3),
    "classic/05": rule_range("C-CARD", 1, 6),
    "classic/06": rule_range("C-ELIM", 1, 2) | rule_range("C-WIN", 1, 2) | {"C-SETUP-2"},
    # the SMART mod
    "smart/01": rule_range("S-SETUP", 1, 3) | rule_range("S-TERM", 1, 2),
    "smart/02": rule_range("S-REINF", 1, 3) | rule_range("S-INTEL", 1, 2) | {"S-SUPPLY-1"},
    "smart/03": rule_range("S-TRADE", 1, 6),
    "smart/04": {"S-LIMIT-1", "S-AIR-1"},
    "smart/05": rule_range("S-TERRAIN", 1, 3),
    "smart/06": {"S-REROLL-1"},
    "smart/07": rule_range("S-CONQ", 1, 3),
    "smart/08": {"S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1"},
    "smart/09": rule_range("S-END", 1, 2) | rule_range("S-WIN", 1, 3),
}

# RULES.md (the kit's rule book): every SMART rule ID (CURRICULUM.md has nine SMART lessons).
SMART_RULES = (rule_range("S-SETUP", 1, 3) | rule_range("S-TERM", 1, 2)
               | rule_range("S-REINF", 1, 3) | rule_range("S-INTEL", 1, 2) | {"S-SUPPLY-1"}
               | {"S-LIMIT-1", "S-AIR-1"} | rule_range("S-TERRAIN", 1, 3) | {"S-REROLL-1"}
               | rule_range("S-CONQ", 1, 3) | {"S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1"}
               | rule_range("S-END", 1, 2) | rule_range("S-TRADE", 1, 6)
               | rule_range("S-WIN", 1, 3))
SMART_LESSONS = 9


def test_every_lesson_of_the_curriculum_exists_in_both_languages():
    assert sorted(parts(LESSONS)) == sorted((name, lang) for name in CURRICULUM
                                            for lang in ("en", "pt"))


@pytest.mark.parametrize("key", sorted(parts(LESSONS)), ids="{0[0]}-{0[1]}".format)
def test_lessons_teach_their_curriculum_rules(key):
    """CURRICULUM.md: each lesson's metadata lists exactly its rule IDs, and its markdown cites
    every one of them, in both editions (a classic lesson cites no SMART rule; a SMART lesson may
    recall the classic rules it changes). A lesson split into two notebooks (``NNb-...``)
    teaches them across both parts."""
    name, _ = key
    lesson = parts(LESSONS)[key]
    expected = CURRICULUM[name]
    notebooks = [load(e.path) for e in lesson]
    declared = set().union(*(nb.metadata.warkit.rules for nb in notebooks))
    assert declared == expected
    assert all(nb.metadata.warkit.lesson in (name, f"{name}b") for nb in notebooks)
    part = name.split("/")[0]
    assert {r[0] for r in expected} == {"C" if part == "classic" else "S"}
    cited = set().union(*(RULE_ID.findall(markdown(nb)) for nb in notebooks))
    assert expected <= cited, f"not cited: {sorted(expected - cited)}"
    if part == "classic":
        assert not {r for r in cited if r.startswith("S-")}, "a classic lesson cites SMART rules"


def cited_in(lang: str) -> set[str]:
    return {r for e in LESSONS if e.lang == lang for r in RULE_ID.findall(markdown(load(e.path)))}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_classic_rule_is_taught(lang):
    """Every C- rule ID belongs to at least one classic lesson (CURRICULUM.md)."""
    taught = set().union(*(rules for n, rules in CURRICULUM.items() if n.startswith("classic/")))
    assert taught <= cited_in(lang)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_smart_rule_is_taught(lang):
    """Every S- rule ID belongs to a SMART lesson (CURRICULUM.md): the lessons in the table teach
    SMART rules only, each rule once, all cited; with all nine lessons, every S- rule."""
    smart = [n for n in CURRICULUM if n.startswith("smart/")]
    taught = set().union(*(CURRICULUM[n] for n in smart))
    assert taught <= SMART_RULES
    assert sum(len(CURRICULUM[n]) for n in smart) == len(taught), "a rule taught twice"
    assert taught <= cited_in(lang)
    assert len(smart) < SMART_LESSONS or taught == SMART_RULES, sorted(SMART_RULES - taught)


# -- the hand-written notebooks in the other language ----------------------------------------------
# nbval runs every notebook once, in its own language: a built lesson is one language, and these
# read the language from the environment (their default is the one nbval runs).
OTHER_LANGUAGE = {"play.ipynb": "en", "widgets-gallery.ipynb": "pt", "leaderboard.ipynb": "en"}


def test_every_hand_written_notebook_also_runs_in_its_other_language():
    assert sorted(p.name for p in NOTEBOOKS if p.resolve() not in BUILT) == sorted(OTHER_LANGUAGE)


@pytest.mark.parametrize("name", sorted(OTHER_LANGUAGE))
def test_hand_written_notebooks_run_in_their_other_language(name, monkeypatch):
    """Every cell runs (their asserts included) in a fresh kernel, in the language nbval does
    not run, set once for the server as a JupyterHub class would (``WARKIT_LANG``)."""
    from nbclient import NotebookClient

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setenv("WARKIT_LANG", OTHER_LANGUAGE[name])
    path = ROOT / "notebooks" / name
    nb = load(path)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []


# -- the index -------------------------------------------------------------------------------------
def test_the_notebooks_index_links_every_notebook():
    """notebooks/README.md lists every notebook (both editions), and every link there opens a
    file."""
    index = ROOT / "notebooks" / "README.md"
    links = re.findall(r"\]\(([^)#]+)\)", index.read_text())
    assert all((index.parent / link).exists() for link in links), links
    linked = {(index.parent / link).resolve() for link in links}
    assert [p for p in NOTEBOOKS if p.resolve() not in linked] == []


def test_every_lab_header_counts_the_labs_there_are():
    """The build writes "NN of N" from the labs' sources (05 and 05b are one lab, in two parts),
    whatever number the source typed."""
    from build_tools.build import LAB_HEADER, editions, lab_count, with_lab_count

    labs = [e for e in editions() if "lab" in e.metadata]
    assert lab_count() == len({e.source.name[:2] for e in labs}) >= 11
    for edition in labs:
        cells = json.loads(edition.path.read_text(encoding="utf-8"))["cells"]
        header = next(m for c in cells if c["cell_type"] == "markdown"
                      for m in [LAB_HEADER.search("".join(c["source"]))] if m)
        assert header.group(0).endswith(f" {lab_count()}"), (edition.path, header.group(0))
    nb = {"cells": [{"cell_type": "markdown", "source": ["**Probability lab** · 05b of 9 · x"]}]}
    assert with_lab_count(nb, 12)["cells"][0]["source"] == ["**Probability lab** · 05b of 12 · x"]
