"""A replay's brain, in pure Python: a recorded match watched move by move.

:class:`Replay` holds a :class:`warkit.Match` record and a position in it (``index``: the
state after that many actions). It steps forward and back, jumps to any move or to the
start of a turn, plays at a speed (a timer calls :meth:`Replay.tick`), and says what the
screen shows at that position: the map's view (public: owners and armies), an arrow for
the move just made, the dice of the last roll of the turn, and each player's secrets -
only the seat who saved the game (``viewer``) sees its own before the end; everyone's are
shown once the replay reaches the end of a finished game.

It serves the map widget as its controller would (``view``, ``highlights()``, ``lang``,
``message``; a click does nothing), so :class:`~warkit_widgets.replay.ReplayWidget` draws
it with the ordinary :class:`~warkit_widgets.mapwidget.MapWidget`.
"""

from __future__ import annotations

from dataclasses import dataclass

import warkit
from warkit import Match, PlayerView, Roll

from .controller import Highlights, Message, touched
from .i18n import normalize_lang
from .models import DiceComparison, compare_dice
from .observable import Observable

SPEEDS: dict[str, float] = {"slow": 1.2, "normal": 0.5, "fast": 0.15}
"""Seconds between two moves while playing."""


@dataclass(frozen=True)
class Secret:
    """One seat's secrets at a position, or ``None`` where they are hidden."""

    seat: int
    objective: str | None
    """The objective's id (``None``: hidden)."""
    hand: tuple[int, ...] | None
    """The cards (``None``: hidden; then only :attr:`hand_size` is known)."""
    hand_size: int


