"""Self-checked exercises: the student's answer is compared with the engine's exact value.

An answer may be a ``Fraction``, an ``int``, a ``float`` or text: ``"95/144"``, ``"0.66"``,
``"0,66"`` (decimal comma), ``"66%"``, ``"66,0 %"``, ``"46.656"`` (grouped thousands, for a
whole-number answer). How close it must be is judged as a teacher would (:func:`tolerance`): a
probability within 1 percentage point of the exact value (``"66%"`` and ``"65%"`` both count for
65,97 %; 0,1 point under 10 %), another number within 1% of it, a whole number exactly, unless
the exercise gives its own relative tolerance. A wrong answer that matches one of the
exercise's :class:`Hint` values gets that hint, any other wrong answer a plain "not yet".

>>> bool(check_answer("0,33", Fraction(1, 3), lang="pt"))
True
>>> check_answer(0.5, Fraction(1, 3), lang="en", hints=[Hint(0.5, en="Ties go to the defence.",
...                                                          pt="O empate é da defesa.")])
Not yet. Ties go to the defence.
"""

from __future__ import annotations

import base64
import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

from .html import message_html
from .i18n import fmt_int, fmt_number, fmt_percent, fmt_short, normalize_lang, tr

DEFAULT_REL_TOL = 0.01
POINT = Fraction(1, 100)  # one percentage point
Number = Fraction | int | float

_SPACES = re.compile(r"[\s\u00a0\u2009\u202f]+")
_GROUPED = re.compile(r"[+-]?\d{1,3}([.,'])\d{3}(\1\d{3})*")  # 46.656 / 46,656 / 1'000


@dataclass(frozen=True)
class Hint:
    """A common wrong answer of an exercise and what to say to a student who gives it.

    ``Hint(Fraction(1, 6), en="Ties go to the defence (C-ATK-4).", pt="O empate é da defesa
    (C-ATK-4).")``: an answer within the exercise's tolerance of ``value`` gets this text. A
    built notebook holds one language only (``Hint(Fraction(1, 6), pt="O empate é da defesa.")``,
    see ``notebooks/build_tools/monolingual.py``): that text is then given in any language.
    """

    value: Number
    en: str | None = None
    pt: str | None = None

    def __post_init__(self) -> None:
        if self.en is None and self.pt is None:
            raise ValueError("a Hint needs its text: en=..., pt=... (or one of them)")

    def text(self, lang: str) -> str:
        chosen = self.pt if normalize_lang(lang) == "pt" else self.en
        return chosen if chosen is not None else str(self.en if self.pt is None else self.pt)


