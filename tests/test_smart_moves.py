"""SMART movement and the end of the turn: S-MOVE-1, S-PASS-1, S-ALLY-1, S-AIRLIFT-1, S-END-1,
S-END-2.

The mod's example: a player holding Brasil and Egito reveals the card of
Argélia (argelia) and moves straight from Brasil to Egito; holding Congo and
França too, the same revealed card lets Congo's armies reach França.
"""

from __future__ import annotations

import random

import pytest
from smart_positions import card, idx, play, refused, smart_position

import warkit
from warkit import EndPhase, Move, Phase, Reason
from warkit.rules.smart import Airlift, Alliance, Discard, Reveal, SmartPhase, passage_reach

SOUTH_AMERICA = ("venezuela", "peru", "brasil", "argentina")


# -- S-MOVE-1 ----------------------------------------------------------------------------------

def test_regrouping_as_classic_s_move_1():
    """S-MOVE-1: adjacent, owned, each army once (C-MOVE-1..3)."""
    state = smart_position({"brasil": 0, "argentina": 0, "peru": 0}, {"brasil": 5},
                           phase=Phase.MOVE)
    refused(state, Move("brasil", "venezuela", 1), Reason.NOT_OWNED, "C-MOVE-1")
    state = play(state, "move brasil argentina 4")
    refused(state, Move("argentina", "peru", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")
    assert Move("argentina", "peru", 1) not in warkit.legal_actions(state)


# -- S-PASS-1 ------------------------------------------------------------------------------------

def passage(**kw):
    owners = {"brasil": 0, "egito": 0, "congo": 0, "franca": 0, "madagascar": 0,
              "argelia": 1, "sudao": 1, "africa_do_sul": 2}
    armies = {"brasil": 5, "congo": 4, "argelia": 3}
    kw.setdefault("hands", {0: ["argelia", "joker1", "india"]})
    kw.setdefault("phase", Phase.MOVE)
    return smart_position(owners, armies, **kw)


def test_hidden_passage_brasil_to_egito_and_congo_to_franca_s_pass_1():
    state = passage()
    refused(state, Move("brasil", "egito", 4), Reason.NOT_ADJACENT, "C-MOVE-1")
    state = play(state, "reveal argelia")
    assert state.phase is Phase.MOVE and card("argelia") in state.hands[0]   # revealed, held
    assert Move("brasil", "egito", 4) in warkit.legal_actions(state)
    state = play(state, "move brasil egito 4")            # over Argélia, whoever owns it
    assert state.armies[idx("egito")] == 5 and state.moved_in[idx("egito")] == 4
    state = play(state, "move congo franca 3")            # the same card serves both moves
    assert state.armies[idx("franca")] == 4
    # each army still moves once (C-MOVE-3)
    refused(state, Move("egito", "franca", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")


def test_a_passage_needs_revealed_or_own_steps_s_pass_1():
    state = play(passage(), "reveal argelia")
    refused(state, Move("brasil", "madagascar", 1), Reason.NO_PATH, "S-PASS-1")
    refused(passage(), Reveal("joker1"), Reason.WRONG_CARD, "S-PASS-1")
    refused(passage(), Reveal("sudao"), Reason.CARD_NOT_IN_HAND, "S-PASS-1")
    refused(state, Reveal("argelia"), Reason.CARD_ALREADY_USED, "S-TERM-2")
    refused(state, Airlift("argelia"), Reason.WRONG_CARD, "S-AIRLIFT-1")
    # a revealed card of a far territory opens nothing here
    far = play(passage(), "reveal india")
    refused(far, Move("brasil", "egito", 1), Reason.NO_PATH, "S-PASS-1")
    attack_step = passage(phase=Phase.ATTACK)
    refused(attack_step, Reveal("argelia"), Reason.WRONG_PHASE, "S-TERRAIN-1")


def test_a_passage_jumps_revealed_territories_only_s_pass_1():
    """S-PASS-1 (revised decision): a move goes "directly", from an own territory to another
    with only revealed territories between them. Over Argélia, Egito's armies reach Brasil
    but not Argentina or Mexico behind it (that way passes through Brasil and Venezuela,
    own territories: it would move the armies twice, C-MOVE-3)."""
    owners = {t: 0 for t in (*SOUTH_AMERICA, "mexico", "egito")} | {"argelia": 1}
    armies = {t: 3 for t in (*SOUTH_AMERICA, "mexico", "egito")}
    state = play(smart_position(owners, armies, hands={0: ["argelia"]}, phase=Phase.MOVE),
                 "reveal argelia")
    for src, dst in (("venezuela", "argentina"), ("mexico", "brasil"), ("brasil", "mexico"),
                     ("mexico", "egito"), ("egito", "mexico"), ("egito", "argentina")):
        err = refused(state, Move(src, dst, 1), Reason.NO_PATH, "S-PASS-1")
        assert "only territories revealed" in str(err)
    assert Move("egito", "brasil", 2) in warkit.legal_actions(state)
    assert Move("brasil", "egito", 2) in warkit.legal_actions(state)
    assert play(state, "move egito brasil 2").armies[idx("brasil")] == 5


def test_several_revealed_territories_in_a_row_s_pass_1():
    """S-PASS-1: Argélia and Egito revealed in a row are jumped in one move, Brasil to Oriente
    Médio; one of them alone is not enough."""
    owners = {"brasil": 0, "oriente_medio": 0, "argelia": 1, "egito": 2}
    state = smart_position(owners, {"brasil": 4}, hands={0: ["argelia", "egito"]},
                           phase=Phase.MOVE)
    one = play(state, "reveal argelia")
    refused(one, Move("brasil", "oriente_medio", 1), Reason.NO_PATH, "S-PASS-1")
    both = play(one, "reveal egito")
    after = play(both, "move brasil oriente_medio 3")
    assert after.armies[idx("oriente_medio")] == 4 and after.moved_in[idx("oriente_medio")] == 3


def direct_reach(owner, seat, src, passages):
    """Every path from ``src`` tried one by one (no territory twice), its middle steps all
    revealed: the own territories at its end."""
    adjacency, reached = warkit.world_map().adjacency, set()

    def walk(node, visited):
        for nxt in adjacency[node]:
            if nxt in visited:
                continue
            if node != src and owner[nxt] == seat:
                reached.add(nxt)
            if nxt in passages:
                walk(nxt, visited | {nxt})

    walk(src, {src})
    return reached


@pytest.mark.parametrize("seed", range(4))
def test_passage_reach_is_every_path_tried_one_by_one_s_pass_1(seed):
    rng = random.Random(seed)
    for _ in range(60):
        mine = set(rng.sample(range(42), rng.randrange(5, 13)))
        owner = tuple(0 if i in mine else 1 for i in range(42))
        passages = frozenset(rng.sample(range(42), rng.randrange(1, 5)))
        for src in mine:
            assert passage_reach(owner, 0, src, passages) == direct_reach(
                owner, 0, src, passages)


# -- S-ALLY-1 ------------------------------------------------------------------------------------

def alliance(**kw):
    owners = {t: 0 for t in SOUTH_AMERICA} | {"mexico": 0}
    armies = {"argentina": 6, "brasil": 2, "venezuela": 1, "peru": 1, "mexico": 1}
    kw.setdefault("hands", {0: ["peru", "egito", "joker2"]})
    kw.setdefault("phase", Phase.MOVE)
    return smart_position(owners, armies, **kw)


def test_alliance_shifts_freely_inside_the_continent_s_ally_1():
    state = play(alliance(), "alliance peru")
    assert state.phase is SmartPhase.ALLIANCE and card("peru") in state.discard
    assert not warkit.world_map().are_adjacent("argentina", "venezuela")
    state = play(state, "move argentina venezuela 5")     # ignoring borders
    assert state.armies[idx("venezuela")] == 6 and state.moved_in[idx("venezuela")] == 0
    refused(state, Move("venezuela", "mexico", 1), Reason.NO_PATH, "S-ALLY-1")
    refused(state, Move("argentina", "brasil", 1), Reason.TOO_FEW_ARMIES, "S-ALLY-1")
    state = play(state, "end")
    assert state.phase is Phase.MOVE
    state = play(state, "move venezuela mexico 5")        # still free to move out after
    assert state.armies[idx("mexico")] == 6


def test_alliance_needs_a_card_of_a_wholly_owned_continent_s_ally_1():
    refused(alliance(), Alliance("egito"), Reason.WRONG_CARD, "S-ALLY-1")
    refused(alliance(), Alliance("joker2"), Reason.WRONG_CARD, "S-ALLY-1")
    refused(alliance(phase=Phase.ATTACK), Alliance("peru"), Reason.WRONG_PHASE, "S-ALLY-1")
    legal = warkit.legal_actions(alliance())
    assert Alliance("peru") in legal and Alliance("egito") not in legal


def test_armies_moved_before_an_alliance_stay_moved_s_ally_1():
    state = play(alliance(), "move argentina brasil 2")  # 2 arrived by a regroup move
    state = play(state, "alliance peru", "move brasil venezuela 3")
    assert state.armies[idx("brasil")] == 1
    assert state.moved_in[idx("brasil")] == 1 and state.moved_in[idx("venezuela")] == 1
    state = play(state, "end")
    assert state.phase is Phase.MOVE and state.extra.alliance is None
    refused(state, Move("venezuela", "mexico", 3), Reason.BAD_COUNT, "C-MOVE-3")
    assert play(state, "move venezuela mexico 2").armies[idx("mexico")] == 3


# -- S-AIRLIFT-1 ---------------------------------------------------------------------------------

def airlift(**kw):
    owners = {"brasil": 0, "japao": 0, "argentina": 0, "islandia": 0}
    armies = {"brasil": 8, "argentina": 3, "islandia": 4}
    kw.setdefault("hands", {0: ["brasil", "argelia", "joker1"]})
    kw.setdefault("phase", Phase.MOVE)
    return smart_position(owners, armies, **kw)


def test_airlift_from_the_card_territory_anywhere_s_airlift_1():
    state = play(airlift(), "airlift brasil")
    assert state.phase is SmartPhase.AIRLIFT and card("brasil") in state.discard
    state = play(state, "move brasil japao 5")
    assert state.moved_in[idx("japao")] == 5                # they count as moved (C-MOVE-3)
    refused(state, Move("argentina", "brasil", 1), Reason.NO_PATH, "S-AIRLIFT-1")  # one way
    refused(state, Move("argentina", "islandia", 1), Reason.NO_PATH, "S-AIRLIFT-1")
    refused(state, Move("brasil", "japao", 3), Reason.BAD_COUNT, "C-MOVE-2")  # 1 stays
    state = play(state, "move brasil argentina 2", "end")
    assert state.phase is Phase.MOVE and state.armies[idx("brasil")] == 1
    refused(state, Move("japao", "vietna", 1), Reason.NOT_OWNED, "C-MOVE-1")
    owned_neighbour = smart_position({"japao": 0, "china": 0}, {"japao": 6}, phase=Phase.MOVE,
                                     moved_in=tuple(5 if i == idx("japao") else 0
                                                    for i in range(42)))
    refused(owned_neighbour, Move("japao", "china", 1), Reason.ARMIES_ALREADY_MOVED, "C-MOVE-3")


def test_airlift_to_the_card_territory_s_airlift_1():
    state = play(airlift(), "airlift brasil", "move islandia brasil 3", "move argentina brasil 2")
    assert state.armies[idx("brasil")] == 13 and state.moved_in[idx("brasil")] == 5
    refused(state, Move("brasil", "japao", 1), Reason.NO_PATH, "S-AIRLIFT-1")


def test_airlift_needs_the_card_of_an_owned_territory_s_airlift_1():
    refused(airlift(), Airlift("argelia"), Reason.WRONG_CARD, "S-AIRLIFT-1")
    refused(airlift(), Airlift("joker1"), Reason.WRONG_CARD, "S-AIRLIFT-1")
    refused(airlift(), Airlift("japao"), Reason.CARD_NOT_IN_HAND, "S-AIRLIFT-1")
    refused(airlift(phase=Phase.ATTACK), Airlift("brasil"), Reason.WRONG_PHASE, "S-AIRLIFT-1")
    assert Airlift("brasil") in warkit.legal_actions(airlift())


# -- S-END-1 / S-END-2 ----------------------------------------------------------------------------

def test_revealed_cards_return_to_their_owners_at_the_end_s_end_1():
    state = passage(hands={0: ["argelia", "india"], 1: ["sudao"]},
                    revealed=[("india", 0, "passage"), ("sudao", 1, "terrain")])
    assert len(warkit.view(state, 2).extra.revealed) == 2   # public while face up
    after = play(state, "end")
    assert after.current == 1 and after.extra.revealed == ()
    assert after.hands[0] == (card("india"), card("argelia")) or set(after.hands[0]) == {
        card("india"), card("argelia")}
    assert after.hands[1] == (card("sudao"),)


def test_discard_down_to_six_last_of_all_s_end_2():
    hand = ["argelia", "india", "sudao", "peru", "china", "japao", "joker1", "joker2"]
    state = passage(hands={0: hand}, revealed=[("india", 0, "passage")])
    state = play(state, "end")
    assert state.phase is SmartPhase.DISCARD and state.current == 0
    assert state.extra.revealed == ()                      # S-END-1 comes first
    assert {a for a in warkit.legal_actions(state)} == {Discard(c) for c in hand}
    refused(state, Discard("brasil"), Reason.CARD_NOT_IN_HAND, "S-END-2")
    refused(state, EndPhase(), Reason.WRONG_PHASE)
    state = play(state, "discard joker1")
    assert state.phase is SmartPhase.DISCARD
    state = play(state, "discard peru")
    assert state.current == 1 and state.phase is Phase.TRADE
    assert len(state.hands[0]) == 6 and card("joker1") in state.discard
    refused(passage(), Discard("argelia"), Reason.WRONG_PHASE, "S-END-2")
    six = play(passage(hands={0: hand[:6]}), "end")
    assert six.current == 1                                 # 6 cards: nothing to discard
