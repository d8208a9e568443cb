"""The fitted position value (warkit.bots.value): its features on a hand-made position, its
chances over the seats in play, won games, the expert's switch, and the fitting script."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

import warkit
from warkit.bots import ExpertBot
from warkit.bots.evaluate import BONUS, INDEX, MEMBERS, Board
from warkit.bots.expert import position_value
from warkit.bots.value import (
    FEATURES,
    SMART_FEATURES,
    features_of,
    fitted_value,
    seat_features,
    weights_of,
    win_chances,
)
from warkit.position_builder import position
from warkit.state import evolve
from warkit.view import view

SOUTH_AMERICA = ("venezuela", "peru", "brasil", "argentina")


def hand_made() -> warkit.GameState:
    """Four seats, the last one out: seat 0 holds South America with 30 armies on each
    territory and two cards, seat 2 holds Alaska alone with 1 army beside Kamchatka's
    neighbours, seat 1 everything else with 2 armies each and moves now."""
    owners = {t: 0 for t in SOUTH_AMERICA} | {"alasca": 2}
    armies = {t: 30 for t in SOUTH_AMERICA} | {"alasca": 1}
    state = position(owners, armies, players=4, current=1, rest=1, hands={0: [0, 1]},
                     objectives={0: "24_territories", 1: "18_territories_2_armies",
                                 2: "asia_africa", 3: "north_america_oceania"},
                     alive=[True, True, True, False], eliminated_by={3: 1}, round=3, turn=9)
    others = tuple(2 if state.owner[i] == 1 else a for i, a in enumerate(state.armies))
    return evolve(state, armies=others)


def test_features_of_a_hand_made_position():
    state = hand_made()
    f = {s: dict(zip(FEATURES, v)) for s, v in seat_features(state).items()}
    assert sorted(f) == [0, 1, 2]  # seat 3 holds nothing: out of play
    board = Board(view(state, 1))
    sa = [INDEX[t] for t in SOUTH_AMERICA]
    me = f[0]
    assert me["territories"] == 0.4 and me["armies"] == 12.0
    total = 4 * 30 + 1 + 2 * 37
    assert me["army_share"] == pytest.approx(120 / total)
    assert me["cards"] == 2.0 and f[1]["cards"] == 0.0
    assert me["income"] == pytest.approx(board.income(0) / 10)
    assert board.income(0) >= 3 + BONUS[MEMBERS.index(tuple(sa))]  # territories + bonus
    keep = math.prod(board.hold(i) for i in sa)
    assert me["continents"] == pytest.approx(2 * keep) and me["continents"] > 1.9
    # seat 1 holds Europe, Africa, Asia and Oceania whole; North America is broken by Alaska
    held = [k for k in range(6) if k not in (0, MEMBERS.index(tuple(sa)))]
    assert f[1]["continents"] == pytest.approx(
        sum(BONUS[k] * math.prod(board.hold(i) for i in MEMBERS[k]) for k in held))
    assert 0 < f[1]["continents"] <= 17 and f[2]["continents"] == 0.0
    assert me["exposure"] == pytest.approx(sum(1 - board.hold(i) for i in sa))
    assert me["exposure"] < 0.05
    assert me["goal"] == pytest.approx(4 / 24) and me["goal_squared"] == pytest.approx(1 / 36)
    assert f[1]["goal"] == 1.0  # 37 territories with 2 armies: 18 asked
    # Alaska alone with one army beside seat 1's: likely wiped; seat 0's fortress is not
    assert f[2]["wiped"] == pytest.approx(1 - board.hold(INDEX["alasca"])) and f[2]["wiped"] > 0.5
    assert me["wiped"] < 0.01 and f[1]["wiped"] == 0.0  # 37 territories: never counted
    assert (f[1]["mover"], me["mover"], f[2]["mover"]) == (1.0, 0.0, 0.0)
    assert (f[1]["order"], f[2]["order"], me["order"]) == (0.0, 1 / 3, 2 / 3)


def test_features_do_not_depend_on_the_viewer():
    state = hand_made()
    assert seat_features(state, viewer=0) == seat_features(state, viewer=2) \
        == seat_features(state)


def test_chances_sum_to_one_over_the_seats_in_play():
    state = hand_made()
    chances = win_chances(state)
    assert sorted(chances) == [0, 1, 2] and sum(chances.values()) == pytest.approx(1.0)
    assert all(0 < p < 1 for p in chances.values())
    for seat in range(3):
        assert fitted_value(state, seat) == pytest.approx(100.0 * (2 * chances[seat] - 1))
    assert fitted_value(state, 3) == -100.0  # out of play: no chance


def test_the_chances_follow_the_weights():
    """With one weight on territories alone, the chances are the softmax of the counts."""
    state = hand_made()
    weights = [1.0 if n == "territories" else 0.0 for n in FEATURES]
    chances = win_chances(state, weights)
    counts = [0.4, 3.7, 0.1]
    total = sum(math.exp(c) for c in counts)
    assert [chances[s] for s in range(3)] == pytest.approx([math.exp(c) / total
                                                            for c in counts])
    with pytest.raises(ValueError, match="value model has 12 features"):
        win_chances(state, [1.0])


def test_smart_features_add_the_lead_the_free_mover_and_big_hands():
    """The hand-made board in SMART, in round 5 (attacks unlimited from then, S-LIMIT-1)."""
    classic = hand_made()
    smart = position(dict(zip(warkit.world_map().ids, classic.owner)),
                     dict(zip(warkit.world_map().ids, classic.armies)), players=3,
                     rules="smart", current=1, rest=1, hands={0: [0, 1, 2]},
                     objectives={0: "destroy_black", 1: "destroy_red", 2: "destroy_white"},
                     round=5)
    f = {s: dict(zip(SMART_FEATURES, v)) for s, v in seat_features(smart).items()}
    assert [f[s]["leader"] for s in range(3)] == [0.0, 1.0, 0.0]
    assert [f[s]["free_mover"] for s in range(3)] == [0.0, 1.0, 0.0]
    assert f[0]["cards_squared"] == 0.9 and f[0]["cards"] == 3.0
    early = evolve(smart, round=4)
    assert seat_features(early)[1][SMART_FEATURES.index("free_mover")] == 0.0
    assert features_of(smart.rules) == SMART_FEATURES
    assert len(weights_of(smart.rules)) == len(SMART_FEATURES)
    assert sum(win_chances(smart).values()) == pytest.approx(1.0)


def test_the_fitted_weights_read_the_board_the_right_way_round():
    """The shipped weights: a seat's chance grows with its territories, armies and its
    objective's progress, and falls with its chance of being wiped out."""
    state = hand_made()
    assert features_of(state.rules) == FEATURES
    w = dict(zip(FEATURES, weights_of(state.rules)))
    assert w["army_share"] > 0 and w["goal_squared"] + w["goal"] > 0 and w["wiped"] < 0
    assert max(win_chances(state), key=win_chances(state).get) == 1  # 37 of 42 territories


