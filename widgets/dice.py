"""The dice tray: attack and defence dice sorted, paired and judged (C-ATK-4)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import ipywidgets as w

from warkit.rules.terms import BattleRule

from .battle_terms import CLASSIC_BATTLE
from .controller import MapController
from .html import dice_tray_html
from .i18n import normalize_lang
from .models import DiceComparison, compare_dice
from .report import ErrorReporter, WidgetLang


class DiceWidget(w.VBox):
    """Shows one roll: red attack dice against yellow defence dice, each pair marked won/lost.

    ``animate`` plays a short CSS roll animation in the browser (no kernel
    time is spent; switch it off for slides or screenshots). :meth:`follow`
    shows every battle rolled by a :class:`MapController`.
    """

    def __init__(self, attack: Iterable[int] = (), defence: Iterable[int] = (), *,
                 lang: str = "pt", animate: bool = True, rule: BattleRule = CLASSIC_BATTLE) -> None:
        self.rule = rule
        """The rule set's battle rule the tray judges and rolls with (``rules.battle_rule``):
        classic War's dice unless a lesson or game gives its own."""
        self._lang = normalize_lang(lang)
        self._animate = bool(animate)
        self.comparison: DiceComparison | None = None
        self._serial = 0
        self.html = w.HTML()
        self.html.add_class("warkit-dice")
        self.reporter = ErrorReporter(self._lang)
        super().__init__([self.html, self.reporter.box])
        attack, defence = tuple(attack), tuple(defence)
        if attack or defence:
            self.show(attack, defence)
        else:
            self._render()

    @property
    def animate(self) -> bool:
        return self._animate

    @animate.setter
    def animate(self, value: bool) -> None:
        self._animate = bool(value)
        self._render()

    lang = WidgetLang()
    """The tray's language (``"pt"`` or ``"en"``); setting it redraws the tray."""

    def _relabel(self) -> None:
        self._render()

    def show(self, attack: Iterable[int], defence: Iterable[int]) -> DiceComparison:
        """Show a roll (any order: the dice are sorted, C-ATK-4) and return its comparison."""
        return self.show_comparison(compare_dice(attack, defence, self.rule))

    def show_comparison(self, comparison: DiceComparison, rolled: bool = True) -> DiceComparison:
        """Show a roll already judged, e.g. with SMART's modifiers
        (:func:`~warkit_widgets.models.compare_dice` with ``terrain`` and ``rerolls``);
        ``rolled=False``: the same dice judged anew (a reaction), shown without rolling."""
        if not isinstance(comparison, DiceComparison):
            raise TypeError(f"show_comparison needs a DiceComparison, got "
                            f"{type(comparison).__name__}")
        if rolled:
            self._serial += 1  # the dice roll in (the animation replays)
        self.comparison = comparison
        self._render()
        return comparison

    def roll(self, attack_dice: int, defence_dice: int,
             rng: random.Random | None = None) -> DiceComparison:
        """Roll fresh dice of the tray's rule with ``rng`` (seed it for repeatable lessons) and
        show them."""
        rng = rng or random.Random()
        faces = self.rule.sides
        return self.show([rng.randint(1, faces) for _ in range(attack_dice)],
                         [rng.randint(1, faces) for _ in range(defence_dice)])

    def clear(self) -> None:
        self.comparison = None
        self._render()

    def follow(self, controller: MapController) -> DiceWidget:
        """Show each battle the controller rolls (forced or sampled)."""

        def changed(aspects: frozenset[str]) -> None:
            if "battle" in aspects and controller.last_battle is not None:
                self.show(controller.last_battle.attack, controller.last_battle.defence)
            if "lang" in aspects:
                self.lang = controller.lang

        controller.subscribe(self.reporter.guard(changed))
        return self

    def _render(self) -> None:
        self.html.value = dice_tray_html(self.comparison, self._lang, animate=self._animate,
                                         serial=self._serial)
