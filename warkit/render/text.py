"""A plain-text picture of a state, for terminals and logs (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..worldmap import world_map

if TYPE_CHECKING:
    from ..state import GameState


def state_text(state: GameState) -> str:
    """Header (turn, phase, who acts), then each continent's territories with owner and armies."""
    m = world_map()
    seat = state.current
    lines = [f"War ({state.rules.name}) - round {state.round}, turn {state.turn}, "
             f"{state.colors[seat]} to act, step: {state.phase.value}"]
    if state.winners:
        lines[0] = f"War ({state.rules.name}) - game over, won by " + ", ".join(
            state.colors[w] for w in state.winners)
    reserves = state.reserves + sum(state.continent_reserves)
    if reserves:
        lines.append(f"armies to place: {reserves}")
    if state.battle is not None:
        b = state.battle
        lines.append(f"battle: {m.territories[b.src].id} -> {m.territories[b.dst].id} "
                     f"({b.attack_dice} vs {b.defence_dice} dice)")
    players = []
    for s, color in enumerate(state.colors):
        status = "" if state.alive[s] else " (out)"
        players.append(f"{color}: {state.territory_count(s)} territories, "
                       f"{state.army_count(s)} armies, {state.hand_sizes[s]} cards{status}")
    lines.append("players: " + "; ".join(players))
    width = max(len(t.id) for t in m.territories)
    for continent, members in zip(m.continents, m.continent_members):
        lines.append(f"{continent.name_en} (+{continent.bonus})")
        for i in members:
            owner = state.owner[i]
            who = state.colors[owner] if owner >= 0 else "-"
            lines.append(f"  {m.territories[i].id:<{width}}  {who:<6} {state.armies[i]:>3}")
    return "\n".join(lines)
