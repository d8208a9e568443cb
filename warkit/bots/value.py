"""A position value fitted to who wins: a conditional-logit model over the seats in play.

The expert's hand-set score (:func:`warkit.bots.expert.position_value`) weighs territories,
continents, armies, cards, objectives and risk by judgement. This module weighs the same
facts by what they predicted in games of hard bots: for a state at the start of a turn,

    P(seat s wins) = exp(w · f_s) / sum over the seats j in play of exp(w · f_j),

where ``f_s`` are :data:`FEATURES` of seat ``s`` (:func:`seat_features`) and ``w`` the
weights of the rule set (:func:`weights_of`: generated modules
:mod:`warkit.bots.value_weights_classic` and :mod:`~warkit.bots.value_weights_smart`), fitted
by maximum likelihood by
``tests/bench/fit_value.py`` (which prints the held-out figures against the hand-set score).
Every feature comes from the state the evaluating code has (a determinized world: the
objectives are the world's cards), with the evaluation helpers the levels share
(:class:`~warkit.bots.evaluate.Board`, :meth:`OpponentModel.closeness
<warkit.bots.opponents.OpponentModel.closeness>`, :func:`warkit.bots.stakes.wipe_out`).

The runtime is pure Python (a dot product and a softmax per position): no numeric library
at game time; the fitting script uses numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules import ClassicRules
from ..rules.smart.tables import ATTACK_LIMITS
from ..state import GameState
from ..view import view as view_of
from .evaluate import BONUS, MEMBERS, Board, goal_for
from .opponents import OpponentModel
from .stakes import WIN, WIPE_FROM, wipe_out
from .value_weights_classic import WEIGHTS as CLASSIC_WEIGHTS
from .value_weights_smart import WEIGHTS as SMART_WEIGHTS

FEATURES: tuple[str, ...] = (
    "territories",   # territories held, in tens
    "armies",        # armies on the board, in tens
    "army_share",    # its share of every army on the board
    "cards",         # cards in hand
    "income",        # armies it can expect next turn (Board.income), in tens
    "continents",    # bonus armies of whole continents held, times the chance all hold
    "exposure",      # territories it may lose before it plays again: sum of 1 - Board.hold
    "goal",          # its objective's closeness (OpponentModel.closeness, 0..1)
    "goal_squared",  # the same, squared (the last steps matter most)
    "wiped",         # chance it loses every territory before it plays again (wipe_out)
    "mover",         # 1 for the seat whose turn starts now
    "order",         # place in the turn order from the mover (0) over the seats in play
)
"""The names of a seat's features in every rule set, in the order of :func:`seat_features`'
tuples."""

SMART_FEATURES: tuple[str, ...] = (
    *FEATURES,
    "leader",         # 1 when it holds strictly the most territories (S-WIN-3 rewards it)
    "free_mover",     # 1 for the mover once attacks are unlimited (after S-LIMIT-1's rounds)
    "cards_squared",  # cards in hand squared, in tens (a trade's value grows fast, S-TRADE-3)
)
"""A SMART game's features: the game ends at the first elimination, so the lead, the
mover's freedom to attack and a big trade weigh more (a separate fit)."""



def features_of(rules: ClassicRules) -> tuple[str, ...]:
    """The feature names of a rule set: :data:`SMART_FEATURES` where a game ends at the first
    elimination (SMART), else :data:`FEATURES`."""
    return SMART_FEATURES if rules.ends_at_first_elimination else FEATURES


def weights_of(rules: ClassicRules) -> tuple[float, ...]:
    """The fitted weights of a rule set (generated modules, with the command that fitted
    them and its held-out figures)."""
    return SMART_WEIGHTS if rules.ends_at_first_elimination else CLASSIC_WEIGHTS


