"""The dashboard's look and panels in a real browser (Voilà + Debian chromium + Playwright):
territories tinted by owner (pixels change on a conquest), the rules panel opened from a rule
ID, one-click save and a load that asks first, a touch tap on a phone-sized screen with
nothing overflowing (and a finger dragged on the map scrolling the page), and the end-of-game
plots.

Like test_play_browser.py, the same game is replayed in this process (the luck depends only
on the seed and the moves), so the test knows which territory changes hands.
``WARKIT_SCREENSHOTS=1`` saves the README's pictures into ``notebooks/screenshots/``.
Rule IDs: C-REINF-3 (placing first), C-ATK-1 (a refusal's rule link), C-CONQ-1, C-WIN-1.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import (
    SCREENSHOTS,
    PlayPage,
    PlayServer,
    interior_point,
    open_page,
    roomy,
)
from warkit_widgets.painter import owner_tint
from warkit_widgets.play.config import GameConfig, Seat, Step
from warkit_widgets.play.controller import GameController

import warkit
from warkit.render.geometry import board_geometry

SEED = 5
SEATS = (Seat("Ana", "red", "human"), Seat("Bento", "blue", "normal"),
         Seat("Caio", "green", "normal"))
WAIT = 45_000
SEA = (470.0, 545.0)
M = warkit.world_map()


def shots(tmp_path: Path) -> Path:
    """Where screenshots go: the repository's folder with WARKIT_SCREENSHOTS=1."""
    return SCREENSHOTS if os.environ.get("WARKIT_SCREENSHOTS") == "1" else tmp_path


def expected_fill(state: warkit.GameState, territory: str, lit: bool) -> tuple[int, ...]:
    """The land's colour at a territory's interior point: its owner's tint, 28% whiter when
    the viewer may pick it (the highlight layer's legal sources)."""
    tint = owner_tint(state.colors[state.owner_of(territory)])
    return tuple(round(0.72 * c + 0.28 * 255) for c in tint) if lit else tint


def wait_pixel(play: PlayPage, territory: str, rgb: tuple[int, ...], tolerance: int = 7) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    x, y = interior_point(territory)
    try:
        play.page.wait_for_function(
            "([x, y, c, t]) => { const cv = document.querySelector('canvas.warkit-map');"
            " if (!cv) return false; const d = cv.getContext('2d').getImageData(x, y, 1, 1)"
            ".data; return d[3] === 255 && c.every((v, i) => Math.abs(d[i] - v) <= t); }",
            arg=[round(x), round(y), list(rgb), tolerance], timeout=WAIT)
    except PlaywrightTimeout:
        raise AssertionError(f"{territory} at {(x, y)}: {play.pixel(territory)}, expected "
                             f"{rgb}") from None


def fill_form(page, seats: tuple[Seat, ...], seed: int, pace: str) -> None:
    page.locator("button.warkit-start").get_by_text("Start the game").wait_for(timeout=WAIT)
    assert len(seats) == 3  # the form's default count
    # each widget gets the language in its own message (G4): wait for the English options
    page.locator(".warkit-seat-2 select option").filter(has_text="computer (normal)").first \
        .wait_for(state="attached", timeout=WAIT)
    page.locator(".warkit-speed select option").filter(has_text="instant").first.wait_for(
        state="attached", timeout=WAIT)
    page.locator(".warkit-seat-0 select option").filter(has_text="Red").first.wait_for(
        state="attached", timeout=WAIT)
    for i, seat in enumerate(seats):
        row = page.locator(f".warkit-seat-{i}")
        row.locator("input").fill(seat.name)
        row.locator("select").nth(0).select_option(label=seat.color.capitalize())
        row.locator("select").nth(1).select_option(
            label="human" if seat.is_human else f"computer ({seat.kind})")
    page.locator(".warkit-seed input").fill(str(seed))
    page.locator(".warkit-speed select").select_option(label=pace)


