"""The pure models and text behind the widgets: dice pairs, odds, trades, i18n, HTML, exercises.

Rule IDs: C-ATK-4 (pairs, ties to the defender), C-ATK-5 (whole-attack odds),
C-CARD-2 (sets), C-CARD-4 (trade value), C-CARD-5 (territory bonus).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from warkit_widgets import html as H
from warkit_widgets.i18n import (
    color_name,
    fmt_percent,
    lang_from_env,
    normalize_lang,
    refusal_text,
    territory_name,
    tr,
)
from warkit_widgets.models import (
    HandContext,
    HandController,
    TradeQuote,
    battle_odds,
    compare_dice,
    trade_value,
)

import warkit
from warkit import IllegalActionError, Reason
from warkit.cards import is_set
from warkit.odds import expected_losses, final_distribution, roll_outcomes, win_probability

M = warkit.world_map()
card = M.index


# -- dice (C-ATK-4) ----------------------------------------------------------------------------
@pytest.mark.parametrize("attack, defence, winners, losses", [
    ((5, 4, 1), (6, 3, 1), ("defender", "attacker", "defender"), (2, 1)),  # rule book (a)
    ((3, 2), (6,), ("defender",), (1, 0)),                                 # rule book (b)
    ((6, 3, 2), (5, 4, 2), ("attacker", "defender", "defender"), (2, 1)),  # rule book (c)
    ((5, 3, 2), (4, 2, 1), ("attacker",) * 3, (0, 3)),
    ((2,), (6, 6, 1), ("defender",), (1, 0)),
])
def test_rule_book_examples(attack, defence, winners, losses):
    result = compare_dice(reversed(attack), defence)  # order given does not matter
    assert result.attack == tuple(sorted(attack, reverse=True))
    assert tuple(p.winner for p in result.pairs) == winners
    assert (result.lost_attacker, result.lost_defender) == losses


def test_every_roll_agrees_with_the_engine():
    for na, nd in product(range(1, 4), repeat=2):
        for att in product(range(1, 7), repeat=na):
            for dfn in product(range(1, 7), repeat=nd):
                r = compare_dice(att, dfn)
                assert len(r.pairs) == min(na, nd)
                assert (r.lost_attacker, r.lost_defender) == warkit.dice.battle_losses(att, dfn)
                assert all((p.winner == "defender") == (p.attack <= p.defence) for p in r.pairs)
                assert len(r.unpaired_attack) + len(r.pairs) == na


@pytest.mark.parametrize("attack, defence", [((), (1,)), ((1, 2, 3, 4), (1,)), ((7,), (1,)),
                                             ((0,), (1,)), ((True,), (1,))])
def test_bad_dice_are_refused(attack, defence):
    with pytest.raises(ValueError):
        compare_dice(attack, defence)


# -- odds (C-ATK-5) ----------------------------------------------------------------------------
def test_battle_odds_come_from_warkit_odds():
    odds = battle_odds(5, 3)
    assert odds.win == pytest.approx(float(win_probability(5, 3)))
    assert odds.expected_losses == pytest.approx(expected_losses(5, 3))
    assert dict(odds.final) == pytest.approx(final_distribution(5, 3))
    assert sum(p for _, p in odds.final) == pytest.approx(1.0)
    assert odds.table.shape == (11, 11) and odds.cell == (5, 3)
    assert odds.table[5, 3] == pytest.approx(odds.win)


def test_table_grows_to_the_cell_and_stops_at_the_cap():
    assert battle_odds(14, 2).table.shape == (15, 11)
    big = battle_odds(45, 3)
    assert big.table.shape == (31, 11) and big.cell is None
    assert battle_odds(0, 2).win == 0.0 and battle_odds(0, 2).cell is None
    with pytest.raises(ValueError):
        battle_odds(-1, 2)


# -- cards (C-CARD-2, C-CARD-4, C-CARD-5) ---------------------------------------------------------
def test_classic_value_of_sets_and_non_sets():
    ctx = HandContext(owned=frozenset({card("brasil")}), trades=2)  # the third trade: 8 (C-CARD-4)
    by_shape: dict[str, list[int]] = {}
    for t in M.territories:
        by_shape.setdefault(t.card_shape, []).append(t.index)
    same = tuple(sorted(by_shape["circle"][:3]))
    mixed = tuple(sorted(by_shape[s][0] for s in ("circle", "square", "triangle")))
    two_one = tuple(sorted(by_shape["circle"][:2] + by_shape["square"][:1]))
    with_joker = tuple(sorted((*two_one[:2], 42)))
    for cards in (same, mixed, with_joker):
        quote = trade_value(cards, ctx)
        assert quote.valid and quote.armies == 8 and is_set(cards)
    assert trade_value(two_one, ctx) == TradeQuote(two_one, False, note="hand.not_a_set")
    assert trade_value((), ctx).note == "hand.pick"
    short = trade_value(same[:2], ctx)
    assert short.note == "hand.need_count"
    assert tr(short.note, "en", **dict(short.note_args)) == "A trade is exactly 3 cards (C-CARD-2)."
    shape = M.territories[card("brasil")].card_shape
    others = [c for c in by_shape[shape] if c != card("brasil")]
    brasil_set = tuple(sorted((card("brasil"), *others[:2])))
    quote = trade_value(brasil_set, ctx)
    assert quote.bonus == ((card("brasil"), 2),) and quote.total == 10


def test_the_territory_bonus_once_per_trade_setting_is_honoured():
    """C-CARD-5 with ``card_bonus="once"``: +2 on one owned card territory, not on each (the old
    classic valuer of the widgets gave +2 on every owned card, so the hand showed 10, not 8)."""
    shape = M.territories[card("brasil")].card_shape
    cards = tuple(sorted(t.index for t in M.territories if t.card_shape == shape)[:3])
    owned = frozenset(cards)
    per_card = trade_value(cards, HandContext(owned, 0, warkit.ClassicRules()))
    once = trade_value(cards, HandContext(owned, 0, warkit.ClassicRules(card_bonus="once")))
    assert per_card.total == 4 + 3 * 2 and len(per_card.bonus) == 3
    assert once.total == 4 + 2 and once.bonus == ((cards[0], 2),)
    state = warkit.position({M.ids[c]: 0 for c in cards}, players=3, phase="trade",
                            settings={"card_bonus": "once"}, hands={0: cards})
    hand = HandController.from_view(warkit.view(state, 0))
    for c in cards:
        hand.toggle(c)
    assert hand.quote.total == 6
    after = warkit.apply(state, hand.trade_action())  # the engine gives the same 4 + 2
    gained = (after.reserves + sum(after.armies)) - (state.reserves + sum(state.armies))
    assert gained == 6


def test_hand_from_view_shows_only_the_viewers_cards():
    state = warkit.new_game(players=3, seed=2)
    state = warkit.state.evolve(state, hands=((0, 1, 2), (3, 42), (4,)))
    view = warkit.view(state, 1)
    hand = HandController.from_view(view)
    assert hand.cards == (3, 42)
    assert hand.player == state.colors[1]
    assert hand.context.trades == view.trades and hand.context.rules is view.rules
    assert hand.context.owned == frozenset(state.territories_of(1))


def test_hand_selection_and_trade_action():
    hand = HandController(["brasil", "argentina", "joker1", "egito"],
                          HandContext(owned=frozenset({card("egito")}), trades=1))
    seen = []
    hand.subscribe(seen.append)
    hand.toggle("brasil")
    hand.toggle(card("argentina"))
    assert not hand.quote.valid and hand.trade_action() is None
    hand.toggle("joker1")
    assert hand.quote.valid and hand.quote.armies == 6
    assert hand.trade_action() == warkit.Trade(("brasil", "argentina", "joker1"))  # card order
    hand.toggle("joker1")
    assert hand.selected == tuple(sorted((card("argentina"), card("brasil"))))
    with pytest.raises(ValueError):
        hand.toggle("china")
    hand.set_cards(["brasil"])
    assert hand.selected == (card("brasil"),)
    assert seen[-1] == frozenset({"cards", "selection"})


def test_a_trade_valuer_plugs_in():
    """SMART-style valuers (any number of cards) replace the classic one."""

    def count_value(cards, context):
        return TradeQuote(cards, bool(cards), armies=len(cards) ** 2)

    hand = HandController(["brasil", "china"], valuer=count_value)
    hand.toggle("brasil")
    hand.toggle("china")
    assert hand.quote.valid and hand.quote.armies == 4


# -- i18n ------------------------------------------------------------------------------------------
def test_language_tags_names_and_numbers(monkeypatch):
    assert normalize_lang("pt-BR") == normalize_lang("pt_br") == "pt"
    assert normalize_lang("en-US") == "en"
    with pytest.raises(ValueError):
        normalize_lang("fr")
    assert territory_name("alemanha", "en") == "Germany" and territory_name(17, "pt") == "Alemanha"
    assert color_name("red", "pt") == "vermelho"
    assert fmt_percent(Fraction(95, 144), "pt") == "66,0%"
    assert fmt_percent(0.4167, "en") == "41.7%"
    assert tr("dice.losses", "pt", att=2, dfn=1) == "O ataque perde 2, a defesa perde 1."
    with pytest.raises(KeyError):
        tr("no.such.key", "en")
    monkeypatch.delenv("WARKIT_LANG", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=pt-BR&x=1")
    assert lang_from_env("en") == "pt"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    assert lang_from_env("en") == "en"
    monkeypatch.delenv("QUERY_STRING")
    assert lang_from_env("en") == "en"


def test_refusal_text():
    error = IllegalActionError(Reason.NOT_ADJACENT, "brasil and china do not share a border",
                               "C-ATK-1")
    assert refusal_text(error, "en") == "Refused: " + error.message
    assert refusal_text(error, "pt", src="Brasil", dst="China") == (
        "Recusado: Brasil e China: os dois territórios não têm fronteira nem ligação por mar "
        "(C-ATK-1)")
    assert refusal_text(error, "pt") == "Recusado: " + error.message  # names missing
    other = IllegalActionError(Reason.MUST_TRADE, "you hold 5 cards", "C-CARD-3")
    assert refusal_text(other, "pt") == "Recusado: " + other.message


# -- HTML ------------------------------------------------------------------------------------------
def test_dice_tray_markup():
    tray = H.dice_tray_html(compare_dice((5, 4, 1), (6, 3, 1)), "en", animate=True, serial=7)
    assert tray.count('data-winner="defender"') == 2 and tray.count('data-winner="attacker"') == 1
    assert "tie: defence wins" in tray and "wk-anim" in tray and 'data-roll="7"' in tray
    assert "Attacker loses 2, defender loses 1." in tray
    still = H.dice_tray_html(compare_dice((3, 2), (6,)), "pt", animate=False)
    assert 'class="wk-box wk-anim"' not in still and "não comparado" in still and "wk-off" in still
    assert "Nenhuma rolagem" in H.dice_tray_html(None, "pt")


def test_heat_table_marks_the_current_cell():
    odds = battle_odds(4, 2)
    table = H.heat_table_html(odds.table, odds.cell, "en")
    assert table.count('class="wk-cell"') == 1
    assert re.search(r'class="wk-cell"[^>]*data-a="4" data-d="2"', table)
    assert table.count("<td") == 100
    assert H.heat_color(0) == "#ffffd9" and H.heat_color(1) == "#081d58"
    assert H.heat_color(2) == H.heat_color(1)


def test_final_chart_and_roll_table():
    odds = battle_odds(3, 2)
    chart = H.final_chart_svg(odds, "en")
    assert chart.count("<rect") == len(odds.final)
    assert 'role="img"' in chart and chart.count("%") >= len(odds.final)  # described in words
    description = re.search(r"<desc>(.*?)</desc>", H.final_chart_svg(odds, "pt")).group(1)
    assert description.count(";") == len(odds.final) - 1 and not re.search(r"\d\.\d", description)
    table = H.roll_table_html(roll_outcomes(3, 1), "en", hit=(0, 1))
    assert "95/144" in table and "49/144" in table and table.count('class="wk-hit"') == 1
    assert "&lt;b&gt;" in H.message_html("<b>", "info")  # text is escaped


def test_the_final_chart_of_a_huge_battle_has_no_negative_width():
    """More end states than the chart's 320 px (a battle of hundreds of armies): every
    column keeps a width >= 0 (the browser refuses a negative one)."""
    odds = battle_odds(300, 120)
    assert len(odds.final) > 320
    widths = [float(w) for w in re.findall(r'width="([-0-9.]+)"', H.final_chart_svg(odds))]
    assert widths and min(widths) >= 0


def test_win_table_is_consistent_with_itself():
    odds = battle_odds(3, 3)
    assert np.all(np.diff(odds.table[1:, 1:], axis=0) >= -1e-12)  # more attackers never hurt


def test_smart_trades_are_valued_by_the_best_split():
    """S-TRADE-1..5 in the hand: 1 to 6 cards, best split, joker bonus, +2 on owned cards."""
    from warkit.actions import card_index

    def quote(names, owned=()):
        cards = tuple(sorted(card_index(n) for n in names))
        owned_cards = frozenset(card_index(o) for o in owned)
        return trade_value(cards, HandContext(owned_cards, rules=warkit.find_rules("smart")))

    assert quote(["joker1"]).total == 11 and quote(["joker1", "joker2"]).total == 29
    largest = quote(["argentina", "franca", "polonia", "mexico", "joker1", "joker2"],
                    owned=["argentina", "franca", "polonia", "mexico"])
    assert (largest.armies, largest.total, largest.joker_bonus) == (61, 69, 25)
    assert [value for _, value in largest.groups] == [36]
    assert not quote([]).valid
    too_many = quote(["brasil", "peru", "argentina", "venezuela", "mexico", "egito", "joker1"])
    assert not too_many.valid and too_many.note == "hand.count_range"
    assert tr(too_many.note, "pt", **dict(too_many.note_args)) == (
        "Uma troca tem de 1 a 6 cartas (S-TRADE-1).")


def test_a_smart_view_gives_the_hand_its_rule_set():
    state = warkit.new_game(4, rules="smart", seed=3)
    view = warkit.view(state, state.current)
    controller = HandController.from_view(view)
    assert controller.valuer is trade_value and controller.context.rules is view.rules
