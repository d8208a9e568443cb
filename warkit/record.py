"""Saving and loading: versioned JSON for states and whole match records.

Both formats are plain, readable JSON (territories and cards by id). Loading
validates everything - the format and version, every field's type and
range, the game's invariants (:mod:`warkit.validate`) and, for a match,
that replaying its actions reproduces the recorded final state - and raises
:class:`~warkit.SaveFileError` with a message naming the problem. Nothing
half-loaded ever escapes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal, overload

from .actions import card_index, card_name, parse_action
from .errors import (
    IllegalActionError,
    InvalidActionError,
    SaveFileError,
    WrongTypeError,
    describe,
    expect_whole,
)
from .game import expect_state, seat_colors
from .match import Match
from .rules import ClassicRules, find_rules
from .state import Battle, GameState
from .validate import state_problems
from .view import PlayerView
from .worldmap import world_map

STATE_FORMAT, MATCH_FORMAT, VERSION = "warkit.state", "warkit.match", 1
MAX_BYTES = 5_000_000
"""Larger files are refused before parsing (a save file is a few hundred KB at most)."""


# -- states -----------------------------------------------------------------------------------
def state_to_dict(state: GameState) -> dict[str, Any]:
    """A JSON-safe dict of every field of ``state`` (secrets included: keep it private)."""
    expect_state(state)
    colors = state.colors

    def seat(s: int | None) -> str | None:
        return None if s is None else colors[s]

    return {
        "format": STATE_FORMAT, "version": VERSION,
        **public_to_dict(state),
        "objectives": dict(zip(colors, state.objective_cards)),
        "hands": {c: [card_name(x) for x in h] for c, h in zip(colors, state.hands)},
        "deck": [card_name(x) for x in state.deck],
        "discard": [card_name(x) for x in state.discard],
        "loot": [card_name(x) for x in state.loot],
        "loot_draws": state.loot_draws,
        "dealer": seat(state.dealer), "first_player": seat(state.first_player),
        "eliminated_this_turn": state.eliminated_this_turn,
        "extra": state.rules.extra_to_dict(state),
    }


def public_to_dict(board: GameState | PlayerView) -> dict[str, Any]:
    """The fields a state shares with every view of it (the public board, the turn's
    counters), JSON-safe: the part :func:`state_to_dict` and
    :func:`warkit.seat_record.view_to_dict` have in common."""
    m = world_map()
    ids, colors = m.ids, board.colors

    def seat(s: int | None) -> str | None:
        return None if s is None else colors[s]

    b = board.battle
    return {
        "rules": {"name": board.rules.name, "settings": board.rules.settings()},
        "players": list(colors),
        "phase": board.phase.value,
        "territories": {ids[i]: {"owner": seat(o) if o >= 0 else None, "armies": a,
                                 "moved_in": board.moved_in[i]}
                        for i, (o, a) in enumerate(zip(board.owner, board.armies))},
        "alive": dict(zip(colors, board.alive)),
        "eliminated_by": {c: seat(by) for c, by in zip(colors, board.eliminated_by)},
        "current": colors[board.current], "turn": board.turn, "round": board.round,
        "trades": board.trades, "reserves": board.reserves,
        "continent_reserves": {c.id: r for c, r in zip(m.continents,
                                                         board.continent_reserves)},
        "battle": None if b is None else {"from": ids[b.src], "to": ids[b.dst],
                                          "attack_dice": b.attack_dice,
                                          "defence_dice": b.defence_dice},
        "last_roll": None if board.last_roll is None else [list(d) for d in board.last_roll],
        "conquered": board.conquered, "late": board.late,
        "winners": [colors[w] for w in board.winners],
    }


class _Reader:
    """Typed access to a decoded dict, raising SaveFileError with the field's path."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, dict):
            raise SaveFileError(f"{path or 'the file'} must be a JSON object")
        self.data, self.path = data, path

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        where = f"{self.path}.{key}" if self.path else key
        if key not in self.data:
            raise SaveFileError(f"missing field {where!r}")
        value = self.data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) and kind in (int, (int,)):
            raise SaveFileError(f"field {where!r} must be a whole number, got {value!r}")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise SaveFileError(f"field {where!r} must be {names}, got {type(value).__name__}")
        return value

    @overload
    def natural(self, key: str, *, optional: Literal[False] = False) -> int: ...
    @overload
    def natural(self, key: str, *, optional: bool) -> int | None: ...

    def natural(self, key: str, *, optional: bool = False) -> int | None:
        value: int | None = self.get(key, int, optional=optional)
        if value is not None and value < 0:
            raise SaveFileError(f"field {self.path + '.' if self.path else ''}{key!r} "
                                f"must not be negative, got {value}")
        return value

    def sub(self, key: str) -> _Reader:
        return _Reader(self.get(key, dict), f"{self.path}.{key}" if self.path else key)

    def require(self, key: str) -> Any:
        """The value of a field that must be present, whatever its type (checked later)."""
        if key not in self.data:
            where = f"{self.path}.{key}" if self.path else key
            raise SaveFileError(f"missing field {where!r}")
        return self.data[key]

    def entries(self, keys: Any, what: str) -> list[Any]:
        """The values of ``keys`` (one entry each, in order); a missing or unknown entry is
        named."""
        keys = list(keys)
        for key in keys:
            self.require(key)
        extra = sorted(set(self.data) - set(keys), key=str)
        if extra:
            raise SaveFileError(f"{self.path} has an entry for {extra[0]!r}, which is not "
                                f"{what}")
        return [self.data[k] for k in keys]


