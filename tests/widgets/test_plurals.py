"""Numbers and words agree in both languages: "1 defensor", "até 1 exército" (issue 13), with
gettext plural messages (issue 21): each language's own rule picks the form (en: 1 is singular;
pt_BR: only 1 is too, since zero takes the plural in Brazilian Portuguese, "0 cartas").
Rule IDs: C-ATK-3, C-CONQ-1, S-LIMIT-1."""

from __future__ import annotations

import pytest
from warkit_widgets.i18n import COMPONENTS, tr
from warkit_widgets.lessons.messages import tr as lesson_tr
from warkit_widgets.play.messages import tr as play_tr

import warkit


@pytest.mark.parametrize(("key", "n", "pt", "en"), [
    ("odds.title.defenders", 0, "0 defensores", "0 defending armies"),
    ("odds.title.defenders", 1, "1 defensor", "1 defending army"),
    ("odds.title.defenders", 2, "2 defensores", "2 defending armies"),
    ("odds.title.attackers", 1, "1 atacante", "1 attacking"),
    ("odds.title.attackers", 3, "3 atacantes", "3 attacking"),
])
def test_plural_forms_follow_each_language_s_rule(key, n, pt, en):
    assert tr(key, "pt", n=n) == pt
    assert tr(key, "en", n=n) == en


@pytest.mark.parametrize(("key", "params", "pt", "en"), [
    ("map.source.place", {"src": "Brasil", "n": 1},
     "Brasil selecionado: até 1 exército pode ir para lá.",
     "Brasil selected: up to 1 army may go there."),
    ("map.target.attack", {"src": "A", "dst": "B", "n": 1, "defence": 1},
     "Ataque A → B: até 1 dado contra 1.", "Attack A → B: up to 1 die against 1."),
    ("map.target.move", {"src": "A", "dst": "B", "n": 2},
     "Deslocar A → B: até 2 exércitos.", "Move A → B: up to 2 armies."),
    ("odds.final.win", {"n": 1}, "conquistado, resta 1 exército atacante",
     "conquered, 1 attacking army left"),
    ("odds.unknown.defender", {"n": 1},
     "Não considerado: o defensor tem 1 carta que você não vê; ela pode rolar de novo dados da "
     "defesa (S-REROLL-1).",
     "Not counted: the defender holds 1 card you cannot see; it may reroll defence dice "
     "(S-REROLL-1)."),
])
def test_counted_words_agree_with_their_number(key, params, pt, en):
    assert tr(key, "pt", **params) == pt
    assert tr(key, "en", **params) == en


@pytest.mark.parametrize("n", [0, 1, 2])
def test_game_and_lesson_plurals_for_0_1_2(n):
    cards = {0: ("0 cartas", "0 cards"), 1: ("1 carta", "1 card"), 2: ("2 cartas", "2 cards")}
    assert (play_tr("play.count.cards", "pt", n=n), play_tr("play.count.cards", "en", n=n)) \
        == cards[n]
    borders = {0: ("0 fronteiras", "0 borders"), 1: ("1 fronteira", "1 border"),
               2: ("2 fronteiras", "2 borders")}
    pt, en = (lesson_tr("reach.layer", lang, n=n, names="X") for lang in ("pt", "en"))
    assert (pt, en) == tuple(f"{b}: X" for b in borders[n])


def test_a_plural_message_needs_its_count():
    with pytest.raises(TypeError, match="n="):
        tr("odds.title.defenders", "pt")


def test_the_attack_limit_refusal_agrees_with_the_limit():
    """S-LIMIT-1: "no máximo 1 ataque", never "ataque(s)"."""
    from warkit_widgets.i18n import refusal_text

    error = warkit.IllegalActionError(warkit.Reason.ATTACK_LIMIT, "too many attacks",
                                      rule="S-LIMIT-1", params={"round": 2, "limit": 1})
    assert "no máximo 1 ataque (S-LIMIT-1)" in refusal_text(error, "pt")
    assert "at most 1 attack (S-LIMIT-1)" in refusal_text(error, "en")
    error = warkit.IllegalActionError(warkit.Reason.ATTACK_LIMIT, "too many attacks",
                                      rule="S-LIMIT-1", params={"round": 3, "limit": 2})
    assert "no máximo 2 ataques" in refusal_text(error, "pt")


def test_no_catalogue_hedges_a_plural():
    for lang in ("pt", "en"):
        for key, text in COMPONENTS.entries(lang).items():
            for form in text if isinstance(text, tuple) else (text,):
                assert "(s)" not in form and "|" not in form, key
