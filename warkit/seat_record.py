"""A seat's record of a game: what one player (or a spectator) may keep of it.

A whole match record (:func:`warkit.dumps`) holds every secret: each hand and objective,
every card drawn, the seed that deals every future roll. During an online game a seat may
keep only what it saw, so its Save downloads a **seat record** instead, versioned JSON::

    {"format": "warkit.seat-record", "version": 1,
     "rules": {"name": "classic", "settings": {...}},
     "players": ["red", "blue", ...],          # the seats' colours, in seat order
     "seat": "blue",                            # whose record (null: a spectator's)
     "meta": {...},                             # the page's notes (names, room, commitment)
     "start": VIEW,                             # the seat's view after the dealt set-up
     "steps": [STEP, ...],                      # every action since, in order
     "now": VIEW}                               # the seat's view when it was saved

A ``STEP`` is ``{"actor": colour or "chance", "action": "attack brasil argentina"}``, the
engine's text of the action (:func:`warkit.parse_action` reads it back), or, for an action
this seat may not see (a card another seat drew, another seat's end-of-turn discard:
:data:`PRIVATE`), ``{"actor": ..., "keyword": "draw", "hidden": true}``. A step that puts
cards in this seat's hand without naming them (the loser's cards an eliminator takes, C-ELIM-2,
S-WIN-3) lists them for this seat only: ``"cards": ["brasil", ...]``. Every step says the
step it leads to, as every view shows it (``"phase": "trade"``): whether a turn opens with a
trade tells whether that hand holds a set (C-CARD-3). A ``VIEW`` is
:func:`view_to_dict` of :func:`warkit.view`: every field of the view (the public board, hand
sizes and counts, the turn's battle and counters, the rule set's public part) and only this
seat's own cards and objective. No seed is written: past rolls are public, and nothing in the
record predicts a future roll or draw. (Records saved before session 10 hold fewer fields in
their views: no ``rules``, ``players``, ``moved_in``, ``eliminated_by``,
``continent_reserves``, ``battle``, ``conquered``, ``late``, ``current_player``,
``loot_size``, ``extra``. Every field they hold means the same, and nothing reads a record's
views back, so the version stays 1.)

The set-up's own steps (objectives and territories dealt) are not listed: ``start`` shows
their public result and the seat's own objective.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .actions import Action, card_index, card_name
from .errors import InvalidActionError, SaveFileError
from .events import CardDrawn, events
from .match import Match
from .record import public_to_dict
from .state import CHANCE, TERMINAL, GameState
from .view import PlayerView, view

SEAT_FORMAT, SEAT_VERSION = "warkit.seat-record", 1

PRIVATE = frozenset({"draw", "objective", "discard"})
"""Keywords of actions whose text names a secret card: shown only to their owner (the seat
that draws or discards; an objective dealt is never listed)."""
PUBLIC = frozenset({"place", "trade", "attack", "occupy", "move", "end", "roll", "dealer",
                    "deal", "intelligence", "airattack", "reveal", "reroll", "rerolled", "pass",
                    "alliance", "airlift"})
"""Actions played openly (a trade shows its cards, an air attack its card...). An action of
neither list is hidden from everyone but its actor; ``tests/test_seat_record.py`` checks each
registered action type is in one of them."""


def view_to_dict(v: PlayerView) -> dict[str, Any]:
    """A JSON-safe dict of a view: exactly what its seat may know, every field of it (two
    views are equal exactly when their dicts are, after a JSON round trip too). The rule
    set's own part (SMART's revealed cards, its turn's advantages...) is its
    :meth:`~warkit.rules.classic.ClassicRules.public_extra_to_dict`."""
    colors = v.colors
    decider = v.current_player
    return {
        "seat": None if v.player is None else colors[v.player],
        **public_to_dict(v),
        "current_player": colors[decider] if decider >= 0 else _NOBODY[decider],
        "hand_sizes": dict(zip(colors, v.hand_sizes)),
        "deck_size": v.deck_size, "discard_size": v.discard_size,
        "next_trade_value": v.next_trade_value, "loot_size": v.loot_size,
        "hand": [card_name(c) for c in v.hand],
        "objective": v.objective,
        "revealed_objectives": (dict(zip(colors, v.revealed_objectives))
                                if v.revealed_objectives is not None else None),
        "extra": v.rules.public_extra_to_dict(v),
    }


_NOBODY = {CHANCE: "chance", TERMINAL: None}
"""Who decides when no seat does: chance, or nobody (the game is over)."""


def step_for(before: GameState, action: Action, after: GameState,
             seat: int | None) -> dict[str, Any]:
    """One step as ``seat`` may see it (see the module docstring)."""
    actor = before.current_player
    who = "chance" if actor == CHANCE else before.colors[actor]
    keyword = action.keyword
    step: dict[str, Any] = {"actor": who, "action": str(action)}
    if keyword not in PUBLIC:
        owner: int | None = actor
        if keyword == "draw":
            owner = next((e.seat for e in events(before, action, after)
                          if isinstance(e, CardDrawn)), None)
        elif keyword == "objective":
            owner = None
        if seat is None or owner != seat:
            step = {"actor": who, "keyword": keyword, "hidden": True}
    step["phase"] = after.phase.value
    if seat is not None and after.hands[seat] != before.hands[seat]:
        taken = set(after.hands[seat]) - set(before.hands[seat]) - set(named_cards(action))
        if taken:
            step["cards"] = [card_name(c) for c in sorted(taken)]
    return step


def named_cards(action: Action) -> tuple[int, ...]:
    """The cards an action names (a trade's, a drawn or discarded card, SMART's advantages')."""
    names = getattr(action, "cards", None)
    if names is None:
        card = getattr(action, "card", None)
        names = () if card is None else (card,)
    try:
        return tuple(card_index(name) for name in names)
    except (InvalidActionError, TypeError):
        return ()


def seat_record(match: Match, seat: int | None, start: int,
                meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """``seat``'s record (``None``: a spectator's) of ``match`` from action ``start`` on (the
    first action after the dealt set-up)."""
    if not 0 <= start <= len(match.actions):
        raise ValueError(f"start must be 0..{len(match.actions)}, got {start}")
    states, actions = match.states, match.actions
    first = states[start]
    return {
        "format": SEAT_FORMAT, "version": SEAT_VERSION,
        "rules": {"name": first.rules.name, "settings": first.rules.settings()},
        "players": list(first.colors), "seat": None if seat is None else first.colors[seat],
        "meta": dict(meta or {}),
        "start": view_to_dict(view(first, seat)),
        "steps": [step_for(states[i], actions[i], states[i + 1], seat)
                  for i in range(start, len(actions))],
        "now": view_to_dict(view(match.state, seat)),
    }


def dumps_seat_record(match: Match, seat: int | None, start: int,
                      meta: dict[str, Any] | None = None) -> str:
    """:func:`seat_record` as JSON text."""
    return json.dumps(seat_record(match, seat, start, meta), ensure_ascii=False)


def loads_seat_record(text: str | bytes) -> dict[str, Any]:
    """A seat record read back, its shape checked (:class:`~warkit.SaveFileError` if not)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != SEAT_FORMAT:
        raise SaveFileError(f"this is not a {SEAT_FORMAT} file")
    if data.get("version") != SEAT_VERSION:
        raise SaveFileError(f"{SEAT_FORMAT} version {data.get('version')!r} is not supported")
    steps, players = data.get("steps"), data.get("players")
    if not isinstance(steps, list) or not isinstance(players, list):
        raise SaveFileError("a seat record needs its players and steps")
    for k, step in enumerate(steps):
        _check_step(k, step, players)
    return data


def _check_step(k: int, step: Any, players: Sequence[Any]) -> None:
    if not isinstance(step, dict) or step.get("actor") not in (*players, "chance"):
        raise SaveFileError(f"step {k} has no known actor")
    if step.get("hidden") is True:
        if not isinstance(step.get("keyword"), str) or step["keyword"] in PUBLIC:
            raise SaveFileError(f"step {k}: a public action cannot be hidden")
    elif not isinstance(step.get("action"), str):
        raise SaveFileError(f"step {k} has no action")


__all__ = ["PRIVATE", "PUBLIC", "SEAT_FORMAT", "SEAT_VERSION", "dumps_seat_record",
           "loads_seat_record", "named_cards", "seat_record", "step_for", "view_to_dict"]
