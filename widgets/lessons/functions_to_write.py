"""The function each probability lab asks its students to write, and how it is checked.

A lab's check cell is one line, ``check_written(losses_of, "probability/01", lang=LANG)``: the
engine's function the student's is compared with, the inputs tried, the typical mistakes and
their hints live here, so the notebook shows no hint in the other language and the nbgrader
release holds nothing to read off. :func:`~warkit_widgets.lessons.function_exercise.check_function`
does the checking.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warkit_widgets.exercise import Check

from warkit.cards import card_shape, is_set
from warkit.dice import battle_losses, sorted_roll_distribution, terrain_losses
from warkit.odds import expected_losses, roll_outcomes, win_probability
from warkit.stats import bayes_update, binomial_test, chi_square, wilson

from .function_exercise import DEFAULT_REL_TOL, Mistake, check_function
from .probability import one_roll


@dataclass(frozen=True)
class FunctionToWrite:
    """One lab's function exercise: the engine's function, the inputs, the typical mistakes,
    the names a student's function may not use (they would give the answer away)."""

    reference: Callable[..., Any]
    cases: tuple[tuple, ...]
    mistakes: tuple[Mistake, ...] = ()
    forbidden: tuple[str, ...] = ()
    rel_tol: float = DEFAULT_REL_TOL

    def check(self, function: object, lang: str = "pt") -> Check:
        return check_function(function, self.reference, self.cases, lang=lang,
                              rel_tol=self.rel_tol, mistakes=self.mistakes,
                              forbidden=self.forbidden)


# -- lab 01: one roll's losses ---------------------------------------------------------------------
def _unsorted_losses(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    pairs = list(zip(attack, defence))
    return sum(a <= d for a, d in pairs), sum(a > d for a, d in pairs)


# -- lab 03: a whole battle ------------------------------------------------------------------------
def engine_win_chance(attackers: int, defenders: int) -> Fraction:
    return win_probability(attackers, defenders, exact=True)  # type: ignore[return-value]


def _first_roll_only(a: int, d: int) -> Fraction:
    return roll_outcomes(min(a, 3), min(d, 3)).get((min(a, d, 3) - d, d), Fraction(0))


# -- lab 04: expected losses of a whole attack -----------------------------------------------------
def engine_mean_losses(attackers: int, defenders: int) -> tuple[Any, Any]:
    return expected_losses(attackers, defenders, exact=True)


def _armies_left(a: int, d: int) -> tuple[Any, Any]:
    lost_a, lost_d = engine_mean_losses(a, d)
    return a - lost_a, d - lost_d


# -- lab 05: six dice against three ----------------------------------------------------------------
def engine_sweep_chance(attack_dice: int) -> Fraction:
    return one_roll(attack_dice, 3)[(0, 3)]


# -- lab 05b: terrain knowledge --------------------------------------------------------------------
def engine_terrain(lost_att: int, lost_def: int, terrain: Any, defenders: int) -> tuple[int, int]:
    return terrain_losses(lost_att, lost_def, terrain, defenders)


def _literal_terrain(lost_att: int, lost_def: int, terrain: Any, defenders: int
                     ) -> tuple[int, int]:
    return terrain_losses(lost_att, lost_def, terrain, defenders, lone_defender_shield=True)


def _uncapped_terrain(lost_att: int, lost_def: int, terrain: Any, defenders: int
                      ) -> tuple[int, int]:
    extra = {"attacker": 1, "defender": -1}.get(terrain, 0)
    return lost_att, max(lost_def + extra, 0)


# -- lab 06: sums of dice --------------------------------------------------------------------------
def engine_sums(n: int) -> dict[int, Fraction]:
    sums: dict[int, Fraction] = {}
    for roll, p in sorted_roll_distribution(n):  # the engine's dice: sorted rolls, exact
        sums[sum(roll)] = sums.get(sum(roll), Fraction(0)) + p
    return sums


# -- lab 07: a trade -------------------------------------------------------------------------------
def _shapes(cards: tuple[int, ...]) -> list[str | None]:
    return [card_shape(c) for c in cards]


# -- lab 08: the sign test -------------------------------------------------------------------------
def _one_sided(a: int, b: int) -> float:
    n = a + b
    return sum(math.comb(n, i) for i in range(max(a, b), n + 1)) / 2 ** n


# -- lab 09: Wilson's interval ---------------------------------------------------------------------
def _wald(wins: int, games: int) -> tuple[float, float]:
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return p - half, p + half


# -- lab 10: Bayes' rule ---------------------------------------------------------------------------
def _unnormalised(prior: dict, likelihood: dict) -> dict:
    return {k: prior[k] * likelihood[k] for k in prior}


def _likelihood_only(prior: dict, likelihood: dict) -> dict:
    total = sum(likelihood.values())
    return {k: likelihood[k] / total for k in prior}


# -- lab 11: Pearson's chi-square ------------------------------------------------------------------
def _squares_only(counts: dict, probabilities: dict) -> Any:
    n = sum(counts.values())
    return sum((counts[k] - n * p) ** 2 for k, p in probabilities.items())


def _shares_not_counts(counts: dict, probabilities: dict) -> Any:
    n = sum(counts.values())
    return sum((counts[k] / n - p) ** 2 / p for k, p in probabilities.items())


_HALF, _THIRD, _SIXTH = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)
_COIN = {"H": 0.5, "T": 0.5}
_DIE = {face: _SIXTH for face in range(1, 7)}

