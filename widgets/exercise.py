"""Self-checked exercises: the student's answer is compared with the engine's exact value.

An answer may be a ``Fraction``, an ``int``, a ``float`` or text: ``"95/144"``, ``"0.66"``,
``"0,66"`` (decimal comma), ``"66%"``, ``"66,0 %"``, ``"46.656"`` (grouped thousands, for a
whole-number answer). It counts when it is within a relative tolerance of the exact value
(1% unless the exercise says otherwise); a whole-number answer must be exact. A wrong answer
that matches one of the exercise's :class:`Hint` values gets that hint, any other wrong answer
a plain "not yet".

>>> bool(check_answer("0,33", Fraction(1, 3), lang="pt"))
True
>>> check_answer(0.5, Fraction(1, 3), lang="en", hints=[Hint(0.5, en="Ties go to the defence.",
...                                                          pt="O empate é da defesa.")])
Not yet. Ties go to the defence.
"""

from __future__ import annotations

import base64
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

from .html import message_html
from .i18n import fmt_int, fmt_number, fmt_percent, normalize_lang, tr

DEFAULT_REL_TOL = 0.01
Number = Fraction | int | float

_SPACES = re.compile(r"[\s\u00a0\u2009\u202f]+")
_GROUPED = re.compile(r"[+-]?\d{1,3}([.,'])\d{3}(\1\d{3})*")  # 46.656 / 46,656 / 1'000


@dataclass(frozen=True)
class Hint:
    """A common wrong answer of an exercise and what to say to a student who gives it.

    ``Hint(Fraction(1, 6), en="Ties go to the defence (C-ATK-4).", pt="O empate é da defesa
    (C-ATK-4).")``: an answer within the exercise's tolerance of ``value`` gets this text.
    """

    value: Number
    en: str
    pt: str

    def text(self, lang: str) -> str:
        return self.pt if normalize_lang(lang) == "pt" else self.en


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


def parse_answer(answer: object, *, whole: bool = False) -> Fraction | None:
    """The exact value of a student's answer, or ``None`` when it is not a number.

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
        return value / 100 if percent else value
    try:
        return _exact(answer)
    except (TypeError, ValueError):
        return None


def _close(value: Fraction, expected: Fraction, rel_tol: Fraction) -> bool:
    if expected.denominator == 1:
        return value == expected
    return abs(value - expected) <= rel_tol * abs(expected)


def is_correct(answer: object, expected: Number, *, rel_tol: float = DEFAULT_REL_TOL) -> bool:
    """Does ``answer`` match ``expected`` within ``rel_tol`` (relative; exact for a whole
    number)? With the default 1%, 0.33 passes for 1/3 and 0.32 does not."""
    exact = _exact(expected)
    value = parse_answer(answer, whole=exact.denominator == 1)
    return value is not None and _close(value, exact, _exact(rel_tol))


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
    """The result of :func:`check_answer`: truthy when correct; shows a message in Jupyter."""

    def __init__(self, correct: bool, text: str, kind: str | None = None) -> None:
        self.correct = correct
        self.text = text
        self.kind = kind or ("ok" if correct else "refused")

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return message_html(self.text, self.kind)


def check_answer(answer: object, expected: Number, *, lang: str = "pt",
                 rel_tol: float = DEFAULT_REL_TOL, hints: Sequence[Hint] = ()) -> Check:
    """Check a student's answer against the exact value; ``None`` means "not answered yet".

    A wrong answer close to a hint's value (same tolerance) gets that hint. A hint whose value
    would itself be accepted is an error of the exercise, refused at once. Under nbgrader's
    autograder (``NBGRADER_EXECUTION`` set) a wrong or missing answer raises ``AssertionError``,
    so the check cell earns its points only when the answer is right.
    """
    lang = normalize_lang(lang)
    exact, tol = _exact(expected), _exact(rel_tol)
    _refuse_right_hints(hints, exact, tol)
    result = _verdict(answer, exact, expected, lang, tol, hints)
    if not result and os.environ.get("NBGRADER_EXECUTION"):
        raise AssertionError(result.text)
    return result


def _refuse_right_hints(hints: Sequence[Hint], exact: Fraction, tol: Fraction) -> None:
    for hint in hints:
        if _close(_exact(hint.value), exact, tol):
            raise ValueError(f"the hint for {hint.value} would be accepted as the answer "
                             f"{exact}: a hint is for a wrong answer")


def _verdict(answer: object, exact: Fraction, expected: Number, lang: str, tol: Fraction,
             hints: Sequence[Hint]) -> Check:
    if answer is None or answer is Ellipsis:
        return Check(False, tr("exercise.missing", lang), "info")
    comma = _decimal_comma(answer)
    if comma:
        typed, point = comma
        return Check(False, tr("exercise.comma", lang, answer=answer, typed=typed, point=point))
    value = parse_answer(answer, whole=exact.denominator == 1)
    if value is None:
        return Check(False, tr("exercise.unreadable", lang, answer=answer))
    if _close(value, exact, tol):
        return Check(True, tr("exercise.correct", lang, detail=format_value(expected, lang)))
    for hint in hints:
        hinted = _exact(hint.value)
        if _close(value, hinted, tol):
            return Check(False, tr("exercise.hint", lang, hint=hint.text(lang)))
    if _close(value, exact, 2 * tol):
        return Check(False, tr("exercise.close", lang, answer=answer))
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


def answer_box(expected: Number, *, lang: str = "pt", rel_tol: float = DEFAULT_REL_TOL,
               hints: Sequence[Hint] = (), placeholder: str | None = None) -> Any:
    """A text field and a button that checks the typed answer (for Voilà, where nobody
    edits cells). Returns an ``ipywidgets.VBox``; its ``.check`` holds the last result.
    The placeholder shows the form of an answer, never a value."""
    import ipywidgets as w

    from .report import ErrorReporter

    lang = normalize_lang(lang)
    _refuse_right_hints(hints, _exact(expected), _exact(rel_tol))
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
        result = _verdict(typed, _exact(expected), expected, lang, _exact(rel_tol), hints) \
            if typed else Check(False, tr("exercise.empty", lang), "info")
        box.check = result
        verdict.value = result._repr_html_()

    button.on_click(reporter.guard(check))
    text.observe(reporter.guard(check), "value")
    box.text, box.button = text, button
    return box


# -- sealed answers (the student edition) ---------------------------------------------------------
_SEAL = "wk1:"


def seal(value: Number) -> str:
    """An exact answer in a form that does not show the number at a glance (the student
    edition writes ``expected = unseal("…")``); :func:`unseal` reads it back exactly."""
    exact = _exact(value)
    kind = "f" if isinstance(value, float) or (isinstance(value, Real)
                                                and not isinstance(value, Rational)) else "q"
    raw = f"{kind}{exact.numerator}/{exact.denominator}".encode()
    mixed = bytes(b ^ (0x5A + 7 * i) % 256 for i, b in enumerate(raw))
    return _SEAL + base64.urlsafe_b64encode(mixed).decode().rstrip("=")


def unseal(sealed: str) -> Fraction | int | float:
    """The answer behind :func:`seal`'s text: a Fraction, an int or a float, as it was."""
    if not sealed.startswith(_SEAL):
        raise ValueError(f"not a sealed answer: {sealed!r}")
    body = sealed[len(_SEAL):]
    mixed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    raw = bytes(b ^ (0x5A + 7 * i) % 256 for i, b in enumerate(mixed)).decode()
    exact = Fraction(raw[1:])
    if raw[0] == "f":
        return float(exact)
    return int(exact) if exact.denominator == 1 else exact
