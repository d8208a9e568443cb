"""The dashboard in a real browser, from hand-built positions loaded as saved files.

Each test builds a position with the engine (``tests/positions.py``,
``tests/smart_positions.py``), saves it as the dashboard does
(:func:`warkit_widgets.play.saves.dump_game`), loads it through the page's "Load a saved game"
button and plays on by clicking:

- a SMART attack whose odds panel and dice tray say which modifiers they count
  (S-TERRAIN-2, S-REROLL-1) and warn about the defender's hidden cards;
- a human one conquest from winning ("18 territories with 2 armies", C-WIN-1) attacks,
  moves in (C-CONQ-1) and sees the victory screen with every objective, in Portuguese.

No page error may happen (``open_page`` fails the test on any).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browser_helpers import PlayPage, PlayServer, open_page
from warkit_widgets.play.config import Seat
from warkit_widgets.play.controller import GameController
from warkit_widgets.play.saves import dump_game

import warkit
from warkit import GameState, Match
from warkit.odds import Reroll, win_probability

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import IDS, position
from smart_positions import smart_position

WAIT = 45_000
M = warkit.world_map()


def save_file(state: GameState, names: tuple[str, ...], kinds: tuple[str, ...], path: Path,
              lang: str, seed: int = 5) -> Path:
    """The position as the dashboard saves a game (seats named, the first one human)."""
    seats = tuple(Seat(n, c, k) for n, c, k in zip(names, state.colors, kinds))
    game = GameController(Match(state, seed=seed), seats, lang=lang, pace="instant")
    path.write_text(dump_game(game), encoding="utf-8")
    return path


@pytest.fixture
def page_in(browser, play_server: PlayServer):
    """Open the dashboard in a language: a fresh tab and kernel per test."""
    opened: list = []

    def open_in(lang: str) -> PlayPage:
        context = open_page(browser, f"{play_server.url}?lang={lang}", "button.warkit-start",
                            {"width": 1400, "height": 1300})
        page, seconds, errors = context.__enter__()
        opened.append(context)
        view = PlayPage(page, seconds)
        view.errors = errors
        return view

    yield open_in
    for context in opened:
        context.__exit__(None, None, None)


def load(play: PlayPage, path: Path) -> None:
    """Load a file with the page's upload button, as a player does."""
    with play.page.expect_file_chooser() as chooser:
        play.button("warkit-load").click()
    chooser.value.set_files(str(path))


def test_a_smart_attack_says_its_modifiers(page_in, tmp_path: Path):
    """S-TERRAIN-2 (the attacker's revealed card of Argentina) and S-REROLL-1 (the attacker's
    joker) are counted and said; the defender's two hidden cards are only warned about."""
    state = smart_position({"brasil": 0, "argentina": 1}, {"brasil": 7, "argentina": 4},
                           hands={0: ["argentina", "joker1"], 1: ["mexico", "joker2"]},
                           revealed=[("argentina", 0, "terrain")])
    saved = save_file(state, ("Ana", "Bia", "Caio", "Duda"),
                      ("human", "random", "random", "random"), tmp_path / "smart.json", "en")
    play = page_in("en")
    load(play, saved)
    play.wait_text("warkit-notice", "Game loaded: smart.json")
    play.click_point((470.0, 545.0))  # the sea: nothing selected
    play.click_territory("brasil")
    play.click_territory("argentina")
    play.wait_text("warkit-odds-summary", "6 attacking vs 4 defending")
    text = play.text_of("warkit-odds-summary")
    win = win_probability(6, 4, terrain="attacker", reroll=Reroll("joker", cards=1))
    assert f"{100 * win:.1f}%" in text
    assert "revealed by the attacker (S-TERRAIN-2)" in text
    assert "Tactical regroup (S-REROLL-1): your usable cards counted: 1 of 1" in text
    assert "the defender holds 2 cards you cannot see" in text
    play.button("warkit-go").get_by_text("Attack with 3").click()
    play.wait_text("warkit-play-dice", "Attacker's terrain knowledge (S-TERRAIN-2)")


def victory_position() -> GameState:
    """Ana (white) holds 17 territories with 2 armies each, Brasil with 8; Argentina (Bia, 1
    army) is the 18th her objective needs (18 territories with 2 armies, C-WIN-1)."""
    mine = IDS[:12] + IDS[13:18]
    owners = {t: 0 for t in mine} | {"argentina": 1}
    return position(owners, {**{t: 2 for t in mine}, "brasil": 8}, players=3, rest=(1, 2),
                    objectives={0: "18_territories_2_armies"})


def roll_serial(play: PlayPage) -> int:
    """The dice tray's roll counter (-1 before any roll): it grows with every roll shown."""
    return play.page.evaluate("() => +(document.querySelector('.warkit-play-dice [data-roll]')"
                              "?.dataset.roll ?? -1)")


def test_a_human_plays_to_the_victory_screen_in_portuguese(page_in, tmp_path: Path):
    state = victory_position()
    saved = save_file(state, ("Ana", "Bia", "Caio"), ("human", "easy", "normal"),
                      tmp_path / "quase.json", "pt")
    play = page_in("pt")
    load(play, saved)
    play.wait_text("warkit-notice", "Jogo carregado: quase.json")
    play.click_point((470.0, 545.0))
    play.click_territory("brasil")
    play.click_territory("argentina")
    play.wait_text("warkit-odds-summary", "7 atacantes contra 1 defensor")
    occupy = play.button("warkit-go").get_by_text("Ocupar com 3")
    for _ in range(12):  # 3 dice against 1 win a battle 2 times in 3 (C-ATK-4)
        rolls = roll_serial(play)
        play.button("warkit-go").get_by_text("Atacar com 3").click()
        play.page.wait_for_function(
            "n => +(document.querySelector('.warkit-play-dice [data-roll]')?.dataset.roll"
            " ?? -1) > n", arg=rolls, timeout=WAIT)
        play.wait_text("warkit-go", "com 3")
        if occupy.count():
            break
    occupy.click()
    play.wait_text("warkit-over", "Fim de jogo", timeout=WAIT)
    over = play.text_of("warkit-over")
    assert "Ana" in over and "vencedor" in over
    for seat in range(3):
        assert M.objective(state.objective(seat)).text("pt") in over
