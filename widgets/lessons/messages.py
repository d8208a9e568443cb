"""The lesson widgets' strings: their gettext catalogue ``widgets/lessons/locale/{en,pt_BR}.po``
(domain ``warkit_widgets.lessons``, every lesson group's widgets), read through the components'
catalogue for their words.
"""

from __future__ import annotations

from warkit_widgets.i18n import COMPONENTS, Catalogue

LESSONS = Catalogue("warkit_widgets.lessons", fallback=COMPONENTS)
tr = LESSONS.tr
