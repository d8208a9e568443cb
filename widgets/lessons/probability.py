"""Helpers of the probability labs 04 to 08: numbers written the way each language writes them.

>>> fmt_int(9604, "pt"), fmt_int(9604, "en")
('9.604', '9,604')
>>> pct(0.0565, "pt", 2), pct(0.0565, "en", 2)
('5,65%', '5.65%')
"""

from __future__ import annotations

from fractions import Fraction

from warkit_widgets.i18n import fmt_percent, normalize_lang


def fmt_int(n: int, lang: str = "pt") -> str:
    """A whole number with its thousands marked: ``9,604`` in English, ``9.604`` in Portuguese."""
    text = f"{int(n):,}"
    return text.replace(",", ".") if normalize_lang(lang) == "pt" else text


def pct(p: float | Fraction, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage with the language's decimal mark (``41,7%``)."""
    return fmt_percent(float(p), lang, digits)