def _header(r: _Reader, expected: str) -> None:
    kind = r.get("format", str)
    if kind != expected:
        raise SaveFileError(f"this is not a {expected} file (format {kind!r})")
    version = r.get("version", int)
    if version != VERSION:
        raise SaveFileError(f"{expected} version {version} is not supported "
                            f"(this warkit reads version {VERSION})")


def _rules(r: _Reader) -> ClassicRules:
    rules = r.sub("rules")
    try:
        return find_rules(rules.get("name", str), **rules.get("settings", dict))
    except ValueError as exc:
        raise SaveFileError(f"bad rules: {exc}") from None


def _cards(names: Any, where: str) -> tuple[int, ...]:
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise SaveFileError(f"{where} must be a list of card names")
    try:
        return tuple(sorted(card_index(x) for x in names))
    except InvalidActionError as exc:
        raise SaveFileError(f"{where}: {exc}") from None


def state_from_dict(data: Any) -> GameState:
    """Rebuild a state saved by :func:`state_to_dict`; raises SaveFileError if anything is off."""
    r = _Reader(data)
    _header(r, STATE_FORMAT)
    rules = _rules(r)
    m = world_map()
    colors = r.get("players", list)
    try:
        colors = seat_colors(colors)
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(f"bad players: {exc}") from None

    def seat_of(value: Any, where: str) -> int:
        if value not in colors:
            raise SaveFileError(f"{where}: {value!r} is not a player of this game")
        return colors.index(value)

    def seat(value: Any, where: str) -> int | None:
        return None if value is None else seat_of(value, where)

    phase_name = r.get("phase", str)
    try:
        phase = rules.phase_named(phase_name)
    except ValueError as exc:
        raise SaveFileError(f"unknown phase {phase_name!r}: {exc}") from None
    territories = r.sub("territories")
    territories.entries(m.ids, "a territory of the map")
    owner, armies, moved = [], [], []
    for tid in m.ids:
        t = territories.sub(tid)
        held_by = t.get("owner", str, optional=True)
        owner.append(-1 if held_by is None else seat_of(held_by, f"territories.{tid}.owner"))
        armies.append(t.natural("armies"))
        moved.append(t.natural("moved_in"))

    def per_player(key: str) -> list[Any]:
        return r.sub(key).entries(colors, "a player of this game")

    objectives = per_player("objectives")
    if not all(o is None or o in m.objective_ids for o in objectives):
        raise SaveFileError("objectives: unknown objective card")
    hands = tuple(_cards(h, f"hands.{c}") for c, h in zip(colors, per_player("hands")))
    alive = per_player("alive")
    if not all(isinstance(a, bool) for a in alive):
        raise SaveFileError("alive must map each player to true or false")
    eliminated_by = [seat(v, f"eliminated_by.{c}") for c, v in
                     zip(colors, per_player("eliminated_by"))]
    reserves_by = r.sub("continent_reserves")
    reserves_by.entries((c.id for c in m.continents), "a continent")
    battle = None
    if r.get("battle", dict, optional=True) is not None:
        b = r.sub("battle")
        try:
            battle = Battle(m.index(b.get("from", str)), m.index(b.get("to", str)),
                            b.natural("attack_dice"), b.natural("defence_dice"))
        except KeyError as exc:
            raise SaveFileError(f"battle: {exc}") from None
    last_roll = r.get("last_roll", list, optional=True)
    if last_roll is not None:
        if (len(last_roll) != 2 or not all(isinstance(d, list) for d in last_roll)
                or not all(isinstance(x, int) and 1 <= x <= rules.sides
                           for d in last_roll for x in d)):
            raise SaveFileError(f"last_roll must be two lists of dice from 1 to {rules.sides}")
        last_roll = (tuple(last_roll[0]), tuple(last_roll[1]))
    winners = [seat_of(w, "winners") for w in r.get("winners", list)]
    flags = {k: r.get(k, bool) for k in ("conquered", "eliminated_this_turn", "late")}
    state = GameState(
        rules=rules, colors=colors, phase=phase, owner=tuple(owner), armies=tuple(armies),
        objective_cards=tuple(objectives), hands=hands,
        deck=_cards(r.get("deck", list), "deck"), discard=_cards(r.get("discard", list), "discard"),
        alive=tuple(alive), eliminated_by=tuple(eliminated_by),
        dealer=seat(r.get("dealer", str, optional=True), "dealer"),
        first_player=seat(r.get("first_player", str, optional=True), "first_player"),
        current=seat_of(r.get("current", str), "current"),
        turn=r.natural("turn"), round=r.natural("round"), trades=r.natural("trades"),
        reserves=r.natural("reserves"),
        continent_reserves=tuple(reserves_by.natural(c.id) for c in m.continents),
        battle=battle, last_roll=last_roll, winners=tuple(winners),
        loot=tuple(_cards(r.get("loot", list), "loot")), loot_draws=r.natural("loot_draws"),
        moved_in=tuple(moved), **flags,
    )
    try:
        state = rules.extra_from_dict(state, r.require("extra"))
    except ValueError as exc:
        raise SaveFileError(f"bad extra state: {exc}") from None
    problems = state_problems(state)
    if problems:
        raise SaveFileError("inconsistent state: " + "; ".join(problems))
    return state


