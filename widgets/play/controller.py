"""The dashboard's brain, in pure Python: one game of War with humans and computers.

:class:`GameController` owns the :class:`warkit.Match`, the seats (human or a
bot level), the hot-seat *viewer* (the one seat whose secrets may be shown),
the UI :class:`Step` (what the human is being asked), the map's selection model (a
:class:`~warkit_widgets.controller.MapSelection` fed with the viewer's view: no second
copy of the game), the translated log, the dice on the table, undo, the bots' pacing,
"attack until...", automatic passes and the autosave. It is the dashboard's only
controller: a click goes map widget → :meth:`GameController.click` → listeners, once.
It imports no ipywidgets: tests drive it directly, and :mod:`warkit_widgets.play.app` only
draws what it says.

Secrets: widgets read :attr:`GameController.view` - :func:`warkit.view` of the
viewer, or of nobody (``None``) while the device is being passed or when no
human may look - never the state itself.

Time: computers and chance move only in :meth:`GameController.advance`, one
small step at a time; it returns how long the page should wait before the
next step (the pace a human can follow), so a timer in the kernel's event
loop (:class:`warkit_widgets.play.page.voila.Ticker`) can drive it without ever blocking
clicks. Chance goes through the engine's :class:`warkit.Sampler`
(:func:`chance_sampler`).
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

import warkit
from warkit import (
    CHANCE,
    Action,
    Attack,
    EndPhase,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Match,
    Occupy,
    Phase,
    PlayerView,
    Roll,
    Sampler,
)
from warkit.events import Event, Reacted, in_battle
from warkit.rules.terms import BattleRule, Side

from ..battle_terms import BattleTerms
from ..controller import (
    BattleRecord,
    Highlights,
    MapSelection,
    Message,
    MessageKind,
    Moves,
    battle_record,
    moves_of,
    touched,
)
from ..i18n import normalize_lang, refusal_text, territory_name
from ..models import DiceComparison, RerollShown, compare_dice
from ..observable import Observable
from .coach import Hint, advise
from .config import PACES, GameConfig, Seat, Step
from .log import LogEvent, log_events, turn_header
from .messages import tr
from .reactions import RankedReaction, useful_reactions

if TYPE_CHECKING:  # only for a cast: the dashboard keeps no SMART special case
    from warkit.rules.smart import Rerolled

DELAYS: dict[str, float] = {
    "trade": 0.7, "intelligence": 0.7, "place": 0.3, "attack": 0.35, "airattack": 0.6,
    "roll": 0.7, "rerolled": 0.6, "reveal": 0.6, "reroll": 0.4, "occupy": 0.4,
    "move": 0.4, "alliance": 0.4, "airlift": 0.4, "discard": 0.2, "end": 0.12, "pass": 0.1,
    "turn": 0.6,
}
"""Seconds to leave on screen after a computer's (or chance's) action, at normal pace;
``"turn"``: before a computer's turn starts (whose turn it is, read in the header)."""
BLITZ_DELAY = 0.45
"""Seconds between the battles of a human's "attack until..." at normal pace (the dice of
each battle stay on screen a moment; none at "instant")."""


def chance_sampler(seed: int | None, index: int) -> Sampler:
    """The :class:`warkit.Sampler` of the chance step at ``index`` of a match with ``seed``:
    a fixed function of both, so a saved game resumes with the same luck and reloading
    cannot re-roll the dice (the same numbers as ``random.Random(f"{seed}:{index}")``)."""
    text = f"{seed}:{index}".encode()
    return Sampler(int.from_bytes(text + hashlib.sha512(text).digest(), "big"))


@dataclass(frozen=True)
class _Mark:
    """What :meth:`GameController.restore` puts back (the page loop's undo after a bug)."""

    actions: int
    log: int
    tray: DiceComparison | None
    last_battle: BattleRecord | None
    rerolls: tuple[RerollShown, ...]
    reroll_asked: tuple[Side, tuple[int, ...], int] | None
    rolls: int
    recent: Highlights | None
    last_attack: tuple[int, int, int] | None
    auto_passed: int
    shown_turn: int


@dataclass(frozen=True)
class Blitz:
    """A human's "attack until...": the pair, and the armies to keep on the source."""

    src: int
    dst: int
    keep: int = 1
    """Stop when the source has this many armies or fewer (1: until conquered or out)."""


def battle_rule_shown(before: GameState, said: Sequence[Event]) -> BattleRule:
    """The rule set's battle rule of the battle of ``before`` (``rules.battle_rule``), with the
    terrain knowledge revealed by this step (a ``Reacted`` "reveal" event: the reveal may
    resolve the battle at once); sides as before the battle (a conquest hands the revealed
    card to the conqueror, S-CONQ-3)."""
    assert before.battle is not None
    revealed = next((e for e in said if isinstance(e, Reacted) and e.kind == "reveal"), None)
    side: Side | None = None
    if revealed is not None:
        side = "attacker" if revealed.seat == before.current else "defender"
    return before.rules.battle_rule(before, before.battle.dst, side)


