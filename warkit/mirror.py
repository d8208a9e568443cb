"""A seat's mirror of a game: a full state built from what that seat may know.

In an online room only the room server holds the real game (the seed, every hand and
objective). A page receives its seat's view and the steps since, as that seat may see them
(:func:`warkit.seat_record.step_for`), yet its game (log, dice tray, odds, coach) works on
full states. So the page keeps a **mirror**, played by the one rule book:

- :func:`mirror_state` builds, from a view alone, a :class:`~warkit.GameState` that looks
  exactly like the view to its viewer. Other seats' objectives are ``None`` (so the mirror
  never declares a win it cannot know, :mod:`warkit.rules.victory`); the cards the viewer
  cannot place are dealt in card order, without chance, to the other hands, the loot, the
  discard pile and the deck, by the sizes the view shows.
- :func:`resolve_step` turns one step into the action to push on the mirror. It deals the
  mirror's present again from its own view, as :func:`mirror_state` would (the fields a view
  leaves out kept). A card the step names but the deal put elsewhere (an opponent's trade,
  SMART's advantages, the seat's own draw), or a card the step gives the seat (an eliminator's
  loot), is swapped with a card of the place the action takes it from; when the step says the
  next turn opens otherwise (classic War: a trade step needs a set in that hand, C-CARD-3), two
  unknown cards are exchanged. A hidden step (another seat's draw or discard) becomes the first
  legal action of its keyword.

The mirror holds no secret the seat may not know: its cards and objectives come from the view
and the step only, and each resolved action is checked to show the seat exactly the step
received (:func:`~warkit.seat_record.step_for`). It cannot know a win by an objective the seat
cannot see (classic War): that last step (``"phase": "game_over"``) is played and the mirror
goes on; the page then loads the full record, which the server gives once the game is over.

>>> import warkit
>>> real = warkit.Match.new(4, seed=3)
>>> mirror = warkit.Match(mirror_state(warkit.view(real.state, 1)))
>>> warkit.view(mirror.state, 1) == warkit.view(real.state, 1)
True
>>> mirror.state.objective_cards[0] is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .actions import Action, card_index, parse_action
from .errors import IllegalActionError, InvalidActionError, WarkitError, WrongTypeError, describe
from .match import Match
from .seat_record import PUBLIC, named_cards, step_for
from .state import CARD_COUNT, CHANCE, GameState, Phase
from .view import PlayerView, view

LOOT, DISCARD, DECK = "loot", "discard", "deck"
CardPlace = int | str
"""Where a card lies: a seat (its hand), :data:`LOOT`, :data:`DISCARD` or :data:`DECK`."""

STEP_KEYS = ("actor", "action", "keyword", "hidden", "cards", "phase")
"""The keys of a step that :func:`resolve_step` checks (a server may add others)."""


class MirrorError(WarkitError):
    """A step the mirror cannot play: out of order, illegal, or naming a card where no legal
    game could hold it (a forged step). The mirror is left as it was."""


# -- the fields a view leaves out ----------------------------------------------------------------
def first_player(board: PlayerView | GameState) -> int:
    """The seat that opens every round, as far as a view tells: the seat that played turn 1,
    counted back from the current turn. Exact while no seat has been skipped (nobody out);
    a mirror kept by :func:`resolve_step` carries the real one from the start."""
    return (board.current - (board.turn - 1)) % len(board.colors)


def eliminated_this_turn(board: PlayerView | GameState) -> bool:
    """Whether the active player eliminated someone this turn (C-ELIM-2's late trade), as far
    as a view tells: certain while the loser's cards are drawn or the late trade is on; else
    taken as no. It is wrong only for a view taken between an elimination and the end of that
    turn's regrouping; a mirror kept by :func:`resolve_step` carries the real flag."""
    return board.phase is Phase.LOOT or board.late


# -- dealing the cards the viewer cannot place ----------------------------------------------------
def _places(v: PlayerView) -> tuple[dict[int, CardPlace], dict[CardPlace, int]]:
    """The cards whose place ``v`` shows (the viewer's hand; the rule set's face-up cards) and,
    for each place, how many cards of unknown identity it holds."""
    known: dict[int, CardPlace] = {}
    if v.player is not None:
        known.update((card, v.player) for card in v.hand)
    known.update(v.rules.placed_cards(v))
    room: dict[CardPlace, int] = {}
    for seat, size in enumerate(v.hand_sizes):
        room[seat] = size - sum(1 for place in known.values() if place == seat)
    room[LOOT], room[DISCARD], room[DECK] = v.loot_size, v.discard_size, v.deck_size
    if min(room.values()) < 0 or sum(room.values()) + len(known) != CARD_COUNT:
        raise MirrorError(f"the view's cards do not add up to the {CARD_COUNT} cards of the game")
    return known, room


def _deal(v: PlayerView, order: Iterable[int], pins: Mapping[int, CardPlace],
          exchange: tuple[int, int] | None = None
          ) -> tuple[dict[CardPlace, list[int]], dict[int, CardPlace]] | None:
    """The unknown cards of ``v`` dealt in ``order`` to each place by its size; then each of
    the ``pins`` (card -> place) not already where it says is swapped with a card of that
    place (one pinned to go where it lies, else the first not pinned), so a pin moves two
    cards and leaves the rest as dealt; then the two cards of ``exchange`` swap places.
    ``None`` if a pin cannot be honoured (a card whose place the view shows elsewhere, or a
    place without a card to swap)."""
    known, room = _places(v)
    rest = iter([card for card in order if card not in known])
    content: dict[CardPlace, list[int]] = {
        place: [next(rest) for _ in range(size)] for place, size in room.items()}
    where = {card: place for place, cards in content.items() for card in cards}

    def swap(a: int, b: int) -> None:
        here, there = where[a], where[b]
        content[here][content[here].index(a)] = b
        content[there][content[there].index(b)] = a
        where[a], where[b] = there, here

    for card, place in pins.items():
        if card in known or place not in content:
            if known.get(card) != place:
                return None
            continue
        here = where[card]
        if here == place:
            continue
        partner = next((c for c in content[place] if pins.get(c) == here),
                       next((c for c in content[place] if c not in pins), None))
        if partner is None:
            return None
        swap(card, partner)
    if exchange is not None:
        swap(*exchange)
    return content, known


def _filler(content: Mapping[CardPlace, list[int]], pins: Mapping[int, CardPlace]
            ) -> Callable[[int, int], tuple[int, ...]]:
    """``fill(seat, count)`` for :meth:`~warkit.ClassicRules.extra_from_public`: ``count``
    placeholder cards of ``seat``'s hand (not a pinned card), then of the other places."""
    def fill(seat: int, count: int) -> tuple[int, ...]:
        chosen = [card for card in content[seat] if card not in pins]
        chosen += [card for place, cards in content.items() if place != seat
                   for card in cards if card not in pins]
        return tuple(chosen[:count])
    return fill


def dealt_state(v: PlayerView, order: Iterable[int] = range(CARD_COUNT),
                pins: Mapping[int, CardPlace] | None = None, *,
                exchange: tuple[int, int] | None = None,
                first: int | None = None, eliminated: bool | None = None) -> GameState:
    """A state that looks exactly like ``v`` to its viewer, the cards it cannot place dealt in
    ``order`` (card numbers; default: card order): first to the other seats' hands in seat
    order, then the loot, the discard pile and the deck. ``pins`` then put some of those cards
    in a given place (each swapped with a card there) and ``exchange`` swaps two; ``first``
    and ``eliminated`` give the state's first player and ``eliminated_this_turn`` (default:
    :func:`first_player`, :func:`eliminated_this_turn`).
    :func:`mirror_state` deals in card order; the expert's guessed worlds
    (:func:`warkit.bots.determinize.determinize`) in a shuffled one. Raises
    :class:`MirrorError` when a pin cannot be honoured or the view's cards do not add up."""
    pins = pins or {}
    dealt = _deal(v, order, pins, exchange)
    if dealt is None:
        raise MirrorError("a card is pinned where the view shows it cannot be")
    content, known = dealt
    seats = range(len(v.colors))
    hands = tuple(tuple(sorted([*content[s], *(c for c, at in known.items() if at == s)]))
                  for s in seats)
    rules = v.rules
    if v.revealed_objectives is not None:
        objectives = v.revealed_objectives
    else:
        objectives = tuple(v.objective if s == v.player else None for s in seats)
    return GameState(
        rules=rules, colors=v.colors, phase=v.phase, owner=v.owner, armies=v.armies,
        objective_cards=objectives, hands=hands, deck=tuple(sorted(content[DECK])),
        discard=tuple(sorted(content[DISCARD])), alive=v.alive, eliminated_by=v.eliminated_by,
        dealer=None, first_player=first_player(v) if first is None else first,
        current=v.current, turn=v.turn, round=v.round, trades=v.trades, reserves=v.reserves,
        continent_reserves=v.continent_reserves, battle=v.battle, last_roll=v.last_roll,
        conquered=v.conquered,
        eliminated_this_turn=eliminated_this_turn(v) if eliminated is None else eliminated,
        late=v.late, loot=tuple(sorted(content[LOOT])), loot_draws=rules.loot_draws_left(v),
        moved_in=v.moved_in, winners=v.winners,
        extra=rules.extra_from_public(v, _filler(content, pins)))


def mirror_state(v: PlayerView) -> GameState:
    """A full state that looks exactly like ``v`` to its viewer (``view(mirror_state(v),
    v.player) == v``), built from ``v`` alone: a pure function of the view, so it holds nothing
    the view does not show. Other seats' objectives are ``None`` (the viewer's own is real,
    and all are real once the game is over); the cards the viewer cannot place are dealt in
    card order (:func:`dealt_state`). Of the fields a view leaves out, the first player and
    ``eliminated_this_turn`` are worked out (:func:`first_player`,
    :func:`eliminated_this_turn`), the loot's draws and the rule set's own state by the rule
    set, and ``dealer`` is ``None`` (only the set-up reads it). Works for a spectator's view
    too; the set-up itself (before the cards are dealt) is refused with a
    :class:`MirrorError`."""
    if not isinstance(v, PlayerView):
        raise WrongTypeError(f"mirror_state needs a view (warkit.view(state, seat)), "
                             f"got {describe(v)}")
    if v.phase is Phase.SETUP:
        raise MirrorError("a mirror starts once the set-up has dealt the territories")
    return dealt_state(v)


# -- replaying a seat's steps --------------------------------------------------------------------
def resolve_step(match: Match, step: Mapping[str, Any], seat: int | None) -> Action:
    """The action to push on the mirror ``match`` for one step as ``seat`` sees it (a dict made
    by :func:`~warkit.seat_record.step_for`; ``seat`` ``None``: a spectator).

    The mirror's present (``match.states[-1]``) is dealt again from its view, with the cards
    the step names put where the action needs them (a card of unknown place is never left
    where the step says it cannot be). A hidden step becomes the first legal action of its
    keyword. The action found is checked: on the present it is legal and shows ``seat``
    exactly ``step``. Raises :class:`MirrorError`, the mirror unchanged, for a step that cannot
    be (out of order, illegal, a forged card). The caller pushes the action
    (``match.push(action)``)."""
    if not isinstance(match, Match):
        raise WrongTypeError(f"resolve_step needs the mirror's warkit.Match, got {describe(match)}")
    now = match.state
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < now.num_players):
        raise MirrorError(f"seat must be 0 to {now.num_players - 1} or None, got {describe(seat)}")
    wanted = _checked_step(step)
    if now.phase is Phase.GAME_OVER:
        raise MirrorError("the game is over: no step can follow")
    decider = now.current_player
    actor = "chance" if decider == CHANCE else now.colors[decider]
    if wanted["actor"] != actor:
        raise MirrorError(f"a step by {wanted['actor']} arrived where {actor} acts: a step out "
                          "of order")
    v = view(now, seat)
    state, action = _search(v, now, wanted, seat)
    match.states[-1] = state
    return action


