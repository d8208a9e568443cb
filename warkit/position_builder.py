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

Every argument is checked first (seats from 0 to ``players - 1``, whole numbers, at
most :data:`MAX_ARMIES` armies on a territory, known territory, card, continent,
objective and phase names, ``changes`` only :class:`~warkit.GameState` fields), so bad
input raises a :class:`~warkit.errors.InvalidArgumentError` (a ``ValueError``; a
:class:`~warkit.errors.WrongTypeError`, also a ``TypeError``, for a wrong kind of value)
naming the argument. Then the result is checked with
:func:`warkit.validate.state_problems` (the check that refuses corrupt save files): a
position no game could hold raises :class:`~warkit.errors.InvalidArgumentError` naming
every problem, unless ``check=False``. No argument is changed.

>>> import warkit
>>> s = warkit.position({"brasil": 0, "argentina": 1}, {"brasil": 5}, hands={0: ["brasil"]})
>>> s.armies_at("brasil"), s.owner_of("argentina"), s.phase.value, len(s.deck)
(5, 1, 'attack', 43)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any

from .actions import card_index
from .errors import (
    InvalidArgumentError,
    UnknownNameError,
    WrongTypeError,
    describe,
    expect_whole,
)
from .game import initial_state
from .rules import ClassicRules
from .state import CARD_COUNT, GamePhase, GameState, Phase, evolve
from .worldmap import world_map

MAX_ARMIES = 10_000
"""The most armies a hand-made position puts on one territory (no game comes near it)."""
MAX_TURNS = 100_000
"""The latest round or turn a hand-made position may name."""
_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState))


def _card(card: object, name: str) -> int:
    if isinstance(card, str):
        return card_index(card)
    return expect_whole(card, f"each card of {name}", 0, CARD_COUNT - 1)


