"""An arena's results: per-bot standings, head-to-head, faults, ratings, and the games' CSV.

Statistics come from :mod:`warkit.stats` (Wilson intervals, exact binomial tests), the same
functions :mod:`warkit.tournament` and the labs use.
"""

from __future__ import annotations

import csv
import json
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from ..stats import binomial_test, wilson
from .entrants import Entrant
from .play import GameRecord, GameSpec, play_game
from .ratings import ANCHOR, Rating, rate
from .sandbox import DEFAULT_LIMITS, FAULTS, Limits

COLUMNS = ("index", "seed", "rules", "players", "seats", "winner", "winner_seats", "places",
           "turns", "rounds", "actions", "capped", "max_turns", "key", "faults")


@dataclass(frozen=True)
class Standing:
    """One bot's line of the leaderboard."""

    name: str
    games: int
    wins: float
    """Games won (a shared win counts its share)."""
    fair: float
    """The wins expected if every seat were equal (1/players per game)."""
    interval: tuple[float, float]
    """95% Wilson interval of the win share."""
    p_value: float
    """Exact binomial test of "wins at the fair share" (1/players)."""
    mean_place: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def fair_share(self) -> float:
        return self.fair / self.games if self.games else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """Games where ``a`` and ``b`` both played: who finished ahead of whom."""

    a: str
    b: str
    games: int
    a_ahead: int
    b_ahead: int

    @property
    def p_value(self) -> float:
        """Sign test of "as strong as each other" over the games one finished ahead."""
        return binomial_test(self.a_ahead, self.b_ahead)


@dataclass
class ArenaResult:
    """Every game of an arena run, and the figures computed from them."""

    bots: tuple[str, ...]
    players: int
    rules: str
    seed: int
    games: list[GameRecord]
    seconds: float = 0.0
    where: str = ""
    max_turns: int = 500
    anchor: str | None = ANCHOR
    limits: Limits = field(default_factory=Limits)

    # -- per bot ---------------------------------------------------------------------------
    def standing(self, name: str) -> Standing:
        seats = [(g, s) for g in self.games for s, n in enumerate(g.seats) if n == name]
        wins = sum(g.winners.count(s) / len(g.winners) for g, s in seats if g.winners)
        fair = sum(1 / g.players for g, _ in seats)
        n, won = len(seats), round(wins)  # a shared win (rare) rounds for the exact test
        return Standing(name, n, wins, fair, wilson(wins, n),
                        binomial_test(won, n - won, Fraction(1, self.players)),
                        statistics.mean(g.places[s] for g, s in seats) if seats else float("nan"))

    def standings(self) -> list[Standing]:
        """Every bot's standing, most wins per game first."""
        return sorted((self.standing(b) for b in self.bots), key=lambda s: (-s.share, s.name))

    def ratings(self) -> dict[str, Rating]:
        """Plackett–Luce ratings, ``random`` held at 0 (see :mod:`warkit.arena.ratings`)."""
        return rate(self.games, self.anchor)

    def faults(self, name: str) -> Counter[str]:
        """Faults of ``name`` by kind, over every game."""
        total: Counter[str] = Counter()
        for g in self.games:
            for seat, n in enumerate(g.seats):
                if n == name and g.faults:
                    total.update(g.faults[seat])
        return total

    def errors(self, name: str, limit: int = 5) -> list[str]:
        """The first fault messages of ``name`` (what its author reads to fix it)."""
        out: list[str] = []
        for g in self.games:
            for seat, n in enumerate(g.seats):
                if n == name and g.errors:
                    out.extend(g.errors[seat])
        return out[:limit]

    def decisions(self, name: str) -> tuple[int, float]:
        """Decisions made by ``name`` and the seconds spent on them."""
        pairs = [(g.decisions[s], g.think[s]) for g in self.games for s, n in enumerate(g.seats)
                 if n == name and g.decisions]
        return sum(p[0] for p in pairs), sum(p[1] for p in pairs)

    # -- pairs -----------------------------------------------------------------------------
    def head_to_head(self, a: str, b: str) -> HeadToHead:
        """In the games where both played, how often each finished ahead of the other
        (seats of one bot against seats of the other; ties count for neither)."""
        games = a_ahead = b_ahead = 0
        for g in self.games:
            sa = [s for s, n in enumerate(g.seats) if n == a]
            sb = [s for s, n in enumerate(g.seats) if n == b]
            if not sa or not sb:
                continue
            games += 1
            for x in sa:
                for y in sb:
                    a_ahead += g.places[x] < g.places[y]
                    b_ahead += g.places[y] < g.places[x]
        return HeadToHead(a, b, games, a_ahead, b_ahead)

    def head_to_head_table(self) -> dict[tuple[str, str], HeadToHead]:
        return {(a, b): self.head_to_head(a, b) for a, b in combinations(self.bots, 2)}

    # -- text ------------------------------------------------------------------------------
    def report(self) -> str:
        """The leaderboard as text (English; the lab shows it in both languages)."""
        n = len(self.games)
        lines = [f"{self.rules}, {self.players} players, {n} games (seeds {self.seed}.."
                 f"{self.seed + n - 1}, seats rotated); {self.where}"
                 + (f"; {self.seconds:.1f} s, {n / self.seconds:.2f} games/s"
                    if self.seconds > 0 else "")]
        ratings = self.ratings()
        lines.append(f"{'bot':<16} {'games':>6} {'wins':>6} {'share':>7}  {'95% CI':<16}"
                     f"{'fair':>6} {'p':>8} {'place':>6} {'rating':>7}  {'95% CI':<15}"
                     f"{'ms/dec':>7} faults")
        for s in self.standings():
            low, high = s.interval
            r = ratings.get(s.name)
            rating = f"{r.mu:>7.2f}  [{r.interval[0]:.1f}, {r.interval[1]:.1f}]" if r else ""
            count, seconds = self.decisions(s.name)
            faults = self.faults(s.name)
            fault_text = " ".join(f"{k}={faults[k]}" for k in FAULTS if faults[k]) or "-"
            lines.append(f"{s.name:<16} {s.games:>6} {s.wins:>6.1f} {s.share:>7.1%}  "
                         f"{f'[{low:.1%}, {high:.1%}]':<16}{s.fair_share:>6.1%} "
                         f"{s.p_value:>8.2g} {s.mean_place:>6.2f} {rating:<24}"
                         f"{1e3 * seconds / max(count, 1):>7.2f} {fault_text}")
        capped = sum(g.capped for g in self.games)
        lines.append(f"game length {statistics.mean(g.turns for g in self.games):.1f} turns on "
                     f"average; unfinished at the {self.max_turns}-turn cap: {capped}")
        for h in self.head_to_head_table().values():
            if h.games:
                lines.append(f"{h.a} vs {h.b}: {h.games} games together, ahead {h.a_ahead} to "
                             f"{h.b_ahead}, sign test p = {h.p_value:.2g}")
        return "\n".join(lines)

    # -- files -----------------------------------------------------------------------------
    def to_csv(self, path: str | Path) -> Path:
        """Write every game, one row each (:data:`COLUMNS`); :func:`replay` plays a row again."""
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(COLUMNS)
            for g in self.games:
                writer.writerow(row_of(g, self.max_turns))
        return path