def _exact(value: object) -> Fraction:
    """``value`` (an int, a Fraction, a float or a numpy number) as an exact Fraction; a float
    is read as the decimal it prints as, so 0.33 is 33/100 and not its binary neighbour."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"not a number: {value!r}")
    if isinstance(value, Integral | Rational):
        return Fraction(value)
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"not a finite number: {value!r}")
    return Fraction(repr(number))


def is_whole(value: Number) -> bool:
    """Is the exact value a whole number (then answers must be exact)?"""
    return _exact(value).denominator == 1


@dataclass(frozen=True)
class Written:
    """A student's answer as written: its exact value and the size of its last written digit
    (``"0.66"``: 1/100; ``"66%"``: 1/100; ``"65,97%"``: 1/10000); ``unit`` is ``None`` for an
    exact form (a fraction, ``Fraction(95, 144)``) and for a float computed to many digits
    (``computed``), which is judged to 10⁻⁹."""

    value: Fraction
    unit: Fraction | None = None
    computed: bool = False


def written(answer: object, *, whole: bool = False) -> Written | None:
    """``answer`` read as :class:`Written`, or ``None`` when it is not a number.

    Text may be a fraction (``"95/144"``), a decimal with a point or a comma (``"0.66"``,
    ``"0,66"``) or a percentage (``"66%"``, ``"66,0 %"``); spaces are ignored. With ``whole``
    (the expected answer is a whole number), ``"46.656"`` and ``"46,656"`` read as 46656.
    """
    if isinstance(answer, str):
        text = _SPACES.sub("", answer)
        percent = text.endswith("%")
        text = text.removesuffix("%")
        if whole and not percent and _GROUPED.fullmatch(text):
            text = re.sub(r"[.,']", "", text)
        text = text.replace(",", ".")
        try:
            value = Fraction(text)  # "95/144", "0.66", "-3", "1e-2"
        except (ValueError, ZeroDivisionError):
            return None
        scale = Fraction(1, 100) if percent else Fraction(1)
        return Written(value * scale, _digit(text) * scale if _DECIMAL.fullmatch(text) else None)
    if isinstance(answer, Integral) and not isinstance(answer, bool):
        return Written(Fraction(int(answer)), Fraction(1))
    try:
        value = _exact(answer)
    except (TypeError, ValueError):
        return None
    if isinstance(answer, Rational):
        return Written(value)
    text = repr(float(value))
    if "e" in text or len(text.partition(".")[2]) >= _COMPUTED_DIGITS:
        return Written(value, computed=True)
    return Written(value, _digit(text))


_DECIMAL = re.compile(r"[+-]?\d*\.?\d*")
_COMPUTED_DIGITS = 9  # a float with this many decimals was computed, not typed


def _digit(text: str) -> Fraction:
    """The size of the last digit of a decimal text: ``"0.66"`` -> 1/100, ``"13"`` -> 1."""
    return Fraction(1, 10 ** len(text.partition(".")[2]))


def parse_answer(answer: object, *, whole: bool = False) -> Fraction | None:
    """The exact value of a student's answer, or ``None`` when it is not a number (the forms
    of :func:`written`)."""
    read = written(answer, whole=whole)
    return None if read is None else read.value


@dataclass(frozen=True)
class Tolerance:
    """How far from the exact value an answer may be: ``points`` (a probability: an absolute
    margin, 0.01 = 1 percentage point) or ``relative`` (a share of the value); neither: exact.
    ``any_digits``: any answer within the margin counts, not only the exact value rounded or
    cut (an exercise's own margin, for an estimate such as a simulated share)."""

    points: Fraction | None = None
    relative: Fraction | None = None
    any_digits: bool = False

    def margin(self, expected: Fraction) -> Fraction:
        if self.points is not None:
            return self.points
        return (self.relative or Fraction(0)) * abs(expected)

    def describe(self, lang: str) -> str:
        """The rule in words, for a student who was close: "1 percentage point" / "1%"."""
        if self.points is not None:
            return tr("exercise.tol_points", lang, points=fmt_short(float(100 * self.points), lang))
        if self.relative is not None:
            return tr("exercise.tol_relative", lang,
                      share=fmt_short(float(100 * self.relative), lang))
        return tr("exercise.tol_exact", lang)


def tolerance(expected: Number, rel_tol: float | None = None) -> Tolerance:
    """How far an answer may be from the exact value, as a teacher judges: a whole number not at
    all; a probability (strictly between 0 and 1) 1 percentage point, so that a percentage
    rounded or cut to a whole number counts (``"66%"`` and ``"65%"`` for 65,97 %), or 0,1 point
    when the chance is under 10 % or over 90 % (a whole point is too coarse there); any other
    number 1% of its value. Within it, an answer must also be the exact value rounded or cut to
    the digits it shows (:func:`_accepts`): "34%" is within a point of 33,3 % but is neither.
    An exercise's own ``rel_tol`` (relative) overrides all this: any answer within it counts
    (lab 04 asks for a simulated share, which is no rounding of the exact value)."""
    exact = _exact(expected)
    if exact.denominator == 1:
        return Tolerance()
    if rel_tol is not None:
        return Tolerance(relative=_exact(rel_tol), any_digits=True)
    if 0 < exact < 1:
        near_edge = min(exact, 1 - exact) < Fraction(1, 10)
        return Tolerance(points=POINT / 10 if near_edge else POINT)
    return Tolerance(relative=_exact(DEFAULT_REL_TOL))


def _as_written(read: Written, expected: Fraction) -> bool:
    """Is ``read`` the exact value as written with its digits: the value itself (an exact
    form), within 10⁻⁹ (a computed float), or ``expected`` rounded or cut to the last written
    digit (``"66%"`` and ``"65%"`` for 65,97 %; not ``"67%"``)?"""
    if read.computed:
        return abs(read.value - expected) <= Fraction(1, 10 ** 9) * max(Fraction(1), abs(expected))
    if read.unit is None:  # an exact form; ``expected`` may be a float computed to 10⁻¹⁶
        return abs(read.value - expected) <= Fraction(1, 10 ** 9) * max(Fraction(1), abs(expected))
    steps = expected / read.unit
    return read.value in (math.trunc(steps) * read.unit, math.floor(steps + Fraction(1, 2))
                          * read.unit)


def _accepts(read: Written, expected: Fraction, tol: Tolerance) -> bool:
    """A teacher's judgement: the exact value as written (:func:`_as_written`), and within the
    exercise's tolerance (which refuses an answer with too few digits, "0.1" for 13,9 %);
    a whole-number answer exactly."""
    if expected.denominator == 1:
        return read.value == expected
    within = abs(read.value - expected) <= tol.margin(expected)
    return within and (tol.any_digits or _as_written(read, expected))


def _close(value: Fraction, expected: Fraction, tol: Tolerance, factor: int = 1) -> bool:
    return abs(value - expected) <= factor * tol.margin(expected)


def is_correct(answer: object, expected: Number, *, rel_tol: float | None = None) -> bool:
    """Does ``answer`` match ``expected`` as a teacher judges (:func:`tolerance`)? For 1/3:
    "1/3", 0.33, "33%", "33,3%" pass, "34%" and "32%" do not; for 13: only 13."""
    exact = _exact(expected)
    read = written(answer, whole=exact.denominator == 1)
    return read is not None and _accepts(read, exact, tolerance(expected, rel_tol))


def format_value(value: Number, lang: str = "pt") -> str:
    """An exact answer as a student reads it: ``13``, ``46.656`` (pt) / ``46,656`` (en),
    ``95/144 ≈ 65,97%`` for a probability, ``21/2 ≈ 10,50`` or ``19,10`` otherwise."""
    lang = normalize_lang(lang)
    exact = _exact(value)
    if exact.denominator == 1:
        return fmt_int(int(exact), lang)
    shown = fmt_percent(exact, lang, 2) if 0 <= exact <= 1 else fmt_number(float(exact), lang, 2)
    if isinstance(value, Integral | Rational):
        return f"{exact} ≈ {shown}"
    return shown


class Check:
    """The result of :func:`check_answer`: truthy when correct; shows a message in Jupyter.
    ``exercise`` is what was checked against (the handouts build seals it for the student
    edition), ``None`` for a check of the form only (:func:`check_form`)."""

    def __init__(self, correct: bool, text: str, kind: str | None = None,
                 exercise: Exercise | None = None) -> None:
        self.correct = correct
        self.text = text
        self.kind = kind or ("ok" if correct else "refused")
        self.exercise = exercise

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return message_html(self.text, self.kind)

    def _ipython_display_(self) -> None:
        """Shown as display data, never as the cell's result value: nbgrader reads a check
        cell's result as a partial score and warns that a message is none."""
        from IPython.display import display

        display({"text/plain": self.text, "text/html": self._repr_html_()}, raw=True)


@dataclass(frozen=True)
class Exercise:
    """One self-checked exercise: the exact answer, the exercise's own relative tolerance
    (``None``: :func:`tolerance` decides) and the hints for common wrong answers."""

    expected: Number
    rel_tol: float | None = None
    hints: tuple[Hint, ...] = ()

    def check(self, answer: object, *, lang: str = "pt") -> Check:
        """:func:`check_answer` of ``answer`` against this exercise."""
        return check_answer(answer, self.expected, lang=lang, rel_tol=self.rel_tol,
                            hints=self.hints)

    def box(self, *, lang: str = "pt") -> Any:
        """:func:`answer_box` of this exercise (for Voilà)."""
        return answer_box(self.expected, lang=lang, rel_tol=self.rel_tol, hints=self.hints)


def check_answer(answer: object, expected: Number, *, lang: str = "pt",
                 rel_tol: float | None = None, hints: Sequence[Hint] = ()) -> Check:
    """Check a student's answer against the exact value; ``None`` means "not answered yet".

    A wrong answer close to a hint's value (same tolerance) gets that hint. A hint whose value
    would itself be accepted is an error of the exercise, refused at once. Under nbgrader's
    autograder (``NBGRADER_EXECUTION`` set) a wrong or missing answer raises ``AssertionError``,
    so the check cell earns its points only when the answer is right.
    """
    lang = normalize_lang(lang)
    exercise = Exercise(expected, rel_tol, tuple(hints))
    exact, tol = _exact(expected), tolerance(expected, rel_tol)
    _refuse_right_hints(hints, exact, tol)
    result = _verdict(answer, exact, expected, lang, tol, hints)
    result.exercise = exercise
    if not result and os.environ.get("NBGRADER_EXECUTION"):
        raise AssertionError(result.text)
    return result


def check_form(answer: object, *, lang: str = "pt") -> Check:
    """The check cell of a copy graded later (nbgrader's release): says whether ``answer`` is
    a number a teacher can grade (and explains ``0,5`` or an unreadable text), never whether
    it is right - that copy holds no expected value."""
    lang = normalize_lang(lang)
    problem = _unreadable(answer, lang, whole=False)
    if problem is not None:
        return problem
    return Check(True, tr("exercise.recorded", lang, answer=answer), "info")


def _refuse_right_hints(hints: Sequence[Hint], exact: Fraction, tol: Tolerance) -> None:
    for hint in hints:
        read = written(hint.value, whole=exact.denominator == 1)
        if read is not None and _accepts(read, exact, tol):
            raise ValueError(f"the hint for {hint.value} would be accepted as the answer "
                             f"{exact}: a hint is for a wrong answer")


def _unreadable(answer: object, lang: str, *, whole: bool) -> Check | None:
    """The message for an answer that is no number (missing, ``0,5``, a word), else ``None``."""
    if answer is None or answer is Ellipsis:
        return Check(False, tr("exercise.missing", lang), "info")
    comma = _decimal_comma(answer)
    if comma:
        typed, point = comma
        return Check(False, tr("exercise.comma", lang, answer=answer, typed=typed, point=point))
    if parse_answer(answer, whole=whole) is None:
        return Check(False, tr("exercise.unreadable", lang, answer=answer))
    return None


def _verdict(answer: object, exact: Fraction, expected: Number, lang: str, tol: Tolerance,
             hints: Sequence[Hint]) -> Check:
    whole = exact.denominator == 1
    problem = _unreadable(answer, lang, whole=whole)
    if problem is not None:
        return problem
    read = written(answer, whole=whole)
    assert read is not None  # _unreadable said so
    if _accepts(read, exact, tol):
        return Check(True, tr("exercise.correct", lang, detail=format_value(expected, lang)))
    for hint in hints:
        if _accepts(read, _exact(hint.value), tol):
            return Check(False, tr("exercise.hint", lang, hint=hint.text(lang)))
    if not whole and (_close(read.value, exact, tol, factor=2) or _as_written(read, exact)):
        return Check(False, tr("exercise.close", lang, answer=answer,
                               tolerance=tol.describe(lang)))
    return Check(False, tr("exercise.wrong", lang, answer=answer))


def _decimal_comma(answer: object) -> tuple[str, str] | None:
    """``answer = 0,5`` is Python's pair ``(0, 5)``: what the student typed (``0,5``) and the
    same number with a point (``0.5``), or ``None`` for any other answer."""
    if (isinstance(answer, tuple) and len(answer) == 2
            and all(isinstance(part, int) and not isinstance(part, bool) for part in answer)
            and answer[1] >= 0):
        return f"{answer[0]},{answer[1]}", f"{answer[0]}.{answer[1]}"
    return None


def placeholder_for(expected: Number, lang: str = "pt") -> str:
    """The form of an answer, never its value: a whole number, or a fraction/decimal/%."""
    return tr("exercise.whole" if is_whole(expected) else "exercise.form", lang)


def answer_box(expected: Number, *, lang: str = "pt", rel_tol: float | None = None,
               hints: Sequence[Hint] = (), placeholder: str | None = None) -> Any:
    """A text field and a button that checks the typed answer (for Voilà, where nobody
    edits cells). Returns an ``ipywidgets.VBox``; its ``.check`` holds the last result.
    The placeholder shows the form of an answer, never a value."""
    import ipywidgets as w

    from .report import ErrorReporter

    lang = normalize_lang(lang)
    tol = tolerance(expected, rel_tol)
    _refuse_right_hints(hints, _exact(expected), tol)
    text = w.Text(placeholder=placeholder or placeholder_for(expected, lang),
                  continuous_update=False,  # the value arrives on Enter (or leaving the box)
                  layout=w.Layout(width="14em"))
    button = w.Button(description=tr("exercise.check", lang), icon="check")
    verdict = w.HTML()
    reporter = ErrorReporter(lang)
    box = w.VBox([w.HBox([text, button]), verdict, reporter.box])
    box.add_class("warkit-answer")
    box.check = None

    def check(_: object = None) -> None:
        typed = text.value.strip()
        result = _verdict(typed, _exact(expected), expected, lang, tol, hints) \
            if typed else Check(False, tr("exercise.empty", lang), "info")
        box.check = result
        verdict.value = result._repr_html_()

    button.on_click(reporter.guard(check))
    text.observe(reporter.guard(check), "value")
    box.text, box.button = text, button
    return box


# -- sealed answers (the student edition) ---------------------------------------------------------
_SEAL, _SEAL_EXERCISE = "wk1:", "wk2:"


def _scramble(raw: bytes) -> bytes:
    """Its own inverse: hides the digits from a glance, nothing more (not a secret)."""
    return bytes(b ^ (0x5A + 7 * i) % 256 for i, b in enumerate(raw))


def _pack(prefix: str, raw: str) -> str:
    return prefix + base64.urlsafe_b64encode(_scramble(raw.encode())).decode().rstrip("=")


def _unpack(prefix: str, sealed: str) -> str:
    if not isinstance(sealed, str) or not sealed.startswith(prefix):
        raise ValueError(f"not a sealed {'answer' if prefix == _SEAL else 'exercise'}: "
                         f"{sealed!r}")
    body = sealed[len(prefix):]
    return _scramble(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode()


def _number_text(value: Number) -> str:
    """``q95/144`` (exact) or ``f6559/10000`` (a float, read back as a float)."""
    exact = _exact(value)
    kind = "f" if isinstance(value, float) or (isinstance(value, Real)
                                                and not isinstance(value, Rational)) else "q"
    return f"{kind}{exact.numerator}/{exact.denominator}"


def _number(text: str) -> Fraction | int | float:
    exact = Fraction(text[1:])
    if text[0] == "f":
        return float(exact)
    return int(exact) if exact.denominator == 1 else exact


def seal(value: Number) -> str:
    """An exact answer in a form that does not show the number at a glance;
    :func:`unseal` reads it back exactly."""
    return _pack(_SEAL, _number_text(value))


def unseal(sealed: str) -> Fraction | int | float:
    """The answer behind :func:`seal`'s text: a Fraction, an int or a float, as it was."""
    return _number(_unpack(_SEAL, sealed))


def seal_exercise(exercise: Exercise, lang: str) -> str:
    """A whole exercise - answer, tolerance, hints in ``lang`` only - in a form that shows no
    number or hint at a glance (the self-study edition's check cell); see
    :func:`unseal_exercise`. A student who decodes it learns the answer: the seal is for
    self-study, never for graded work."""
    lang = normalize_lang(lang)
    data = {"expected": _number_text(exercise.expected),
            "rel_tol": None if exercise.rel_tol is None else _number_text(exercise.rel_tol),
            "hints": [[_number_text(h.value), h.text(lang)] for h in exercise.hints]}
    return _pack(_SEAL_EXERCISE, json.dumps(data, ensure_ascii=False))


def unseal_exercise(sealed: str) -> Exercise:
    """The exercise behind :func:`seal_exercise`'s text (its hints in the sealed language)."""
    data = json.loads(_unpack(_SEAL_EXERCISE, sealed))
    rel_tol = data["rel_tol"]
    return Exercise(_number(data["expected"]),
                    None if rel_tol is None else float(_number(rel_tol)),
                    tuple(Hint(_number(value), en=text, pt=text)
                          for value, text in data["hints"]))