EXERCISES: dict[str, FunctionToWrite] = {
    "probability/01": FunctionToWrite(
        battle_losses,
        (((5, 4, 1), (6, 3, 1)), ((3,), (3,)), ((6, 2), (5, 5, 5)), ((4, 4), (4,)),
         ((2,), (1, 1)), ((1, 2, 6), (2, 5))),
        (Mistake(lambda a, d: battle_losses(a, d, ties="attacker"),
                 en="A tie goes to the defender (C-ATK-4): the attacker's die must be higher.",
                 pt="O empate é da defesa (C-ATK-4): o dado do atacante precisa ser maior."),
         Mistake(_unsorted_losses,
                 en="Sort each side from highest to lowest before pairing the dice (C-ATK-4).",
                 pt="Ordene cada lado do maior para o menor antes de formar os pares "
                    "(C-ATK-4).")),
        forbidden=("compare_dice",)),
    "probability/02": FunctionToWrite(
        roll_outcomes,
        ((1, 1), (2, 1), (1, 2), (3, 2), (2, 3), (3, 3)),
        (Mistake(lambda a, d: roll_outcomes(a, d, ties="attacker"),
                 en="A tie goes to the defender (C-ATK-4): count a pair for the attacker only "
                    "when its die is higher.",
                 pt="O empate é da defesa (C-ATK-4): conte um par para o atacante só quando o "
                    "dado dele for maior."),
         Mistake(lambda a, d: {(la, ld): p for (ld, la), p in roll_outcomes(a, d).items()},
                 en="The keys are (attacker losses, defender losses): yours are the other way "
                    "round.",
                 pt="As chaves são (perdas do atacante, perdas do defensor): as suas estão "
                    "invertidas.")),
        forbidden=("simulate_rolls",)),
    "probability/03": FunctionToWrite(
        engine_win_chance,
        ((1, 1), (2, 1), (3, 2), (2, 3), (5, 4), (4, 6)),
        (Mistake(_first_roll_only,
                 en="A battle goes on roll after roll (C-ATK-5): add the chance of winning from "
                    "every position the first roll can lead to.",
                 pt="Uma batalha continua rolagem após rolagem (C-ATK-5): some a chance de "
                    "vencer a partir de cada posição a que a primeira rolagem pode levar."),),
        forbidden=("win_probability", "win_table", "final_distribution", "simulate_battles")),
    "probability/04": FunctionToWrite(
        engine_mean_losses,
        ((1, 1), (3, 2), (5, 3), (4, 6), (10, 10)),
        (Mistake(_armies_left,
                 en="The final distribution counts the armies LEFT; a loss is what was there "
                    "minus what is left.",
                 pt="A distribuição final conta os exércitos que RESTAM; a perda é o que havia "
                    "menos o que restou."),
         Mistake(lambda a, d: engine_mean_losses(a, d)[::-1],
                 en="Attacker first, then defender: your pair is the other way round.",
                 pt="Primeiro o atacante, depois o defensor: seu par está invertido.")),
        forbidden=("expected_losses", "simulate_battles")),
    "probability/05": FunctionToWrite(
        engine_sweep_chance,
        ((3,), (4,), (5,), (6,)),
        (Mistake(lambda n: roll_outcomes(3, 3)[(0, 3)],
                 en="More dice matter: with n dice the attacker keeps its three HIGHEST of n, "
                    "so the chance grows with n.",
                 pt="Mais dados fazem diferença: com n dados o atacante fica com os três "
                    "MAIORES dos n, então a chance cresce com n."),),
        forbidden=("one_roll", "roll_outcomes", "war_win")),
    "probability/05b": FunctionToWrite(
        engine_terrain,
        ((0, 3, "attacker", 4), (1, 1, "attacker", 2), (0, 2, "attacker", 2),
         (2, 0, "attacker", 3), (0, 2, "defender", 2), (1, 0, "defender", 3),
         (0, 1, "defender", 1), (1, 1, None, 3)),
        (Mistake(_literal_terrain,
                 en="That is the literal reading of section 2; as revised, the saving never "
                    "protects a lone defender (S-TERRAIN-3): it falls.",
                 pt="Essa é a leitura literal da seção 2; na regra revisada a redução nunca "
                    "protege um defensor sozinho (S-TERRAIN-3): ele cai."),
         Mistake(_uncapped_terrain,
                 en="The extra loss cannot take more armies than the territory holds "
                    "(S-TERRAIN-2), and the saving never protects a lone defender.",
                 pt="A perda extra não tira mais exércitos do que o território tem "
                    "(S-TERRAIN-2), e a redução nunca protege um defensor sozinho.")),
        forbidden=("terrain_losses", "apply_terrain")),
    "probability/06": FunctionToWrite(
        engine_sums,
        ((1,), (2,), (3,), (4,)),
        (Mistake(lambda n: {s: Fraction(1, 5 * n + 1) for s in range(n, 6 * n + 1)},
                 en="The sums are not equally likely: count the rolls that give each sum "
                    "(there are more ways to make 7 with two dice than to make 2).",
                 pt="As somas não são igualmente prováveis: conte as rolagens que dão cada "
                    "soma (há mais maneiras de fazer 7 com dois dados do que 2)."),),
        forbidden=("sorted_roll_distribution",)),
    "probability/07": FunctionToWrite(
        is_set,
        (((0, 3, 7),), ((1, 0, 5),), ((0, 3, 1),), ((0, 3, 42),), ((0, 1, 42),),
         ((42, 43, 5),), ((5, 6, 1),), ((2, 4, 11),)),
        (Mistake(lambda cards: len(set(_shapes(cards))) in (1, 3),
                 en="A joker is ANY shape (C-CARD-2): two triangles and a joker make a trade.",
                 pt="O coringa vale QUALQUER figura (C-CARD-2): dois triângulos e um coringa "
                    "formam uma troca."),
         Mistake(lambda cards: len({s for s in _shapes(cards) if s}) == 1,
                 en="Three DIFFERENT shapes also make a trade (C-CARD-2).",
                 pt="Três figuras DIFERENTES também formam uma troca (C-CARD-2).")),
        forbidden=("has_set", "sets_in", "best_trade")),
    "probability/08": FunctionToWrite(
        binomial_test,
        ((9, 3), (6, 6), (12, 0), (3, 9), (30, 20), (1, 4)),
        (Mistake(_one_sided,
                 en="Two-sided: a split as uneven the OTHER way (3 to 9 for 9 to 3) counts "
                    "too.",
                 pt="Bilateral: uma divisão tão desigual para o OUTRO lado (3 a 9 para 9 a 3) "
                    "também conta."),)),
    "probability/09": FunctionToWrite(
        wilson,
        ((15, 20), (8, 10), (3, 12), (50, 100), (1, 30)),
        (Mistake(_wald,
                 en="That is the normal (Wald) interval, centred on the observed rate; "
                    "Wilson's centre moves towards 1/2 and its half-width has the extra z²/4n² "
                    "term.",
                 pt="Esse é o intervalo normal (de Wald), centrado na taxa observada; o centro "
                    "do de Wilson se desloca para 1/2 e sua meia-largura tem o termo extra "
                    "z²/4n²."),),
        rel_tol=1e-3),  # z = 1.96 or NormalDist's 1.95996...: both right
    "probability/10": FunctionToWrite(
        bayes_update,
        (({"fair": _HALF, "loaded": _HALF}, {"fair": _SIXTH, "loaded": _HALF}),
         ({"A": _THIRD, "B": _THIRD, "C": _THIRD}, {"A": 3, "B": 1, "C": 0}),
         ({"red": Fraction(1, 10), "other": Fraction(9, 10)}, {"red": 20, "other": 1}),
         ({"x": Fraction(3, 4), "y": Fraction(1, 4)}, {"x": Fraction(1, 5), "y": Fraction(4, 5)})),
        (Mistake(_unnormalised,
                 en="Divide by the sum of prior x likelihood over all hypotheses, so that the "
                    "posteriors add up to 1.",
                 pt="Divida pela soma de a priori x verossimilhança de todas as hipóteses, para "
                    "que as probabilidades a posteriori somem 1."),
         Mistake(_likelihood_only,
                 en="The prior counts too: multiply each likelihood by its prior before "
                    "dividing.",
                 pt="A probabilidade a priori também conta: multiplique cada verossimilhança "
                    "pela sua a priori antes de dividir."))),
    "probability/11": FunctionToWrite(
        chi_square,
        (({"H": 60, "T": 40}, _COIN), ({"H": 50, "T": 50}, _COIN),
         ({1: 8, 2: 12, 3: 9, 4: 11, 5: 6, 6: 14}, _DIE),
         ({(2, 0): 75, (1, 1): 77, (0, 2): 88}, roll_outcomes(3, 2))),
        (Mistake(_squares_only,
                 en="Divide each squared difference by its expected count n·p.",
                 pt="Divida cada diferença ao quadrado pela sua contagem esperada n·p."),
         Mistake(_shares_not_counts,
                 en="Use counts, not shares: observed and expected = n·p are numbers of rolls.",
                 pt="Use contagens, não proporções: observado e esperado = n·p são números de "
                    "rolagens."))),
}


def check_written(function: object, lab: str, *, lang: str = "pt") -> Check:
    """Check the function a student wrote for ``lab`` (``"probability/01"``) against the
    engine's, with that lab's inputs and hints (in ``lang`` only)."""
    if lab not in EXERCISES:
        raise ValueError(f"no function exercise for {lab!r}; known: {sorted(EXERCISES)}")
    return EXERCISES[lab].check(function, lang)
