"""The build keeps one language in each edition's code (:mod:`build_tools.monolingual`): a
bilingual call becomes its language's half, the rest of the code is untouched, the code computes
what it did, and what cannot be reduced safely is refused with its file and line."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from build_tools.monolingual import MonolingualError, bilingual_names, monolingual
from build_tools.source import SourceError, parse

SETUP = "from warkit_widgets.lessons.text import bilingual\nT = bilingual(LANG)\n"
T = frozenset({"T"})

CELL = '''\
n = 3
print(T(f"{n} armies", f"{n} exércitos"), T("vs", "contra"))  # 3 x 2
header = T("<tr><th>dice</th>"
           "<th>wins</th></tr>",
           "<tr><th>dados</th>"
           "<th>vitórias</th></tr>")
print(header)
hints = [Hint(8,
              en="Add the bonus.",
              pt="Some o bônus."),
         Hint(9, en="Halve it.", pt="Divida por 2.")]
print([h.text(LANG) for h in hints])
'''


def test_each_language_keeps_its_half_and_the_lines_around_it():
    assert monolingual(CELL, "pt", T) == '''\
n = 3
print(f"{n} exércitos", "contra")  # 3 x 2
header = ("<tr><th>dados</th>"
          "<th>vitórias</th></tr>")
print(header)
hints = [Hint(8,
              pt="Some o bônus."),
         Hint(9, pt="Divida por 2.")]
print([h.text(LANG) for h in hints])
'''
    english = monolingual(CELL, "en", T)
    assert 'f"{n} armies", "vs"' in english and 'en="Add the bonus.")' in english
    assert "exércitos" not in english and "pt=" not in english


def run(code: str, lang: str) -> str:
    from warkit_widgets.exercise import Hint

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(SETUP + code, {"LANG": lang, "Hint": Hint})
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_one_language_code_prints_what_the_bilingual_code_printed(lang):
    assert run(monolingual(CELL, lang, T), lang) == run(CELL, lang)


def test_a_text_spanning_lines_inside_brackets_needs_no_new_parentheses():
    code = 'print(T("a "\n        "b",\n        "c "\n        "d"))'
    assert monolingual(code, "pt", T) == 'print("c "\n      "d")'


def test_code_without_bilingual_calls_is_left_as_it_is():
    code = "x = 1  # noqa\nprint(T)\n"
    assert monolingual(code, "pt", T) is code
    assert monolingual("print(T('a', 'b'))", "pt", frozenset()) == "print(T('a', 'b'))"


@pytest.mark.parametrize("code, row, says", [
    ("x = 1\nprint(T('a',  # why\n        'b'))", 2, "a comment inside a bilingual call"),
    ("Hint(1,\n     en='a',  # why\n     pt='b')", 2, "a comment inside a bilingual call"),
    ("print(T(T('a', 'b'), 'c'))", 1, "inside another one"),
    ("print(T('a'))", 1, "takes two texts"),
    ("print(T(*pair))", 1, "takes two texts"),
    ("print(T('a', 'b', end=''))", 1, "takes two texts"),
])
def test_what_cannot_be_reduced_safely_is_refused_with_its_line(code, row, says):
    with pytest.raises(MonolingualError, match=says) as error:
        monolingual(code, "pt", T)
    assert error.value.row == row


def test_the_build_names_the_file_and_line_of_a_call_it_refuses(tmp_path: Path):
    source = tmp_path / "x.md"
    source.write_text("---\nen: a.ipynb\npt: b.ipynb\n---\n\n%% code\n" + SETUP
                      + "x = 1\nprint(T('a',  # why\n        'b'))\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"x\.md:10: a comment inside a bilingual call"):
        parse(source)


def test_the_names_bound_to_bilingual_are_found():
    assert bilingual_names([SETUP, "S = bilingual('pt')\nU = str"]) == {"T", "S"}


def test_the_set_up_of_t_goes_once_no_cell_calls_it():
    from build_tools.monolingual import without_unused_maker

    setup = SETUP + "x = 1; T2 = 2"
    assert without_unused_maker([setup, 'print("3 exércitos")'], T) == [
        "x = 1; T2 = 2", 'print("3 exércitos")']
    still = [setup, "print(T)"]
    assert without_unused_maker(still, T) == still


def test_a_table_picked_by_language_becomes_its_language_s_table():
    code = ('WORDS = {"en": {"runs": "runs",\n'
            '                "seed": "seed"},\n'
            '         "pt": {"runs": "repetições",\n'
            '                "seed": "semente"}}[LANG]\n'
            'print(WORDS["runs"])')
    assert monolingual(code, "pt", T) == ('WORDS = {"runs": "repetições",\n'
                                          '         "seed": "semente"}\n'
                                          'print(WORDS["runs"])')
    assert monolingual(code, "en", T).startswith('WORDS = {"runs": "runs",\n         "seed"')
    assert run(monolingual(code, "pt", T), "pt") == run(code, "pt") == "repetições\n"
