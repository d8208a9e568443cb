"""Exercises where the student writes a short function, checked against the engine's own.

The student's function is called on several inputs and each result is compared with what the
engine's function returns (numbers within a tolerance, dictionaries key by key with a missing
key read as 0, sequences item by item). A typical mistake is given as a :class:`Mistake`: a
wrong implementation and what to say to a student whose function gives the same results. The
verdict is the answer checker's :class:`~warkit_widgets.exercise.Check` (shown in Jupyter,
truthy when right; under nbgrader's autograder a wrong function raises ``AssertionError``).

Nothing is sealed here: the reference is a public function of the engine the student could
read, so the exercise is to write it, and a function that just calls the reference is refused.

>>> def twice(n):
...     return 2 * n
>>> bool(check_function(lambda n: n + n, twice, [(1,), (5,)], lang="en"))
True
>>> check_function(lambda n: n * n, twice, [(1,), (2,), (3,)], lang="en",
...                mistakes=[Mistake(lambda n: n * n, en="Twice, not squared.", pt="O dobro.")])
Not yet: for f(1) your function returns 1. Twice, not squared.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Rational, Real
from types import CodeType
from typing import Any

from warkit_widgets.exercise import Check, format_value
from warkit_widgets.i18n import normalize_lang

from .messages import tr

DEFAULT_REL_TOL = 1e-6  # a function computes its answer: closer than a number read off a table
ABS_TOL = Fraction(1, 10**12)  # a computed 0 may be a float's 1e-17


@dataclass(frozen=True)
class Mistake:
    """A typical wrong function for an exercise and what to say to a student who wrote it.

    ``Mistake(ties_to_attacker, en="Ties go to the defender (C-ATK-4).", pt="O empate é da
    defesa (C-ATK-4).")``: a student's function that returns what ``ties_to_attacker`` returns on
    every tested input gets this text.
    """

    function: Callable[..., Any]
    en: str
    pt: str

    def text(self, lang: str) -> str:
        return self.pt if normalize_lang(lang) == "pt" else self.en


def same(value: object, expected: object, rel_tol: float = DEFAULT_REL_TOL) -> bool:
    """Is ``value`` the engine's ``expected`` result? Numbers within ``rel_tol`` (exact when the
    expected number is an int, a count), mappings key by key (a missing key counts as 0),
    sequences item by item, anything else by ``==``."""
    if isinstance(expected, bool) or isinstance(value, bool):
        return isinstance(value, bool) and value == expected
    if isinstance(expected, Real):
        got, want = _number(value), _number(expected)
        if got is None or want is None:
            return False
        if isinstance(expected, Integral):  # a count: exactly
            return got == want
        return abs(got - want) <= max(Fraction(rel_tol) * abs(want), ABS_TOL)
    if isinstance(expected, Mapping):
        if not isinstance(value, Mapping):
            return False
        return all(same(value.get(key, 0), expected.get(key, 0), rel_tol)
                   for key in set(value) | set(expected))
    wanted = _items(expected)
    if wanted is not None:
        items = _items(value)
        return items is not None and len(items) == len(wanted) and all(
            same(v, e, rel_tol) for v, e in zip(items, wanted, strict=True))
    return bool(value == expected)


def _number(value: object) -> Fraction | None:
    """A number (int, Fraction, float, numpy number) as an exact Fraction; ``None`` for
    anything else (text, a bool, NaN)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    try:
        return Fraction(value) if isinstance(value, Rational) else Fraction(float(value))
    except (ValueError, OverflowError):
        return None


def _items(value: object) -> list | None:
    """The items of a list, a tuple or a numpy array (not of text), else ``None``."""
    if isinstance(value, list | tuple):
        return list(value)
    if getattr(value, "ndim", 0) >= 1 and callable(getattr(value, "tolist", None)):
        return list(value.tolist())  # type: ignore[attr-defined]
    return None