@pytest.fixture(scope="module")
def play(browser, play_server: PlayServer) -> Iterator[PlayPage]:
    with open_page(browser, play_server.url + "?lang=en", "button.warkit-start",
                   {"width": 1400, "height": 1300}) as (page, seconds, errors):
        view = PlayPage(page, seconds)
        view.errors = errors
        yield view


@pytest.fixture(scope="module")
def replica() -> GameController:
    game = GameController.new(GameConfig(SEATS, "classic", "en", SEED), pace="instant")
    game.run_computers()
    return game


def mirror(replica: GameController, action: str) -> None:
    assert replica.act(action), replica.message
    replica.run_computers()


def test_territories_take_their_owners_colour_and_change_on_a_conquest(
        play: PlayPage, replica: GameController, tmp_path: Path):
    page = play.page
    fill_form(page, SEATS, SEED, "instant")
    page.locator("button.warkit-start").click()
    assert replica.step is Step.PLACE
    before = replica.state
    mine = {t for t in M.ids if before.owner_of(t) == 0}
    sample = [t for t in M.ids if roomy(t)]
    assert len(sample) > 20
    for territory in sample[::4]:  # every owner's tint (Ana's lit: she places there)
        wait_pixel(play, territory, expected_fill(before, territory, territory in mine))
    page.locator(".warkit-map-widget").first.screenshot(
        path=str(shots(tmp_path) / "map-owners.png"))

    while replica.step is Step.PLACE:  # C-REINF-3: every army placed before attacking
        index = max(replica.map.moves.singles)
        territory, most = M.ids[index], replica.map.moves.singles[index]
        play.click_territory(territory)
        play.wait_text("warkit-play-status", f"{M.territory(territory).name_en} selected")
        play.button("warkit-go").get_by_text(f"Place {most}").click()
        mirror(replica, f"place {territory} {most}")
        play.wait_text("warkit-log", f"Ana places {most} on {M.territory(territory).name_en}")
    play.button("warkit-end").get_by_text("End attacks").click()
    mirror(replica, "end")
    play.button("warkit-end").get_by_text("End the turn").click()
    mirror(replica, "end")  # the computers play their turns (instant pace)
    after = replica.state
    changed = [t for t in sample if before.owner_of(t) != after.owner_of(t)
               and after.owner_of(t) != 0]
    assert changed, "the computers conquered nothing: pick another seed"
    for territory in changed:  # conquered: the new owner's tint (C-CONQ-1)
        wait_pixel(play, territory, expected_fill(after, territory, False))
        assert owner_tint(after.colors[after.owner_of(territory)]) != owner_tint(
            before.colors[before.owner_of(territory)])


def test_the_map_can_show_continents_again(play: PlayPage, replica: GameController):
    from warkit_widgets.painter import hex_rgb

    from warkit.render.svg import CONTINENT_COLORS

    territory = next(t for t in M.ids if replica.state.owner_of(t) != 0 and roomy(t))
    play.page.locator(".warkit-map-tint").get_by_text("Colours: continents").click()
    wait_pixel(play, territory, hex_rgb(CONTINENT_COLORS[M.territory(territory).continent][0]))
    play.page.locator(".warkit-map-tint").get_by_text("Colours: owners").click()
    wait_pixel(play, territory, expected_fill(replica.state, territory, False))


