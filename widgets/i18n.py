"""The one translation layer of the widgets: every string a player reads (pt-BR and en).

Messages are keyed templates (``tr("dice.losses", "pt", att=2, dfn=1)``);
territory, continent and colour names come from the map data
(``name_pt`` / ``name_en``), so they are never translated twice. Numbers
are formatted for the language (``41,7%`` in pt-BR, ``41.7%`` in en).

Refusals from the engine (:class:`warkit.IllegalActionError`) are shown in
English exactly as the engine words them; in Portuguese, the common reasons
have a template here and the rest fall back to the engine's message.
"""

from __future__ import annotations

import os
from typing import Literal
from urllib.parse import parse_qs

from warkit import IllegalActionError, Reason, world_map

Lang = Literal["pt", "en"]
LANGS: tuple[Lang, ...] = ("pt", "en")

_ALIASES: dict[str, Lang] = {
    "pt": "pt", "pt-br": "pt", "pt_br": "pt", "br": "pt", "portugues": "pt", "português": "pt",
    "en": "en", "en-us": "en", "en_us": "en", "en-gb": "en", "en_gb": "en", "english": "en",
}

MESSAGES: dict[str, dict[Lang, str]] = {
    # -- the map ---------------------------------------------------------------------------
    "map.pick_source.attack": {
        "en": "{player}: click one of your highlighted territories to attack from.",
        "pt": "{player}: clique em um dos seus territórios destacados para atacar.",
    },
    "map.pick_source.move": {
        "en": "{player}: click a highlighted territory to move armies from.",
        "pt": "{player}: clique em um território destacado para deslocar exércitos.",
    },
    "map.pick_source.place": {
        "en": "{player}: click one of your territories to place armies ({armies} left).",
        "pt": "{player}: clique em um dos seus territórios para colocar exércitos "
              "(faltam {armies}).",
    },
    "map.source.attack": {
        "en": "{src} ({armies} armies) selected: now click a highlighted enemy neighbour.",
        "pt": "{src} ({armies} exércitos) selecionado: agora clique em um vizinho inimigo "
              "destacado.",
    },
    "map.source.move": {
        "en": "{src} selected: click a highlighted territory to move armies into.",
        "pt": "{src} selecionado: clique em um território destacado para receber exércitos.",
    },
    "map.source.place": {
        "en": "{src} selected: up to {count} armies may go there.",
        "pt": "{src} selecionado: até {count} exércitos podem ir para lá.",
    },
    "map.target.attack": {
        "en": "Attack {src} → {dst}: up to {count} dice against {defence}.",
        "pt": "Ataque {src} → {dst}: até {count} dados contra {defence}.",
    },
    "map.target.move": {
        "en": "Move {src} → {dst}: up to {count} armies.",
        "pt": "Deslocar {src} → {dst}: até {count} exércitos.",
    },
    "map.cleared": {"en": "Selection cleared.", "pt": "Seleção desfeita."},
    "map.no_enemy_neighbour": {
        "en": "{src} has no enemy neighbour to attack (C-ATK-1).",
        "pt": "{src} não tem vizinho inimigo para atacar (C-ATK-1).",
    },
    "map.nothing_to_move": {
        "en": "{src} has no army free to move (C-MOVE-2, C-MOVE-3).",
        "pt": "{src} não tem exército livre para deslocar (C-MOVE-2, C-MOVE-3).",
    },
    "map.not_your_turn": {
        "en": "It is {player}'s turn, not yours.",
        "pt": "É a vez de {player}, não a sua.",
    },
    "map.phase.occupy": {
        "en": "{dst} was conquered: first move armies in (C-CONQ-1).",
        "pt": "{dst} foi conquistado: primeiro mova exércitos para lá (C-CONQ-1).",
    },
    "map.phase.roll": {
        "en": "The dice of {src} → {dst} must be rolled first.",
        "pt": "Primeiro é preciso rolar os dados de {src} → {dst}.",
    },
    "map.phase.trade": {
        "en": "{player} may trade cards first (or pass).",
        "pt": "{player} pode trocar cartas primeiro (ou passar).",
    },
    "map.phase.chance": {"en": "Waiting for chance (dice or a card).",
                         "pt": "Aguardando a sorte (dados ou carta)."},
    "map.phase.over": {"en": "The game is over.", "pt": "O jogo acabou."},
    "map.battle": {
        "en": "{src} → {dst}: attacker lost {att}, defender lost {dfn}.",
        "pt": "{src} → {dst}: o ataque perdeu {att}, a defesa perdeu {dfn}.",
    },
    "map.conquered": {
        "en": "{dst} conquered! Move 1 to {count} armies in (C-CONQ-1).",
        "pt": "{dst} conquistado! Mova de 1 a {count} exércitos para lá (C-CONQ-1).",
    },
    "map.done": {"en": "Done: {action}.", "pt": "Feito: {action}."},
    # -- refusals in Portuguese (English shows the engine's own words) ---------------------------
    "refused.not_owned": {"en": "", "pt": "{src} não é seu"},
    "refused.own_territory": {"en": "", "pt": "{dst} é seu: ataque um território inimigo"},
    "refused.not_adjacent": {"en": "", "pt": "{src} e {dst} não têm fronteira nem ligação "
                                             "por mar"},
    "refused.too_few_armies": {"en": "", "pt": "{src} tem 1 exército, que precisa ficar: para "
                                               "atacar são precisos pelo menos 2"},
    "refused.wrong_phase": {"en": "", "pt": "isso não é possível nesta etapa do turno"},
    "refused.no_attack_first_round": {"en": "", "pt": "esta mesa joga sem ataques na primeira "
                                                      "rodada"},
    "refused.bad_count": {"en": "", "pt": "número fora do permitido"},
    "refused.prefix": {"en": "Refused: ", "pt": "Recusado: "},
    # -- dice ------------------------------------------------------------------------------------
    "dice.attack": {"en": "Attack", "pt": "Ataque"},
    "dice.defence": {"en": "Defence", "pt": "Defesa"},
    "dice.attacker_wins": {"en": "attack wins", "pt": "ataque vence"},
    "dice.defender_wins": {"en": "defence wins", "pt": "defesa vence"},
    "dice.tie": {"en": "tie: defence wins", "pt": "empate: defesa vence"},
    "dice.unpaired": {"en": "not compared", "pt": "não comparado"},
    "dice.losses": {"en": "Attacker loses {att}, defender loses {dfn}.",
                    "pt": "O ataque perde {att}, a defesa perde {dfn}."},
    "dice.empty": {"en": "No roll yet.", "pt": "Nenhuma rolagem ainda."},
    "dice.roll": {"en": "Roll", "pt": "Rolar"},
    "dice.animate": {"en": "animation", "pt": "animação"},
    "dice.pair": {"en": "pair {n}", "pt": "par {n}"},
    # -- odds ------------------------------------------------------------------------------------
    "odds.title": {"en": "{att} attacking vs {dfn} defending armies",
                   "pt": "{att} atacantes contra {dfn} defensores"},
    "odds.win": {"en": "Probability to conquer", "pt": "Probabilidade de conquistar"},
    "odds.losses": {"en": "Expected losses: attacker {att}, defender {dfn}",
                    "pt": "Perdas esperadas: ataque {att}, defesa {dfn}"},
    "odds.final": {"en": "How the whole attack ends", "pt": "Como termina o ataque inteiro"},
    "odds.final.win": {"en": "conquered, {n} attacking armies left",
                       "pt": "conquistado, restam {n} exércitos atacantes"},
    "odds.final.loss": {"en": "repelled, {n} defending armies left",
                        "pt": "repelido, restam {n} exércitos na defesa"},
    "odds.final.axis": {"en": "← defence keeps      attack keeps →",
                        "pt": "← a defesa fica com      o ataque fica com →"},
    "odds.table": {"en": "Probability to conquer: attacking armies (rows) × defending armies "
                         "(columns)",
                   "pt": "Probabilidade de conquistar: exércitos atacantes (linhas) × "
                         "defensores (colunas)"},
    "odds.no_attack": {"en": "Pick an attack: your territory, then an enemy neighbour.",
                       "pt": "Escolha um ataque: seu território, depois um vizinho inimigo."},
    "odds.cannot": {"en": "No army can attack: one must always stay home (C-ATK-2).",
                    "pt": "Nenhum exército pode atacar: um sempre fica (C-ATK-2)."},
    "odds.note": {"en": "The attacker rolls the most dice allowed every time, until the "
                        "target falls or no attacking army is left (C-ATK-5).",
                  "pt": "O atacante rola sempre o máximo de dados permitido, até o alvo cair "
                        "ou não restar exército atacante (C-ATK-5)."},
    "odds.attackers": {"en": "attacking armies", "pt": "exércitos atacantes"},
    "odds.defenders": {"en": "defending armies", "pt": "exércitos defensores"},
    "odds.territory_armies": {"en": "armies on the attacking territory",
                              "pt": "exércitos no território atacante"},
    "odds.roll_table": {"en": "One roll: probability of each result",
                        "pt": "Uma rolagem: probabilidade de cada resultado"},
    "odds.roll_result": {"en": "attacker −{att}, defender −{dfn}",
                         "pt": "ataque −{att}, defesa −{dfn}"},
    # -- cards -----------------------------------------------------------------------------------
    "hand.title": {"en": "{player}'s cards", "pt": "Cartas de {player}"},
    "hand.empty": {"en": "No cards in hand.", "pt": "Nenhuma carta na mão."},
    "hand.pick": {"en": "Select cards to trade.", "pt": "Selecione cartas para trocar."},
    "hand.need_three": {"en": "A classic trade is exactly 3 cards (C-CARD-2).",
                        "pt": "Uma troca clássica tem exatamente 3 cartas (C-CARD-2)."},
    "hand.not_a_set": {"en": "Not a set: 3 of one shape or 3 different shapes; a joker is any "
                             "shape (C-CARD-2).",
                       "pt": "Não é uma troca: 3 figuras iguais ou 3 diferentes; o coringa vale "
                             "qualquer figura (C-CARD-2)."},
    "hand.value": {"en": "This trade is worth {armies} armies (C-CARD-4).",
                   "pt": "Esta troca vale {armies} exércitos (C-CARD-4)."},
    "hand.bonus": {"en": "+2 on {territory} (C-CARD-5)", "pt": "+2 em {territory} (C-CARD-5)"},
    "hand.smart_range": {"en": "A SMART trade is 1 to 6 cards (S-TRADE-1).",
                         "pt": "Uma troca SMART tem de 1 a 6 cartas (S-TRADE-1)."},
    "hand.smart_value": {"en": "Best split: {split} = {armies} armies (S-TRADE-1).",
                         "pt": "Melhor divisão: {split} = {armies} exércitos (S-TRADE-1)."},
    "hand.joker_bonus": {"en": "jokers +{bonus} (S-TRADE-5)",
                         "pt": "coringas +{bonus} (S-TRADE-5)"},
    "hand.trade": {"en": "Trade", "pt": "Trocar"},
    "shape.triangle": {"en": "triangle", "pt": "triângulo"},
    "shape.square": {"en": "square", "pt": "quadrado"},
    "shape.circle": {"en": "circle", "pt": "círculo"},
    "shape.joker": {"en": "joker", "pt": "coringa"},
    # -- controls --------------------------------------------------------------------------------
    "button.attack": {"en": "Attack", "pt": "Atacar"},
    "button.end_attacks": {"en": "End attacks", "pt": "Encerrar ataques"},
    "button.occupy": {"en": "Move in", "pt": "Ocupar"},
    "button.clear": {"en": "Clear", "pt": "Limpar"},
    "label.dice": {"en": "dice", "pt": "dados"},
    "label.armies": {"en": "armies", "pt": "exércitos"},
    "label.attack_dice": {"en": "attack dice", "pt": "dados de ataque"},
    "label.defence_dice": {"en": "defence dice", "pt": "dados de defesa"},
    # -- errors and exercises ---------------------------------------------------------------------
    "error": {"en": "Something went wrong: {error}", "pt": "Algo deu errado: {error}"},
    "exercise.correct": {"en": "Correct! {detail}", "pt": "Correto! {detail}"},
    "exercise.wrong": {"en": "Not yet: {answer} is not the answer. Try again.",
                       "pt": "Ainda não: {answer} não é a resposta. Tente de novo."},
    "exercise.check": {"en": "Check", "pt": "Conferir"},
    "exercise.empty": {"en": "Type an answer first.", "pt": "Digite uma resposta primeiro."},
    "exercise.missing": {"en": "Write your answer in the cell above, then run this cell.",
                         "pt": "Escreva sua resposta na célula acima e rode esta célula."},
}

