"""Strings (pt-BR and en) of the dashboard's replay screen
(:mod:`warkit_widgets.play.replay_panel`), registered in :data:`warkit_widgets.i18n.MESSAGES`
on import (light: the header's "Replay" button is on the first page)."""

from __future__ import annotations

from ..i18n import MESSAGES, Lang

REPLAY_PANEL_MESSAGES: dict[str, dict[Lang, str]] = {
    "replay.open": {"en": "Replay", "pt": "Replay"},
    "replay.open.tip": {"en": "Watch a game move by move (this one, or a saved file)",
                        "pt": "Assistir a um jogo lance a lance (este ou um arquivo salvo)"},
    "replay.this": {"en": "Replay this game", "pt": "Rever este jogo"},
    "replay.file": {"en": "Watch a saved game", "pt": "Assistir a um jogo salvo"},
    "replay.close": {"en": "Back to the game", "pt": "Voltar ao jogo"},
    "replay.fork.title": {"en": "Continue from move {move}: who plays?",
                          "pt": "Continuar do lance {move}: quem joga?"},
    "replay.fork.start": {"en": "Start from here", "pt": "Começar daqui"},
    "replay.fork.cancel": {"en": "Cancel", "pt": "Cancelar"},
    "replay.fork.early": {"en": "A game continues from a move after the deal.",
                          "pt": "Um jogo continua de um lance depois da distribuição."},
    "replay.none": {"en": "No game to replay yet: open a saved file.",
                    "pt": "Nenhum jogo para rever ainda: abra um arquivo salvo."},
}
MESSAGES.update(REPLAY_PANEL_MESSAGES)
