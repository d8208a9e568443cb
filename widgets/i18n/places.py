"""Filling a message's placeholders, with Portuguese place names after a preposition.

``{dst:de}`` in a message puts a place after "de" with its article: "do Brasil", "da
Argentina", "de Moscou" (the map data has no genders, so the table below gives them).
"""

from __future__ import annotations

import string

PT_ARTICLES: dict[str, str] = {
    "Alasca": "o", "Mackenzie": "o", "Groenlândia": "a", "Vancouver": "", "Ottawa": "",
    "Labrador": "o", "Califórnia": "a", "Nova York": "", "México": "o", "Venezuela": "a",
    "Peru": "o", "Brasil": "o", "Argentina": "a", "Islândia": "a", "Inglaterra": "a",
    "Suécia": "a", "Moscou": "", "Alemanha": "a", "Polônia": "a", "França": "a",
    "Argélia": "a", "Egito": "o", "Sudão": "o", "Congo": "o", "África do Sul": "a",
    "Madagascar": "", "Oriente Médio": "o", "Aral": "o", "Omsk": "", "Dudinka": "",
    "Sibéria": "a", "Tchita": "", "Mongólia": "a", "Vladivostok": "", "China": "a",
    "Índia": "a", "Japão": "o", "Vietnã": "o", "Sumatra": "", "Bornéu": "o",
    "Nova Guiné": "a", "Austrália": "a",
    "América do Norte": "a", "América do Sul": "a", "Europa": "a", "África": "a",
    "Ásia": "a", "Oceania": "a",
}
"""The article each territory and continent takes in Portuguese ("o Brasil", "a Argentina";
cities, Madagascar and Sumatra take none): a message writes ``{dst:de}`` and reads "do
Brasil", "da Argentina", "de Moscou"."""

PT_CONTRACTIONS: dict[str, dict[str, str]] = {
    "o": {"o": "o ", "a": "a ", "": ""},
    "de": {"o": "do ", "a": "da ", "": "de "},
    "em": {"o": "no ", "a": "na ", "": "em "},
    "a": {"o": "ao ", "a": "à ", "": "a "},
    "para": {"o": "para o ", "a": "para a ", "": "para "},
}


def pt_with(preposition: str, place: str) -> str:
    """A Portuguese place name after ``preposition`` ("de", "em", "a", "para", or "o" for the
    bare article), contracted with its article: ``pt_with("de", "Brasil")`` is "do Brasil".
    A name the table does not know takes no article."""
    return PT_CONTRACTIONS[preposition][PT_ARTICLES.get(place, "")] + place


class _Formatter(string.Formatter):
    """``str.format`` plus one spec: ``{dst:de}`` puts a place after a Portuguese preposition
    with its article ("ataca o Brasil a partir da Argentina")."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in PT_CONTRACTIONS and isinstance(value, str):
            return pt_with(format_spec, value)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def fill(text: str, params: dict[str, object]) -> str:
    """``text`` with its ``{placeholders}`` filled from ``params``."""
    return _FORMATTER.vformat(text, (), params) if ":" in text else text.format(**params)
