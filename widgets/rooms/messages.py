"""The rooms' strings: their gettext catalogue ``widgets/rooms/locale/{en,pt_BR}.po`` (domain
``warkit_widgets.rooms``), read through the game's catalogue (a room is a game played online).
"""

from __future__ import annotations

from ..i18n import Catalogue
from ..play.messages import PLAY

ROOMS = Catalogue("warkit_widgets.rooms", fallback=PLAY)
tr = ROOMS.tr
