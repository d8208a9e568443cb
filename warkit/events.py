"""What an action did, as language-free events: the one stream the log, the narration and
the dice tray read.

``events(before, action, after)`` compares the two states around one action
and says what happened: a battle and its losses, a conquest, armies moving in
(chosen, or at once when the conquest ends the game, C-WIN-1's decision), a
card drawn, a trade, an elimination, a victory... Losses are read off the
board with the armies that moved in put back, so they are right whatever the
rule set (terrain knowledge, S-TERRAIN-2/3) and at a game-winning conquest.

>>> import warkit
>>> match = warkit.simulate(4, seed=1)
>>> kinds = {type(e).__name__ for i in range(len(match)) for e in match.events(i)}
>>> {"BattleResult", "Conquest", "Won"} <= kinds
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Draw, Move, Occupy, Place, Trade, card_index
from .rules.terms import Board, EndDecision
from .state import GameState, Phase


def in_battle(board: Board) -> bool:
    """Is ``board`` (a state or a view) between a declared attack and its resolution? (the
    roll, and SMART's reactions in between: ``PhaseInfo.battle`` of its rule set)"""
    return board.rules.phase_info(board.phase).battle


@dataclass(frozen=True)
class Event:
    """Something that happened; ``seat`` is who did it (the active player for chance)."""

    seat: int


@dataclass(frozen=True)
class Traded(Event):
    """Cards traded (C-CARD-2..5, S-TRADE-1..5): armies received and the +2s placed."""

    cards: tuple[int, ...]
    armies: int
    bonus: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Placed(Event):
    territory: int
    armies: int


@dataclass(frozen=True)
class Reacted(Event):
    """A reaction to a roll (an action of the rule set's ``reactions``): ``kind`` is its
    keyword, in SMART "reveal" (terrain, S-TERRAIN-1), "reroll" (S-REROLL-1, ``dice``
    chosen) or "rerolled" (the new dice, a chance step)."""

    kind: str
    card: int | None
    dice: tuple[int, ...]
    roll: tuple[tuple[int, ...], tuple[int, ...]] | None


@dataclass(frozen=True)
class BattleResult(Event):
    """A battle resolved: its final dice and each side's losses (C-ATK-4, S-TERRAIN-2/3)."""

    defender: int
    src: int
    dst: int
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    lost_attacker: int
    lost_defender: int


@dataclass(frozen=True)
class Conquest(Event):
    loser: int
    territory: int


@dataclass(frozen=True)
class Eliminated(Event):
    """``loser`` is out of the game, eliminated by ``seat`` (C-ELIM-1, S-WIN-1)."""

    loser: int


@dataclass(frozen=True)
class MoveIn(Event):
    """Armies moved into a conquered territory: chosen (C-CONQ-1) or ``automatic`` when the
    conquest ended the game (C-WIN-1's and S-WIN-1's decision)."""

    src: int
    dst: int
    armies: int
    automatic: bool


@dataclass(frozen=True)
class Regrouped(Event):
    """Armies moved in the movement step; ``step`` is "move", "alliance" or "airlift"."""

    src: int
    dst: int
    armies: int
    step: str


@dataclass(frozen=True)
class CardDrawn(Event):
    """A card drawn from the deck or, ``source="loot"``, from an eliminated player's cards
    (C-CARD-1, C-ELIM-2, S-CONQ-2, S-INTEL-1). The card is a secret of ``seat``."""

    card: int
    source: str


@dataclass(frozen=True)
class Advantage(Event):
    """A SMART advantage played (air attack, Intelligence, alliance, airlift, hidden passage,
    discard): the action itself says which."""

    action: Action


@dataclass(frozen=True)
class Won(Event):
    """The game is over: ``winners`` and why (:class:`~warkit.rules.terms.EndDecision`)."""

    winners: tuple[int, ...]
    decision: EndDecision | None


def _battle(before: GameState, after: GameState) -> list[Event]:
    b = before.battle
    assert b is not None
    seat, defender = before.current, before.owner[b.dst]
    conquered = after.owner[b.dst] != defender
    moved = after.armies[b.dst] if conquered else 0
    lost_def = before.armies[b.dst] if conquered else before.armies[b.dst] - after.armies[b.dst]
    lost_att = before.armies[b.src] - after.armies[b.src] - moved
    attack, defence = after.last_roll or ((), ())
    out: list[Event] = [BattleResult(seat, defender, b.src, b.dst, attack, defence,
                                     lost_att, lost_def)]
    if conquered:
        out.append(Conquest(seat, defender, b.dst))
        if not after.alive[defender] and before.alive[defender]:
            out.append(Eliminated(seat, defender))
        if moved:
            out.append(MoveIn(seat, b.src, b.dst, moved, automatic=True))
    return out


def _reaction(before: GameState, action: Action) -> Reacted | None:
    if not isinstance(action, before.rules.reactions):
        return None
    keyword = action.keyword
    card = getattr(action, "card", None)
    number = None if card is None else card_index(card)
    who = before.current if action.chance else before.current_player  # new dice: the active
    return Reacted(who, keyword, number, tuple(getattr(action, "dice", ())), before.last_roll)


def events(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """What ``action`` did between ``before`` and ``after = apply(before, action)``."""
    if before.phase is Phase.SETUP:
        return ()
    seat = before.current
    out: list[Event] = []
    battle_before = in_battle(before)
    if before.battle is not None and battle_before:
        reaction = _reaction(before, action)
        if reaction is not None:
            out.append(reaction)
        if not in_battle(after):  # the battle resolves now
            out.extend(_battle(before, after))
    elif isinstance(action, Trade):
        cards = tuple(card_index(c) for c in action.cards)
        received = (after.reserves + sum(after.continent_reserves)
                    - before.reserves - sum(before.continent_reserves))
        bonus = tuple((i, a - b) for i, (a, b) in enumerate(zip(after.armies, before.armies))
                      if a != b)
        out.append(Traded(seat, cards, received, bonus))
    elif isinstance(action, Place):
        out.append(Placed(seat, before.map.index(action.territory), action.armies))
    elif isinstance(action, Occupy):
        b = before.battle
        assert b is not None
        out.append(MoveIn(seat, b.src, b.dst, action.armies, automatic=False))
    elif isinstance(action, Move):
        step = before.rules.phase_info(before.phase).label  # "move", SMART's "alliance"...
        out.append(Regrouped(seat, before.map.index(action.src), before.map.index(action.dst),
                             action.armies, step))
    elif isinstance(action, Draw):
        out.append(CardDrawn(seat, card_index(action.card),
                             "loot" if before.phase is Phase.LOOT else "deck"))
    elif before.rules.advantages and isinstance(action, before.rules.advantages):
        out.append(Advantage(seat, action))
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        b = before.battle
        if (b is not None and not battle_before and before.armies[b.dst] == 0
                and after.armies[b.dst] > 0):  # SMART: the game ended at the conquest's card
            out.append(MoveIn(seat, b.src, b.dst, after.armies[b.dst], automatic=True))
        if not any(isinstance(e, Eliminated) for e in out):
            out.extend(Eliminated(seat, s) for s in range(before.num_players)
                       if before.alive[s] and not after.alive[s])
        out.append(Won(seat, after.winners, after.rules.end_decision(after)))
    return tuple(out)
