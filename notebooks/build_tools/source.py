"""Bilingual lesson sources: one text file per lesson holds both languages.

A source (``notebooks/source/**.md``) is a header, then cells. Each cell starts with a line
``%% md en``, ``%% md pt`` or ``%% code`` (optionally ``%% code tags=solution,other``). An English
markdown cell is always followed by its Portuguese twin; code is shared by both languages, and
reads ``LANG`` (``"en"`` or ``"pt"``), which the build sets in the line that ends with
``# set by the build`` (and comments in the notebook's language). The header gives the two
notebooks' paths (relative to ``notebooks/``) and the notebook's ``warkit`` metadata::

    ---
    en: lessons/classic/03-dice-and-battles.ipynb
    pt: pt/licoes/classico/03-dados-e-batalhas.ipynb
    warkit: {"lesson": "classic/03", "rules": ["C-ATK-1"]}
    ---

Comments in code come in both languages too, and each notebook keeps only its own
(:func:`warkit_widgets.lessons.text.localized`, which lab 05 also uses to show the code of its
library functions). A comment line ``# en: ...`` is followed by its twin ``# pt: ...`` at the
same indentation; a longer comment is a run of ``# en:`` lines followed by a run of ``# pt:``
lines. A comment after code holds both, English first:
``answer = None  # en: your answer here  # pt: sua resposta aqui``.
The build drops the other language's lines and the ``en:``/``pt:`` marks::

    # en: the two top pairs          ->  en: # the two top pairs
    # pt: os dois pares mais altos   ->  pt: # os dois pares mais altos

A comment without a mark (``# noqa``, ``# 3 x 2``) stays in both notebooks, so keep those to
what reads the same in both languages.

Bilingual calls in code, ``T("3 armies", "3 exércitos")`` and ``Hint(8, en="...", pt="...")``,
keep only the notebook's language too (:mod:`build_tools.monolingual`).

Keeping both texts side by side in one file is what stops the two languages drifting apart:
a cell, or a comment, added in one language and not the other is refused by :func:`parse`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from warkit_widgets.lessons.text import UnpairedComment
from warkit_widgets.lessons.text import localized as localized_code

from build_tools.monolingual import (
    MonolingualError,
    bilingual_names,
    monolingual,
    without_unused_maker,
)

LANGS = ("en", "pt")
SEPARATOR = re.compile(r"^%% (md (en|pt)|code)( tags=([\w,-]+))?\s*$")
LANG_LINE = re.compile(r'^(\s*LANG\s*=\s*).*(# set by the build)\s*$', re.M)
# the comment the build writes after ``LANG = "..."``, in the notebook's language
LANG_COMMENT = {"en": "# set by the build", "pt": "# definido ao gerar o caderno"}
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


class SourceError(ValueError):
    """A lesson source that cannot be built: says the file, the line and what is wrong."""


@dataclass(frozen=True)
class Cell:
    """One cell: markdown with its text in each language, or code shared by both (with its
    comments in each language: ``text`` holds each notebook's code, ``raw`` the source's)."""

    kind: str  # "markdown" or "code"
    text: dict[str, str] = field(default_factory=dict)  # lang -> the notebook's text
    tags: tuple[str, ...] = ()
    raw: str = ""  # code: the source's text, with both languages' comments


@dataclass(frozen=True)
class Source:
    """A parsed lesson source."""

    path: Path
    targets: dict[str, str]  # lang -> notebook path relative to notebooks/
    metadata: dict
    cells: tuple[Cell, ...]


def parse_header(path: Path, text: str | None = None) -> tuple[dict[str, str], dict, int]:
    """The header of a source: its notebooks' paths (lang -> path relative to ``notebooks/``),
    its ``warkit`` metadata, and the index of the header's closing line."""
    text = path.read_text(encoding="utf-8") if text is None else text
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---" or "---" not in (s.strip() for s in lines[1:]):
        raise SourceError(f"{path}: a source starts with a '---' header")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    header: dict[str, str] = {}
    for line in lines[1:end]:
        key, _, value = line.partition(":")
        header[key.strip()] = value.strip()
    try:
        targets = {lang: header[lang] for lang in LANGS}
        metadata = json.loads(header.get("warkit", "{}"))
    except KeyError as missing:
        raise SourceError(f"{path}: the header has no {missing} path") from None
    except json.JSONDecodeError as error:
        raise SourceError(f"{path}: the header's warkit metadata is not JSON ({error})") from None
    return targets, metadata, end


