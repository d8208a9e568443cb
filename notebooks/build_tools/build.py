"""Build the lesson notebooks from their bilingual sources (``make notebooks``).

Every ``notebooks/source/**/*.md`` becomes two notebooks, the English one and the Portuguese one,
at the paths its header names (see :mod:`build_tools.source`). ``--check`` changes
nothing and exits 1 when a built notebook is missing or differs from its source (the tests run
it); give source files to build only those. ``--unbuilt`` lists the notebooks that have no
source; ``--clear-unbuilt`` clears their outputs and widget state (``make clean-outputs``).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from build_tools.lesson_plan import PlanError, apply
from build_tools.source import LANGS, SourceError, dumps, notebook, parse, parse_header

NOTEBOOKS = Path(__file__).resolve().parents[1]
SOURCES = NOTEBOOKS / "source"


def sources(root: Path = SOURCES) -> list[Path]:
    """Every lesson source, in a stable order."""
    return sorted(root.rglob("*.md"))


@dataclass(frozen=True)
class Edition:
    """One built notebook: its source, its language, where it is, and the source's metadata
    (``{"lesson": "classic/03", "rules": [...]}``, ``{"lab": "probability/01"}``, or
    ``{"start": "start/00"}`` for lesson 0, before the courses)."""

    source: Path
    lang: str
    path: Path
    metadata: dict

    @property
    def name(self) -> str:
        """``classic/03``, ``smart/06b``, ``probability/01``: the group and the file's number."""
        group = (self.metadata.get("lesson") or self.metadata.get("lab")
                 or self.metadata.get("start", "?")).split("/")[0]
        return f"{group}/{self.source.name.split('-')[0]}"


def editions(root: Path = SOURCES, notebooks: Path = NOTEBOOKS) -> list[Edition]:
    """Every notebook the sources build (both languages), from the sources' headers alone."""
    found = []
    for path in sources(root):
        targets, metadata, _ = parse_header(path)
        found += [Edition(path, lang, notebooks / targets[lang], metadata) for lang in LANGS]
    return found


def unbuilt(notebooks: Path = NOTEBOOKS) -> list[Path]:
    """The notebooks written by hand (no source builds them): the game, the gallery."""
    made = {e.path.resolve() for e in editions(notebooks=notebooks)}
    return sorted(p for p in notebooks.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts and p.resolve() not in made)


def clear_outputs(path: Path) -> bool:
    """Clear a saved notebook's outputs (nbconvert's ClearOutputPreprocessor) and its stored
    widget state; True when the file changed."""
    import nbformat
    from nbconvert.preprocessors import ClearOutputPreprocessor

    before = path.read_text(encoding="utf-8")
    nb = nbformat.reads(before, as_version=4)
    nb, _ = ClearOutputPreprocessor().preprocess(nb, {})
    nb.metadata.pop("widgets", None)
    after = nbformat.writes(nb) + "\n"
    if after != before:
        path.write_text(after, encoding="utf-8")
    return after != before


# a lab's first line: "**Probability lab** · 05 of 11 · part 2 of 2 · ..."
LAB_HEADER = re.compile(r"^(\*\*(?:Probability lab|Laboratório de probabilidade)\*\* · "
                        r"\d+[a-z]? (?:of|de) )\d+", re.M)


def lab_count(root: Path = SOURCES) -> int:
    """How many probability labs there are (05 and 05b are the two parts of lab 05)."""
    return len({e.name.rstrip("ab") for e in editions(root) if "lab" in e.metadata})


def with_lab_count(nb: dict, count: int) -> dict:
    """``nb`` with its header's "NN of N" / "NN de N" counting ``count`` labs, so a new lab
    never leaves the others saying "of 9"."""
    cells = [{**c, "source": [LAB_HEADER.sub(rf"\g<1>{count}", line) for line in c["source"]]}
             if c["cell_type"] == "markdown" else c for c in nb["cells"]]
    return {**nb, "cells": cells}


def built(path: Path, notebooks: Path = NOTEBOOKS, labs: int | None = None) -> dict[Path, str]:
    """The notebooks of one source: output path -> JSON text (the opening box of its BNCC skills
    and plan written in by :func:`build_tools.lesson_plan.apply`, a lab's header counting
    ``labs`` labs, by default :func:`lab_count`)."""
    source = parse(path)
    count = lab_count() if labs is None else labs
    return {notebooks / source.targets[lang]:
            dumps(apply(with_lab_count(notebook(source, lang), count), source.metadata, lang,
                        path.name))
            for lang in LANGS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="sources to build (default: all)")
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    parser.add_argument("--unbuilt", action="store_true",
                        help="list the notebooks no source builds, and stop")
    parser.add_argument("--clear-unbuilt", action="store_true",
                        help="clear the outputs of the notebooks no source builds, and stop")
    args = parser.parse_args(argv)
    if args.unbuilt or args.clear_unbuilt:
        for path in unbuilt():
            cleared = args.clear_unbuilt and clear_outputs(path)
            print(f"{'cleared ' if cleared else ''}{path.relative_to(NOTEBOOKS.parent)}")
        return 0
    stale = []
    labs = lab_count()
    for path in args.files or sources():
        try:
            outputs = built(path, labs=labs)
        except (SourceError, PlanError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        for out, text in outputs.items():
            current = out.read_text(encoding="utf-8") if out.exists() else None
            if current == text:
                continue
            if args.check:
                stale.append(out)
            else:
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(text, encoding="utf-8")
                print(f"built {out.relative_to(NOTEBOOKS.parent)}")
    if stale:
        names = "\n  ".join(str(p.relative_to(NOTEBOOKS.parent)) for p in stale)
        print(f"out of date with notebooks/source/ (run `make notebooks`):\n  {names}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
