"""Scan the Portuguese edition for what a Brazilian student should not see (issue 20, item 6).

In the code of every built ``pt`` notebook: no English comment or docstring, no ``assert``
message in English, no bilingual call (``T("English", "Português")``, ``Hint(en=..., pt=...)``:
the build keeps one language), and no call of a :mod:`warkit_widgets` function or widget that
takes ``lang`` without it (it would draw in English, with ``0.25``). With ``--run``, each notebook
is also run (nbclient) and its outputs scanned: no number with a decimal point in the text of a
chart (an SVG's ``<text>``, ``<title>``, ``<desc>``, ``aria-label``: ``0.25`` must read ``0,25``; a
thousands mark such as ``46.656`` is right in Portuguese), and no English comment in the code a
cell shows (lab 05's ``show_code``).

    PYTHONPATH=notebooks python -m build_tools.scan [--run] [notebooks ...]
    PYTHONPATH=notebooks python -m build_tools.scan --english   # no Portuguese half in en code

Without notebooks: every Portuguese notebook built from ``notebooks/source/``. Prints one line
per finding (``notebook cell N: what``) and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import ast
import html
import importlib
import inspect
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

import nbformat

from build_tools.build import NOTEBOOKS, editions
from build_tools.monolingual import bilingual_calls, bilingual_names

# English words that are not Portuguese words: one of them in a comment marks it English.
ENGLISH = frozenset(re.findall(r"\S+", """
    the and of is are was were be been with your you this that these those each every from by
    what which when where whose it its not on at or if than all only one two three here how
    many much there their they we our has have does should would could must can will into
    over under after before between both either neither any some other same such then
    solution answer set-up setup count counts roll rolls rolled dice die wins win loses lose
    lost attacker attackers defender defenders army armies exact expected
    """))
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]*")
PROPER_NAMES = re.compile(r"Clash of Cultures|Plackett[–-]Luce|USP WAR")
CODE_LIKE = re.compile(r"`[^`]*`|\b\w+[._(=\[]\S*")  # `names`, calls, dotted names, keywords
DECIMAL_POINT = re.compile(r"(?<![\d.,])\d+\.\d+(?![\d.])")
THOUSANDS = re.compile(r"^[1-9]\d{0,2}(\.\d{3})+$")  # 46.656, never 0.167
SVG_TEXT = re.compile(r"<(text|title|desc)\b[^>]*>(.*?)</\1>|aria-label=\"([^\"]*)\"", re.S)
TAG = re.compile(r"<[^>]+>")
PRE = re.compile(r"<pre\b[^>]*>(.*?)</pre>", re.S)  # the code IPython's Code(...) shows


def english_words(text: str) -> list[str]:
    """The words of ``text`` (code-like tokens left out) that only English has."""
    prose = CODE_LIKE.sub(" ", PROPER_NAMES.sub(" ", text))
    return [w for w in WORD.findall(prose) if w.lower().strip("'-") in ENGLISH]


def decimal_points(text: str) -> list[str]:
    """The numbers of ``text`` written with a decimal point (``0.25``; not ``46.656``)."""
    return [n for n in DECIMAL_POINT.findall(text) if not THOUSANDS.match(n)]


def comments(code: str) -> Iterator[str]:
    """The comments of ``code``, without their ``#``."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return
    for token in tokens:
        if token.type == tokenize.COMMENT:
            yield token.string.lstrip("#").strip()


def _lang_takers(tree: ast.Module) -> dict[str, int]:
    """The names a cell imports from warkit_widgets that take ``lang``: name -> its position."""
    found = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("warkit_")):
            continue
        module = importlib.import_module(node.module or "")
        for alias in node.names:
            target = getattr(module, alias.name, None)
            try:
                parameters = list(inspect.signature(target).parameters) if target else []
            except (TypeError, ValueError):
                continue
            if "lang" in parameters:
                found[alias.asname or alias.name] = parameters.index("lang")
    return found


