"""SMART basics in words: a Paranoia objective card and a SMART trade's best split, in the
lesson's language (their wording is in the lessons' catalogue, ``widgets/lessons/locale/``)."""

from __future__ import annotations

from warkit_widgets.i18n import color_name, normalize_lang, shape_name
from warkit_widgets.lessons.messages import tr

from warkit.cards import card_shape
from warkit.rules.smart import TERRITORY_BONUS, TradeGroup, TradeValue
from warkit.state import JOKERS

_PT_PLURAL = {"azul": "azuis"}
"""Portuguese colour names whose plural is not the name plus "s"."""


def objective_text(objective: str, lang: str = "pt") -> str:
    """A Paranoia objective card in words: ``"destroy_blue"`` → "destroy the blue armies" /
    "destruir os exércitos azuis" (S-SETUP-1)."""
    color = objective.removeprefix("destroy_")
    if color == objective:
        raise ValueError(f"not a Paranoia objective: {objective!r} (S-SETUP-1)")
    name = color_name(color, lang).lower()
    if normalize_lang(lang) == "pt":
        name = _PT_PLURAL.get(name, name + "s")
    return tr("paranoia.objective", lang, color=name)


def _group_text(group: TradeGroup, lang: str) -> str:
    shapes = [card_shape(c) for c in group.cards if c not in JOKERS]
    jokers = len(group.cards) - len(shapes)
    if group.kind == "same" and shapes:
        text = f"{shape_name(shapes[0], lang)} ×{len(shapes)}"
    else:
        text = " ".join(shape_name(s, lang) for s in shapes)
    if jokers:
        joker = shape_name(None, lang)
        text = f"{text} + {joker if jokers == 1 else f'{jokers} × {joker}'}".lstrip(" +")
    return f"{text} ({group.value})"


def trade_text(value: TradeValue, lang: str = "pt") -> str:
    """A SMART trade's best split in words (S-TRADE-1..5): "square ×4 (16) + triangle circle
    (3) + 2 × 4 on owned territories = 27" / "quadrado ×4 (16) + triângulo círculo (3) + 2 × 4
    nos territórios próprios = 27"."""
    parts = [" + ".join(_group_text(g, lang) for g in value.groups)]
    if value.joker_bonus:
        parts.append(tr("trade.joker_bonus", lang, bonus=value.joker_bonus))
    if value.territory_bonus:
        parts.append(tr("trade.territory_bonus", lang, bonus=TERRITORY_BONUS,
                        n=len(value.territory_bonus)))
    return " + ".join(parts) + f" = {value.total}"
