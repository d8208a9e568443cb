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

import ast
import inspect
import textwrap
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product

from warkit_widgets.i18n import color_name, continent_name, fmt_percent, normalize_lang
from warkit_widgets.i18n import fmt_int as fmt_int  # the labs' name for it (the locale layer's)
from warkit_widgets.lessons.messages import tr
from warkit_widgets.lessons.text import localized

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
    # en: how many rolls of n dice have each sorted "k highest dice"
    # pt: quantas rolagens de n dados têm cada sequência ordenada dos "k maiores dados"
    return Counter(tuple(sorted(roll, reverse=True)[:k])
                   for roll in product(range(1, WAR_SIDES + 1), repeat=n))


@cache
def one_roll(att: int, dfn: int) -> dict[tuple[int, int], Fraction]:
    """Exact outcome of one War-style roll: {(attacker losses, defender losses): Fraction}.
    Sort, compare in pairs (as many as the smaller side), ties to the defender (C-ATK-4)."""
    # en: exact outcome of one roll: {(attacker losses, defender losses): probability}
    # pt: resultado exato de uma rolagem: {(perdas do ataque, perdas da defesa): probabilidade}
    # en: as many pairs as the smaller side has dice
    # pt: tantos pares quanto os dados do lado menor
    pairs = min(att, dfn)
    out: Counter = Counter()
    for a, ways_a in top_dice(att, pairs).items():
        for d, ways_d in top_dice(dfn, pairs).items():
            # en: a pair goes to the attack only if its die is higher: a tie is the defence's
            # pt: um par só é do ataque se o dado dele for maior: o empate é da defesa
            lost_d = sum(x > y for x, y in zip(a, d, strict=True))
            out[(pairs - lost_d, lost_d)] += ways_a * ways_d
    return {k: Fraction(v, WAR_SIDES ** (att + dfn)) for k, v in out.items()}


@cache
def war_win(a: int, d: int, most: int = 3, most_defence: int = 3) -> Fraction:
    """Exact chance that a attackers conquer d defenders, always rolling the most dice
    (``most`` attack dice at most, ``most_defence`` defence dice at most; C-ATK-5)."""
    # en: exact chance that a attackers conquer d defenders, always rolling the most dice
    # pt: chance exata de a atacantes conquistarem d defensores, rolando sempre o máximo de dados
    if d == 0:
        return Fraction(1)  # en: the territory is taken  # pt: o território foi conquistado
    if a == 0:
        return Fraction(0)  # en: nobody left to attack  # pt: não sobrou ninguém para atacar
    # en: the average, over the next roll, of the chance from where it leads
    # pt: a média, sobre a próxima rolagem, da chance a partir de onde ela leva
    return sum((p * war_win(a - lost_a, d - lost_d, most, most_defence)
                for (lost_a, lost_d), p in one_roll(min(a, most), min(d, most_defence)).items()),
               Fraction(0))


@cache
def hits(n: int, faces: tuple[int, ...] = D12) -> dict[int, Fraction]:
    """Exact distribution of floor(sum of n dice / 5): {hits: Fraction}."""
    # en: exact distribution of the hits, floor(sum of n dice / 5): {hits: probability}
    # pt: distribuição exata dos acertos, piso(soma de n dados / 5): {acertos: probabilidade}
    sums: Counter = Counter({0: 1})
    for _ in range(n):  # en: convolution, one die at a time  # pt: convolução, um dado por vez
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
    # en: exact (attacker wins, defender wins, both wiped out), a units against d
    # pt: (vence o ataque, vence a defesa, os dois são eliminados) exatos, a unidades contra d
    if a == 0 or d == 0:
        return (Fraction(int(d == 0 < a)), Fraction(int(a == 0 < d)), Fraction(int(a == d == 0)))
    nothing, result = Fraction(0), [Fraction(0)] * 3
    for h_att, p in hits(a, faces).items():
        for h_def, q in hits(d, faces).items():
            if h_att == 0 and h_def == 0:
                # en: the round changed nothing: roll again
                # pt: a rodada não mudou nada: rola-se de novo
                nothing += p * q
                continue
            # en: both sides hit at once
            # pt: os dois lados acertam ao mesmo tempo
            after = clash(max(a - h_def, 0), max(d - h_att, 0), faces)
            result = [r + p * q * x for r, x in zip(result, after, strict=True)]
    won, lost, both = (r / (1 - nothing) for r in result)
    return won, lost, both


def shown_source(*functions: Callable[..., object], lang: str = "pt") -> str:
    """The code of ``functions`` as lab 05 shows it to a student: without the docstrings (for
    developers, in English), with the comments in ``lang`` only (:func:`localized`)."""
    shown = []
    for function in functions:
        source = textwrap.dedent(inspect.getsource(function))
        lines = source.splitlines()
        definition = next(node for node in ast.parse(source).body
                          if isinstance(node, ast.FunctionDef))
        doc = definition.body[0]
        if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
            del lines[doc.lineno - 1:doc.end_lineno]
        shown.append(localized("\n".join(lines), lang))
    return "\n\n\n".join(shown)
