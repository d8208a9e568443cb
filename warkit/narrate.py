"""A readable log of a match: one line per event, grouped by turn (English)."""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Action, Attack, Draw, EndPhase, Move, Occupy, Place, Roll, Trade
from .match import Match
from .state import GameState, Phase

BATTLE_STEPS = (Phase.ROLL, Phase.REACT, Phase.REROLL)


def _reaction(before: GameState, action: Action) -> str | None:
    """A SMART reaction to a roll, in words (``None`` for rolls and passes)."""
    keyword = action.keyword
    if keyword == "rerolled":
        return f"the rerolled dice show {','.join(map(str, action.dice))}"  # type: ignore
    if keyword not in ("reveal", "reroll"):
        return None
    who = before.colors[before.current_player]
    if keyword == "reveal":
        return f"{who} reveals {action.card} (terrain knowledge)"  # type: ignore[attr-defined]
    dice = ",".join(map(str, action.dice))  # type: ignore[attr-defined]
    return (f"{who} discards {action.card} to reroll {dice} of "  # type: ignore[attr-defined]
            f"{Roll(*before.last_roll)}")


def describe(before: GameState, action: Action, after: GameState) -> str | None:
    """One line about what ``action`` did, or ``None`` for steps not worth a line."""
    who = before.colors[before.current]
    if isinstance(action, Trade):
        gained = after.reserves - before.reserves
        return f"{who} trades {', '.join(action.cards)} for {gained} armies"
    if isinstance(action, Place):
        return f"{who} places {action.armies} on {action.territory}"
    if before.battle is not None and before.phase in BATTLE_STEPS:
        # SMART: reactions between the roll and the battle's end (S-TERRAIN-1, S-REROLL-1)
        reaction = _reaction(before, action)
        if after.phase in (Phase.REACT, Phase.REROLL):
            return reaction  # the battle's line comes when it resolves
        b = before.battle
        lost_a = before.armies[b.src] - after.armies[b.src]
        lost_d = before.armies[b.dst] - after.armies[b.dst]
        src, dst = before.map.ids[b.src], before.map.ids[b.dst]
        line = (f"{who} attacks {dst} from {src}: {Roll(*after.last_roll)} -> attacker loses "
                f"{lost_a}, defender loses {lost_d}")
        if after.owner[b.dst] == before.current:
            line += f"; {dst} conquered"
            loser = before.owner[b.dst]
            if not after.alive[loser]:
                line += f"; {before.colors[loser]} is out of the game"
        return f"{reaction}; {line}" if reaction else line
    if isinstance(action, Occupy):
        return f"{who} moves {action.armies} in"
    if isinstance(action, Move):
        return f"{who} regroups {action.armies} from {action.src} to {action.dst}"
    if isinstance(action, Draw) and before.phase is Phase.DRAW:
        return f"{who} draws a card"
    if action.keyword in ("airattack", "intelligence", "alliance", "airlift", "discard"):
        return f"{who}: {action}"
    if action.keyword == "reveal":
        return f"{who} reveals {action.card} (hidden passage)"  # type: ignore[attr-defined]
    if isinstance(action, Draw) and before.phase is Phase.LOOT:
        return f"{who} draws a card from the eliminated player's hand"
    if isinstance(action, EndPhase | Attack):
        return None
    return None


def narrate(match: Match) -> Iterator[str]:
    """The story of a match, turn by turn, ending with the winner and the objectives."""
    turn = None
    for before, action, after in zip(match.states, match.actions, match.states[1:]):
        if before.phase is Phase.SETUP:
            continue
        if before.turn != turn:
            turn = before.turn
            income = before.reserves + sum(before.continent_reserves)
            yield (f"-- round {before.round}, turn {turn}: {before.colors[before.current]} "
                   f"({before.territory_count(before.current)} territories, receives {income})")
        line = describe(before, action, after)
        if line:
            yield "   " + line
    final = match.state
    if final.winners:
        winner = final.winners[0]
        yield (f"== {final.colors[winner]} wins on turn {final.turn} with objective "
               f"{final.objective(winner)!r}")
    else:
        yield f"== stopped after {final.turn} turns without a winner"
    for seat, color in enumerate(final.colors):
        yield f"   {color}: {final.objective(seat)}"
