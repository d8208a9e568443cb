"""The course outline's minutes and BNCC table, read from the built notebooks (``make outline``).

Every ``##`` heading of a lesson or lab ends with its minutes (``## 3. Worked example (10 min)``).
This module turns them into the tables of ``notebooks/TEACHERS.md`` (one per language, between
``<!-- outline:en -->`` and ``<!-- /outline:en -->``), so the outline a teacher plans with cannot
drift from the notebooks: the tests compare the file with :func:`render`, and ``--check`` fails
when they differ. The BNCC table (between ``<!-- bncc:en -->`` and ``<!-- /bncc:en -->``) is
made the same way from the sources' header metadata (:mod:`build_tools.lesson_plan`).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

from build_tools import lesson_plan
from build_tools.build import NOTEBOOKS, Edition, editions

TEACHERS = NOTEBOOKS / "TEACHERS.md"
MINUTES = re.compile(r"\s*\((\d+) min\)\s*$")
GROUPS = {"start": {"en": "lesson", "pt": "lição"},
          "classic": {"en": "classic", "pt": "clássico"}, "smart": {"en": "SMART", "pt": "SMART"},
          "probability": {"en": "lab", "pt": "laboratório"}}
HEAD = {"en": "| notebook | sections (minutes) | total |",
        "pt": "| caderno | seções (minutos) | total |"}


def sections(nb: nbformat.NotebookNode) -> list[tuple[str, int | None]]:
    """The ``##`` headings of a notebook and their minutes (``None`` when a heading has none)."""
    found = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.startswith("## "):
                minutes = MINUTES.search(line)
                heading = MINUTES.sub("", line[3:]).strip()
                found.append((heading, int(minutes.group(1)) if minutes else None))
    return found


def title(nb: nbformat.NotebookNode) -> str:
    """The title of a notebook: its first line after the dash (``# Lesson 03 — Dice...``)."""
    first = nb.cells[0].source.splitlines()[0]
    return first.split("—", 1)[-1].strip()


def row(edition: Edition, root: Path = NOTEBOOKS) -> str:
    """One line of the table: group and number, linked title, sections with minutes, total."""
    nb = nbformat.read(edition.path, as_version=4)
    parts = sections(nb)
    minutes = [m for _, m in parts]
    total = "?" if None in minutes or not minutes else str(sum(minutes))
    listed = " · ".join(f"{h} ({'?' if m is None else m})" for h, m in parts)
    group, number = edition.name.split("/")
    link = edition.path.relative_to(root).as_posix()
    label = f"{GROUPS[group][edition.lang]} {number}"
    return f"| {label} — [{title(nb)}]({link}) | {listed} | {total} |"


def in_order(lang: str, found: list[Edition] | None = None) -> list[Edition]:
    """The editions in ``lang``, in course order."""
    order = list(GROUPS)
    return sorted((e for e in (found if found is not None else editions()) if e.lang == lang),
                  key=lambda e: (order.index(e.name.split("/")[0]), e.name))


def render(lang: str, found: list[Edition] | None = None, root: Path = NOTEBOOKS) -> str:
    """The minutes table of every lesson and lab in ``lang``, in course order."""
    lines = [HEAD[lang], "| --- | --- | --- |"] + [row(e, root) for e in in_order(lang, found)]
    return "\n".join(lines)


def render_bncc(lang: str, found: list[Edition] | None = None) -> str:
    """The BNCC table (skills, topics beyond the core, plan) of every lesson and lab in
    ``lang``, from the sources' header metadata, then the skills' short descriptions."""
    lines = [lesson_plan.TABLE_HEAD[lang], "| --- | --- | --- | --- |"]
    for edition in in_order(lang, found):
        nb = nbformat.read(edition.path, as_version=4)
        group, number = edition.name.split("/")
        p = lesson_plan.plan(edition.metadata, nb.cells, edition.path.name)
        lines.append(lesson_plan.table_row(f"{GROUPS[group][lang]} {number}", p, lang))
    return "\n".join(lines) + "\n\n" + lesson_plan.skills_table(lang)


def markers(lang: str, kind: str = "outline") -> tuple[str, str]:
    return f"<!-- {kind}:{lang} -->", f"<!-- /{kind}:{lang} -->"


def updated(text: str, lang: str, table: str, kind: str = "outline") -> str:
    """``text`` with the table between the markers of ``lang`` replaced by ``table``."""
    begin, end = markers(lang, kind)
    if begin not in text or end not in text:
        raise ValueError(f"TEACHERS.md has no {begin} ... {end} block")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{table}\n{end}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    text = TEACHERS.read_text(encoding="utf-8")
    new = text
    for lang in ("en", "pt"):
        new = updated(new, lang, render(lang))
        new = updated(new, lang, render_bncc(lang), "bncc")
    if new == text:
        return 0
    if args.check:
        print("notebooks/TEACHERS.md: the minutes or the BNCC table differ from the notebooks "
              "(run `make outline`)",
              file=sys.stderr)
        return 1
    TEACHERS.write_text(new, encoding="utf-8")
    print("updated notebooks/TEACHERS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
