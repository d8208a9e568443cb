"""A readable log of a match: one line per event, grouped by turn (English).

The lines are written from :func:`warkit.events.events`, the same events the
dashboard's log and dice tray read, so every reader tells the same losses.
"""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Action, Roll, card_name
from .events import (
    Advantage,
    BattleResult,
    CardDrawn,
    Conquest,
    Eliminated,
    Event,
    MoveIn,
    Placed,
    Reacted,
    Regrouped,
    Traded,
    events,
)
from .match import Match
from .state import GameState, Phase

__all__ = ["describe", "narrate"]


def _words(before: GameState, event: Event) -> str | None:
    """One event in words (``None`` for events told with another)."""
    ids, colors = before.map.ids, before.colors
    who = colors[event.seat]
    if isinstance(event, Traded):
        return f"{who} trades {', '.join(map(card_name, event.cards))} for {event.armies} armies"
    if isinstance(event, Placed):
        return f"{who} places {event.armies} on {ids[event.territory]}"
    if isinstance(event, Reacted):
        if event.kind == "rerolled":
            return f"the rerolled dice show {','.join(map(str, event.dice))}"
        card = card_name(event.card) if event.card is not None else "?"
        if event.kind == "reveal":
            return f"{who} reveals {card} (terrain knowledge)"
        roll = f" of {Roll(*event.roll)}" if event.roll else ""
        return f"{who} discards {card} to reroll {','.join(map(str, event.dice))}{roll}"
    if isinstance(event, BattleResult):
        return (f"{who} attacks {ids[event.dst]} from {ids[event.src]}: "
                f"{Roll(event.attack, event.defence)} -> attacker loses {event.lost_attacker}, "
                f"defender loses {event.lost_defender}")
    if isinstance(event, Conquest):
        return f"{ids[event.territory]} conquered"
    if isinstance(event, Eliminated):
        return f"{colors[event.loser]} is out of the game"
    if isinstance(event, MoveIn):
        return None if event.automatic else f"{who} moves {event.armies} in"
    if isinstance(event, Regrouped):
        verb = "regroups" if event.step == "move" else f"shifts ({event.step})"
        return f"{who} {verb} {event.armies} from {ids[event.src]} to {ids[event.dst]}"
    if isinstance(event, CardDrawn):
        return (f"{who} draws a card from the eliminated player's hand"
                if event.source == "loot" else f"{who} draws a card")
    if isinstance(event, Advantage):
        if event.action.keyword == "reveal":
            return f"{who} reveals {getattr(event.action, 'card', '?')} (hidden passage)"
        return f"{who}: {event.action}"
    return None  # Won: told at the end of the story


def describe(before: GameState, action: Action, after: GameState) -> str | None:
    """One line about what ``action`` did, or ``None`` for steps not worth a line."""
    said = [w for w in (_words(before, e) for e in events(before, action, after)) if w]
    if not said:
        return None
    line = said[0]
    for more in said[1:]:  # a battle's conquest and elimination continue its line
        line += f"; {more}"
    return line


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
