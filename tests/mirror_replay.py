"""A real game replayed on a seat's mirror (warkit.mirror) as the room server sends it, the
seat's view of the mirror compared with its view of the real game after every step. Shared by
``tests/test_mirror.py`` and the soak ``tests/bench/soak_mirror.py``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import warkit
from warkit import Match, PlayerView
from warkit.mirror import dealt_state, mirror_state, resolve_step
from warkit.seat_record import step_for
from warkit.state import GameState, Phase

END_FIELDS = frozenset({"phase", "current_player", "armies", "battle", "winners",
                        "revealed_objectives"})
"""What a seat's mirror may get wrong at the very end: who won and how, when the win came from
an objective the seat cannot see (classic War: the game is over and the mirror goes on, the
conquest's armies not moved in at once; SMART: S-WIN-2's eliminator), and the objectives
revealed at the end."""


@dataclass
class Replayed:
    """What one seat's replay of a game saw."""

    mirror: Match
    steps: int = 0
    moved: int = 0
    """Steps whose present the mirror dealt otherwise than :func:`mirror_state` would."""
    unseen_end: bool = False
    """The end differs beyond the objectives revealed: a win by an objective this seat cannot
    see."""


def setup_end(match: Match) -> int:
    """The index of the first state after the dealt set-up (the server's step 0 follows it)."""
    return next(i for i, s in enumerate(match.states) if s.phase is not Phase.SETUP)


def differing(want: PlayerView, got: PlayerView) -> list[str]:
    """The view fields that differ, in the view's order."""
    return [f.name for f in dataclasses.fields(want)
            if getattr(want, f.name) != getattr(got, f.name)]


def describe_difference(want: PlayerView, got: PlayerView) -> str:
    fields = differing(want, got)
    first = fields[0]
    return (f"first differing field {first!r}: real {getattr(want, first)!r}, mirror "
            f"{getattr(got, first)!r} (all: {fields})")


def canonical(present: GameState, seat: int | None) -> GameState:
    """``present`` dealt as :func:`mirror_state` deals its view, the fields a view leaves out
    kept."""
    return dealt_state(warkit.view(present, seat), first=present.first_player,
                       eliminated=present.eliminated_this_turn)


def replay(real: Match, seat: int | None) -> Replayed:
    """Replay ``real`` from its dealt set-up on ``seat``'s mirror; assert after every step that
    the seat's views of the mirror and of the real game are equal (at the very end, only a
    hidden objective's win may differ: :data:`END_FIELDS`), and that each step resolves the
    same from a mirror dealt afresh from the present's view (the present's cards, moved by
    earlier steps, carry nothing the view does not), changing only cards."""
    base = setup_end(real)
    out = Replayed(Match(mirror_state(warkit.view(real.states[base], seat))))
    mirror = out.mirror
    last = len(real.actions) - 1
    for i in range(base, len(real.actions)):
        step = step_for(real.states[i], real.actions[i], real.states[i + 1], seat)
        twin = Match(canonical(mirror.state, seat))  # the same view, its cards as mirror_state
        action = resolve_step(mirror, step, seat)
        assert resolve_step(twin, step, seat) == action and twin.state == mirror.state, \
            f"step {i}: resolved otherwise from the same view"
        present, dealt = mirror.state, canonical(mirror.state, seat)
        if present != dealt:
            out.moved += 1
            assert dataclasses.replace(present, hands=dealt.hands, deck=dealt.deck,
                                       discard=dealt.discard, loot=dealt.loot,
                                       extra=dealt.extra) == dealt, f"step {i}: not only cards"
        mirror.push(action)
        out.steps += 1
        want, got = warkit.view(real.states[i + 1], seat), warkit.view(mirror.state, seat)
        if want == got:
            continue
        where = f"seat {seat}, step {i} ({real.actions[i]}): "
        assert i == last and real.state.is_terminal, where + describe_difference(want, got)
        assert set(differing(want, got)) <= END_FIELDS, where + describe_difference(want, got)
        hidden = [s for s in range(real.state.num_players) if s != seat
                  and mirror.state.objective_cards[s] is None]
        revealed = want.revealed_objectives or ()
        assert got.revealed_objectives in (None, tuple(
            o if s not in hidden else None for s, o in enumerate(revealed))), where
        if set(differing(want, got)) != {"revealed_objectives"}:
            assert set(real.state.winners) & set(hidden), where + "the winner was visible"
            out.unseen_end = True
    return out