class Replay(Observable):
    """A match record and a position in it (see the module docstring).

    ``viewer``: the seat whose secrets may be shown from the start (the one who saved the
    game), ``None`` for nobody's. Listeners get ``{"position"}`` when the position
    moves, ``{"playing"}`` when play starts or stops, ``{"lang"}``.
    """

    def __init__(self, match: Match, *, viewer: int | None = None, lang: str = "pt",
                 start: int | None = None) -> None:
        super().__init__()
        if not isinstance(match, Match):
            raise TypeError(f"a replay needs a warkit.Match record, got {type(match).__name__}")
        n = match.states[0].num_players
        if viewer is not None and viewer not in range(n):
            raise ValueError(f"viewer is a seat from 0 to {n - 1} or None, got {viewer!r}")
        self.match = match
        self.viewer = viewer
        self._lang = normalize_lang(lang)
        self._index = 0
        self.playing = False
        self.speed = "normal"
        self.message = Message("info", "")
        """The map's status line (a replay has none to say)."""
        self.goto(self.first_dealt if start is None else start)

    # -- where we are ------------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The position: the state after this many actions (0 to :attr:`end`)."""
        return self._index

    @property
    def end(self) -> int:
        return len(self.match.actions)

    @property
    def state(self) -> warkit.GameState:
        """The full state at the position (for the engine; widgets read :attr:`view`)."""
        return self.match.states[self._index]

    @property
    def at_end(self) -> bool:
        return self._index == self.end

    @property
    def finished(self) -> bool:
        """Is the replay at the end of a finished game (every secret may be shown)?"""
        return self.at_end and self.match.state.is_terminal

    @property
    def first_dealt(self) -> int:
        """The first position after the deal (every territory has an owner): where a replay
        starts and the earliest a game may be continued from."""
        for i, state in enumerate(self.match.states):
            if min(state.owner) >= 0 and state.current_player >= 0 and state.turn >= 1:
                return i
        return self.end

    @property
    def turns(self) -> tuple[int, ...]:
        """The turn numbers the record holds (after the deal)."""
        return tuple(sorted({s.turn for s in self.match.states[self.first_dealt:]}))

    @property
    def turn(self) -> int:
        return self.state.turn

    def turn_start(self, turn: int) -> int:
        """The position where ``turn`` begins (its first state); ValueError if the record has
        no such turn."""
        for i in range(self.first_dealt, self.end + 1):
            if self.match.states[i].turn == turn:
                return i
        known = self.turns
        raise ValueError(f"this game has turns {known[0]} to {known[-1]}, not {turn}")

    # -- moving ------------------------------------------------------------------------------
    def goto(self, index: int) -> None:
        """Show the position after ``index`` actions (ValueError outside the record)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= self.end:
            raise ValueError(f"a position is a whole number from 0 to {self.end}, got {index!r}")
        if index != self._index:
            self._index = index
            if self.at_end and self.playing:
                self.playing = False
                self._notify("playing")
            self._notify("position", "state")

    def step(self, moves: int = 1) -> None:
        """Forward (or back, negative) by ``moves``, stopping at either end."""
        self.goto(min(max(self._index + moves, 0), self.end))

    def jump_to_turn(self, turn: int) -> None:
        self.goto(self.turn_start(turn))

    def play(self) -> None:
        """Start playing (from the start if at the end); a timer calls :meth:`tick`."""
        if self.at_end:
            self.goto(self.first_dealt)
        if not self.playing:
            self.playing = True
            self._notify("playing")

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self._notify("playing")

    def tick(self) -> float | None:
        """One move while playing; returns the seconds until the next (``None``: stopped)."""
        if not self.playing:
            return None
        self.step(1)
        return SPEEDS[self.speed] if self.playing else None

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed is one of {', '.join(SPEEDS)}, got {speed!r}")
        self.speed = speed

    # -- what the screen shows ---------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self._notify("lang")

    @property
    def view(self) -> PlayerView:
        """The board as a spectator sees it (owners, armies, hand sizes): the map's view."""
        return warkit.view(self.state, None)

    def highlights(self) -> Highlights:
        """The move that led here: an arrow for an attack or a move (and for the dice of a
        battle), a placed territory."""
        if self._index == 0:
            return Highlights()
        before = self.match.states[self._index - 1]
        shown = touched(before, self.match.actions[self._index - 1])
        if shown is None and before.battle is not None:
            b = before.battle
            shown = Highlights(selected=b.src, target=b.dst, arrow=(b.src, b.dst))
        return shown or Highlights()

    def click(self, territory: object) -> None:
        """The map is for watching: a click changes nothing."""

    def last_roll(self) -> tuple[int, DiceComparison] | None:
        """The last roll of the current turn up to here: its index and the dice as the rule
        set's battle rule judges them (C-ATK-4, SMART's terrain knowledge; ``None`` before any
        roll this turn)."""
        turn = self.state.turn
        for i in range(self._index - 1, -1, -1):
            before = self.match.states[i]
            if before.turn != turn:
                return None
            action = self.match.actions[i]
            battle = before.battle
            if isinstance(action, Roll) and battle is not None:  # judged as the rules judge it
                rule = before.rules.battle_rule(before, battle.dst)
                return i, compare_dice(action.attack, action.defence, rule,
                                       defenders=before.armies[battle.dst],
                                       attackers=before.armies[battle.src] - 1)
        return None

    def secrets(self) -> tuple[Secret, ...]:
        """Each seat's objective and cards where they may be shown (see the class)."""
        state = self.state
        shown_all = self.finished
        out = []
        for seat in range(state.num_players):
            size = len(state.hands[seat])
            if shown_all or seat == self.viewer:
                own = warkit.view(state, seat)  # what that player saw: its effective objective
                out.append(Secret(seat, own.objective, own.hand, size))
            else:
                out.append(Secret(seat, None, None, size))
        return tuple(out)

    def fork_point(self) -> Match:
        """The record cut at the position (from the deal on): the start of a new game "from
        here" (:func:`warkit_widgets.play.replay_panel.fork` seats its players)."""
        if self._index < self.first_dealt:
            raise ValueError("a game continues from a move after the deal")
        cut = Match(self.match.states[0], seed=self.match.seed)
        cut.states = list(self.match.states[:self._index + 1])
        cut.actions = list(self.match.actions[:self._index])
        return cut


__all__ = ["SPEEDS", "Replay", "Secret"]
