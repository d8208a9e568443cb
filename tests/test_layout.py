"""The house's layout, read from the imports (issue 21 item 1; ``DESIGN.md``, "Layout").

Dependencies point one way: ``notebooks -> warkit_widgets.lessons -> warkit_widgets -> warkit``,
``warkit_widgets.play -> warkit_widgets`` and ``warkit_widgets.rooms -> warkit_widgets.play``.
Every import counts, wherever it is written (a function's body, ``if TYPE_CHECKING:``): a cycle
hidden behind a late import is still a cycle for the reader.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"warkit": ROOT / "warkit", "warkit_widgets": ROOT / "widgets",
            "build_tools": ROOT / "notebooks" / "build_tools"}
"""Import name -> folder (``warkit_widgets`` lives in ``widgets/``)."""

COMPONENTS = {"battle_terms", "controller", "dice", "exercise", "explorers", "hand", "html",
              "i18n", "luck_panel", "mapwidget", "models", "observable", "odds", "painter",
              "replay", "replay_model", "report"}
"""The modules (``i18n`` is a package) allowed at the top of ``widgets/``: the reusable
components (what a lesson or another notebook embeds), their pure-Python models and the
translation layer. The game lives in ``play/``, the rooms' client in ``rooms/``, the lessons'
helpers in ``lessons/``, the build tools in ``notebooks/build_tools/``."""
PRODUCTS = {"play", "rooms", "lessons"}
"""The subpackages of ``warkit_widgets``, one per product."""
MAY_IMPORT = {"play": set(), "rooms": {"play"}, "lessons": set()}
"""Which other products each product may import (the rooms build on the game's page)."""
JUPYTER = ("ipywidgets", "ipycanvas", "traitlets", "ipykernel", "IPython", "jupyter",
           "jupyter_client", "jupyter_server", "voila", "anywidget", "nbformat", "nbclient")
"""What the engine never imports: it runs headless."""
PRIVATE_ALLOWED: dict[tuple[str, str], str] = {}
"""(importing module, imported name) -> why no public name serves. Empty: keep it so."""


@dataclass(frozen=True)
class Import:
    module: str      # the importing module, e.g. "warkit_widgets.rooms.room"
    target: str      # the module imported from, e.g. "warkit_widgets.play.controller"
    name: str | None  # the name taken (``from target import name``), None for ``import target``
    line: int

    def __str__(self) -> str:
        what = self.target if self.name is None else f"{self.target}.{self.name}"
        return f"{self.module}:{self.line} imports {what}"


@cache
def modules() -> dict[str, Path]:
    """Every module of the three packages, by its dotted name."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


@cache
def syntax(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


@cache
def imports() -> tuple[Import, ...]:
    """Every import statement of the three packages, resolved to absolute module names; a
    name that is itself a module (``from . import messages``) becomes that module."""
    known = modules()
    found = []
    for module, path in known.items():
        for node in ast.walk(syntax(path)):
            if isinstance(node, ast.Import):
                found += [Import(module, a.name, None, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                target = _absolute(module, path, node)
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    found.append(Import(module, sub, None, node.lineno) if sub in known
                                 else Import(module, target, a.name, node.lineno))
    return tuple(found)


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def product(module: str) -> str | None:
    """``play``, ``rooms`` or ``lessons`` for a module of that product; ``None`` for a
    component (or another package)."""
    parts = module.split(".")
    if parts[0] == "warkit_widgets" and len(parts) > 1 and parts[1] in PRODUCTS:
        return parts[1]
    return None


def test_the_import_graph_is_read():
    """The reader itself: it finds the modules and resolves relative imports."""
    known = modules()
    assert {"warkit", "warkit.rules.classic", "warkit_widgets.mapwidget",
            "warkit_widgets.play.app", "warkit_widgets.rooms.session",
            "build_tools.build"} <= set(known)
    edges = {(i.module, i.target) for i in imports()}
    assert ("warkit_widgets.rooms.session", "warkit_widgets.rooms.controller") in edges
    assert ("warkit_widgets.mapwidget", "warkit_widgets.controller") in edges


def test_only_components_sit_at_the_top_of_widgets():
    folders = {p.name for p in PACKAGES["warkit_widgets"].iterdir()
               if p.is_dir() and (p / "__init__.py").exists()}
    assert folders >= PRODUCTS
    top = {p.stem for p in PACKAGES["warkit_widgets"].glob("*.py")} - {"__init__"}
    top |= folders - PRODUCTS
    assert top == COMPONENTS, ("a module at the top of widgets/ that is not a reusable component "
                               f"belongs in play/, rooms/ or lessons/: {top ^ COMPONENTS}")


def test_components_import_no_product():
    wrong = [str(i) for i in imports()
             if _in(i.module, "warkit_widgets") and product(i.module) is None
             and product(i.target) is not None]
    assert not wrong, wrong


def test_products_import_only_what_they_build_on():
    wrong = [str(i) for i in imports()
             if (src := product(i.module)) and (dst := product(i.target))
             and src != dst and dst not in MAY_IMPORT[src]]
    assert not wrong, wrong


def test_the_runtime_packages_never_import_the_build_tools():
    wrong = [str(i) for i in imports()
             if not _in(i.module, "build_tools") and _in(i.target, "build_tools")]
    assert not wrong, wrong


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_cycles_are_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_cycle_between_modules_of_the_widgets():
    graph: dict[str, set[str]] = {m: set() for m in modules() if _in(m, "warkit_widgets")}
    for i in imports():
        if i.module in graph and i.target in graph and i.target != i.module:
            graph[i.module].add(i.target)
    assert not _cycles(graph)


def test_no_private_name_from_another_package():
    """``from x import _name`` only inside one package (a subpackage is another package):
    what another package needs is public there."""
    def package(module: str) -> str:
        path = modules().get(module)
        return module if path is not None and path.name == "__init__.py" else (
            module.rpartition(".")[0])

    wrong = [str(i) for i in imports()
             if i.name and i.name.startswith("_") and not i.name.startswith("__")
             and package(i.target) != package(i.module)
             and (i.module, i.name) not in PRIVATE_ALLOWED]
    assert not wrong, wrong


@cache
def _defined(path: Path) -> frozenset[str]:
    """The names a module defines itself (functions, classes, assignments)."""
    names = set()
    for node in ast.walk(syntax(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return frozenset(names)


def test_names_come_from_where_they_are_defined():
    """No re-export through a plain module (a package's ``__init__`` offers its public names
    on purpose): ``from a import X`` where ``a`` only imported ``X`` sends the reader to the
    wrong file and keeps a name alive where it no longer belongs."""
    known = modules()
    wrong = [str(i) for i in imports()
             if i.name and i.target in known and known[i.target].name != "__init__.py"
             and i.name not in _defined(known[i.target])]
    assert not wrong, wrong


def test_no_subclass_overrides_a_private_method():
    """A method a subclass may replace is part of the base's interface: it has a public name
    and says so (``_name`` overridden in another class hides a contract)."""
    classes: dict[str, list[tuple[str, set[str], list[str]]]] = {}
    for module, path in modules().items():
        for node in ast.walk(syntax(path)):
            if isinstance(node, ast.ClassDef):
                methods = {n.name for n in node.body
                           if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                         for b in node.bases]
                classes.setdefault(node.name, []).append((module, methods, bases))

    def ancestors(name: str, seen: set[str]) -> set[str]:
        for _, _, bases in classes.get(name, []):
            for base in bases:
                if base in classes and base not in seen:
                    seen.add(base)
                    ancestors(base, seen)
        return seen

    wrong = []
    for name, definitions in classes.items():
        for module, methods, _ in definitions:
            private = {m for m in methods if m.startswith("_") and not m.startswith("__")}
            for base in ancestors(name, set()):
                for base_module, base_methods, _ in classes[base]:
                    wrong += [f"{module}.{name}.{m} overrides {base_module}.{base}.{m}"
                              for m in sorted(private & base_methods)]
    assert not wrong, wrong


@pytest.mark.parametrize("library", JUPYTER)
def test_the_engine_never_imports_jupyter(library: str):
    wrong = [str(i) for i in imports() if _in(i.module, "warkit") and _in(i.target, library)]
    assert not wrong, wrong
