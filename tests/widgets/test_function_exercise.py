"""The checker of exercises where the student writes a function (issue 20, item 11): tested on
several inputs against the engine's function, with hints for typical mistakes, in both
languages, and a failing function never raises in the notebook (but does under nbgrader)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from warkit_widgets.lessons.function_exercise import Mistake, calls, check_function, same
from warkit_widgets.lessons.functions_to_write import EXERCISES, check_written

from warkit.odds import roll_outcomes

CASES = [(1, 1), (2, 1), (3, 2), (3, 3)]


def losses(attack: int, defence: int, *, tie_to_attacker: bool = False) -> dict:
    """One roll's loss distribution by enumeration (what a student would write)."""
    pairs = min(attack, defence)
    table: dict[tuple[int, int], Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=attack + defence):
        a = sorted(roll[:attack], reverse=True)[:pairs]
        d = sorted(roll[attack:], reverse=True)[:pairs]
        won = sum(x >= y if tie_to_attacker else x > y for x, y in zip(a, d))
        key = (pairs - won, won)
        table[key] = table.get(key, 0) + Fraction(1, 6 ** (attack + defence))
    return table


def ties_to_attacker(attack: int, defence: int) -> dict:
    return losses(attack, defence, tie_to_attacker=True)


TIES = Mistake(ties_to_attacker, en="Ties go to the defender (C-ATK-4).",
               pt="O empate é da defesa (C-ATK-4).")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_right_function_passes_in_both_languages(lang):
    result = check_function(losses, roll_outcomes, CASES, lang=lang, mistakes=[TIES])
    assert result and result.kind == "ok"
    assert ("4 inputs" if lang == "en" else "4 entradas") in result.text


def test_a_typical_mistake_gets_its_hint_and_names_the_input():
    result = check_function(ties_to_attacker, roll_outcomes, CASES, lang="pt", mistakes=[TIES])
    assert not result
    assert "O empate é da defesa" in result.text and "ties_to_attacker(1, 1)" in result.text
    assert "58,33%" in result.text  # the student's own result, the Brazilian way


def test_any_other_wrong_function_is_told_where_it_differs():
    def half(attack, defence):
        return {(0, 1): 0.5, (1, 0): 0.5}

    result = check_function(half, roll_outcomes, CASES, lang="en", mistakes=[TIES])
    assert not result and "half(1, 1)" in result.text and "0 of 4 inputs right" in result.text
    assert "5/12" in result.text  # what the engine gives for that input


def test_unwritten_erroring_copied_or_non_functions_get_their_own_message():
    def empty(attack, defence):
        ...

    def broken(attack, defence):
        return {}[attack]

    def copied(attack, defence):
        return roll_outcomes(attack, defence)

    verdicts = {name: check_function(f, roll_outcomes, CASES, lang="en") for name, f in
                [("empty", empty), ("broken", broken), ("copied", copied), ("none", None),
                 ("number", 3)]}
    assert not any(verdicts.values())
    assert verdicts["empty"].kind == verdicts["none"].kind == "info"
    assert "KeyError" in verdicts["broken"].text and "broken(1, 1)" in verdicts["broken"].text
    assert "roll_outcomes" in verdicts["copied"].text
    assert "not a function" in verdicts["number"].text
    refused = check_function(losses, roll_outcomes, CASES, lang="en", forbidden=["sorted"])
    assert not refused and "sorted" in refused.text  # another function that gives it away


def test_a_function_right_only_on_some_inputs_fails():
    def only_one_pair(attack, defence):
        return losses(1, 1)

    result = check_function(only_one_pair, roll_outcomes, CASES, lang="en")
    assert not result and "only_one_pair(2, 1)" in result.text and "1 of 4" in result.text


def test_the_exercise_itself_is_checked():
    with pytest.raises(ValueError, match="several inputs"):
        check_function(losses, roll_outcomes, [(1, 1)])
    with pytest.raises(ValueError, match="a mistake is for a wrong function"):
        check_function(losses, roll_outcomes, CASES,
                       mistakes=[Mistake(losses, en="right", pt="certo")])


def test_under_nbgrader_a_wrong_function_fails_the_cell(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError, match="Ties go to the defender"):
        check_function(ties_to_attacker, roll_outcomes, CASES, lang="en", mistakes=[TIES])
    assert check_function(losses, roll_outcomes, CASES, lang="en")


def test_a_function_that_changes_its_input_spoils_no_other_case():
    def total(cards):
        cards.append(0)
        return len(cards)

    assert check_function(total, lambda cards: len(cards) + 1, [([1, 2],), ([3],)])


def test_results_are_compared_the_way_a_teacher_would():
    assert same({(0, 1): 0.4166666667, (1, 0): Fraction(7, 12), (2, 0): 0},
                {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)})  # a zero entry is no entry
    assert same(np.array([1, 2, 3]), [1, 2, 3]) and not same([1, 2], [1, 2, 3])
    assert not same(6.0000001, 6)  # a count is exact
    assert same(Fraction(2711361064, 6130954375), 0.442241272428324)  # a float's neighbour
    assert same(1e-17, 0.0) and not same(float("nan"), 0.5)
    assert not same("0.5", Fraction(1, 2))  # a function returns numbers, not text
    assert same(True, True) and not same(1, True)


def test_calls_sees_nested_code():
    def outer(x):
        return [roll_outcomes(x, 1) for _ in range(2)]

    assert calls(outer, "roll_outcomes") and not calls(losses, "roll_outcomes")


@pytest.mark.parametrize("lab", sorted(EXERCISES))
def test_each_labs_function_is_checked_with_its_hints_in_each_language(lab):
    """The engine's own function passes its lab's check (called through a wrapper: calling it by
    name is refused), each typical mistake gets its own hint, and the blank waits."""
    exercise = EXERCISES[lab]
    assert (len(exercise.cases) >= 4 and exercise.mistakes) or lab == "probability/08"
    for lang in ("en", "pt"):
        assert check_written(lambda *args: exercise.reference(*args), lab, lang=lang)
        for mistake in exercise.mistakes:
            verdict = check_written(lambda *args, m=mistake: m.function(*args), lab, lang=lang)
            assert not verdict and mistake.text(lang) in verdict.text
        assert check_written(lambda *args: None, lab, lang=lang).kind == "info"
    name = exercise.reference.__name__
    namespace = {name: exercise.reference}
    exec(f"def copied(*args):\n    return {name}(*args)", namespace)  # a student's shortcut
    verdict = check_written(namespace["copied"], lab, lang="en")
    assert not verdict and "Write it yourself" in verdict.text and name in verdict.text
    with pytest.raises(ValueError, match="no function exercise"):
        check_written(exercise.reference, "probability/99")
