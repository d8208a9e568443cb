"""The ipywidgets layer without a browser: simulated front-end events, the draw messages sent,
traits, visible errors, and kernel-side timings (printed, not asserted).

Rule IDs: C-ATK-1 (clicks), C-ATK-4 (dice shown), C-ATK-5 (odds), C-CONQ-1 (moving in),
C-CARD-2 and C-CARD-4 (the hand's trade value).
"""

from __future__ import annotations

import statistics
import time

import pytest
from ipycanvas.canvas import _CANVAS_MANAGER, _CMD_LIST
from warkit_widgets import (
    BattleDesk,
    BattleExplorer,
    DiceExplorer,
    DiceWidget,
    HandWidget,
    MapController,
    MapWidget,
    OddsWidget,
)
from warkit_widgets.controller import Selection
from warkit_widgets.models import HandController

import warkit

M = warkit.world_map()


@pytest.fixture
def sent(monkeypatch) -> list[list]:
    """Every batch of canvas commands the kernel sends, as lists of command names."""
    batches: list[list] = []

    def record(command, buffers=()):
        commands = command if command and isinstance(command[0], list) else [command]
        batches.append([_CMD_LIST[c[0]] for c in commands])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    return batches


def front_end(widget: MapWidget, event: str, **content: float) -> None:
    """Deliver a front-end event to the map's MultiCanvas the way its comm does."""
    widget.canvas._handle_custom_msg({"event": event, **content}, [])


def click(widget: MapWidget, territory: str) -> None:
    x, y = widget.pixel_of(territory)
    front_end(widget, "mouse_down", x=x, y=y)


def test_client_ready_redraws_every_layer_in_one_batch(battle_state, sent):
    widget = MapWidget(battle_state, lang="en")
    assert sent == []  # nothing is drawn before a browser is there to see it
    _CANVAS_MANAGER._current_canvas = widget.canvas[3]  # as if it drew last (G1)
    front_end(widget, "client_ready")
    assert len(sent) == 1
    batch = sent[0]
    # G1: a fresh switchCanvas comes first, even for the canvas that was drawn last
    assert batch[0] == "switchCanvas"
    assert batch.count("switchCanvas") == 4 and batch.count("clear") == 4
    assert batch.count("fillStyledPolygons") == 2  # the land and the army badges
    assert widget.reporter.errors == []


def test_clicks_select_and_redraw_only_the_highlights(battle_state, sent):
    widget = MapWidget(battle_state, lang="en")
    front_end(widget, "client_ready")
    sent.clear()
    click(widget, "brasil")
    assert widget.controller.selection == Selection(M.index("brasil"))
    assert "Brazil (4 armies) selected" in widget.status.value
    assert len(sent) == 1 and sent[0].count("clear") == 1  # one batch, one layer
    click(widget, "argentina")
    assert widget.controller.pending_action() == warkit.Attack("brasil", "argentina", 3)
    assert "quadraticCurveTo" in sent[-1]  # the attack arrow
    front_end(widget, "mouse_down", x=500, y=555)  # the sea at the bottom edge
    assert widget.controller.selection == Selection()
    click(widget, "china")
    assert 'data-kind="refused"' in widget.status.value and "C-ATK-1" in widget.status.value


def test_clicks_map_back_through_the_scale(battle_state):
    widget = MapWidget(battle_state, scale=0.6)
    assert (widget.canvas.width, widget.canvas.height) == (600, 336)
    assert widget.territory_at(*widget.pixel_of("japao")) == M.index("japao")
    assert widget.territory_at(1, 1) is None


def test_nothing_is_drawn_before_the_browser_s_canvas_is_ready(battle_state, sent):
    """A page still making its widget models has no canvas for the commands: a state change
    then draws nothing, and client_ready draws it all."""
    widget = MapWidget(battle_state, lang="en", tint="owner")
    widget.controller.apply("attack brasil argentina 3")
    widget.set_tint("continent")
    assert sent == []
    front_end(widget, "client_ready")
    assert len(sent) == 1 and sent[0].count("clear") == 4


