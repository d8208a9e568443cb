"""SMART modifiers in the dashboard's odds panel and dice tray, on hand-built positions.

The odds shown for a SMART attack must be :func:`warkit.odds.win_probability` with what
the viewer may know: revealed terrain cards (S-TERRAIN-1..3), the viewer's own cards for
tactical regroups (S-REROLL-1, minus revealed cards, S-TERM-2, and the card an air attack
spends, S-AIR-1), never the other side's hidden hand (said in words instead).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from warkit_widgets.battle_terms import CLASSIC, battle_terms
from warkit_widgets.html import dice_tray_html, odds_summary_html
from warkit_widgets.models import battle_odds, compare_dice
from warkit_widgets.play.app import PlayApp
from warkit_widgets.play.config import Seat, Step
from warkit_widgets.play.controller import GameController

import warkit
from warkit import Match, Phase, apply
from warkit.odds import Reroll, win_probability

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from smart_positions import idx, smart_position

KINDS = ("human", "random", "random", "random")


def controller(state, kinds=KINDS, lang="en") -> GameController:
    seats = tuple(Seat(f"P{i + 1}", c, k) for i, (c, k) in enumerate(zip(state.colors, kinds)))
    return GameController(Match(state), seats, lang=lang, pace="instant")


def position(hands=None, revealed=(), armies=None, **options):
    """Seat 0 attacks from Brasil (6 armies: 5 may attack) towards Argentina (3, seat 1)."""
    owners = {"brasil": 0, "argentina": 1, "japao": 1}
    army = {"brasil": 6, "argentina": 3, "japao": 2, **(armies or {})}
    return smart_position(owners, army, hands=hands or {}, revealed=revealed, **options)


def select(game: GameController, src: str, dst: str):
    """Pick the attack on the map and return the odds the panel shows for it."""
    game.click(None)
    game.click(src)
    game.click(dst)
    app_odds = PlayApp(lang=game.lang, autosave=_NoSave(), schedule=_never)
    app_odds.set_game(game)
    return app_odds.odds.odds, app_odds


class _NoSave:
    enabled = False

    def __call__(self, game) -> None:
        pass

    def games(self):
        return []

    def claim(self, game_id) -> None:
        pass


def _never(delay, fn):  # the computers never move in these tests
    class Handle:
        def cancel(self) -> None:
            pass
    return Handle()


def test_classic_odds_have_no_modifier_text():
    """Classic War: no modifier, plain odds, no SMART box."""
    state = warkit.initial_state(4, "classic")
    assert battle_terms(warkit.view(state, 0), idx("brasil"), idx("argentina")) is CLASSIC
    odds = battle_odds(5, 3)
    assert odds.win == pytest.approx(float(win_probability(5, 3)))
    assert 'class="wk-mods"' not in odds_summary_html(odds, "en")


def test_attacker_terrain_knowledge_S_TERRAIN_2():
    """S-TERRAIN-1/2: the attacker's revealed card of the target gives ties to the attack and
    one more defender loss per battle; the odds use terrain="attacker"."""
    game = controller(position(hands={0: ["argentina"]}, revealed=[("argentina", 0, "terrain")]))
    odds, app = select(game, "brasil", "argentina")
    expected = float(win_probability(5, 3, terrain="attacker"))
    assert odds.win == pytest.approx(expected)
    assert odds.win > float(win_probability(5, 3)) + 0.1
    assert odds.reroll is None  # the revealed card serves one advantage only (S-TERM-2)
    text = app.odds.summary.value
    assert "S-TERRAIN-2" in text and "Argentina" in text and "revealed by the attacker" in text
    app.set_lang("pt")
    assert "mostrado pelo atacante" in app.odds.summary.value


def test_defender_terrain_knowledge_S_TERRAIN_3():
    """S-TERRAIN-3 (revised): the defender's revealed card means one loss fewer per battle,
    never for its last army, so the attack is harder but can still conquer."""
    game = controller(position(hands={1: ["argentina"]}, revealed=[("argentina", 1, "terrain")]))
    odds, app = select(game, "brasil", "argentina")
    assert odds.win == pytest.approx(float(win_probability(5, 3, terrain="defender")))
    assert 0 < odds.win < float(win_probability(5, 3))
    assert "S-TERRAIN-3" in app.odds.summary.value
    assert "Not counted" not in app.odds.summary.value  # the defender's only card is public


def test_attacker_reroll_counts_own_cards_S_REROLL_1():
    """S-REROLL-1: the attacker's joker (1-3 dice, min 4) and a card of a territory it does not
    control (1 die, min 2); the odds take the better of "1 joker" and "2 cards as good as the
    weaker kind", the attacker's side, spent whenever a reroll pays."""
    game = controller(position(hands={0: ["joker1", "mexico"]}))
    odds, app = select(game, "brasil", "argentina")
    joker = float(win_probability(5, 3, reroll=Reroll("joker", cards=1)))
    both = float(win_probability(5, 3, reroll=Reroll("non_controlled", cards=2)))
    assert odds.win == pytest.approx(max(joker, both))
    assert odds.win > float(win_probability(5, 3))
    assert odds.reroll.side == "attacker"
    text = app.odds.summary.value
    assert "S-REROLL-1" in text and f"your usable cards counted: {odds.reroll.cards} of 2" in text


