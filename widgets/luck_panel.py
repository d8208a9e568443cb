"""Luck made visible, in words: each player's dice against the exact expectation with its
spread σ, and the attacks where luck decided most (pure HTML, no widgets).

The numbers come from :mod:`warkit.luck` (computed once there); this module only says
them, in the reader's language with its decimal mark ("Rafa perdeu 14 exércitos a mais que
o esperado, 1,8 σ"). The end screen and the replay both show :func:`luck_html`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from warkit import Match
from warkit.luck import BattleLuck, Luck, decisive_battles, luck

from .i18n import MESSAGES, Lang, fmt_number, territory_name, tr

LUCK_MESSAGES: dict[str, dict[Lang, str]] = {
    "luck.title": {"en": "Luck of the dice", "pt": "Sorte nos dados"},
    "luck.more": {"en": "{player} lost {extra} armies more than expected "
                        "({lost} against {expected}), {z} σ",
                  "pt": "{player} perdeu {extra} exércitos a mais que o esperado "
                        "({lost} contra {expected}), {z} σ"},
    "luck.less": {"en": "{player} lost {extra} armies fewer than expected "
                        "({lost} against {expected}), {z} σ",
                  "pt": "{player} perdeu {extra} exércitos a menos que o esperado "
                        "({lost} contra {expected}), {z} σ"},
    "luck.none": {"en": "{player} rolled no dice", "pt": "{player} não rolou dados"},
    "luck.note": {
        "en": "Expected = the exact average over every face of the dice rolled (C-ATK-4: "
              "highest against highest, ties to the defender), attacking and defending; "
              "σ = its standard deviation. Within 1 σ is ordinary luck; beyond 2 σ happens "
              "about one time in twenty.",
        "pt": "Esperado = a média exata sobre todas as faces dos dados rolados (C-ATK-4: "
              "maior contra maior, empate da defesa), no ataque e na defesa; σ = o "
              "desvio-padrão. Até 1 σ é sorte comum; além de 2 σ acontece cerca de uma "
              "vez em vinte."},
    "luck.battles": {"en": "Where luck decided most", "pt": "Onde a sorte mais decidiu"},
    "luck.battle": {
        "en": "Turn {turn}: {attacker} attacked {dst} ({defender}) from {src} in {rolls} "
              "{rolls:roll|rolls} and lost {lost} {lost:army|armies}, {extra} {way} than "
              "expected ({z} σ): {end}",
        "pt": "Turno {turn}: {attacker} atacou {dst:o} ({defender}) a partir {src:de} em "
              "{rolls} {rolls:rolagem|rolagens} e perdeu {lost} {lost:exército|exércitos}, "
              "{extra} {way} que o esperado ({z} σ): {end}"},
    "luck.way.more": {"en": "more", "pt": "a mais"},
    "luck.way.less": {"en": "fewer", "pt": "a menos"},
    "luck.conquered": {"en": "conquered", "pt": "conquistou"},
    "luck.held": {"en": "the target held", "pt": "o alvo resistiu"},
}
MESSAGES.update(LUCK_MESSAGES)


def _signed(value: float, lang: str) -> str:
    """``+1,8`` / ``-0,4`` with the language's decimal mark."""
    return ("+" if value >= 0 else "-") + fmt_number(abs(value), lang, 1)


def luck_sentence(row: Luck, name: str, lang: str) -> str:
    """One player's luck in a sentence (plain text)."""
    if not row.comparisons:
        return tr("luck.none", lang, player=name)
    extra = float(row.extra_lost)
    return tr("luck.more" if extra > 0 else "luck.less", lang, player=name,
              extra=fmt_number(abs(extra), lang, 1), lost=row.lost,
              expected=fmt_number(float(row.expected_lost), lang, 1),
              z=_signed(row.z, lang))


def battle_sentence(battle: BattleLuck, names: Sequence[str], lang: str) -> str:
    """One attack where luck decided (plain text)."""
    extra = float(battle.extra_lost)
    return tr("luck.battle", lang, turn=battle.turn, attacker=names[battle.attacker],
              defender=names[battle.defender], dst=territory_name(battle.dst, lang),
              src=territory_name(battle.src, lang), rolls=battle.rolls, lost=battle.lost,
              extra=fmt_number(abs(extra), lang, 1),
              way=tr("luck.way.more" if extra > 0 else "luck.way.less", lang),
              z=_signed(battle.z, lang),
              end=tr("luck.conquered" if battle.conquered else "luck.held", lang))


def luck_html(match: Match, names: Sequence[str], lang: str, upto: int | None = None,
              battles: int = 3) -> str:
    """The players' luck and the ``battles`` attacks where it decided most, over the first
    ``upto`` actions of ``match`` (default: all), as HTML (names escaped)."""
    rows = sorted(luck(match, upto), key=lambda r: -float(r.extra_lost))
    players = "".join(f'<li data-seat="{r.seat}">{escape(luck_sentence(r, names[r.seat], lang))}'
                      "</li>" for r in rows if match.states[0].alive[r.seat])
    decisive = "".join(f"<li>{escape(battle_sentence(b, names, lang))}</li>"
                       for b in decisive_battles(match, battles, upto))
    part = (f'<div class="wk-luck-panel"><h4>{escape(tr("luck.title", lang))}</h4>'
            f'<ul class="wk-luck-list">{players}</ul>'
            f'<p class="wk-note">{escape(tr("luck.note", lang))}</p>')
    if decisive:
        part += (f'<h4>{escape(tr("luck.battles", lang))}</h4>'
                 f'<ol class="wk-luck-battles">{decisive}</ol>')
    return part + "</div>"


__all__ = ["LUCK_MESSAGES", "battle_sentence", "luck_html", "luck_sentence"]
