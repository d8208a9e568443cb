"""The map's brain, in pure Python: state, selection, highlights, clicks → actions.

:class:`MapController` holds a game state and turns clicks on territories
(indices from :func:`warkit.render.geometry.hit_test`) into a selection — a source,
then a target — using the legal actions of the state
(:func:`warkit.legal_actions`) to know which territories light up. Refused
clicks get the engine's own explanation (:func:`warkit.illegal_reason`).
It never imports ipywidgets: tests drive it directly, and the widgets
(:class:`~warkit_widgets.mapwidget.MapWidget` and friends) only draw what it
says and forward clicks to it.

Widgets read :attr:`MapController.view` (:func:`warkit.view` for the viewer),
never the hidden parts of the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, cast

import warkit
from warkit import (
    CHANCE,
    Action,
    Attack,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Move,
    Occupy,
    Phase,
    Place,
    PlayerView,
    Sampler,
)
from warkit.events import BattleResult, Conquest, Event, in_battle
from warkit.rules.terms import MAP_MODES

from .battle_terms import CLASSIC, BattleTerms, battle_terms
from .i18n import color_name, normalize_lang, refusal_text, territory_name, tr
from .observable import Listener, Observable

Kind = Literal["attack", "move", "place", "none"]
MessageKind = Literal["info", "ok", "refused", "error"]
CURRENT = "current"
"""Viewer setting: always show the view of the player whose decision it is (hot-seat)."""

_PAIR_ACTIONS: dict[Kind, type[Attack] | type[Move]] = {"attack": Attack, "move": Move}
"""The actions of a kind that names a source and a target, each with a count."""


@dataclass(frozen=True)
class Moves:
    """The territory choices of a state, read from its legal actions.

    ``pairs[src][dst]`` is the largest count (dice or armies) of a two-territory
    action (attack, move); ``singles[t]`` the largest count of a one-territory
    action (place). Both empty when the decision is not about territories.
    """

    kind: Kind
    pairs: Mapping[int, Mapping[int, int]] = field(default_factory=dict)
    singles: Mapping[int, int] = field(default_factory=dict)

    @property
    def sources(self) -> frozenset[int]:
        """Territories a click may select first."""
        return frozenset(self.pairs) | frozenset(self.singles)


def moves_of(state: GameState, legal: warkit.LegalActions | None = None) -> Moves:
    """Index the legal actions of ``state`` by territory (see :class:`Moves`); ``legal``:
    those actions when the caller has them already."""
    mode = state.rules.phase_info(state.phase).mode
    if mode not in MAP_MODES:
        return Moves("none")
    kind = cast(Kind, mode)
    index = state.map.index
    pairs: dict[int, dict[int, int]] = {}
    singles: dict[int, int] = {}
    if legal is None:
        legal = warkit.legal_actions(state)
    for family in legal.families:
        action = family if isinstance(family, Action) else family.largest
        count = getattr(action, action.count_field, 1) if action.count_field else 1
        route = action.route  # an attack, a move, SMART's air attack (its card's territory)
        if route is not None:
            targets = pairs.setdefault(index(route[0]), {})
            if isinstance(action, Attack | Move):
                targets[index(route[1])] = count
            else:  # another way to the same target (an air attack) never hides the plain one
                targets.setdefault(index(route[1]), count)
        elif isinstance(action, Place):
            singles[index(action.territory)] = count
    return Moves(kind, pairs, singles)


@dataclass(frozen=True)
class Selection:
    """What the player has picked on the map: a source, then maybe a target."""

    source: int | None = None
    target: int | None = None


HintKind = Literal["attack", "move", "place"]


@dataclass(frozen=True)
class HintMark:
    """The coach's suggestion on the map, drawn in its own style (dashed, ringed), apart from
    the player's selection: an arrow ``(src, dst)`` for an attack or a move (moving in after
    a conquest too), one territory ``(t,)`` for a placement."""

    kind: HintKind
    territories: tuple[int, ...]

    def __post_init__(self) -> None:
        size = 1 if self.kind == "place" else 2
        if len(self.territories) != size:
            raise ValueError(f"a {self.kind} hint marks {size} territories, "
                             f"got {self.territories}")


@dataclass(frozen=True)
class Highlights:
    """What the highlight layer draws, all as territory indices."""

    selected: int | None = None
    target: int | None = None
    sources: frozenset[int] = frozenset()
    """Territories that may be picked (drawn softly) when nothing is selected."""
    targets: frozenset[int] = frozenset()
    """Legal targets of the selected source (drawn with a glow)."""
    arrow: tuple[int, int] | None = None
    """An attack or move arrow: the chosen pair, or the battle being fought."""
    hint: HintMark | None = None
    """The coach's suggestion (:meth:`GameController.ask_hint`), drawn over the rest."""


