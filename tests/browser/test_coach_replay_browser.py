"""The coach and the replay in a real browser (Voilà + Debian chromium + Playwright).

The coach: the Hint button, then the H key, show the strongest computer's move with its
odds and reason (the very sentence the same game gives in this process: the luck and the
computers depend only on the seed and the moves), drawn on the map in the hint's own
style (dashed purple arrow, rings on a placement) and selected with its count, and the main
button plays it. The replay: opened from the header, stepped, jumped
to a turn, and "continue from here" starts a new game at that move with other players.
``WARKIT_SCREENSHOTS=1`` saves the README's pictures (coach.png, replay.png).
Rule IDs: C-REINF-3 (placing), C-ATK-5 (the chance to conquer).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import test_play_ui
from browser_helpers import PlayPage
from test_play_ui import WAIT, fill_form, shots
from warkit_widgets.painter import HINT_COLOR, hex_rgb
from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController
from warkit_widgets.replay_model import Replay

from warkit.render.geometry import board_geometry
from warkit.render.layout import BADGE_DROP

play = test_play_ui.play
"""The dashboard in a tab of its own (one kernel for this module), as test_play_ui opens it."""
SEED = 7
HINT_RGB = hex_rgb(HINT_COLOR)
SEATS = (Seat("Ana", "red", "human"), Seat("Bento", "blue", "normal"),
         Seat("Caio", "green", "normal"))


HINT_RINGS_JS = (
    "([x, y, shown]) => { const d = document.querySelector('canvas.warkit-map')"
    ".getContext('2d').getImageData(x - 20, y - 20, 40, 40).data; let n = 0;"
    " for (let i = 0; i < d.length; i += 4)"
    f"  if (Math.abs(d[i] - {HINT_RGB[0]}) < 40 && Math.abs(d[i + 1] - {HINT_RGB[1]}) < 40"
    f"      && Math.abs(d[i + 2] - {HINT_RGB[2]}) < 40) n++;"
    " return shown ? n > 20 : n === 0; }")
"""Are the hint's purple rings round the army badge at (x, y) drawn (``shown``), or gone?"""


def badge_point(territory: str) -> tuple[int, int]:
    """Where a territory's army badge sits on the map canvas (scale 1: board units)."""
    x, y = board_geometry().shape(territory).label
    return round(x), round(y + BADGE_DROP)


@pytest.fixture(scope="module")
def replica() -> GameController:
    game = GameController.new(GameConfig(SEATS, "classic", "en", SEED), pace="instant")
    game.run_computers()
    return game


def test_the_hint_shows_the_coachs_move_and_the_main_button_plays_it(
        play: PlayPage, replica: GameController, tmp_path: Path):
    page = play.page
    fill_form(page, SEATS, SEED, "instant")
    page.locator("button.warkit-start").click()
    assert replica.step is Step.PLACE
    hint = replica.ask_hint()
    assert hint is not None
    sentence = hint.text("en", replica.names)
    play.button("warkit-hint").get_by_text("Hint (H)").click()
    play.wait_text("warkit-play-status", "Hint: " + sentence)
    territory = replica.state.map.territory(hint.action.territory)  # type: ignore[attr-defined]
    page.wait_for_function(HINT_RINGS_JS, arg=[*badge_point(territory.id), True], timeout=WAIT)
    armies = hint.action.armies  # type: ignore[attr-defined]
    play.button("warkit-go").get_by_text(f"Place {armies}").wait_for(timeout=WAIT)
    play.page.keyboard.press("h")  # the key asks again: the same advice
    play.wait_text("warkit-play-status", "Hint: " + sentence)
    play.button("warkit-go").get_by_text(f"Place {armies}").click()
    assert replica.act(hint.action)
    play.wait_text("warkit-log", f"Ana places {armies} on {territory.name_en}")
    # the hint was for that placement: its rings are gone with it
    page.wait_for_function(HINT_RINGS_JS, arg=[*badge_point(territory.id), False], timeout=WAIT)
    replica.run_computers()


