"""The territories a random bot leans towards: those its objective asks for.

Kept apart from :mod:`.random_bot` so that its SMART half (:mod:`.smart_random`)
reads it without importing the bot back (no import cycle).
"""

from __future__ import annotations

from ..view import PlayerView
from ..worldmap import world_map


def objective_targets(view: PlayerView) -> frozenset[int]:
    """Territories the viewer's objective asks for (every territory for a count objective)."""
    m = world_map()
    if view.objective is None:
        return frozenset(range(len(m.territories)))
    objective = m.objective(view.objective)
    if objective.kind == "continents":
        return frozenset(i for c in objective.continents
                         for i in m.continent_members[m.continent(c).index])
    if objective.kind == "destroy" and objective.color in view.colors:
        target = view.colors.index(objective.color)
        return frozenset(i for i, o in enumerate(view.owner) if o == target)
    return frozenset(range(len(m.territories)))


__all__ = ["objective_targets"]
