"""The two languages of the kit (pt-BR and en): their codes, gettext locales and how a page
or a notebook asks for one."""

from __future__ import annotations

import contextlib
import os
from typing import Literal
from urllib.parse import parse_qs

Lang = Literal["pt", "en"]
LANGS: tuple[Lang, ...] = ("pt", "en")
LOCALES: dict[Lang, str] = {"pt": "pt_BR", "en": "en"}
"""The gettext / Babel locale of each language (also the file names of the catalogues)."""

_ALIASES: dict[str, Lang] = {
    "pt": "pt", "pt-br": "pt", "pt_br": "pt", "br": "pt", "portugues": "pt", "português": "pt",
    "en": "en", "en-us": "en", "en_us": "en", "en-gb": "en", "en_gb": "en", "english": "en",
}


def normalize_lang(lang: str | None) -> Lang:
    """``"pt"`` or ``"en"`` from a language tag (``"pt-BR"``, ``"en_US"``...); default pt."""
    if lang is None:
        return "pt"
    key = str(lang).strip().lower()
    if key not in _ALIASES:
        raise ValueError(f"unknown language {lang!r}: use 'pt' (pt-BR) or 'en'")
    return _ALIASES[key]


def lang_from_env(default: str = "en") -> Lang:
    """The language asked for: the ``lang`` of a Voilà URL (``?lang=pt-BR``, from
    ``QUERY_STRING``) first, then the ``WARKIT_LANG`` environment variable (a JupyterHub class
    sets it once for every notebook and the dashboard), then ``default``. A value that names no
    language is skipped."""
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [])
    for value in (*asked[:1], os.environ.get("WARKIT_LANG", "")):
        with contextlib.suppress(ValueError):
            if value.strip():
                return normalize_lang(value)
    return normalize_lang(default)
