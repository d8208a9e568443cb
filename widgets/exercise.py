"""Self-checked exercises: the student's answer is compared with the engine's exact value."""

from __future__ import annotations

from fractions import Fraction
from numbers import Real
from typing import Any

from .html import message_html
from .i18n import fmt_percent, normalize_lang, tr


def is_correct(answer: object, expected: Fraction | float, *, tolerance: float = 5e-4) -> bool:
    """Does ``answer`` (a Fraction, a float such as 0.66, or text like ``"95/144"``) match?

    Exact answers must be equal; decimals may be off by ``tolerance``
    (so 0.6597 or 65.97% / 100 both pass for 95/144).
    """
    if isinstance(answer, str):  # "95/144" is exact; "0,6597" or "0.6597" is a decimal
        text = answer.strip().replace(",", ".")
        try:
            answer = Fraction(text) if "/" in text else float(text)
        except ValueError:
            return False
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return False
    if isinstance(answer, Fraction | int) and isinstance(expected, Fraction):
        return Fraction(answer) == expected
    return abs(float(answer) - float(expected)) <= tolerance


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


def check_answer(answer: object, expected: Fraction | float, *, lang: str = "pt",
                 tolerance: float = 5e-4) -> Check:
    """Check a student's answer against the exact value; ``None`` means "not answered yet"."""
    lang = normalize_lang(lang)
    if answer is None or answer is Ellipsis:
        return Check(False, tr("exercise.missing", lang), "info")
    if is_correct(answer, expected, tolerance=tolerance):
        exact = f"{expected} ≈ {fmt_percent(expected, lang, 2)}" \
            if isinstance(expected, Fraction) else fmt_percent(expected, lang, 2)
        return Check(True, tr("exercise.correct", lang, detail=exact))
    return Check(False, tr("exercise.wrong", lang, answer=answer))


def answer_box(expected: Fraction | float, *, lang: str = "pt", tolerance: float = 5e-4,
               placeholder: str | None = None) -> Any:
    """A text field and a button that checks the typed answer (for Voilà, where nobody
    edits cells). Returns an ``ipywidgets.VBox``; its ``.check`` holds the last result.
    The placeholder shows the form of an answer, never a value: "a whole number" when
    ``expected`` is one, else a fraction and a decimal."""
    import ipywidgets as w

    from .report import ErrorReporter

    lang = normalize_lang(lang)
    if placeholder is None:
        whole = Fraction(expected).denominator == 1
        placeholder = tr("exercise.whole", lang) if whole else "95/144 · 0.66"
    text = w.Text(placeholder=placeholder, layout=w.Layout(width="14em"))
    button = w.Button(description=tr("exercise.check", lang), icon="check")
    verdict = w.HTML()
    reporter = ErrorReporter(lang)
    box = w.VBox([w.HBox([text, button]), verdict, reporter.box])
    box.add_class("warkit-answer")
    box.check = None

    def check(_: object = None) -> None:
        typed = text.value.strip()
        result = check_answer(typed, expected, lang=lang, tolerance=tolerance) if typed \
            else Check(False, tr("exercise.empty", lang), "info")
        box.check = result
        verdict.value = result._repr_html_()

    button.on_click(reporter.guard(check))
    text.on_submit(reporter.guard(check))
    box.text, box.button = text, button
    return box
