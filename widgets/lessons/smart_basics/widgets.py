"""Small widgets for the SMART basics lessons (01 to 05), one job each.

- :class:`ParanoiaDealer`: deal "destroy colour X" objectives until nobody hunts their own
  colour (S-SETUP-1), and compare how often the first deal works with D(n)/n!.
- :class:`IntelligenceDesk`: keep each whole continent bonus or give it up for cards
  (S-REINF-3, S-INTEL-1).
- :class:`TerrainExplorer`: the exact odds of an attack with nobody's, the attacker's or the
  defender's terrain knowledge (S-TERRAIN-2, S-TERRAIN-3).

The numbers come from :mod:`.models` (and so from the engine); the strings from the lessons'
catalogue (``widgets/lessons/locale/``) through :func:`warkit_widgets.lessons.messages.tr`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import ipywidgets as w
from warkit_widgets.battle_terms import BattleTerms
from warkit_widgets.html import message_html
from warkit_widgets.i18n import color_name, continent_name, fmt_number, fmt_percent, normalize_lang
from warkit_widgets.lessons.messages import tr
from warkit_widgets.lessons.smart_basics.models import (
    IntelligenceChoice,
    intelligence_choice,
    paranoia_deal,
    terrain_chances,
    valid_deal_chance,
)
from warkit_widgets.odds import OddsWidget
from warkit_widgets.report import ErrorReporter

COLORS = ("white", "black", "red", "blue", "yellow", "green")
"""C-COMP-1: the colours in seat order."""


class ParanoiaDealer(w.VBox):
    """Deal Paranoia objectives (seeded) until nobody hunts their own colour; keep a tally of
    the games dealt and how many deals each took (S-SETUP-1)."""

    def __init__(self, players: int = 4, *, seed: int | None = None, lang: str = "pt") -> None:
        self.lang = lang = normalize_lang(lang)
        self.rng = random.Random(seed)
        self.players = w.IntSlider(players, 3, 6, description=tr("paranoia.players", lang),
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="16em"))
        self.button = w.Button(description=tr("paranoia.deal", lang), button_style="primary",
                               icon="random")
        self.deals = w.HTML()
        self.tally = w.HTML()
        self.counts: dict[int, list[int]] = {}
        """Per number of players: [games dealt, right at the first deal, deals in all]."""
        self.reporter = ErrorReporter(lang)
        self.button.on_click(self.reporter.guard(lambda _: self.deal()))
        self.players.observe(self.reporter.guard(lambda _: self._show_tally()), "value")
        super().__init__([w.HBox([self.players, self.button]), self.deals, self.tally,
                          self.reporter.box])
        self.add_class("warkit-paranoia-dealer")
        self.deal()

    def deal(self) -> tuple[tuple[str, ...], ...]:
        """Deal one game's objectives; every attempt is shown, the last one kept."""
        n, lang = self.players.value, self.lang
        colors = COLORS[:n]
        attempts = paranoia_deal(colors, self.rng)
        seen = self.counts.setdefault(n, [0, 0, 0])
        seen[0] += 1
        seen[1] += len(attempts) == 1
        seen[2] += len(attempts)
        lines = []
        for k, deal in enumerate(attempts, start=1):
            pairs = ", ".join(tr("paranoia.hunts", lang, player=color_name(c, lang),
                                 hunted=color_name(h, lang)) + (" ✗" if c == h else "")
                              for c, h in zip(colors, deal))
            verdict = tr("paranoia.ok" if k == len(attempts) else "paranoia.again", lang)
            kind = "ok" if k == len(attempts) else "refused"
            lines.append(message_html(tr("paranoia.attempt", lang, k=k, pairs=pairs)
                                      + " — " + verdict, kind))
        self.deals.value = "".join(lines)
        self._show_tally()
        return attempts

    def _show_tally(self) -> None:
        n, lang = self.players.value, self.lang
        games, first, total = self.counts.get(n, [0, 0, 0])
        exact = valid_deal_chance(n)
        self.tally.value = message_html(tr(
            "paranoia.tally", lang, n=n, games=games, first=first,
            share=fmt_percent(first / games, lang) if games else "–",
            exact=f"{exact} ≈ {fmt_percent(exact, lang)}",
            mean=fmt_number(total / games, lang) if games else "–",
            expected=f"{1 / exact} ≈ {fmt_number(float(1 / exact), lang)}"))