@dataclass(frozen=True)
class Message:
    """A line for the player: already translated; ``rule`` cites a rule ID when known."""

    kind: MessageKind
    text: str
    rule: str | None = None


@dataclass(frozen=True)
class BattleRecord:
    """One battle as it happened: who fought, the dice, the losses, a conquest."""

    src: int
    dst: int
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    lost_attacker: int
    lost_defender: int
    conquered: bool



def battle_record(said: Iterable[Event]) -> BattleRecord | None:
    """The battle that one step resolved, from the engine's events of that step
    (:func:`warkit.events.events`: its ``BattleResult`` and a ``Conquest``), or ``None``
    when the step resolved none. The losses are the engine's: the armies that moved in at
    a game-winning conquest (C-CONQ-1, C-WIN-1) are not counted as the attacker's."""
    said = tuple(said)
    result = next((e for e in said if isinstance(e, BattleResult)), None)
    if result is None:
        return None
    conquered = any(isinstance(e, Conquest) for e in said)
    return BattleRecord(result.src, result.dst, result.attack, result.defence,
                        result.lost_attacker, result.lost_defender, conquered)


Explain = Callable[[Action], "IllegalActionError | None"]
"""Why the rules refuse an action now (:func:`warkit.illegal_reason` of the full state)."""


class MapSelection:
    """The map's selection model: a source, then a target, over the position it is shown.

    It holds no game state: its owner feeds it the viewer's :class:`~warkit.PlayerView`,
    the :class:`Moves` of the legal actions and whether the viewer may act
    (:meth:`show`), and ``explain`` says why the rules refuse a probe action (a refused
    click gets the engine's reason). Clicks change only the selection and :attr:`message`;
    the owner decides what to do with them and tells its listeners.
    """

    def __init__(self, view: PlayerView, moves: Moves, *, can_act: bool, lang: str = "pt",
                 explain: Explain | None = None,
                 player_name: Callable[[int], str] | None = None) -> None:
        self._lang = normalize_lang(lang)
        self._view = view
        self._moves = moves
        self._can_act = can_act
        self._selection = Selection()
        self._turn = view.turn
        self._kind = moves.kind
        """The last kind of territory decision (place, attack, move): a new one clears."""
        self._explain = explain
        self._player_name = player_name or self._color_name
        self.message = Message("info", self._prompt())

    def show(self, view: PlayerView, moves: Moves, can_act: bool) -> None:
        """Show a new position: the selection is kept where still legal, and kept as it is
        while the decision is not about territories (dice, reactions, someone else's move),
        so the same attack can go on after a roll or a Pass; a new turn, or a new kind of
        decision (the last army placed: now attacks), clears it, so the prompt ("choose your
        territory") and the clicks agree."""
        self._view, self._moves, self._can_act = view, moves, can_act
        new_kind = moves.kind != "none" and moves.kind != self._kind
        if moves.kind != "none":
            self._kind = moves.kind
        if view.turn != self._turn or new_kind:
            self._turn = view.turn
            self._selection = Selection()
        elif can_act and moves.kind != "none":
            sel = self._selection
            src = sel.source if sel.source in moves.sources else None
            targets = moves.pairs.get(src, {}) if src is not None else {}
            self._selection = Selection(src, sel.target if sel.target in targets else None)

    # -- what the widgets read ------------------------------------------------------------------
    @property
    def view(self) -> PlayerView:
        """What the viewer may see (:func:`warkit.view`)."""
        return self._view

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_lang(value)
        self.message = Message("info", self._prompt())

    @property
    def moves(self) -> Moves:
        return self._moves

    @property
    def selection(self) -> Selection:
        return self._selection

    def can_act(self) -> bool:
        """May the viewer act now (their decision, not chance, not a spectator)?"""
        return self._can_act

    def highlights(self) -> Highlights:
        """What to draw on the highlight layer for the current selection and view."""
        sel = self._selection
        battle = self._view.battle
        arrow = None
        if battle is not None:
            arrow = (battle.src, battle.dst)
        elif sel.source is not None and sel.target is not None:
            arrow = (sel.source, sel.target)
        if not self._can_act or self._moves.kind == "none":
            return Highlights(arrow=arrow)
        if sel.source is None:
            return Highlights(sources=self._moves.sources, arrow=arrow)
        return Highlights(selected=sel.source, target=sel.target,
                          targets=frozenset(self._moves.pairs.get(sel.source, {})), arrow=arrow)

    def attack_pair(self) -> tuple[int, int] | None:
        """``(source, target)`` of the battle being fought, else of the selected attack;
        ``None`` during a move-in (C-CONQ-1: the battle is over, there are no odds left)."""
        battle = self._view.battle
        if battle is not None:
            return (battle.src, battle.dst) if in_battle(self._view) else None
        source, target = self._selection.source, self._selection.target
        if self._moves.kind == "attack" and source is not None and target is not None:
            return source, target
        return None

    def attack_armies(self) -> tuple[int, int] | None:
        """``(attacking armies, defending armies)`` of the selected or running attack, for odds.

        Attacking armies are those that may attack: the territory's armies - 1 (C-ATK-2).
        """
        pair = self.attack_pair()
        if pair is None:
            return None
        armies = self._view.armies
        return max(0, armies[pair[0]] - 1), armies[pair[1]]

    def attack_terms(self) -> BattleTerms:
        """The SMART modifiers of that attack as the viewer knows them (none in classic)."""
        pair = self.attack_pair()
        return CLASSIC if pair is None else battle_terms(self._view, *pair)

    def max_count(self) -> int:
        """Largest count (dice, armies) for the current selection, 0 if it is incomplete."""
        sel, moves = self._selection, self._moves
        if sel.source is None:
            return 0
        if sel.target is not None:
            return moves.pairs.get(sel.source, {}).get(sel.target, 0)
        return moves.singles.get(sel.source, 0)

    def pending_action(self, count: int | None = None) -> Action | None:
        """The action the selection stands for, with ``count`` dice or armies.

        Default count: the most dice for an attack, 1 army for a move or a placement.
        ``None`` while the selection is incomplete.
        """
        most = self.max_count()
        sel, kind, ids = self._selection, self._moves.kind, self._view.map.ids
        source, target = sel.source, sel.target
        if most == 0 or source is None:  # max_count() is 0 without a source
            return None
        if kind == "attack" and target is not None:
            return Attack(ids[source], ids[target], most if count is None else count)
        if kind == "move" and target is not None:
            return Move(ids[source], ids[target], 1 if count is None else count)
        if kind == "place":
            return Place(ids[source], 1 if count is None else count)
        return None

    # -- clicks ----------------------------------------------------------------------------------
    def click(self, territory: int | str | None) -> Selection:
        """A click on a territory (index or id), or on the sea (``None``).

        Picks a source, then one of its targets; clicking the source again or
        the sea clears the selection; a refused click keeps the selection and
        sets :attr:`message` to the engine's reason.
        """
        index = None if territory is None else self._view.map.index(territory)
        self._click(index)
        return self._selection

    def _click(self, t: int | None) -> None:
        sel, moves = self._selection, self._moves
        if not self._can_act:
            self._say("info", self._blocked_text())
            return
        if moves.kind == "none":  # a decision that is not about territories (move in, dice)
            self._say("info", self._prompt())
            return
        if t is None or (t == sel.source and sel.target is None):
            self._selection = Selection()
            self._say("info", tr("map.cleared", self._lang) + " " + self._prompt())
            return
        if t == sel.target and sel.source is not None:
            self._select(sel.source, None)
            return
        if t in moves.sources:
            if sel.source is not None and t in moves.pairs.get(sel.source, {}):
                self._select(sel.source, t)
            else:
                self._select(t, None)
            return
        if sel.source is not None and t in moves.pairs.get(sel.source, {}):
            self._select(sel.source, t)
            return
        self._refuse(t)

    def select(self, source: int | str | None, target: int | str | None = None) -> Selection:
        """Set the selection directly (ids or indices); illegal choices are refused like clicks."""
        index = self._view.map.index
        src = None if source is None else index(source)
        dst = None if target is None else index(target)
        self._selection = Selection()
        if src is None:
            self._say("info", self._prompt())
            return self._selection
        self._click(src)
        if dst is not None and self._selection.source == src:
            self._click(dst)
        return self._selection

    def clear(self) -> None:
        """Forget the selection."""
        self._selection = Selection()
        self._say("info", self._prompt())

    def _select(self, source: int, target: int | None) -> None:
        self._selection = Selection(source, target)
        self._say("info", self._selection_text())

    # -- messages --------------------------------------------------------------------------------
    def _say(self, kind: MessageKind, text: str, rule: str | None = None) -> None:
        self.message = Message(kind, text, rule)

    def _name(self, index: int | None) -> str:
        return "" if index is None else territory_name(index, self._lang)

    def _color_name(self, seat: int) -> str:
        return color_name(self._view.colors[seat], self._lang).capitalize()

    def _prompt(self) -> str:
        """What the player should do next, in words."""
        view, lang = self._view, self._lang
        if view.phase is Phase.GAME_OVER:
            return tr("map.phase.over", lang)
        if view.current_player == CHANCE:
            if view.phase is Phase.ROLL and view.battle is not None:
                return tr("map.phase.roll", lang, src=self._name(view.battle.src),
                          dst=self._name(view.battle.dst))
            return tr("map.phase.chance", lang)
        if not self._can_act:
            return self._blocked_text()
        player = self._player_name(view.current)
        if view.phase is Phase.OCCUPY and view.battle is not None:
            return tr("map.phase.occupy", lang, dst=self._name(view.battle.dst))
        if view.phase is Phase.TRADE:
            return tr("map.phase.trade", lang, player=player)
        if self._moves.kind == "none":
            return ""
        armies = view.reserves + sum(view.continent_reserves)
        return tr(f"map.pick_source.{self._moves.kind}", lang, player=player, n=armies)

    def _blocked_text(self) -> str:
        view = self._view
        if view.phase is Phase.GAME_OVER:
            return tr("map.phase.over", self._lang)
        if view.current_player == CHANCE:
            return self._prompt()
        return tr("map.not_your_turn", self._lang, player=self._player_name(view.current))

    def _selection_text(self) -> str:
        sel, kind, lang = self._selection, self._moves.kind, self._lang
        src, armies = self._name(sel.source), self._view.armies
        if sel.source is None:  # nothing picked yet
            return self._prompt()
        if sel.target is None:
            # the plural agrees with the source's armies (attack) or the armies that may go (place)
            return tr(f"map.source.{kind}", lang, src=src,
                      n=armies[sel.source] if kind == "attack" else self.max_count())
        return tr(f"map.target.{kind}", lang, src=src, dst=self._name(sel.target),
                  n=self.max_count(), defence=armies[sel.target])

    def _refusal(self, exc: IllegalActionError, action: object = None) -> str:
        names = {}
        ids = self._view.map.ids
        for role in ("src", "dst", "territory"):
            tid = getattr(action, role, None)
            if isinstance(tid, str) and tid in ids:
                names["src" if role == "territory" else role] = self._name(
                    self._view.map.index(tid))
        return refusal_text(exc, self._lang, **names)

    def _refuse(self, t: int) -> None:
        """Explain why ``t`` cannot be picked, in the engine's words when it has them."""
        sel, kind, view = self._selection, self._moves.kind, self._view
        ids, adjacency = view.map.ids, view.map.adjacency
        if kind == "none":
            self._say("info", self._prompt())
            return
        if kind == "place":
            probe: Action | None = Place(ids[t], 1)
        elif sel.source is not None and not (kind == "attack" and view.owner[t] == view.current):
            probe = _PAIR_ACTIONS[kind](ids[sel.source], ids[t], 1)
        else:
            mine = view.owner[t] == view.current
            enemy = [j for j in adjacency[t] if view.owner[j] != view.current]
            friends = [j for j in adjacency[t] if view.owner[j] == view.current]
            pick = (enemy if kind == "attack" else friends) or list(adjacency[t])
            probe = _PAIR_ACTIONS[kind](ids[t], ids[pick[0]], 1) if pick else None
            if mine and kind == "attack" and not enemy:
                self._say("refused", tr("map.no_enemy_neighbour", self._lang,
                                        src=self._name(t)), "C-ATK-1")
                return
        explain = self._explain
        error = explain(probe) if probe is not None and explain is not None else None
        if error is None:  # legal in itself, yet not offered: nothing left to move
            self._say("refused", tr("map.nothing_to_move", self._lang, src=self._name(t)),
                      "C-MOVE-3")
            return
        self._say("refused", self._refusal(error, probe), error.rule)


