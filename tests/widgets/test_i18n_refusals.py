"""Refusals in the player's language: templates keyed by reason (and rule), filled with the
error's params, names instead of ids, the rule ID kept."""

from __future__ import annotations

import re
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


PLACE_NAME = r"\{(?:territory|src|dst|continent)\}"


def test_portuguese_refusals_never_need_a_name_s_gender():
    """The map data has no genders, so a territory or continent name never follows a
    preposition ("de Egito" should be "do Egito", "em Argélia" "na Argélia") and never is the
    subject of a sentence ("Argentina não é seu"): it leads as a label, "Argentina: ..."."""
    keys = [k for k in MESSAGES if k.startswith("refused.")]
    for key in keys:
        pt = MESSAGES[key]["pt"]
        assert not re.search(r"\b(?:de|em|para|a|por|com|sobre)\s+" + PLACE_NAME, pt), key
        assert not re.search(PLACE_NAME + r"\s+(?:é|não|tem|só|foi|veio|já)\b", pt), key
    for reason, word in [("not_owned", "não é seu"), ("bad_count:move", "deste território")]:
        assert MESSAGES[f"refused.{reason}"]["pt"].startswith("{territory}: "), reason
        assert word in MESSAGES[f"refused.{reason}"]["pt"]


@pytest.mark.parametrize("rules, action, pt_words, en_words", [
    ("classic", "place brasil 5", ["Brasil: este território não é seu", "(C-REINF-3)"],
     ["Brazil is not yours"]),
    ("classic", "place islandia 9", ["Islândia: coloque de 1 a 5 exércitos neste território"],
     ["place 1 to 5 armies on Iceland"]),
    ("classic", "attack islandia groenlandia 3", ["nesta etapa do turno", "(C-TURN-1)"],
     ["at this step of the turn"]),
    ("smart", "intelligence asia", ["Ásia: você não recebe o bônus deste continente",
                                    "(S-REINF-3)"], ["bonus for Asia"]),
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