def _checked_step(step: Any) -> dict[str, Any]:
    """The keys of ``step`` that :func:`resolve_step` reads, their shape checked."""
    if not isinstance(step, Mapping) or not isinstance(step.get("actor"), str):
        raise MirrorError(f"a step is a dict with its actor, got {describe(step)}")
    wanted = {key: step[key] for key in STEP_KEYS if key in step}
    if wanted.get("hidden") is True:
        keyword = wanted.get("keyword")
        if not isinstance(keyword, str) or keyword in PUBLIC or "action" in wanted:
            raise MirrorError(f"a hidden step names only the keyword of a private action, "
                              f"got {describe(step)}")
    elif not isinstance(wanted.get("action"), str):
        raise MirrorError(f"a step holds its action's text, got {describe(step)}")
    cards = wanted.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise MirrorError(f"a step's cards are a list of card names, got {describe(cards)}")
    return wanted


Picker = Callable[[GameState, bool], "Action | None"]
"""Given a dealt present and whether the step's resulting phase must match too, the action
that plays the step there (``None``: none does)."""


def _search(v: PlayerView, now: GameState, wanted: Mapping[str, Any], seat: int | None
            ) -> tuple[GameState, Action]:
    """The dealt present and the action that play ``wanted``: the cards the step names are
    tried in each place (none moved first), then, if the turn it leads to opens differently
    (classic War's trade step needs a set in the next hand, C-CARD-3), one card of unknown
    place is swapped with another, in a fixed order, until it opens as the step says."""
    bases: list[dict[int, CardPlace]] = [{}]
    if wanted.get("hidden") is True:
        pick = _hidden_picker(wanted, seat)
    else:
        try:
            action = parse_action(wanted["action"])
            taken = [card_index(name) for name in wanted.get("cards", [])]
        except InvalidActionError as exc:
            raise MirrorError(f"the step cannot be read: {exc}") from None
        pick, bases = _public_picker(action, wanted, seat), _pin_sets(v, action, taken)
    unseen_end: tuple[GameState, Action] | None = None
    for base in bases:
        dealt = _redealt(v, now, base)
        loose = pick(dealt, False) if dealt is not None else None
        if dealt is None or loose is None:
            continue
        unseen_end = unseen_end or (dealt, loose)
        for order, exchange in _rearrangements(v, base):
            state = _redealt(v, now, base, exchange, order) if order or exchange else dealt
            found = pick(state, True) if state is not None else None
            if state is not None and found is not None:
                return state, found
    if unseen_end is not None and wanted.get("phase") == Phase.GAME_OVER.value:
        return unseen_end  # a win by an objective this seat cannot see: the mirror goes on
    if unseen_end is not None:
        raise MirrorError(f"{unseen_end[1]} is legal on the mirror but no deal of the unknown "
                          f"cards leads to the {wanted.get('phase')!r} step the step says: a "
                          "step out of order or forged")
    raise MirrorError(_refusal(v, now, wanted))


