"""Numbers and words agree in both languages: "1 defensor", "até 1 exército" (issue 13), with the
``{n:singular|plural}`` form of the translation layer. Rule IDs: C-ATK-3, C-CONQ-1."""

from __future__ import annotations

import pytest
from warkit_widgets.i18n import MESSAGES, tr


@pytest.mark.parametrize(("key", "params", "pt", "en"), [
    ("odds.title", {"att": 1, "dfn": 1}, "1 atacante contra 1 defensor",
     "1 attacking vs 1 defending army"),
    ("odds.title", {"att": 3, "dfn": 2}, "3 atacantes contra 2 defensores",
     "3 attacking vs 2 defending armies"),
    ("map.source.place", {"src": "Brasil", "count": 1},
     "Brasil selecionado: até 1 exército pode ir para lá.",
     "Brasil selected: up to 1 army may go there."),
    ("map.target.attack", {"src": "A", "dst": "B", "count": 1, "defence": 1},
     "Ataque A → B: até 1 dado contra 1.", "Attack A → B: up to 1 die against 1."),
    ("map.target.move", {"src": "A", "dst": "B", "count": 2},
     "Deslocar A → B: até 2 exércitos.", "Move A → B: up to 2 armies."),
    ("odds.final.win", {"n": 1}, "conquistado, resta 1 exército atacante",
     "conquered, 1 attacking army left"),
])
def test_counted_words_agree_with_their_number(key, params, pt, en):
    assert tr(key, "pt", **params) == pt
    assert tr(key, "en", **params) == en


def test_every_plural_form_has_two_words_and_works_with_any_count():
    """Each ``{n:one|many}`` field names a placeholder that the message also prints."""
    import string

    for key, entry in MESSAGES.items():
        for text in entry.values():
            specs = [(name, spec) for _, name, spec, _ in string.Formatter().parse(text)
                     if spec and "|" in spec]
            for _name, spec in specs:
                assert len(spec.split("|")) == 2, key
            if specs:
                # a place after a Portuguese preposition ({dst:de}) is a name, the rest 1
                places = {n for t in entry.values() for _, n, spec, _ in
                          string.Formatter().parse(t) if n and spec and "|" not in spec}
                params = {n: "Brasil" if n in places else 1
                          for _, n, _, _ in string.Formatter().parse(text) if n}
                assert "|" not in tr(key, "pt", **params) + tr(key, "en", **params), key