def parse(path: Path, text: str | None = None) -> Source:
    """Read a source file; raise :class:`SourceError` for a missing twin or a bad header."""
    text = path.read_text(encoding="utf-8") if text is None else text
    lines = text.splitlines()
    targets, metadata, end = parse_header(path, text)

    raw: list[tuple[int, str, str | None, tuple[str, ...], list[str]]] = []
    for number, line in enumerate(lines[end + 1:], start=end + 2):
        match = SEPARATOR.match(line)
        if match:
            tags = tuple(t for t in (match.group(4) or "").split(",") if t)
            raw.append((number, "code" if match.group(1) == "code" else "markdown",
                        match.group(2), tags, []))
        elif raw:
            raw[-1][4].append(line)
        elif line.strip():
            raise SourceError(f"{path}:{number}: text before the first '%% md en' or '%% code'")

    codes = [(number, "\n".join(body).strip("\n")) for number, kind, _, _, body in raw
             if kind == "code"]
    try:
        names = bilingual_names(code for _, code in codes)
    except MonolingualError as error:
        number = next(n for n, code in codes if _unreadable(code))
        raise SourceError(f"{path}:{number + error.row}: {error.args[0]}") from None
    cells: list[Cell] = []
    i = 0
    while i < len(raw):
        number, kind, lang, tags, body = raw[i]
        content = "\n".join(body).strip("\n")
        if kind == "code":
            first = number + 1 + next((k for k, line in enumerate(body) if line.strip()), 0)
            code = {code_lang: one_language(localized(content, code_lang, f"{path}:{first}"),
                                            code_lang, names, f"{path}:{first}")
                    for code_lang in LANGS}
            cells.append(Cell("code", code, tags, raw=content))
            i += 1
            continue
        if lang != "en":
            raise SourceError(f"{path}:{number}: '%% md pt' must follow its '%% md en' cell")
        if i + 1 >= len(raw) or raw[i + 1][1] != "markdown" or raw[i + 1][2] != "pt":
            raise SourceError(f"{path}:{number}: this English cell has no Portuguese twin "
                              "('%% md pt' right after it)")
        twin = "\n".join(raw[i + 1][4]).strip("\n")
        if not content.strip() or not twin.strip():
            raise SourceError(f"{path}:{number}: an empty markdown cell (English or Portuguese)")
        cells.append(Cell("markdown", {"en": content, "pt": twin}, tags))
        i += 2
    return Source(path, targets, metadata, _without_unused_maker(cells, names))


def _without_unused_maker(cells: list[Cell], names: frozenset[str]) -> tuple[Cell, ...]:
    """Each edition's cells without ``T = bilingual(LANG)`` once no call of ``T`` is left."""
    codes = [c for c in cells if c.kind == "code"]
    texts = {lang: iter(without_unused_maker([c.text[lang] for c in codes], names))
             for lang in LANGS}
    return tuple(replace(c, text={lang: next(texts[lang]) for lang in LANGS})
                 if c.kind == "code" else c for c in cells)


def localized(code: str, lang: str, where: str = "<code>:1") -> str:
    """``code`` with its comments in ``lang`` only (:func:`warkit_widgets.lessons.text.localized`);
    ``where`` is ``file:line`` of the code's first line, for the :class:`SourceError` that a
    comment without its twin raises."""
    try:
        return localized_code(code, lang)
    except UnpairedComment as error:
        path, _, first = where.rpartition(":")
        raise SourceError(f"{path}:{int(first) + error.row - 1}: {error.args[0]}") from None


def one_language(code: str, lang: str, names: frozenset[str], where: str) -> str:
    """``code`` with its bilingual calls reduced to ``lang`` (:mod:`build_tools.monolingual`);
    ``where`` is ``file:line`` of the code's first line (the cell's separator + 1)."""
    try:
        return monolingual(code, lang, names)
    except MonolingualError as error:
        path, _, first = where.rpartition(":")
        raise SourceError(f"{path}:{int(first) + error.row - 1}: {error.args[0]}") from None


def _unreadable(code: str) -> bool:
    try:
        bilingual_names([code])
    except MonolingualError:
        return True
    return False


def notebook(source: Source, lang: str) -> dict:
    """The notebook (nbformat 4 JSON) of ``source`` in ``lang``, outputs empty."""
    cells = []
    for cell in source.cells:
        text = cell.text[lang]
        entry: dict = {"cell_type": cell.kind, "metadata": {"tags": list(cell.tags)} if cell.tags
                       else {}, "source": text}
        if cell.kind == "code":
            text = LANG_LINE.sub(rf'\g<1>"{lang}"  {LANG_COMMENT[lang]}', text)
            entry.update(source=text, execution_count=None, outputs=[])
        cells.append(entry)
    metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    if source.metadata:
        metadata["warkit"] = {**source.metadata, "lang": lang}
    return {"cells": [_split_source(c) for c in cells], "metadata": metadata,
            "nbformat": 4, "nbformat_minor": 5}


def _split_source(cell: dict) -> dict:
    lines = cell["source"].splitlines(keepends=True)
    return {**cell, "source": lines}


def dumps(nb: dict) -> str:
    """Notebook JSON as Jupyter writes it (one-space indent, UTF-8), so a save changes little."""
    nb = {**nb, "cells": [{"id": f"c{i:03d}", **c} for i, c in enumerate(nb["cells"])]}
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def render(source: Source) -> str:
    """The source text of ``source`` (the inverse of :func:`parse`)."""
    out = ["---"] + [f"{lang}: {source.targets[lang]}" for lang in LANGS]
    if source.metadata:
        out.append("warkit: " + json.dumps(source.metadata, ensure_ascii=False))
    out.append("---")
    for cell in source.cells:
        tags = f" tags={','.join(cell.tags)}" if cell.tags else ""
        if cell.kind == "code":
            out += ["", f"%% code{tags}", cell.raw]
        else:
            out += ["", f"%% md en{tags}", cell.text["en"], "", f"%% md pt{tags}", cell.text["pt"]]
    return "\n".join(out) + "\n"