_REFUSAL_KEYS = {
    Reason.NOT_OWNED: "refused.not_owned",
    Reason.OWN_TERRITORY: "refused.own_territory",
    Reason.NOT_ADJACENT: "refused.not_adjacent",
    Reason.TOO_FEW_ARMIES: "refused.too_few_armies",
    Reason.WRONG_PHASE: "refused.wrong_phase",
    Reason.NO_ATTACK_FIRST_ROUND: "refused.no_attack_first_round",
    Reason.BAD_COUNT: "refused.bad_count",
}


def normalize_lang(lang: str | None) -> Lang:
    """``"pt"`` or ``"en"`` from a language tag (``"pt-BR"``, ``"en_US"``...); default pt."""
    if lang is None:
        return "pt"
    key = str(lang).strip().lower()
    if key not in _ALIASES:
        raise ValueError(f"unknown language {lang!r}: use 'pt' (pt-BR) or 'en'")
    return _ALIASES[key]


def lang_from_env(default: str = "en") -> Lang:
    """The ``lang`` of a Voilà URL (``?lang=pt-BR``, from ``QUERY_STRING``), else ``default``."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang")
    try:
        return normalize_lang(values[0]) if values else normalize_lang(default)
    except ValueError:
        return normalize_lang(default)


def tr(key: str, lang: str = "pt", /, **params: object) -> str:
    """The message ``key`` in ``lang``, with ``{placeholders}`` filled from ``params``."""
    entry = MESSAGES.get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in warkit_widgets.i18n.MESSAGES")
    return entry[normalize_lang(lang)].format(**params)


def territory_name(territory: str | int, lang: str = "pt") -> str:
    """A territory's display name (from the map data)."""
    return world_map().territory(territory).name(normalize_lang(lang))


