"""Text in the lesson's language: code cells are shared by the English and Portuguese notebooks.

>>> T = bilingual("pt")
>>> T("3 armies", "3 exércitos")
'3 exércitos'
>>> print(localized("# en: the top die\\n# pt: o maior dado\\nx = 6  # en: six  # pt: seis", "pt"))
# o maior dado
x = 6  # seis
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable

from warkit_widgets.i18n import normalize_lang


def bilingual(lang: str) -> Callable[[str, str], str]:
    """A function of (English, Portuguese) that returns the text in ``lang`` (``"en"``/``"pt"``).

    A notebook's set-up cell writes ``T = bilingual(LANG)``; then ``print(T(f"{n} armies",
    f"{n} exércitos"))`` prints in the notebook's language, and both texts stay side by side in
    the lesson's one source.
    """
    chosen = normalize_lang(lang)

    def pick(en: str, pt: str) -> str:
        return pt if chosen == "pt" else en

    return pick


MARKED = re.compile(r"^# (en|pt):(?: |$)(.*)$")
INLINE_PAIR = re.compile(r"^# en: (.*?)\s+# pt: (.*)$")


class UnpairedComment(ValueError):
    """A comment in one language without its twin; ``row`` is its line (from 1)."""

    def __init__(self, message: str, row: int) -> None:
        super().__init__(message)
        self.row = row


def localized(code: str, lang: str) -> str:
    """``code`` with its comments in ``lang`` only, so a reader sees one language.

    A comment line ``# en: ...`` is followed by its twin ``# pt: ...`` at the same indentation
    (a longer comment: a run of ``# en:`` lines, then a run of ``# pt:`` lines); a comment after
    code holds both, English first (``x = 6  # en: six  # pt: seis``). The other language's lines
    and the marks go; comments without a mark stay. Raises :class:`UnpairedComment` for a
    comment without its twin.
    """
    chosen = normalize_lang(lang)
    lines = code.splitlines()
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(code + "\n").readline)
                  if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError) as error:
        raise UnpairedComment(f"code that Python cannot read ({error})", 1) from None
    marked: dict[int, tuple[str, str, str]] = {}  # row -> (indent, lang, text) of comment lines
    for token in tokens:
        row, col = token.start
        before = lines[row - 1][:col]
        if not before.strip():
            mark = MARKED.match(token.string)
            if mark:
                marked[row] = (before, mark.group(1), mark.group(2))
            continue
        pair = INLINE_PAIR.match(token.string)  # a comment after code: both languages
        if pair:
            lines[row - 1] = before + "# " + pair.group(1 if chosen == "en" else 2).strip()
        elif MARKED.match(token.string) or "# pt:" in token.string:
            raise UnpairedComment("a comment after code holds both languages, English first: "
                                  "'# en: ...  # pt: ...'", row)
    _check_twins(marked)
    kept = {row: f"{indent}# {text}".rstrip() for row, (indent, comment_lang, text)
            in marked.items() if comment_lang == chosen}
    return "\n".join(kept.get(row, line) for row, line in enumerate(lines, start=1)
                     if row not in marked or row in kept)


def _check_twins(marked: dict[int, tuple[str, str, str]]) -> None:
    """Each run of ``# en:`` lines is followed right away by a run of ``# pt:`` lines at its
    indentation, and each ``# pt:`` run follows such an ``# en:`` run."""
    runs: list[tuple[int, int, str, str]] = []  # first row, last row, indent, lang
    for row in sorted(marked):
        indent, lang, _ = marked[row]
        if runs and runs[-1][1] == row - 1 and runs[-1][2:] == (indent, lang):
            runs[-1] = (runs[-1][0], row, indent, lang)
        else:
            runs.append((row, row, indent, lang))
    for i, (start, end, indent, lang) in enumerate(runs):
        if lang == "en":
            twin = runs[i + 1] if i + 1 < len(runs) else None
            if not twin or twin[0] != end + 1 or twin[2:] != (indent, "pt"):
                raise UnpairedComment("this '# en:' comment has no Portuguese twin ('# pt: ...' "
                                      "on the next line, at the same indentation)", start)
        elif i == 0 or runs[i - 1][1] != start - 1 or runs[i - 1][2:] != (indent, "en"):
            raise UnpairedComment("this '# pt:' comment follows no '# en:' comment (English "
                                  "first, the Portuguese right after it)", start)
