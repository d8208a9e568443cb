"""One checked builder of hand-made positions: ``warkit.position(...)``.

Rule tests, lessons and examples describe a position the way the rule book
does - who owns what, how many armies stand where, the cards in hands - and
everything not given gets a harmless default:

- territories not listed in ``owners`` go round-robin (by territory index) to
  the seats in ``rest`` (a seat or a tuple of seats; default: every seat but
  ``current``), so nobody owns a whole continent by accident;
- every territory not listed in ``armies`` holds 1 army;
- objectives are ones nobody is close to meeting (the rule set's
  :meth:`~warkit.rules.classic.ClassicRules.quiet_objectives`);
- ``round`` defaults to the first round from 2 on without an attack limit;
- players with no territory are out of the game, unless ``alive`` says;
- the deck holds the 44 cards minus those in hands, the discards and the loot.

The result is checked with :func:`warkit.validate.state_problems` (the check
that refuses corrupt save files): a position no game could hold raises
:class:`ValueError` naming every problem, unless ``check=False``.

>>> import warkit
>>> s = warkit.position({"brasil": 0, "argentina": 1}, {"brasil": 5}, hands={0: ["brasil"]})
>>> s.armies_at("brasil"), s.owner_of("argentina"), s.phase.value, len(s.deck)
(5, 1, 'attack', 43)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .actions import card_index
from .game import initial_state
from .rules import ClassicRules
from .state import CARD_COUNT, GamePhase, GameState, Phase, evolve
from .worldmap import world_map


def _card(card: int | str) -> int:
    return card if isinstance(card, int) else card_index(card)


def _cards(cards: Iterable[int | str]) -> tuple[int, ...]:
    return tuple(sorted(_card(c) for c in cards))


def position(owners: Mapping[str, int] | None = None, armies: Mapping[str, int] | None = None,
             *, players: int = 4, rules: str | ClassicRules = "classic",
             rest: int | tuple[int, ...] | None = None, current: int = 0,
             phase: GamePhase | str = Phase.ATTACK,
             hands: Mapping[int, Iterable[int | str]] | None = None,
             discard: Iterable[int | str] = (), deck: Iterable[int | str] | None = None,
             loot: Iterable[int | str] = (), objectives: Mapping[int, str] | None = None,
             round: int | None = None, turn: int | None = None, trades: int = 0,
             reserves: int = 0, continent_reserves: Mapping[str, int] | None = None,
             alive: Iterable[bool] | None = None,
             eliminated_by: Mapping[int, int] | Iterable[int | None] | None = None,
             settings: Mapping[str, Any] | None = None, check: bool = True,
             **changes: Any) -> GameState:
    """A hand-made position (see the module docstring); ``changes`` are raw
    :class:`~warkit.GameState` fields (e.g. ``battle=...``, ``extra=...``)."""
    m = world_map()
    base = initial_state(players, rules, **(settings or {}))
    ruleset, n, ids = base.rules, base.num_players, m.ids
    owners = dict(owners or {})
    for territory in (*owners, *(armies or {}), *(continent_reserves or {})):
        if territory not in ids and territory not in {c.id for c in m.continents}:
            raise ValueError(f"unknown territory {territory!r}")
    if rest is None:
        rest = tuple(s for s in range(n) if s != current)
    elif isinstance(rest, int):
        rest = (rest,)
    owner = [owners[t] if t in owners else rest[i % len(rest)] for i, t in enumerate(ids)]
    army = [1] * len(ids)
    for t, a in (armies or {}).items():
        army[m.index(t)] = a
    hand_cards = [_cards((hands or {}).get(s, ())) for s in range(n)]
    discard_cards, loot_cards = _cards(discard), _cards(loot)
    used = {c for h in hand_cards for c in h} | set(discard_cards) | set(loot_cards)
    deck_cards = (tuple(c for c in range(CARD_COUNT) if c not in used) if deck is None
                  else _cards(deck))
    objective_cards = list(ruleset.quiet_objectives(base.colors))
    given = dict(objectives or {})
    for o in given.values():
        m.objective(o)  # fail loudly on a typo
    spare = [o for o in (*ruleset.quiet_objectives(base.colors * 2), *(o.id for o in
             m.objectives)) if o not in given.values() and o not in objective_cards]
    for s in range(n):
        if s in given:
            objective_cards[s] = given[s]
        elif objective_cards[s] in given.values():  # a default taken by a given objective
            objective_cards[s] = spare.pop(0)
    if round is None:
        round = next(r for r in range(2, 100) if ruleset.attack_limit(r) is None)
    by: list[int | None] = [None] * n
    if isinstance(eliminated_by, Mapping):
        for s, e in eliminated_by.items():
            by[s] = e
    elif eliminated_by is not None:
        by = list(eliminated_by)
    cont = [0] * len(m.continents)
    for c, r in (continent_reserves or {}).items():
        cont[m.continent(c).index] = r
    fields: dict[str, Any] = dict(
        phase=ruleset.phase_named(phase.value if isinstance(phase, GamePhase) else phase),
        owner=tuple(owner), armies=tuple(army),
        objective_cards=tuple(objective_cards), hands=tuple(hand_cards), deck=deck_cards,
        discard=discard_cards, loot=loot_cards,
        alive=tuple(alive) if alive is not None else tuple(s in owner for s in range(n)),
        eliminated_by=tuple(by), dealer=n - 1, first_player=0, current=current,
        turn=turn if turn is not None else n * (round - 1) + current + 1, round=round,
        trades=trades, reserves=reserves, continent_reserves=tuple(cont),
        moved_in=(0,) * len(ids))
    fields.update(changes)
    state = evolve(base, **fields)
    if check:
        from .validate import state_problems

        problems = state_problems(state)
        if problems:
            raise ValueError("not a position a game can hold: " + "; ".join(problems))
    return state
