"""Small widgets for single lessons, one job each.

- :class:`TerritoryTour`: click any territory, read its continent, neighbours and degree.
- :class:`ReinforcementCalculator`: click territories to own them, read the armies received.
- :class:`RegroupDesk`: the regroup step on a map: pick a move, choose armies, move.
- :class:`SetFinder`: deal random hands, see their sets and how often a set turns up.

The numbers come from :mod:`.models` (and so from the engine); the strings from the lessons'
catalogue (``widgets/lessons/locale/``) through :func:`warkit_widgets.lessons.messages.tr`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import ipywidgets as w
from warkit_widgets.controller import Highlights, MapController
from warkit_widgets.hand import HandWidget
from warkit_widgets.html import message_html
from warkit_widgets.i18n import (
    color_name,
    continent_name,
    fmt_percent,
    normalize_lang,
    territory_name,
)
from warkit_widgets.lessons.classic.models import (
    deal_hand,
    hand_sets,
    reinforcement,
    set_chance,
    territory_facts,
)
from warkit_widgets.lessons.messages import tr
from warkit_widgets.mapwidget import MapWidget, PickMap
from warkit_widgets.models import HandController
from warkit_widgets.report import ErrorReporter

from warkit import GameState, Phase


class TerritoryTour(w.VBox):
    """Click a territory: its continent, its neighbours (land or sea) and its degree."""

    def __init__(self, state: GameState, *, lang: str = "pt", scale: float = 1.0) -> None:
        self.lang = normalize_lang(lang)
        self.selected: int | None = None
        self.info = w.HTML(message_html(tr("tour.pick", self.lang)))
        self.reporter = ErrorReporter(self.lang)
        self.map = PickMap(state, on_pick=self.reporter.guard(self.show),
                           highlights=self._highlights, lang=self.lang, scale=scale)
        super().__init__([self.map, self.info, self.reporter.box])
        self.add_class("warkit-territory-tour")

    def show(self, territory: int | str) -> None:
        """Select a territory and describe it."""
        facts = territory_facts(territory)
        self.selected = facts.index
        lang = self.lang
        name = territory_name(facts.index, lang)
        continent = continent_name(facts.continent, lang)
        items = "".join(
            f"<li>{territory_name(j, lang)}"
            f"{' (' + tr('tour.sea', lang) + ')' if kind == 'sea' else ''}</li>"
            for j, kind in facts.neighbours)
        others = sorted({continent_name(territory_facts(j).continent, lang)
                         for j in facts.outside})
        where = tr("tour.border", lang, continent=continent, others=", ".join(others)) \
            if others else tr("tour.inside", lang, continent=continent)
        title = tr("tour.title", lang, territory=name, continent=continent)
        degree = tr("tour.degree", lang, degree=facts.degree)
        self.info.value = (f"<div class='wk-box'><b>{title}</b><br>{degree}<ul>{items}</ul>"
                           f"{where}</div>")
        self.map.repaint()

    def _highlights(self) -> Highlights:
        if self.selected is None:
            return Highlights()
        return Highlights(selected=self.selected, targets=frozenset(
            j for j, _ in territory_facts(self.selected).neighbours))


class ReinforcementCalculator(w.VBox):
    """Click territories to give them to a player (or take them away) and read the armies
    that player would receive at the start of a turn (C-REINF-1, C-REINF-2)."""

    def __init__(self, state: GameState, seat: int | None = None, *, lang: str = "pt",
                 scale: float = 1.0) -> None:
        self.lang = normalize_lang(lang)
        self.seat = state.current if seat is None else seat
        self.rules = state.rules
        self.owned: set[int] = set(state.territories_of(self.seat))
        player = color_name(state.colors[self.seat], self.lang)
        self.help = w.HTML(message_html(tr("reinf.help", self.lang, player=player)))
        self.result = w.HTML()
        self.reporter = ErrorReporter(self.lang)
        self.map = PickMap(state, on_pick=self.reporter.guard(self.toggle),
                           highlights=lambda: Highlights(sources=frozenset(self.owned)),
                           lang=self.lang, scale=scale)
        super().__init__([self.map, self.help, self.result, self.reporter.box])
        self.add_class("warkit-reinforcement-calculator")
        self._show()

    def toggle(self, territory: int | str) -> None:
        """Add a territory to the player's, or take it away."""
        i = self.map.controller.state.map.index(territory)
        self.owned ^= {i}
        self._show()
        self.map.repaint()

    def set_owned(self, territories: Iterable[int | str]) -> None:
        index = self.map.controller.state.map.index
        self.owned = {index(t) for t in territories}
        self._show()
        self.map.repaint()

    @property
    def reinforcement(self):
        return reinforcement(self.owned, self.rules)

    def _show(self) -> None:
        r, lang = self.reinforcement, self.lang
        lines = [tr("reinf.base", lang, territories=r.territories, half=r.share,
                    base=r.base)]
        lines += [tr("reinf.bonus", lang, continent=continent_name(k, lang), bonus=b)
                  for k, b in r.bonuses] or [tr("reinf.no_bonus", lang)]
        lines.append(tr("reinf.total", lang, total=r.total))
        self.result.value = "<div class='wk-box'>" + "<br>".join(lines) + "</div>"


