"""One language in each edition's code: the build keeps only the notebook's half of a bilingual
call, so a Brazilian student reads no English in the code (and an English reader no Portuguese).

Code cells are shared by both languages. Two kinds of call hold both texts:

- ``T("3 armies", "3 exércitos")``, where the notebook binds ``T = bilingual(LANG)``
  (:func:`warkit_widgets.lessons.text.bilingual`): the call becomes its language's argument
  (``"3 exércitos"``). Its arguments are texts (strings, f-strings, a lookup such as
  ``STEPS_PT.get(step, step)``): the other one is no longer evaluated, so it must have no side
  effect, as a text has none;
- a call with both ``en=`` and ``pt=`` keywords (``Hint(8, en="...", pt="...")``,
  :class:`warkit_widgets.exercise.Hint`): the other language's keyword goes
  (``Hint(8, pt="...")``); the callee must accept one language alone;
- a table picked by language, ``{"en": {...}, "pt": {...}}[LANG]``: it becomes its language's
  value.

The code is edited in place (positions from :mod:`ast`, comments found by :mod:`tokenize`), so
its formatting, comments and line structure stay; a literal that spans lines keeps its lines
inside parentheses. Each result is checked: its syntax tree must be the original's with those
calls replaced, so the notebook computes exactly what it did. What cannot be transformed safely
(``T`` of a variable, a comment inside a dropped argument, nested bilingual calls) is refused
with :class:`MonolingualError` and its line.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from warkit_widgets.i18n import normalize_lang

KEYWORDS = ("en", "pt")
MAKER = "bilingual"  # T = bilingual(LANG)


class MonolingualError(ValueError):
    """A bilingual call the build cannot reduce to one language; ``row`` is its line (from 1)."""

    def __init__(self, message: str, row: int) -> None:
        super().__init__(message)
        self.row = row


def bilingual_names(cells: Iterable[str]) -> frozenset[str]:
    """The names the code binds to ``bilingual(...)`` (``T`` in every lesson)."""
    names = set()
    for code in cells:
        for node in ast.walk(_parse(code)):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and isinstance(node.value.func, ast.Name) and node.value.func.id == MAKER:
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return frozenset(names)


@dataclass(frozen=True)
class _Edit:
    start: int  # offsets in the code
    end: int
    text: str


def monolingual(code: str, lang: str, names: frozenset[str]) -> str:
    """``code`` with every bilingual call reduced to ``lang`` (``names``: the functions bound to
    ``bilingual``); raises :class:`MonolingualError` for a call it cannot reduce safely."""
    lang = normalize_lang(lang)
    tree = _parse(code)
    offsets = _Offsets(code)
    edits: list[_Edit] = []
    bracketed = {id(child) for parent in ast.walk(tree)
                 if isinstance(parent, ast.Call | ast.List | ast.Set | ast.Dict)
                 for child in ast.iter_child_nodes(parent)} | {
        id(k.value) for call in ast.walk(tree) if isinstance(call, ast.Call)
        for k in call.keywords}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_pair(node, names):
            edits.append(_literal_edit(node, lang, offsets, id(node) in bracketed))
        elif isinstance(node, ast.Call) and _has_both_keywords(node):
            edits.append(_keyword_edit(node, lang, offsets))
        elif isinstance(node, ast.Subscript) and _is_lang_dict(node):
            kept = _lang_dict_value(node, lang)
            edits.append(_replace_edit(node, kept, offsets, id(node) in bracketed))
    if not edits:
        return code
    edits.sort(key=lambda e: e.start)
    for before, after in pairwise(edits):
        if after.start < before.end:
            raise MonolingualError("a bilingual call inside another one: write them apart",
                                   offsets.row(after.start))
    result = code
    for edit in reversed(edits):
        result = result[:edit.start] + edit.text + result[edit.end:]
    expected = ast.dump(_Reduce(lang, names).visit(_parse(code)))
    if ast.dump(_parse(result)) != expected:  # never expected: a guard on the edits above
        raise MonolingualError("the one-language code would compute something else", 1)
    return result


def _parse(code: str) -> ast.Module:
    try:
        return ast.parse(code)
    except SyntaxError as error:
        raise MonolingualError(f"code that Python cannot read ({error.msg})",
                               error.lineno or 1) from None


def _is_pair(node: ast.Call, names: frozenset[str]) -> bool:
    return isinstance(node.func, ast.Name) and node.func.id in names


def _has_both_keywords(node: ast.Call) -> bool:
    return set(KEYWORDS) <= {k.arg for k in node.keywords}


def _is_lang_dict(node: ast.Subscript) -> bool:
    """``{"en": ..., "pt": ...}[LANG]``: a text (or table of texts) picked by language."""
    return isinstance(node.value, ast.Dict) and isinstance(node.slice, ast.Name) \
        and node.slice.id == "LANG" and sorted(
            k.value for k in node.value.keys if isinstance(k, ast.Constant)) == list(KEYWORDS) \
        and len(node.value.keys) == len(KEYWORDS)


def _lang_dict_value(node: ast.Subscript, lang: str) -> ast.expr:
    table = node.value
    assert isinstance(table, ast.Dict)
    return next(v for k, v in zip(table.keys, table.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == lang)


class _Offsets:
    """ast positions (line from 1, UTF-8 byte column) as offsets in the code's text."""

    def __init__(self, code: str) -> None:
        self.lines = code.split("\n")  # as Python counts lines (splitlines also cuts at \f)
        self.lines = [line + "\n" for line in self.lines[:-1]] + self.lines[-1:]
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.code = code
        tokens = tokenize.generate_tokens(io.StringIO(code + "\n").readline)
        self.comments = [self.at_char(*t.start) for t in tokens if t.type == tokenize.COMMENT]

    def at_char(self, row: int, col: int) -> int:
        return self.starts[row - 1] + col

    def at(self, row: int, byte_col: int) -> int:
        line = self.lines[row - 1]
        return self.starts[row - 1] + len(line.encode("utf-8")[:byte_col].decode("utf-8"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.at(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.at(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def refuse_comments(self, start: int, end: int, row: int) -> None:
        """Refuse to drop code holding a comment (a reader would lose it)."""
        if any(start <= c < end for c in self.comments):
            raise MonolingualError("a comment inside a bilingual call: put it above the call",
                                   row)

    def row(self, offset: int) -> int:
        return next(i for i, start in enumerate(self.starts[1:], start=1) if offset < start)


def _literal_edit(node: ast.Call, lang: str, offsets: _Offsets, bracketed: bool) -> _Edit:
    """``T("en", "pt")`` -> the chosen text; when it spans lines and is not already inside
    brackets (``bracketed``: an argument, an item of a list or dict), in parentheses."""
    row = node.lineno
    if node.keywords or len(node.args) != 2 or any(isinstance(a, ast.Starred)
                                                   for a in node.args):
        raise MonolingualError("a bilingual call takes two texts (English, Portuguese)", row)
    return _replace_edit(node, node.args[KEYWORDS.index(lang)], offsets, bracketed)


def _replace_edit(node: ast.expr, kept: ast.expr, offsets: _Offsets, bracketed: bool) -> _Edit:
    """``node`` -> the text of ``kept``, one of its parts; when that spans lines and ``node`` is
    not inside brackets already, in parentheses."""
    row = node.lineno
    bracketed = bracketed or isinstance(kept, ast.Dict | ast.List | ast.Set)  # its own brackets
    start, end = offsets.span(node)
    kept_start, kept_end = offsets.span(kept)
    offsets.refuse_comments(start, kept_start, row)
    offsets.refuse_comments(kept_end, end, row)
    text = offsets.code[kept_start:kept_end]
    if "\n" in text:  # keep its lines, moved left with the call's opening
        shift = kept.col_offset - node.col_offset - (0 if bracketed else 1)
        first, *rest = text.split("\n")
        rest = [line[shift:] if line[:shift].isspace() else line for line in rest]
        text = "\n".join([first, *rest]) if bracketed else "(" + "\n".join([first, *rest]) + ")"
    return _Edit(start, end, text)


def _keyword_edit(node: ast.Call, lang: str, offsets: _Offsets) -> _Edit:
    """``f(x, en=..., pt=...)`` -> ``f(x, pt=...)``: the other keyword, its comma and the space
    up to the next argument go (or, when it is last, from the argument before it)."""
    other = next(k for k in node.keywords if k.arg == KEYWORDS[1 - KEYWORDS.index(lang)])
    arguments = sorted([*node.args, *node.keywords],
                       key=lambda a: (a.lineno, a.col_offset))  # type: ignore[attr-defined]
    index = arguments.index(other)
    start, end = offsets.span(other)
    if index + 1 < len(arguments):
        gap = (end, offsets.span(arguments[index + 1])[0])
        cut = (start, gap[1])
    elif index > 0:
        gap = (offsets.span(arguments[index - 1])[1], start)
        cut = (gap[0], end)
    else:  # pragma: no cover - both keywords are there
        raise MonolingualError("a call with a single argument", node.lineno)
    offsets.refuse_comments(*cut, other.lineno)
    if offsets.code[gap[0]:gap[1]].replace(",", "").strip():
        raise MonolingualError("unexpected text between a call's arguments", other.lineno)
    return _Edit(cut[0], cut[1], "")


class _Reduce(ast.NodeTransformer):
    """The syntax tree the one-language code must have: each bilingual call reduced."""

    def __init__(self, lang: str, names: frozenset[str]) -> None:
        self.lang, self.names = lang, names

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if _is_pair(node, self.names):
            return node.args[KEYWORDS.index(self.lang)]
        if _has_both_keywords(node):
            other = KEYWORDS[1 - KEYWORDS.index(self.lang)]
            node.keywords = [k for k in node.keywords if k.arg != other]
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        return _lang_dict_value(node, self.lang) if _is_lang_dict(node) else node


def bilingual_calls(code: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """The bilingual calls left in ``code``: (line, the call's name), for the scan of a built
    notebook, which should hold none."""
    found = []
    for node in ast.walk(_parse(code)):
        if isinstance(node, ast.Call) and (_is_pair(node, names) or _has_both_keywords(node)):
            found.append((node.lineno, ast.unparse(node.func)))
        elif isinstance(node, ast.Subscript) and _is_lang_dict(node):
            found.append((node.lineno, "{'en': ..., 'pt': ...}[LANG]"))
    return found


def without_unused_maker(cells: list[str], names: frozenset[str]) -> list[str]:
    """The cells of one edition without ``T = bilingual(LANG)`` and its import when no cell uses
    ``T`` any more (every call reduced): a student reads no set-up that does nothing. Lines that
    hold anything else stay."""
    trees = [_parse(code) for code in cells]
    used = any(isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names
               for tree in trees for node in ast.walk(tree))
    if used or not names:
        return cells
    kept = []
    for code, tree in zip(cells, trees, strict=True):
        lines = code.splitlines(keepends=True)
        drop = {row for node in tree.body if _is_maker(node, names)
                for row in range(node.lineno, (node.end_lineno or node.lineno) + 1)
                if _alone(node, lines)}
        kept.append("".join(line for row, line in enumerate(lines, start=1)
                            if row not in drop).rstrip("\n") if drop else code)
    return kept


def _is_maker(node: ast.stmt, names: frozenset[str]) -> bool:
    """``T = bilingual(...)``, or an import of ``bilingual`` alone."""
    if isinstance(node, ast.ImportFrom):
        return [a.name for a in node.names] == [MAKER]
    return isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
        and isinstance(node.value.func, ast.Name) and node.value.func.id == MAKER \
        and all(isinstance(t, ast.Name) and t.id in names for t in node.targets)


def _alone(node: ast.stmt, lines: list[str]) -> bool:
    """Does ``node`` fill its lines (no other statement after a ``;``, no comment)?"""
    first, last = lines[node.lineno - 1], lines[(node.end_lineno or node.lineno) - 1]
    return not first[:node.col_offset].strip() and ";" not in last and "#" not in last