def test_a_state_change_redraws_pieces_and_highlights(battle_state, sent):
    widget = MapWidget(battle_state, lang="en")
    front_end(widget, "client_ready")
    sent.clear()
    widget.controller.apply("attack brasil argentina 3")
    assert len(sent) == 1 and sent[0].count("clear") == 2
    widget.lang = "pt"  # names change: everything is redrawn
    assert sent[-1].count("clear") == 4
    assert "Primeiro é preciso rolar os dados" in widget.status.value


def test_owner_tints_follow_the_state_and_the_toggle(battle_state, sent):
    """Tinted by owner, a state change repaints the owners' layer too; the toggle switches
    back to the continents' tints (the owners' layer is only cleared)."""
    widget = MapWidget(battle_state, lang="en", tint="owner", tint_toggle=True)
    assert widget.tint_buttons.layout.display is None
    front_end(widget, "client_ready")
    assert sent[-1].count("fillStyledPolygons") == 3  # continents, owners, badges
    widget.controller.apply("attack brasil argentina 3")
    assert sent[-1].count("clear") == 3 and sent[-1].count("fillStyledPolygons") == 2
    widget.tint_buttons.value = "continent"
    assert widget.tint == "continent" and sent[-1].count("clear") == 1
    assert "fillStyledPolygons" not in sent[-1]
    widget.lang = "pt"
    assert [o[0] for o in widget.tint_buttons.options] == ["Cores: donos", "Cores: continentes"]
    assert widget.tint_buttons.value == "continent"
    with pytest.raises(ValueError):
        MapWidget(battle_state, tint="rainbow")


def test_a_touch_tap_selects_like_a_click(battle_state):
    """ipycanvas cancels the mouse events of a touch: a one-finger tap is handled itself."""
    widget = MapWidget(battle_state, lang="en")
    x, y = widget.pixel_of("brasil")
    front_end(widget, "touch_start", touches=[{"x": x, "y": y}])
    assert widget.controller.selection == Selection(M.index("brasil"))
    x2, y2 = widget.pixel_of("china")
    front_end(widget, "touch_start", touches=[{"x": x, "y": y}, {"x": x2, "y": y2}])
    assert widget.controller.selection == Selection(M.index("brasil"))  # two fingers: nothing


def test_callback_errors_are_shown_not_swallowed(battle_state, monkeypatch):
    widget = MapWidget(battle_state, lang="en")

    def broken(territory):
        raise RuntimeError("the controller broke")

    monkeypatch.setattr(widget.controller, "click", broken)
    click(widget, "brasil")  # ipywidgets would swallow this; the reporter must not
    assert len(widget.reporter.errors) == 1
    line, report = widget.reporter.line.value, widget.reporter.detail.value
    assert "Something went wrong" in line and "Traceback" not in line
    assert widget.reporter.line.layout.display is None
    # the report is collapsed, names the error and its frames by module, and shows no path
    assert "<details>" in report and "RuntimeError: the controller broke" in report
    assert "widgets/mapwidget.py" in report and "/work/" not in report and "Traceback" not in report
    widget.reporter.clear()
    assert widget.reporter.line.layout.display == "none"


def test_dice_widget_shows_and_follows(battle_state):
    dice = DiceWidget(lang="en")
    assert "No roll yet." in dice.html.value
    result = dice.show([1, 5, 4], [6, 1, 3])
    assert (result.lost_attacker, result.lost_defender) == (2, 1)
    assert dice.html.value.count('data-winner="defender"') == 2
    first = dice.html.value
    dice.show([5, 4, 1], [6, 3, 1])  # the same roll again must replay the animation
    assert dice.html.value != first
    dice.animate = False
    assert 'class="wk-box wk-anim"' not in dice.html.value
    ctl = MapController(battle_state, lang="en")
    dice.follow(ctl)
    ctl.apply("attack franca alemanha 3")
    ctl.apply("roll 6,3,2 vs 5,4,2")
    assert dice.comparison.attack == (6, 3, 2) and "Attacker loses 2" in dice.html.value
    ctl.lang = "pt"
    assert "O ataque perde 2" in dice.html.value
    assert len(dice.roll(2, 1, __import__("random").Random(1)).attack) == 2