def test_revealed_card_is_not_counted_for_a_reroll_S_TERM_2():
    """S-TERM-2: a card revealed this turn (here for a hidden passage) serves no reroll."""
    state = position(hands={0: ["joker1", "mexico"]}, revealed=[("mexico", 0, "passage")])
    game = controller(state)
    odds, _ = select(game, "brasil", "argentina")
    assert odds.reroll == Reroll("joker", cards=1)
    assert odds.win == pytest.approx(float(win_probability(5, 3, reroll=Reroll("joker",
                                                                                 cards=1))))


def test_air_attack_spends_the_target_card_S_AIR_1():
    """S-AIR-1: Brasil -> Japão is an air attack that discards Japão's card: battles as usual,
    so only the joker is left for rerolls, and that card cannot also be revealed."""
    game = controller(position(hands={0: ["japao", "joker1"]}))
    odds, app = select(game, "brasil", "japao")
    reroll = Reroll("joker", cards=1)
    assert odds.win == pytest.approx(float(win_probability(5, 2, reroll=reroll)))
    assert odds.reroll == reroll and odds.what_if is None
    assert "S-AIR-1" in app.odds.summary.value and "Japan" in app.odds.summary.value


def test_own_card_of_the_target_is_a_what_if_S_TERRAIN_1():
    """The attacker holds the target's card, unrevealed: the odds do not assume it is shown,
    but the panel says what showing it would give (terrain, with the other cards' rerolls)."""
    game = controller(position(hands={0: ["argentina", "joker1"]}))
    odds, app = select(game, "brasil", "argentina")
    assert odds.terms.terrain is None
    best_now = max(float(win_probability(5, 3, reroll=r)) for r in
                   (Reroll("joker", cards=1), Reroll("non_controlled", cards=2)))
    assert odds.win == pytest.approx(best_now)
    shown = float(win_probability(5, 3, terrain="attacker", reroll=Reroll("joker", cards=1)))
    assert odds.what_if == pytest.approx(shown)
    assert "You hold the card of Argentina" in app.odds.summary.value


def test_hidden_defender_cards_are_said_not_guessed():
    """The defender's hand is secret: its size is public, so the panel warns that it may
    reroll (S-REROLL-1) or reveal the target's terrain (S-TERRAIN-3); the numbers ignore it."""
    game = controller(position(hands={1: ["argentina", "joker2"]}))
    odds, app = select(game, "brasil", "argentina")
    assert odds.win == pytest.approx(float(win_probability(5, 3)))
    text = app.odds.summary.value
    assert "the defender holds 2 cards you cannot see" in text and "S-TERRAIN-3" in text
    assert "Argentina" in text
    assert "joker" not in text.lower()  # nothing of the hidden hand is shown


def test_hidden_hand_cannot_hold_a_card_the_viewer_holds():
    """If the viewer holds the target's card, the defender cannot reveal it: only rerolls."""
    game = controller(position(hands={0: ["argentina"], 1: ["joker2"]}))
    odds, _ = select(game, "brasil", "argentina")
    keys = [n.key for n in odds.terms.unknown]
    assert keys == ["odds.unknown.defender"]


def test_defender_viewer_counts_own_cards_S_REROLL_1():
    """A computer attacks the human: the human defender's joker is counted on the defence's
    side (the attacker's chance goes down); the attacker's hidden cards are only said."""
    state = smart_position({"brasil": 1, "argentina": 0}, {"brasil": 6, "argentina": 3},
                           current=1, hands={0: ["joker1"], 1: ["mexico"]})
    state = apply(state, "attack brasil argentina 3")
    assert state.phase is Phase.ROLL
    game = controller(state, kinds=("human", "random", "random", "random"))
    assert game.viewer == 0 and game.step is Step.WAIT
    terms = battle_terms(game.view, idx("brasil"), idx("argentina"))
    assert terms.viewer_side == "defender"
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=_never)
    app.set_game(game)
    reroll = Reroll("joker", side="defender", cards=1)
    assert app.odds.odds.win == pytest.approx(float(win_probability(5, 3, reroll=reroll)))
    assert app.odds.odds.win < float(win_probability(5, 3))
    text = app.odds.summary.value
    assert "yours as defender" in text and "the attacker holds 1 card you cannot see" in text


