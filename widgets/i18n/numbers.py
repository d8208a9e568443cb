"""Numbers, percentages and dates as each language writes them, from Babel's CLDR data:
``0,25``, ``1.234``, ``41,7%`` and ``27/11 05:30`` in pt-BR; ``0.25``, ``1,234``, ``41.7%`` and
``11/27 5:30 AM`` in English. Every number a player or a student reads goes through here (the
game, the lessons' widgets and charts, the exercises).

Babel gives each language's symbols (decimal mark, thousands group, minus) and percent pattern
once; the digits come from Python's own formatting (rounding the float as ``f"{x:.1f}"``
does). The odds table writes up to 900 percentages per update: this way each costs about a
microsecond, where Babel's ``format_percent`` parses its pattern on every call (20 to 60 µs).
Dates are rare and go through Babel itself.
"""

from __future__ import annotations

import math
from datetime import datetime
from functools import cache
from typing import NamedTuple, SupportsFloat

from .languages import LOCALES, Lang, normalize_lang


class NumberSymbols(NamedTuple):
    """How a language writes a number (CLDR): ``str.translate`` table and percent affixes."""

    table: dict[int, str]
    percent_prefix: str
    percent_suffix: str


@cache
def number_symbols(lang: Lang) -> NumberSymbols:
    """The CLDR symbols of ``lang`` (pt-BR: ``1.234,5`` and ``41,7%``), read once (Babel is
    imported then, not with this module: a page that shows no number does not load it)."""
    from babel import Locale
    from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

    locale = Locale.parse(LOCALES[lang])
    percent = locale.percent_formats[None]
    sign = locale.number_symbols.get("latn", locale.number_symbols).get("percentSign", "%")
    table = str.maketrans({",": get_group_symbol(locale), ".": get_decimal_symbol(locale),
                           "-": get_minus_sign_symbol(locale)})
    return NumberSymbols(table, percent.prefix[0].replace("%", sign),
                         percent.suffix[0].replace("%", sign))


def _digits(digits: int) -> int:
    if digits < 0:
        raise ValueError(f"digits must be 0 or more, not {digits}")
    return digits


def fmt_number(value: float, lang: str = "pt", digits: int = 2, *, signed: bool = False) -> str:
    """``value`` with exactly ``digits`` decimals, the language's decimal mark and thousands
    groups: ``fmt_number(1234.5, "pt")`` is ``1.234,50``; ``signed``: with its sign always
    (``+0,50``, a gain or a surplus)."""
    text = f"{float(value):{'+' if signed else ''},.{_digits(digits)}f}"
    return text.translate(number_symbols(normalize_lang(lang)).table)


def fmt_int(value: int, lang: str = "pt") -> str:
    """A whole number with its thousands marked: ``9.604`` in Portuguese, ``9,604`` in English."""
    return f"{int(value):,}".translate(number_symbols(normalize_lang(lang)).table)


def fmt_short(value: float, lang: str = "pt", digits: int = 3) -> str:
    """A number with up to ``digits`` decimals and no trailing zeros (a chart's axis, a
    probability's decimal form): ``0,75``, ``0,125``, ``2``."""
    text = f"{float(value):,.{_digits(digits)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.translate(number_symbols(normalize_lang(lang)).table)


def fmt_significant(value: float, lang: str = "pt", digits: int = 3) -> str:
    """``value`` rounded to ``digits`` significant digits (its whole part always kept), no
    trailing zeros, thousands grouped (a chart's axis or tooltip): ``0,75``, ``0,0123``,
    ``12.345``, ``0``."""
    if digits < 1:
        raise ValueError(f"digits must be 1 or more, not {digits}")
    value = float(value)
    if value == 0 or not math.isfinite(value):
        return fmt_short(value, lang, 0)
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    return fmt_short(value, lang, decimals)


def fmt_percent(p: SupportsFloat, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage (``0.4167`` → ``41,7%`` / ``41.7%``: CLDR's pt-BR
    percent has no space before the sign)."""
    symbols = number_symbols(normalize_lang(lang))
    return symbols.percent_prefix + fmt_number(100 * float(p), lang, digits) \
        + symbols.percent_suffix


def fmt_datetime(moment: datetime, lang: str = "pt") -> str:
    """A day of the year and a time of day, short: ``27/11 05:30`` (pt-BR), ``11/27 5:30 AM``
    (en)."""
    from babel.dates import format_skeleton, format_time

    locale = LOCALES[normalize_lang(lang)]
    day = format_skeleton("Md", moment, locale=locale)
    return f"{day} {format_time(moment, 'short', locale=locale)}"
