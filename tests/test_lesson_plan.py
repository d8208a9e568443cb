"""Every lesson and lab opens with its BNCC skills, what goes beyond the BNCC core
(*aprofundamento*) and a plan that leaves time free (build_tools.lesson_plan), in both
languages; the build writes the box from the source's header, so it is written once."""

from __future__ import annotations

import pytest
from build_tools import build, lesson_plan
from build_tools.source import parse

EDITIONS = build.editions()
SOURCES = build.sources()


def first_cell(edition: build.Edition) -> str:
    import nbformat

    return nbformat.read(edition.path, as_version=4).cells[0].source


def plan_of(path):
    source = parse(path)
    import json

    nb = json.loads(build.built(path)[build.NOTEBOOKS / source.targets["en"]])
    return lesson_plan.plan(source.metadata, nb["cells"], path.name)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_plan_leaves_ten_minutes_free(path):
    p = plan_of(path)
    assert p.bncc, "name the BNCC skills in the header ('bncc')"
    assert lesson_plan.check(p) is None
    assert p.slack >= lesson_plan.SLACK


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: f"{e.lang}:{e.path.name}")
def test_the_opening_box_names_every_skill_in_the_notebooks_language(edition):
    text = first_cell(edition)
    box = [line for line in text.splitlines() if line.startswith(">")]
    words = lesson_plan.WORDS[edition.lang]
    assert f"**{words['bncc']}:**" in text and f"**{words['plan']}:**" in text
    for code in edition.metadata["bncc"]:
        assert f"**{code}** — {lesson_plan.SKILLS[code][edition.lang]}" in text
    for topic in edition.metadata.get("further", {}):
        assert lesson_plan.FURTHER[topic][edition.lang] in "\n".join(box)
    other = lesson_plan.WORDS["pt" if edition.lang == "en" else "en"]
    assert other["plan"] + ":" not in text, "no box in the other language"


def test_the_topics_beyond_the_core_are_marked_where_they_are_taught():
    """The review's list: Wilson intervals (lab 04), binomial tests (lab 08), the central limit
    theorem (lab 06), the fundamental matrix (lab 03)."""
    marked = {e.metadata.get("lab"): set(e.metadata.get("further", {})) for e in EDITIONS}
    assert "wilson" in marked["probability/04"]
    assert "binomial-test" in marked["probability/08"]
    assert "clt" in marked["probability/06"]
    assert "fundamental-matrix" in marked["probability/03"]


@pytest.mark.parametrize("lab", ["probability/03", "probability/04"])
def test_labs_03_and_04_are_two_periods(lab):
    (path,) = [e.source for e in EDITIONS if e.metadata.get("lab") == lab and e.lang == "en"]
    p = plan_of(path)
    assert p.periods == 2 and p.split is not None
    assert lesson_plan.table_row("lab", p, "en").endswith(
        f"| 2 periods (§1–{p.split} → §{p.split + 1}–{max(p.minutes)}) · 50 min free |")
    for edition in [e for e in EDITIONS if e.metadata.get("lab") == lab]:
        text = first_cell(edition)
        assert lesson_plan.WORDS[edition.lang]["two"] in text


def test_optional_sections_and_aprofundamento_are_noted_under_their_headings():
    import nbformat

    (edition,) = [e for e in EDITIONS if e.metadata.get("lab") == "probability/06"
                  and e.lang == "pt"]
    nb = nbformat.read(edition.path, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    section5 = text.split("## 5. ", 1)[1].split("\n## ", 1)[0]
    assert lesson_plan.WORDS["pt"]["note_optional"] in section5
    assert "o teorema central do limite" in section5.split("\n\n")[1]
    section1 = text.split("## 1. ", 1)[1].split("\n## ", 1)[0]
    assert lesson_plan.WORDS["pt"]["note_optional"] not in section1


def cells(*headings: str) -> list[dict]:
    return [{"cell_type": "markdown", "source": "# Lab 01 — X\n\n**Lab** · about 50 minutes"}] + \
        [{"cell_type": "markdown", "source": h} for h in headings]


def test_the_plan_counts_the_free_minutes():
    nb = cells("## 1. A (20 min)", "## 2. B (25 min)", "## Summary (5 min)")
    p = lesson_plan.plan({"bncc": ["EM13MAT311"]}, nb)
    assert (p.total, p.slack) == (50, 0)
    assert "0 minutes" in lesson_plan.check(p)
    p = lesson_plan.plan({"bncc": ["EM13MAT311"], "optional": [2]}, nb)
    assert p.slack == 25 and lesson_plan.check(p) is None
    p = lesson_plan.plan({"bncc": ["EM13MAT311"], "periods": 2, "split": 1}, nb)
    assert p.slack == 50
    assert ("two 50-minute periods: section 1 in the first period (20 min), section 2 in the "
            "second (30 min)") in lesson_plan.box(p, "en")
    assert "duas aulas de 50 minutos: seção 1 na primeira aula (20 min)" in \
        lesson_plan.box(p, "pt")


@pytest.mark.parametrize("metadata, message", [
    ({"bncc": ["EM13MAT999"]}, "unknown BNCC code"),
    ({"bncc": ["EM13MAT311"], "further": {"astrology": 1}}, "unknown BNCC code or topic"),
    ({"bncc": ["EM13MAT311"], "optional": [7]}, r"sections \[7\]"),
    ({"bncc": ["EM13MAT311"], "periods": 2}, "two with 'split'"),
])
def test_a_header_the_box_cannot_be_made_from_is_refused(metadata, message):
    with pytest.raises(lesson_plan.PlanError, match=message):
        lesson_plan.plan(metadata, cells("## 1. A (20 min)"), "x.md")


def test_the_box_goes_after_the_duration_and_nothing_else_moves():
    nb = {"cells": [{"cell_type": "markdown", "source": ["# Lab 01 — X\n", "\n",
                                                         "**Lab** · about 50 minutes\n", "\n",
                                                         "Intro."]},
                    {"cell_type": "markdown", "source": ["## 1. A (40 min)\n", "text"]},
                    {"cell_type": "code", "source": ["## 1. not a heading (40 min)"]}]}
    out = lesson_plan.apply(nb, {"bncc": ["EM13MAT311"], "optional": [1]}, "en")
    first = "".join(out["cells"][0]["source"]).split("\n\n")
    assert first[0] == "# Lab 01 — X" and first[1] == "**Lab** · about 50 minutes"
    assert first[2].startswith("> **BNCC skills") and first[-1] == "Intro."
    assert lesson_plan.WORDS["en"]["note_optional"] in "".join(out["cells"][1]["source"])
    assert out["cells"][2] == nb["cells"][2]
    assert lesson_plan.apply(nb, {"lab": "x"}, "en") is nb


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_bncc_table_has_four_cells_in_every_row(lang):
    from build_tools import outline

    rows = [r for r in outline.render_bncc(lang).splitlines() if r.startswith("| ")]
    table = rows[:rows.index(next(r for r in rows if r.startswith("| code") or
                                  r.startswith("| código")))]
    assert len(table) == 2 + len(SOURCES)
    assert all(r.count("|") == 5 for r in table), [r for r in table if r.count("|") != 5]
