"""The coach (warkit_widgets.play.coach, GameController.ask_hint) without a browser: the hint
is the strongest computer player's move on the player's own view, drawn on the map, with
its exact odds and one sentence of why in the player's language; it is counted, saved,
refused when hints are off or the decision is someone else's. Rules: C-ATK-5 (the chance
to conquer attacking until the target falls), C-REINF-2 (continent bonuses), C-CARD-2
(a trade's value)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from conftest import new_game
from warkit_widgets.controller import HintMark
from warkit_widgets.play.coach import COACH_BOT, advise, explain, hints_html
from warkit_widgets.play.config import Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.saves import dump_game, load_game

import warkit
from warkit import Attack, Match, Phase
from warkit.odds import win_probability

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import position

SOUTH_AMERICA = ("brasil", "argentina", "peru", "venezuela")


def test_the_hint_is_the_strongest_bots_move_on_the_players_view():
    game = new_game("human", "normal", "normal", seed=8)
    game.run_computers()
    for _ in range(40):
        if game.step is Step.OVER:
            break
        view, legal = game.view, game.legal()
        seed = len(game.match.actions)
        hint = game.ask_hint()
        assert hint is not None and hint.action in legal
        assert hint.action == warkit.bots.make(COACH_BOT, seed=seed).choose(view, legal)
        assert game.act(hint.action), game.message  # following the coach is always legal
        game.run_computers()
    assert game.hints_asked[0] == 40 or game.step is Step.OVER


def test_the_coach_sees_only_what_the_player_may_see():
    """Other players' cards and objectives are not in the hint: dealing them different
    secrets (same hand sizes) gives the same advice."""
    game = new_game("human", "hard", "hard", seed=21)
    game.run_computers()
    state = game.state
    before = advise(warkit.view(state, 0), warkit.legal_actions(state), seed=1)
    others = [c for c in state.deck][:sum(len(h) for h in state.hands[1:])]
    hands, start = [state.hands[0]], 0
    for h in state.hands[1:]:
        hands.append(tuple(others[start:start + len(h)]))
        start += len(h)
    objectives = (state.objective_cards[0], state.objective_cards[2], state.objective_cards[1])
    secret = dataclasses.replace(state, hands=tuple(hands), objective_cards=objectives)
    assert warkit.view(secret, 0) == warkit.view(state, 0)
    assert advise(warkit.view(secret, 0), warkit.legal_actions(secret), seed=1) == before
    with pytest.raises(ValueError, match="whose decision"):
        advise(warkit.view(state, 1), warkit.legal_actions(state))  # not seat 1's decision


def south_america_view(armies: int = 4, defenders: int = 2) -> warkit.PlayerView:
    """Seat 0 holds South America but Argentina, and attacks it from Brazil."""
    owners = {"brasil": 0, "peru": 0, "venezuela": 0, "argentina": 1}
    state = position(owners, {"brasil": armies, "argentina": defenders}, phase=Phase.ATTACK)
    return warkit.view(state, 0)


def test_an_attack_hint_says_its_exact_odds_and_the_continent_it_completes():
    """The example of TEACHERS.md: 5 armies in Brazil against 2 in Argentina."""
    view = south_america_view(5, 2)
    hint = explain(view, Attack("brasil", "argentina", 3))
    chance = float(win_probability(4, 2))
    assert hint.chance == pytest.approx(chance)
    percent = f"{round(100 * chance)}%"
    assert hint.text("pt", ["Rafa", "Ana", "Bia", "Caio"]) == (
        f"Atacar a Argentina a partir do Brasil: {percent} de conquistar; completa a América "
        "do Sul, +2 exércitos por rodada.")
    assert hint.text("en", ["Rafa", "Ana", "Bia", "Caio"]) == (
        f"Attack Argentina from Brazil: {percent} to conquer; it completes South America, "
        "+2 armies a round.")
    index = view.map.index
    assert hint.mark() == HintMark("attack", (index("brasil"), index("argentina")))
    teachers = (Path(__file__).resolve().parents[2] / "notebooks" / "TEACHERS.md").read_text()
    assert percent == "79%" and "Attack Argentina from Brazil: 79% to conquer; it completes" \
        in " ".join(teachers.split())


def test_an_attack_on_a_last_territory_says_it_eliminates():
    state = position({"brasil": 0, "argentina": 1}, {"brasil": 6, "argentina": 1},
                     phase=Phase.ATTACK, rest=(0, 2, 3))
    hint = explain(warkit.view(state, 0), Attack("brasil", "argentina", 3))
    assert "Ana" in hint.text("en", ["Rafa", "Ana", "Bia", "Caio"])
    assert hint.why is not None and hint.why[0] == "coach.why.eliminate"


def test_the_hint_is_drawn_on_the_map_and_counted():
    game = new_game("human", "normal", "normal", seed=8, lang="pt")
    game.run_computers()
    while game.step is not Step.ATTACK or not isinstance(
            advise(game.view, game.legal(), seed=len(game.match.actions)).action, Attack):
        game.act(advise(game.view, game.legal(), seed=len(game.match.actions)).action)
        game.run_computers()
    hint = game.ask_hint()
    assert isinstance(hint.action, Attack)
    index = game.state.map.index
    pair = (index(hint.action.src), index(hint.action.dst))
    assert (game.map.selection.source, game.map.selection.target) == pair
    assert game.highlights().arrow == pair
    assert game.highlights().hint == HintMark("attack", pair)
    assert game.message.text.startswith("Dica: Atacar")
    assert game.attack_armies() == (game.state.armies[pair[0]] - 1, game.state.armies[pair[1]])
    assert game.hints_asked == [1, 0, 0]
    assert game.attack()  # the hint is the selection: the attack button plays it


def test_the_hint_is_drawn_apart_from_the_selection_until_the_next_step():
    """The map's highlights carry the hint (its kind and territories) on their own: a
    player's own pick does not erase it, acting (any step) or Escape does."""
    game = new_game("human", "normal", "normal", seed=8, lang="pt")
    game.run_computers()
    assert game.step is Step.PLACE and game.highlights().hint is None
    hint = game.ask_hint()
    index = game.state.map.index
    spot = index(hint.action.territory)
    assert game.highlights().hint == HintMark("place", (spot,)) == hint.mark()
    assert game.highlights().selected == spot and game.hint_on_map is hint
    other = next(t for t in game.map.moves.singles if t != spot)
    game.click(other)  # the player's own pick: the selection moves, the hint stays
    assert game.highlights().selected == other
    assert game.highlights().hint == HintMark("place", (spot,))
    assert game.act(hint.action)  # the next step: the hint is gone
    assert game.hint_on_map is None and game.highlights().hint is None
    game.run_computers()
    hint = game.ask_hint()
    assert hint.mark() is not None and game.highlights().hint == hint.mark()
    game.clear()  # Escape: dismissed
    assert game.hint_on_map is None and game.highlights().hint is None


