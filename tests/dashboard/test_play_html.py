"""The dashboard's panels as HTML: SMART options said in words, the victory screen and the
rule that decided a SMART game (S-WIN-2, S-WIN-3), escaping of typed names, both languages."""

from __future__ import annotations

import pytest
from conftest import seats
from warkit_widgets.play.html import (
    end_note,
    option_text,
    over_html,
    players_html,
    secret_html,
)
from warkit_widgets.play.log import LogEvent, render_event

import warkit
from warkit.rules.smart import smart_winners

M = warkit.world_map()


@pytest.mark.parametrize("seed", range(12))
def test_the_decided_smart_rule_explains_the_engines_winners(seed):
    """Whatever SMART's end picked (S-WIN-2 or a tie-break of S-WIN-3), the screen's reason
    names a rule that picks exactly those winners."""
    match = warkit.simulate(players=4, rules="smart", bots="normal", seed=seed, max_turns=300)
    state = match.state
    if not state.is_terminal:
        pytest.skip("capped game")
    view = warkit.view(state, None)
    key, params = end_note(view)
    assert state.winners == smart_winners(state)
    alive = [s for s in range(4) if state.alive[s]]
    if key == "over.eliminator":
        assert state.winners == (params["seat"],)
        return
    criterion = params["criterion"]
    if criterion == "shared":
        assert len(state.winners) > 1
    else:
        assert len(state.winners) == 1
        [winner] = state.winners
        measure = {"big": lambda s: state.territory_count(s) >= 24,
                   "territories": state.territory_count, "armies": state.army_count,
                   "cards": lambda s: len(state.hands[s])}[criterion]
        assert all(measure(winner) >= measure(s) for s in alive)
    html = over_html(view, seats("human", "easy", "normal", "hard"), "en")
    assert "S-WIN-3" in html and "★ winner" in html


def test_options_are_said_in_words_with_their_rule():
    view = warkit.view(warkit.new_game(3, "smart", seed=1), None)
    cases = {
        "intelligence europa asia": ("Intelligence", "Europe + Asia", "6 cards", "S-INTEL-1"),
        "airattack brasil argentina 3": ("Air attack on Brazil from Argentina", "S-AIR-1"),
        "reroll joker1 5,2": ("discard joker, reroll 5, 2 (minimum 4", "S-REROLL-1"),
        "reveal brasil": ("Hidden passage: reveal Brazil", "S-PASS-1"),
        "alliance brasil": ("alliance in South America", "S-ALLY-1"),
        "airlift brasil": ("Air transport through Brazil", "S-AIRLIFT-1"),
        "discard brasil": ("Discard Brazil", "S-END-2"),
    }
    for text, words in cases.items():
        said = option_text(warkit.parse_action(text), view, "en")
        for word in words:
            assert word in said, (text, said)
        assert option_text(warkit.parse_action(text), view, "pt") != said


def test_typed_names_are_escaped():
    state = warkit.new_game(3, seed=2)
    evil = (*seats("human", "easy", "easy")[:2],
            seats("human", "easy", "easy")[2].__class__("<img src=x onerror=alert(1)>",
                                                       "green", "easy"))
    for html in (players_html(warkit.view(state, 0), evil, "en"),
                 secret_html(warkit.view(state, 2), evil, "en")):
        assert "<img" not in html and "&lt;img" in html


def test_the_players_panel_counts_in_good_grammar():
    state = warkit.new_game(3, seed=2)
    hands = ((), (0,), (0, 1))  # 0, 1 and 2 cards
    state = warkit.state.evolve(state, hands=hands)
    rows = {lang: players_html(warkit.view(state, 0), seats("human", "easy", "easy"), lang)
            for lang in ("en", "pt")}
    for text in ("0 cards", "1 card<", "2 cards", " armies"):
        assert text in rows["en"], text
    # zero takes the plural in Brazilian Portuguese ("0 cartas"): the catalogues' rule is n != 1
    for text in ("0 cartas<", "1 carta<", "2 cartas", " exérc."):
        assert text in rows["pt"], text
    assert "1 cards" not in rows["en"] and "1 cartas" not in rows["pt"]


def test_the_secret_panel_shows_only_the_viewers_objective():
    state = warkit.new_game(3, seed=2)
    people = seats("human", "human", "easy")
    mine = secret_html(warkit.view(state, 0), people, "en")
    assert M.objective(state.objective(0)).text("en") in mine
    for seat in (1, 2):
        if state.objective(seat) != state.objective(0):
            assert M.objective(state.objective(seat)).text("en") not in mine
    nobody = secret_html(warkit.view(state, None), people, "pt")
    assert "escondidos" in nobody


def test_log_events_render_in_both_languages():
    event = LogEvent("log.battle", {"seat": 1, "src": "brasil", "dst": "argentina",
                                    "attack": [6, 5, 1], "defence": [4], "lost_att": 0,
                                    "lost_def": 1})
    names = ("Ana", "Bento", "Caio")
    assert render_event(event, "en", names) == (
        "Bento attacks Argentina from Brazil: 6-5-1 vs 4 → attacker −0, defender −1")
    assert render_event(event, "pt", names).startswith("Bento ataca a Argentina a partir do Brasil")
