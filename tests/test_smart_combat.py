"""SMART combat: S-TERM-1, S-TERM-2, S-LIMIT-1, S-AIR-1, S-TERRAIN-1..3, S-REROLL-1, S-CONQ-1..3.

Includes the mod's 3/1/1 reroll example and the project's decision for the
attacker's terrain knowledge when nobody is left to move in (the defender
keeps its last army), checked against :mod:`warkit.odds` roll by roll.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from smart_positions import battle, card, idx, pass_all, play, refused, smart_position

import warkit
from warkit import Attack, EndPhase, Phase, Reason, Roll, odds
from warkit.rules.smart import AirAttack, Pass, Reroll, Reveal, SmartPhase
from warkit.state import CHANCE

# Seat 0 (white) holds South America and New York; black and red face it.
FRONT = {"brasil": 0, "argentina": 0, "peru": 0, "venezuela": 0, "nova_york": 0,
         "argelia": 1, "egito": 1, "congo": 1, "california": 1, "mexico": 2, "franca": 2}
PAIRS = [("brasil", "argelia"), ("venezuela", "mexico"), ("nova_york", "mexico"),
         ("nova_york", "california")]


def front(armies=None, owners=None, **kw):
    base = {"brasil": 10, "argentina": 6, "peru": 4, "venezuela": 10, "nova_york": 10,
            "argelia": 4, "egito": 3, "congo": 1, "franca": 2, "california": 2, "mexico": 2}
    base.update(armies or {})
    return smart_position({**FRONT, **(owners or {})}, base, **kw)


def lose(state, src, dst):
    """One battle of one die that the attacker loses."""
    defenders = min(3, state.armies[idx(dst)])
    return battle(state, src, dst, 1, "1 vs " + ",".join(["6"] * defenders))


# -- S-LIMIT-1 and S-TERM-1 ---------------------------------------------------------------------

def test_no_attacks_in_round_1_s_limit_1():
    state = front(round=1)
    refused(state, Attack("brasil", "argelia", 3), Reason.ATTACK_LIMIT, "S-LIMIT-1")
    assert list(warkit.legal_actions(state)) == [EndPhase()]


@pytest.mark.parametrize(("round_", "limit"), [(2, 1), (3, 2), (4, 3)])
def test_attacks_per_round_s_limit_1_s_term_1(round_, limit):
    """Round r allows r - 1 attacks; an attack is one source against one target, however
    many battles (S-TERM-1)."""
    state = front(round=round_)
    pairs = PAIRS
    for src, dst in pairs[:limit]:
        for _ in range(2):  # two battles of the same attack count once
            state = lose(state, src, dst)
    assert state.extra.attacks == limit
    last = pairs[limit - 1]
    state = lose(state, *last)                        # the last attack may go on
    nxt = pairs[limit]
    refused(state, Attack(*nxt, 1), Reason.ATTACK_LIMIT, "S-LIMIT-1")
    attacks = {(a.src, a.dst) for a in warkit.legal_actions(state) if isinstance(a, Attack)}
    assert attacks == {last}
    assert not any(isinstance(a, AirAttack) for a in warkit.legal_actions(state))


def test_changing_the_source_or_target_starts_a_new_attack_s_term_1():
    state = front(round=3)                                   # two attacks allowed
    state = lose(state, "venezuela", "mexico")
    state = lose(state, "nova_york", "mexico")          # same target, new source
    refused(state, Attack("nova_york", "california", 1), Reason.ATTACK_LIMIT, "S-LIMIT-1")
    refused(state, Attack("venezuela", "mexico", 1), Reason.ATTACK_LIMIT, "S-LIMIT-1")
    assert lose(state, "nova_york", "mexico").extra.attacks == 2


def test_no_limit_from_round_5_s_limit_1():
    state = front({"brasil": 10, "venezuela": 10, "nova_york": 10}, round=5)
    for src, dst in PAIRS * 3:
        state = lose(state, src, dst)
    assert state.extra.attacks == 12
    limit = warkit.rules.smart.attack_limit
    assert limit(5) is None and limit(40) is None


# -- S-AIR-1 -------------------------------------------------------------------------------------

def test_air_attack_ignores_borders_and_opens_the_route_s_air_1():
    state = front(hands={0: ["egito", "franca"]}, round=5)
    assert not warkit.world_map().are_adjacent("peru", "egito")
    refused(state, Attack("peru", "egito", 2), Reason.NOT_ADJACENT, "C-ATK-1")
    after = warkit.apply(state, AirAttack("egito", "peru", 3))
    assert after.phase is Phase.ROLL and after.battle.src == idx("peru")
    assert card("egito") in after.discard and card("egito") not in after.hands[0]
    after = pass_all(warkit.apply(after, "roll 1,1,1 vs 6,6,6"))
    assert after.armies[idx("peru")] == 1                      # 4 - 3
    # more battles on the open route are ordinary attacks; other routes stay closed
    assert Attack("venezuela", "egito", 2) not in warkit.legal_actions(after)
    state2 = warkit.apply(front(hands={0: ["egito"]}), AirAttack("egito", "brasil", 1))
    state2 = pass_all(warkit.apply(state2, "roll 1 vs 6,6,6"))
    assert Attack("brasil", "egito", 3) in warkit.legal_actions(state2)
    assert state2.extra.attacks == 1
    state2 = battle(state2, "brasil", "egito", 3, "1,1,1 vs 6,6,6")
    assert state2.extra.attacks == 1                            # the same attack goes on
    # several air attacks per turn, one card each
    both = warkit.apply(front(hands={0: ["egito", "congo"]}), AirAttack("congo", "peru", 1))
    both = pass_all(warkit.apply(both, "roll 1 vs 6"))
    assert AirAttack("egito", "brasil", 1) in warkit.legal_actions(both)


def test_the_air_route_belongs_to_one_attack_s_air_1():
    """S-AIR-1 (decision): after an air attack on Egito from Brasil, an attack elsewhere ends
    it (S-TERM-1); coming back from Brasil to Egito would be a new air attack, and the card of
    Egito is gone, so it is refused. Without the attack elsewhere the route stays open."""
    state = front({"brasil": 12}, hands={0: ["egito"]})
    state = play(state, "airattack egito brasil 3")
    state = pass_all(play(state, "roll 1,1,1 vs 6,6,6"))
    assert state.extra.air_routes == ((idx("brasil"), idx("egito")),)
    assert Attack("brasil", "egito", 3) in warkit.legal_actions(state)
    state = battle(state, "venezuela", "mexico", 1, "1 vs 6,6")
    assert state.extra.air_routes == () and state.hands[0] == ()
    assert Attack("brasil", "egito", 3) not in warkit.legal_actions(state)
    refused(state, Attack("brasil", "egito", 3), Reason.NOT_ADJACENT, "C-ATK-1")
    # a second air attack on the same target with another card is a new attack
    two = front({"brasil": 12}, hands={0: ["egito", "congo"]})
    two = pass_all(play(two, "airattack egito brasil 1", "roll 1 vs 6,6,6"))
    two = pass_all(play(two, "airattack congo brasil 1", "roll 1 vs 6"))
    assert two.extra.air_routes == ((idx("brasil"), idx("congo")),)
    assert two.extra.attacks == 2
    refused(two, Attack("brasil", "egito", 1), Reason.NOT_ADJACENT, "C-ATK-1")


def test_air_attack_needs_an_enemy_territory_card_s_air_1():
    state = front(hands={0: ["brasil", "joker1", "egito"]}, round=5)
    refused(state, AirAttack("brasil", "peru", 1), Reason.OWN_TERRITORY, "S-AIR-1")
    refused(state, AirAttack("joker1", "peru", 1), Reason.WRONG_CARD, "S-AIR-1")
    refused(state, AirAttack("sudao", "peru", 1), Reason.CARD_NOT_IN_HAND, "S-AIR-1")
    refused(state, AirAttack("egito", "peru", 4), Reason.BAD_COUNT, "C-ATK-2")
    refused(state, AirAttack("egito", "argelia", 1), Reason.NOT_OWNED, "C-ATK-1")
    moving = front(hands={0: ["egito"]}, phase=Phase.MOVE)
    refused(moving, AirAttack("egito", "peru", 1), Reason.WRONG_PHASE, "S-AIR-1")
    assert str(refused(state, AirAttack("brasil", "peru", 1), Reason.OWN_TERRITORY)) == (
        "an air attack needs the card of a territory an opponent owns: brasil is yours "
        "(S-AIR-1)")


def test_air_attacks_count_against_the_limit_s_air_1_s_limit_1():
    state = front(hands={0: ["egito"]}, round=2)
    state = warkit.apply(state, AirAttack("egito", "brasil", 1))
    state = pass_all(warkit.apply(state, "roll 1 vs 6,6,6"))
    assert state.extra.attacks == 1
    refused(state, Attack("brasil", "argelia", 1), Reason.ATTACK_LIMIT, "S-LIMIT-1")
    assert warkit.apply(state, Attack("brasil", "egito", 1)).phase is Phase.ROLL


# -- the reaction window, S-TERRAIN-1..3 ---------------------------------------------------------

def test_reactions_go_attacker_first_then_defender_until_both_pass_s_reroll_1():
    state = front(hands={0: ["sudao"], 1: ["omsk", "japao"]})
    state = play(state, "attack brasil argelia 3", "roll 5,4,1 vs 6,3,1")
    assert state.phase is SmartPhase.REACT and state.current_player == 0
    state = play(state, "pass")
    assert state.current_player == 1                     # the defender's seat decides now
    assert warkit.view(state, 1).current_player == 1
    refused(state, Pass(), Reason.NOT_YOUR_TURN, player=0)
    state = play(state, "reroll omsk 1", "rerolled 6")   # the defender rerolls: 6,6,3
    assert state.last_roll == ((5, 4, 1), (6, 6, 3)) and state.current_player == 0
    state = play(state, "pass")
    assert state.phase is SmartPhase.REACT and state.current_player == 1
    state = play(state, "pass")                           # both passed in a row: resolved
    assert state.phase is Phase.ATTACK
    assert state.armies[idx("brasil")] == 10 - 3 and state.armies[idx("argelia")] == 4


def test_a_side_without_usable_cards_is_skipped_s_reroll_1():
    state = play(front(hands={1: ["omsk"]}), "attack brasil argelia 3", "roll 5,4,1 vs 6,3,1")
    assert state.current_player == 1                      # the attacker holds nothing
    state = play(state, "pass")                           # the attacker cannot answer
    assert state.phase is Phase.ATTACK
    nobody = play(front(), "attack brasil argelia 3", "roll 5,4,1 vs 6,3,1")
    assert nobody.phase is Phase.ATTACK                  # no card anywhere: no reaction step


def test_terrain_knowledge_needs_the_attacked_territory_card_s_terrain_1():
    state = play(front(hands={0: ["argelia", "egito"]}), "attack brasil argelia 3",
                 "roll 5,4,1 vs 6,3,1")
    refused(state, Reveal("egito"), Reason.WRONG_CARD, "S-TERRAIN-1")
    refused(state, Reveal("congo"), Reason.CARD_NOT_IN_HAND, "S-TERRAIN-1")
    assert Reveal("argelia") in warkit.legal_actions(state)
    assert Reveal("egito") not in warkit.legal_actions(state)
    before = play(front(hands={0: ["argelia"]}), "attack brasil argelia 3")
    refused(before, Reveal("argelia"), Reason.CHANCE_PENDING)
    refused(front(hands={0: ["argelia"]}), Reveal("argelia"), Reason.WRONG_PHASE,
            "S-TERRAIN-1")


def test_attacker_terrain_ties_and_one_more_loss_s_terrain_2():
    """6/6/6 against 6/6/6 with 4 defenders: ties go to the attacker and one more falls."""
    state = play(front({"argelia": 4}, hands={0: ["argelia"]}), "attack brasil argelia 3",
                 "roll 6,6,6 vs 6,6,6", "reveal argelia")
    assert state.phase is Phase.DRAW and state.armies[idx("argelia")] == 0  # 4 killed
    assert state.owner[idx("argelia")] == 0
    # it lasts for every battle on Argelia this turn, from any source (S-TERRAIN-1)
    state = play(front({"argelia": 9, "franca": 5}, {"franca": 0}, hands={0: ["argelia"]}),
                 "attack brasil argelia 1", "roll 2 vs 2,2,2", "reveal argelia")
    assert state.armies[idx("argelia")] == 9 - 2           # the tie won, plus one
    again = play(state, "attack franca argelia 1", "roll 1 vs 6,6,6")
    assert again.phase is Phase.ATTACK                    # nothing left to react with
    assert again.armies[idx("argelia")] == 7 - 1 and again.armies[idx("franca")] == 4


def test_defender_terrain_one_loss_fewer_s_terrain_3():
    state = play(front({"argelia": 3}, hands={1: ["argelia"]}), "attack brasil argelia 3",
                 "roll 6,6,6 vs 5,5,5", "reveal argelia")
    assert state.phase is Phase.ATTACK and state.armies[idx("argelia")] == 3 - 2
    # 2 of 2 by the dice remove 1
    two = play(front({"argelia": 2}, hands={1: ["argelia"]}), "attack brasil argelia 3",
               "roll 6,6,6 vs 5,5", "reveal argelia")
    assert two.phase is Phase.ATTACK and two.armies[idx("argelia")] == 1
    # ties still go to the defender
    tie = play(front({"argelia": 3}, hands={1: ["argelia"]}), "attack brasil argelia 2",
               "roll 4,4 vs 4,4,1", "reveal argelia")
    assert tie.armies[idx("brasil")] == 8 and tie.armies[idx("argelia")] == 3


def test_the_last_army_is_never_saved_s_terrain_3():
    """S-TERRAIN-3 (revised): the saving never protects a territory's last army: a lone
    defender showing its card falls when it loses its comparison."""
    state = play(front({"argelia": 3}, hands={1: ["argelia"]}), "attack brasil argelia 3",
                 "roll 6,6,6 vs 5,5,5", "reveal argelia")
    assert state.armies[idx("argelia")] == 1
    lone = play(state, "attack brasil argelia 3", "roll 6,6,6 vs 1")
    assert lone.phase is Phase.DRAW and lone.armies[idx("argelia")] == 0
    assert lone.owner[idx("argelia")] == 0
    # a lone defender that wins its comparison still stands, as without knowledge
    held = play(state, "attack brasil argelia 3", "roll 6,6,6 vs 6")
    assert held.armies[idx("argelia")] == 1 and held.armies[idx("brasil")] == 10 - 1


def test_lone_defender_shield_is_the_literal_reading_s_terrain_3():
    """The rule setting ``lone_defender_shield=True`` keeps the literal reading: a lone
    defender losing its only comparison loses nothing, so a revealed defence never falls."""
    shielded = {"settings": {"lone_defender_shield": True}}
    assert front(**shielded).rules.lone_defender_shield is True
    assert front().rules.lone_defender_shield is False
    state = play(front({"argelia": 3}, hands={1: ["argelia"]}, **shielded),
                 "attack brasil argelia 3", "roll 6,6,6 vs 5,5,5", "reveal argelia")
    assert state.armies[idx("argelia")] == 1
    for _ in range(3):
        state = play(state, "attack brasil argelia 3", "roll 6,6,6 vs 1")
        assert state.phase is Phase.ATTACK and state.armies[idx("argelia")] == 1
    assert state.owner[idx("argelia")] == 1
    with pytest.raises(ValueError, match="lone_defender_shield"):
        warkit.new_game(3, "smart", seed=1, lone_defender_shield="yes")


def test_engine_battles_match_the_odds_with_the_defenders_terrain_s_terrain_3():
    """Every roll of 1..3 dice against a target of 1..4 armies whose owner revealed its card
    loses what :func:`warkit.odds.roll_outcomes` says, under both readings."""
    for shield in (False, True):
        for att, dfn in ((1, 1), (3, 1), (2, 2), (3, 3), (3, 4)):
            nd = min(3, dfn)
            base = front({"argelia": dfn}, hands={1: ["argelia"]},
                         revealed=[("argelia", 1, "terrain")],
                         settings={"lone_defender_shield": shield})
            counts: Counter = Counter()
            for a_roll in product(range(1, 7), repeat=att):
                for d_roll in product(range(1, 7), repeat=nd):
                    roll = f"roll {','.join(map(str, a_roll))} vs {','.join(map(str, d_roll))}"
                    after = play(base, f"attack brasil argelia {att}", roll)
                    lost_def = dfn - after.armies[idx("argelia")]
                    counts[10 - after.armies[idx("brasil")], lost_def] += 1
            total = 6 ** (att + nd)
            ours = {k: Fraction(v, total) for k, v in counts.items()}
            want = odds.roll_outcomes(att, nd, defenders=dfn, attackers=9, terrain="defender",
                                      lone_defender_shield=shield)
            assert ours == {k: v for k, v in want.items() if v}, (shield, att, dfn)


def test_nobody_left_to_move_in_spares_the_last_defender_s_terrain_2():
    """Decision: the attacker's extra loss (S-TERRAIN-2) never empties the target when the
    attacker lost every army that could move in; the defender keeps 1."""
    def one_die(src_armies):
        return play(front({"nova_york": src_armies, "california": 1},
                          hands={0: ["california"]}),
                    "attack nova_york california 1", "roll 1 vs 6", "reveal california")
    tight = one_die(2)
    assert tight.phase is Phase.ATTACK
    assert (tight.armies[idx("nova_york")], tight.armies[idx("california")]) == (1, 1)
    assert tight.owner[idx("california")] == 1
    spare = one_die(3)                                     # one army left to move in
    assert spare.owner[idx("california")] == 0 and spare.armies[idx("california")] == 0
    assert odds.roll_outcomes(1, 1, attackers=1, terrain="attacker")[(1, 0)] > 0
    assert odds.roll_outcomes(1, 1, attackers=2, terrain="attacker").get((1, 0)) is None


@pytest.mark.parametrize(("src_armies", "dst_armies", "dice", "terrain"), [
    (2, 1, 1, "attacker"), (3, 1, 2, "attacker"), (4, 1, 3, "attacker"), (5, 1, 1, "attacker"),
    (3, 2, 2, "attacker"), (4, 4, 3, "attacker"), (3, 3, 2, "defender"), (4, 1, 3, "defender"),
    (4, 2, 3, None),
])
def test_engine_battles_agree_with_the_odds_s_terrain_2_s_terrain_3(src_armies, dst_armies,
                                                                  dice, terrain):
    """Every roll resolved by the engine, weighted, equals warkit.odds.roll_outcomes."""
    holder = 0 if terrain == "attacker" else 1
    revealed = [("argelia", holder, "terrain")] if terrain else []
    state = front({"brasil": src_armies, "argelia": dst_armies},
                  hands={holder: ["argelia"]} if terrain else {}, revealed=revealed)
    declared = warkit.apply(state, Attack("brasil", "argelia", dice))
    counts: Counter = Counter()
    nd = declared.battle.defence_dice
    for att, dfn in product(product(range(1, 7), repeat=dice), product(range(1, 7), repeat=nd)):
        after = warkit.apply(declared, Roll(att, dfn))
        assert after.phase is not SmartPhase.REACT
        won = after.owner[idx("argelia")] == 0
        lost_att = src_armies - after.armies[idx("brasil")]
        lost_def = dst_armies - (0 if won else after.armies[idx("argelia")])
        counts[lost_att, lost_def] += 1
    total = 6 ** (dice + nd)
    engine = {k: Fraction(v, total) for k, v in counts.items()}
    assert engine == odds.roll_outcomes(dice, nd, defenders=dst_armies,
                                        attackers=src_armies - 1, terrain=terrain)


# -- S-REROLL-1 ----------------------------------------------------------------------------------

def test_the_3_1_1_roll_rerolled_with_a_non_controlled_card_s_reroll_1():
    """The mod's example: 3/1/1, one card of a territory the player does not control: one
    die (a 1) is rerolled with minimum 2; a 4 gives 4/3/1."""
    state = play(front(hands={0: ["sudao"]}), "attack brasil argelia 3", "roll 3,1,1 vs 2,2,2")
    assert state.owner[idx("sudao")] != 0                  # not controlled by white
    refused(state, Reroll("sudao", (1, 1)), Reason.BAD_COUNT, "S-REROLL-1")
    refused(state, Reroll("sudao", (6,)), Reason.BAD_COUNT, "S-REROLL-1")
    state = play(state, "reroll sudao 1")
    assert state.phase is SmartPhase.REROLL and state.current_player == CHANCE
    outcomes = warkit.chance_outcomes(state)
    assert {str(a): p for a, p in outcomes} == {f"rerolled {v}": Fraction(1, 5)
                                                for v in range(2, 7)}
    refused(state, "rerolled 1", Reason.NOT_A_CHANCE_OUTCOME, "S-REROLL-1")
    state = play(state, "rerolled 4")
    assert state.last_roll == ((4, 3, 1), (2, 2, 2))
    assert card("sudao") in state.discard and state.hands[0] == ()


def test_reroll_strength_by_card_s_reroll_1():
    """Controlled card: 1 or 2 dice, minimum 3; joker: 1 to 3 dice, minimum 4."""
    state = play(front(hands={0: ["peru", "joker1"]}), "attack brasil argelia 3",
                 "roll 2,1,1 vs 6,6,6")
    rerolls = {a for a in warkit.legal_actions(state) if isinstance(a, Reroll)}
    assert Reroll("peru", (1, 1)) in rerolls and Reroll("peru", (2, 1, 1)) not in rerolls
    assert Reroll("joker1", (2, 1, 1)) in rerolls
    refused(state, Reroll("peru", (2, 1, 1)), Reason.BAD_COUNT, "S-REROLL-1")
    assert str(refused(state, "reroll peru 2,1,1", Reason.BAD_COUNT)).startswith(
        "the card of peru, a territory you control, rerolls 1 or 2 dice")
    controlled = play(state, "reroll peru 1,1")
    assert {str(a) for a, _ in warkit.chance_outcomes(controlled)} == {
        f"rerolled {a},{b}" for a in range(3, 7) for b in range(3, 7) if a >= b}
    joker = play(state, "reroll joker1 2,1,1")
    assert min(min(a.dice) for a, _ in warkit.chance_outcomes(joker)) == 4
    # any number of rerolls, one card each; only the rerolled dice get the minimum
    twice = play(controlled, "rerolled 3,3")
    assert twice.last_roll[0] == (3, 3, 2) and twice.current_player == 0
    twice = play(twice, "reroll joker1 3", "rerolled 6")
    assert twice.last_roll[0] == (6, 3, 2)


def test_a_revealed_card_cannot_pay_for_another_advantage_s_term_2():
    """A card serves one advantage per turn: revealed for terrain, it cannot be discarded
    for a reroll or an air attack that turn."""
    state = play(front(hands={0: ["argelia", "sudao"], 1: ["omsk"]}), "attack brasil argelia 3",
                 "roll 3,1,1 vs 2,2,2", "reveal argelia", "pass")
    assert state.phase is SmartPhase.REACT and state.current_player == 0
    refused(state, Reroll("argelia", (1,)), Reason.CARD_ALREADY_USED, "S-TERM-2")
    assert not any(isinstance(a, Reroll) and a.card == "argelia"
                   for a in warkit.legal_actions(state))
    done = pass_all(state)
    refused(done, AirAttack("argelia", "peru", 1), Reason.CARD_ALREADY_USED, "S-TERM-2")
    refused(done, Reveal("argelia"), Reason.WRONG_PHASE, "S-TERRAIN-1")


def test_reroll_outside_a_reaction_is_refused_s_reroll_1():
    refused(front(hands={0: ["sudao"]}), Reroll("sudao", (1,)), Reason.WRONG_PHASE,
            "S-REROLL-1")


# -- S-CONQ-1..3 ----------------------------------------------------------------------------------

def test_occupy_any_number_leaving_one_s_conq_1():
    """S-CONQ-1: any number of the source's armies move in, leaving 1."""
    state = play(front({"argelia": 1}), "attack brasil argelia 1", "roll 6 vs 1")
    state = play(state, f"draw {warkit.actions.card_name(state.deck[0])}")
    assert state.phase is Phase.OCCUPY
    occupy = [a.armies for a in warkit.legal_actions(state)]
    assert occupy == list(range(1, 10))                    # 1..(10 - 1), not 1 die's worth
    assert play(state, "occupy 9").armies[idx("brasil")] == 1


