"""Fingerprints of the rule texts the project must never copy from, so that a test can check the
project's own rule texts without the sources: every run of 8 words, hashed (5 bytes of BLAKE2b
each) and sorted, of the Portuguese seed texts (``tests/data/seeds.shingles``) and of the shared
rules reference (``tests/data/reference.shingles``). The files hold no text; a hash cannot be read
back into words.

    python tests/tools/source_fingerprints.py /path/to/shared  # writes both files

``tests/test_rule_book.py`` reads it (:func:`shingles` is the one definition of a run of words).
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from pathlib import Path

RUN = 8
"""Words in a run: 8 words in the same order are a copied sentence, not a shared term."""
DIGEST = 5
DATA = Path(__file__).resolve().parents[1] / "data"


def words(text: str) -> list[str]:
    """Lower-case words without accents (so "Área" and "area" are the same word)."""
    text = unicodedata.normalize("NFKD", text.lower())
    return re.findall(r"[a-z0-9]+", "".join(c for c in text if not unicodedata.combining(c)))


BREAK = re.compile(r"[CS]-[A-Z]+-\d+|\*\*|\n\s*(?:[-#|>]|\n)", re.MULTILINE)
"""Where a run stops: a rule ID, bold marks, a new list item, heading, table row or paragraph
(words on both sides of a rule ID are no copied sentence)."""


def shingles(text: str) -> dict[bytes, str]:
    """Each run of :data:`RUN` words of ``text``, hashed -> the run (for a readable failure)."""
    found = {}
    for part in BREAK.split(text):
        w = words(part)
        for i in range(len(w) - RUN + 1):
            run = " ".join(w[i:i + RUN])
            found[hashlib.blake2b(run.encode(), digest_size=DIGEST).digest()] = run
    return found


def fingerprints(name: str) -> set[bytes]:
    """The hashed runs of ``tests/data/<name>.shingles`` ("seeds" or "reference")."""
    data = (DATA / f"{name}.shingles").read_bytes()
    return {data[i:i + DIGEST] for i in range(0, len(data), DIGEST)}


def main(shared: Path) -> None:
    groups = {"seeds": sorted((shared / "seeds").glob("*.txt")),
              "reference": [shared / "reference" / "rules.md"]}
    DATA.mkdir(exist_ok=True)
    for name, sources in groups.items():
        found: set[bytes] = set()
        for path in sources:
            found |= set(shingles(path.read_text(encoding="utf-8", errors="replace")))
        out = DATA / f"{name}.shingles"
        out.write_bytes(b"".join(sorted(found)))
        print(f"{len(found)} runs of {RUN} words from {len(sources)} files -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