def _step_of(state: GameState) -> Step:
    """How a person decides the pending step (the rule set's ``PhaseInfo.mode``)."""
    mode = state.rules.phase_info(state.phase).mode
    return Step.WAIT if mode is None else Step(mode)


class GameController(Observable):
    """One game: a match, seats, the viewer, the UI step, pacing, undo, log, autosave.

    The only owner of the game: the map keeps a selection model (:attr:`map`, a
    :class:`~warkit_widgets.controller.MapSelection`) fed with :attr:`view`, and every
    click, button and timer tick goes through a method here, which tells its listeners
    (:meth:`subscribe`) once what changed: ``"state"``, ``"viewer"``, ``"selection"``,
    ``"message"``, ``"log"``, ``"battle"``, ``"lang"``, ``"pace"``. The map widget and the
    odds panel listen to this controller itself (it answers :meth:`highlights`,
    :meth:`attack_armies`...). ``autosave`` is called with the controller after human
    actions and at every new turn (see :class:`warkit_widgets.play.saves.Autosave`).
    """

    def __init__(self, match: Match, seats: Sequence[Seat], *, lang: str = "pt",
                 pace: str = "normal", game_id: str | None = None,
                 autosave: Callable[[GameController], object] | None = None) -> None:
        super().__init__()
        state = match.state
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seats for {state.num_players} players")
        if tuple(s.color for s in seats) != state.colors:
            raise ValueError("the seats' colours must be the game's colours, in order")
        self.match = match
        self.seats = tuple(seats)
        self.game_id = game_id or f"{random.SystemRandom().getrandbits(48):012x}"
        self._lang = normalize_lang(lang)
        self._pace = pace if pace in PACES else "normal"
        self.autosave = autosave
        self.bots = {s: warkit.bots.make(seat.kind if seat.kind in warkit.bots.BOTS else
                                         "random", seed=(match.seed or 0) * 7 + s)
                     for s, seat in enumerate(self.seats) if not seat.is_human}
        self.actors: list[int] = [CHANCE] * len(match.actions)
        """Who made each action of the match (a seat, or CHANCE)."""
        self.think_ms: list[float] = []
        """Milliseconds each computer decision took (for the benchmark)."""
        self.turn_think_ms: list[float] = []
        """Total thinking time of each computer turn."""
        self._turn_think = 0.0
        self._think_turn = -1
        self._shown_turn = -1  # the computer turn whose start was paused on
        self._legal: tuple[GameState | None, warkit.LegalActions] = (None, warkit.LegalActions())
        self._views: tuple[GameState | None, int | None, PlayerView | None] = (None, None, None)
        self._useful: tuple[object, list[RankedReaction]] = (None, [])
        self._confirmed: tuple[int, int] | None = None  # hot-seat: (seat, turn) shown
        self._handoff: int | None = None
        self._viewer: int | None = None
        self.blitz_plan: Blitz | None = None
        """The "attack until..." going on (continued by :meth:`advance`)."""
        self.last_attack: tuple[int, int, int] | None = None
        """The human's last attack of this turn: (source, target, dice), for
        :meth:`repeat_attack` (forgotten when the turn ends)."""
        self._note = ""
        """A plain note shown once before the next prompt (an "attack until..." stopped)."""
        self._automatic: set[int] = set()
        """Indexes of the actions made for a human by the page (an empty trade step skipped):
        not offered to undo, or the player would land on a step with nothing to do."""
        self.recent: Highlights | None = None
        """What the last computer move touched (an arrow, a territory): shown on the map."""
        self.auto_passed = 0
        """Reactions passed automatically because none could help (S-REROLL-1)."""
        self.coach_allowed = True
        """May the humans ask for hints (the new-game form's or the room host's choice)?"""
        self.hints_asked: list[int] = [0] * len(self.seats)
        """How many hints each seat asked for (the end screen says it)."""
        self.last_hint: Hint | None = None
        """The last hint asked for (kept after it is followed)."""
        self._hint_shown: tuple[GameState, Hint] | None = None
        """The hint on the map and the state it was asked in (see :attr:`hint_on_map`)."""
        self.log: list[LogEvent] = []
        self.last_battle: BattleRecord | None = None
        self.tray: DiceComparison | None = None
        """The dice on the table this turn, judged with the SMART modifiers (the dice tray);
        ``None`` at the start of a turn (no dice of the previous player)."""
        self._rerolls: list[RerollShown] = []
        self._reroll_asked: tuple[Side, tuple[int, ...], int] | None = None
        self.rolls = 0
        """Dice rolled so far (rolls and rerolls): the tray animates each new one."""
        self._replay_history()
        self.message = Message("info", "")
        self.update_viewer()
        self.map = MapSelection(self.view, self._moves_now(), can_act=self.my_turn,
                                lang=self._lang, explain=self._illegal_reason,
                                player_name=self.player_text)
        if self.empty_trade_due():  # a first turn that opens on an empty trade step
            self.push(EndPhase(), self.decider)
            self._automatic.add(len(self.match.actions) - 1)
            self._after_change()
        self._say("info", self.prompt())

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig, **options: Any) -> GameController:
        """A new game from the new-game form (set-up dealt with the seed, if any)."""
        match = Match.new(players=[s.color for s in config.seats], rules=config.rules,
                          seed=config.seed)
        game = cls(match, config.seats, lang=config.lang, **options)
        game.coach_allowed = config.coach
        return game

    # -- what the widgets read ----------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The full state: for the engine only (widgets read :attr:`view`)."""
        return self.match.state

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_human)

    @property
    def decider(self) -> int:
        """The seat deciding now, CHANCE, or TERMINAL."""
        return self.state.current_player

    @property
    def viewer(self) -> int | None:
        """The seat whose hand and objective may be shown now (``None``: nobody's)."""
        return self._viewer

    @property
    def view(self) -> PlayerView:
        """What the page may show: the viewer's view (the spectator's if ``None``); made
        once per position and viewer, since every panel reads it."""
        state, viewer = self.state, self._viewer
        seen_state, seen_viewer, cached = self._views
        if cached is None or seen_state is not state or seen_viewer != viewer:
            cached = warkit.view(state, viewer)
            self._views = (state, viewer, cached)
        return cached

    @property
    def handoff(self) -> int | None:
        """Hot-seat: the human the device must be passed to before play goes on."""
        return self._handoff

    @property
    def step(self) -> Step:
        """What the page asks of the human now."""
        state = self.state
        if state.is_terminal:
            return Step.OVER
        if self._handoff is not None:
            return Step.HANDOFF
        decider = self.decider
        if decider < 0 or not self.seats[decider].is_human or decider != self._viewer:
            return Step.WAIT
        return _step_of(state)

    @property
    def step_label(self) -> str:
        """The stem of the pending step's messages, as the rule set names it (``"move"``,
        SMART's ``"alliance"``...)."""
        return self.state.rules.phase_info(self.state.phase).label

    @property
    def my_turn(self) -> bool:
        """Is the viewer to decide now?"""
        return self.step not in (Step.WAIT, Step.HANDOFF, Step.OVER)

    @property
    def waiting_on_computer(self) -> bool:
        """Is something automatic to happen (the page's timer should run): a computer's
        move, chance, or the next battle of an "attack until..."?"""
        state = self.state
        if state.is_terminal:
            return False
        if self._blitz_due() or self.auto_pass_due():
            return True
        if self._handoff is not None:
            return False
        decider = self.decider
        return decider == CHANCE or not self.seats[decider].is_human

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self.map.lang = self._lang
        self._say("info", self.prompt())
        self._notify("lang", "message", "log")

    @property
    def pace(self) -> str:
        return self._pace

    @pace.setter
    def pace(self, value: str) -> None:
        if value not in PACES:
            raise ValueError(f"pace is one of {', '.join(PACES)}, got {value!r}")
        self._pace = value
        self._notify("pace")

    # -- what the map and the odds panel read ------------------------------------------------------
    def highlights(self) -> Highlights:
        """The map's highlight layer: the viewer's selection when deciding, else the battle
        being fought or the last computer move."""
        if self.my_turn:
            shown = self.hint_on_map
            mark = None if shown is None else shown.mark()
            return replace(self.map.highlights(), hint=mark)
        battle = self.state.battle
        if battle is not None and in_battle(self.state):
            return Highlights(selected=battle.src, target=battle.dst,
                              arrow=(battle.src, battle.dst))
        return self.recent or Highlights()

    def attack_armies(self) -> tuple[int, int] | None:
        """Attacking and defending armies of the selected or running attack (the odds)."""
        return self.map.attack_armies()

    def attack_terms(self) -> BattleTerms:
        """The SMART modifiers of that attack as the viewer knows them."""
        return self.map.attack_terms()

    # -- the human's actions --------------------------------------------------------------------
    def act(self, action: Action | str) -> bool:
        """Play the viewer's decision (refused, with the reason in :attr:`message`, when it is
        not theirs or the rules say no). Chance steps that follow (dice) resolve at once, and
        reactions that could not help are passed at once. Should something fail past the
        rules' own checks (a bug), the game is put back as it was and the error raised."""
        with self._undone_on_failure():
            return self._act(action)

    def _act(self, action: Action | str) -> bool:
        if not self.my_turn:
            self._refuse_text(self._blocked_text())
            return False
        step = self.step
        try:
            if isinstance(action, str):
                action = warkit.parse_action(action)
            changed = self.push(action, self.decider)
        except IllegalActionError as exc:
            self._say("refused", refusal_text(exc, self._lang), exc.rule)
            self._notify("message")
            return False
        except InvalidActionError as exc:
            self._refuse_text(tr("refused.prefix", self._lang) + str(exc))
            return False
        if not (step is Step.REACT or (step is Step.ATTACK and action.route is not None)):
            self.blitz_plan = None  # another decision than an attack or a reaction ends it
        changed |= self.settle()
        self._after_change()
        self._save()
        self._notify(*changed, "viewer", "selection")
        return True

    def attack(self, dice: int | None = None) -> bool:
        """Fight one battle of the attack selected on the map: an ordinary attack, or an air
        attack (S-AIR-1) when the target is reached only by discarding its card."""
        sel = self.map.selection
        if sel.source is None or sel.target is None or self.map.moves.kind != "attack":
            self._refuse_text(tr("play.pick_attack", self._lang))
            return False
        self.blitz_plan = None  # an attack by hand ends an "attack until..."
        ids = self.state.map.ids
        n = dice if dice is not None else self.map.max_count()
        # the dice asked for, as the rule set offers the route (the engine explains a refusal)
        action = self._attack_on(ids[sel.source], ids[sel.target], n)
        if self.act(action):
            self.last_attack = (sel.source, sel.target, n)
            return True
        return False

    def blitz(self, keep: int = 1) -> bool:
        """Attack the selected target with the most dice, battle after battle, until it is
        conquered or the source has ``keep`` armies left (C-ATK-5: attacks may go on);
        the battles come from :meth:`advance` at the chosen pace, each in the log."""
        sel = self.map.selection
        if not self.my_turn or sel.source is None or sel.target is None:
            return self.attack()  # refused with the reason
        if keep < 1:
            raise ValueError(f"an attack leaves at least 1 army behind (C-ATK-2), got {keep}")
        if self.state.armies[sel.source] <= keep:
            self._refuse_text(tr("play.blitz.too_few", self._lang, n=keep))
            return False
        plan = Blitz(sel.source, sel.target, keep)
        if not self.attack():
            return False
        self.blitz_plan = plan
        self._check_blitz()
        self._notify("message")
        return True

    def stop_blitz(self) -> None:
        """Stop an "attack until..." after the battle on the table."""
        if self.blitz_plan is not None:
            self.blitz_plan = None
            self._say("info", self.prompt())
            self._notify("message")

    def can_repeat(self) -> bool:
        """Can the last attack of this turn be fought again (same pair, still legal)?"""
        last = self.last_attack
        return (last is not None and self.step is Step.ATTACK
                and self.attack_now(last[0], last[1]) is not None)

    def repeat_attack(self) -> bool:
        """Fight the last attack of this turn again: the same pair, the same dice where still
        allowed (checked through the rule set, from the state)."""
        last = self.last_attack
        action = None
        if last is not None and self.step is Step.ATTACK:
            action = self.attack_now(*last)
        if last is None or action is None:
            self._refuse_text(tr("play.repeat.none", self._lang))
            return False
        src, dst, _ = last
        self.blitz_plan = None
        if self.act(action):
            self.last_attack = (src, dst, getattr(action, action.count_field))
            return True
        return False

    def place(self, armies: int) -> bool:
        """Place ``armies`` on the territory selected on the map."""
        return self._selected_action(armies)

    def move(self, armies: int) -> bool:
        """Move ``armies`` along the pair selected on the map (regroup, alliance, airlift)."""
        return self._selected_action(armies)

    def occupy(self, armies: int) -> bool:
        return self.act(Occupy(armies))

    def end(self) -> bool:
        """End the current step (trading, attacks, the turn, an alliance or airlift)."""
        return self.act(EndPhase())

    def _selected_action(self, count: int) -> bool:
        action = self.map.pending_action(count)
        if action is None:
            self._refuse_text(self.map.message.text or self.prompt())
            return False
        return self.act(action)

    def _attack_on(self, src: str, dst: str, n: int) -> Action:
        """The legal attack from ``src`` on ``dst`` with ``n`` dice: the ordinary one, or
        another kind the rule set offers on that route (SMART's air attack, S-AIR-1); an
        ordinary one (for the engine to refuse with its reason) when none is legal."""
        plain = Attack(src, dst, n)
        legal = self.legal()
        if plain in legal:
            return plain
        for family in legal.families:
            action = family if isinstance(family, Action) else family.make(n)
            if action.route == (src, dst) and action in legal:
                return action
        return plain

    def legal(self) -> warkit.LegalActions:
        """The legal actions of the decider (empty at chance steps and at the end); kept
        until the state changes, since the page asks several times per update."""
        state = self.state
        if self._legal[0] is not state:
            self._legal = (state, warkit.legal_actions(state))
        return self._legal[1]

    def reactions(self) -> list[RankedReaction]:
        """The viewer's reactions that help the battle on the table, best first
        (:mod:`warkit_widgets.play.reactions`); empty when it is not their reaction."""
        if self.step is not Step.REACT:
            return []
        return self._useful_for(self.decider)

    def click(self, territory: int | str | None) -> None:
        """A click on the map (territory index or id; ``None`` for the sea). While placing,
        a second click on the selected territory places one more army there (as the War
        apps do) instead of clearing the selection."""
        if territory is not None and self.step is Step.PLACE:
            index = self.state.map.index(territory)
            if index == self.map.selection.source and self.map.selection.target is None:
                self.place(1)
                return
        self.map.click(territory)
        self.message = self.map.message
        self._notify("selection", "message")

    def select(self, source: int | str | None, target: int | str | None = None) -> None:
        """Set the map selection directly (refused like clicks when illegal)."""
        self.map.select(source, target)
        self.message = self.map.message
        self._notify("selection", "message")

    def clear(self) -> None:
        """Forget the selection (and stop an "attack until...")."""
        self.blitz_plan = None
        self._hint_shown = None  # Escape dismisses the hint too
        self.map.clear()
        self._say("info", tr("map.cleared", self._lang) + " " + self.prompt())
        self._notify("selection", "message")

    def confirm_handoff(self) -> None:
        """Hot-seat: the player named by :attr:`handoff` has the device now."""
        seat = self._handoff
        if seat is None:
            return
        self._confirmed = (seat, self.state.turn)
        self._after_change()
        self._notify("viewer", "state", "message", "selection")

    # -- files -------------------------------------------------------------------------------
    online = False
    """A room's game (each player on their own device): no file replaces it, the spectator
    is told it watches (not waiting for a player to take the device)."""

    def save_file(self, lang: str) -> tuple[str, str, str] | None:
        """What the Save button downloads instead of the whole match — (file name, text, the
        notice in ``lang``) — or ``None`` for the whole match, every secret in it
        (:func:`~.saves.dump_game`, as here). A room's seat overrides it: its own record."""
        return None

    def save_tip(self, lang: str) -> str:
        """The Save button's tooltip: what the file holds."""
        return tr("files.save_tip", lang)

    # -- the coach (warkit_widgets.play.coach) -------------------------------------------------
    def hint_counts(self) -> list[int]:
        """How many hints each seat asked for, as the end screen says it."""
        return list(self.hints_asked)

    @property
    def hint_on_map(self) -> Hint | None:
        """The hint drawn on the map in its own style (:attr:`Highlights.hint`): from
        :meth:`ask_hint` until the viewer acts (any step after the one it was asked in) or
        dismisses it (:meth:`clear`, the Escape key)."""
        shown = self._hint_shown
        return shown[1] if shown is not None and shown[0] is self.state else None

    def ask_hint(self) -> Hint | None:
        """The coach's advice for the viewer's decision, from the viewer's view only: drawn
        on the map in the hint's own style (:attr:`hint_on_map`) and selected, so the main
        button plays it, said in :attr:`message`, counted in
        :attr:`hints_asked`; refused when hints are off or it is not the viewer's decision."""
        if not self.coach_allowed:
            self._refuse_text(tr("coach.off", self._lang))
            return None
        if not self.my_turn or self._viewer is None:
            self._refuse_text(tr("coach.not_now", self._lang))
            return None
        hint = advise(self.view, self.legal(), seed=len(self.match.actions))
        self.hints_asked[self._viewer] += 1
        self.last_hint = hint
        self._hint_shown = (self.state, hint)
        if hint.src is not None and hint.dst is not None and self.map.moves.pairs:
            self.map.select(hint.src, hint.dst)
        elif hint.dst is not None and self.map.moves.singles:
            self.map.select(hint.dst)
        self._say("info", tr("coach.prefix", self._lang) + hint.text(self._lang, self.names))
        self._notify("selection", "message", "hint")
        return hint

    # -- undo ----------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """The viewer may take back their own last decision of this step (never a roll, a
        drawn or revealed card, or another player's move)."""
        return (self.my_turn and self.match.can_undo() and bool(self.actors)
                and self.actors[-1] == self.decider
                and len(self.match.actions) - 1 not in self._automatic)

    def undo(self) -> bool:
        if not self.can_undo():
            self._refuse_text(tr("play.cannot_undo", self._lang))
            return False
        self.match.undo()
        self.actors.pop()
        n = len(self.match.actions)
        self.log = [e for e in self.log if e.index < n]
        self._after_change()
        self._say("info", tr("play.undone", self._lang) + " " + self.prompt())
        self._save()
        self._notify("state", "log", "message", "selection")
        return True

    # -- computers and chance -----------------------------------------------------------------
    def advance(self, budget: float = 0.05) -> float | None:
        """Play the automatic steps that are due (see :meth:`_advance`); should one fail
        (a bug), the game is put back as it was before this call and the error raised
        again for the page to report: never a half-made step on the screen."""
        with self._undone_on_failure():
            return self._advance(budget)

    @contextlib.contextmanager
    def _undone_on_failure(self) -> Iterator[None]:
        """Put the game back (:meth:`restore`) if the block raises, then raise again."""
        mark = self._mark()
        try:
            yield
        except Exception:
            self.restore(mark)
            raise

    def _mark(self) -> _Mark:
        return _Mark(len(self.match.actions), len(self.log), self.tray, self.last_battle,
                     tuple(self._rerolls), self._reroll_asked, self.rolls, self.recent,
                     self.last_attack, self.auto_passed, self._shown_turn)

    def restore(self, mark: _Mark) -> None:
        """Put the game back at ``mark`` (taken by :meth:`_mark`): the match, the log, the
        dice on the table; the "attack until..." in progress is stopped."""
        n = mark.actions
        del self.match.actions[n:]
        del self.match.states[n + 1:]
        del self.actors[n:]
        del self.log[mark.log:]
        self._automatic = {i for i in self._automatic if i < n}
        self.tray, self.last_battle, self._rerolls = mark.tray, mark.last_battle, list(mark.rerolls)
        self._reroll_asked, self.rolls, self.recent = mark.reroll_asked, mark.rolls, mark.recent
        self.last_attack, self.auto_passed = mark.last_attack, mark.auto_passed
        self._shown_turn = mark.shown_turn
        self.blitz_plan = None
        self._after_change()
        self._notify("state", "log", "battle", "viewer", "selection", "message")

    def _advance(self, budget: float) -> float | None:
        """Play automatic steps (chance, computers, the battles of an "attack until...")
        until one deserves a pause on screen, the ``budget`` of seconds is spent, or a human
        must act.

        Returns the seconds to wait before calling again (the pace: each computer move
        stays on screen that long), or ``None`` when nothing is to be done until a human
        acts (or the game is over).
        """
        start = time.perf_counter()
        changed: set[str] = set()
        delay: float | None = None
        turn = self.state.turn
        pace = PACES[self._pace]
        while self.waiting_on_computer:
            decider = self.decider
            if self._blitz_due():
                changed |= self._blitz_step() | self.settle()
                keyword = "blitz"
            elif self.auto_pass_due():
                changed |= self.settle(chance=False)
                keyword = "pass"
            elif decider == CHANCE:
                keyword, aspects = self._chance_step()
                changed |= aspects | self.settle(chance=False)
            else:
                state = self.state
                if pace > 0 and state.turn != self._shown_turn and decider == state.current:
                    self._shown_turn = state.turn  # a computer's turn starts: a pause first
                    self.recent = None
                    changed.add("state")
                    delay = DELAYS["turn"] * pace
                    break
                keyword = self._computer_step(decider)
                changed |= {"state", "log", "battle"} | self.settle(chance=False)
            delay = (BLITZ_DELAY if keyword == "blitz" else DELAYS.get(keyword, 0.0)) * pace
            if delay > 0 or time.perf_counter() - start > budget:
                break
        else:
            delay = None
        if self.state.turn != self._think_turn or self.state.is_terminal:
            self._flush_think()
        if changed:
            self._after_change()
            if self.state.turn != turn or delay is None:
                self._save()
            self._notify(*changed, "viewer", "selection", "message")
        return delay

    def _computer_step(self, decider: int) -> str:
        """One decision of a computer (it sees only its own view)."""
        if self.state.turn != self._think_turn:  # a new computer turn
            self._flush_think()
            self._think_turn = self.state.turn
        t0 = time.perf_counter()
        view = warkit.view(self.state, decider)
        action = self.bots[decider].choose(view, self.legal())
        ms = 1000 * (time.perf_counter() - t0)
        self.think_ms.append(ms)
        self._turn_think += ms
        self.push(action, decider)
        return action.keyword

    def _flush_think(self) -> None:
        """Close the thinking-time account of the computer turn that just ended."""
        if self._turn_think > 0:
            self.turn_think_ms.append(self._turn_think)
        self._turn_think = 0.0

    def run_computers(self, max_steps: int = 100_000) -> None:
        """Play every automatic step now, until a human must act (for tests and tools)."""
        for _ in range(max_steps):
            if self.advance(budget=1e9) is None:
                return
        raise RuntimeError(f"no human decision after {max_steps} automatic steps")

    # -- automatic steps of the humans: "attack until...", passing a useless reaction ------------
    def _blitz_due(self) -> bool:
        """Is the next battle of an "attack until..." to be fought now?"""
        plan = self.blitz_plan
        return (plan is not None and self.step is Step.ATTACK and self._check_blitz())

    def _check_blitz(self) -> bool:
        """Keep the plan while its attack is legal and the source has more than ``keep``."""
        plan = self.blitz_plan
        if plan is None:
            return False
        state = self.state
        going = (state.phase is Phase.ATTACK or in_battle(state)) and (
            state.armies[plan.src] > plan.keep and state.owner[plan.dst] != state.current)
        if going and state.phase is Phase.ATTACK:
            going = moves_of(state, self.legal()).pairs.get(plan.src, {}).get(plan.dst, 0) > 0
        if not going:
            self.blitz_plan = None
        return going

    def _blitz_step(self) -> set[str]:
        """The next battle of the "attack until...", read from the state through the rule
        set (never from the map's selection, which may lag behind at the "instant" pace);
        stops with a plain message when the rules allow it no more."""
        plan = self.blitz_plan
        if plan is None:  # _blitz_due() has just said a blitz goes on
            return set()
        action = self.attack_now(plan.src, plan.dst)
        if action is None:
            self._stop_blitz("play.blitz.stopped")
            return {"message"}
        self.last_attack = (plan.src, plan.dst, getattr(action, action.count_field))
        return self.push(action, self.decider)

    def attack_now(self, src: int, dst: int, dice: int | None = None) -> Action | None:
        """The attack ``src`` → ``dst`` the rule set allows now, from the state (never the
        map's selection), with ``dice`` (default and at most: the most it allows), of the kind
        it offers on that route (:meth:`_attack_on`); ``None`` when it allows none."""
        legal = self.legal()
        most = moves_of(self.state, legal).pairs.get(src, {}).get(dst, 0)
        if most < 1:
            return None
        n = most if dice is None else max(1, min(dice, most))
        ids = self.state.map.ids
        action = self._attack_on(ids[src], ids[dst], n)
        return action if action in legal else None

    def _stop_blitz(self, key: str) -> None:
        """End an "attack until..." with a plain note (``key``) shown before the prompt."""
        self.blitz_plan = None
        self._note = tr(key, self._lang)

    def _useful_for(self, seat: int) -> list[RankedReaction]:
        state = self.state
        if self._useful[0] is not state:
            self._useful = (state, useful_reactions(warkit.view(state, seat), self.legal()))
        return self._useful[1]

    def auto_pass_due(self) -> bool:
        """Is a human to react to a roll with no reaction that could help (S-REROLL-1,
        S-TERRAIN-1)? Then the pass is made for them: no click, no passing the device. A room's
        controller passes only for its own seat."""
        state = self.state
        decider = self.decider
        info = state.rules.phase_info(state.phase)
        if info.decider != "reacting" or decider < 0 or not self.seats[decider].is_human:
            return False
        return info.decline in self.legal() and not self._useful_for(decider)

    def settle(self, chance: bool = True) -> set[str]:
        """Resolve what follows a move at once: chance steps (dice, cards; unless ``chance``
        is False: the computers' dice get a pause of their own) and the passes of humans
        who have no useful reaction. A room's controller resolves nothing: the room server
        sends those steps with the move's answer."""
        changed: set[str] = set()
        while True:
            if chance and self.decider == CHANCE:
                changed |= self._chance_step()[1]
            elif self.auto_pass_due():
                self.auto_passed += 1
                decline = self.state.rules.phase_info(self.state.phase).decline
                assert decline is not None  # auto_pass_due checked it is legal
                changed |= self.push(decline, self.decider)
                self.log.append(LogEvent("log.autopass", {"seat": self.actors[-1]},
                                         len(self.match.actions) - 1, self.state.turn))
            elif self.empty_trade_due():
                changed |= self.push(EndPhase(), self.decider)
                self._automatic.add(len(self.match.actions) - 1)
            else:
                return changed

    def empty_trade_due(self) -> bool:
        """Is a human at a card-trade step where the rule set offers nothing but going on
        (no cards to trade, no SMART intelligence to buy)? Then the step is skipped for them,
        as classic War's own rules skip it (C-CARD-1, S-TRADE-1). A room's controller skips
        only for its own seat."""
        state = self.state
        decider = self.decider
        if state.phase is not Phase.TRADE or decider < 0 or not self.seats[decider].is_human:
            return False
        legal = self.legal()
        return len(legal) == 1 and EndPhase() in legal

    # -- internals ------------------------------------------------------------------------------
    def _illegal_reason(self, action: Action) -> IllegalActionError | None:
        return warkit.illegal_reason(self.state, action)

    def _moves_now(self) -> Moves:
        """The territory choices of the viewer now (none when it is not their decision)."""
        if not self.my_turn:
            return Moves("none")
        return moves_of(self.state, self.legal())

    def _chance_step(self) -> tuple[str, set[str]]:
        """Resolve one chance step with the engine's sampler; returns its keyword and the
        aspects it changed."""
        action = chance_sampler(self.match.seed, len(self.match.actions)).sample(self.state)
        return action.keyword, self.push(action, CHANCE)

    def push(self, action: Action, actor: int) -> set[str]:
        """Play ``action`` for ``actor`` (a seat or CHANCE); returns the aspects changed.

        Every move passes here (a click, a computer, chance, an automatic pass): a room's
        controller extends it to write the move to the room's log first."""
        before = self.state
        after = self.match.push(action)
        self.actors.append(actor)
        self._record(before, action, after, len(self.match.actions) - 1)
        if actor >= 0 and not self.seats[actor].is_human:
            self.recent = touched(before, action) or self.recent
        return {"state", "log", "message", "battle"}

    def _record(self, before: GameState, action: Action, after: GameState, index: int) -> None:
        """What one step did, in one place, read from the engine's events
        (:func:`warkit.events.events`): the log lines, the dice on the table and the
        battle's result (live and when a saved game is replayed)."""
        said = warkit.events.events(before, action, after)
        self.log.extend(log_events(said, index, before.turn))
        if after.turn != before.turn:
            self.tray, self.last_battle, self._rerolls = None, None, []  # a new turn
            self.last_attack = None  # "repeat the last attack" is for this turn's attacks
            if not after.is_terminal:
                self.log.append(turn_header(after, index))
        if before.battle is not None and in_battle(before):
            self._follow_dice(before, action, after, said)
            record = battle_record(said)
            if record is not None:
                self.last_battle = record

    def _follow_dice(self, before: GameState, action: Action, after: GameState,
                     said: Sequence[Event]) -> None:
        """Judge the dice on the table as the rules will: terrain knowledge (S-TERRAIN-2/3)
        and the rerolls that made them (S-REROLL-1); pending while reactions may follow."""
        if isinstance(action, Roll):
            self.rolls += 1
            self._rerolls = []
        for e in said:
            if not isinstance(e, Reacted):
                continue
            if e.kind == "reroll":  # the dice given up; the new ones come with "rerolled"
                side: Side = "attacker" if e.seat == before.current else "defender"
                # the lowest face the rules let a rerolled die show (its card's minimum)
                lowest = min(min(cast("Rerolled", o).dice)
                             for o, _ in warkit.chance_outcomes(after))
                self._reroll_asked = (side, tuple(sorted(e.dice, reverse=True)), lowest)
            elif e.kind == "rerolled" and self._reroll_asked is not None:
                self.rolls += 1
                side, old, lowest = self._reroll_asked
                self._rerolls.append(RerollShown(side, old, e.dice, lowest))
                self._reroll_asked = None
        if after.last_roll is None:
            return
        b = before.battle
        assert b is not None
        self.tray = compare_dice(*after.last_roll, battle_rule_shown(before, said),
                                 defenders=before.armies[b.dst],
                                 attackers=before.armies[b.src] - 1,
                                 rerolls=self._rerolls,
                                 pending=in_battle(after))

    def _replay_history(self) -> None:
        """The log, dice and battle of the match so far (a loaded game), as they were."""
        self.log = []
        states = self.match.states
        for i, action in enumerate(self.match.actions):
            self._record(states[i], action, states[i + 1], i)

    def _after_change(self) -> None:
        """Follow the new state: the viewer, the map's view and selection, the prompt."""
        self.update_viewer()
        if self._hint_shown is not None and self._hint_shown[0] is not self.state:
            self._hint_shown = None  # the next step: the hint was for the one before
        self._check_blitz()
        self.map.show(self.view, self._moves_now(), self.my_turn)
        if self.state.is_terminal:
            self._say("ok", self._winner_text())
        elif self.blitz_plan is not None:
            self._say("info", self._blitz_text(self.blitz_plan))
        else:
            note, self._note = self._note, ""
            self._say("info", f"{note} {self.prompt()}".strip())

    def update_viewer(self) -> None:
        """Hot-seat secrecy: who may see their secrets now (see the module docstring); called
        after every change. A room's controller shows its own seat instead."""
        humans, state, decider = self.humans, self.state, self.decider
        self._handoff = None
        if state.is_terminal or not humans:
            viewer = None
        elif len(humans) == 1:
            viewer = humans[0]
        else:
            if self._confirmed is not None and self._confirmed[1] != state.turn:
                self._confirmed = None
            shown = self._confirmed[0] if self._confirmed else None
            if (decider >= 0 and self.seats[decider].is_human and decider != shown
                    and not self.auto_pass_due()):
                self._handoff, viewer = decider, None
            else:
                viewer = shown
        self._viewer = viewer

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self)

    # -- words ----------------------------------------------------------------------------------
    def _say(self, kind: MessageKind, text: str, rule: str | None = None) -> None:
        self.message = Message(kind, text, rule)

    def _refuse_text(self, text: str) -> None:
        self._say("refused", text)
        self._notify("message")

    def player_text(self, seat: int) -> str:
        """A player's name: the one typed in the form, everywhere (never a colour)."""
        return self.seats[seat].name

    def _blitz_text(self, plan: Blitz) -> str:
        return tr("play.blitz.going", self._lang, src=territory_name(plan.src, self._lang),
                  dst=territory_name(plan.dst, self._lang), n=plan.keep)

    def _blocked_text(self) -> str:
        step = self.step
        if step is Step.OVER:
            return tr("map.phase.over", self._lang)
        if step is Step.HANDOFF and self._handoff is not None:
            return tr("play.handoff.title", self._lang, player=self.player_text(self._handoff))
        decider = self.decider
        if decider == CHANCE and not 0 <= self.state.current < len(self.seats):
            return tr("map.phase.chance", self._lang)
        # chance steps inside a turn (its dice, its cards) are part of that player's turn:
        # the status stays "X is playing..." instead of flickering to "waiting for luck"
        seat = self.state.current if decider == CHANCE else decider
        return tr("play.wait", self._lang, player=self.player_text(seat))

    def prompt(self) -> str:
        """What the page asks now, in words."""
        step, lang = self.step, self._lang
        if step is Step.OVER:
            return self._winner_text()
        if step in (Step.WAIT, Step.HANDOFF):
            return self._blocked_text()
        state = self.state
        params: dict[str, Any] = {"player": self.player_text(self.decider),
                                  "armies": state.reserves + sum(state.continent_reserves)}
        battle = state.battle
        if step is Step.REACT and battle is not None:
            params.update(src=territory_name(battle.src, lang),
                          dst=territory_name(battle.dst, lang))
            side = "attacker" if state.rules.reacting(state) == state.current else "defender"
            return tr(f"play.prompt.react.{side}", lang, **params)
        if step is Step.TRADE and state.late:
            return tr("play.prompt.trade_late", lang, **params)
        return tr(f"play.prompt.{self.step_label}", lang, **params)

    def _winner_text(self) -> str:
        winners = self.state.winners
        names = [self.player_text(s) for s in winners]
        if len(names) == 1:
            return tr("play.over.one", self._lang, player=names[0])
        return tr("play.over.shared", self._lang, players=", ".join(names))

