"""The legal actions of a state as a lazy sequence.

Many War decisions are one choice plus a number ("place 1..40 armies on
Brasil"); listing every number would make a decision with a big army cost
thousands of objects. :class:`LegalActions` keeps *families* instead - a
single action, or a factory with a range of counts - and still behaves as a
complete, indexable sequence: ``len``, ``in``, iteration, ``legal[i]`` and
therefore ``random.choice(legal)`` all work, each in time proportional to
the number of families, never to the number of armies.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from typing import NamedTuple, overload

from .actions import Action


class ActionRange(NamedTuple):
    """The actions ``make(low)``, ``make(low + 1)``, ..., ``make(high)``."""

    make: Callable[[int], Action]
    low: int
    high: int

    def __len__(self) -> int:
        return self.high - self.low + 1

    @property
    def largest(self) -> Action:
        return self.make(self.high)


Family = Action | ActionRange


class LegalActions(Sequence[Action]):
    """A complete, lazily expanded list of legal actions (see the module docstring)."""

    __slots__ = ("_ends_cache", "_size", "families")

    def __init__(self, families: Sequence[Family] = ()) -> None:
        self.families: tuple[Family, ...] = tuple(
            [f for f in families if f.__class__ is not ActionRange or f.high >= f.low])
        self._ends_cache: list[int] | None = None
        self._size: int | None = None

    @classmethod
    def counted(cls, families: tuple[Family, ...], size: int) -> LegalActions:
        """The rules' own constructor: ``families`` already hold no empty range and ``size``
        is their total count (the listers know it as they build them, so ``len`` is free)."""
        new = object.__new__(cls)
        new.families = families
        new._ends_cache = None
        new._size = size
        return new

    @property
    def _ends(self) -> list[int]:
        """Cumulative sizes of the families (computed on first use: bots often skip it)."""
        if self._ends_cache is None:
            self._ends_cache = list(accumulate(
                [f.high - f.low + 1 if f.__class__ is ActionRange else 1 for f in self.families]))
        return self._ends_cache

    def __len__(self) -> int:
        if self._size is None:
            ends = self._ends
            self._size = ends[-1] if ends else 0
        return self._size

    def __bool__(self) -> bool:
        return bool(self.families)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("legal action index out of range")
        k = bisect_right(self._ends, index)
        family = self.families[k]
        if isinstance(family, Action):
            return family
        start = self._ends[k - 1] if k else 0
        return family.make(family.low + index - start)

    def __iter__(self) -> Iterator[Action]:
        for family in self.families:
            if isinstance(family, Action):
                yield family
            else:
                make = family.make
                for n in range(family.low, family.high + 1):
                    yield make(n)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        count = getattr(action, action.count_field, None) if action.count_field else None
        for family in self.families:
            if isinstance(family, Action):
                if family == action:
                    return True
            elif (isinstance(count, int) and family.low <= count <= family.high
                  and family.make(count) == action):
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'LegalActions' (it compares equal to lists)")

    def __repr__(self) -> str:
        shown = [str(a) for a in self[:8]]
        more = f", ... ({len(self)} in all)" if len(self) > 8 else ""
        return f"<LegalActions [{', '.join(shown)}{more}]>"