def test_the_rules_open_from_a_rule_id(play: PlayPage, replica: GameController,
                                       tmp_path: Path):
    """A refused click cites its rule (C-REINF-3 / C-ATK-1...): its "? RULE" button opens
    the rules panel at that rule, in the page's language; the header button toggles it."""
    page = play.page
    enemy = next(t for t in M.ids if replica.state.owner_of(t) != 0)
    play.click_point(SEA)
    play.click_territory(enemy)
    play.wait_text("warkit-play-status", "Refused:")
    status = play.text_of("warkit-play-status")
    # the button and its label come in separate messages (G4): wait for a labelled one
    link = page.locator("button.warkit-rule-link").filter(
        has_text=re.compile(r"[CS]-[A-Z]+-\d")).first
    link.wait_for(timeout=WAIT)
    rule = link.inner_text().removeprefix("? ").strip()
    assert rule in status
    link.click()
    focus = page.locator(f".warkit-help .wk-rule.wk-focus[data-rule='{rule}']")
    focus.wait_for(timeout=WAIT)
    from warkit_widgets.play.help_texts import rule_text

    text = focus.locator(".wk-rule-text").inner_text()
    assert text.strip() == rule_text(rule, "en")
    page.locator(".warkit-help").first.screenshot(path=str(shots(tmp_path) / "help.png"))
    page.locator(".warkit-lang").get_by_text("Português").click()
    focused = page.locator(".warkit-help .wk-focus .wk-rule-text")
    focused.get_by_text(rule_text(rule, "pt")).wait_for(timeout=WAIT)
    page.locator(".warkit-lang").get_by_text("English").click()
    page.locator("button.warkit-help-close").first.click()
    page.locator(".warkit-help").first.wait_for(state="hidden", timeout=WAIT)
    page.locator("button.warkit-help-button").first.click()
    page.locator(".warkit-help").first.wait_for(state="visible", timeout=WAIT)
    page.locator("button.warkit-help-button").first.click()
    page.locator(".warkit-help").first.wait_for(state="hidden", timeout=WAIT)


def test_save_in_one_click_and_load_after_a_question(play: PlayPage, replica: GameController,
                                                     tmp_path: Path):
    page = play.page
    with page.expect_download(timeout=WAIT) as info:  # one click, no link to click
        play.button("warkit-save").click()
    saved = tmp_path / "saved.json"
    info.value.save_as(saved)
    assert info.value.suggested_filename.startswith("war-classic-turn-")
    assert warkit.loads(saved.read_text()).state == replica.state
    play.wait_text("warkit-notice", "is downloading")
    page.locator("button.warkit-banner-close").first.click()  # banners go away
    page.locator(".warkit-notice").first.wait_for(state="hidden", timeout=WAIT)

    load = page.locator("button.warkit-load").first  # no "(0)": the title is shown instead
    after = page.evaluate("el => getComputedStyle(el, '::after').content", load.element_handle())
    assert after == '"Load a saved game"'
    assert page.evaluate("el => getComputedStyle(el).fontSize", load.element_handle()) == "0px"

    def upload(path: Path) -> None:
        with page.expect_file_chooser() as chooser:
            load.click()
        chooser.value.set_files(str(path))

    upload(saved)  # a game is running: the page asks first
    play.wait_text("warkit-confirm", "Replace the game in progress (Ana, Bento, Caio")
    play.button("warkit-keep-game").click()
    play.wait_text("warkit-notice", "The game in progress goes on")
    page.locator(".warkit-confirm").first.wait_for(state="hidden", timeout=WAIT)
    upload(saved)
    play.button("warkit-confirm-load").click()
    play.wait_text("warkit-notice", "Game loaded: saved.json")
    play.wait_text("warkit-play-status", "Ana: ")

    bad = tmp_path / "bad.json"
    bad.write_text(saved.read_text().replace('"place ', '"plaice ', 1))
    page.locator(".warkit-lang").get_by_text("Português").click()
    upload(bad)
    play.wait_text("warkit-notice", "Este arquivo não pode ser carregado")
    notice = play.text_of("warkit-notice")
    assert "cannot" not in notice and "action" not in notice
    page.locator(".warkit-lang").get_by_text("English").click()


