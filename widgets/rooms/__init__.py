"""Game rooms: each player on their own device, one shared log of actions (issues 14, 19).

The room server (:mod:`.server`) alone holds a room's secrets and its store; a page's kernel
holds the server's address and its own key, and plays on a mirror of its seat's view.

- :mod:`.store`: the store interface (an append-only log per room with optimistic
  concurrency, seats and their secret credentials, the old pages' claim on the computers,
  pushed moves, the rooms' lifecycle) and its SQLite (default) and PostgreSQL
  (``WARKIT_STORE=postgresql://...``: pooled connections, LISTEN/NOTIFY, restarts)
  implementations, used by the room server only;
- :mod:`.push`: the subscribers told of new moves and the thread that listens for them;
- :mod:`.lifecycle`: how long finished and abandoned rooms are kept, and their purge;
- :mod:`.room`: creating a room in the store (code, links), replaying and checking its log
  (the room server's side);
- :mod:`.controller`: :class:`~.controller.RoomController`, the dashboard's controller for one
  seat of a room, fed by the room server's answers;
- :mod:`.follower`: the thread that long-polls the room server and hands its answers to the
  page;
- :mod:`.session`: a room on the dashboard's page (the lobby, its links, the wiring);
- :mod:`.opener`: what ``PlayApp(rooms=RoomOpener())`` calls for "Play online" and a room's link;
- :mod:`.invite`: a link to share with a "copy" button and its QR code (:mod:`.qr`);
- :mod:`.lan`: the address friends can reach (``make play-lan``), for links opened at localhost;
- :mod:`.fairness`: the room's 256-bit seed, its sha256 commitment shown from the start, and
  :func:`~.fairness.verify_room`, the check of a finished game's rolls and draws;
- :mod:`.presence`: who is at the table (here, away, absent long enough to hand over);
- :mod:`.server`: the room server (issue 19), the only holder of a room's secrets: it owns
  the store, plays chance and the computers, and answers each key with its seat's view
  only, pushed (embedded in ``make play``'s Voilà, or standalone / a JupyterHub service).

It builds on the game's page (:mod:`warkit_widgets.play`), which never imports it. A seat's
Save during the game is its own record (:mod:`warkit.seat_record`).
"""
