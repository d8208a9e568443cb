"""Comments in the lessons' code in both languages: each notebook keeps its own language's
(``# en: ...`` / ``# pt: ...``, see :mod:`build_tools.source`), and a comment without its twin is
refused with the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from build_tools.source import LANG_COMMENT, SourceError, localized, notebook, parse

HEADER = "---\nen: a.ipynb\npt: b.ipynb\n---\n\n%% md en\n# Title\n\n%% md pt\n# Título\n\n"


def source(code: str) -> str:
    return HEADER + "%% code\n" + code + "\n"


def test_each_language_keeps_its_own_comment_lines():
    code = ("# en: Set-up: the dice\n# pt: Preparação: os dados\nx = 1\n"
            "def f():\n    # en: the highest\n    # en: of three\n    # pt: o maior de três\n"
            "    return x\n")
    assert localized(code, "en") == ("# Set-up: the dice\nx = 1\ndef f():\n"
                                     "    # the highest\n    # of three\n    return x")
    assert localized(code, "pt") == ("# Preparação: os dados\nx = 1\ndef f():\n"
                                     "    # o maior de três\n    return x")


def test_a_comment_after_code_holds_both_languages():
    code = "answer = None  # en: your answer here  # pt: sua resposta aqui"
    assert localized(code, "en") == "answer = None  # your answer here"
    assert localized(code, "pt") == "answer = None  # sua resposta aqui"


def test_unmarked_comments_and_marks_inside_strings_are_left_alone():
    code = 'x = "# en: not a comment"  # noqa: E501\n# 3 x 2\ny = 2'
    assert localized(code, "pt") == code


@pytest.mark.parametrize(("code", "line", "words"), [
    ("x = 1\n# en: the highest\ny = 2", 14, "no Portuguese twin"),
    ("# pt: o maior\nx = 1", 13, "follows no '# en:'"),
    ("# pt: o maior\n# en: the highest", 13, "follows no '# en:'"),
    ("# en: the highest\n    # pt: o maior\nx = 1", 13, "no Portuguese twin"),
    ("x = 1\n# en: a\n\n# pt: b", 14, "no Portuguese twin"),
    ("x = 1  # en: only English", 13, "both languages"),
    ("x = 1  # pt: só português", 13, "both languages"),
])
def test_a_comment_without_its_twin_is_refused_with_its_file_and_line(code, line, words):
    path = Path("lesson.md")
    with pytest.raises(SourceError, match=rf"^lesson\.md:{line}: .*{words}"):
        parse(path, source(code))


def test_the_build_writes_each_notebooks_language_and_comments():
    built = parse(Path("lesson.md"), source(
        'LANG = "en"  # set by the build\n# en: the dice\n# pt: os dados\nx = 1'))
    for lang in ("en", "pt"):
        (cell,) = [c for c in notebook(built, lang)["cells"] if c["cell_type"] == "code"]
        text = "".join(cell["source"])
        assert text.splitlines()[0] == f'LANG = "{lang}"  {LANG_COMMENT[lang]}'
        assert ("# the dice" in text) == (lang == "en") and ("# os dados" in text) == (lang == "pt")
        assert "en:" not in text and "pt:" not in text