def test_a_won_game_scores_win_and_a_lost_one_minus_win():
    won = evolve(hand_made(), phase=warkit.Phase.GAME_OVER, winners=(0,))
    assert fitted_value(won, 0) == 100.0 and fitted_value(won, 1) == -100.0
    assert win_chances(won) == {0: 1.0}
    assert position_value(won, 0) == fitted_value(won, 0)


def test_the_expert_scores_with_the_value_it_is_given():
    hand = ExpertBot(seed=1)
    assert hand.value_of == hand.hand_value  # position_value with the bot's ready weight
    state = warkit.simulate(3, "classic", bots="hard", seed=4, max_turns=9).state
    assert hand.value_of(state, 0) == position_value(state, 0, hand.ready)
    assert ExpertBot(seed=1, value="fitted").value_of is fitted_value
    with pytest.raises(ValueError, match="hand, fitted"):
        ExpertBot(value="learned")  # type: ignore[arg-type]
    bots = [ExpertBot(seed=2, iterations=7, value="fitted"), "hard", "hard"]
    match = warkit.simulate(3, "classic", bots=bots, seed=4)
    assert match.state.is_terminal and bots[0].searches > 0  # type: ignore[union-attr]


def test_the_fitting_script_runs_on_a_few_games(tmp_path, capsys):
    path = Path(__file__).parent / "bench" / "fit_value.py"
    spec = importlib.util.spec_from_file_location("fit_value", path)
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    sys.modules["fit_value"] = script
    spec.loader.exec_module(script)
    out = tmp_path / "weights.py"
    lines = script.main(["--games", "3:6", "--seed", "7", "--holdout", "0.5",
                         "--write", str(out)])
    smart = script.main(["--rules", "smart", "--games", "4:4", "--seed", "7",
                         "--holdout", "0.5"])
    assert smart[0].startswith("smart weights: ") and "cards_squared" in smart[0]
    assert any(line.startswith("held out") for line in lines)
    namespace: dict[str, object] = {}
    exec(out.read_text(), namespace)
    weights = namespace["WEIGHTS"]
    assert isinstance(weights, tuple) and len(weights) == len(FEATURES)
    assert all(math.isfinite(v) for v in weights)
    assert "# Command: python tests/bench/fit_value.py --games 3:6" in out.read_text()
