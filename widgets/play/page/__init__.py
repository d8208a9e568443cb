"""The game page's glue with the browser and Voilà: its loop, keys, identity, socket."""
