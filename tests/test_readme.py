"""The README's engine tour is executed, so what it shows is what the engine does."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10
    assert result.failed == 0


def test_engine_docstring_examples_run():
    import warkit
    import warkit.cards
    import warkit.dice

    for module in (warkit, warkit.cards, warkit.dice):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
