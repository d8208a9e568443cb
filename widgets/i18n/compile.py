"""Compile gettext catalogues: each ``locale/<locale>.po`` to the ``.mo`` beside it (Babel).

    python -m warkit_widgets.i18n.compile              # every catalogue of warkit_widgets
    python -m warkit_widgets.i18n.compile a/locale/en.po ...

``make`` runs it when a ``.po`` changes. The ``.mo`` files only save time: a catalogue whose
``.mo`` is missing or older than its ``.po`` is compiled in memory when first read.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from .catalogue import compile_po
from .languages import LANGS, LOCALES


def compile_file(po: Path) -> Path:
    """Write ``po``'s ``.mo`` next to it; return its path."""
    lang = next((code for code in LANGS if LOCALES[code] == po.stem), None)
    if lang is None:
        raise ValueError(f"{po}: a catalogue is named after its locale "
                         f"({', '.join(f'{LOCALES[c]}.po' for c in LANGS)})")
    mo = po.with_suffix(".mo")
    mo.write_bytes(compile_po(po.read_bytes(), lang))
    return mo


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        import warkit_widgets

        args = [str(p) for p in sorted(Path(warkit_widgets.__file__).parent.rglob("locale/*.po"))]
    for name in args:
        print(f"compiled {compile_file(Path(name))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