def test_odds_follow_selection_and_armies(battle_state, capsys):
    ctl = MapController(battle_state, lang="en")
    odds = OddsWidget(None, None, lang="en").follow(ctl)
    assert odds.odds is None and "Pick an attack" in odds.summary.value
    ctl.select("brasil", "argentina")
    assert (odds.odds.attackers, odds.odds.defenders) == (3, 3)
    assert odds.odds.win == pytest.approx(float(warkit.odds.win_probability(3, 3)))
    assert f'data-win="{odds.odds.win:.6f}"' in odds.summary.value
    assert 'class="wk-cell"' in odds.table.value
    ctl.apply(ctl.pending_action())
    ctl.apply("roll 5,4,1 vs 6,3,1")  # armies change: 2 vs 2 left, 1 may attack
    assert (odds.odds.attackers, odds.odds.defenders) == (1, 2)
    ctl.clear()
    ctl.select("franca", "alemanha")
    assert (odds.odds.attackers, odds.odds.defenders) == (9, 4)
    ctl.clear()
    assert odds.odds is None
    # kernel-side update time of the odds panel after a selection (aim: <= 50 ms)
    for a, d in [(3, 3), (9, 4), (20, 17), (5, 2), (12, 12)]:
        odds.set_armies(a, d)
    with capsys.disabled():
        print(f"\n[perf] odds panel update in the kernel: median "
              f"{statistics.median(odds.timings):.1f} ms, max {max(odds.timings):.1f} ms "
              f"over {len(odds.timings)} updates")


def test_click_to_drawn_highlight_in_the_kernel(battle_state, sent, capsys):
    widget = MapWidget(battle_state, lang="en")
    front_end(widget, "client_ready")
    for _ in range(10):
        for name in ("brasil", "argentina", "argentina", "brasil"):
            click(widget, name)
    ms = widget.timings["click"]
    assert widget.controller.selection == Selection()
    with capsys.disabled():
        print(f"\n[perf] click -> highlight batch sent, in the kernel: median "
              f"{statistics.median(ms):.2f} ms, max {max(ms):.2f} ms over {len(ms)} clicks; "
              f"full redraw {widget.timings['redraw'][0]:.1f} ms")


def test_hand_widget_toggles_and_trades():
    trades = []
    hand = HandController(["brasil", "argentina", "joker1", "china"])
    widget = HandWidget(hand, lang="en", on_trade=trades.append)
    assert [b.description for b in widget.cards.children] == [
        widget.card_text(c) for c in hand.cards]
    assert "★ Joker" in [b.description for b in widget.cards.children]
    assert widget.trade_button.disabled and "Select cards" in widget.value.value
    buttons = dict(zip(hand.cards, widget.cards.children, strict=True))
    buttons[M.index("brasil")].value = True
    buttons[M.index("argentina")].value = True
    assert "exactly 3 cards" in widget.value.value
    buttons[42].value = True
    assert not widget.trade_button.disabled and "worth 4 armies" in widget.value.value
    widget.trade_button.click()
    assert trades == [warkit.Trade(("brasil", "argentina", "joker1"))]
    hand.clear()
    assert not any(b.value for b in widget.cards.children)
    widget.lang = "pt"
    assert widget.trade_button.description == "Trocar"


def test_hand_widget_from_a_view_shows_only_that_players_cards():
    state = warkit.state.evolve(warkit.new_game(players=3, seed=2),
                                hands=((0, 1, 2), (3, 42), (4,)))
    widget = HandWidget(warkit.view(state, 1), lang="en")
    assert widget.controller.cards == (3, 42)
    assert len(widget.cards.children) == 2
    assert "Black's cards" in widget.title.value


