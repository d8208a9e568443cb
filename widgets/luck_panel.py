"""Luck made visible, in words: each player's dice against the exact expectation with its
spread σ, and the attacks where luck decided most (pure HTML, no widgets).

The numbers come from :mod:`warkit.luck` (computed once there); this module only says them
(the components' catalogue, ``luck.*``), in the reader's language with its decimal mark
("Rafa perdeu 14 exércitos a mais que o esperado, 1,8 σ"). The end screen and the replay
both show :func:`luck_html`."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from warkit import Match
from warkit.luck import BattleLuck, Luck, decisive_battles, luck

from .i18n import fmt_number, territory_name, tr


def signed(value: float, lang: str) -> str:
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
              z=signed(row.z, lang))


def battle_sentence(battle: BattleLuck, names: Sequence[str], lang: str) -> str:
    """One attack where luck decided (plain text)."""
    extra = float(battle.extra_lost)
    return tr("luck.battle", lang, turn=battle.turn, attacker=names[battle.attacker],
              defender=names[battle.defender], dst=territory_name(battle.dst, lang),
              src=territory_name(battle.src, lang), n=battle.lost,
              rolls=tr("luck.rolls", lang, n=battle.rolls),
              extra=fmt_number(abs(extra), lang, 1),
              way=tr("luck.way.more" if extra > 0 else "luck.way.less", lang),
              z=signed(battle.z, lang),
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


__all__ = ["battle_sentence", "luck_html", "luck_sentence", "signed"]
