"""Helpers of the probability labs 04 to 08: numbers as each language writes them, short labels,
and lab 05's combat systems (War-like rolls read from the sorted top dice; Clash of Cultures).

Lab 05 shows these functions' code (part 1 teaches how a rule becomes a function) and both of its
notebooks use them, so they live here once.

>>> fmt_int(9604, "pt"), fmt_int(9604, "en")
('9.604', '9,604')
>>> pct(0.0565, "pt", 2), pct(0.0565, "en", 2)
('5,65%', '5.65%')
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from warkit_widgets.i18n import color_name, continent_name, fmt_percent, normalize_lang
from warkit_widgets.i18n import fmt_int as fmt_int  # the labs' name for it (the locale layer's)
from warkit_widgets.lessons.messages import tr

from warkit import ClassicRules, world_map

WAR_SIDES = ClassicRules.sides
"""Faces of War's dice, as the classic rule set rolls them (C-ATK-2)."""


def pct(p: float | Fraction, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage with the language's decimal mark (``41,7%``)."""
    return fmt_percent(float(p), lang, digits)


def objective_label(card: str, lang: str = "pt") -> str:
    """A short name for an objective card (C-COMP-3), for a chart's row: ``Europe + Oceania +
    1``, ``24 territories``, ``destroy red`` (the card's full text is too long for a label)."""
    lang = normalize_lang(lang)
    objective = world_map().objective(card)
    if objective.kind == "continents":
        names = [continent_name(c, lang) for c in objective.continents]
        return " + ".join(names + ([str(objective.plus_any)] if objective.plus_any else []))
    if objective.kind == "territories":
        count = tr("label.territories", lang, n=objective.count)
        if objective.min_armies > 1:
            return count + tr("label.armies_each", lang, n=objective.min_armies)
        return count
    return tr("label.destroy", lang, color=color_name(objective.color, lang))


# -- lab 05: combat systems compared ---------------------------------------------------------
D12 = tuple(range(1, 13))  # lab 05's reading of the Clash of Cultures die: faces 1 to 12
D12_TWICE_1_TO_6 = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)  # the other reading it tests


@cache
def top_dice(n: int, k: int) -> Counter:
    """How many of the rolls of n of War's dice have each sorted 'k highest dice'."""
    return Counter(tuple(sorted(roll, reverse=True)[:k])
                   for roll in product(range(1, WAR_SIDES + 1), repeat=n))


@cache
def one_roll(att: int, dfn: int) -> dict[tuple[int, int], Fraction]:
    """Exact outcome of one War-style roll: {(attacker losses, defender losses): Fraction}.
    Sort, compare in pairs (as many as the smaller side), ties to the defender (C-ATK-4)."""
    pairs = min(att, dfn)
    out: Counter = Counter()
    for a, ways_a in top_dice(att, pairs).items():
        for d, ways_d in top_dice(dfn, pairs).items():
            lost_d = sum(x > y for x, y in zip(a, d, strict=True))
            out[(pairs - lost_d, lost_d)] += ways_a * ways_d
    return {k: Fraction(v, WAR_SIDES ** (att + dfn)) for k, v in out.items()}


@cache
def war_win(a: int, d: int, most: int = 3, most_defence: int = 3) -> Fraction:
    """Exact chance that a attackers conquer d defenders, always rolling the most dice
    (``most`` attack dice at most, ``most_defence`` defence dice at most; C-ATK-5)."""
    if d == 0:
        return Fraction(1)
    if a == 0:
        return Fraction(0)
    return sum((p * war_win(a - lost_a, d - lost_d, most, most_defence)
                for (lost_a, lost_d), p in one_roll(min(a, most), min(d, most_defence)).items()),
               Fraction(0))


@cache
def hits(n: int, faces: tuple[int, ...] = D12) -> dict[int, Fraction]:
    """Exact distribution of floor(sum of n dice / 5): {hits: Fraction}."""
    sums: Counter = Counter({0: 1})
    for _ in range(n):                       # convolution, one die at a time
        new: Counter = Counter()
        for s, ways in sums.items():
            for f in faces:
                new[s + f] += ways
        sums = new
    out: Counter = Counter()
    for s, ways in sums.items():
        out[s // 5] += ways
    return {h: Fraction(ways, len(faces) ** n) for h, ways in out.items()}


@cache
def clash(a: int, d: int, faces: tuple[int, ...] = D12) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (attacker wins, defender wins, both wiped out) for a units against d in Clash of
    Cultures: both sides hit at once; a round where nobody hits is rolled again."""
    if a == 0 or d == 0:
        return (Fraction(int(d == 0 < a)), Fraction(int(a == 0 < d)), Fraction(int(a == d == 0)))
    nothing, result = Fraction(0), [Fraction(0)] * 3
    for h_att, p in hits(a, faces).items():
        for h_def, q in hits(d, faces).items():
            if h_att == 0 and h_def == 0:
                nothing += p * q              # the round changed nothing: roll again
                continue
            after = clash(max(a - h_def, 0), max(d - h_att, 0), faces)
            result = [r + p * q * x for r, x in zip(result, after, strict=True)]
    won, lost, both = (r / (1 - nothing) for r in result)
    return won, lost, both
