"""The tournament command: seating, statistics, the report, several processes."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import warkit
from warkit.stats import wilson
from warkit.tournament import (
    CpuTimedBot,
    GameResult,
    TimedBot,
    TournamentResult,
    binomial_test,
    main,
    percentile,
    run_tournament,
    seating,
)


def test_seats_rotate_so_every_level_plays_every_seat():
    games = [seating(["hard", "normal", "easy"], 3, g) for g in range(3)]
    assert games == [("hard", "normal", "easy"), ("normal", "easy", "hard"),
                     ("easy", "hard", "normal")]
    for seat in range(3):
        assert {g[seat] for g in games} == {"hard", "normal", "easy"}
    # Fewer levels than seats: the list is repeated.
    assert seating(["hard", "easy"], 4, 0) == ("hard", "easy", "hard", "easy")


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_binomial_test_at_one_half_is_the_sign_test():
    assert binomial_test(5, 5) == 1.0
    assert binomial_test(10, 0) == pytest.approx(2 / 2 ** 10)
    assert binomial_test(0, 10) == binomial_test(10, 0)
    assert binomial_test(60, 40) == pytest.approx(0.0569, abs=1e-3)
    assert binomial_test(0, 0) == 1.0


def test_the_binomial_test_weighs_unequal_seats():
    # P(X = i) for 10 trials at 2/3 is C(10, i) 2^i / 3^10: 1, 20, 180, 960, 3360, ... 1024.
    # 10 to 0 is the 1024; the outcomes no likelier are i = 0..3 and 10.
    assert binomial_test(10, 0, Fraction(2, 3)) == pytest.approx(2185 / 3 ** 10)
    assert binomial_test(0, 10, Fraction(2, 3)) == pytest.approx(1 / 3 ** 10)
    # 20 to 10 is exactly what 2 seats against 1 predicts.
    assert binomial_test(20, 10, Fraction(2, 3)) == pytest.approx(1.0)


def test_percentile_by_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.95) == 95 and percentile(values, 0.5) == 50
    assert math.isnan(percentile([], 0.5))


def test_timed_bot_records_each_decision():
    import warkit

    bot = TimedBot(warkit.bots.make("normal", seed=1))
    state = warkit.new_game(3, seed=1)
    action = bot.choose(warkit.view(state, state.current), warkit.legal_actions(state))
    assert action in warkit.legal_actions(state)
    assert bot.level == "normal" and len(bot.times) == 1 and bot.times[0] >= 0
    assert bot.cpu_times == []  # CPU time only when asked (CpuTimedBot)
    cpu_bot = CpuTimedBot(warkit.bots.make("normal", seed=1))
    assert cpu_bot.choose(warkit.view(state, state.current), warkit.legal_actions(state)) == action
    # the thinking thread's CPU time, never more than the clock's (one thread thinks)
    assert len(cpu_bot.cpu_times) == 1 and 0 <= cpu_bot.cpu_times[0] <= cpu_bot.times[0] + 1e-3


@pytest.mark.parametrize("processes", [1, 2])
def test_a_small_tournament(processes):
    result = run_tournament(["normal", "easy", "random"], 3, games=6, rules="classic",
                            processes=processes, seed=40)
    assert [g.seed for g in result.games] == list(range(40, 46))
    assert result.seats("normal") == result.seats("easy") == 6
    assert sum(result.wins(level) for level in result.levels()) == pytest.approx(
        sum(1 for g in result.games if g.winners))
    assert len(result.think_times("normal")) > 50
    assert not result.timed_cpu() and "max cpu ms" not in result.report()
    report = result.report()
    for text in ("classic, 3 players, 6 games", "normal", "95% CI", "median ms", "p95 ms",
                 "game length", "normal vs easy", "first player won"):
        assert text in report


def test_same_results_with_one_or_two_processes():
    one = run_tournament(["hard", "easy", "easy"], 3, games=4, rules="smart", seed=3)
    two = run_tournament(["hard", "easy", "easy"], 3, games=4, rules="smart", seed=3,
                         processes=2, cpu_time=True)  # timing in CPU time changes no decision
    assert [(g.winners, g.actions) for g in one.games] == \
        [(g.winners, g.actions) for g in two.games]
    assert two.timed_cpu() and "max cpu ms" in two.report()
    assert len(two.think_times("hard", cpu=True)) == len(two.think_times("hard"))


def test_a_tournament_game_is_the_simulated_game_of_its_seed():
    """Bots are seated once (warkit.bots.seeded): game g of a tournament is
    simulate(levels, seed=seed + g), move for move."""
    result = run_tournament(["normal", "easy", "random"], 3, games=3, rules="smart", seed=7)
    for g in result.games:
        match = warkit.simulate(3, "smart", bots=list(g.levels), seed=g.seed, max_turns=500)
        assert (len(match.actions), match.state.winners) == (g.actions, g.winners)


def test_seeded_gives_each_seat_its_own_seed():
    bots = warkit.bots.seeded(["easy", "normal", "easy"], 5)
    assert [b.level for b in bots] == ["easy", "normal", "easy"]
    assert len({b.seed for b in bots}) == 3
    assert [b.seed for b in warkit.bots.seeded(["random", "random", "random"], 5)] == \
        [b.seed for b in bots]
    mixed = warkit.bots.seeded([bots[0], "normal", "easy"], 5)
    assert mixed[0] is bots[0] and [b.seed for b in mixed[1:]] == [b.seed for b in bots[1:]]


def test_command_line(capsys):
    main(["--bots", "normal", "easy", "--players", "3", "--games", "2", "--rules", "smart"])
    out = capsys.readouterr().out
    assert "smart, 3 players, 2 games" in out and "normal" in out and "easy" in out


def test_the_first_player_edge_is_counted_from_each_game():
    result = run_tournament(["easy"], 4, games=8, seed=5)
    firsts = [g.first_player for g in result.games]
    assert len(set(firsts)) > 1  # the dealer is random, so is who starts (C-SETUP-4)
    replayed = warkit.simulate(4, bots=["easy"] * 4, seed=result.games[0].seed)
    assert replayed.state.first_player == firsts[0]
    games = [GameResult(1, ("easy",) * 3, (0,), 30, 10, 900, False, first_player=0),
             GameResult(2, ("easy",) * 3, (2,), 30, 10, 900, False, first_player=1),
             GameResult(3, ("easy",) * 3, (1,), 30, 10, 900, False, first_player=1)]
    assert TournamentResult(("easy",), 3, "classic", 1, 1, 500, 1.0, games
                            ).first_player_wins() == 2


def test_command_line_errors_are_short_messages(capsys):
    for argv, words in ((["--games", "0"], "at least one game"),
                        (["--players", "7", "--games", "1"], "3 to 6 players"),
                        (["--bots", "grandmaster"], "unknown bot level")):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2 and words in capsys.readouterr().err


def test_unknown_level_and_too_many_bots_are_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        run_tournament(["hard", "grandmaster"], 3, games=1)
    with pytest.raises(ValueError, match="4 bots for 3 seats"):
        run_tournament(["hard", "normal", "easy", "easy"], 3, games=1)


def test_win_rate_by_objective_card():
    """A teacher's "which objective is easiest?": seats that drew each card (C-SETUP-1)."""
    levels = ("easy",) * 3
    games = [GameResult(1, levels, (0,), 30, 10, 900, False, 0, ("24_territories", "asia_africa",
                                                                 "destroy_red")),
             GameResult(2, levels, (2,), 30, 10, 900, False, 1, ("asia_africa", "destroy_red",
                                                                 "24_territories")),
             GameResult(3, levels, (), 500, 170, 9000, True, 2, ("destroy_red", "24_territories",
                                                                 "asia_africa"))]
    result = TournamentResult(("easy",), 3, "classic", 1, 1, 500, 1.0, games)
    assert result.objective_table() == [("24_territories", 3, 2.0), ("asia_africa", 3, 0.0),
                                        ("destroy_red", 3, 0.0)]
    assert "24_territories" in result.objective_report().splitlines()[1]


def test_command_line_by_objective(capsys):
    main(["--bots", "easy", "--players", "3", "--games", "3", "--by-objective"])
    out = capsys.readouterr().out
    assert "objective card drawn" in out and out.count("%") > 6
