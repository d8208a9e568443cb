"""Small widgets for the SMART tactics lessons (06 to 09), one job each.

- :class:`RerollExplorer`: a roll, a card, and every reroll it allows with its exact
  expected result (S-REROLL-1); reroll the best choice with seeded dice.
- :class:`ReachMap`: click a territory and see on the map where its armies can go in the
  movement step: by border, over hidden passages, by alliance or by air (S-MOVE-1,
  S-PASS-1, S-ALLY-1, S-AIRLIFT-1), with the breadth-first layers.

The numbers come from :mod:`.models` (and so from the engine); the strings from the lessons'
catalogue (``widgets/lessons/locale/``) through :func:`warkit_widgets.lessons.messages.tr`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import ipywidgets as w
from warkit_widgets.controller import Highlights
from warkit_widgets.dice import DiceWidget
from warkit_widgets.html import message_html
from warkit_widgets.i18n import color_name, fmt_number, normalize_lang, territory_name
from warkit_widgets.lessons.messages import tr
from warkit_widgets.lessons.smart_tactics.models import (
    MOVE_MODES,
    bfs_layers,
    move_targets,
    reroll_dice,
    reroll_options,
)
from warkit_widgets.mapwidget import PickMap
from warkit_widgets.models import RerollShown, compare_dice
from warkit_widgets.report import ErrorReporter

from warkit import GameState
from warkit.odds import CARD_KINDS
from warkit.rules.smart import SmartRules


def parse_roll(text: str) -> tuple[int, ...]:
    """``"3,1,1"`` (or ``"3 1 1"``) as dice sorted high to low; ``ValueError`` if not 1 to 3
    dice showing faces of SMART's dice (1 to 6)."""
    parts = text.replace(",", " ").replace("/", " ").split()
    dice = tuple(int(p) for p in parts if p.isdigit())
    most, faces = SmartRules.attack_dice_max, SmartRules.sides
    if len(dice) != len(parts) or not 1 <= len(dice) <= most \
            or not all(1 <= d <= faces for d in dice):
        raise ValueError(text)
    return tuple(sorted(dice, reverse=True))


