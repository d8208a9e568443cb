"""The SMART basics lesson widgets' strings (pt-BR and en), added to the one translation layer.

Importing this module registers :data:`SMART_BASICS_MESSAGES` in
:data:`warkit_widgets.i18n.MESSAGES`, like :mod:`.lesson_messages` does.
"""

from __future__ import annotations

from warkit_widgets.i18n import MESSAGES, Lang, color_name, normalize_lang, shape_name

from warkit.cards import card_shape
from warkit.rules.smart import TERRITORY_BONUS, TradeGroup, TradeValue
from warkit.state import JOKERS

SMART_BASICS_MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the Paranoia dealer (SMART lesson 01) --------------------------------------------------
    "paranoia.deal": {"en": "Deal the objectives", "pt": "Distribuir os objetivos"},
    "paranoia.players": {"en": "players", "pt": "jogadores"},
    "paranoia.attempt": {"en": "Deal {k}: {pairs}", "pt": "Distribuição {k}: {pairs}"},
    "paranoia.hunts": {"en": "{player} hunts {hunted}", "pt": "{player} caça {hunted}"},
    "paranoia.again": {"en": "someone hunts their own colour: deal again (S-SETUP-1)",
                       "pt": "alguém caça a própria cor: distribua de novo (S-SETUP-1)"},
    "paranoia.ok": {"en": "nobody hunts their own colour: keep it",
                    "pt": "ninguém caça a própria cor: vale"},
    "paranoia.tally": {"en": "Games dealt with {n} players: {games}; right at the first deal: "
                             "{first} ({share}). Exact chance: {exact}. Deals on average: "
                             "{mean} (exact: {expected}).",
                       "pt": "Partidas com {n} jogadores: {games}; certas na primeira "
                             "distribuição: {first} ({share}). Chance exata: {exact}. "
                             "Distribuições em média: {mean} (exato: {expected})."},
    # -- the Intelligence desk (SMART lesson 02) ------------------------------------------------
    "intel.help": {"en": "For each whole continent: keep its bonus as armies, or give it up "
                         "for cards.",
                   "pt": "Para cada continente inteiro: fique com o bônus em exércitos ou "
                         "troque-o por cartas."},
    "intel.keep": {"en": "armies", "pt": "exércitos"},
    "intel.cards": {"en": "cards", "pt": "cartas"},
    "intel.result": {"en": "Bonus armies kept: {armies} (each inside its continent). "
                           "Given up: {given} → {cards} card(s) (S-INTEL-1){lost}.",
                     "pt": "Exércitos de bônus mantidos: {armies} (cada um no seu "
                           "continente). Cedidos: {given} → {cards} carta(s) "
                           "(S-INTEL-1){lost}."},
    "intel.lost": {"en": "; {lost} army left over is lost",
                   "pt": "; {lost} exército que sobra é perdido"},
    # -- the terrain explorer (SMART lesson 05) -------------------------------------------------
    "terrain.side": {"en": "Terrain knowledge", "pt": "Conhecimento do terreno"},
    "terrain.none": {"en": "nobody", "pt": "ninguém"},
    "terrain.attacker": {"en": "attacker", "pt": "atacante"},
    "terrain.defender": {"en": "defender", "pt": "defensor"},
    "terrain.compare": {"en": "Chance to conquer: {none} with nobody's terrain knowledge, "
                              "{attacker} with the attacker's (S-TERRAIN-2), {defender} with "
                              "the defender's (S-TERRAIN-3).",
                        "pt": "Chance de conquistar: {none} sem conhecimento do terreno, "
                              "{attacker} com o do atacante (S-TERRAIN-2), {defender} com o "
                              "do defensor (S-TERRAIN-3)."},
}

MESSAGES.update(SMART_BASICS_MESSAGES)

_PT_PLURAL = {"azul": "azuis"}
"""Portuguese colour names whose plural is not the name plus "s"."""


def objective_text(objective: str, lang: str = "pt") -> str:
    """A Paranoia objective card in words: ``"destroy_blue"`` → "destroy the blue armies" /
    "destruir os exércitos azuis" (S-SETUP-1)."""
    color = objective.removeprefix("destroy_")
    if color == objective:
        raise ValueError(f"not a Paranoia objective: {objective!r} (S-SETUP-1)")
    if normalize_lang(lang) == "en":
        return f"destroy the {color_name(color, 'en').lower()} armies"
    name = color_name(color, "pt").lower()
    return f"destruir os exércitos {_PT_PLURAL.get(name, name + 's')}"


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
    en = normalize_lang(lang) == "en"
    parts = [" + ".join(_group_text(g, lang) for g in value.groups)]
    if value.joker_bonus:
        parts.append(f"{'joker bonus' if en else 'bônus de coringa'} {value.joker_bonus}")
    if value.territory_bonus:
        where = "on owned territories" if en else "nos territórios próprios"
        parts.append(f"{TERRITORY_BONUS} × {len(value.territory_bonus)} {where}")
    return " + ".join(parts) + f" = {value.total}"