def _redealt(v: PlayerView, now: GameState, pins: Mapping[int, CardPlace],
             exchange: tuple[int, int] | None = None, order: Iterable[int] | None = None
             ) -> GameState | None:
    """``now`` dealt again from its view ``v`` (in ``order``, default card order) with ``pins``
    and ``exchange`` (``None``: the pins cannot be honoured), the fields a view leaves out kept
    from ``now``."""
    order = tuple(order or range(CARD_COUNT))
    if _deal(v, order, pins) is None:
        return None
    return dealt_state(v, order, pins, exchange=exchange, first=now.first_player,
                       eliminated=now.eliminated_this_turn)


def _pin_sets(v: PlayerView, action: Action, taken: list[int]) -> list[dict[int, CardPlace]]:
    """Where the step's cards may have been, in a fixed order: as dealt first, then each place
    for the cards ``action`` names, and each for the cards ``taken`` into the seat's hand."""
    known, room = _places(v)
    places: list[CardPlace | None] = [None, *(place for place, size in room.items() if size)]
    named = [card for card in named_cards(action) if card not in known]
    gained = [card for card in taken if card not in known and card not in named]
    sets = []
    for named_at in places if named else [None]:
        for gained_at in places if gained else [None]:
            pins: dict[int, CardPlace] = {}
            if named_at is not None:
                pins.update((card, named_at) for card in named)
            if gained_at is not None:
                pins.update((card, gained_at) for card in gained)
            sets.append(pins)
    return sets


