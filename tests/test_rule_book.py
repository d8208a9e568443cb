"""The kit's rule book, RULES.md and REGRAS.md at the root (issue 20 item 7): every rule ID once,
the same rules in both languages and in the game's rules panel, a reason for every decision, the
sources named, the note for teachers, and no sentence copied from the sources.

The copy check reads ``tests/data/*.shingles``, hashes of every run of 8 words of the Portuguese
seed texts and of the shared rules reference (``tests/tools/source_fingerprints.py`` makes them),
so it needs no file outside the repository and the repository holds none of their text.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from warkit_widgets.play.help_panel import RULE_BOOK, book_html
from warkit_widgets.play.help_texts import RULES, SECTIONS, rule_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "tools"))
from source_fingerprints import RUN, fingerprints, shingles  # noqa: E402

BOOKS = {lang: ROOT / name for lang, name in RULE_BOOK.items()}
ENTRY = re.compile(r"^- \*\*([CS]-[A-Z]+-\d+)\*\*", re.MULTILINE)
"""A rule of the book: a list item opening with its ID in bold."""
MARKS = {"en": (r"\*\*Decisions?(?: \(revised\))?:\*\*", "*Why:*"),
         "pt": (r"\*\*Decis(?:ão|ões)(?: \(revista\))?:\*\*", "*Motivo:*")}
"""How each book marks a decision and its reason."""


def book(lang: str) -> str:
    return BOOKS[lang].read_text(encoding="utf-8")


def entries(lang: str) -> list[str]:
    return ENTRY.findall(book(lang))


def source_runs() -> set[bytes]:
    """Both sources the books must not copy: the seeds and the shared rules reference."""
    return fingerprints("seeds") | fingerprints("reference")


def test_both_books_give_the_same_rules_in_the_same_order_each_once():
    en, pt = entries("en"), entries("pt")
    assert en == pt
    assert len(en) == len(set(en)) == 68


def test_the_rules_panel_explains_exactly_the_books_rules_in_its_order():
    listed = [rule for _, rules in SECTIONS for rule in rules]
    assert listed == list(RULES) == entries("en")


DECIDED = {"C-SETUP-2", "C-TURN-2", "C-CARD-3", "C-CARD-5", "C-MOVE-3", "C-ELIM-2", "C-WIN-1",
           "S-SUPPLY-1", "S-AIR-1", "S-TERRAIN-2", "S-TERRAIN-3", "S-REROLL-1", "S-PASS-1",
           "S-AIRLIFT-1", "S-TRADE-1", "S-WIN-1"}
"""The rules where the sources are silent or ambiguous and the project decided."""


def decisions(lang: str) -> dict[str, str]:
    """Rule ID -> its entry's text, for the entries that carry a decision."""
    text = book(lang)
    starts = [(m.start(), m.group(1)) for m in ENTRY.finditer(text)]
    ends = [s for s, _ in starts[1:]] + [len(text)]
    pattern = MARKS[lang][0]
    return {rule: text[start:end] for (start, rule), end in zip(starts, ends)
            if re.search(pattern, text[start:end])}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_decision_is_in_its_rule_and_says_why(lang):
    found = decisions(lang)
    assert set(found) == DECIDED
    why = MARKS[lang][1]
    assert [rule for rule, entry in found.items() if why not in entry] == []


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_sources_are_named_and_teachers_are_told_about_usp_war_once(lang):
    text = book(lang)
    for source in ("Grow", "SMART", "1.0", "USP WAR", "Clash of Cultures"):
        assert source in text
    parody = {"en": "parody of university student politics",
              "pt": "paródia da política estudantil universitária"}[lang]
    parties = {"en": "real Brazilian\npolitical parties",
               "pt": "partidos políticos brasileiros reais"}
    assert text.count(parody) == 1
    assert parties[lang] in text


def test_both_books_name_the_same_settings():
    """A setting named in one language is named in the other (the code words are the same)."""
    code = re.compile(r"`([a-z_]+=[^`]+)`")
    assert sorted(code.findall(book("en"))) == sorted(code.findall(book("pt")))
    assert "lone_defender_shield=True" in book("pt")


def test_the_panel_links_to_the_book_of_its_language():
    assert "RULES.md" in book_html("en") and "REGRAS.md" in book_html("pt")
    assert 'target="_blank"' in book_html("pt")


def _copied(text: str, known: set[bytes]) -> list[str]:
    return sorted(run for digest, run in shingles(text).items() if digest in known)


def test_the_fingerprints_catch_a_copied_sentence():
    """The check itself: a sentence from the shared rules reference is found (its hash is in the
    file), a sentence of the book is not."""
    known = source_runs()
    assert _copied("The higher die wins; a tie goes to the defender. Each lost comparison removes "
                   "one army of that side.", known)
    assert not _copied("In each pair the higher die wins and a tie goes to the defender; the side "
                       "that loses a pair loses one army.", known)
    assert RUN == 8


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_no_sentence_of_the_book_is_copied_from_the_sources(lang):
    """Facts carry over, sentences never: no run of 8 words of a source text."""
    assert _copied(book(lang), source_runs()) == []


def test_no_sentence_of_the_rules_panels_portuguese_is_copied_from_the_seeds():
    """The panel's Portuguese texts are the project's own words: no run of 8 words of a seed
    (its English texts digest the shared rules reference, the project's own)."""
    known = fingerprints("seeds")
    copied = {rule: runs for rule in RULES if (runs := _copied(rule_text(rule, "pt"), known))}
    assert copied == {}


def test_the_lessons_links_to_the_book_open_it():
    """A lesson links to the book of its own language, by a path that opens the file."""
    link = re.compile(r"\]\(([^)]*(?:RULES|REGRAS)\.md)\)")
    found = 0
    for path in [*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "notebooks").glob("*.md")]:
        for target in link.findall(path.read_text(encoding="utf-8")):
            found += 1
            assert (path.parent / target).resolve().is_file(), (path, target)
            if "/pt/" in path.as_posix():
                assert target.endswith("REGRAS.md"), (path, target)
    assert found >= 6  # the lessons index (twice), the terrain lesson and lab in both languages
