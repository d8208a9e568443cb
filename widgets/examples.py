"""Fixed positions shared by the lessons, the gallery and the tests (one copy of each).

:data:`RULE_BOOK_OPENING` sets up, from a seeded three-player game, the rule
book's two battle examples: red's Brasil (4 armies) against white's
Argentina (3), and red's Franca (10) against white's Alemanha (4), with red
in the attack step.
"""

from __future__ import annotations

import warkit

RULE_BOOK_SEED = 4
RULE_BOOK_OPENING: tuple[str, ...] = (
    "place brasil 3", "place franca 4", "end", "end",                        # red
    "place argentina 2", "place alemanha 3", "place india 2", "end", "end",  # white
    "place china 7", "end", "end",                                           # black
    "place franca 5", "place japao 2",                                       # red again
)


def rule_book_position() -> warkit.GameState:
    """Red to attack: Brasil 4 vs Argentina 3, Franca 10 vs Alemanha 4 (see the module doc)."""
    state = warkit.new_game(players=3, seed=RULE_BOOK_SEED)
    for move in RULE_BOOK_OPENING:
        state = warkit.apply(state, move)
    return state