def test_explorers(capsys):
    explorer = BattleExplorer(3, 2, lang="en")
    explorer.attackers.value = 7
    assert (explorer.odds.odds.attackers, explorer.odds.odds.defenders) == (7, 2)
    dice = DiceExplorer(3, 1, seed=5, lang="en")
    assert "95/144" in dice.outcomes.value
    dice.button.click()
    assert dice.dice.comparison is not None and 'class="wk-hit"' in dice.outcomes.value
    dice.defence_dice.value = 2
    assert 'class="wk-hit"' not in dice.outcomes.value
    assert explorer.reporter.errors == dice.reporter.errors == []


def test_battle_desk_attack_and_occupy(battle_state):
    desk = BattleDesk(battle_state, lang="en", seed=2)
    c = desk.controller
    assert desk.attack_button.disabled and desk.count.disabled
    c.select("franca", "alemanha")
    assert not desk.attack_button.disabled and desk.count.max == 3 == desk.count.value
    assert (desk.odds.odds.attackers, desk.odds.odds.defenders) == (9, 4)
    c.apply("attack franca alemanha 3")
    c.apply("roll 6,3,2 vs 5,4,2")
    c.apply("attack franca alemanha 3")
    c.apply("roll 5,3,2 vs 4,2,1")
    assert c.state.phase is warkit.Phase.OCCUPY
    assert not desk.occupy_button.disabled and desk.attack_button.disabled
    assert desk.count.max == 3 and desk.count.description == "armies"  # C-CONQ-1
    desk.count.value = 2
    desk.occupy_button.click()
    assert c.state.armies_at("alemanha") == 2 and c.state.phase is warkit.Phase.ATTACK
    c.select("franca", "polonia")
    start = time.perf_counter()
    desk.attack_button.click()
    assert c.last_battle.dst == M.index("polonia") and time.perf_counter() - start < 2
    assert desk.dice.comparison.attack == c.last_battle.attack
    desk.end_button.click()
    assert c.state.phase is warkit.Phase.MOVE and desk.end_button.disabled
    assert desk.reporter.errors == desk.map.reporter.errors == []


def test_the_answer_box_hints_at_a_form_never_at_the_answer():
    from fractions import Fraction

    from warkit_widgets import Hint, answer_box

    assert answer_box(13, lang="pt").text.placeholder == "um número inteiro"
    assert answer_box(7, lang="en").text.placeholder == "a whole number"
    assert answer_box(Fraction(95, 144), lang="en").text.placeholder == "a fraction, decimal or %"
    box = answer_box(13, lang="en")
    box.text.value = "13"
    box.button.click()
    assert box.check and "Correct! 13" in box.children[1].value
    hinted = answer_box(Fraction(95, 144), lang="pt", hints=[Hint(Fraction(1, 2), en="One die?",
                                                                  pt="Um dado só?")])
    hinted.text.value = "50 %"
    hinted.button.click()
    assert not hinted.check and "Um dado só?" in hinted.children[1].value
    typed = answer_box(Fraction(95, 144), lang="en")
    typed.text.value = "0.66"  # Enter sends the value (continuous_update=False): it is checked
    assert typed.check and "Correct!" in typed.children[1].value


@pytest.mark.parametrize("lang, words", [("en", "536 against 3: exact odds"),
                                         ("pt", "536 contra 3: as chances exatas")])
def test_odds_past_the_tables_limit_say_so_instead_of_failing(lang, words):
    # a long stalemate between computers piles hundreds of armies on one territory
    odds = OddsWidget(3, 3, lang=lang)
    assert odds.set_armies(536, 3) is None
    assert words in odds.summary.value and "500" in odds.summary.value
    assert odds.table.value == "" and not odds.reporter.box.children
    assert odds.set_armies(5, 3) is not None  # and back to a real table