MIXES = 47
"""A prime above the card count: ``c * k % MIXES`` for ``k`` in ``2..MIXES - 1`` orders the
cards in as many fixed ways, well mixed (no chance involved)."""


def _rearrangements(v: PlayerView, base: Mapping[int, CardPlace]
                    ) -> Iterable[tuple[tuple[int, ...] | None, tuple[int, int] | None]]:
    """Other deals to try, as (order, exchange), in a fixed order: the card-order deal as it
    is, then with each exchange of two cards of unknown place (not pinned by ``base``) between
    two places, then the deals in the orders ``c * k % MIXES`` (for a hand that needs two
    cards changed)."""
    yield None, None
    dealt = _deal(v, range(CARD_COUNT), base)
    assert dealt is not None  # base was dealt already
    content = [[c for c in cards if c not in base] for cards in dealt[0].values()]
    for i, mine in enumerate(content):
        for theirs in content[i + 1:]:
            for a in mine:
                for b in theirs:
                    yield None, (a, b)
    for k in range(2, MIXES):
        yield tuple(sorted(range(CARD_COUNT), key=lambda c: c * k % MIXES)), None


def _public_picker(action: Action, wanted: Mapping[str, Any], seat: int | None) -> Picker:
    def pick(state: GameState, phase: bool) -> Action | None:
        return action if _shows(state, action, seat, wanted, phase) else None
    return pick


