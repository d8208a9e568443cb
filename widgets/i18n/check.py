"""The catalogue check of ``make lint``: every message the code uses is in both languages, every
plural has all its forms, no entry is unused, no "(s)" hedge is left.

    python -m warkit_widgets.i18n.check            # list the problems; exit 1 if any
    python -m warkit_widgets.i18n.check --update   # also add every key the code uses and a
                                                   # catalogue lacks, empty, to both .po files

A domain is a package folder with ``locale/en.po`` and ``locale/pt_BR.po``; its code is the
folder's ``.py`` files minus the subfolders that have their own domain. Code uses a key by
calling ``tr("key", ...)`` (the key must be in the domain or one of its fallbacks) or by naming
it in any string; an f-string key (``tr(f"setup.kind.{kind}", ...)``) uses every entry it
matches, and must match at least one.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .catalogue import Catalogue, Entry, entries_of
from .languages import LANGS, LOCALES, Lang

HEDGE = re.compile(r"\w\((?:s|es|as|os)\)")
"""A hedged plural ("carta(s)", "attack(s)"): a plural message says it properly."""
INLINE_PLURAL = re.compile(r"\{\w+:[^}]*\|[^}]*\}")


@dataclass(frozen=True)
class Domain:
    """A catalogue pair on disk and the folder of the code that reads it."""

    name: str
    folder: Path
    fallback: Domain | None = None

    def po(self, lang: Lang) -> Path:
        return self.folder / "locale" / f"{LOCALES[lang]}.po"

    @property
    def chain(self) -> tuple[Domain, ...]:
        return (self, *(self.fallback.chain if self.fallback else ()))


@dataclass
class Use:
    """A key (or an f-string's pattern) the code names."""

    file: Path
    line: int
    key: str | None = None
    pattern: re.Pattern[str] | None = None
    called: bool = False  # the first argument of tr(...)
    counted: bool = False  # tr(...) was given n=

    def matches(self, key: str) -> bool:
        return key == self.key if self.pattern is None else bool(self.pattern.fullmatch(key))

    def where(self, root: Path) -> str:
        return f"{self.file.relative_to(root)}:{self.line}"


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    missing: dict[str, set[str]] = field(default_factory=dict)  # domain -> keys to add


def _pattern(node: ast.JoinedStr) -> re.Pattern[str] | None:
    """An f-string's literal parts as a regex (placeholders match anything); None when it
    does not start with literal text (too broad to name a key)."""
    parts = node.values
    if not parts or not isinstance(parts[0], ast.Constant):
        return None
    regex = "".join(re.escape(str(p.value)) if isinstance(p, ast.Constant) else ".+"
                    for p in parts)
    return re.compile(regex)


def uses_in(file: Path) -> list[Use]:
    """Every string of ``file`` that may name a message key, the ``tr`` calls marked."""
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    uses: list[Use] = []
    called: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and (
                (isinstance(node.func, ast.Name) and node.func.id == "tr")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "tr")):
            first, counted = node.args[0], any(k.arg == "n" for k in node.keywords)
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                uses.append(Use(file, first.lineno, key=first.value, called=True,
                                counted=counted))
            elif isinstance(first, ast.JoinedStr) and (regex := _pattern(first)):
                uses.append(Use(file, first.lineno, pattern=regex, called=True,
                                counted=counted))
            called.add(id(first))
    for node in ast.walk(tree):
        if id(node) in called:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value:
            uses.append(Use(file, node.lineno, key=node.value))
        elif isinstance(node, ast.JoinedStr) and (regex := _pattern(node)):
            uses.append(Use(file, node.lineno, pattern=regex))
    return uses


def read(domain: Domain, lang: Lang) -> tuple[Catalog, dict[str, Entry]]:
    with domain.po(lang).open("rb") as f:
        catalog = read_po(f, locale=LOCALES[lang], abort_invalid=True)
    return catalog, entries_of(catalog)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _entry_problems(domain: Domain, key: str, texts: dict[Lang, Entry],
                    nplurals: dict[Lang, int]) -> Iterable[str]:
    where = f"{domain.name}: {key!r}"
    kinds = {lang: isinstance(t, tuple) for lang, t in texts.items()}
    if len(set(kinds.values())) > 1:
        yield f"{where} is plural in one language only"
    for lang, text in texts.items():
        forms = text if isinstance(text, tuple) else (text,)
        if not all(forms):
            yield f"{where} has no {LOCALES[lang]} text" + (" for every plural form"
                                                            if len(forms) > 1 else "")
        if isinstance(text, tuple) and len(text) != nplurals[lang]:
            yield f"{where} has {len(text)} plural forms in {LOCALES[lang]}, not {nplurals[lang]}"
        for form in forms:
            if HEDGE.search(form) or INLINE_PLURAL.search(form):
                yield f"{where} hedges a plural in {LOCALES[lang]} ({form!r}): make it a plural"
    fields = {lang: set().union(*map(_fields, t if isinstance(t, tuple) else (t,)))
              for lang, t in texts.items() if t and all(t)}
    if len(fields) == 2 and fields["en"] != fields["pt"]:
        yield (f"{where} has placeholders {sorted(fields['en'])} in en, "
               f"{sorted(fields['pt'])} in pt_BR")


