"""The room server: the only holder of a room's secrets (issue 19).

It owns the store (its connection and credentials), each room's seed (256 bits from
:mod:`secrets`) and full state; it checks and applies the moves, rolls the dice, draws the
cards, plays the computer seats and the steps nobody must click, and gives each page only
what its key opens - a seat's view, or the public view - pushed as the room changes.

- :mod:`.live`: one room's match, its moves and automatic steps, what a seat may see;
- :mod:`.core`: :class:`~.core.RoomServer`, the rooms and the keys (no web);
- :mod:`.web`: the JSON API as tornado handlers, with long-poll;
- :mod:`.client`: a page's calls to it (:class:`~.client.RoomClient`, standard library only);
- :mod:`.service`: what a page needs of it, whatever carries the calls (HTTP, or
  :mod:`.local`: the same calls in one process, for tests and tools);
- :mod:`.protocol`: what both sides agree on (prefix, key header, ``$WARKIT_ROOMS_URL``);
- ``python -m warkit_widgets.rooms.server``: the standalone process (:mod:`.__main__`).

It imports no Jupyter UI code.
"""
