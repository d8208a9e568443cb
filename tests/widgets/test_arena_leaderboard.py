"""Lab 09's leaderboard tables (warkit_widgets.lessons.arena): every figure from the result."""

from __future__ import annotations

import pytest
from warkit_widgets.lessons.arena import head_to_head_html, leaderboard_html

from warkit.arena import run_arena


@pytest.fixture(scope="module")
def result():
    return run_arena(["normal", "easy"], players=3, games=6, processes=1, progress=False,
                     key="22" * 16)


def test_the_leaderboard_lists_every_bot_best_rated_first_in_each_language(result):
    en, pt = leaderboard_html(result, "en"), leaderboard_html(result, "pt")
    ratings = list(result.ratings())
    assert [en.index(f"<b>{n}</b>") for n in ratings] == sorted(
        en.index(f"<b>{n}</b>") for n in ratings)
    assert "win share" in en and "parte das vitórias" in pt and "nota" in pt
    share = result.standing("normal").share
    assert f"{100 * share:.1f}%" in en and f"{100 * share:.1f}%".replace(".", ",") in pt


def test_the_head_to_head_table_shows_each_pairs_counts_and_sign_test(result):
    html = head_to_head_html(result, "en")
    h = result.head_to_head("normal", "random")
    assert f"{h.a_ahead}–{h.b_ahead} (p {h.p_value:.2f})" in html
    assert html.count("<tr>") == 1 + len(result.bots)


# -- the leaderboard page (warkit_widgets.lessons.leaderboard) ---------------------------------
def record(index: int, seats: tuple[str, ...], places: tuple[float, ...]):
    from warkit.arena import GameRecord

    winners = tuple(s for s, p in enumerate(places) if p == 1)
    return GameRecord(index, index, "classic", seats, winners, places, 30, 5, 500, False)


def made_up(a_ahead: int, b_ahead: int):
    """Games of three seats where ``a`` finishes ahead of ``b`` ``a_ahead`` times, and
    behind ``b_ahead`` times (``random`` always third)."""
    from warkit.arena import ArenaResult

    games = [record(i, ("a", "b", "random"), (1, 2, 3)) for i in range(a_ahead)]
    games += [record(a_ahead + i, ("a", "b", "random"), (2, 1, 3)) for i in range(b_ahead)]
    return ArenaResult(("a", "b", "random"), 3, "classic", 0, games)


def test_the_verdict_says_better_only_when_the_sign_test_rejects_equal_strength():
    from warkit_widgets.lessons.leaderboard import verdict_html

    clear, close = made_up(12, 1), made_up(7, 5)
    assert clear.head_to_head("a", "b").p_value < 0.05 < close.head_to_head("a", "b").p_value
    assert "a is really better than b" in verdict_html(clear, "a", "b", "en")
    assert "a is really better than b" in verdict_html(clear, "b", "a", "en")  # either order
    assert "cannot tell" in verdict_html(close, "a", "b", "en")
    pt = verdict_html(clear, "a", "b", "pt")
    assert "a é mesmo melhor que b" in pt and "p = 0,003" in pt  # 2 * (1 + 13) / 2**13
    assert "In the 13 games both played, a finished ahead of b 12 times" in \
        verdict_html(clear, "a", "b", "en")
    assert "different" in verdict_html(clear, "a", "a", "en")


def test_the_page_shows_a_csv_and_refuses_a_file_that_is_not_one(result, tmp_path):
    from warkit_widgets.lessons.leaderboard import Leaderboard

    page = Leaderboard("en")
    page.load(result.to_csv(tmp_path / "class.csv"))
    assert page.result is not None and len(page.result.games) == len(result.games)
    assert page.board.value == leaderboard_html(result, "en")
    assert "class.csv: 6 games, 3 players, classic" in page.source.value
    bad = tmp_path / "notes.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    page.load(bad)
    assert "not an arena CSV" in page.message.value and page.result.games  # unchanged
    page.set_lang("pt")
    assert "6 partidas" in page.source.value and "Placar" in page.heads[0].value


def test_an_arena_csv_loads_back_with_the_same_leaderboard(result, tmp_path):
    from warkit.arena import load_csv

    again = load_csv(result.to_csv(tmp_path / "games.csv"))
    assert again.standings() == result.standings()
    assert again.ratings() == result.ratings()
    assert again.head_to_head("normal", "easy") == result.head_to_head("normal", "easy")
    assert (again.players, again.rules, again.seed) == (result.players, result.rules, result.seed)
    empty = tmp_path / "empty.csv"
    empty.write_text((tmp_path / "games.csv").read_text().splitlines()[0] + "\n")
    with pytest.raises(ValueError, match="holds no games"):
        load_csv(empty)


def test_the_page_plays_the_teachers_folder_of_bots_and_reads_the_environment(
        result, tmp_path, monkeypatch):
    from warkit_widgets.lessons.leaderboard import BOTS_ENV, CSV_ENV, Leaderboard

    asked = []

    def play(bots, **options):
        asked.append((bots, options))
        return result

    page = Leaderboard("en", bots_folder=tmp_path, play=play)
    page.games.value = 8
    page.play_folder()
    assert asked == [([tmp_path, "hard", "normal", "easy"], {"players": 4, "games": 8,
                                                            "progress": False})]
    assert page.result is result and f"{tmp_path.name}: 6 games" in page.source.value
    assert not page.play_button.disabled

    monkeypatch.setenv(CSV_ENV, str(result.to_csv(tmp_path / "class.csv")))
    monkeypatch.setenv(BOTS_ENV, str(tmp_path))
    started = Leaderboard.from_environment("pt")
    assert started.bots_folder == tmp_path and "class.csv: 6 partidas" in started.source.value
    assert started.play_button in started.children[2].children
