"""Refusals in the player's language: templates keyed by reason (and rule), filled with the
error's params, names instead of ids, the rule ID kept."""

from __future__ import annotations

import string

import pytest
from warkit_widgets.i18n import MESSAGES, refusal_text

import warkit


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_template_has_both_languages_with_the_same_placeholders():
    keys = [k for k in MESSAGES if k.startswith("refused.") and k != "refused.prefix"]
    assert len(keys) > 30
    for key in keys:
        en, pt = MESSAGES[key]["en"], MESSAGES[key]["pt"]
        assert en and pt, key
        assert placeholders(en) == placeholders(pt), key


@pytest.mark.parametrize("rules, action, pt_words, en_words", [
    ("classic", "place brasil 5", ["Brasil não é seu", "(C-REINF-3)"], ["Brazil is not yours"]),
    ("classic", "place islandia 9", ["coloque de 1 a 5 exércitos em Islândia"],
     ["place 1 to 5 armies on Iceland"]),
    ("classic", "attack islandia groenlandia 3", ["nesta etapa do turno", "(C-TURN-1)"],
     ["at this step of the turn"]),
    ("smart", "intelligence asia", ["bônus de Ásia", "(S-REINF-3)"], ["bonus for Asia"]),
])
def test_engine_refusals_read_naturally(rules, action, pt_words, en_words):
    state = warkit.new_game(4, rules=rules, seed=7 if rules == "classic" else 3)
    error = warkit.illegal_reason(state, action)
    pt, en = refusal_text(error, "pt"), refusal_text(error, "en")
    assert pt.startswith("Recusado: ") and en.startswith("Refused: ")
    for words in pt_words:
        assert words in pt
    for words in en_words:
        assert words in en


def test_a_refusal_without_a_template_falls_back_to_the_engine_message():
    error = warkit.IllegalActionError(warkit.Reason.TOO_MANY_CARDS, "too many cards", "S-END-2")
    assert refusal_text(error, "pt") == "Recusado: too many cards (S-END-2)"
