"""The class's dice of probability lab 11: the shipped sample is what the engine's seeded dice
roll, counts read from CSV in either language, bad data refused with the rule it breaks, the
form, and Pearson's chi-square of warkit.stats."""

from __future__ import annotations

from datetime import datetime, timezone
from fractions import Fraction

import pytest
from warkit_widgets.lessons.class_dice import (
    OUTCOMES,
    ClassCounts,
    ClassDataError,
    counts_form,
    read_counts,
    sample_counts,
    sample_csv,
    shipped_sample,
    write_counts,
)

from warkit.odds import roll_outcomes
from warkit.stats import chi_square

NOW = datetime(2026, 11, 27, tzinfo=timezone.utc)


def test_the_shipped_sample_is_the_seeded_engine_sample():
    assert shipped_sample() == sample_csv("en")
    counts = read_counts(shipped_sample(), "en")
    assert counts.tables == sample_counts().tables
    assert len(counts.tables) == 8 and counts.n == 240
    assert all(sum(c.values()) == 30 for c in counts.tables.values())


def test_counts_read_back_in_both_languages_and_separators():
    counts = sample_counts()
    for lang in ("en", "pt"):
        assert read_counts(write_counts(counts, lang), lang).tables == counts.tables
    semicolons = "mesa;perdas_ataque;perdas_defesa;rolagens\nA;2;0;3\nA;0;2;4\n\n"
    assert read_counts(semicolons, "pt").total == {(2, 0): 3, (1, 1): 0, (0, 2): 4}


@pytest.mark.parametrize(("text", "en", "pt"), [
    ("table,attacker_lost,defender_lost,rolls\nA,1,0,3\n", "C-ATK-4", "C-ATK-4"),
    ("table,attacker_lost,defender_lost,rolls\nA,2,0,-1\n", "whole number", "número inteiro"),
    ("table,attacker_lost,defender_lost,rolls\nA,2,0,três\n", "Line 2", "Linha 2"),
    ("table,lost,rolls\nA,2,3\n", "first line", "primeira linha"),
])
def test_bad_counts_are_refused_with_the_rule_in_each_language(text, en, pt):
    for lang, words in (("en", en), ("pt", pt)):
        with pytest.raises(ClassDataError, match=words):
            read_counts(text, lang)


def test_adding_refuses_an_impossible_outcome_and_changes_nothing():
    counts = ClassCounts()
    counts.add("A", (2, 0), 3)
    with pytest.raises(ClassDataError, match="C-ATK-4"):
        counts.add("A", (2, 1), 1, "pt")
    with pytest.raises(ClassDataError):
        counts.add("A", (1, 1), True)
    assert counts.total == {(2, 0): 3, (1, 1): 0, (0, 2): 0}


def test_the_form_adds_tables_and_a_bad_upload_changes_nothing():
    form = counts_form("pt")
    form.table.value = "Mesa 1"
    for outcome, rolls in zip(OUTCOMES, (5, 7, 13), strict=True):
        form.boxes[outcome].value = rolls
    form.add_button.click()
    assert form.counts.tables["Mesa 1"] == {(2, 0): 5, (1, 1): 7, (0, 2): 13}
    assert "mesas: 1; rolagens: 25" in form.children[-1].value
    form.upload.value = ({"name": "x.csv", "type": "text/csv", "size": 11, "last_modified": NOW,
                          "content": b"mesa,x\n1,2\n"},)
    assert form.counts.n == 25 and "primeira linha" in form.children[-1].value
    form.upload.value = ({"name": "s.csv", "type": "text/csv", "size": 1, "last_modified": NOW,
                          "content": sample_csv("pt").encode()},)
    assert form.counts.n == 240


def test_chi_square_is_pearsons_statistic():
    assert chi_square({"H": 60, "T": 40}, {"H": 0.5, "T": 0.5}) == 4.0
    exact = roll_outcomes(3, 2)
    on_the_nose = {k: 7776 * p for k, p in exact.items()}
    assert chi_square({k: int(v) for k, v in on_the_nose.items()}, exact) == 0
    assert chi_square({(2, 0): 75, (1, 1): 77, (0, 2): 88}, exact) == pytest.approx(
        sum((o - 240 * p) ** 2 / (240 * p) for o, p in zip(
            (75, 77, 88), (exact[(2, 0)], exact[(1, 1)], exact[(0, 2)]), strict=True)))
    with pytest.raises(ValueError, match="impossible"):
        chi_square({(1, 0): 1}, exact)
    with pytest.raises(ValueError, match="no counts"):
        chi_square({}, {"H": Fraction(1, 2)})