def test_the_replay_steps_jumps_and_continues_from_a_move(
        play: PlayPage, replica: GameController, tmp_path: Path):
    page = play.page
    while replica.step is Step.PLACE:  # the rest of the first placement, by the coach
        hint = replica.ask_hint()
        play.button("warkit-hint").click()
        play.wait_text("warkit-play-status", "Hint: " + hint.text("en", replica.names))
        play.button("warkit-go").click()
        assert replica.act(hint.action)
    hint = replica.ask_hint()  # the attack step: an arrow on the map, the odds beside it
    play.button("warkit-hint").click()
    play.wait_text("warkit-play-status", "Hint: " + hint.text("en", replica.names))
    play.map.scroll_into_view_if_needed()
    page.locator(".warkit-board").first.screenshot(path=str(shots(tmp_path) / "coach.png"))
    for label in ("End attacks", "End the turn"):
        play.button("warkit-end").get_by_text(label).click()
        assert replica.end()
    replica.run_computers()  # the computers play their turns (instant pace)
    play.wait_text("warkit-info", f"turn {replica.state.turn}")
    record = Replay(replica.match)
    total = len(replica.match.actions)

    play.button("warkit-replay-button").click()
    where = page.locator(".warkit-replay-where").first
    where.get_by_text(f"move {record.first_dealt} of {total}").wait_for(timeout=WAIT)
    for n in (1, 2, 3):
        play.button("warkit-replay-step").click()
        where.get_by_text(f"move {record.first_dealt + n} of {total}").wait_for(timeout=WAIT)
    play.button("warkit-replay-back").click()
    where.get_by_text(f"move {record.first_dealt + 2} of {total}").wait_for(timeout=WAIT)

    turn = 2
    start = record.turn_start(turn)
    box = page.locator(".warkit-replay-turn input").first
    box.fill(str(turn))
    box.press("Tab")
    play.button("warkit-replay-go").click()
    player = SEATS[record.match.states[start].current].name
    expected = f"turn {turn} ({player}) · move {start} of {total}"
    try:
        where.get_by_text(expected).wait_for(timeout=WAIT)
    except Exception:
        raise AssertionError(f"{where.inner_text()!r}, expected {expected!r}") from None
    page.locator(".warkit-replay-luck").get_by_text("Luck of the dice").wait_for(timeout=WAIT)
    secrets = page.locator(".warkit-replay-secrets").first.inner_text()
    assert secrets.count("secret until the end") == 2  # Bento's and Caio's, before the end
    roll = next(i for i, a in enumerate(replica.match.actions) if a.keyword == "roll")
    first = record.turn_start(replica.match.states[roll].turn)
    box.fill(str(replica.match.states[roll].turn))
    box.press("Tab")
    play.button("warkit-replay-go").click()
    where.get_by_text(f"move {first} of {total}").wait_for(timeout=WAIT)
    for n in range(first + 1, roll + 2):  # step to the first roll: its dice on the tray
        play.button("warkit-replay-step").click()
        where.get_by_text(f"move {n} of {total}").wait_for(timeout=WAIT)
    page.locator(".warkit-replay .warkit-dice .wk-verdict").first \
        .wait_for(timeout=WAIT)
    page.locator(".warkit-replay").first.screenshot(path=str(shots(tmp_path) / "replay.png"))

    play.button("warkit-replay-fork").click()
    page.locator(".warkit-fork-form").first.wait_for(state="visible", timeout=WAIT)
    page.locator(".warkit-fork-seat-1 select").select_option(label="computer (easy)")
    play.button("warkit-fork-start").click()
    page.locator(".warkit-replay-panel").first.wait_for(state="detached", timeout=WAIT)
    page.locator(".warkit-board").first.wait_for(state="visible", timeout=WAIT)
    play.wait_text("warkit-players", "computer (easy)")
    # the new game went on from turn 2 (Bento, now easy, played it at once): later turns
    # follow in the header, and the log starts with the record's first turns
    play.wait_text("warkit-log", "Round 1, turn 1")