def test_a_card_at_once_for_every_conquest_s_conq_2():
    """S-CONQ-2: one card right after each conquest, none at the end of the turn."""
    state = front({"argelia": 1, "mexico": 1}, deck=["inglaterra", "suecia", "moscou"])
    state = play(state, "attack brasil argelia 1", "roll 6 vs 1")
    assert state.phase is Phase.DRAW                        # right after the conquest
    assert {str(a) for a, _ in warkit.chance_outcomes(state)} == {
        "draw inglaterra", "draw suecia", "draw moscou"}
    state = play(state, "draw suecia", "occupy 1", "attack venezuela mexico 1",
                 "roll 6 vs 1", "pass", "draw moscou", "occupy 1")  # now white holds a card
    assert set(state.hands[0]) == {card("suecia"), card("moscou")}
    state = play(state, "end", "end")
    assert state.current == 1
    assert set(state.hands[0]) == {card("suecia"), card("moscou")}  # no end-of-turn card


def test_the_discards_are_reshuffled_at_once_s_conq_2():
    """S-CONQ-2: an empty deck takes the discards at once."""
    state = front({"argelia": 1}, deck=["inglaterra"], discard=["suecia", "moscou"])
    state = play(state, "attack brasil argelia 1", "roll 6 vs 1", "draw inglaterra")
    assert state.deck == tuple(sorted((card("suecia"), card("moscou"))))
    assert state.discard == ()


