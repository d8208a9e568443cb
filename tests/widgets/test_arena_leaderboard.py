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
