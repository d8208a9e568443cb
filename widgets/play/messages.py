"""The game's strings: its gettext catalogue ``widgets/play/locale/{en,pt_BR}.po`` (domain
``warkit_widgets.play``), read through the components' catalogue for their words.

Every module of the game says ``from .messages import tr`` (see :mod:`warkit_widgets.i18n`
for the conventions).
"""

from __future__ import annotations

from ..i18n import COMPONENTS, Catalogue

PLAY = Catalogue("warkit_widgets.play", fallback=COMPONENTS)
tr = PLAY.tr