def code_findings(nb: nbformat.NotebookNode) -> list[str]:
    """What the code of a Portuguese notebook shows in English, or draws without ``lang``."""
    findings: list[str] = bilingual_findings(nb)
    takers: dict[str, int] = {}
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        where = f"cell {index}"
        for comment in comments(cell.source):
            if english_words(comment):
                findings.append(f"{where}: English comment: # {comment}")
        tree = ast.parse(cell.source)
        takers |= _lang_takers(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Module):
                doc = ast.get_docstring(node)
                if doc and english_words(doc):
                    findings.append(f"{where}: English docstring: {doc.splitlines()[0]}")
            elif isinstance(node, ast.Assert) \
                    and isinstance(node.msg, ast.Constant | ast.JoinedStr):
                message = ast.unparse(node.msg)
                if english_words(message):
                    findings.append(f"{where}: assert message in English: {message}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in takers:
                given = any(k.arg in ("lang", None) for k in node.keywords) \
                    or len(node.args) > takers[node.func.id]  # None: **options, seen when run
                if not given:
                    findings.append(f"{where}: {node.func.id}(...) without lang=LANG "
                                    "(it would draw in English)")
    return findings


def bilingual_findings(nb: nbformat.NotebookNode) -> list[str]:
    """Bilingual calls left in a built notebook's code (``T("en", "pt")``, ``Hint(en=, pt=)``):
    the build keeps one language (:mod:`build_tools.monolingual`), so a reader of either edition
    sees none of the other's text."""
    codes = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    names = bilingual_names(code for _, code in codes)
    return [f"cell {index}: line {row}: {name}(...) holds both languages"
            for index, code in codes for row, name in bilingual_calls(code, names)]


def _output_texts(output: nbformat.NotebookNode) -> Iterator[tuple[str, str]]:
    """(mime type, text) of an output's text-like data."""
    if output.get("output_type") == "stream":
        yield "stream", output.get("text", "")
    for mime, data in output.get("data", {}).items():
        if mime.startswith("text/") or mime == "image/svg+xml":
            yield mime, data if isinstance(data, str) else "".join(data)


def output_findings(nb: nbformat.NotebookNode) -> list[str]:
    """Chart text with a decimal point, and English comments in code a cell displays."""
    findings: list[str] = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            for mime, text in _output_texts(output):
                if mime in ("image/svg+xml", "text/html"):
                    for match in SVG_TEXT.finditer(text):
                        shown = html.unescape(TAG.sub("", match.group(2) or match.group(3) or ""))
                        for number in decimal_points(shown):
                            findings.append(f"cell {index}: chart text with a decimal point "
                                            f"({number}): {shown.strip()[:80]}")
                shown_code = PRE.findall(text) if mime == "text/html" else []
                for block in shown_code:
                    for comment in comments(html.unescape(TAG.sub("", block))):
                        if english_words(comment):
                            findings.append(f"cell {index}: shown code, English comment: "
                                            f"# {comment}")
    return findings


def run(path: Path, timeout: int = 600) -> nbformat.NotebookNode:
    """The notebook at ``path``, executed in its folder (as Jupyter would)."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def portuguese_notebooks() -> list[Path]:
    """Every Portuguese notebook the sources build."""
    return [e.path for e in editions() if e.lang == "pt"]


def english_notebooks() -> list[Path]:
    """Every English notebook the sources build."""
    return [e.path for e in editions() if e.lang == "en"]


def scan(paths: Iterable[Path], execute: bool = False) -> list[str]:
    """Every finding, as ``notebook cell N: what``."""
    findings = []
    for path in paths:
        nb = run(path) if execute else nbformat.read(path, as_version=4)
        name = _name(path)
        found = code_findings(nb) + (output_findings(nb) if execute else [])
        findings += [f"{name} {line}" for line in found]
    return findings


def _name(path: Path) -> Path:
    """``path`` from the project's root when it is in the project."""
    inside = path.resolve().is_relative_to(NOTEBOOKS.parent)
    return path.resolve().relative_to(NOTEBOOKS.parent) if inside else path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to scan (default: every Portuguese one)")
    parser.add_argument("--run", action="store_true", help="also run them and scan the outputs")
    parser.add_argument("--english", action="store_true",
                        help="scan the English notebooks for a Portuguese half left in code")
    args = parser.parse_args(argv)
    if args.english:
        findings = [f"{_name(path)} {line}"
                    for path in args.notebooks or english_notebooks()
                    for line in bilingual_findings(nbformat.read(path, as_version=4))]
    else:
        findings = scan(args.notebooks or portuguese_notebooks(), execute=args.run)
    for line in findings:
        print(line)
    print(f"{len(findings)} findings", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
