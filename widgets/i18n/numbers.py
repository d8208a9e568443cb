"""Numbers, percentages and dates as each language writes them, through Babel's CLDR data:
``0,25``, ``1.234``, ``41,7%`` and ``27/11 05:30`` in pt-BR; ``0.25``, ``1,234``, ``41.7%`` and
``11/27 5:30 AM`` in English. Every number a player or a student reads goes through here (the
game, the lessons' widgets and charts, the exercises)."""

from __future__ import annotations

from datetime import datetime
from numbers import Real

from babel.dates import format_skeleton, format_time
from babel.numbers import format_decimal, format_percent

from .languages import LOCALES, normalize_lang


def _pattern(digits: int, *, fixed: bool = True) -> str:
    if digits < 0:
        raise ValueError(f"digits must be 0 or more, not {digits}")
    return "#,##0" + ("." + ("0" if fixed else "#") * digits if digits else "")


def fmt_number(value: float, lang: str = "pt", digits: int = 2, *, signed: bool = False) -> str:
    """``value`` with exactly ``digits`` decimals, the language's decimal mark and thousands
    groups: ``fmt_number(1234.5, "pt")`` is ``1.234,50``; ``signed``: with its sign always
    (``+0,50``, a gain or a surplus)."""
    pattern = _pattern(digits)
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(float(value), pattern, locale=LOCALES[normalize_lang(lang)])


def fmt_int(value: int, lang: str = "pt") -> str:
    """A whole number with its thousands marked: ``9.604`` in Portuguese, ``9,604`` in English."""
    return fmt_number(int(value), lang, 0)


def fmt_short(value: float, lang: str = "pt", digits: int = 3) -> str:
    """A number with up to ``digits`` decimals and no trailing zeros (a chart's axis, a
    probability's decimal form): ``0,75``, ``0,125``, ``2``."""
    if not isinstance(value, Real):
        raise TypeError(f"not a number: {value!r}")
    return format_decimal(float(value), _pattern(digits, fixed=False),
                          locale=LOCALES[normalize_lang(lang)])


def fmt_percent(p: float, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage (``0.4167`` → ``41,7%`` / ``41.7%``: CLDR's pt-BR
    percent has no space before the sign)."""
    return format_percent(float(p), _pattern(digits) + "%", locale=LOCALES[normalize_lang(lang)])


def fmt_datetime(moment: datetime, lang: str = "pt") -> str:
    """A day of the year and a time of day, short: ``27/11 05:30`` (pt-BR), ``11/27 5:30 AM``
    (en)."""
    locale = LOCALES[normalize_lang(lang)]
    day = format_skeleton("Md", moment, locale=locale)
    return f"{day} {format_time(moment, 'short', locale=locale)}"
