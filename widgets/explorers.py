"""Small composites used by the lessons: odds and dice explorers, and a battle desk.

- :class:`BattleExplorer`: pick attacking and defending armies with sliders, see the odds.
- :class:`DiceExplorer`: pick how many dice each side rolls, roll, and see where the
  result sits among the exact outcomes of one roll.
- :class:`BattleDesk`: a map, the odds of the selected attack, the dice, and buttons to
  attack and to move in after a conquest — the attack phase of a real game.
"""

from __future__ import annotations

import random

import ipywidgets as w

from warkit import GameState, Occupy, Phase, legal_actions
from warkit.odds import roll_outcomes

from .controller import MapController
from .dice import DiceWidget
from .html import roll_table_html
from .i18n import normalize_lang, tr
from .mapwidget import MapWidget
from .odds import OddsWidget
from .report import ErrorReporter


class BattleExplorer(w.VBox):
    """Sliders for attacking and defending armies, and the live :class:`OddsWidget`."""

    def __init__(self, attackers: int = 3, defenders: int = 3, *, lang: str = "pt",
                 most: int = 30) -> None:
        lang = normalize_lang(lang)
        style = {"description_width": "initial"}
        self.attackers = w.IntSlider(attackers, 1, most, description=tr("odds.attackers", lang),
                                     style=style, continuous_update=False)
        self.defenders = w.IntSlider(defenders, 1, most, description=tr("odds.defenders", lang),
                                     style=style, continuous_update=False)
        self.odds = OddsWidget(attackers, defenders, lang=lang)
        self.reporter = ErrorReporter(lang)
        update = self.reporter.guard(lambda _: self.odds.set_armies(self.attackers.value,
                                                                     self.defenders.value))
        self.attackers.observe(update, "value")
        self.defenders.observe(update, "value")
        super().__init__([w.HBox([self.attackers, self.defenders]), self.odds,
                          self.reporter.box])
        self.add_class("warkit-battle-explorer")


class DiceExplorer(w.VBox):
    """Choose the dice of each side, roll (seeded), and compare with the exact odds of one roll."""

    def __init__(self, attack_dice: int = 3, defence_dice: int = 3, *, seed: int | None = None,
                 lang: str = "pt", animate: bool = True) -> None:
        self.lang = lang = normalize_lang(lang)
        self.rng = random.Random(seed)
        style = {"description_width": "initial"}
        self.attack_dice = w.IntSlider(attack_dice, 1, 3, description=tr("label.attack_dice", lang),
                                       style=style)
        self.defence_dice = w.IntSlider(defence_dice, 1, 3,
                                        description=tr("label.defence_dice", lang), style=style)
        self.button = w.Button(description=tr("dice.roll", lang), button_style="primary",
                               icon="cube")
        self.button.add_class("warkit-roll")
        self.dice = DiceWidget(lang=lang, animate=animate)
        self.outcomes = w.HTML()
        self.reporter = ErrorReporter(lang)
        self.button.on_click(self.reporter.guard(lambda _: self.roll()))
        refresh = self.reporter.guard(lambda _: self._show_outcomes(None))
        self.attack_dice.observe(refresh, "value")
        self.defence_dice.observe(refresh, "value")
        super().__init__([w.HBox([self.attack_dice, self.defence_dice, self.button]),
                          w.HBox([self.dice, self.outcomes], layout=w.Layout(grid_gap="24px")),
                          self.reporter.box])
        self.add_class("warkit-dice-explorer")
        self._show_outcomes(None)

    def roll(self) -> None:
        """Roll the chosen dice and mark the outcome in the table."""
        result = self.dice.roll(self.attack_dice.value, self.defence_dice.value, self.rng)
        self._show_outcomes((result.lost_attacker, result.lost_defender))

    def _show_outcomes(self, hit: tuple[int, int] | None) -> None:
        table = roll_outcomes(self.attack_dice.value, self.defence_dice.value)
        self.outcomes.value = roll_table_html(table, self.lang, hit)


class BattleDesk(w.VBox):
    """The attack phase on one screen: map, odds of the selected attack, dice and buttons.

    Click your territory, then an enemy neighbour; the odds follow the
    selection. *Attack* rolls with the chosen number of dice (seeded by
    ``seed``); after a conquest, *Move in* moves armies (C-CONQ-1). The
    :attr:`controller` also takes forced rolls (``desk.controller.apply("roll 6 vs 5")``).
    """

    def __init__(self, state: GameState | MapController, *, lang: str = "pt",
                 seed: int | None = None, scale: float = 1.0, animate: bool = True) -> None:
        lang = normalize_lang(lang)
        self.controller = MapController.of(state, lang=lang, seed=seed)
        c = self.controller
        self.map = MapWidget(c, scale=scale)
        self.odds = OddsWidget(None, None, lang=lang).follow(c)
        self.dice = DiceWidget(lang=lang, animate=animate).follow(c)
        style = {"description_width": "initial"}
        self.count = w.IntSlider(1, 1, 3, description=tr("label.dice", lang), style=style,
                                 layout=w.Layout(width="16em"))
        self.attack_button = w.Button(description=tr("button.attack", lang), button_style="danger",
                                      icon="bolt")
        self.attack_button.add_class("warkit-attack")
        self.occupy_button = w.Button(description=tr("button.occupy", lang),
                                      button_style="success", icon="flag")
        self.occupy_button.add_class("warkit-occupy")
        self.end_button = w.Button(description=tr("button.end_attacks", lang))
        self.reporter = ErrorReporter(lang)
        self.attack_button.on_click(self.reporter.guard(lambda _: self.attack()))
        self.occupy_button.on_click(self.reporter.guard(lambda _: self.occupy()))
        self.end_button.on_click(self.reporter.guard(lambda _: c.apply("end")))
        c.subscribe(self.reporter.guard(lambda _: self._sync()))
        controls = w.HBox([self.count, self.attack_button, self.occupy_button, self.end_button])
        self.dice.layout.min_width = "300px"
        super().__init__([self.map, controls,
                          w.HBox([self.dice, self.odds], layout=w.Layout(flex_flow="row wrap",
                                                                          grid_gap="16px")),
                          self.reporter.box])
        self.add_class("warkit-battle-desk")
        self._sync()

    def attack(self) -> bool:
        """Fight one battle of the selected attack with the chosen dice, rolled by the sampler."""
        return self.controller.act(self.count.value)

    def occupy(self) -> bool:
        """After a conquest, move the chosen number of armies in (C-CONQ-1)."""
        return self.controller.apply(Occupy(self.count.value))

    def _sync(self) -> None:
        """Buttons and the count slider follow the state: dice to attack, armies to move in."""
        c = self.controller
        occupying = c.state.phase is Phase.OCCUPY and c.can_act()
        if occupying:
            largest = legal_actions(c.state)[-1]  # Occupy(1..max), C-CONQ-1
            most = largest.armies if isinstance(largest, Occupy) else 1
            self._set_count(most, tr("label.armies", c.lang))
        else:
            self._set_count(c.max_count() if c.moves.kind == "attack" else 0,
                            tr("label.dice", c.lang))
        self.attack_button.disabled = occupying or c.pending_action() is None
        self.occupy_button.disabled = not occupying
        self.occupy_button.layout.display = None if occupying else "none"
        self.end_button.disabled = not (c.can_act() and c.state.phase is Phase.ATTACK)

    def _set_count(self, most: int, label: str) -> None:
        self.count.description = label
        self.count.disabled = most < 1
        most = max(most, 1)
        if self.count.max != most:
            if most < self.count.min:
                self.count.min = most
            self.count.max = most
        self.count.value = most
