"""Build the lesson notebooks from their bilingual sources (``make notebooks``).

Every ``notebooks/source/**/*.md`` becomes two notebooks, the English one and the Portuguese one,
at the paths its header names (see :mod:`warkit_widgets.lessons.source`). ``--check`` changes
nothing and exits 1 when a built notebook is missing or differs from its source (the tests run
it); give source files to build only those.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from warkit_widgets.lessons.source import LANGS, SourceError, dumps, notebook, parse

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SOURCES = NOTEBOOKS / "source"


def sources(root: Path = SOURCES) -> list[Path]:
    """Every lesson source, in a stable order."""
    return sorted(root.rglob("*.md"))


def built(path: Path, notebooks: Path = NOTEBOOKS) -> dict[Path, str]:
    """The notebooks of one source: output path -> JSON text."""
    source = parse(path)
    return {notebooks / source.targets[lang]: dumps(notebook(source, lang)) for lang in LANGS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="sources to build (default: all)")
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for path in args.files or sources():
        try:
            outputs = built(path)
        except SourceError as error:
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
