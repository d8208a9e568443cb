"""The arena with the levels: schedule, placings, statistics, ratings, CSV replay, processes
and a Dask cluster giving the same games."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from warkit.arena import read_csv, replay, run_arena, schedule
from warkit.arena.__main__ import main
from warkit.arena.play import placings
from warkit.arena.schedule import tables
from warkit.stats import binomial_test, wilson

BOTS = Path(__file__).resolve().parent / "arena_bots"


def summary(result):
    return [(g.seats, g.winners, g.places, g.turns, g.actions) for g in result.games]


@pytest.fixture(scope="module")
def small():
    return run_arena(["normal", "easy"], players=3, games=12, processes=1, progress=False,
                     key="11" * 16)


def test_few_bots_fill_the_table_and_rotate():
    games = schedule(["a", "b", "c"], 3, 6, seed=0)
    assert games[:3] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for seat in range(3):
        assert Counter(g[seat] for g in games) == {"a": 2, "b": 2, "c": 2}


def test_a_class_is_dealt_into_tables_each_bot_as_often_and_every_seat_equally():
    bots = [f"bot{i}" for i in range(7)]
    assert all(len(set(t)) == 4 for t in tables(bots, 4, 14, seed=3))
    games = schedule(bots, 4, 56, seed=3)  # 14 tables of 4, each played 4 times
    assert len(games) == 56 and all(len(set(g)) == 4 for g in games)
    counts = Counter(name for g in games for name in g)
    assert set(counts.values()) == {32}  # 14 * 4 seats / 7 bots, every bot 8 tables
    for block in range(14):
        rotated = games[4 * block:4 * block + 4]
        for bot in rotated[0]:
            assert sorted(g.index(bot) for g in rotated) == [0, 1, 2, 3]


def test_placings_winners_then_survivors_by_territories_then_the_last_eliminated():
    assert placings([2], [True, True, True, False], [5, 9, 28, 0], [None, None, None, 40]) == \
        (3.0, 2.0, 1.0, 4.0)
    # two eliminated: the later one places better; equal survivors share their places
    assert placings([0], [True, False, True, False], [30, 0, 6, 0], [None, 10, None, 90]) == \
        (1.0, 4.0, 2.0, 3.0)
    assert placings([], [True, True, True], [14, 14, 14], [None] * 3) == (2.0, 2.0, 2.0)


def test_standings_use_the_shared_statistics(small):
    assert small.bots == ("normal", "easy", "random")  # the anchor joined
    total = sum(small.standing(b).wins for b in small.bots)
    assert total == pytest.approx(sum(1 for g in small.games if g.winners))
    for name in small.bots:
        s = small.standing(name)
        seats = sum(g.seats.count(name) for g in small.games)
        assert s.games == seats and s.interval == wilson(s.wins, seats)
        assert s.fair_share == pytest.approx(1 / 3)
        assert s.p_value == binomial_test(round(s.wins), seats - round(s.wins), Fraction(1, 3))
    h = small.head_to_head("normal", "random")
    assert h.games == 12 and h.a_ahead + h.b_ahead <= 12 and h.a_ahead > h.b_ahead
    assert h.p_value == binomial_test(h.a_ahead, h.b_ahead)


def test_ratings_are_anchored_at_random(small):
    ratings = small.ratings()
    assert ratings["random"].mu == 0.0 and ratings["random"].games == 12
    assert ratings["normal"].mu > 0 and next(iter(ratings)) == "normal"
    low, high = ratings["normal"].interval
    assert low < ratings["normal"].mu < high
    assert small.ratings() == ratings  # the same games, the same ratings


def test_a_csv_row_replays_to_the_same_game(small, tmp_path):
    rows = read_csv(small.to_csv(tmp_path / "games.csv"))
    assert len(rows) == 12 and rows[0]["seats"] == "|".join(small.games[0].seats)
    for row, game in zip(rows[:3], small.games):
        again = replay(row)
        assert again.winner == row["winner"] == game.winner
        assert (again.turns, again.places) == (int(row["turns"]), game.places)


def test_two_processes_play_the_same_games(small):
    twice = run_arena(["normal", "easy"], players=3, games=12, processes=2, progress=False,
                      key="11" * 16)
    assert summary(twice) == summary(small) and twice.where == "2 processes"


@pytest.mark.slow
def test_a_dask_local_cluster_plays_the_same_games(small):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_dask = run_arena(["normal", "easy"], players=3, games=12, progress=False,
                            scheduler=cluster.scheduler_address, key="11" * 16)
        # a student's bot, sandboxed inside a Dask worker, in SMART
        student = [BOTS / "quiet.py", "easy"]
        sandboxed = run_arena(student, players=4, games=4, rules="smart", progress=False,
                              scheduler=cluster.scheduler_address, key="33" * 16)
    assert summary(on_dask) == summary(small)
    assert on_dask.where == "Dask cluster, 2 workers"
    here = run_arena(student, players=4, games=4, rules="smart", processes=1, progress=False,
                     key="33" * 16)
    assert summary(sandboxed) == summary(here) and sandboxed.faults("quiet") == {}


def test_smart_games_at_six_seats():
    result = run_arena(["normal", "easy", "random"], players=6, games=2, rules="smart",
                       processes=1, progress=False, anchor=None)
    assert all(len(g.seats) == 6 and g.rules == "smart" for g in result.games)
    assert Counter(result.games[0].seats) == {"normal": 2, "easy": 2, "random": 2}


def test_bad_requests_are_refused_before_any_game():
    with pytest.raises(ValueError, match="3 to 6 players"):
        run_arena(["easy"], players=7, progress=False)
    with pytest.raises(ValueError, match="unknown bot level"):
        run_arena(["grandmaster"], progress=False)
    with pytest.raises(ValueError, match="at least one game"):
        run_arena(["easy"], games=0, progress=False)


def test_command_line(capsys, tmp_path):
    main(["normal", "easy", "--players", "3", "--games", "3", "--processes", "1", "--quiet",
          "--csv", str(tmp_path / "g.csv")])
    out = capsys.readouterr().out
    assert "normal" in out and "rating" in out and (tmp_path / "g.csv").exists()
    with pytest.raises(SystemExit):
        main(["easy", "--players", "9", "--quiet"])
    assert "3 to 6 players" in capsys.readouterr().err


def test_the_arena_plays_the_tournaments_games_for_the_same_levels(small):
    """One way to seat and seed levels: game g of either is the game of seed + g."""
    from warkit.tournament import run_tournament

    old = run_tournament(["normal", "easy", "random"], players=3, games=6)
    new = run_arena(["normal", "easy", "random"], players=3, games=6, processes=1,
                    progress=False)
    assert [(g.levels, g.winners, g.turns) for g in old.games] == \
        [(g.seats, g.winners, g.turns) for g in new.games]