# -- the dice tray -------------------------------------------------------------------------------
def test_tray_terrain_attacker_gives_ties_and_one_more_loss_S_TERRAIN_2():
    """6-6-6 against 6-6-6 with the attacker's terrain knowledge kills 4 (S-TERRAIN-2)."""
    tray = compare_dice((6, 6, 6), (6, 6, 6), terrain="attacker", defenders=5)
    assert (tray.lost_attacker, tray.lost_defender, tray.dice_lost_defender) == (0, 4, 3)
    assert all(p.winner == "attacker" for p in tray.pairs)
    html = dice_tray_html(tray, "en")
    assert "tie: attack wins (terrain)" in html and "3 by the dice → 4" in html
    assert "S-TERRAIN-2" in dice_tray_html(tray, "pt")


def test_tray_terrain_defender_one_fewer_S_TERRAIN_3():
    tray = compare_dice((6,), (2, 1), terrain="defender", defenders=2)
    assert (tray.lost_attacker, tray.lost_defender) == (0, 0)
    assert "1 by the dice → 0" in dice_tray_html(tray, "en")
    lone = compare_dice((6,), (2,), terrain="defender", defenders=1)   # the last army: no saving
    assert (lone.lost_attacker, lone.lost_defender) == (0, 1)


def test_tray_judges_like_the_engine_in_a_terrain_battle():
    """Through the controller: the tray's losses are the engine's, whatever the dice."""
    for seed in range(12):
        state = position(hands={0: ["argentina"]}, revealed=[("argentina", 0, "terrain")],
                         armies={"argentina": 4})
        game = controller(state)
        game.match.seed = seed
        game.click(None)
        game.click("brasil")
        game.click("argentina")
        before = game.state.armies[idx("argentina")]
        assert game.attack(3)
        tray, record = game.tray, game.last_battle
        assert tray.terrain == "attacker" and not tray.pending
        assert tray.lost_defender == record.lost_defender
        assert tray.lost_attacker == record.lost_attacker
        assert tray.lost_defender == min(before, tray.dice_lost_defender + 1) or (
            record.lost_attacker == 5)


def test_tray_shows_a_reroll_S_REROLL_1():
    """The human attacker rerolls one die with a joker: the tray lists old -> new dice (each
    at least 4) and outlines the rerolled die; the defender (no cards) cannot react."""
    game = controller(position(hands={0: ["joker1"]}))
    game.click(None)
    game.click("brasil")
    game.click("argentina")
    assert game.attack(3)
    assert game.step is Step.REACT and game.tray.pending
    low = min(game.state.last_roll[0])
    assert game.act(f"reroll joker1 {low}")
    tray = game.tray
    (shown,) = tray.rerolls
    assert shown.side == "attacker" and shown.old == (low,) and shown.minimum == 4
    assert 4 <= shown.new[0] <= 6 and shown.new[0] in tray.attack
    html = dice_tray_html(tray, "en")
    assert f"Attack rerolled {low} → {shown.new[0]} (minimum 4, S-REROLL-1)" in html
    assert html.count('wk-rerolled"') == 1


def test_odds_and_trade_hint_only_when_they_apply():
    """The odds panel shows in the attack step (and while a battle is on), not when moving;
    the hand's "select cards to trade" hint only while trading (C-CARD-3, S-TRADE-1)."""
    moving = controller(position(hands={0: ["joker1"]}, phase=Phase.MOVE))
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=_never)
    app.set_game(moving)
    assert app.odds_box.layout.display == "none"
    assert app.hand.value.layout.display == "none"
    attacking = controller(position(hands={0: ["joker1"]}))
    app.set_game(attacking)
    assert app.odds_box.layout.display is None


def test_tray_rolls_in_new_dice_only():
    """Each roll (and reroll) replays the tray's roll; a reaction that only re-judges the same
    dice (a pass that resolves the battle) updates it without rolling."""
    game = controller(position(hands={0: ["joker1"]}))
    app = PlayApp(lang="en", autosave=_NoSave(), schedule=_never)
    app.set_game(game)
    game.click(None)
    game.click("brasil")
    game.click("argentina")
    assert game.attack(3) and game.step is Step.REACT
    serial = app.dice._serial
    assert app.dice.comparison.pending
    assert game.act("pass")
    assert not app.dice.comparison.pending and app.dice._serial == serial
    assert f'data-roll="{serial}"' in app.dice.html.value
