"""The dashboard on a laptop (1366×768) and a phone (390×844, touch only), in Portuguese;
its header at the common widths in both languages.

- laptop: the header on one line, the map, the action bar and the dice tray on the first
  screen, no button label cut, no layout shift when the game is saved (the notice floats),
  nothing requested outside the server (no CDN font);
- header: at 1920, 1366, 1280 and 1024 px wide and on a phone, in both languages, every
  control inside the window with its whole label (one row from 1366 px up);
- sound: the mute button starts muted under reduced motion and remembers the choice;
- phone: a whole game played by taps alone, from the form to the victory screen, against two
  computers at the "instantânea" pace with a seed that ends soon (the game is mirrored in this
  process: the luck depends only on the seed and the moves); the dice and the action bar
  come right under the map, the map zooms on a tap.

``WARKIT_SCREENSHOTS=1`` saves the pictures into ``notebooks/screenshots/``
(``layout-1366x768.png``, ``phone-game.png``, ``phone-victory.png``).
Rule IDs: C-REINF-3 (placing), C-ATK-1 (an attack), C-TURN-1 (ending the steps), C-WIN-1.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_helpers import SCREENSHOTS, PlayServer, interior_point, open_page, roomy
from warkit_widgets.i18n import color_name
from warkit_widgets.play.controller import GameConfig, GameController, Seat, Step
from warkit_widgets.play.messages import tr
from warkit_widgets.play.setup_form import DEFAULT_COLORS

import warkit
from warkit.render.geometry import board_geometry

WAIT = 60_000
PHONE_SEED = 16
"""Two "hard" computers end this game at turn 10 (found with the controller alone)."""
PHONE_SEATS = (Seat("Rafa", DEFAULT_COLORS[0], "human"),
               Seat("Computador 2", DEFAULT_COLORS[1], "hard"),
               Seat("Computador 3", DEFAULT_COLORS[2], "hard"))
M = warkit.world_map()


def shots(tmp_path: Path) -> Path:
    return SCREENSHOTS if os.environ.get("WARKIT_SCREENSHOTS") == "1" else tmp_path


@contextmanager
def context(browser, server: PlayServer, viewport: dict, touch: bool) -> Iterator[tuple]:
    """A tab in Portuguese; every request that leaves the server is recorded (none may)."""
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                              device_scale_factor=2 if touch else 1)
    page = ctx.new_page()
    errors: list[str] = []
    outside: list[str] = []
    origin = server.url.rstrip("/")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: r.url.startswith((origin, "blob:", "data:"))
            or outside.append(r.url))
    try:
        page.goto(server.url + "?lang=pt", timeout=90_000)
        yield page, outside
    finally:
        ctx.close()
    assert not errors, errors
    assert not outside, f"requests outside the server: {outside}"


def fill_form_pt(page, seats: tuple[Seat, ...], seed: int, pace: str, *, tap: bool) -> None:
    """The new-game form in Portuguese: the human's name, the seats' colours and kinds."""
    start = page.locator("button.warkit-start").get_by_text(tr("setup.start", "pt"))
    start.wait_for(timeout=WAIT)
    page.locator(".warkit-speed select option").filter(
        has_text=tr(f"play.speed.{pace}", "pt")).first.wait_for(state="attached", timeout=WAIT)
    for i, seat in enumerate(seats):
        row = page.locator(f".warkit-seat-{i}")
        if seat.is_human:
            row.locator("input").fill(seat.name)
        row.locator("select").nth(0).select_option(label=color_name(seat.color, "pt")
                                                   .capitalize())
        row.locator("select").nth(1).select_option(
            label=tr("setup.kind.human" if seat.is_human else f"setup.kind.{seat.kind}", "pt"))
    page.locator(".warkit-seed input").fill(str(seed))
    page.locator(".warkit-speed select").select_option(label=tr(f"play.speed.{pace}", "pt"))
    (start.tap if tap else start.click)()


def tap_territory(page, territory: str) -> None:
    canvas = page.locator("canvas.warkit-map").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    geo = board_geometry()
    x, y = interior_point(territory)
    page.touchscreen.tap(box["x"] + x * box["width"] / geo.width,
                         box["y"] + y * box["height"] / geo.height)


def wait_status(page, text: str) -> None:
    page.locator(".warkit-play-status").first.get_by_text(text, exact=False).wait_for(
        timeout=WAIT)


def test_a_whole_game_on_a_phone_by_touch_in_portuguese(browser, play_server: PlayServer,
                                                       tmp_path: Path):
    replica = GameController.new(GameConfig(PHONE_SEATS, "classic", "pt", PHONE_SEED),
                                 pace="instant")
    replica.run_computers()
    with context(browser, play_server, {"width": 390, "height": 844}, True) as (page, _):
        fill_form_pt(page, PHONE_SEATS, PHONE_SEED, "instant", tap=True)
        canvas = page.locator("canvas.warkit-map").first
        canvas.wait_for(timeout=WAIT)
        # a tap on "Ampliar o mapa" doubles the map (names twice as large), a second one undoes
        zoom = page.locator("button.warkit-zoom").first
        narrow = canvas.bounding_box()["width"]
        zoom.tap()
        page.wait_for_function("w => document.querySelector('canvas.warkit-map')"
                               ".getBoundingClientRect().width > 1.9 * w", arg=narrow,
                               timeout=WAIT)
        zoom.get_by_text(tr("play.zoom.out", "pt")).wait_for(timeout=WAIT)
        zoom.tap()
        page.wait_for_function("w => document.querySelector('canvas.warkit-map')"
                               ".getBoundingClientRect().width < 1.1 * w", arg=narrow,
                               timeout=WAIT)
        attacked = False
        for _ in range(200):
            if replica.step is Step.OVER:
                break
            assert replica.step in (Step.PLACE, Step.ATTACK, Step.MOVE), replica.step
            wait_status(page, replica.prompt())
            page.wait_for_function("t => document.title === t", arg="▶ Sua vez, Rafa — War",
                                   timeout=WAIT)  # the tab says it is Rafa's turn
            legal = replica.legal()
            if replica.step is Step.PLACE:
                place = next(a for a in legal if isinstance(a, warkit.Place))
                tap_territory(page, place.territory)
                wait_status(page, M.territory(place.territory).name_pt)
                page.locator("button.warkit-go").first.tap()  # all of them (the default)
                most = max(a.armies for a in legal if isinstance(a, warkit.Place)
                           and a.territory == place.territory)
                action = f"place {place.territory} {most}"
            elif replica.step is Step.ATTACK and not attacked:
                attacked = True
                pairs = [a for a in legal if isinstance(a, warkit.Attack)
                         and roomy(a.src) and roomy(a.dst)]
                if not pairs:
                    page.locator("button.warkit-end").first.tap()
                    action = "end"
                else:
                    attack = max(pairs, key=lambda a: a.dice)
                    tap_territory(page, attack.src)
                    tap_territory(page, attack.dst)
                    page.locator("button.warkit-go").first.tap()
                    action = str(attack)
                    # the dice come right under the action bar, next to the map
                    dice = page.locator(".warkit-play-dice").first
                    page.wait_for_function(
                        "() => document.querySelector('.warkit-result').innerText.trim()",
                        timeout=WAIT)
                    bar = page.locator(".warkit-actions").first.bounding_box()
                    tray = dice.bounding_box()
                    assert 0 <= tray["y"] - (bar["y"] + bar["height"]) < 200, (bar, tray)
                    page.screenshot(path=str(shots(tmp_path) / "phone-game.png"))
            else:
                page.locator("button.warkit-end").first.tap()
                action = "end"
            assert replica.act(action), replica.message
            replica.run_computers()
        over = page.locator(".warkit-over").first
        page.locator(".warkit-end-report svg.wk-chart").first.wait_for(timeout=WAIT)
        assert replica.step is Step.OVER
        winner = replica.seats[replica.state.winners[0]].name
        assert winner in over.inner_text()
        page.wait_for_function("t => document.title === t", arg=tr("play.tab.over", "pt"),
                               timeout=WAIT)
        over.scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / "phone-victory.png"))
        overflow = ("() => Math.max(document.documentElement.scrollWidth,"
                    " document.body.scrollWidth) - window.innerWidth")
        assert page.evaluate(overflow) <= 1
        # the victory table is a card per player there: nothing to scroll sideways, every
        # objective readable inside the box
        box = ".warkit-over .wk-over"
        assert page.evaluate(f"() => {{ const b = document.querySelector('{box}');"
                             " return b.scrollWidth - b.clientWidth; }") <= 1
        inside = page.evaluate(
            f"() => {{ const b = document.querySelector('{box}').getBoundingClientRect();"
            f" return [...document.querySelectorAll('{box} td')].every(td => {{"
            " const r = td.getBoundingClientRect();"
            " return r.left >= b.left - 1 && r.right <= b.right + 1; }); }")
        assert inside


def test_the_laptop_screen_keeps_map_actions_and_dice_together(browser,
                                                              play_server: PlayServer,
                                                              tmp_path: Path):
    seats = (Seat("Rafa", "red", "human"), Seat("Computador 2", "blue", "normal"),
             Seat("Computador 3", "green", "normal"))
    with context(browser, play_server, {"width": 1366, "height": 768}, False) as (page, _):
        fill_form_pt(page, seats, 5, "instant", tap=False)
        canvas = page.locator("canvas.warkit-map").first
        canvas.wait_for(timeout=WAIT)
        wait_status(page, "Rafa:")  # Rafa's turn: the action bar is up
        page.locator("button.warkit-go").first.wait_for(timeout=WAIT)
        header = page.locator(".warkit-header").first
        tops = header.evaluate("h => Array.from(h.children).filter(c => c.offsetParent)"
                               ".map(c => Math.round(c.getBoundingClientRect().top))")
        box = header.bounding_box()
        assert box["height"] < 60, f"the header wraps: {box}, tops {tops}"
        for css in (".warkit-map-box", ".warkit-actions", ".warkit-play-dice"):
            part = page.locator(css).first.bounding_box()
            assert part["y"] >= 0 and part["y"] + min(part["height"], 40) <= 768, (css, part)
        cut = page.evaluate("() => Array.from(document.querySelectorAll("
                            "'.warkit-play button, .warkit-header > *, .wk-head-title'))"
                            ".filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 1)"
                            ".map(b => b.innerText)")
        assert not cut, f"labels cut: {cut}"
        lines = page.evaluate(  # text lines of each player's name ("Computador 2": one)
            "() => Array.from(document.querySelectorAll('.wk-players td:first-child'))"
            ".map(td => { const r = document.createRange();"
            " r.selectNodeContents(td.lastChild);"
            " return new Set(Array.from(r.getClientRects()).map(c => Math.round(c.top))).size; })")
        assert lines and all(n == 1 for n in lines), lines
        page.screenshot(path=str(shots(tmp_path) / "layout-1366x768.png"))
        before = canvas.bounding_box()
        page.locator("button.warkit-save").first.click()
        page.locator(".warkit-banner").first.wait_for(state="visible", timeout=WAIT)
        page.wait_for_timeout(300)
        assert canvas.bounding_box()["y"] == before["y"], "saving moved the map"


HEADER_JS = """() => {
  const header = document.querySelector('.warkit-header');
  const shown = e => e.getClientRects().length > 0 && !e.closest('.warkit-download');
  const controls = [...header.querySelectorAll('button, select, label, .widget-upload')]
    .filter(shown).map(e => { const r = e.getBoundingClientRect();
      return {text: e.innerText.split('\\n')[0] || e.title, left: r.left, right: r.right,
              top: r.top, bottom: r.bottom, cut: e.scrollWidth > e.clientWidth + 1}; });
  const texts = [...header.querySelectorAll('.wk-head-title, .wk-head-info')].filter(shown)
    .map(e => ({text: e.innerText, cut: e.scrollWidth > e.clientWidth + 1}));
  return {controls, texts, width: innerWidth, height: innerHeight,
          rows: header.getBoundingClientRect().height}; }"""


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_header_control_is_whole_on_screen_at_common_widths(browser,
                                                                 play_server: PlayServer,
                                                                 lang: str):
    """A game's header at 1920, 1366, 1280 and 1024 px wide and on a phone: every control
    (language, pace, new game, save, load, replay, rules, sound) lies inside the window with
    its whole label, the title and the game's line too; one row from 1366 px up (the game's
    controls go to a second row together when the row is too narrow for them)."""
    with open_page(browser, play_server.url + f"?lang={lang}", "button.warkit-start",
                   {"width": 1920, "height": 900}) as (page, _, _errors):
        page.locator("button.warkit-start").first.click()
        page.locator("canvas.warkit-map").first.wait_for(timeout=WAIT)
        page.locator(".warkit-header .wk-head-info").first.wait_for(timeout=WAIT)
        for width, height in ((1920, 1080), (1366, 768), (1280, 900), (1024, 768),
                              (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            seen = page.evaluate(HEADER_JS)
            names = [c["text"] for c in seen["controls"]]
            # languages (2), pace, new, save, load, replay, rules, sound; the pace's label
            # but on a phone (hidden there)
            assert len(names) == (9 if width < 600 else 10), (width, names)
            outside = [c for c in seen["controls"] if c["left"] < 0 or c["right"] > width
                       or c["top"] < 0 or c["bottom"] > height]
            assert not outside, f"{lang} {width} px: outside the window: {outside}"
            cut = [c["text"] for c in seen["controls"] + seen["texts"] if c["cut"]]
            assert not cut, f"{lang} {width} px: labels cut: {cut}"
            if width >= 1366:
                assert seen["rows"] < 60, f"{lang} {width} px: the header wraps ({seen})"


def test_the_mute_remembers_and_respects_reduced_motion(browser, play_server: PlayServer):
    """A system asking for reduced motion starts muted; the player's choice is kept by the
    browser (localStorage) across a reload."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(play_server.url + "?lang=pt", timeout=90_000)
        mute = page.locator("button.wk-mute").first
        mute.get_by_text("♪ mudo").wait_for(timeout=WAIT)
        assert mute.get_attribute("aria-pressed") == "true"
        mute.click()
        mute.get_by_text("♪ som").wait_for(timeout=WAIT)
        assert page.evaluate("() => localStorage.getItem('warkit-muted')") == "0"
        page.reload(timeout=90_000)
        page.locator("button.wk-mute").first.get_by_text("♪ som").wait_for(timeout=WAIT)
    finally:
        ctx.close()
