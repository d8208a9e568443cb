"""MapController without any widget: clicks, selections, highlights, refusals, battles.

Rule IDs exercised: C-ATK-1 (sources and targets), C-ATK-2 (dice), C-ATK-4 (forced roll),
C-ATK-5 (attacking again), C-CONQ-1 (moving in after a conquest).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from warkit_widgets.controller import MapController, Selection, moves_of
from warkit_widgets.i18n import refusal_text

import warkit
from warkit import Attack, Move, Phase, Place

M = warkit.world_map()
IDX = M.index


def ids(indices) -> set[str]:
    return {M.ids[i] for i in indices}


@pytest.fixture
def ctl(battle_state) -> MapController:
    return MapController(battle_state, lang="en", seed=11)


def test_controller_imports_no_jupyter():
    code = ("import sys, warkit_widgets.controller, warkit_widgets.models, "
            "warkit_widgets.painter, warkit_widgets.html; "
            "print(sorted(m for m in ('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_sources_and_targets_are_the_legal_attacks(ctl, battle_state):
    """C-ATK-1: sources have >= 2 armies and an enemy neighbour; targets are those neighbours."""
    legal = [a for a in warkit.legal_actions(battle_state) if isinstance(a, Attack)]
    assert ids(ctl.highlights().sources) == {a.src for a in legal} == {"brasil", "franca",
                                                                       "japao"}
    ctl.click("brasil")
    hl = ctl.highlights()
    assert hl.selected == IDX("brasil") and hl.sources == frozenset()
    assert ids(hl.targets) == {a.dst for a in legal if a.src == "brasil"}
    assert ids(hl.targets) == {n for n in M.neighbours("brasil")
                               if battle_state.owner_of(n) != battle_state.current}


def test_moves_index_keeps_the_largest_count(battle_state):
    moves = moves_of(battle_state)
    assert moves.kind == "attack"
    assert moves.pairs[IDX("brasil")][IDX("argentina")] == 3  # C-ATK-2: 4 armies, 3 dice
    assert moves.pairs[IDX("japao")][IDX("china")] == 2


def test_click_source_then_target_gives_the_attack(ctl):
    assert ctl.click(IDX("brasil")) == Selection(IDX("brasil"))
    assert "Brazil" in ctl.message.text
    assert ctl.pending_action() is None
    assert ctl.click("argentina") == Selection(IDX("brasil"), IDX("argentina"))
    assert ctl.pending_action() == Attack("brasil", "argentina", 3)
    assert ctl.pending_action(2) == Attack("brasil", "argentina", 2)
    assert ctl.attack_armies() == (3, 3)  # armies that may attack: 4 - 1 (C-ATK-2)
    assert ctl.highlights().arrow == (IDX("brasil"), IDX("argentina"))
    assert ctl.message.text == "Attack Brazil → Argentina: up to 3 dice against 3."


def test_clicks_that_clear_or_switch(ctl):
    ctl.click("brasil")
    ctl.click("argentina")
    ctl.click("argentina")  # the target again: back to the source only
    assert ctl.selection == Selection(IDX("brasil"))
    ctl.click("franca")  # another source: switch
    assert ctl.selection == Selection(IDX("franca"))
    ctl.click("franca")  # the source again: nothing selected
    assert ctl.selection == Selection()
    ctl.click("brasil")
    ctl.click(None)  # the sea
    assert ctl.selection == Selection()
    assert ctl.message.text.startswith("Selection cleared.")


@pytest.mark.parametrize("clicks, probe", [
    (["argentina"], Attack("argentina", "brasil", 1)),          # not yours
    (["vietna"], Attack("vietna", "china", 1)),                 # 1 army must stay
    (["brasil", "alemanha"], Attack("brasil", "alemanha", 1)),  # not adjacent
    (["brasil", "franca"], None),                               # own territory, a source
])
def test_refused_clicks_explain_with_the_engine_message(ctl, battle_state, clicks, probe):
    before = None
    for name in clicks:
        before = ctl.selection
        ctl.click(name)
    if probe is None:
        assert ctl.selection == Selection(IDX("franca"))
        return
    error = warkit.illegal_reason(battle_state, probe)
    assert error is not None and error.rule == "C-ATK-1"
    assert ctl.message.kind == "refused"
    assert ctl.message.text == refusal_text(error, "en")
    assert ctl.message.text.startswith("Refused: ") and "(C-ATK-1)" in ctl.message.text
    named = error.params.get("territory") or error.params.get("src")
    assert M.territory(named).name_en in ctl.message.text  # names, not ids
    assert ctl.message.rule == "C-ATK-1"
    assert ctl.selection == before  # a refused click changes nothing


def lonely_position() -> tuple[warkit.GameState, str]:
    """A position in the attack step where the player's strongest territory has only
    friendly neighbours (searched over seeds, deterministically)."""
    for seed in range(200):
        state = warkit.new_game(players=3, seed=seed)
        me, owner = state.current, state.owner
        for i in state.territories_of(me):
            if all(owner[j] == me for j in M.adjacency[i]) and not any(state.continent_reserves):
                return warkit.apply(state, f"place {M.ids[i]} {state.reserves}"), M.ids[i]
    raise AssertionError("no seed gives such a position")


def test_own_territory_without_enemy_neighbour():
    state, lonely = lonely_position()
    assert state.phase is Phase.ATTACK and state.armies_at(lonely) >= 2
    ctl = MapController(state, lang="en")
    assert IDX(lonely) not in ctl.highlights().sources
    ctl.click(lonely)
    assert ctl.message.kind == "refused" and ctl.message.rule == "C-ATK-1"
    assert "has no enemy neighbour" in ctl.message.text


def test_forced_roll_rule_book_example_a(ctl):
    """C-ATK-4: 5,4,1 against 6,3,1 — the attacker loses 2, the defender 1."""
    seen = []
    ctl.subscribe(seen.append)
    ctl.click("brasil")
    ctl.click("argentina")
    assert ctl.apply(ctl.pending_action())
    assert ctl.state.phase is Phase.ROLL
    assert ctl.highlights().arrow == (IDX("brasil"), IDX("argentina"))
    assert ctl.apply("roll 5,4,1 vs 6,3,1")
    battle = ctl.last_battle
    assert (battle.attack, battle.defence) == ((5, 4, 1), (6, 3, 1))
    assert (battle.lost_attacker, battle.lost_defender, battle.conquered) == (2, 1, False)
    assert (ctl.state.armies_at("brasil"), ctl.state.armies_at("argentina")) == (2, 2)
    assert ctl.message.kind == "ok" and ctl.message.rule == "C-ATK-4"
    assert "battle" in seen[-1] and "state" in seen[-1]
    # C-ATK-5: the attack may go on, now with 1 die (2 armies, one stays)
    assert ctl.selection == Selection(IDX("brasil"), IDX("argentina"))
    assert ctl.pending_action() == Attack("brasil", "argentina", 1)
    assert ctl.attack_armies() == (1, 2)


def test_conquest_then_moving_in_rule_book_example_c(ctl):
    """C-CONQ-1: after the conquest, 1 to 3 armies (the dice of the last battle) move in."""
    for move in ("attack franca alemanha 3", "roll 6,3,2 vs 5,4,2"):
        assert ctl.apply(move)
    assert (ctl.state.armies_at("franca"), ctl.state.armies_at("alemanha")) == (8, 3)
    for move in ("attack franca alemanha 3", "roll 5,3,2 vs 4,2,1"):
        assert ctl.apply(move)
    assert ctl.last_battle.conquered and ctl.last_battle.lost_defender == 3
    assert ctl.state.phase is Phase.OCCUPY
    assert ctl.message.rule == "C-CONQ-1" and "1 to 3" in ctl.message.text
    ctl.click("brasil")  # no territory choice while moving in
    assert ctl.selection == Selection()
    assert not ctl.apply("occupy 4")
    assert ctl.message.kind == "refused" and "C-CONQ-1" in ctl.message.text
    assert ctl.apply("occupy 3")
    assert ctl.state.owner_of("alemanha") == ctl.state.current
    assert (ctl.state.armies_at("franca"), ctl.state.armies_at("alemanha")) == (5, 3)


def test_refused_apply_keeps_the_state(ctl, battle_state):
    assert not ctl.apply("attack brasil china 3")
    assert ctl.state is battle_state
    assert ctl.message.kind == "refused" and "C-ATK-1" in ctl.message.text
    assert not ctl.apply("attack brasil")  # malformed text
    assert ctl.message.kind == "refused" and "malformed" in ctl.message.text
    assert ctl.state is battle_state


def test_seeded_rolls_repeat(battle_state):
    rolls = []
    for _ in range(2):
        ctl = MapController(battle_state, seed=99)
        ctl.select("franca", "alemanha")
        assert ctl.act()
        rolls.append((ctl.last_battle.attack, ctl.last_battle.defence))
    assert rolls[0] == rolls[1]
    assert len(rolls[0][0]) == 3 and len(rolls[0][1]) == 3


def test_act_without_selection_is_refused(ctl):
    assert not ctl.act()
    assert ctl.message.kind == "refused"


def test_a_spectator_or_another_seat_cannot_click(battle_state):
    other = (battle_state.current + 1) % 3
    ctl = MapController(battle_state, viewer=other, lang="en")
    assert not ctl.can_act()
    assert ctl.highlights().sources == frozenset()
    ctl.click("brasil")
    assert ctl.selection == Selection()
    assert ctl.message.text == "It is Red's turn, not yours."
    # the view holds the viewer's own hand only (never another player's)
    view = ctl.view
    assert view.player == other and view.hand == battle_state.hands[other]
    assert not hasattr(view, "hands")
    spectator = MapController(battle_state, viewer=None)
    assert spectator.view.hand == () and not spectator.can_act()
    with pytest.raises(ValueError):
        MapController(battle_state, viewer=7)


def test_place_phase_selects_single_territories():
    state = warkit.new_game(players=3, seed=4)
    ctl = MapController(state, lang="en")
    assert ctl.moves.kind == "place"
    assert ids(ctl.highlights().sources) == {M.ids[i] for i in state.territories_of(
        state.current)}
    ctl.click("brasil")
    assert ctl.pending_action() == Place("brasil", 1)
    assert ctl.max_count() == state.reserves
    ctl.click("argentina")  # not red's
    assert ctl.message.kind == "refused"
    assert ctl.message.text == refusal_text(warkit.illegal_reason(
        state, Place("argentina", 1)), "en") == "Refused: Argentina is not yours (C-REINF-3)"
    assert ctl.apply(ctl.pending_action(state.reserves))
    assert ctl.state.phase is Phase.ATTACK


def test_move_phase_pairs_own_neighbours(battle_state):
    ctl = MapController(warkit.apply(battle_state, "end"), lang="en")
    assert ctl.moves.kind == "move"
    ctl.click("franca")
    targets = ids(ctl.highlights().targets)
    assert targets == {n for n in M.neighbours("franca")
                       if battle_state.owner_of(n) == battle_state.current}
    target = sorted(targets)[0]
    ctl.click(target)
    assert ctl.pending_action() == Move("franca", target, 1)
    ctl.click("argentina")  # an enemy: the engine says why not
    assert ctl.message.kind == "refused"


def test_portuguese_messages_use_map_names(battle_state):
    ctl = MapController(battle_state, lang="pt-BR")
    ctl.click("argentina")
    assert ctl.message.text == "Recusado: Argentina: este território não é seu (C-ATK-1)"
    ctl.click("brasil")
    ctl.click("alemanha")
    assert "Brasil e Alemanha" in ctl.message.text
    ctl.lang = "en"
    assert ctl.message.text.startswith("Red:")


def test_listeners_all_run_and_errors_surface(ctl):
    seen = []

    def broken(_):
        raise RuntimeError("boom")

    ctl.subscribe(broken)
    unsubscribe = ctl.subscribe(seen.append)
    with pytest.raises(RuntimeError, match="boom"):
        ctl.click("brasil")
    assert seen == [frozenset({"selection", "message"})]
    unsubscribe()
    with pytest.raises(RuntimeError):
        ctl.click("brasil")
    assert len(seen) == 1


def test_set_state_keeps_a_still_legal_selection(ctl, battle_state):
    ctl.select("brasil", "argentina")
    ctl.set_state(battle_state)
    assert ctl.selection == Selection(IDX("brasil"), IDX("argentina"))
    ctl.set_state(warkit.apply(battle_state, "end"))  # regrouping: no attacks any more
    assert ctl.selection.target is None
    with pytest.raises(TypeError):
        ctl.set_state("not a state")
