"""Fit the expert's position value to who wins (:mod:`warkit.bots.value`).

Run: python tests/bench/fit_value.py [--rules classic|smart] [--games 6:800,3:200,4:200]
     [--seed 95000] [--holdout 0.25] [--write]

Plays games of hard bots in the rule set (game ``g`` of each player count seeded
``SEED + 1000 * players + g``), records at the start of every turn the features
(:func:`~warkit.bots.value.features_of` the rule set) of every seat in play and who finally
won (capped games are left out), and fits the conditional-logit weights by maximum
likelihood (Newton's method, numpy, a small ridge).
Whole games are held out (every ``1 / holdout``-th game), never single states, and the
held-out log-loss and accuracy are printed against the hand-set
:func:`~warkit.bots.expert.position_value` turned into a softmax over the seats (its one
temperature fitted on the training games) and against a uniform guess. ``--write`` writes
the weights, with this command and the figures, to ``warkit/bots/value_weights_RULES.py``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from warkit import simulate
from warkit.bots.expert import position_value
from warkit.bots.value import features_of, seat_features
from warkit.game import initial_state

BOTS_DIR = Path(__file__).resolve().parents[2] / "warkit" / "bots"
RIDGE = 1e-3
"""L2 penalty per state on the weights (keeps Newton's steps finite on tiny samples)."""


@dataclass
class Sample:
    """One turn-start state: every seat in play's features and hand-set value, who won."""

    game: int
    players: int
    features: np.ndarray  # seats in play x features
    hand: np.ndarray      # the hand-set position_value of each seat in play
    won: np.ndarray       # each seat's share of the win (sums to 1)


def collect(players: int, games: int, seed: int, first_game: int = 0,
            max_turns: int = 500, rules: str = "classic") -> list[Sample]:
    """The turn-start samples of ``games`` games of hard bots at ``players`` seats."""
    samples: list[Sample] = []
    for g in range(games):
        match = simulate(players, rules, ["hard"] * players, seed=seed + g,
                         max_turns=max_turns)
        end = match.state
        if not end.is_terminal or not end.winners:
            continue  # capped: nobody won
        turn = 0
        for state in match.states:
            if state.turn == turn or state.turn < 1 or state.is_terminal:
                continue
            turn = state.turn
            feats = seat_features(state)
            seats = sorted(feats)
            samples.append(Sample(
                game=first_game + g, players=players,
                features=np.array([feats[s] for s in seats]),
                hand=np.array([position_value(state, s) for s in seats]),
                won=np.array([1.0 / len(end.winners) if s in end.winners else 0.0
                              for s in seats])))
    return samples


def _padded(samples: Sequence[Sample], columns: str
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """States x 6 seats arrays (features or hand values), win shares and a seat mask."""
    width = max(len(s.won) for s in samples)
    dims = samples[0].features.shape[1] if columns == "features" else 1
    x = np.zeros((len(samples), width, dims))
    y = np.zeros((len(samples), width))
    mask = np.zeros((len(samples), width), dtype=bool)
    for n, s in enumerate(samples):
        k = len(s.won)
        x[n, :k] = s.features if columns == "features" else s.hand[:, None]
        y[n, :k] = s.won
        mask[n, :k] = True
    return x, y, mask


def probabilities(x: np.ndarray, mask: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The softmax over the seats in play of ``x @ w`` (0 for padding seats)."""
    scores = np.where(mask, x @ w, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(scores), 0.0)
    return e / e.sum(axis=1, keepdims=True)


def fit(x: np.ndarray, y: np.ndarray, mask: np.ndarray, ridge: float = RIDGE,
        steps: int = 50) -> np.ndarray:
    """Maximum-likelihood weights of the conditional logit (Newton's method)."""
    n, _, d = x.shape
    w = np.zeros(d)
    for _ in range(steps):
        p = probabilities(x, mask, w)
        mean = np.einsum("nk,nkd->nd", p, x)
        grad = np.einsum("nk,nkd->d", y - p, x) - ridge * n * w
        centred = x - mean[:, None, :]
        hess = np.einsum("nk,nkd,nke->de", p, centred, centred) + ridge * n * np.eye(d)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, mask: np.ndarray, w: np.ndarray
           ) -> tuple[float, float]:
    """Mean log-loss (-log of the winner's probability) and accuracy (the winner is the most
    likely seat) over the states."""
    p = probabilities(x, mask, w)
    loss = -np.sum(y * np.log(np.maximum(p, 1e-300)), axis=1).mean()
    best = np.where(mask, p, -1.0).argmax(axis=1)
    right = y[np.arange(len(y)), best] > 0
    return float(loss), float(right.mean())


def report(name: str, samples: Sequence[Sample], w: np.ndarray, temperature: float) -> str:
    """Held-out figures of the fitted value, the hand-set one and a uniform guess (whose
    accuracy is its expected one: a seat drawn at random)."""
    x, y, mask = _padded(samples, "features")
    hx, _, _ = _padded(samples, "hand")
    fitted = scores(x, y, mask, w)
    hand = scores(hx, y, mask, np.array([temperature]))
    uniform = -np.log(1.0 / mask.sum(axis=1)).mean(), (y.sum(axis=1) / mask.sum(axis=1)).mean()
    games = len({s.game for s in samples})
    return (f"{name}: {len(samples)} states of {games} games; log-loss / accuracy: fitted "
            f"{fitted[0]:.4f} / {100 * fitted[1]:.1f} %, hand-set {hand[0]:.4f} / "
            f"{100 * hand[1]:.1f} %, uniform {uniform[0]:.4f} / {100 * uniform[1]:.1f} %")


def main(argv: Sequence[str] | None = None) -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", choices=("classic", "smart"))
    parser.add_argument("--games", default="6:800,3:200,4:200",
                        help="players:games pairs (games of hard bots)")
    parser.add_argument("--seed", type=int, default=95000)
    parser.add_argument("--holdout", type=float, default=0.25,
                        help="share of the games held out (whole games)")
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--write", default=None, nargs="?", const="",
                        help="write the weights module (default: the rule set's in warkit)")
    args = parser.parse_args(argv)
    names = features_of(initial_state(3, args.rules).rules)
    every = max(2, round(1 / args.holdout))
    started = time.process_time()
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    samples: list[Sample] = []
    for pair in args.games.split(","):
        players, games = (int(v) for v in pair.split(":"))
        samples += collect(players, games, args.seed + 1000 * players,
                           first_game=1000 * players, max_turns=args.max_turns,
                           rules=args.rules)
        print(f"  {players} players: {games} games played "
              f"({time.process_time() - started:.0f} s CPU)", flush=True)
    train = [s for s in samples if s.game % every]
    held = [s for s in samples if not s.game % every]
    if not train or not held:
        raise ValueError("too few finished games to hold some out: play more")
    x, y, mask = _padded(train, "features")
    w = fit(x, y, mask)
    hx, _, _ = _padded(train, "hand")
    temperature = float(fit(hx, y, mask)[0])
    lines = [f"{args.rules} weights: "
             + ", ".join(f"{n} {v:+.4f}" for n, v in zip(names, w)),
             f"hand-set value's temperature: {temperature:.5f} per territory unit",
             report("training", train, w, temperature),
             report(f"held out (every {every}th game)", held, w, temperature)]
    for players in sorted({s.players for s in held}):
        lines.append(report(f"  held out, {players} players",
                            [s for s in held if s.players == players], w, temperature))
    lines.append(f"{time.process_time() - started:.0f} s CPU; load after: "
                 f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("\n".join(lines))
    if args.write is not None:
        command = "python tests/bench/fit_value.py " + " ".join(
            argv if argv is not None else sys.argv[1:])
        path = Path(args.write or BOTS_DIR / f"value_weights_{args.rules}.py")
        write_weights(path, names, w, command.strip(), lines)
    return lines


def write_weights(path: Path, names: Sequence[str], w: np.ndarray, command: str,
                  lines: Sequence[str]) -> None:
    """The generated weights module: the weights, the command and its figures."""
    rows = "\n".join(f"    {v!r},  # {n}" for n, v in zip(names, map(float, w)))
    wrapped = " \\\n#     ".join(textwrap.wrap(command, 90, break_on_hyphens=False))
    figures = "\n".join(f"#   {part}" for line in lines
                        for part in textwrap.wrap(line, 94, subsequent_indent="    "))
    path.write_text(
        f'"""Weights of :mod:`warkit.bots.value` for {len(names)} features, in the order\n'
        'of ``features_of`` the rule set.\n\n'
        "Generated by ``tests/bench/fit_value.py``: do not edit by hand.\n"
        '"""\n\n'
        f"# Command: {wrapped}\n# Figures it printed:\n{figures}\n\n"
        f"WEIGHTS: tuple[float, ...] = (\n{rows}\n)\n")
    if not all(math.isfinite(v) for v in w):
        raise ValueError("the fit did not converge (weights not finite)")


if __name__ == "__main__":
    main()