def row_of(g: GameRecord, max_turns: int) -> list[str | int]:
    return [g.index, g.seed, g.rules, g.players, "|".join(g.seats), g.winner,
            "|".join(map(str, g.winners)), "|".join(f"{p:g}" for p in g.places), g.turns,
            g.rounds, g.actions, int(g.capped), max_turns, g.key, json.dumps(list(g.faults))]


def read_csv(path: str | Path) -> list[dict[str, str]]:
    """The rows of an arena CSV, as dicts (column name -> text)."""
    with Path(path).open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if rows and set(COLUMNS) - set(rows[0]):
        raise ValueError(f"{path} is not an arena CSV: missing {set(COLUMNS) - set(rows[0])}")
    return rows


def load_csv(path: str | Path, anchor: str | None = ANCHOR) -> ArenaResult:
    """The arena run an arena CSV recorded (:meth:`ArenaResult.to_csv`), for its leaderboard:
    standings, ratings, head-to-head and faults come back as they were (the fault messages and
    think times are not in the file). Bots are listed in order of first appearance.

    A file that is not an arena CSV, has no games or mixes numbers of players or rule sets
    raises :class:`ValueError` saying so."""
    rows = read_csv(path)
    if not rows:
        raise ValueError(f"{path} holds no games")
    try:
        games = [record_of(row) for row in rows]
    except (KeyError, ValueError) as error:
        raise ValueError(f"{path} has a row that is not an arena game: {error}") from None
    kinds = {(g.players, g.rules) for g in games}
    if len(kinds) > 1:
        raise ValueError(f"{path} mixes games of different tables: {sorted(kinds)}")
    bots = tuple(dict.fromkeys(name for g in games for name in g.seats))
    first = min(games, key=lambda g: g.index)
    return ArenaResult(bots, games[0].players, games[0].rules, first.seed - first.index,
                       sorted(games, key=lambda g: g.index), where=f"read from {Path(path).name}",
                       max_turns=int(rows[0]["max_turns"]), anchor=anchor)


def record_of(row: Mapping[str, str]) -> GameRecord:
    """One CSV row back as a :class:`GameRecord` (:func:`row_of` the other way)."""
    seats = tuple(row["seats"].split("|"))
    winners = tuple(int(w) for w in row["winner_seats"].split("|") if w)
    places = tuple(float(p) for p in row["places"].split("|"))
    faults = tuple(dict(f) for f in json.loads(row["faults"] or "[]"))
    if len(places) != len(seats) or any(not 0 <= w < len(seats) for w in winners) \
            or (faults and len(faults) != len(seats)):
        raise ValueError(f"row {row['index']}: seats, winners, places and faults disagree")
    return GameRecord(int(row["index"]), int(row["seed"]), row["rules"], seats, winners,
                      places, int(row["turns"]), int(row["rounds"]), int(row["actions"]),
                      bool(int(row["capped"])), row["key"], faults)


def replay(row: Mapping[str, str], bots: Iterable[Entrant] = (), limits: Limits = DEFAULT_LIMITS
           ) -> GameRecord:
    """Play a CSV row's game again. Levels are found by name; students' bots must be given
    (``bots``, e.g. ``entrants(["class_bots/"])``). Same bots, same winner."""
    from ..bots import BOTS

    given = {e.name: e for e in bots}
    seats = tuple(row["seats"].split("|"))
    for name in seats:
        if name not in given:
            if name not in BOTS:
                raise ValueError(f"the row's bot {name!r} is not a level: pass its Entrant")
            given[name] = Entrant.level(name)
    spec = GameSpec(int(row["index"]), int(row["seed"]), row["rules"], seats,
                    int(row["max_turns"]), row["key"])
    return play_game(spec, given, limits)

