"""The exercise checker: answers as fractions, decimals (point or comma), percentages and whole
numbers, judged as a teacher would (rounded or cut to the digits written, within a tolerance in
percentage points), targeted hints, both languages, sealed answers and sealed exercises."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from warkit_widgets import Exercise, Hint, check_answer, check_form, is_correct, unseal
from warkit_widgets.exercise import (
    format_value,
    parse_answer,
    placeholder_for,
    seal,
    seal_exercise,
    tolerance,
    unseal_exercise,
)

THIRD = Fraction(1, 3)
ROLL = Fraction(95, 144)  # classic 03: 3 attack dice take the lone defender's army


@pytest.mark.parametrize("answer", [
    Fraction(95, 144), "95/144", " 95 / 144 ", 0.66, "0.66", "0,66", "66%", "66,0 %", "65.97%",
    np.float64(0.6597), "0,6597",
])
def test_an_answer_is_read_in_every_form_a_student_writes(answer):
    assert is_correct(answer, ROLL)


@pytest.mark.parametrize("answer", [Fraction(2, 3), 0.64, "0,67", "67%", "65,8%", "0.1", "abc", "",
                                    True, None, "1/0", float("nan")])
def test_wrong_or_unreadable_answers_are_refused(answer):
    assert not is_correct(answer, ROLL)


def test_the_tolerance_is_stated_in_percentage_points_for_a_probability():
    """1/3 = 33,33 %: within 1 point, and rounded or cut to the digits written: 33 % and 0.33
    pass, 34 % (a point away, but neither rounded nor cut) and 32 % do not."""
    assert is_correct(0.33, THIRD) and is_correct("0,33", THIRD) and is_correct("33%", THIRD)
    assert is_correct("33,3%", THIRD) and is_correct("1/3", THIRD) and is_correct(1 / 3, THIRD)
    assert not is_correct("34%", THIRD) and not is_correct("32%", THIRD)
    assert not is_correct(0.3, THIRD)  # 0,3 is 3,3 points off: too few digits
    assert tolerance(THIRD).points == Fraction(1, 100)
    small = Fraction(287, 10000)  # 2,87 %: under 10 %, a tenth of a point
    assert tolerance(small).points == Fraction(1, 1000)
    assert is_correct("2,9%", small) and is_correct("2,8%", small) and not is_correct("3%", small)
    assert not is_correct(0.33, THIRD, rel_tol=0.001)  # an exercise may ask for more
    assert tolerance(Fraction(21, 2)).relative == Fraction(1, 100)  # a mean: 1% of the value
    assert is_correct("10,5", Fraction(21, 2)) and not is_correct("10", Fraction(21, 2))


def test_whole_number_answers_must_be_exact():
    assert is_correct(13, 13) and is_correct("13", 13) and is_correct(13.0, 13)
    assert is_correct(np.int64(13), Fraction(13)) and is_correct("13,0", 13)
    assert not is_correct(13.01, 13) and not is_correct("12,9", 13) and not is_correct(14, 13)
    assert is_correct("46.656", 46656) and is_correct("46,656", 46656)  # grouped thousands
    assert is_correct("46 656", 46656) and not is_correct("46.656", Fraction(46656, 1000) + 1)
    assert parse_answer("46.656") == Fraction(46656, 1000)  # a decimal unless whole is asked


def test_integers_are_shown_as_integers_never_as_percentages():
    good = check_answer(13, 13, lang="en")
    assert good and repr(good) == "Correct! 13" and "Correct! 13</div>" in good._repr_html_()
    assert repr(check_answer(1300, 1300, lang="en")) == "Correct! 1,300"
    assert repr(check_answer("46.656", 46656, lang="pt")) == "Correto! 46.656"


def test_fractions_show_their_value_in_the_language():
    assert repr(check_answer("0,66", ROLL, lang="pt")) == "Correto! 95/144 ≈ 65,97%"
    assert repr(check_answer(0.66, ROLL, lang="en")) == "Correct! 95/144 ≈ 65.97%"
    assert format_value(Fraction(21, 2), "pt") == "21/2 ≈ 10,50"  # a mean is not a percentage
    assert format_value(19.1, "en") == "19.10" and format_value(0.191, "pt") == "19,10%"


def test_missing_and_unreadable_answers_say_what_to_do():
    missing = check_answer(None, ROLL, lang="en")
    assert not missing and missing.kind == "info" and "your answer" in repr(missing)
    assert "Escreva sua resposta" in repr(check_answer(None, ROLL, lang="pt"))
    assert "not a number" in repr(check_answer("two thirds", ROLL, lang="en"))
    assert "não é um número" in repr(check_answer("dois terços", ROLL, lang="pt"))


TIES = Hint(Fraction(91, 216), en="Ties go to the defence (C-ATK-4).",
            pt="O empate é da defesa (C-ATK-4).")
ONE_DIE = Hint(Fraction(1, 2), en="Three dice, not one.", pt="São três dados, não um.")


@pytest.mark.parametrize(("lang", "ties", "generic"), [
    ("en", "Not yet. Ties go to the defence (C-ATK-4).", "Not yet: 0.9 is not the answer."),
    ("pt", "Ainda não. O empate é da defesa (C-ATK-4).", "Ainda não: 0.9 não é a resposta."),
])
def test_a_common_wrong_answer_gets_its_hint_in_both_languages(lang, ties, generic):
    hints = [TIES, ONE_DIE]
    assert repr(check_answer("91/216", ROLL, lang=lang, hints=hints)) == ties
    assert repr(check_answer(0.42, ROLL, lang=lang, hints=hints)) == ties  # same tolerance
    assert repr(check_answer("50%", ROLL, lang=lang, hints=hints)) == ONE_DIE.text(lang).join(
        ("Not yet. " if lang == "en" else "Ainda não. ", ""))
    assert repr(check_answer(0.9, ROLL, lang=lang, hints=hints)).startswith(generic)
    assert check_answer(ROLL, ROLL, lang=lang, hints=hints)  # the right answer wins


def test_a_hint_that_would_be_accepted_is_an_error_of_the_exercise():
    with pytest.raises(ValueError, match="hint"):
        check_answer(None, ROLL, hints=[Hint(0.66, en="?", pt="?")])
    from warkit_widgets import answer_box

    with pytest.raises(ValueError, match="hint"):
        answer_box(13, hints=[Hint(13, en="?", pt="?")])


def test_the_autograder_gets_an_error_for_a_wrong_answer(monkeypatch):
    """nbgrader sets NBGRADER_EXECUTION while grading: a check cell then fails when wrong."""
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert check_answer("95/144", ROLL, lang="en")
    for wrong in (None, "0,5"):
        with pytest.raises(AssertionError):
            check_answer(wrong, ROLL, lang="en")


def test_placeholders_show_the_form_of_an_answer_never_a_value():
    assert placeholder_for(13, "pt") == "um número inteiro"
    assert placeholder_for(ROLL, "en") == "a fraction, decimal or %"
    assert not any(ch.isdigit() for ch in placeholder_for(ROLL, "pt") + placeholder_for(7, "en"))


@pytest.mark.parametrize("value", [ROLL, 13, 0.191, Fraction(-7, 3), np.float64(0.25), 46656])
def test_sealed_answers_come_back_exactly_and_hide_the_number(value):
    sealed = seal(value)
    assert unseal(sealed) == value and type(unseal(sealed)) is type(value if not isinstance(
        value, np.floating) else 0.0)
    assert str(value) not in sealed and "95" not in seal(ROLL)
    assert check_answer("95/144", unseal(seal(ROLL)))
    with pytest.raises(ValueError):
        unseal("95/144")


@pytest.mark.parametrize("lang, words", [("pt", ["vírgula", "0.5", '"0,5"', "aspas"]),
                                         ("en", ["comma", "0.5", '"0,5"', "quotes"])])
def test_a_decimal_comma_without_quotes_is_explained_not_just_refused(lang, words):
    """``answer = 0,5`` is Python's pair (0, 5): the check explains the decimal point, and never
    suggests another comma that would fail the same way."""
    result = check_answer((0, 5), Fraction(1, 2), lang=lang)
    assert not result
    assert all(word in result.text for word in words), result.text
    assert "0,17" not in result.text
    assert check_answer("0,5", Fraction(1, 2), lang=lang)


@pytest.mark.parametrize("answer, verdict", [("65,97%", True), ("66%", True), ("65%", True),
                                             ("0,66", True), ("65,9%", True), ("0,5", "wrong"),
                                             ("65,8%", "close"), ("64%", "close"), ("67%", "close"),
                                             ("60%", "wrong")])
def test_percentages_are_judged_as_a_teacher_would(answer, verdict):
    """95/144 = 65,97 %: "66%" (rounded) and "65%" (cut) count, within the 1 point stated; an
    answer just outside is told the rule and to check its rounding, without the value."""
    result = check_answer(answer, Fraction(95, 144), lang="pt")
    if verdict is True:
        assert result
        return
    assert not result
    assert ("arredondamento" in result.text) == (verdict == "close"), result.text
    assert ("1 ponto percentual" in result.text) == (verdict == "close"), result.text
    assert "65,97" not in result.text and "95/144" not in result.text


def test_the_check_of_a_graded_copy_reads_the_form_never_the_value():
    assert check_form("95/144", lang="en") and "checked when your work is graded" in repr(
        check_form(0.5, lang="en"))
    assert "vírgula" in repr(check_form((0, 5), lang="pt")) and not check_form((0, 5))
    assert not check_form(None) and not check_form("dois terços")


def test_a_sealed_exercise_comes_back_with_its_tolerance_and_hints_in_one_language():
    exercise = Exercise(ROLL, 0.005, (TIES, ONE_DIE))
    sealed = seal_exercise(exercise, "pt")
    assert "95" not in sealed and "empate" not in sealed and "Ties" not in sealed
    back = unseal_exercise(sealed)
    assert back.expected == ROLL and back.rel_tol == 0.005
    assert [h.text("en") for h in back.hints] == [TIES.pt, ONE_DIE.pt]
    assert repr(back.check("91/216", lang="pt")) == "Ainda não. " + TIES.pt
    assert check_answer(None, ROLL, hints=[TIES]).exercise == Exercise(ROLL, None, (TIES,))
    with pytest.raises(ValueError):
        unseal_exercise(seal(ROLL))


def test_a_check_shows_itself_as_display_data_not_as_a_result_value(monkeypatch):
    """nbgrader reads a check cell's result value as a partial score: a Check is displayed."""
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda data, raw: shown.append(data))
    check_answer("95/144", ROLL, lang="en")._ipython_display_()
    assert shown[0]["text/plain"].startswith("Correct!")


def test_an_exercises_own_margin_takes_any_estimate_within_it():
    """Lab 04 asks for a simulated share within 0.01 of the exact chance: any such estimate
    counts, not only the exact value rounded (a simulation never gives that)."""
    exact = 0.3766035060978439
    assert is_correct(0.373, exact, rel_tol=0.01 / exact)
    assert is_correct(0.37345, exact, rel_tol=0.01 / exact)
    assert not is_correct(0.36, exact, rel_tol=0.01 / exact)


def test_an_exact_fraction_matches_the_float_that_computed_it():
    """Lab 03's answer comes from a matrix inverse (a float); the worked solution's exact
    fraction is that value, and a fraction one step off is not."""
    computed = float(Fraction(1548859, 839808))
    assert is_correct(Fraction(1548859, 839808), computed)
    assert not is_correct(Fraction(1548858, 839808), computed)


def test_a_hint_in_one_language_gives_that_text_and_a_hint_needs_one():
    only = Hint(Fraction(1, 6), pt="O empate é da defesa.")
    assert only.text("pt") == only.text("en") == "O empate é da defesa."
    assert Hint(1, en="Ties.").text("pt") == "Ties."
    with pytest.raises(ValueError, match="needs its text"):
        Hint(1)