def _cards(cards: object, name: str) -> tuple[int, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise WrongTypeError(f"{name} must be a list of cards (territory ids, joker1, joker2 "
                             f"or card numbers), got {describe(cards)}")
    listed = list(islice(cards, CARD_COUNT + 1))  # an endless iterable stops here too
    if len(listed) > CARD_COUNT:
        raise InvalidArgumentError(f"{name} lists {len(listed)} cards; War has {CARD_COUNT}")
    return tuple(sorted(_card(c, name) for c in listed))


def _mapping(value: object, name: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise WrongTypeError(f"{name} must be a mapping (a dict), got {describe(value)}")
    return value


def _settings(value: object) -> dict[str, Any]:
    """The rule set's settings, named by text (a junk key would reach Python's ``**``)."""
    found = _mapping(value, "settings")
    for key in found:
        if not isinstance(key, str):
            raise WrongTypeError(f"a setting is named by text (e.g. 'attack_dice_max'), got "
                                 f"{describe(key)}")
    return dict(found)


def _seat(value: object, name: str, players: int) -> int:
    return expect_whole(value, name, 0, players - 1, "seats are numbered from 0")


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
    base = initial_state(players, rules, **_settings(settings))
    ruleset, n, ids = base.rules, base.num_players, m.ids
    unknown = sorted(set(changes) - _FIELDS)
    if unknown:
        raise InvalidArgumentError(f"position() has no argument {unknown[0]!r}; raw state "
                                   f"fields are {', '.join(sorted(_FIELDS))}")
    current = _seat(current, "current", n)
    owners = dict(_mapping(owners, "owners"))
    army_by = _mapping(armies, "armies")
    by_continent = _mapping(continent_reserves, "continent_reserves")
    for name, keys in (("owners", owners), ("armies", army_by)):
        for territory in keys:
            if territory not in ids:
                raise UnknownNameError(f"{name}: unknown territory {describe(territory)}")
    for continent in by_continent:
        m.continent(continent)
    for t, s in owners.items():
        _seat(s, f"owners[{t!r}]", n)
    if rest is None:
        rest = tuple(s for s in range(n) if s != current)
    elif not isinstance(rest, (tuple, list)):
        rest = (_seat(rest, "rest", n),)
    if not rest:
        raise InvalidArgumentError("rest must name at least one seat for the territories "
                                   "not in owners")
    rest = tuple(_seat(s, "each seat of rest", n) for s in rest)
    owner = [owners[t] if t in owners else rest[i % len(rest)] for i, t in enumerate(ids)]
    army = [1] * len(ids)
    for t, a in army_by.items():
        army[m.index(t)] = expect_whole(a, f"armies[{t!r}]", 0, MAX_ARMIES)
    hand_by = _mapping(hands, "hands")
    for s in hand_by:
        _seat(s, "each seat of hands", n)
    hand_cards = [_cards(hand_by.get(s, ()), f"hands[{s}]") for s in range(n)]
    discard_cards, loot_cards = _cards(discard, "discard"), _cards(loot, "loot")
    used = {c for h in hand_cards for c in h} | set(discard_cards) | set(loot_cards)
    deck_cards = (tuple(c for c in range(CARD_COUNT) if c not in used) if deck is None
                  else _cards(deck, "deck"))
    objective_cards = list(ruleset.quiet_objectives(base.colors))
    given = dict(_mapping(objectives, "objectives"))
    for s, o in given.items():
        _seat(s, "each seat of objectives", n)
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
    round = expect_whole(round, "round", 1, MAX_TURNS)
    if turn is not None:
        turn = expect_whole(turn, "turn", 1, MAX_TURNS * 6)
    trades = expect_whole(trades, "trades", 0, MAX_TURNS)
    reserves = expect_whole(reserves, "reserves", 0, MAX_ARMIES)
    by: list[int | None] = [None] * n
    if isinstance(eliminated_by, Mapping):
        for s, e in eliminated_by.items():
            by[_seat(s, "each seat of eliminated_by", n)] = _seat(e, "eliminated_by", n)
    elif eliminated_by is not None:
        if isinstance(eliminated_by, (str, bytes)) or not isinstance(eliminated_by, Iterable):
            raise WrongTypeError("eliminated_by must be a mapping or one entry per seat, got "
                                 f"{describe(eliminated_by)}")
        by = [None if e is None else _seat(e, "eliminated_by", n)
              for e in islice(eliminated_by, n + 1)]
        if len(by) != n:
            raise InvalidArgumentError(f"eliminated_by must have one entry per seat ({n})")
    if alive is not None:
        if isinstance(alive, (str, bytes)) or not isinstance(alive, Iterable):
            raise WrongTypeError(f"alive must be one True or False per seat, got "
                                 f"{describe(alive)}")
        alive = tuple(islice(alive, n + 1))
        if len(alive) != n or not all(isinstance(a, bool) for a in alive):
            raise InvalidArgumentError(f"alive must be one True or False per seat ({n}), got "
                                       f"{describe(alive)}")
    if not isinstance(check, bool):
        raise WrongTypeError(f"check must be True or False, got {describe(check)}")
    cont = [0] * len(m.continents)
    for c, r in by_continent.items():
        cont[m.continent(c).index] = expect_whole(r, f"continent_reserves[{c!r}]", 0,
                                                  MAX_ARMIES)
    fields: dict[str, Any] = dict(
        phase=ruleset.phase_named(phase.value if isinstance(phase, GamePhase) else phase),
        owner=tuple(owner), armies=tuple(army),
        objective_cards=tuple(objective_cards), hands=tuple(hand_cards), deck=deck_cards,
        discard=discard_cards, loot=loot_cards,
        alive=alive if alive is not None else tuple(s in owner for s in range(n)),
        eliminated_by=tuple(by), dealer=n - 1, first_player=0, current=current,
        turn=turn if turn is not None else n * (round - 1) + current + 1, round=round,
        trades=trades, reserves=reserves, continent_reserves=tuple(cont),
        moved_in=(0,) * len(ids))
    fields.update(changes)
    state = evolve(base, **fields)
    if check:
        from .validate import state_problems

        try:
            problems = state_problems(state)
        except (TypeError, AttributeError, IndexError, KeyError) as exc:
            raise InvalidArgumentError(f"a raw field given to position() is malformed: "
                                       f"{exc}") from None
        if problems:
            raise InvalidArgumentError("not a position a game can hold: "
                                       + "; ".join(problems))
    return state