def check(domains: Sequence[Domain], root: Path) -> Report:
    """The problems of ``domains`` (code under ``root``), and the keys each domain lacks."""
    report = Report()
    entries: dict[str, dict[Lang, dict[str, Entry]]] = {}
    for domain in domains:
        entries[domain.name] = {}
        nplurals: dict[Lang, int] = {}
        for lang in LANGS:
            if not domain.po(lang).is_file():
                report.problems.append(f"{domain.name}: no catalogue {domain.po(lang)}")
                entries[domain.name][lang] = {}
                nplurals[lang] = 2
                continue
            catalog, entries[domain.name][lang] = read(domain, lang)
            nplurals[lang] = catalog.num_plurals
        en, pt = entries[domain.name]["en"], entries[domain.name]["pt"]
        for key in sorted(en.keys() | pt.keys()):
            texts = {lang: entries[domain.name][lang].get(key, "") for lang in LANGS}
            report.problems.extend(_entry_problems(domain, key, texts, nplurals))
    folders = sorted(domains, key=lambda d: len(d.folder.parts), reverse=True)
    all_uses: list[Use] = []
    for file in sorted(root.rglob("*.py")):
        uses = uses_in(file)
        all_uses.extend(uses)
        home = next((d for d in folders if file.is_relative_to(d.folder)), None)
        if home is None:
            continue
        for use in (u for u in uses if u.called):
            found = [(d, k) for d in home.chain for k in entries.get(d.name, {}).get("en", {})
                     if use.matches(k)]
            if not found:
                what = use.key if use.pattern is None else f"pattern {use.pattern.pattern!r}"
                report.problems.append(f"{use.where(root)}: no message {what} in "
                                       f"{' or '.join(d.name for d in home.chain)}")
                if use.key is not None:
                    report.missing.setdefault(home.name, set()).add(use.key)
            elif not use.counted and all(isinstance(entries[d.name]["en"][k], tuple)
                                         for d, k in found):
                # (an f-string family may mix plural and plain messages: only a family of
                # plurals surely needs its count)
                what = repr(found[0][1]) if use.pattern is None else \
                    f"pattern {use.pattern.pattern!r}"
                report.problems.append(f"{use.where(root)}: {what} is plural: pass n=")
    for domain in domains:
        for key in sorted(entries[domain.name]["en"].keys() | entries[domain.name]["pt"].keys()):
            if not any(u.matches(key) for u in all_uses):
                report.problems.append(f"{domain.name}: {key!r} is used by no code")
    return report


def add_keys(domain: Domain, keys: Iterable[str]) -> None:
    """Add ``keys`` to both catalogues of ``domain``, empty, for a person to fill."""
    for lang in LANGS:
        with domain.po(lang).open("rb") as f:
            catalog = read_po(f, locale=LOCALES[lang])
        for key in keys:
            if key not in catalog:
                catalog.add(key, "", flags=("python-brace-format",))
        with domain.po(lang).open("wb") as f:
            write_po(f, catalog, width=100, sort_output=True)


def project_domains() -> list[Domain]:
    """The domains of :mod:`warkit_widgets`: each folder with a ``locale/en.po``, its
    :class:`Catalogue` found in the package's ``messages`` module (the components' in
    :mod:`warkit_widgets.i18n`), its fallback taken from that catalogue."""
    import warkit_widgets

    root = Path(warkit_widgets.__file__).parent
    catalogues: dict[str, Catalogue] = {}
    for po in sorted(root.rglob("locale/en.po")):
        parts = po.parent.parent.relative_to(root).parts
        package = ".".join(("warkit_widgets", *parts))
        module = importlib.import_module(f"{package}.messages" if parts else
                                         "warkit_widgets.i18n")
        found = [v for v in vars(module).values()
                 if isinstance(v, Catalogue) and v.package == package]
        if not found:
            raise LookupError(f"{module.__name__} makes no Catalogue({package!r})")
        catalogues[package] = found[0]
    domains: dict[str, Domain] = {}

    def domain(catalogue: Catalogue) -> Domain:
        if catalogue.package not in domains:
            folder = Path(str(catalogue.folder))
            fallback = domain(catalogue.fallback) if catalogue.fallback else None
            domains[catalogue.package] = Domain(catalogue.package, folder, fallback)
        return domains[catalogue.package]

    return [domain(c) for c in catalogues.values()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="add the keys the code uses and a catalogue lacks, empty")
    args = parser.parse_args(argv)
    import warkit_widgets

    domains = project_domains()
    root = Path(warkit_widgets.__file__).parent
    report = check(domains, root)
    if args.update and report.missing:
        for domain in domains:
            if domain.name in report.missing:
                add_keys(domain, report.missing[domain.name])
                print(f"added {len(report.missing[domain.name])} empty entries to "
                      f"{domain.folder.relative_to(root.parent)}/locale/*.po")
    for problem in report.problems:
        print(problem)
    count = sum(len(entries) for entries in (_count(d) for d in domains))
    print(f"catalogue check: {len(domains)} domains, {count} messages, "
          f"{len(report.problems)} problems", file=sys.stderr)
    return 1 if report.problems else 0


def _count(domain: Domain) -> dict[str, Entry]:
    return read(domain, "en")[1] if domain.po("en").is_file() else {}


if __name__ == "__main__":
    sys.exit(main())
