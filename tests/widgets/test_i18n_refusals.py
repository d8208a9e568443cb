"""Refusals in the player's language: templates keyed by reason (and rule), filled with the
error's params, names instead of ids, the rule ID kept."""

from __future__ import annotations

import re
import string

import pytest
from warkit_widgets.i18n import COMPONENTS, refusal_text

import warkit


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


EN, PT = COMPONENTS.entries("en"), COMPONENTS.entries("pt")


def texts(entry: str | tuple[str, ...]) -> tuple[str, ...]:
    return entry if isinstance(entry, tuple) else (entry,)


def test_every_refusal_template_has_both_languages_with_the_same_placeholders():
    keys = [k for k in EN if k.startswith("refused.") and k != "refused.prefix"]
    assert len(keys) > 30
    for key in keys:
        en, pt = " ".join(texts(EN[key])), " ".join(texts(PT[key]))
        assert en and pt, key
        assert placeholders(en) == placeholders(pt), key


PLACE_NAME = r"\{(?:territory|src|dst|continent)\}"


def test_portuguese_refusals_never_need_a_name_s_gender():
    """The map data has no genders, so a territory or continent name never follows a
    preposition ("de Egito" should be "do Egito", "em Argélia" "na Argélia") and never is the
    subject of a sentence ("Argentina não é seu"): it leads as a label, "Argentina: ..."."""
    keys = [k for k in PT if k.startswith("refused.")]
    for key in keys:
        pt = " ".join(texts(PT[key]))
        assert not re.search(r"\b(?:de|em|para|a|por|com|sobre)\s+" + PLACE_NAME, pt), key
        assert not re.search(PLACE_NAME + r"\s+(?:é|não|tem|só|foi|veio|já)\b", pt), key
    for reason, word in [("not_owned", "não é seu"), ("bad_count:move", "deste território")]:
        assert PT[f"refused.{reason}"].startswith("{territory}: "), reason
        assert word in PT[f"refused.{reason}"]


@pytest.mark.parametrize("rules, action, pt_words, en_words", [
    ("classic", "place brasil 5", ["Brasil: este território não é seu", "(C-REINF-3)"],
     ["Brazil is not yours"]),
    ("classic", "place islandia 9", ["Islândia: coloque de 1 a 5 exércitos neste território"],
     ["place 1 to 5 armies on Iceland"]),
    ("classic", "attack islandia groenlandia 3", ["nesta etapa da jogada", "(C-TURN-1)"],
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


def test_every_place_has_its_portuguese_article():
    from warkit_widgets.i18n import PT_ARTICLES

    m = warkit.world_map()
    names = {t.name("pt") for t in m.territories} | {c.name("pt") for c in m.continents}
    assert set(PT_ARTICLES) == names
    assert set(PT_ARTICLES.values()) == {"o", "a", ""}


def test_portuguese_messages_contract_prepositions_with_the_place_s_article():
    """Anywhere a person reads (log, prompts, odds, hand), a place after a preposition is
    written ``{dst:de}`` and reads "do Brasil", "da Argentina", "de Moscou", never
    "de Brasil"."""
    from warkit_widgets.lessons.messages import LESSONS
    from warkit_widgets.play.messages import PLAY, tr
    from warkit_widgets.rooms.messages import ROOMS

    bare = re.compile(r"\b(?:de|em|para|a|ao|por|com|sobre)\s+" + PLACE_NAME)
    offenders = [key for catalogue in (COMPONENTS, PLAY, ROOMS, LESSONS)
                 for key, text in catalogue.entries("pt").items()
                 if any(bare.search(form) for form in texts(text))]
    assert offenders == []
    params = {"seat": "Ana", "count": 3, "territory": "Argentina", "attack": "6 5",
              "defence": "4", "lost_att": 0, "lost_def": 1, "keep": 1}
    assert tr("log.battle", "pt", src="Argentina", dst="Brasil", **params).startswith(
        "Ana ataca o Brasil a partir da Argentina:")
    assert tr("log.move", "pt", src="Moscou", dst="Egito", **params) == \
        "Ana desloca 3 de Moscou para o Egito"
    assert tr("log.place", "pt", **params) == "Ana coloca 3 na Argentina"
    assert tr("opt.airattack", "pt", src="Japão", dst="Índia").startswith(
        "Ataque aéreo à Índia a partir do Japão")
    assert tr("log.battle", "en", src="Argentina", dst="Brazil", **params).startswith(
        "Ana attacks Brazil from Argentina:")


def test_every_refusal_the_engine_raises_has_a_template_in_both_languages():
    """A Portuguese player never reads the engine's English message: each reason the engine's
    code raises (``Reason.X`` outside ``errors.py``) has its ``refused.<reason>`` template."""
    from pathlib import Path

    engine = Path(warkit.__file__).parent
    raised = {name for path in engine.rglob("*.py") if path.name != "errors.py"
              for name in re.findall(r"\bReason\.([A-Z_]+)\b", path.read_text(encoding="utf-8"))}
    assert len(raised) > 20
    for name in sorted(raised):
        key = f"refused.{warkit.Reason[name].value}"
        assert EN.get(key) and PT.get(key), key
