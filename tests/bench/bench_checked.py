"""Checked-path benchmark: the cost of one decision through the public API, now and at a baseline.

Run: python tests/bench/bench_checked.py [--games N] [--rules classic|smart] [--baseline REV]

Plays ``N`` seeded games between random players, then times, over every decision of their
records, ``legal_actions(state)`` (and its ``len``), ``view(state, seat)`` and
``apply(state, action)``, and ``apply`` over every chance step; "per decision" is the total
CPU time divided by the decisions (chance steps included, as a game needs them). The states
timed are rebuilt by replaying each record first (untimed) the way a game's loop meets them:
``legal_actions`` then ``apply`` at a decision, ``apply`` at a chance step. So what the
engine carries from state to state (the per-seat territory index) is warm as in a game, and a
view is never timed on a state already viewed (the engine caches no legal list per state). With
``--baseline REV`` (default: ``3236291``, the engine before issue 12) the same measurement runs in
a child process on ``git archive REV`` and both are printed side by side; the two are
interleaved over ``--rounds`` rounds and the best round of each is kept (the machine is
shared). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BASELINE = "3236291"


def measure(games: int, rules: str) -> dict[str, float]:
    """CPU microseconds per call of each part, and per decision in all."""
    import warkit
    from warkit import apply, legal_actions, view

    decisions, chance = [], []
    for seed in range(games):
        match = warkit.simulate(4, rules, seed=seed, max_turns=400, fast=False)
        state = match.states[0]
        for action in match.actions:  # fresh states: nothing cached by the game above
            if state.current_player >= 0:
                decisions.append((state, action))
                legal_actions(state)
            else:
                chance.append((state, action))
            state = apply(state, action)
    clock = time.process_time
    t0 = clock()
    for state, _ in decisions:
        len(legal_actions(state))
    t1 = clock()
    for state, _ in decisions:
        view(state, state.current_player)
    t2 = clock()
    for state, action in decisions:
        apply(state, action)
    t3 = clock()
    for state, action in chance:
        apply(state, action)
    t4 = clock()
    n = len(decisions)
    sim0 = clock()
    for seed in range(games):
        warkit.simulate(4, rules, seed=seed, max_turns=400, fast=False)
    sim = clock() - sim0
    return {"decisions": n, "chance": len(chance), "legal": (t1 - t0) / n * 1e6,
            "view": (t2 - t1) / n * 1e6, "apply": (t3 - t2) / n * 1e6,
            "chance_apply": (t4 - t3) / len(chance) * 1e6, "per_decision": (t4 - t0) / n * 1e6,
            "simulate_per_decision": sim / n * 1e6}


def child(source: Path, games: int, rules: str) -> dict[str, float]:
    """Run :func:`measure` with the engine found in ``source``."""
    code = (f"import sys, json; sys.path.insert(0, {str(source)!r}); "
            f"sys.path.insert(1, {str(Path(__file__).parent)!r}); "
            "import bench_checked as b, warkit; "
            f"assert warkit.__file__.startswith({str(source)!r}), warkit.__file__; "
            f"print(json.dumps(b.measure({games}, {rules!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=source)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.games} "
          f"{args.rules} games of 4 random players (seeds 0..), CPU time of one process")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        base.mkdir()
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):
            for label, source in ((f"baseline {args.baseline}", base), ("this tree", ROOT)):
                r = child(source, args.games, args.rules)
                if label not in best or r["per_decision"] < best[label]["per_decision"]:
                    best[label] = r
    keys = ("legal", "view", "apply", "chance_apply", "per_decision", "simulate_per_decision")
    print(f"{'':22}" + "".join(f"{k:>22}" for k in keys) + "   (microseconds)")
    for label, r in best.items():
        print(f"{label:22}" + "".join(f"{r[k]:22.1f}" for k in keys))
    old, new = best.values()
    print(f"{'speed-up':22}" + "".join(f"{old[k] / new[k]:21.2f}x" for k in keys))
    print(f"({new['decisions']:,} decisions and {new['chance']:,} chance steps; the last "
          "column is simulate(fast=False), random bots included)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