def test_the_end_screen_shows_its_plots(play: PlayPage, tmp_path: Path):
    page = play.page
    seats = (Seat("Dora", "yellow", "easy"), Seat("Eli", "black", "normal"),
             Seat("Fred", "white", "hard"))
    final = GameController.new(GameConfig(seats, "classic", "en", 11), pace="instant")
    final.run_computers()
    play.button("warkit-new").click()
    fill_form(page, seats, 11, "instant")
    page.locator("button.warkit-start").click()
    play.wait_text("warkit-over", "Game over", timeout=120_000)
    report = page.locator(".warkit-end-report").first
    report.locator("svg.wk-territories").wait_for(timeout=WAIT)
    assert report.locator("svg.wk-chart").count() == 3
    assert report.locator("polyline.wk-series").count() == 6  # 3 players x 2 charts
    assert report.locator("rect.wk-bar").count() == 3
    winner = final.seats[final.state.winners[0]].name
    assert f"{winner} wins" in report.locator(".wk-moments").inner_text()
    page.locator(".warkit-over").first.scroll_into_view_if_needed()
    page.locator(".warkit-play").first.screenshot(path=str(shots(tmp_path) / "end-screen.png"))


SCROLLED_JS = ("() => { let e = document.querySelector('canvas.warkit-map');"
               " let top = window.scrollY; while ((e = e.parentElement)) top += e.scrollTop;"
               " return top; }")
"""How far the page is scrolled: the window's offset plus that of every box around the map
(the lab template scrolls inside its own panel, not the window)."""


def touch_drag(page, x: float, y: float, dy: float, steps: int = 10) -> None:
    """A finger put down at page point (x, y) and dragged by ``dy`` pixels, as the touch
    screen sends it (Chrome's DevTools protocol ``Input.dispatchTouchEvent``: Playwright's
    touchscreen only taps)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y + dy * i / steps}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_phone_taps_the_map_and_nothing_overflows(browser, play_server: PlayServer,
                                                    tmp_path: Path):
    """390 px wide with touch: the page fits the screen's width, the map fills it, a tap on a
    territory selects it (the browser turns the tap into a click) and a finger dragged up
    on the map scrolls the page, leaving the selection as it was."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    try:
        page.goto(play_server.url + "?lang=en", timeout=90_000)
        fill_form(page, SEATS, SEED, "instant")
        overflow = ("() => Math.max(document.documentElement.scrollWidth,"
                    " document.body.scrollWidth) - window.innerWidth")
        assert page.evaluate(overflow) <= 1, "the new-game form is wider than the phone"
        page.locator("button.warkit-start").click()
        canvas = page.locator("canvas.warkit-map").first
        canvas.wait_for(timeout=WAIT)
        play = PlayPage(page, 0.0)
        replica = GameController.new(GameConfig(SEATS, "classic", "en", SEED), pace="instant")
        replica.run_computers()
        mine = next(t for t in M.ids if replica.state.owner_of(t) == 0 and roomy(t))
        wait_pixel(play, mine, expected_fill(replica.state, mine, True))
        box = canvas.bounding_box()
        assert 340 <= box["width"] <= 390 and box["x"] >= 0
        assert page.evaluate(overflow) <= 1, "the game is wider than the phone"
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        x, y = interior_point(mine)
        geo_w, geo_h = board_geometry().width, board_geometry().height
        page.touchscreen.tap(box["x"] + x * box["width"] / geo_w,
                             box["y"] + y * box["height"] / geo_h)
        play.wait_text("warkit-play-status", f"{M.territory(mine).name_en} selected")
        page.screenshot(path=str(shots(tmp_path) / "phone.png"))
        status = page.locator(".warkit-play-status").first.inner_text()
        box = canvas.bounding_box()
        before = page.evaluate(SCROLLED_JS)
        touch_drag(page, box["x"] + box["width"] / 2, box["y"] + 0.8 * box["height"], -150)
        page.wait_for_function(f"() => ({SCROLLED_JS})() >= {before} + 50", timeout=WAIT)
        assert page.locator(".warkit-play-status").first.inner_text() == status
    finally:
        ctx.close()
    assert not errors, errors
