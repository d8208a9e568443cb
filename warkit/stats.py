"""Small statistics shared by the odds, the tournaments, the arena and the labs (written once)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

K = TypeVar("K")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion, 95% by default (``z`` = 1.96); ``wins`` may be
    fractional (shared wins count a share). ``n == 0`` gives the whole range.

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_test(a: int, b: int, share: Fraction = Fraction(1, 2)) -> float:
    """Exact two-sided binomial test: ``a`` successes and ``b`` failures when each trial
    succeeds with probability ``share``. The p-value sums the probabilities of every
    outcome no likelier than the one observed; at one half it is the sign test."""
    n = a + b
    if n == 0:
        return 1.0
    probs = [math.comb(n, i) * share ** i * (1 - share) ** (n - i) for i in range(n + 1)]
    return min(1.0, float(sum(p for p in probs if p <= probs[a])))


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values`` by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def chi_square(counts: Mapping[K, int], probabilities: Mapping[K, float | Fraction]) -> float:
    """Pearson's statistic: how far observed ``counts`` are from what ``probabilities`` expect,
    the sum over outcomes of (observed - expected)² / expected, with expected = n x p.
    An outcome counted but impossible under ``probabilities`` is refused (ValueError).

    >>> chi_square({"heads": 60, "tails": 40}, {"heads": 0.5, "tails": 0.5})
    4.0
    """
    impossible = [k for k, c in counts.items() if c and not probabilities.get(k)]
    if impossible:
        raise ValueError(f"outcomes counted but impossible: {impossible}")
    n = sum(counts.values())
    if n <= 0:
        raise ValueError("no counts: a test needs at least one observation")
    return float(sum((counts.get(k, 0) - n * p) ** 2 / (n * p)
                     for k, p in probabilities.items() if p))


def bayes_update(prior: Mapping[K, Any], likelihood: Mapping[K, Any]) -> dict[K, Any]:
    """Bayes' rule: each hypothesis's posterior is its prior times the likelihood of what was
    seen under it, divided by the sum over all hypotheses (a missing likelihood counts as 0).
    Exact with Fractions, floats otherwise. ValueError when nothing seen is possible.

    >>> bayes_update({"fair": Fraction(1, 2), "loaded": Fraction(1, 2)},
    ...              {"fair": Fraction(1, 6), "loaded": Fraction(1, 2)})
    {'fair': Fraction(1, 4), 'loaded': Fraction(3, 4)}
    """
    weights = {k: p * likelihood.get(k, 0) for k, p in prior.items()}
    total = sum(weights.values())
    if not total > 0:
        raise ValueError("no hypothesis explains what was seen (every prior x likelihood is 0)")
    return {k: w / total for k, w in weights.items()}