# -- match records ----------------------------------------------------------------------------
def state_digest(state: GameState) -> str:
    """A fingerprint of a state (SHA-256 of its canonical JSON)."""
    text = json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def match_to_dict(match: Match) -> dict[str, Any]:
    """The match as its first state, its actions in text form and a fingerprint of the end."""
    if not isinstance(match, Match):
        raise WrongTypeError(f"match must be a warkit.Match, got {describe(match)}")
    return {
        "format": MATCH_FORMAT, "version": VERSION,
        "seed": match.seed, "meta": match.meta,
        "initial": state_to_dict(match.states[0]),
        "actions": [str(a) for a in match.actions],
        "final_digest": state_digest(match.state),
    }


def match_from_dict(data: Any) -> Match:
    """Replay a saved match (every action checked again) and verify it ends where it says."""
    r = _Reader(data)
    _header(r, MATCH_FORMAT)
    initial = state_from_dict(r.get("initial", dict))
    seed = r.get("seed", int, optional=True)
    r.get("final_digest", str)
    meta = r.get("meta", dict)
    try:
        json.dumps(meta)  # what a match keeps must save again (plain JSON, not too deep)
    except (TypeError, ValueError, RecursionError):
        raise SaveFileError("meta must hold plain JSON data (text, numbers, lists, objects, "
                            "nested at most a few hundred deep)") from None
    match = Match(initial, seed=seed, meta=meta)
    for k, text in enumerate(r.get("actions", list)):
        if not isinstance(text, str):
            raise SaveFileError(f"action {k} is not text")
        try:
            match.push(parse_action(text))
        except (InvalidActionError, IllegalActionError) as exc:
            raise SaveFileError(f"action {k} ({text!r}) cannot be replayed: {exc}") from None
    if state_digest(match.state) != r.get("final_digest", str):
        raise SaveFileError("the replayed game does not end in the recorded state: "
                            "the file was changed or corrupted")
    return match


# -- JSON text ----------------------------------------------------------------------------------
def dumps(obj: GameState | Match, indent: int | None = None) -> str:
    """JSON text of a state or a match (``indent``: None, or spaces per level as in
    :func:`json.dumps`)."""
    if indent is not None:
        expect_whole(indent, "indent", 0, 16)
    data = match_to_dict(obj) if isinstance(obj, Match) else state_to_dict(obj)
    return json.dumps(data, indent=indent, ensure_ascii=False)


def loads(text: str | bytes) -> GameState | Match:
    """A state or match from JSON text written by :func:`dumps` (validated).

    Limits: at most :data:`MAX_BYTES` characters; JSON nested deeper than Python's parser
    goes (about 1,000 levels; a save file is 4 deep) is refused like any malformed text,
    with a :class:`~warkit.SaveFileError`."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise WrongTypeError(f"a saved game is JSON text (str or bytes), got {describe(text)}")
    if len(text) > MAX_BYTES:
        raise SaveFileError(f"the file is too large ({len(text)} bytes; at most {MAX_BYTES})")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveFileError("not a saved game: the JSON is nested too deep") from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, numbers of over 4,300 digits
        raise SaveFileError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SaveFileError("the file must hold a JSON object")
    if data.get("format") == MATCH_FORMAT:
        return match_from_dict(data)
    return state_from_dict(data)

