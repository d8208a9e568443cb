"""The course outline in notebooks/TEACHERS.md: its minutes per section are the notebooks' own
(``make outline``), its links open files, and its two courses list every lesson and lab in both
languages."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from build_tools import outline
from build_tools.build import Edition

ROOT = Path(__file__).resolve().parent.parent
TEACHERS = ROOT / "notebooks" / "TEACHERS.md"
v4 = nbformat.v4


def block(text: str, lang: str) -> str:
    begin, end = outline.markers(lang)
    return text.split(begin, 1)[1].split(end, 1)[0].strip()


def test_the_minutes_in_teachers_md_are_the_notebooks_own():
    text = TEACHERS.read_text(encoding="utf-8")
    for lang in ("en", "pt"):
        assert block(text, lang) == outline.render(lang), \
            f"the {lang} minutes of TEACHERS.md differ from the notebooks: run `make outline`"


def test_sections_and_their_minutes_are_read_from_the_headings(tmp_path):
    nb = v4.new_notebook(cells=[
        v4.new_markdown_cell("# Lesson 07 — Small\n\nabout 25 minutes"),
        v4.new_markdown_cell("## 1. The rules (10 min)\n\ntext\n### a detail\n"),
        v4.new_code_cell("## not a heading (99 min)"),
        v4.new_markdown_cell("## 2. Exercise (15 min)"),
    ])
    assert outline.sections(nb) == [("1. The rules", 10), ("2. Exercise", 15)]
    assert outline.title(nb) == "Small"
    path = tmp_path / "lessons" / "classic" / "07-small.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)
    edition = Edition(tmp_path / "07-small.md", "en", path, {"lesson": "classic/07"})
    assert outline.row(edition, tmp_path) == (
        "| classic 07 — [Small](lessons/classic/07-small.ipynb) | 1. The rules (10) · "
        "2. Exercise (15) | 25 |")
    nb.cells.append(v4.new_markdown_cell("## Summary"))  # no minutes: the total is unknown
    nbformat.write(nb, path)
    assert outline.row(edition, tmp_path).endswith(" · Summary (?) | ? |")


def test_the_outline_block_is_replaced_and_nothing_else():
    text = "a\n<!-- outline:en -->\nold\n<!-- /outline:en -->\nb\n"
    assert outline.updated(text, "en", "new") == \
        "a\n<!-- outline:en -->\nnew\n<!-- /outline:en -->\nb\n"


def test_both_courses_list_every_lesson_and_lab_in_both_languages():
    text = TEACHERS.read_text(encoding="utf-8")
    steps = set(re.findall(r"^\| ((?:classic|clássico|SMART|lab|laboratório) \d\db?) \|",
                           text, re.M))
    assert {f"classic {n:02}" for n in range(1, 7)} | {f"clássico {n:02}" for n in range(1, 7)} \
        <= steps
    assert {f"SMART {n:02}" for n in range(1, 10)} <= steps
    assert {f"lab {n:02}" for n in range(1, 9)} | {f"laboratório {n:02}" for n in range(1, 9)} \
        <= steps


def test_every_link_of_the_teachers_guide_opens_a_file():
    text = TEACHERS.read_text(encoding="utf-8")
    links = [link for link in re.findall(r"\]\(([^)#]+)\)", text) if "://" not in link]
    assert links and [link for link in links if not (TEACHERS.parent / link).exists()] == []