def seat_features(state: GameState, viewer: int | None = None) -> dict[int, tuple[float, ...]]:
    """The features of every seat in play in ``state`` (a seat with no territory is out):
    :data:`FEATURES`, and in a SMART game :data:`SMART_FEATURES`.

    ``viewer`` is the seat whose view the board is read from (default: the seat to move);
    the features do not depend on it (the board is public, the objectives are the state's)."""
    seat = state.current if viewer is None else viewer
    board = Board(view_of(state, seat))
    owner, armies, counts = board.owner, board.armies, board.counts
    players = len(state.colors)
    playing = [s for s in range(players) if counts[s]]
    holds = [board.hold(i) for i in range(len(owner))]
    total_armies = sum(armies)
    own_armies = [0] * players
    exposure = [0.0] * players
    for i, o in enumerate(owner):
        if o >= 0:
            own_armies[o] += armies[i]
            exposure[o] += 1.0 - holds[i]
    order = _turn_order(state.current, playing, players)
    smart = state.rules.ends_at_first_elimination
    most = max(counts[s] for s in playing)
    leaders = [s for s in playing if counts[s] == most]
    unlimited = state.round > len(ATTACK_LIMITS)
    out: dict[int, tuple[float, ...]] = {}
    for s in playing:
        continents = 0.0
        for k, members in enumerate(MEMBERS):
            if board.cont_counts[s][k] == len(members):
                continents += BONUS[k] * math.prod(holds[i] for i in members)
        objective = state.rules.effective_objective(state, s)
        close = 0.0 if objective is None else \
            OpponentModel.closeness(board, s, goal_for(objective, state.colors))
        wiped = wipe_out(Board(board.view, seat=s)) if counts[s] <= WIPE_FROM else 0.0
        cards = len(state.hands[s])
        mover = s == state.current
        out[s] = (counts[s] / 10, own_armies[s] / 10, own_armies[s] / max(1, total_armies),
                  float(cards), board.income(s) / 10, continents, exposure[s],
                  close, close * close, wiped, float(mover), order[s] / len(playing))
        if smart:
            out[s] += (float(leaders == [s]), float(mover and unlimited), cards * cards / 10)
    return out


def _turn_order(current: int, playing: Sequence[int], players: int) -> dict[int, int]:
    """Each seat in play's place in the turn order counted from ``current`` (0)."""
    ahead = sorted(playing, key=lambda s: (s - current) % players)
    return {s: k for k, s in enumerate(ahead)}


def win_chances(state: GameState, weights: Sequence[float] | None = None,
                viewer: int | None = None) -> dict[int, float]:
    """The model's chance that each seat in play wins ``state`` (they sum to 1), with
    ``weights`` (default: the rule set's fitted :data:`WEIGHTS`); a finished game gives its
    winners equal shares."""
    if state.is_terminal:
        winners = state.winners
        return {s: 1.0 / len(winners) for s in winners}
    names = features_of(state.rules)
    if weights is None:
        weights = weights_of(state.rules)
    if len(weights) != len(names):
        raise ValueError(f"this rule set's value model has {len(names)} features, "
                         f"got {len(weights)} weights")
    scores = {s: sum(w * x for w, x in zip(weights, f))
              for s, f in seat_features(state, viewer).items()}
    top = max(scores.values())
    exps = {s: math.exp(v - top) for s, v in scores.items()}
    total = sum(exps.values())
    return {s: e / total for s, e in exps.items()}


def fitted_value(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``, in :func:`~warkit.bots.expert.position_value`'s
    units: ``WIN * (2 P - 1)`` with ``P`` the model's chance that ``seat`` wins, so a won game
    is ``WIN``, a lost one ``-WIN``, and the expert's mean over its worlds ranks plans by
    their expected chance to win. A shared win is worth ``WIN / winners``, as in the
    hand-set value."""
    if state.is_terminal:
        winners = state.winners
        return WIN / len(winners) if seat in winners else -WIN
    chance = win_chances(state, viewer=seat).get(seat, 0.0)
    return WIN * (2.0 * chance - 1.0)


__all__ = ["FEATURES", "SMART_FEATURES", "features_of", "fitted_value", "seat_features",
           "weights_of", "win_chances"]
