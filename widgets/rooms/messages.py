"""The rooms' strings (pt-BR and en), registered in the one translation layer."""

from __future__ import annotations

from ..i18n import MESSAGES, Lang

ROOM_MESSAGES: dict[str, dict[Lang, str]] = {
    "room.title": {"en": "Room {code}", "pt": "Sala {code}"},
    "room.you": {"en": "you are {name}", "pt": "você é {name}"},
    "room.spectator": {"en": "you are watching (public information only)",
                       "pt": "você está assistindo (só informação pública)"},
    "room.your_move": {"en": "Your move, {name}!", "pt": "Sua vez, {name}!"},
    "room.your_reaction": {"en": "{name}, your reaction: you are being attacked!",
                           "pt": "{name}, sua reação: você está sendo atacado!"},
    "room.waiting": {"en": "Waiting for {name}", "pt": "Esperando {name}"},
    "room.moves": {"en": "moves in the log: {n}", "pt": "jogadas no registro: {n}"},
    "room.here": {"en": "here", "pt": "presente"},
    "room.away": {"en": "away for {seconds} s", "pt": "ausente há {seconds} s"},
    "room.not_joined": {"en": "not joined yet", "pt": "ainda não entrou"},
    "room.links": {"en": "Send each invitation only to its player: it is the key to their seat. "
                          "Once they have joined, their invitation is no longer shown here.",
                   "pt": "Mande cada convite só para o seu jogador: é a chave do lugar dele. "
                         "Depois que ele entrar, o convite some desta página."},
    "room.invite": {"en": "Invitation for {name}:", "pt": "Convite para {name}:"},
    "room.copy": {"en": "Copy", "pt": "Copiar"},
    "room.copied": {"en": "Copied!", "pt": "Copiado!"},
    "room.spectator_link": {"en": "Spectator link (public information only, for anyone):",
                            "pt": "Link de espectador (só informação pública, para qualquer "
                                  "pessoa):"},
    "room.my_link": {"en": "Your personal link (to come back to your seat, even from another "
                           "device; keep it private):",
                     "pt": "Seu link pessoal (para voltar ao seu lugar, até de outro aparelho; "
                           "não divulgue):"},
    "room.take": {"en": "Sit here", "pt": "Sentar aqui"},
    "room.taken": {"en": "That seat was just taken: pick another.",
                   "pt": "Esse lugar acabou de ser ocupado: escolha outro."},
    "room.hand_over": {"en": "Let a computer play for {name}",
                       "pt": "Deixar o computador jogar por {name}"},
    "room.bad_link": {"en": "This link opens no room (wrong or old key).",
                      "pt": "Este link não abre nenhuma sala (chave errada ou antiga)."},
    "room.store_failed": {"en": "The game store could not be opened: {error}",
                          "pt": "Não foi possível abrir o depósito de jogos: {error}"},
}

MESSAGES.update(ROOM_MESSAGES)
