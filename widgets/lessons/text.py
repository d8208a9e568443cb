"""Text in the lesson's language: code cells are shared by the English and Portuguese notebooks.

>>> T = bilingual("pt")
>>> T("3 armies", "3 exércitos")
'3 exércitos'
"""

from __future__ import annotations

from collections.abc import Callable

from warkit_widgets.i18n import normalize_lang


def bilingual(lang: str) -> Callable[[str, str], str]:
    """A function of (English, Portuguese) that returns the text in ``lang`` (``"en"``/``"pt"``).

    A notebook's set-up cell writes ``T = bilingual(LANG)``; then ``print(T(f"{n} armies",
    f"{n} exércitos"))`` prints in the notebook's language, and both texts stay side by side in
    the lesson's one source.
    """
    chosen = normalize_lang(lang)

    def pick(en: str, pt: str) -> str:
        return pt if chosen == "pt" else en

    return pick
