"""Lab 11 runs on a real class's counts too, not only on the shipped sample: every cell of the
lab, run with other counts typed into its form, passes (its checks of the sample's numbers apply
to the sample only)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from build_tools.source import LANG_LINE, parse
from warkit_widgets.lessons.class_dice import sample_counts

LAB = Path(__file__).resolve().parents[1] / "notebooks/source/probability/11-the-class-dice.md"


def run(source: str, namespace: dict) -> None:
    tree = ast.parse(source)
    exec(compile(tree, "<cell>", "exec"), namespace)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_lab_runs_on_another_class(lang):
    namespace: dict = {}
    typed_in = False
    for cell in parse(LAB).cells:
        if cell.kind != "code":
            continue
        run(LANG_LINE.sub(rf'\g<1>"{lang}"  \g<2>', cell.text[lang]), namespace)
        if "form" in namespace and not typed_in:  # the class types its counts in
            namespace["form"].counts = sample_counts(seed=99, tables=5, rolls=30)
            typed_in = True
    assert typed_in and namespace["CLASS_DATA"] and namespace["n"] == 150
    assert 0 <= namespace["p_value"] <= 1
