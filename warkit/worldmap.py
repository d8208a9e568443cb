"""The War board as data: territories, continents, borders, cards and objectives.

Everything comes from the packaged ``data/war-map.json`` and is validated on
load, so a broken data file fails loudly instead of deep inside a game. The
engine works with territory *indices* (data order); ids (stable slugs such as
``"brasil"``) and display names (pt-BR and en) are for people.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from .errors import MapDataError, UnknownNameError, describe

SHAPES = ("triangle", "square", "circle")
BorderKind = Literal["land", "sea"]


@dataclass(frozen=True, slots=True)
class Territory:
    """One of the 42 territories; ``index`` is its position in data order."""

    index: int
    id: str
    continent: str
    name_pt: str
    name_en: str
    card_shape: str
    board_label: str
    lat_lon: tuple[float, float]

    def name(self, lang: str = "pt") -> str:
        """The display name in ``"pt"`` (pt-BR) or ``"en"``."""
        return self.name_en if lang == "en" else self.name_pt


@dataclass(frozen=True, slots=True)
class Continent:
    """A continent with its reinforcement bonus (C-REINF-2)."""

    index: int
    id: str
    name_pt: str
    name_en: str
    bonus: int
    territories: tuple[str, ...]

    def name(self, lang: str = "pt") -> str:
        return self.name_en if lang == "en" else self.name_pt


@dataclass(frozen=True, slots=True)
class Border:
    """An undirected border; ``kind`` is ``"land"`` or ``"sea"`` (a dotted sea link)."""

    a: str
    b: str
    kind: BorderKind


@dataclass(frozen=True, slots=True)
class Objective:
    """A secret objective card (C-COMP-3).

    ``kind`` is ``"continents"`` (``continents`` plus ``plus_any`` more of the
    player's choice), ``"territories"`` (``count`` territories with at least
    ``min_armies`` each) or ``"destroy"`` (eliminate ``color``).
    """

    id: str
    kind: str
    text_pt: str
    text_en: str
    continents: tuple[str, ...] = ()
    plus_any: int = 0
    count: int = 0
    min_armies: int = 1
    color: str = ""

    def text(self, lang: str = "pt") -> str:
        return self.text_en if lang == "en" else self.text_pt


@dataclass(frozen=True, slots=True)
class Color:
    """A player colour (C-COMP-1): id in English, name in Portuguese."""

    id: str
    pt: str

    def name(self, lang: str = "pt") -> str:
        return self.id if lang == "en" else self.pt


@dataclass(frozen=True)
class WorldMap:
    """The static board. Build it with :func:`world_map`; never mutate it.

    Indices are the contract between the map and game states: ``armies[i]``
    in a state is the army count on ``territories[i]``.
    """

    territories: tuple[Territory, ...]
    ids: tuple[str, ...]
    """Territory ids in data order."""
    continents: tuple[Continent, ...]
    borders: tuple[Border, ...]
    objectives: tuple[Objective, ...]
    colors: tuple[Color, ...]
    jokers: int
    trade_values: tuple[int, ...]
    trade_step: int
    objective_fallback: str
    adjacency: tuple[tuple[int, ...], ...]
    """For each territory index, the sorted indices of its neighbours."""
    continent_of: tuple[int, ...]
    """For each territory index, the index of its continent."""
    continent_members: tuple[tuple[int, ...], ...]
    """For each continent index, the indices of its territories."""
    _index: Mapping[str, int]

    def index(self, territory: str | int) -> int:
        """The index of a territory given by id (or index); an :class:`UnknownNameError` (a
        ``KeyError`` and a ``ValueError``) names the unknown id."""
        if isinstance(territory, str):
            try:
                return self._index[territory]
            except KeyError:
                pass
        elif isinstance(territory, int) and not isinstance(territory, bool):
            if 0 <= territory < len(self.territories):
                return territory
            raise UnknownNameError(f"no territory with index {territory} (the map has "
                                   f"{len(self.territories)}, from 0)")
        raise UnknownNameError(f"unknown territory {describe(territory)}")

    def territory(self, territory: str | int) -> Territory:
        return self.territories[self.index(territory)]

    def neighbours(self, territory: str | int) -> tuple[str, ...]:
        """Ids of the territories that border ``territory`` (land or sea)."""
        return tuple(self.territories[j].id for j in self.adjacency[self.index(territory)])

    def are_adjacent(self, a: str | int, b: str | int) -> bool:
        return self.index(b) in self.adjacency[self.index(a)]

    def border_kind(self, a: str | int, b: str | int) -> BorderKind | None:
        """``"land"``, ``"sea"`` or ``None`` when the two do not border."""
        ia, ib = self.index(a), self.index(b)
        for border in self.borders:
            if {self._index[border.a], self._index[border.b]} == {ia, ib}:
                return border.kind
        return None

    def continent(self, continent: str | int) -> Continent:
        if isinstance(continent, int) and 0 <= continent < len(self.continents):
            return self.continents[continent]
        for c in self.continents:
            if c.id == continent:
                return c
        raise UnknownNameError(f"unknown continent {describe(continent)}; continents are "
                               + ", ".join(c.id for c in self.continents))

    def objective(self, objective_id: str) -> Objective:
        for o in self.objectives:
            if o.id == objective_id:
                return o
        raise UnknownNameError(f"unknown objective {describe(objective_id)}")

    @property
    def objective_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.objectives)

    def color_index(self, color: str) -> int:
        for i, c in enumerate(self.colors):
            if c.id == color or c.pt == color:
                return i
        raise UnknownNameError(f"unknown colour {describe(color)}; colours are " + ", ".join(
            c.id for c in self.colors))


def _require(condition: bool, problems: list[str], message: str) -> None:
    if not condition:
        problems.append(message)


def _objective(raw: Mapping[str, Any]) -> Objective:
    return Objective(
        id=raw["id"], kind=raw["kind"], text_pt=raw["text_pt"], text_en=raw["text_en"],
        continents=tuple(raw.get("continents", ())), plus_any=int(raw.get("plus_any", 0)),
        count=int(raw.get("count", 0)), min_armies=int(raw.get("min_armies", 1)),
        color=raw.get("color", ""),
    )


def parse_map(raw: Mapping[str, Any]) -> WorldMap:
    """Build and validate a :class:`WorldMap` from the decoded JSON data.

    Raises :class:`MapDataError` listing every problem found (duplicate ids,
    asymmetric or unknown borders, a territory in no or two continents, a
    disconnected board, wrong card counts...).
    """
    problems: list[str] = []
    try:
        territories = tuple(
            Territory(i, t["id"], t["continent"], t["name_pt"], t["name_en"], t["card_shape"],
                      t.get("board_label", t["name_pt"].upper()),
                      tuple(t.get("approx_lat_lon", (0.0, 0.0))))
            for i, t in enumerate(raw["territories"]))
        continents = tuple(
            Continent(i, c["id"], c["name_pt"], c["name_en"], int(c["bonus"]),
                      tuple(c["territories"]))
            for i, c in enumerate(raw["continents"]))
        borders = tuple(Border(b["a"], b["b"], b["kind"]) for b in raw["borders"])
        objectives = tuple(_objective(o) for o in raw["objectives"])
        colors = tuple(Color(c["id"], c["pt"]) for c in raw["colors"])
        trade = raw["trade_values_classic"]
        trade_values, trade_step = tuple(int(v) for v in trade["first"]), int(trade["then_add"])
        jokers, fallback = int(raw["jokers"]), str(raw["objective_fallback"])
    except (KeyError, TypeError, ValueError) as exc:
        raise MapDataError(f"map data is missing or has a malformed field: {exc!r}") from exc

    index = {t.id: t.index for t in territories}
    _require(len(index) == len(territories), problems, "duplicate territory ids")
    for t in territories:
        _require(t.card_shape in SHAPES, problems, f"{t.id}: unknown card shape {t.card_shape!r}")
    continent_ids = {c.id: c.index for c in continents}
    continent_of = [-1] * len(territories)
    for c in continents:
        _require(c.bonus > 0, problems, f"{c.id}: bonus must be positive")
        for tid in c.territories:
            if tid not in index:
                problems.append(f"{c.id}: unknown territory {tid!r}")
                continue
            i = index[tid]
            _require(continent_of[i] == -1, problems, f"{tid} is in two continents")
            continent_of[i] = c.index
    for t in territories:
        _require(continent_ids.get(t.continent) == continent_of[t.index], problems,
                 f"{t.id}: continent field disagrees with the continent lists")

    neighbours: list[set[int]] = [set() for _ in territories]
    seen: set[frozenset[int]] = set()
    for b in borders:
        if b.a not in index or b.b not in index:
            problems.append(f"border {b.a}-{b.b} names an unknown territory")
            continue
        _require(b.kind in ("land", "sea"), problems, f"border {b.a}-{b.b}: kind {b.kind!r}")
        ia, ib = index[b.a], index[b.b]
        key = frozenset((ia, ib))
        _require(ia != ib, problems, f"border {b.a}-{b.b} joins a territory to itself")
        _require(key not in seen, problems, f"border {b.a}-{b.b} is listed twice")
        seen.add(key)
        neighbours[ia].add(ib)
        neighbours[ib].add(ia)

    # Connected: every territory is reachable from the first one.
    reached, frontier = {0}, [0]
    while frontier:
        for j in neighbours[frontier.pop()]:
            if j not in reached:
                reached.add(j)
                frontier.append(j)
    _require(len(reached) == len(territories), problems, "the board is not connected")
    for o in objectives:
        _require(o.kind in ("continents", "territories", "destroy"), problems,
                 f"objective {o.id}: unknown kind {o.kind!r}")
        for cid in o.continents:
            _require(cid in continent_ids, problems,
                     f"objective {o.id}: unknown continent {cid!r}")
        if o.kind == "destroy":
            _require(o.color in {c.id for c in colors}, problems,
                     f"objective {o.id}: unknown colour {o.color!r}")
    _require(fallback in {o.id for o in objectives}, problems,
             f"objective fallback {fallback!r} is not an objective")
    _require(jokers >= 0, problems, "negative number of jokers")
    if problems:
        raise MapDataError("invalid map data: " + "; ".join(problems))

    return WorldMap(
        territories=territories, ids=tuple(t.id for t in territories), continents=continents,
        borders=borders,
        objectives=objectives, colors=colors, jokers=jokers, trade_values=trade_values,
        trade_step=trade_step, objective_fallback=fallback,
        adjacency=tuple(tuple(sorted(n)) for n in neighbours),
        continent_of=tuple(continent_of),
        continent_members=tuple(tuple(index[t] for t in c.territories) for c in continents),
        _index=index,
    )


@cache
def world_map() -> WorldMap:
    """The classic War board (42 territories, 6 continents, 79 borders), loaded once."""
    text = resources.files("warkit").joinpath("data/war-map.json").read_text(encoding="utf-8")
    return parse_map(json.loads(text))