def continent_name(continent: str | int, lang: str = "pt") -> str:
    return world_map().continent(continent).name(normalize_lang(lang))


def color_name(color: str, lang: str = "pt") -> str:
    """A player colour's name (``"red"`` → ``"vermelho"`` in pt)."""
    m = world_map()
    return m.colors[m.color_index(color)].name(normalize_lang(lang))


def shape_name(shape: str | None, lang: str = "pt") -> str:
    """A card shape's name; ``None`` is the joker."""
    return tr(f"shape.{shape or 'joker'}", lang)


def fmt_number(value: float, lang: str = "pt", digits: int = 2) -> str:
    """A number with ``digits`` decimals and the language's decimal mark."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if normalize_lang(lang) == "pt" else text


def fmt_percent(p: float, lang: str = "pt", digits: int = 1) -> str:
    """A probability as a percentage (``0.4167`` → ``41,7%`` / ``41.7%``)."""
    return fmt_number(100 * float(p), lang, digits) + "%"


def refusal_text(error: IllegalActionError, lang: str = "pt", **names: str) -> str:
    """A refused action explained to the player.

    English shows the engine's message unchanged; Portuguese uses a template
    for the common reasons (``names`` fills ``{src}`` / ``{dst}``) plus the
    rule ID, and falls back to the engine's message for the others.
    """
    lang = normalize_lang(lang)
    prefix = tr("refused.prefix", lang)
    key = _REFUSAL_KEYS.get(error.reason)
    if lang == "en" or key is None:
        return prefix + error.message
    try:
        text = tr(key, lang, **names)
    except KeyError:  # a template needs a name the caller did not give
        return prefix + error.message
    return prefix + text + (f" ({error.rule})" if error.rule else "")
