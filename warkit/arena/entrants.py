"""Who plays in an arena: a registered bot level (trusted, runs in the game's process) or a
student's bot given as source text (runs sandboxed, see :mod:`warkit.arena.sandbox`).

A student's source is a Python module that defines a class ``Bot`` (usually a subclass of
:class:`~warkit.bots.student.StudentBot`), or else exactly one subclass of ``StudentBot``, or
a function ``choose(view, legal)``. It may set ``NAME = "..."`` for the leaderboard; a file's
name (without ``.py``) is the default. The source is only *checked* here (it compiles, it is
not too big); it is run in the sandbox's own process, never in the arena's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..bots import BOTS

MAX_SOURCE = 200_000
"""Characters: a bot's source longer than this is refused (a class hands in one file)."""
NAME = re.compile(r"^[A-Za-z0-9][\w.-]{0,39}$")


@dataclass(frozen=True)
class Entrant:
    """One bot of an arena: ``name`` on the leaderboard; ``source`` is None for a level."""

    name: str
    source: str | None = None
    path: str | None = None

    @property
    def sandboxed(self) -> bool:
        return self.source is not None

    @classmethod
    def level(cls, name: str) -> Entrant:
        """A registered bot level (``random``, ``easy``, ``normal``, ``hard``...)."""
        if name not in BOTS:
            raise ValueError(f"unknown bot level {name!r}; levels: {', '.join(BOTS)} "
                             "(or give a .py file or a folder of them)")
        return cls(name)

    @classmethod
    def from_source(cls, source: str, name: str | None = None, path: str | None = None
                    ) -> Entrant:
        """A student's bot from its source text (a notebook cell, a file's contents)."""
        if not isinstance(source, str):
            raise ValueError("a bot's source must be text (the contents of a .py file)")
        if len(source) > MAX_SOURCE:
            raise ValueError(f"a bot's source is limited to {MAX_SOURCE:,} characters, "
                             f"got {len(source):,}")
        try:
            tree = ast.parse(source, filename=path or "<bot>")
        except SyntaxError as error:
            raise ValueError(f"the bot {name or path or ''} does not compile: line "
                             f"{error.lineno}: {error.msg}") from None
        declared = _declared_name(tree)
        name = declared or name or (Path(path).stem if path else None)
        if not name or not NAME.match(name):
            raise ValueError(f"a bot needs a short name (letters, digits, _ . -), got {name!r}: "
                             'set NAME = "..." in its source')
        if not _defines_a_bot(tree):
            raise ValueError(f"the bot {name} defines no class Bot, no StudentBot subclass and "
                             "no function choose(view, legal)")
        return cls(name, source, path)

    @classmethod
    def from_class(cls, bot: type, name: str | None = None) -> Entrant:
        """A student's bot from its class, defined in a ``.py`` file or in a notebook cell:
        the source is the whole file or cell (so keep the bot alone in its cell, with its
        imports). The class is not used: its source runs in the sandbox."""
        source = _source_of(bot)
        return cls.from_source(source, name or bot.__name__)

    @classmethod
    def from_file(cls, path: str | Path) -> Entrant:
        """A student's bot from a ``.py`` file."""
        path = Path(path)
        if path.suffix != ".py" or not path.is_file():
            raise ValueError(f"{path} is not a .py file")
        return cls.from_source(path.read_text(encoding="utf-8"), path=str(path))


def _source_of(bot: type) -> str:
    """The text of the file or notebook cell that defines ``bot`` (IPython keeps each cell's
    text in :mod:`linecache` under the file name its functions were compiled with)."""
    import linecache

    if not isinstance(bot, type):
        raise ValueError(f"give the bot's class, not {bot!r}")
    files = {f.__code__.co_filename for f in vars(bot).values() if hasattr(f, "__code__")}
    if len(files) != 1:
        raise ValueError(f"cannot find the source of {bot.__name__}: it needs at least one "
                         "method of its own, all defined in one file or cell")
    lines = linecache.getlines(files.pop())
    if not lines:
        raise ValueError(f"the source of {bot.__name__} is not available")
    return "".join(lines)


def _declared_name(tree: ast.Module) -> str | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "NAME"
                                                for t in node.targets) \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return None


def _defines_a_bot(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            return True
        if isinstance(node, ast.FunctionDef) and node.name == "choose":
            return True
    return False


def entrants(specs: Iterable[str | Path | Entrant]) -> list[Entrant]:
    """Entrants from level names, ``.py`` files and folders of them (every ``*.py`` not
    starting with ``_``, in name order). Names must be unique on the leaderboard."""
    out: list[Entrant] = []
    for spec in specs:
        if isinstance(spec, Entrant):
            out.append(spec)
        elif isinstance(spec, str) and spec in BOTS:
            out.append(Entrant.level(spec))
        elif Path(spec).is_dir():
            out.extend(Entrant.from_file(p) for p in sorted(Path(spec).glob("*.py"))
                       if not p.name.startswith("_"))
        elif str(spec).endswith(".py"):
            out.append(Entrant.from_file(spec))
        else:
            out.append(Entrant.level(str(spec)))
    check_unique(out)
    return out


def check_unique(entrants: Sequence[Entrant]) -> None:
    """Two entrants with one name would mix their results: refuse it."""
    seen: dict[str, Entrant] = {}
    for e in entrants:
        if e.name in seen and seen[e.name] != e:
            raise ValueError(f"two bots are named {e.name!r} ({seen[e.name].path or 'a level'} "
                             f"and {e.path or 'a level'}): give one a different NAME")
        seen[e.name] = e
