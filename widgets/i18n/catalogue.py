"""One package's gettext catalogue: ``<package>/locale/en.po`` and ``<package>/locale/pt_BR.po``.

A :class:`Catalogue` is a gettext domain named after its package (``warkit_widgets.play``).
Its messages are keyed (the msgid is a key such as ``"play.save"``; both languages have a
catalogue, English included), so a call site reads ``tr("play.save", lang)`` whatever the
wording. A package that builds on another reads through it (``fallback``): the dashboard's
catalogue finds the components' words, never the other way round.

The compiled ``.mo`` next to each ``.po`` is read when it is as new as its ``.po`` (``make``
writes it, :mod:`warkit_widgets.i18n.compile`); otherwise the ``.po`` is compiled in memory with
Babel, so a fresh clone, an edited ``.po`` and a wheel without ``.mo`` all read the current text.
"""

from __future__ import annotations

import gettext
import io
import sys
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING

from .languages import LOCALES, Lang, normalize_lang
from .places import fill

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:  # Python 3.10 (the project's oldest): importlib.resources.abc is new in 3.11
        from importlib.abc import Traversable


class MessageError(KeyError):
    """A message key no catalogue of the chain holds (a bug: ``make lint`` lists them)."""


def catalogue_file(package: str, lang: Lang, suffix: str = ".po") -> Traversable:
    """Where ``package``'s catalogue for ``lang`` lives (``<package>/locale/pt_BR.po``)."""
    return resources.files(package) / "locale" / f"{LOCALES[lang]}{suffix}"


def compile_po(po: bytes, lang: Lang) -> bytes:
    """A ``.po`` file's bytes compiled to ``.mo`` bytes (Babel), fuzzy entries left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po), locale=LOCALES[lang]))
    return out.getvalue()


def _mtime(file: Traversable) -> float:
    stat = getattr(file, "stat", None)  # a file on disk has one; a zipped wheel's has not
    try:
        return float(stat().st_mtime) if stat else 0.0
    except OSError:
        return 0.0


def load_translations(package: str, lang: Lang) -> gettext.GNUTranslations:
    """The gettext translations of ``package`` in ``lang``: its ``.mo`` when it is up to date,
    else its ``.po`` compiled in memory."""
    po, mo = catalogue_file(package, lang), catalogue_file(package, lang, ".mo")
    if not po.is_file():
        raise FileNotFoundError(f"no catalogue {po} for {package!r}")
    if mo.is_file() and _mtime(mo) >= _mtime(po):
        data = mo.read_bytes()
    else:
        data = compile_po(po.read_bytes(), lang)
    return gettext.GNUTranslations(io.BytesIO(data))


Entry = str | tuple[str, ...]
"""A message's text: one string, or a plural message's forms in the language's order."""


def entries_of(catalog: Catalog) -> dict[str, Entry]:
    """A Babel catalogue's messages by key (a plural one's forms as a tuple), empty ones too."""
    entries: dict[str, Entry] = {}
    for m in catalog:
        if m.id:
            forms = m.string
            entries[str(m.id[0] if isinstance(m.id, tuple) else m.id)] = (
                tuple(str(f or "") for f in forms) if isinstance(forms, tuple | list)
                else str(forms or ""))
    return entries


def read_entries(package: str, lang: Lang) -> dict[str, Entry]:
    """Every message of ``package``'s ``.po`` for ``lang`` (Babel), by key, empty ones too."""
    from babel.messages.pofile import read_po

    with catalogue_file(package, lang).open("rb") as f:
        return entries_of(read_po(f, locale=LOCALES[lang]))


_PLURAL_PROBE = "\x00plural\x00"


class Catalogue:
    """A package's messages in both languages, read through ``fallback`` for shared words.

    ``tr(key, lang, **params)`` returns the message filled with ``params`` (``str.format``
    placeholders; see :func:`.places.fill` for the Portuguese place specs). A
    plural message (``msgid_plural`` in the catalogue) takes its count as ``n``: gettext's
    ``ngettext`` picks the form by each language's rule (en: 1 is singular; pt_BR: 0 and 1
    are). Catalogues load on first use.
    """

    def __init__(self, package: str, *, fallback: Catalogue | None = None) -> None:
        self.package = package
        self.fallback = fallback
        self._translations: dict[Lang, gettext.GNUTranslations] = {}

    def __repr__(self) -> str:
        return f"Catalogue({self.package!r})"

    @property
    def folder(self) -> Traversable:
        """The package's folder (its catalogues are in ``locale/`` there)."""
        return resources.files(self.package)

    @cached_property
    def chain(self) -> tuple[Catalogue, ...]:
        """This catalogue, then its fallbacks, nearest first."""
        return (self, *(self.fallback.chain if self.fallback else ()))

    def translations(self, lang: Lang) -> gettext.GNUTranslations:
        if lang not in self._translations:
            self._translations[lang] = load_translations(self.package, lang)
        return self._translations[lang]

    def _own(self, key: str, lang: Lang, n: int | None) -> tuple[str | None, bool]:
        """(text, plural?) of ``key`` in this catalogue alone; text is None when absent.
        A plural message asked without a count gives its plural form's text (n = 2)."""
        t = self.translations(lang)
        text = t.ngettext(key, _PLURAL_PROBE, 2 if n is None else n)
        if text not in (key, _PLURAL_PROBE):
            return text, True
        text = t.gettext(key)  # (Python 3.11+ would answer a plural entry's singular here)
        return (text, False) if text != key else (None, False)

    def lookup(self, key: str, lang: Lang, n: int | None = None) -> tuple[str, bool]:
        """The raw text of ``key`` (the form for count ``n`` when plural) and whether it is
        plural; :class:`MessageError` when no catalogue of the chain has it."""
        for catalogue in self.chain:
            text, plural = catalogue._own(key, lang, n)
            if text is not None:
                return text, plural
        raise MessageError(f"no message {key!r} in {' or '.join(c.package for c in self.chain)}"
                           f" ({LOCALES[lang]}): add it to the package's locale/*.po")

    def tr(self, key: str, lang: str = "pt", /, **params: object) -> str:
        """The message ``key`` in ``lang`` with its placeholders filled from ``params``; a
        plural message picks its form by the count ``n`` (a ``TypeError`` without it)."""
        code = normalize_lang(lang)
        count = params.get("n")
        n = count if isinstance(count, int) else None
        text, plural = self.lookup(key, code, n)
        if plural and n is None:
            raise TypeError(f"{key!r} is a plural message: pass its count as n=")
        return fill(text, params)

    def entries(self, lang: Lang) -> dict[str, Entry]:
        """This catalogue's own messages in ``lang`` (not its fallbacks'), read from its
        ``.po``: for tests and the catalogue check."""
        return read_entries(self.package, lang)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        try:
            self.lookup(key, "en")
        except MessageError:
            return False
        return True