def test_an_undone_step_does_not_bring_an_old_hint_back():
    game = new_game("human", "normal", "normal", seed=8)
    game.run_computers()
    hint = game.ask_hint()
    assert game.act(hint.action) and game.undo()
    assert game.highlights().hint is None
    assert game.act(hint.action)  # the same step again, the hint not asked again
    assert game.highlights().hint is None


def test_an_attack_hint_marks_an_arrow_and_a_move_hint_its_own_kind():
    view = south_america_view(5, 2)
    index = view.map.index
    brasil, peru = index("brasil"), index("peru")
    move = explain(view, warkit.Move("brasil", "peru", 2))
    assert move.mark() == HintMark("move", (brasil, peru))
    assert explain(view, warkit.EndPhase()).mark() is None


def test_hints_are_refused_when_off_or_not_your_decision():
    game = new_game("human", "normal", "normal", seed=8)
    game.coach_allowed = False
    game.run_computers()
    assert game.ask_hint() is None and "turned hints off" in game.message.text
    assert game.hints_asked == [0, 0, 0]
    computers = new_game("normal", "normal", "normal", seed=8)
    state_before = computers.state
    assert computers.ask_hint() is None and "your turn" in computers.message.text
    assert computers.state is state_before and computers.hints_asked == [0, 0, 0]


def test_the_counts_and_the_choice_are_saved_and_shown_at_the_end():
    game = new_game("human", "human", "normal", seed=8)
    game.run_computers()
    game.confirm_handoff()
    game.ask_hint()
    game.ask_hint()
    seat = game.viewer
    loaded = load_game(dump_game(game))
    assert loaded.hints_asked == game.hints_asked and loaded.hints_asked[seat] == 2
    game.coach_allowed = False
    assert load_game(dump_game(game)).coach_allowed is False
    loaded.coach_allowed = True
    html = hints_html(loaded, "pt")
    assert f"Dicas pedidas: P1 {loaded.hints_asked[0]}, P2 {loaded.hints_asked[1]}" in html


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_a_game_played_by_the_coach_alone_reaches_its_end(rules):
    """Every decision of the human taken from the coach, in both rule sets: every hint is
    legal, explained in both languages, until the game ends."""
    game = new_game("human", "easy", "easy", rules=rules, seed=5)
    for _ in range(3000):
        game.run_computers()
        if game.step is Step.OVER:
            break
        hint = game.ask_hint()
        assert hint is not None, game.message
        for lang in ("pt", "en"):
            assert hint.text(lang, game.names)
        assert game.act(hint.action), game.message
    assert game.step is Step.OVER


def test_the_game_controller_needs_no_new_argument():
    """The coach is wired with attributes, so rooms and loaded games build as before."""
    match = Match.new(players=["red", "blue", "green"], seed=1)
    game = GameController(match, new_game("human", "normal", "normal").seats)
    assert game.coach_allowed and game.hints_asked == [0, 0, 0]


def test_a_smart_reaction_hint_is_said_as_the_options_panel_says_it():
    """SMART options and reactions (S-REROLL-1, S-TERRAIN-1...) in the player's words, not
    the engine's keywords."""
    from warkit_widgets.play.html import option_text

    game = new_game("human", "easy", "easy", rules="smart", seed=5)
    others = []
    for _ in range(3000):
        game.run_computers()
        if game.step is Step.OVER:
            break
        hint = game.ask_hint()
        if hint.key == "coach.other":
            others.append((hint, game.view))
        assert game.act(hint.action), game.message
    assert others, "no SMART option was advised in this game: pick another seed"
    for hint, view in others:
        for lang in ("pt", "en"):
            assert option_text(hint.action, view, lang) in hint.text(lang, game.names)


@pytest.mark.parametrize(("objective", "key", "said"), [
    ("asia_africa", "coach.why.objective", "Africa is part of your objective"),
    ("destroy_black", "coach.why.destroy", "Ana is the player your objective tells you to destroy"),
    ("24_territories", "coach.why.count", "one more territory towards the 24 of your objective"),
])
def test_an_attack_hint_names_what_it_does_for_the_players_own_objective(objective, key, said):
    """The player's own secret objective (C-WIN-1) is a reason (seat 1 is black here)."""
    state = position({"egito": 0, "sudao": 1}, {"egito": 5, "sudao": 2}, phase=Phase.ATTACK,
                     objectives={0: objective})
    hint = explain(warkit.view(state, 0), Attack("egito", "sudao", 3))
    assert hint.why[0] == key
    assert said in hint.text("en", ["Rafa", "Ana", "Bia", "Caio"])