class RerollExplorer(w.VBox):
    """Type a roll, pick a card and who spends it: every reroll the card allows, with the
    exact expected (enemy losses − own losses) of the battle; *Reroll the best choice* rolls
    the chosen dice again (seeded) until each shows the card's minimum."""

    def __init__(self, attack: Iterable[int] = (3, 1, 1), defence: Iterable[int] = (2, 2, 2),
                 *, card: str = "non_controlled", side: str = "attacker",
                 seed: int | None = None, lang: str = "pt") -> None:
        self.lang = lang = normalize_lang(lang)
        self.rng = random.Random(seed)
        wide = {"description_width": "initial"}
        self.attack_text = w.Text(",".join(map(str, attack)), description=tr("reroll.attack", lang),
                                  style=wide, layout=w.Layout(width="14em"))
        self.defence_text = w.Text(",".join(map(str, defence)),
                                   description=tr("reroll.defence", lang), style=wide,
                                   layout=w.Layout(width="14em"))
        self.card = w.Dropdown(options=[(tr(f"reroll.card.{k}", lang), k) for k in CARD_KINDS],
                               value=card, description=tr("reroll.card", lang), style=wide,
                               layout=w.Layout(width="32em"))
        self.side = w.ToggleButtons(options=[(tr(f"reroll.{s}", lang), s)
                                             for s in ("attacker", "defender")],
                                    value=side, description=tr("reroll.side", lang), style=wide)
        self.new_button = w.Button(description=tr("reroll.new_roll", lang), icon="random")
        self.reroll_button = w.Button(description=tr("reroll.do", lang), button_style="primary",
                                      icon="refresh")
        self.dice = DiceWidget(lang=lang, animate=False)
        self.table = w.HTML()
        self.verdict = w.HTML()
        self.options: tuple = ()
        self._hold = False
        self.reporter = ErrorReporter(lang)
        for control in (self.attack_text, self.defence_text, self.card, self.side):
            control.observe(self.reporter.guard(lambda _: self._changed()), "value")
        self.new_button.on_click(self.reporter.guard(lambda _: self.new_roll()))
        self.reroll_button.on_click(self.reporter.guard(lambda _: self.reroll()))
        super().__init__([w.HBox([self.attack_text, self.defence_text]), self.card, self.side,
                          w.HBox([self.new_button, self.reroll_button]), self.dice, self.table,
                          self.verdict, self.reporter.box])
        self.add_class("warkit-reroll-explorer")
        self.show()

    @property
    def rolls(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return parse_roll(self.attack_text.value), parse_roll(self.defence_text.value)

    def set_roll(self, attack: Iterable[int], defence: Iterable[int]) -> None:
        """Put a roll on the table (both texts at once, one redraw)."""
        self._hold = True
        try:
            self.attack_text.value = ",".join(map(str, attack))
        finally:
            self._hold = False
        self.defence_text.value = ",".join(map(str, defence))
        self.show()

    def new_roll(self) -> None:
        """Fresh dice for both sides (as many as now), from the seeded generator."""
        att, dfn = self.rolls
        faces = SmartRules.sides  # the rule set's dice (C-ATK-2, as SMART keeps them)
        self.set_roll(sorted((self.rng.randint(1, faces) for _ in att), reverse=True),
                      sorted((self.rng.randint(1, faces) for _ in dfn), reverse=True))

    def _changed(self) -> None:
        if not self._hold:
            self.show()

    def show(self, rerolled: tuple[RerollShown, ...] = ()) -> None:
        """Judge the roll on the table and list every choice of the card."""
        lang = self.lang
        try:
            att, dfn = self.rolls
        except ValueError:
            self.table.value = message_html(tr("reroll.bad_dice", lang), "refused")
            self.verdict.value = ""
            self.options = ()
            return
        side = self.side.value
        own, enemy = (att, dfn) if side == "attacker" else (dfn, att)
        self.options = reroll_options(own, enemy, self.card.value, side=side)
        self.dice.show_comparison(compare_dice(att, dfn, rerolls=rerolled))
        bold = " style='font-weight:bold'"
        rows = "".join(
            f"<tr{bold if o.best else ''}><td>{self._choice(o.dice)}"
            f"</td><td>{o.value} ≈ {fmt_number(float(o.value), lang)}</td>"
            f"<td>{'✔ ' + tr('reroll.best', lang) if o.best else ''}</td></tr>"
            for o in self.options)
        self.table.value = (f"<table class='wk-box'><tr><th>{tr('reroll.head.choice', lang)}</th>"
                            f"<th>{tr('reroll.head.value', lang)}</th><th></th></tr>{rows}"
                            "</table>")
        best = self.options[0]
        keep = next(o for o in self.options if not o.dice)
        if best.dice:
            gain = best.value - keep.value
            self.verdict.value = message_html(tr(
                "reroll.summary", lang, choice=self._choice(best.dice),
                gain=f"{gain} ≈ {fmt_number(float(gain), lang)}"), "ok")
        else:
            self.verdict.value = message_html(tr("reroll.nothing", lang))

    def reroll(self) -> tuple[int, ...]:
        """Reroll the best choice with the seeded dice; returns the new values (empty when
        the best is to keep the card)."""
        best = self.options[0] if self.options else None
        if best is None or not best.dice:
            return ()
        att, dfn = self.rolls
        side = self.side.value
        own = att if side == "attacker" else dfn
        minimum = CARD_KINDS[self.card.value][1]
        roll, new = reroll_dice(own, best.dice, minimum, self.rng)
        shown = (RerollShown(side, best.dice, new, minimum),)
        self._hold = True
        try:
            if side == "attacker":
                self.attack_text.value = ",".join(map(str, roll))
            else:
                self.defence_text.value = ",".join(map(str, roll))
        finally:
            self._hold = False
        self.show(shown)
        return new

    def _choice(self, dice: tuple[int, ...]) -> str:
        return " · ".join(map(str, dice)) if dice else tr("reroll.keep", self.lang)


class ReachMap(w.VBox):
    """Click a territory of the player to move: the map glows where its armies may go in one
    move, by the chosen way of moving; for hidden passages pick the cards to reveal (any
    territory card), and read the breadth-first layers of the search."""

    def __init__(self, state: GameState, seat: int | None = None, *, mode: str = "regroup",
                 passages: Iterable[str] = (), lang: str = "pt", scale: float = 1.0) -> None:
        self.lang = lang = normalize_lang(lang)
        self.state = state
        self.seat = state.current if seat is None else seat
        self.selected: int | None = None
        m = state.map
        wide = {"description_width": "initial"}
        self.mode = w.ToggleButtons(options=[(tr(f"reach.mode.{k}", lang), k)
                                             for k in MOVE_MODES],
                                    value=mode, description=tr("reach.mode", lang), style=wide)
        names = sorted(((territory_name(i, lang), m.ids[i]) for i in range(len(m.ids))),
                       key=lambda pair: pair[0])
        self.passages = w.SelectMultiple(options=names, value=tuple(passages),
                                         description=tr("reach.passages", lang), rows=6,
                                         style=wide, layout=w.Layout(width="24em"))
        self.info = w.HTML()
        self.reporter = ErrorReporter(lang)
        self.map = PickMap(state, on_pick=self.reporter.guard(self.pick),
                           highlights=self._highlights, lang=lang, scale=scale)
        for control in (self.mode, self.passages):
            control.observe(self.reporter.guard(lambda _: self._refresh()), "value")
        super().__init__([self.map, self.mode, self.passages, self.info, self.reporter.box])
        self.add_class("warkit-reach-map")
        self._refresh()

    @property
    def player(self) -> str:
        return color_name(self.state.colors[self.seat], self.lang)

    @property
    def targets(self) -> frozenset[int]:
        """Where the selected territory's armies may go (nothing selected: nowhere)."""
        if self.selected is None:
            return frozenset()
        return move_targets(self.state.owner, self.seat, self.selected, self.mode.value,
                            self.passages.value)

    def pick(self, territory: int | str) -> None:
        """Select a territory (a click on the map)."""
        self.selected = self.state.map.index(territory)
        self._refresh()

    def _highlights(self) -> Highlights:
        mine = frozenset(i for i, o in enumerate(self.state.owner) if o == self.seat)
        if self.selected is None:
            return Highlights(sources=mine)
        return Highlights(selected=self.selected, targets=self.targets)

    def _refresh(self) -> None:
        lang, i = self.lang, self.selected
        if i is None:
            self.info.value = message_html(tr("reach.pick", lang, player=self.player))
        elif self.state.owner[i] != self.seat:
            self.info.value = message_html(tr("reach.not_yours", lang, player=self.player,
                                              territory=territory_name(i, lang)), "refused")
        else:
            targets = self.targets
            name = territory_name(i, lang)
            head = (tr("reach.count", lang, territory=name, n=len(targets),
                       player=self.player) if targets
                    else tr("reach.none", lang, territory=name))
            text = f"<b>{head}</b>"
            if self.mode.value == "passage" and targets:
                revealed = {self.state.map.index(p) for p in self.passages.value}
                layers = bfs_layers(i, revealed)[1:]  # a move crosses only these (S-PASS-1)
                text += "<br>" + tr("reach.layers", lang) + "<ul>" + "".join(
                    "<li>" + tr("reach.layer", lang, n=k, names=", ".join(
                        territory_name(j, lang) + ("*" if j in revealed else "")
                        for j in layer)) + "</li>"
                    for k, layer in enumerate(layers, start=1)) + "</ul>"
            self.info.value = f"<div class='wk-box'>{text}</div>"
        self.map.repaint()


__all__ = ["ReachMap", "RerollExplorer", "parse_roll"]
