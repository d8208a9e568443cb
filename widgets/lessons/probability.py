"""Helpers of the probability labs 04 to 08: numbers as each language writes them, short labels.

>>> fmt_int(9604, "pt"), fmt_int(9604, "en")
('9.604', '9,604')
>>> pct(0.0565, "pt", 2), pct(0.0565, "en", 2)
('5,65%', '5.65%')
"""

from __future__ import annotations

from fractions import Fraction

from warkit_widgets.i18n import color_name, continent_name, fmt_percent, normalize_lang

from warkit.worldmap import world_map


def fmt_int(n: int, lang: str = "pt") -> str:
    """A whole number with its thousands marked: ``9,604`` in English, ``9.604`` in Portuguese."""
    text = f"{int(n):,}"
    return text.replace(",", ".") if normalize_lang(lang) == "pt" else text


def pct(p: float | Fraction, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage with the language's decimal mark (``41,7%``)."""
    return fmt_percent(float(p), lang, digits)


def objective_label(card: str, lang: str = "pt") -> str:
    """A short name for an objective card (C-COMP-3), for a chart's row: ``Europe + Oceania +
    1``, ``24 territories``, ``destroy red`` (the card's full text is too long for a label)."""
    lang = normalize_lang(lang)
    objective = world_map().objective(card)
    if objective.kind == "continents":
        names = [continent_name(c, lang) for c in objective.continents]
        return " + ".join(names + ([str(objective.plus_any)] if objective.plus_any else []))
    if objective.kind == "territories":
        count = f"{objective.count} {'territórios' if lang == 'pt' else 'territories'}"
        if objective.min_armies > 1:
            return count + (f", {objective.min_armies} exércitos cada" if lang == "pt"
                            else f", {objective.min_armies} armies each")
        return count
    color = color_name(objective.color, lang)
    return f"destruir o {color}" if lang == "pt" else f"destroy {color}"