def show(value: object, lang: str) -> str:
    """A result as a student reads it: numbers the language's way (``2275/7776 ≈ 29,26%``),
    mappings and sequences item by item."""
    if isinstance(value, Real) and not isinstance(value, bool):
        try:
            return format_value(value if isinstance(value, int | Fraction) else float(value), lang)
        except (TypeError, ValueError):
            return repr(value)
    if isinstance(value, Mapping):
        items = sorted(value.items(), key=lambda kv: repr(kv[0]))
        return "{" + ", ".join(f"{key!r}: {show(v, lang)}" for key, v in items) + "}"
    if isinstance(value, list | tuple):
        inner = ", ".join(show(v, lang) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    return repr(value)


def call_text(name: str, args: tuple) -> str:
    """``loss_distribution(3, 2)``: the call a case stands for, as the student would write it."""
    return f"{name}({', '.join(repr(a) for a in args)})"


def _names(code: CodeType) -> Iterator[str]:
    """Every global or attribute name a function's code uses, nested functions included."""
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from _names(const)


def calls(function: Callable[..., Any], name: str) -> bool:
    """Does ``function``'s code use the name ``name`` (call the engine's function itself)?"""
    code = getattr(function, "__code__", None)
    return isinstance(code, CodeType) and name in set(_names(code))


def _run(function: Callable[..., Any], args: tuple) -> Any:
    return function(*copy.deepcopy(args))  # a function that changes its input spoils no case


def check_function(function: object, reference: Callable[..., Any], cases: Sequence[tuple], *,
                   lang: str = "pt", rel_tol: float = DEFAULT_REL_TOL,
                   mistakes: Sequence[Mistake] = (), forbidden: Sequence[str] = ()) -> Check:
    """Check a student's ``function`` against the engine's ``reference`` on every case (a tuple
    of arguments). The verdict names the first input where they differ, what the student's
    function returned and what the engine gives, or the matching mistake's hint. A function
    that uses the reference's name or one of ``forbidden`` (other functions that give the
    answer away) is refused. A mistake that agrees with the reference on every case is an
    error of the exercise, refused at once."""
    lang = normalize_lang(lang)
    cases = [tuple(case) for case in cases]
    if len(cases) < 2:
        raise ValueError("a function is checked on several inputs: give at least two cases")
    wanted = [_run(reference, case) for case in cases]
    for mistake in mistakes:
        if all(same(_run(mistake.function, c), w, rel_tol) for c, w in zip(cases, wanted)):
            raise ValueError(f"the mistake {mistake.en!r} gives the right result on every case: "
                             "a mistake is for a wrong function")
    banned = (reference.__name__, *forbidden)
    result = _verdict(function, banned, cases, wanted, lang, rel_tol, mistakes)
    if not result and os.environ.get("NBGRADER_EXECUTION"):
        raise AssertionError(result.text)
    return result


def _verdict(function: object, banned: Sequence[str], cases: list[tuple],
             wanted: list[Any], lang: str, rel_tol: float,
             mistakes: Sequence[Mistake]) -> Check:
    if function is None or function is Ellipsis:
        return Check(False, tr("function.missing", lang), "info")
    if not callable(function):
        return Check(False, tr("function.not_callable", lang, answer=repr(function)))
    name = getattr(function, "__name__", "f")
    name = "f" if name == "<lambda>" else name
    used = [name for name in banned if calls(function, name)]
    if used:
        return Check(False, tr("function.copied", lang, reference=used[0]))
    got: list[Any] = []
    for case in cases:
        try:
            got.append(_run(function, case))
        except Exception as error:  # the student's code: any error is reported, never raised
            return Check(False, tr("function.raised", lang, call=call_text(name, case),
                                   error=type(error).__name__, message=str(error)))
    if all(g is None for g in got):
        return Check(False, tr("function.missing", lang), "info")
    wrong = [k for k, (g, w) in enumerate(zip(got, wanted)) if not same(g, w, rel_tol)]
    if not wrong:
        return Check(True, tr("function.correct", lang, total=len(cases)))
    first = wrong[0]
    call = call_text(name, cases[first])
    for mistake in mistakes:
        if all(same(g, _run(mistake.function, c), rel_tol) for g, c in zip(got, cases)):
            return Check(False, tr("function.hint", lang, call=call, got=show(got[first], lang),
                                   hint=mistake.text(lang)))
    if got[first] is None:
        return Check(False, tr("function.none", lang, call=call))
    return Check(False, tr("function.wrong", lang, call=call, got=show(got[first], lang),
                           want=show(wanted[first], lang), right=len(cases) - len(wrong),
                           total=len(cases)))
