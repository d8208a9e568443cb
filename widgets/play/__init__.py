"""The game served by Voilà (``notebooks/play.ipynb``): one screen or a room, against computers.

- :mod:`.app`: the page (:class:`~.app.PlayApp`) — the map, dice, hand, odds and panels laid out;
- :mod:`.controller`: the game's logic without ipywidgets (:class:`~.controller.GameController`);
- :mod:`.config`, :mod:`.setup_form`, :mod:`.options_panel`: a new game's settings and the form;
- :mod:`.saves`, :mod:`.files`: saved games, autosave, download and upload;
- :mod:`.log`, :mod:`.html`, :mod:`.layout`, :mod:`.end_report`, :mod:`.help_panel`: what the
  page shows;
- :mod:`.page`: the glue with the browser and Voilà (keys, identity, the kernel's loop and socket);
- :mod:`.online`: what the page and an online game ask of each other (the rooms build on the
  page through it; the page never imports them);
- :mod:`.messages`: the game's catalogue (its strings are in `locale/en.po` and `locale/pt_BR.po`).

It builds on the components of :mod:`warkit_widgets`; nothing there imports it.
"""