class IntelligenceDesk(w.VBox):
    """One toggle per whole continent owned: its bonus as armies, or cards (S-INTEL-1)."""

    def __init__(self, owned: Iterable[str] = ("europa", "africa"), *,
                 lang: str = "pt") -> None:
        self.lang = lang = normalize_lang(lang)
        self.owned = tuple(owned)
        intelligence_choice(self.owned)  # checks the continent ids
        self.toggles = {}
        rows = []
        for c in self.owned:
            toggle = w.ToggleButtons(options=[(tr("intel.keep", lang), "keep"),
                                              (tr("intel.cards", lang), "cards")],
                                     value="keep")
            self.toggles[c] = toggle
            rows.append(w.HBox([w.Label(continent_name(c, lang), layout=w.Layout(width="12em")),
                                toggle]))
        self.result = w.HTML()
        self.reporter = ErrorReporter(lang)
        for toggle in self.toggles.values():
            toggle.observe(self.reporter.guard(lambda _: self._show()), "value")
        super().__init__([w.HTML(message_html(tr("intel.help", lang))), *rows, self.result,
                          self.reporter.box])
        self.add_class("warkit-intelligence-desk")
        self._show()

    @property
    def choice(self) -> IntelligenceChoice:
        return intelligence_choice(self.owned, [c for c, t in self.toggles.items()
                                                if t.value == "cards"])

    def give_up(self, *continents: str) -> IntelligenceChoice:
        """Set the toggles: these continents for cards, the others kept."""
        for c, toggle in self.toggles.items():
            toggle.value = "cards" if c in continents else "keep"
        return self.choice

    def _show(self) -> None:
        choice, lang = self.choice, self.lang
        given = " + ".join(f"{continent_name(c, lang)} {b}" for c, b in choice.given_up) or "–"
        lost = tr("intel.lost", lang, lost=choice.lost) if choice.lost else ""
        self.result.value = message_html(tr("intel.result", lang, armies=choice.armies,
                                            given=given, n=choice.cards, lost=lost), "ok")


class TerrainExplorer(w.VBox):
    """Sliders for the armies, a choice of who has terrain knowledge, and the live odds."""

    def __init__(self, attackers: int = 3, defenders: int = 3, *, lang: str = "pt",
                 most: int = 30) -> None:
        self.lang = lang = normalize_lang(lang)
        style = {"description_width": "initial"}
        self.attackers = w.IntSlider(attackers, 1, most, description=tr("odds.attackers", lang),
                                     style=style, continuous_update=False)
        self.defenders = w.IntSlider(defenders, 1, most, description=tr("odds.defenders", lang),
                                     style=style, continuous_update=False)
        self.side = w.ToggleButtons(options=[(tr(f"terrain.{k}", lang), k) for k in
                                             ("none", "attacker", "defender")],
                                    value="none", description=tr("terrain.side", lang),
                                    style=style)
        self.odds = OddsWidget(attackers, defenders, lang=lang)
        self.compare = w.HTML()
        self.reporter = ErrorReporter(lang)
        update = self.reporter.guard(lambda _: self.refresh())
        for control in (self.attackers, self.defenders, self.side):
            control.observe(update, "value")
        super().__init__([w.HBox([self.attackers, self.defenders]), self.side, self.compare,
                          self.odds, self.reporter.box])
        self.add_class("warkit-terrain-explorer")
        self.refresh()

    def refresh(self) -> None:
        """Recompute the odds for the sliders and the chosen side."""
        a, d, lang = self.attackers.value, self.defenders.value, self.lang
        side = None if self.side.value == "none" else self.side.value
        self.odds.set_armies(a, d, BattleTerms(terrain=side))
        chances = terrain_chances(a, d)
        self.compare.value = message_html(tr(
            "terrain.compare", lang, none=fmt_percent(chances[None], lang),
            attacker=fmt_percent(chances["attacker"], lang),
            defender=fmt_percent(chances["defender"], lang)))


__all__ = ["IntelligenceDesk", "ParanoiaDealer", "TerrainExplorer"]