class RegroupDesk(w.VBox):
    """The regroup step (C-MOVE-1..3): click your territory, then a neighbour of yours,
    choose how many armies, and *Move*; *End the turn* when done."""

    def __init__(self, state: GameState | MapController, *, lang: str = "pt",
                 seed: int | None = None, scale: float = 1.0) -> None:
        self.lang = lang = normalize_lang(lang)
        self.controller = MapController.of(state, lang=lang, seed=seed)
        c = self.controller
        self.map = MapWidget(c, scale=scale)
        self.count = w.IntSlider(1, 1, 1, description=tr("label.armies", lang),
                                 style={"description_width": "initial"},
                                 layout=w.Layout(width="16em"))
        self.move_button = w.Button(description=tr("regroup.move", lang), button_style="info",
                                    icon="arrows")
        self.end_button = w.Button(description=tr("regroup.end", lang))
        self.free = w.HTML()
        self.reporter = ErrorReporter(lang)
        self.move_button.on_click(self.reporter.guard(lambda _: self.move()))
        self.end_button.on_click(self.reporter.guard(lambda _: self.end()))
        c.subscribe(self.reporter.guard(lambda _: self._sync()))
        super().__init__([self.map, w.HBox([self.count, self.move_button, self.end_button]),
                          self.free, self.reporter.box])
        self.add_class("warkit-regroup-desk")
        self._sync()

    def move(self) -> bool:
        """Move the chosen number of armies along the selected pair."""
        action = self.controller.pending_action(self.count.value)
        return action is not None and self.controller.apply(action)

    def end(self) -> bool:
        """End the regroup step (and so the turn); the card, if earned, is drawn (seeded)."""
        done = self.controller.apply("end")
        if done:
            self.controller.resolve()
        return done

    def _sync(self) -> None:
        c, lang = self.controller, self.lang
        moving = c.state.phase is Phase.MOVE and c.can_act()
        most = c.max_count() if moving and c.selection.target is not None else 0
        self.count.disabled = most < 1
        self.count.max = max(most, 1)
        self.count.value = max(most, 1)
        self.move_button.disabled = most < 1
        self.end_button.disabled = not moving
        if not moving:
            self.free.value = ""
            return
        state = c.state
        free = [(t, a - 1 - m) for t, (o, a, m) in enumerate(
            zip(state.owner, state.armies, state.moved_in)) if o == state.current and a - 1 - m > 0]
        self.free.value = message_html(tr("regroup.free", lang, free=", ".join(
            f"{territory_name(t, lang)} {n}" for t, n in free)) if free
            else tr("regroup.none", lang))


class SetFinder(w.VBox):
    """Deal hands of 3 to 5 random cards (seeded), see every set in them, and compare how
    often a set turned up with the exact chance (C-CARD-2)."""

    def __init__(self, cards: int = 3, *, seed: int | None = None, lang: str = "pt") -> None:
        self.lang = lang = normalize_lang(lang)
        self.rng = random.Random(seed)
        self.size = w.IntSlider(cards, 3, 5, description=tr("sets.cards", lang),
                                style={"description_width": "initial"},
                                layout=w.Layout(width="16em"))
        self.button = w.Button(description=tr("sets.deal", lang), button_style="primary",
                               icon="random")
        self.hand = HandController()
        self.hand_widget = HandWidget(self.hand, lang=lang)
        self.found = w.HTML()
        self.tally = w.HTML()
        self.counts: dict[int, list[int]] = {}
        """Per hand size: [hands dealt, hands holding a set]."""
        self.reporter = ErrorReporter(lang)
        self.button.on_click(self.reporter.guard(lambda _: self.deal()))
        self.size.observe(self.reporter.guard(lambda _: self._show_tally()), "value")
        super().__init__([w.HBox([self.size, self.button]), self.hand_widget, self.found,
                          self.tally, self.reporter.box])
        self.add_class("warkit-set-finder")
        self.deal()

    def deal(self) -> tuple[int, ...]:
        """Deal a new hand of the chosen size and count it."""
        n = self.size.value
        cards = deal_hand(n, self.rng)
        self.hand.set_cards(cards)
        sets = hand_sets(cards)
        seen = self.counts.setdefault(n, [0, 0])
        seen[0] += 1
        seen[1] += bool(sets)
        lang = self.lang
        if sets:
            text = tr("sets.found", lang, sets="; ".join(
                " + ".join(self.hand_widget.card_text(c) for c in s) for s in sets))
            self.found.value = message_html(text, "ok")
        else:
            self.found.value = message_html(tr("sets.none", lang))
        self._show_tally()
        return cards

    def _show_tally(self) -> None:
        n, lang = self.size.value, self.lang
        deals, hits = self.counts.get(n, [0, 0])
        share = fmt_percent(hits / deals, lang) if deals else "–"
        exact = set_chance(n)
        self.tally.value = message_html(tr("sets.tally", lang, n=n, deals=deals, hits=hits,
                                           share=share,
                                           exact=f"{exact} ≈ {fmt_percent(exact, lang)}"))
