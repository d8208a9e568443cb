"""Digests of seeded games, to show an engine change leaves every game as it was.

Run it in two trees (e.g. ``main`` unpacked with ``git archive`` and a branch) and compare::

    PYTHONHASHSEED=0 python tests/tools/game_digests.py > after.json
    (cd /tmp/base && PYTHONHASHSEED=0 python /path/to/game_digests.py) > before.json
    cmp before.json after.json

Each game is ``warkit.simulate(..., fast=False)`` with one bot level (or a mixed table) under
each rule set; its digest hashes every action, every decision's legal actions (count and
families) and the deciding player's view, and the saved match. The engine is imported from
the current directory, so the same script measures any tree. Tooling, not a test.
"""

from __future__ import annotations

import hashlib
import json
import sys

sys.path.insert(0, ".")

import warkit
from warkit import legal_actions, view
from warkit.record import dumps

GAMES = {"random": 6, "easy": 4, "normal": 3, "hard": 2}
MIXED = ["random", "easy", "normal", "hard"]


def digest(match: warkit.Match) -> str:
    h = hashlib.sha256()
    for state, action in zip(match.states, match.actions):
        h.update(str(action).encode())
        if state.current_player >= 0:
            legal = legal_actions(state)
            h.update(repr((len(legal), [str(f) for f in legal.families[:50]])).encode())
            shown = view(state, state.current_player)
            h.update(repr(sorted((k, repr(v)) for k, v in shown.__dict__.items()
                                 if k != "rules")).encode())
    h.update(dumps(match).encode())
    return h.hexdigest()


def main() -> None:
    out = {}
    for rules in ("classic", "smart"):
        tables: list[tuple[str | list[str], int]] = [
            (level, seed) for level, n in GAMES.items() for seed in range(n)]
        tables.append((MIXED, 99 if rules == "classic" else 98))
        for bots, seed in tables:
            match = warkit.simulate(4, rules, bots=bots, seed=seed, max_turns=300, fast=False)
            out[f"{rules}-{bots}-{seed}"] = (len(match.actions), digest(match))
    print(json.dumps(out, indent=0))


if __name__ == "__main__":
    main()
