"""Ratings from the games' placings: openskill's Plackett–Luce model, with a fixed anchor.

Why openskill's Plackett–Luce: it is maintained, rates games of any number of players from
their full order of finish (not only who won), and is a pure-Python install (TrueSkill's
package has had no release since 2018). Why an anchor: ratings are only defined up to a
shift, and an online rating depends on where everyone started; holding the ``random`` bot at
rating 0 (it is never updated) makes a rating mean "this far above random play", so the
ratings of two runs can be compared.

Every bot starts at the anchor's rating with the model's default uncertainty; the games are
rated one by one in the order of their numbers (the same run gives the same ratings). When
one bot holds several seats of a game, each seat is rated as a player and the bot takes the
mean of their new ratings. The interval is ``mu ± 1.96 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .play import GameRecord

ANCHOR = "random"
ANCHOR_SIGMA = 1.0
"""The anchor's (fixed) uncertainty: small, as it is the reference."""


@dataclass(frozen=True)
class Rating:
    """A bot's rating: ``mu`` with its uncertainty ``sigma`` (0 is the anchor)."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval ``mu ± 1.96 sigma``."""
        return self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma


def rate(games: Sequence[GameRecord], anchor: str | None = ANCHOR) -> dict[str, Rating]:
    """Every bot's rating after ``games`` (module docstring), best first. ``anchor``
    names the bot held at 0; ``None`` (or an anchor that never played) holds nobody."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=0.0)
    current: dict[str, Any] = {}
    played: dict[str, int] = {}
    fixed = model.rating(mu=0.0, sigma=ANCHOR_SIGMA, name=anchor)

    def rating_of(name: str) -> Any:
        if name == anchor:
            return fixed
        return current.setdefault(name, model.rating(name=name))

    for game in sorted(games, key=lambda g: g.index):
        teams = [[rating_of(name)] for name in game.seats]
        new = model.rate(teams, ranks=list(game.places))
        by_name: dict[str, list[Any]] = {}
        for name, team in zip(game.seats, new):
            by_name.setdefault(name, []).append(team[0])
            played[name] = played.get(name, 0) + 1
        for name, ratings in by_name.items():
            if name == anchor:
                continue
            current[name] = model.rating(
                mu=sum(r.mu for r in ratings) / len(ratings),
                sigma=sum(r.sigma for r in ratings) / len(ratings), name=name)
    out = {name: Rating(name, r.mu, r.sigma, played[name]) for name, r in current.items()}
    if anchor is not None and anchor in played:
        out[anchor] = Rating(anchor, 0.0, ANCHOR_SIGMA, played[anchor])
    return dict(sorted(out.items(), key=lambda item: -item[1].mu))