def _hidden_picker(wanted: Mapping[str, Any], seat: int | None) -> Picker:
    keyword = wanted["keyword"]

    def pick(state: GameState, phase: bool) -> Action | None:
        options: Iterable[Action]
        if state.current_player == CHANCE:
            options = (a for a, _ in state.rules.chance_outcomes(state))
        else:
            options = state.rules.legal_actions(state)
        return next((a for a in options if a.keyword == keyword
                     and _shows(state, a, seat, wanted, phase)), None)
    return pick


def _shows(state: GameState, action: Action, seat: int | None, wanted: Mapping[str, Any],
           phase: bool) -> bool:
    """Is ``action`` legal on ``state``, and does it show ``seat`` exactly ``wanted`` (with the
    phase it leads to, when ``phase`` and the step tells it)?"""
    try:
        after = state.rules.apply(state, action)
    except IllegalActionError:
        return False
    seen = step_for(state, action, after, seat)
    return all(seen.get(key) == wanted.get(key) for key in STEP_KEYS
               if key != "phase" or (phase and key in wanted))


def _refusal(v: PlayerView, now: GameState, wanted: Mapping[str, Any]) -> str:
    """Why no arrangement plays ``wanted`` (for the :class:`MirrorError`)."""
    if wanted.get("hidden") is True:
        return (f"no {wanted['keyword']!r} hidden from this seat can be played now: a step out "
                "of order or forged")
    action = parse_action(wanted["action"])
    present = _redealt(v, now, {})
    assert present is not None
    why = present.rules.illegal_reason(present, action)
    detail = f" ({why})" if why is not None else ""
    return (f"{action} cannot be played on the mirror{detail}, wherever the cards it names are "
            "dealt: a step out of order, illegal, or forged")


__all__ = ["DECK", "DISCARD", "LOOT", "CardPlace", "MirrorError", "dealt_state",
           "eliminated_this_turn", "first_player", "mirror_state", "resolve_step"]