def test_the_conqueror_takes_the_defenders_revealed_card_s_conq_3():
    """S-CONQ-3 in real play (possible since S-TERRAIN-3 was revised): the defender reveals
    the card of Argélia, the saving keeps one of two armies, then the lone defender falls and
    the conqueror takes the revealed card with the territory (and draws one, S-CONQ-2)."""
    state = front({"argelia": 2}, hands={1: ["argelia", "omsk"]}, deck=["inglaterra"],
                  discard=["suecia"])
    state = play(state, "attack brasil argelia 3", "roll 6,6,6 vs 1,1")
    assert state.phase is SmartPhase.REACT and state.current_player == 1
    state = play(state, "reveal argelia", "pass")
    assert state.armies[idx("argelia")] == 1 and state.owner[idx("argelia")] == 1
    state = play(state, "attack brasil argelia 3", "roll 6,6,6 vs 1")
    assert state.phase is SmartPhase.REACT and state.current_player == 1   # omsk: may still react
    state = play(state, "pass")
    assert state.phase is Phase.DRAW and state.owner[idx("argelia")] == 0
    assert card("argelia") in state.hands[0] and state.hands[1] == (card("omsk"),)
    assert state.extra.marked(card("argelia")).seat == 0    # still face up this turn
    state = play(state, "draw inglaterra", "occupy 3")
    assert state.hands[0] == tuple(sorted((card("argelia"), card("inglaterra"))))
    assert state.armies[idx("argelia")] == 3 and state.phase is Phase.ATTACK


def test_an_unrevealed_card_stays_with_the_defender_s_conq_3():
    won = play(front({"argelia": 1}, hands={1: ["argelia"], 0: ["omsk"]}),
               "attack brasil argelia 1", "roll 6 vs 1", "pass")
    assert won.phase is SmartPhase.REACT and won.current_player == 1
    won = play(won, "pass")
    assert won.owner[idx("argelia")] == 0
    assert card("argelia") in won.hands[1]
