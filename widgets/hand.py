"""A player's cards: selectable, with the value of the selected trade.

The value comes from a pluggable function (:data:`~.models.TradeValuer`): by
default the game's rule set values the trade (:func:`~.models.trade_value`).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from warkit import PlayerView, Trade
from warkit.cards import card_shape

from .html import message_html
from .i18n import color_name, normalize_lang, shape_name, territory_name, tr
from .models import HandController, card_label
from .report import ErrorReporter, WidgetLang

SHAPE_ICONS = {"triangle": "▲", "square": "■", "circle": "●", None: "★"}


class HandWidget(w.VBox):
    """The viewer's cards as toggle buttons, the selected trade's value, and a Trade button.

    Give it a :class:`~.models.HandController` or a :class:`warkit.PlayerView`
    (only that player's own hand is shown). ``on_trade(action)`` is called
    with the :class:`warkit.Trade` when the button is pressed.
    """

    def __init__(self, controller: HandController | PlayerView, *, lang: str = "pt",
                 on_trade: Callable[[Trade], object] | None = None) -> None:
        if isinstance(controller, PlayerView):
            controller = HandController.from_view(controller)
        self.controller = controller
        self._lang = normalize_lang(lang)
        self.on_trade = on_trade
        self.title = w.HTML()
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards.add_class("warkit-hand-cards")
        self.value = w.HTML()
        self.value.add_class("warkit-hand-value")
        self.reporter = ErrorReporter(self._lang)
        self.trade_button = w.Button(description=tr("hand.trade", self._lang), disabled=True,
                                     button_style="success", icon="exchange")
        self.trade_button.on_click(self.reporter.guard(lambda _: self.trade()))
        self._buttons: dict[int, w.ToggleButton] = {}
        controller.subscribe(self.reporter.guard(self._changed))
        super().__init__([self.title, self.cards, w.HBox([self.trade_button, self.value]),
                          self.reporter.box])
        self.add_class("warkit-hand")
        self._build()

    lang = WidgetLang()
    """The hand's language (``"pt"`` or ``"en"``); setting it relabels the hand."""

    def _relabel(self) -> None:
        self.trade_button.description = tr("hand.trade", self._lang)
        self._build()

    def card_text(self, card: int) -> str:
        """How a card reads on its button: shape icon and territory name, or the joker."""
        shape, territory = card_label(card)
        if territory is None:
            return f"{SHAPE_ICONS[None]} {shape_name(None, self._lang).capitalize()}"
        return f"{SHAPE_ICONS[shape]} {territory_name(territory, self._lang)}"

    def group_text(self, cards: tuple[int, ...], value: int) -> str:
        """One group of a SMART split, e.g. "triângulo, coringa (4)"."""
        shapes = [shape_name(card_shape(c), self._lang) for c in cards]
        return f"{', '.join(shapes)} ({value})"

    def trade(self) -> Trade | None:
        """Pass the selected trade to ``on_trade`` (if it is a valid trade)."""
        action = self.controller.trade_action()
        if action is not None and self.on_trade is not None:
            self.on_trade(action)
        return action

    def _build(self) -> None:
        c = self.controller
        who = color_name(c.player, self._lang).capitalize() if c.player else ""
        self.title.value = f"<b>{tr('hand.title', self._lang, player=who)}</b>" if who else ""
        old = list(self._buttons.values())
        self._buttons = {}
        for card in c.cards:
            shape, _ = card_label(card)
            chosen = card in c.selected
            button = w.ToggleButton(value=chosen, description=self.card_text(card),
                                    tooltip=shape_name(shape, self._lang),
                                    button_style="info" if chosen else "",
                                    layout=w.Layout(width="auto"))
            button.add_class("warkit-card")
            button.observe(self.reporter.guard(
                lambda change, card=card: self._toggled(card, change["new"])), "value")
            self._buttons[card] = button
        self.cards.children = tuple(self._buttons.values())
        for button in old:  # closed, not only hidden: a model left in the page keeps its card
            button.close()
        self._show_value()

    def _toggled(self, card: int, selected: bool) -> None:
        if (card in self.controller.selected) != selected:
            self.controller.toggle(card)

    def _changed(self, aspects: frozenset[str]) -> None:
        if "cards" in aspects:
            self._build()
            return
        for card, button in self._buttons.items():
            button.value = card in self.controller.selected
            button.button_style = "info" if button.value else ""
        self._show_value()

    def _show_value(self) -> None:
        c, lang = self.controller, self._lang
        if not c.cards:
            self.value.value = message_html(tr("hand.empty", lang))
            self.trade_button.disabled = True
            return
        quote = c.quote
        self.trade_button.disabled = not quote.valid
        if not quote.valid:
            note = tr(quote.note or "hand.pick", lang, **dict(quote.note_args))
            self.value.value = message_html(note, "refused" if c.selected else "info")
            return
        if quote.groups:
            split = [self.group_text(cards, value) for cards, value in quote.groups]
            if quote.joker_bonus:
                split.append(tr("hand.joker_bonus", lang, bonus=quote.joker_bonus))
            parts = [tr("hand.smart_value", lang, split=" + ".join(split), armies=quote.armies)]
        else:
            parts = [tr("hand.value", lang, armies=quote.armies)]
        parts += [tr("hand.bonus", lang, territory=territory_name(t, lang)) for t, _ in quote.bonus]
        self.value.value = message_html("  ".join(parts), "ok")
