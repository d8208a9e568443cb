"""Game rooms: each player on their own device, one shared log of actions (issue 14).

- :mod:`.store`: the store interface (an append-only log per room with optimistic
  concurrency, seats and their secret credentials, the claim on the computers) and its
  SQLite (default) and PostgreSQL (``WARKIT_STORE=postgresql://...``) implementations;
- :mod:`.room`: creating a room (code, links), replaying and checking its log, and
  :class:`~.room.RoomController`, the dashboard's controller for one seat of a room;
- :mod:`.sync`: the thread that watches the store and hands new moves to the page;
- :mod:`.session`: a room on the dashboard's page (the lobby, its links, the wiring);
- :mod:`.opener`: what ``PlayApp(rooms=RoomOpener())`` calls for "Play online" and a room's link;
- :mod:`.invite`: a link to share with a "copy" button (a tiny front-end widget).

It builds on the game's page (:mod:`warkit_widgets.play`), which never imports it.
"""
