"""A whole game state consistent with what one player sees: a "determinization".

A search over hidden information plays many guessed worlds: the board, the
turn and the viewer's own cards and objective come from the view; what it
cannot see is dealt at random (:func:`determinize`):

- the other seats' objective cards, from a belief
  (:class:`~warkit.bots.belief.ObjectiveBelief`);
- the other seats' hands, the discard pile and the deck, from the cards the
  viewer has not seen (cards face up on the table stay where they are);
- the first player of the rounds, worked out from the turn number
  (:func:`warkit.mirror.first_player`).

The result is an ordinary :class:`~warkit.state.GameState`: the one rule book
(``warkit.apply``, ``legal_actions``) plays it, so a search never needs a
second implementation of any rule. Only states at the start of the viewer's
own turn are rebuilt (:func:`can_determinize`): the rule set's per-turn state
(SMART's ``extra``) is then the fresh one the rule set itself makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..mirror import dealt_state, first_player
from ..state import CARD_COUNT, GameState, Phase, evolve
from ..view import PlayerView


def can_determinize(view: PlayerView) -> bool:
    """Whether :func:`determinize` can rebuild this view: the viewer's own turn, before it
    has traded or attacked, with no card of the turn's conquests pending, and every one of
    the 44 cards in a hand, the deck or the discard pile."""
    if view.player is None or view.current != view.player or view.is_terminal:
        return False
    if view.phase not in (Phase.TRADE, Phase.PLACE) or view.battle is not None:
        return False
    if view.conquered or view.late or view.loot_size:
        return False
    if sum(view.hand_sizes) + view.deck_size + view.discard_size != CARD_COUNT:
        return False  # cards out of play the view does not place (none in the rule books)
    fresh = view.rules.initial_state(view.colors).extra
    if fresh is None:
        return view.extra is None
    extra = view.extra
    # The rule set's per-turn state must still be the fresh one (SMART: nothing traded,
    # revealed, attacked or drawn yet this turn).
    return not (getattr(extra, "traded", False) or getattr(extra, "revealed", ())
                or getattr(extra, "attacks", 0) or getattr(extra, "intel_count", 0)
                or getattr(extra, "draws", 0))


def determinize(view: PlayerView, objectives: Sequence[str], rng: random.Random) -> GameState:
    """A state that looks exactly like ``view`` to its viewer, with ``objectives`` (one card
    per seat, e.g. from :meth:`~warkit.bots.belief.ObjectiveBelief.sample`) and the unseen
    cards dealt by ``rng`` (:func:`warkit.mirror.dealt_state` in a shuffled order). Raises
    ``ValueError`` when the view is not one :func:`can_determinize` accepts, or the objectives
    do not fit the seats."""
    if not can_determinize(view):
        raise ValueError("only a view at the start of the viewer's own turn can be rebuilt")
    me = view.player
    assert me is not None  # can_determinize checked it
    if len(objectives) != len(view.colors) or objectives[me] != view.objective:
        raise ValueError("one objective per seat, the viewer's own at its seat")
    pool = [c for c in range(CARD_COUNT) if c not in view.hand]
    rng.shuffle(pool)
    return evolve(dealt_state(view, pool), objective_cards=tuple(objectives))


__all__ = ["can_determinize", "determinize", "first_player"]