class MapModel(Protocol):
    """What a :class:`~warkit_widgets.mapwidget.MapWidget` and an
    :class:`~warkit_widgets.odds.OddsWidget` read from the controller they show: a
    :class:`MapController`, or the dashboard's game controller (which keeps one inside and
    answers the same questions for the seat on screen)."""

    message: Message
    """The line under the map: a prompt, or why a click was refused."""

    @property
    def lang(self) -> str: ...
    @lang.setter
    def lang(self, value: str) -> None: ...
    @property
    def state(self) -> GameState: ...
    @property
    def view(self) -> PlayerView: ...
    def highlights(self) -> Highlights: ...
    def click(self, territory: int | str | None) -> object: ...
    def attack_armies(self) -> tuple[int, int] | None: ...
    def attack_terms(self) -> BattleTerms: ...
    def subscribe(self, listener: Listener) -> Callable[[], None]: ...


class MapController(MapSelection, Observable):
    """State + selection + highlights of a War map, driven by clicks (pure Python): the
    lessons' controller, which owns its position (the dashboard's is the game controller).

    ``viewer`` is the seat whose view widgets show (:data:`CURRENT`: whoever
    decides now, for hot-seat play; ``None``: a spectator who cannot click).
    ``seed`` seeds the :class:`warkit.Sampler` that rolls the dice when
    :meth:`resolve` is called; forced rolls go through :meth:`apply`.

    Listeners (:meth:`subscribe`) get the aspects that changed: ``"state"``,
    ``"selection"``, ``"message"``, ``"battle"``, ``"lang"``.
    """

    def __init__(self, state: GameState, *, viewer: int | str | None = CURRENT,
                 seed: int | None = None, lang: str = "pt") -> None:
        Observable.__init__(self)
        if not isinstance(state, GameState):
            raise TypeError(f"MapController needs a GameState, got {type(state).__name__}")
        self._check_viewer(state, viewer)
        self._viewer = viewer
        self.sampler = Sampler(seed)
        self._state = state
        self.last_battle: BattleRecord | None = None
        MapSelection.__init__(self, warkit.view(state, self._seat(state, viewer)),
                              moves_of(state), can_act=self._may_act(state, viewer),
                              lang=lang, explain=self._illegal_reason)

    @classmethod
    def of(cls, source: GameState | MapController, *, lang: str = "pt",
           seed: int | None = None) -> MapController:
        """A widget's controller: a new one over a state, or a given one switched to ``lang``
        (widgets built on one controller follow the same selection)."""
        if isinstance(source, GameState):
            return cls(source, lang=lang, seed=seed)
        source.lang = lang
        return source

    @staticmethod
    def _check_viewer(state: GameState, viewer: object) -> None:
        if viewer != CURRENT and viewer is not None and viewer not in range(state.num_players):
            raise ValueError(f"viewer must be a seat, None or {CURRENT!r}, got {viewer!r}")

    @staticmethod
    def _seat(state: GameState, viewer: int | str | None) -> int | None:
        if viewer == CURRENT:
            seat = state.current_player
            return seat if seat >= 0 else state.current
        return viewer  # type: ignore[return-value]

    @classmethod
    def _may_act(cls, state: GameState, viewer: int | str | None) -> bool:
        decider = state.current_player
        return decider >= 0 and cls._seat(state, viewer) == decider

    def _illegal_reason(self, action: Action) -> IllegalActionError | None:
        return warkit.illegal_reason(self._state, action)

    def _feed(self) -> None:
        state, viewer = self._state, self._viewer
        self._view = warkit.view(state, self._seat(state, viewer))
        self._moves = moves_of(state)
        self._can_act = self._may_act(state, viewer)

    # -- what the widgets read ------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The full state (for the engine; widgets show :attr:`view`)."""
        return self._state

    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown now (``None``: spectator)."""
        return self._seat(self._state, self._viewer)

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        MapSelection.lang.fset(self, value)  # type: ignore[attr-defined]
        self._notify("lang", "message")

    # -- clicks (the selection model's, told to the listeners) ------------------------------------
    def click(self, territory: int | str | None) -> Selection:
        selection = super().click(territory)
        self._notify("selection", "message")
        return selection

    def select(self, source: int | str | None, target: int | str | None = None) -> Selection:
        selection = super().select(source, target)
        self._notify("selection", "message")
        return selection

    def clear(self) -> None:
        super().clear()
        self._notify("selection", "message")

    # -- actions ---------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> bool:
        """Apply an action (or its text, e.g. a forced ``"roll 5,4,1 vs 6,3,1"``).

        Returns False, with the refusal in :attr:`message`, when the engine says no;
        the state is then unchanged.
        """
        before = self._state
        try:
            if isinstance(action, str):
                action = warkit.parse_action(action)
            after = warkit.apply(before, action)
        except IllegalActionError as exc:
            self._say("refused", self._refusal(exc, action), exc.rule)
            self._notify("message")
            return False
        except InvalidActionError as exc:
            self._say("refused", tr("refused.prefix", self._lang) + str(exc))
            self._notify("message")
            return False
        changed = self._advance(before, after, action)
        self._notify(*changed)
        return True

    def act(self, count: int | None = None, *, resolve: bool = True) -> bool:
        """Apply :meth:`pending_action` and, if ``resolve``, roll its dice with the sampler."""
        action = self.pending_action(count)
        if action is None:
            self._say("refused", self._prompt())
            self._notify("message")
            return False
        if not self.apply(action):
            return False
        if resolve:
            self.resolve()
        return True

    def resolve(self) -> GameState:
        """Play pending chance steps (dice, cards) with the seeded sampler."""
        changed: set[str] = set()
        while self._state.current_player == CHANCE:
            before = self._state
            action = self.sampler.sample(before)
            changed |= self._advance(before, warkit.apply(before, action), action)
        if changed:
            self._notify(*changed)
        return self._state

    def set_state(self, state: GameState) -> None:
        """Show another state (a new position, an undo...); the selection is kept where legal."""
        if not isinstance(state, GameState):
            raise TypeError(f"set_state needs a GameState, got {type(state).__name__}")
        self._notify(*self._advance(self._state, state, None))

    def _advance(self, before: GameState, after: GameState, action: Action | None) -> set[str]:
        self._state = after
        sel = self._selection
        self._feed()
        changed = {"state", "selection", "message"}
        if after.current_player != CHANCE:  # kept while the dice roll, so "attack again" works
            src = sel.source if sel.source in self._moves.sources else None
            targets = self._moves.pairs.get(src, {}) if src is not None else {}
            self._selection = Selection(src, sel.target if sel.target in targets else None)
        record = None if action is None else battle_record(
            warkit.events.events(before, action, after))
        if record is not None:
            self.last_battle = b = record
            changed.add("battle")
            if b.conquered and after.phase is Phase.OCCUPY:
                most = warkit.legal_actions(after)[-1]
                self._say("ok", tr("map.conquered", self._lang, dst=self._name(b.dst),
                                   n=getattr(most, "armies", 1)), "C-CONQ-1")
            else:
                self._say("ok", tr("map.battle", self._lang, src=self._name(b.src),
                                   dst=self._name(b.dst), att=b.lost_attacker,
                                   dfn=b.lost_defender), "C-ATK-4")
        elif action is not None and not action.chance:
            self._say("ok", tr("map.done", self._lang, action=str(action)) + " "
                      + self._prompt())
        else:
            self._say("info", self._prompt() if self._selection.source is None
                      else self._selection_text())
        return changed


def touched(before: GameState, action: Action) -> Highlights | None:
    """What a move shows on the map while it stays on screen: an arrow for an attack or a
    move, the territory of a placement."""
    index = before.map.index
    route = action.route  # an attack, a move, SMART's air attack
    if route is not None:
        src, dst = index(route[0]), index(route[1])
        return Highlights(selected=src, target=dst, arrow=(src, dst))
    if isinstance(action, Place):
        return Highlights(selected=index(action.territory))
    if isinstance(action, Occupy) and before.battle is not None:
        b = before.battle
        return Highlights(selected=b.src, target=b.dst, arrow=(b.src, b.dst))
    return None
