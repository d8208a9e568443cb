"""How the benchmarks count attacks in a record: runs of battles against one target.

Imports ``warkit`` from whatever tree is first on ``sys.path`` (the caller puts it there), so a
benchmark can count the records of another tree with the same rule.
"""

from __future__ import annotations

from warkit.actions import Attack
from warkit.rules.smart import AirAttack


def count_attacks(actions) -> int:
    """Attacks = runs of battles with the same source and target within a turn (S-TERM-1);
    a SMART air attack always starts one."""
    attacks, last = 0, None
    for action in actions:
        if isinstance(action, Attack):
            key = (action.src, action.dst)
            if key != last:
                attacks += 1
            last = key
        elif isinstance(action, AirAttack):
            attacks += 1
            last = (action.src, action.card)
        elif action.keyword in ("end", "place", "trade", "move"):
            last = None
    return attacks
