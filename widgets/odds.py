"""The live odds panel: probability to conquer, expected losses, end states, heat table."""

from __future__ import annotations

import time

import ipywidgets as w

from warkit.odds.battle import MAX_ARMIES

from .battle_terms import CLASSIC, BattleTerms
from .controller import MapModel
from .html import final_chart_svg, heat_table_html, message_html, odds_summary_html
from .i18n import normalize_lang, tr
from .models import TABLE_MAX, TABLE_MIN, BattleOdds, battle_odds
from .report import ErrorReporter, WidgetLang


class OddsWidget(w.VBox):
    """Exact odds of one attack (C-ATK-5) from :mod:`warkit.odds`, updated live.

    ``attackers`` are the armies that may attack (the territory holds one
    more, C-ATK-2); ``defenders`` the armies on the target. Call
    :meth:`set_armies`, or :meth:`follow` a :class:`~warkit_widgets.controller.MapModel` to track
    the selected attack as the selection or the armies change.
    """

    def __init__(self, attackers: int | None = 3, defenders: int | None = 3, *,
                 lang: str = "pt", table_min: int = TABLE_MIN, table_max: int = TABLE_MAX
                 ) -> None:
        self._lang = normalize_lang(lang)
        self.table_min, self.table_max = table_min, table_max
        self.odds: BattleOdds | None = None
        self._beyond: tuple[int, int] | None = None  # armies past the odds tables' limit
        self.timings: list[float] = []
        """Kernel-side milliseconds of each update (odds computed and HTML built)."""
        self.summary = w.HTML()
        self.summary.add_class("warkit-odds-summary")
        self.chart = w.HTML()
        self.table = w.HTML()
        self.table.add_class("warkit-odds-table")
        self.reporter = ErrorReporter(self._lang)
        left = w.VBox([self.summary, self.chart], layout=w.Layout(max_width="340px"))
        super().__init__([w.HBox([left, self.table], layout=w.Layout(flex_flow="row wrap",
                                                                     grid_gap="12px")),
                          self.reporter.box])
        self.add_class("warkit-odds")
        self.set_armies(attackers, defenders)

    lang = WidgetLang()
    """The panel's language (``"pt"`` or ``"en"``); setting it redraws the panel."""

    def _relabel(self) -> None:
        self._render()

    def set_armies(self, attackers: int | None, defenders: int | None,
                   terms: BattleTerms = CLASSIC) -> BattleOdds | None:
        """Show the odds of ``attackers`` against ``defenders`` (``None``: no attack chosen),
        with the SMART modifiers of ``terms``."""
        start = time.perf_counter()
        self._beyond = None
        if attackers is None or defenders is None:
            self.odds = None
        elif max(attackers, defenders) > MAX_ARMIES:  # a long stalemate's stacks
            self.odds, self._beyond = None, (attackers, defenders)
        else:
            self.odds = battle_odds(attackers, defenders, table_min=self.table_min,
                                    table_max=self.table_max, terms=terms)
        self._render()
        self.timings.append(1000 * (time.perf_counter() - start))
        return self.odds

    def follow(self, controller: MapModel) -> OddsWidget:
        """Track the attack selected on (or being fought by) a map controller, with the SMART
        modifiers its viewer knows (:func:`warkit_widgets.battle_terms.battle_terms`)."""

        def changed(aspects: frozenset[str]) -> None:
            if "lang" in aspects:
                self._lang = self.reporter.lang = normalize_lang(controller.lang)
            pair = controller.attack_armies()
            terms = controller.attack_terms() if pair else CLASSIC
            odds = self.odds
            current = None if odds is None else (odds.attackers, odds.defenders, odds.terms)
            wanted = None if pair is None else (*pair, terms)
            if wanted != current or "lang" in aspects:
                if pair is None:
                    self.set_armies(None, None, terms)
                else:
                    self.set_armies(pair[0], pair[1], terms)

        controller.subscribe(self.reporter.guard(changed))
        changed(frozenset())
        return self

    def _render(self) -> None:
        odds, lang = self.odds, self._lang
        if odds is None:
            beyond = self._beyond
            self.summary.value = message_html(
                tr("odds.no_attack", lang) if beyond is None else
                tr("odds.too_many", lang, attackers=beyond[0], defenders=beyond[1],
                   limit=MAX_ARMIES))
            self.chart.value = self.table.value = ""
            return
        self.summary.value = odds_summary_html(odds, lang)
        self.chart.value = final_chart_svg(odds, lang)
        self.table.value = heat_table_html(odds.table, odds.cell, lang)
