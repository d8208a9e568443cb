"""The one translation layer of the widgets: every string a player reads, in pt-BR and en.

Strings live in gettext catalogues, one domain per package, each a pair of files a newcomer
finds next to the code: ``widgets/locale/{en,pt_BR}.po`` (the components: map, dice, cards,
odds, exercises, refusals), ``widgets/play/locale/`` (the game), ``widgets/rooms/locale/``
(online rooms) and ``widgets/lessons/locale/`` (the lesson widgets).

Conventions (what ``make lint``'s catalogue check enforces, ``python -m
warkit_widgets.i18n.check``):

- **Keyed messages.** The msgid is a key (``"dice.losses"``), and both languages have a
  catalogue, English included: ``tr("dice.losses", "pt", att=2, dfn=1)``. Wording changes
  never touch code, and a key says where the string is shown.
- **A package asks for its domain.** Each package's ``messages`` module makes its
  :class:`Catalogue` and its ``tr``: ``from .messages import tr`` in the game reads the game's
  catalogue, then the components' (its ``fallback``); the components never see the game's
  keys. Nothing is registered by importing a module.
- **Plurals are gettext plurals.** A message whose wording follows a count has a
  ``msgid_plural`` (the same key) and one ``msgstr[i]`` per form of the language; the call
  passes the count as ``n`` and the text prints it as ``{n}``: ``tr("odds.title.defenders",
  lang, n=1)`` is "1 defensor". The forms follow each language's rule (en: ``n != 1``; pt_BR
  also ``n != 1``: a Brazilian says "0 cartas", zero takes the plural, where CLDR's and GNU's
  ``n > 1`` would print "0 carta"). No "(s)" hedges.
- **Placeholders are** ``str.format`` **fields**, plus ``{dst:de}`` (and ``o``, ``em``, ``a``,
  ``para``) to put a place after a Portuguese preposition with its article ("do Brasil").
- **Names come from the map data** (territories, continents, colours: ``name_pt`` /
  ``name_en``), never from a catalogue; numbers, percentages and dates from
  :mod:`~warkit_widgets.i18n.numbers` (Babel's CLDR data: ``0,25``, ``41,7%`` in pt-BR).
- **Adding a string:** add the key to both ``.po`` files of the package (``make strings``
  adds every key the code uses and the catalogues lack, empty, to both, and lists the
  entries no code uses), fill both ``msgstr``, run ``make lint``.

Refusals from the engine (:class:`warkit.IllegalActionError`) are said from templates keyed by
their reason (and rule), filled with the error's params with names in the player's language;
the engine's own English message is the fallback.
"""

from __future__ import annotations

import contextlib

from warkit import IllegalActionError, world_map

from .catalogue import Catalogue, MessageError
from .languages import LANGS, LOCALES, Lang, lang_from_env, normalize_lang
from .numbers import fmt_datetime, fmt_int, fmt_number, fmt_percent, fmt_short, fmt_significant
from .places import PT_ARTICLES, pt_with

COMPONENTS = Catalogue("warkit_widgets")
"""The components' catalogue (``widgets/locale/``): the words every package may use."""

tr = COMPONENTS.tr
"""``tr(key, lang, **params)`` over the components' catalogue (see :meth:`Catalogue.tr`)."""

__all__ = [
    "COMPONENTS", "LANGS", "LOCALES", "PT_ARTICLES", "Catalogue", "Lang", "MessageError",
    "color_name", "continent_name", "fmt_datetime", "fmt_int", "fmt_number", "fmt_percent",
    "fmt_short", "fmt_significant", "lang_from_env", "normalize_lang", "pt_with", "refusal_text",
    "shape_name", "territory_name", "tr",
]


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


def _display(params: dict[str, object], lang: Lang) -> dict[str, object]:
    """A refusal's params with ids turned into names in ``lang`` (territories, cards,
    continents, colours); numbers and anything unknown are kept as they are."""
    m, shown = world_map(), dict(params)
    for key in ("territory", "src", "dst"):
        if params.get(key) in m.ids:
            shown[key] = territory_name(str(params[key]), lang)
    card = params.get("card")
    if isinstance(card, str):
        shown["card"] = territory_name(card, lang) if card in m.ids else \
            tr("shape.joker", lang) + card[5:]
    if isinstance(params.get("continent"), str):
        with contextlib.suppress(KeyError):
            shown["continent"] = continent_name(str(params["continent"]), lang)
    if isinstance(params.get("color"), str):
        with contextlib.suppress(KeyError):
            shown["color"] = color_name(str(params["color"]), lang)
    return shown


_REFUSAL_COUNTS = {"attack_limit": "limit"}
"""The param a plural refusal agrees with ("at most 1 attack"), by the error's reason."""


def refusal_text(error: IllegalActionError, lang: str = "pt", **names: str) -> str:
    """A refused action explained to the player.

    Fills the most specific template (``refused.<reason>:<counting>``, then
    ``refused.<reason>:<rule>``, then ``refused.<reason>``) from the error's params - ids
    become names in ``lang`` - and ``names`` (display names a caller already has), then
    adds the rule ID; with no template, or a placeholder it cannot fill, it falls back to
    the engine's own (English) message.
    """
    lang = normalize_lang(lang)
    prefix = tr("refused.prefix", lang)
    params = {**_display(error.params, lang), **names}
    reason = error.reason.value
    keys = [f"refused.{reason}:{params.get('counting')}", f"refused.{reason}:{error.rule}",
            f"refused.{reason}"]
    count = params.get(_REFUSAL_COUNTS.get(reason, ""))
    if isinstance(count, int):
        params.setdefault("n", count)
    for key in keys:
        if key in COMPONENTS:
            try:
                text = tr(key, lang, **params)
            except (KeyError, IndexError, TypeError):
                continue
            return prefix + text + (f" ({error.rule})" if error.rule else "")
    return prefix + error.message
