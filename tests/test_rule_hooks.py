"""The hooks a rule set offers its callers (bots, widgets) instead of its name.

Each hook is checked against what ``apply`` does, so a caller reading the hook
sees the rule the engine plays (C-CARD-2..5, C-CONQ-1, S-TRADE-1..5, S-CONQ-1,
S-TERRAIN-1..3, S-WIN-2/3), and a tiny third rule set (Risk's two defence
dice, C-ATK-3 changed) plays with every bot level without any name check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest
from positions import conquer, position

import warkit
from warkit import Phase
from warkit.rules import RULESETS, ClassicRules, SmartRules, registered_rules
from warkit.rules.smart import SmartPhase, smart_winners


@pytest.mark.parametrize("bonus", ["per_card", "once"])
def test_classic_trade_quote_is_what_the_trade_gives(bonus):
    """C-CARD-4/5: the quote's armies and +2 bonuses are the trade's, for both settings."""
    rng = random.Random(3)
    for _ in range(60):
        hand = sorted(rng.sample(range(44), 3))
        state = position(phase=Phase.TRADE, hands={0: [warkit.world_map().ids[c] if c < 42
                                                        else f"joker{c - 41}" for c in hand]},
                         owners={warkit.world_map().ids[c]: 0 for c in hand[:2] if c < 42},
                         trades=rng.randrange(8), settings={"card_bonus": bonus})
        quote = state.rules.trade_quote(tuple(hand), frozenset(state.territories_of(0)),
                                        state.trades)
        legal = [a for a in warkit.legal_actions(state) if a.keyword == "trade"]
        assert quote.valid == bool(legal)
        if legal:
            after = warkit.apply(state, legal[0])
            assert after.reserves - state.reserves == quote.armies
            assert sum(after.armies) - sum(state.armies) == sum(b for _, b in quote.bonus)


def test_smart_trade_quote_is_what_the_trade_gives():
    """S-TRADE-1..5: the quote equals the armies a SMART trade brings (no supply cap)."""
    rng = random.Random(5)
    for seed in range(12):
        state = warkit.new_game(4, rules="smart", seed=seed)
        hand = tuple(sorted(rng.sample(range(44), rng.randint(1, 6))))
        hands = list(state.hands)
        hands[state.current] = hand
        state = warkit.state.evolve(state, hands=tuple(hands), phase=Phase.TRADE)
        quote = state.rules.trade_quote(hand, frozenset(state.territories_of(state.current)), 0)
        after = warkit.apply(state, warkit.Trade(tuple(warkit.actions.card_name(c)
                                                       for c in hand)))
        assert after.reserves - state.reserves == quote.armies
        assert sum(after.armies) - sum(state.armies) == sum(b for _, b in quote.bonus)
    assert not state.rules.trade_quote((), frozenset(), 0).valid


@pytest.mark.parametrize("rules", ["classic", "smart"])
def test_largest_move_in_is_the_legal_occupy(rules):
    """C-CONQ-1 / S-CONQ-1: the hook gives the largest legal Occupy."""
    for seed in range(30):
        match = warkit.simulate(4, rules, bots="normal", seed=seed, max_turns=12, fast=False)
        for before, state in zip(match.states, match.states[1:]):
            if state.phase is Phase.OCCUPY and before.phase is not Phase.OCCUPY:
                v = warkit.view(state, state.current)
                largest = max(a.armies for a in warkit.legal_actions(state))
                b = v.battle
                assert v.rules.largest_move_in(v.armies[b.src], b.attack_dice) == largest
                return


def test_battle_rule_and_reacting_read_the_view_as_the_engine_reads_the_state():
    """S-TERRAIN-1/2, S-REROLL-1: the view's rule set tells ties, terrain and who reacts."""
    seen = 0
    for seed in range(6):
        match = warkit.simulate(4, "smart", bots="normal", seed=seed, max_turns=20, fast=False)
        for state in match.states:
            if state.battle is None or state.phase is Phase.SETUP:
                continue
            v = warkit.view(state, None)
            rule = v.rules.battle_rule(v, state.battle.dst)
            assert rule.terrain == state.rules.terrain_side(state, state.battle.dst)
            assert rule.ties == ("attacker" if rule.terrain == "attacker" else "defender")
            expected = state.current_player if state.phase is SmartPhase.REACT else None
            assert v.rules.reacting(v) == expected
            seen += rule.terrain is not None
    assert seen
    classic = warkit.new_game(4, seed=1)
    assert classic.rules.battle_rule(classic, 0).ties == "defender"
    assert classic.rules.reacting(classic) is None


def test_smart_end_decision_names_the_rule_that_chose_the_winners():
    """S-WIN-2/3: the decision read from the final view agrees with the engine's winners."""
    kinds = set()
    for seed in range(12):
        final = warkit.simulate(4, "smart", bots="normal", seed=seed, fast=False).state
        decision = final.rules.end_decision(warkit.view(final, None))
        kinds.add(decision.kind)
        if decision.kind == "eliminator":
            assert final.winners == (decision.seat,)
        else:
            assert decision.rule == "S-WIN-3"
    assert kinds
    classic = position({"brasil": 0}, phase=Phase.ATTACK)
    assert classic.rules.end_decision(classic) is None
    assert smart_winners  # the engine's own decision (same tie-break code)


@dataclass(frozen=True)
class RiskDefenceRules(ClassicRules):
    """A tiny third rule set: Risk's two defence dice (C-ATK-3 changed)."""

    defence_dice_max: int = 2
    name: ClassVar[str] = "risk-defence"
    aliases: ClassVar[tuple[str, ...]] = ("risk-defence",)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_a_third_rule_set_plays_with_every_bot_level(level):
    """No bot tests a rule-set name: a new rule set plays to the end (or a turn cap)."""
    with registered_rules(RiskDefenceRules):
        match = warkit.simulate(4, "risk-defence", bots=level, seed=2, max_turns=60, fast=False)
    assert "risk-defence" not in RULESETS  # registered for this test only
    assert match.state.rules.name == "risk-defence"
    assert all(s.battle is None or s.battle.defence_dice <= 2 for s in match.states)
    assert match.state.is_terminal or match.meta["capped"]


def test_the_view_carries_the_rule_set():
    state = warkit.new_game(4, rules="smart", seed=1, army_supply=60)
    v = warkit.view(state, 0)
    assert v.rules is state.rules and v.rules.army_supply == 60
    assert isinstance(v.rules, SmartRules) and v.rules.hand_limit == 6
    assert conquer  # the positions helpers stay importable


@pytest.mark.parametrize("cls", sorted(set(warkit.rules.RULESETS.values()), key=lambda c: c.name))
def test_every_handler_is_the_rule_sets_own_method(cls):
    """Handlers are functions, not names: each must be what the rule set's class resolves for
    that name, so an override listed nowhere cannot be skipped silently."""
    for key, handler in {**cls.handlers, **cls.legal_by_phase}.items():
        assert getattr(cls, handler.__name__) is handler, (cls.name, key, handler.__qualname__)
