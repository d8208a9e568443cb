"""A readable log of a match: one line per event, grouped by turn (English)."""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Action, Attack, Draw, EndPhase, Move, Occupy, Place, Roll, Trade
from .match import Match
from .state import GameState, Phase


def describe(before: GameState, action: Action, after: GameState) -> str | None:
    """One line about what ``action`` did, or ``None`` for steps not worth a line."""
    who = before.colors[before.current]
    if isinstance(action, Trade):
        gained = after.reserves - before.reserves
        return f"{who} trades {', '.join(action.cards)} for {gained} armies"
    if isinstance(action, Place):
        return f"{who} places {action.armies} on {action.territory}"
    if isinstance(action, Roll) and before.battle is not None:
        b = before.battle
        lost_a = before.armies[b.src] - after.armies[b.src]
        lost_d = before.armies[b.dst] - after.armies[b.dst]
        src, dst = before.map.ids[b.src], before.map.ids[b.dst]
        line = (f"{who} attacks {dst} from {src}: {action} -> attacker loses {lost_a}, "
                f"defender loses {lost_d}")
        if after.owner[b.dst] == before.current:
            line += f"; {dst} conquered"
            loser = before.owner[b.dst]
            if not after.alive[loser]:
                line += f"; {before.colors[loser]} is out of the game"
        return line
    if isinstance(action, Occupy):
        return f"{who} moves {action.armies} in"
    if isinstance(action, Move):
        return f"{who} regroups {action.armies} from {action.src} to {action.dst}"
    if isinstance(action, Draw) and before.phase is Phase.DRAW:
        return f"{who} draws a card"
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
