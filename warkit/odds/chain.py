"""The battle Markov chain as numpy arrays: fast float DPs over whole tables.

States ``(cards left, attackers, defenders)`` on a grid up to ``(A, D)`` are
stored diagonal by diagonal (``attackers + defenders`` ascending), so that
every state of one diagonal depends only on earlier diagonals or on a lower
cards layer. One diagonal is then one vectorised step: gather the values of
all successors (``K`` possible moves x the diagonal), weight, sum.

- :meth:`Chain.solve` runs backwards: the value of a state is the expected
  value of its end state (1 for conquest gives the win probability).
- :meth:`Chain.spread` runs forwards from the top corner and gives the
  probability of reaching every state, end states included.

Chains are not cached (a 500 x 500 chain holds tens of megabytes); the
results built from them are (see :mod:`warkit.odds.battle`).
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from .options import BattleRules
from .transitions import layer_count, state_class, steps


class Chain:
    """The battle chain on the grid ``cards x (0..A) x (0..D)``; the attacker stops at ``stop_at``.

    Arrays are in storage order: ``P[n, k]`` probability of move ``k`` from
    state ``n`` and ``T[n, k]`` its target (any valid state where ``P`` is 0).
    """

    def __init__(self, rules: BattleRules, A: int, D: int, stop_at: int) -> None:
        self.rules, self.A, self.D, self.stop_at = rules, A, D, stop_at
        C = self.C = layer_count(rules)
        self.size = size = (A + 1) * (D + 1)
        self.N = C * size
        ma, md = rules.attacker_dice_max, rules.defender_dice_max

        # One battle's moves per class: (layer, min(a, ma + 1), min(d, md + 1)) says it all
        # (a <= ma: the attacker rolls every attacking army, which terrain knowledge minds).
        per_class = {}
        for c in range(C):
            for ia in range(1, min(A, ma + 1) + 1):
                for jd in range(1, min(D, md + 1) + 1):
                    per_class[c, ia, jd] = dict(steps(rules, c, *state_class(rules, ia, jd)))
        moves = sorted({m for probs in per_class.values() for m in probs})
        self.moves = moves
        K = self.K = len(moves)
        table = np.zeros((C, ma + 2, md + 2, K))
        for (c, ia, jd), probs in per_class.items():
            for k, move in enumerate(moves):
                table[c, ia, jd, k] = float(probs.get(move, 0))

        # Storage position of each grid cell: layer, then diagonal, then attackers.
        diag = np.arange(A + D + 1)
        lo = np.maximum(0, diag - D)
        count = np.minimum(A, diag) - lo + 1
        offset = np.concatenate(([0], np.cumsum(count)[:-1]))
        a = np.arange(A + 1)[:, None]
        d = np.arange(D + 1)[None, :]
        pos0 = (offset[a + d] + a - lo[a + d]).ravel()
        # int32 indices: the big gathers below run several times faster than with int64
        pos: np.ndarray = (np.arange(C)[:, None] * size + pos0).astype(np.int32)
        self.pos = pos.reshape(C, A + 1, D + 1)
        cell = np.empty(self.N, dtype=np.int32)                # storage -> grid cell index
        cell[self.pos.ravel()] = np.arange(self.N, dtype=np.int32)
        self.cell = cell
        c_of, rest = np.divmod(cell, size)
        a_of, d_of = np.divmod(rest, D + 1)
        self.a_of: np.ndarray = a_of
        self.d_of: np.ndarray = d_of
        self.c_of: np.ndarray = c_of

        cls = np.ravel_multi_index((c_of, np.minimum(a_of, ma + 1), np.minimum(d_of, md + 1)),
                                   table.shape[:3])
        P = np.take(table.reshape(C * (ma + 2) * (md + 2), K), cls, axis=0)   # (N, K)
        P[a_of <= stop_at] = 0.0                               # the attacker has stopped
        delta = np.array([sp * size + la * (D + 1) + ld for sp, la, ld in moves],
                         dtype=np.int32).reshape(K)
        # where a move is impossible (P = 0) any valid target will do: every value is finite
        self.P = P
        self.T = self.pos.ravel()[np.maximum(cell[:, None] - delta, 0)].astype(np.intp)

        # Backward segments: the non-end states of each diagonal are contiguous.
        self.segments = []
        self.diagonals = []
        for c in range(C):
            for s in range(A + D + 1):
                start = c * size + int(offset[s])
                self.diagonals.append((start, start + int(count[s])))
                a_lo, a_hi = max(stop_at + 1, s - D), min(A, s - 1)
                if a_lo <= a_hi:
                    first = start + a_lo - int(lo[s])
                    self.segments.append((first, first + a_hi - a_lo + 1))

    def end_values(self, attackers_left: bool = False, defenders_left: bool = False,
                   conquest: bool = False) -> np.ndarray:
        """Storage-ordered value of each end state (0 elsewhere)."""
        a, d = self.a_of, self.d_of
        end = (d == 0) | (a <= self.stop_at)
        values: np.ndarray = (d == 0) if conquest else np.where(end, a if attackers_left else d, 0)
        return values.astype(float)

    def to_grid(self, stored: np.ndarray) -> np.ndarray:
        """Storage-ordered values on the grid ``(C, A+1, D+1)``."""
        grid: np.ndarray = stored[self.pos]
        return grid

    def solve(self, V: np.ndarray) -> np.ndarray:
        """Expected end value from every state, given ``V`` (storage order) at end states.

        ``V`` is updated in place and returned; non-end entries are overwritten.
        """
        P, T = self.P, self.T
        for start, stop in self.segments:
            V[start:stop] = np.einsum("nk,nk->n", P[start:stop], V[T[start:stop]])
        return V

    @cached_property
    def sources(self) -> tuple[np.ndarray, np.ndarray]:
        """For the forward pass: each cell's predecessors and their move probabilities."""
        C, A, D, size = self.C, self.A, self.D, self.size
        moves = np.array(self.moves, dtype=np.intp).reshape(-1, 3)
        inside = ((self.c_of[:, None] + moves[:, 0] < C) & (self.a_of[:, None] + moves[:, 1] <= A)
                  & (self.d_of[:, None] + moves[:, 2] <= D))
        delta = moves[:, 0] * size + moves[:, 1] * (D + 1) + moves[:, 2]
        src = self.pos.ravel()[np.where(inside, self.cell[:, None] + delta, 0)]
        Q = np.where(inside, self.P.ravel()[src * self.K + np.arange(self.K)], 0.0)
        return src.astype(np.intp), Q

    def spread(self) -> np.ndarray:
        """Probability of reaching each cell (storage order) from the top corner ``(C-1, A, D)``."""
        S, Q = self.sources
        M = np.zeros(self.N)
        M[self.pos[self.C - 1, self.A, self.D]] = 1.0
        for start, stop in reversed(self.diagonals):
            M[start:stop] += np.einsum("nk,nk->n", Q[start:stop], M[S[start:stop]])
        return M
