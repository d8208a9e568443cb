"""The game server's log holds what its operator needs, not noise a player would read.

``notebooks/voila.json`` installs :class:`QuietPingTimeoutWarning` on Tornado's general
logger (``Voila.logging_config``), so the terminal of ``make play`` shows the address and
nothing a player would mistake for a fault.
"""

from __future__ import annotations

import logging


class QuietPingTimeoutWarning(logging.Filter):
    """Drop Tornado's warning that the websocket ping timeout is longer than its interval.

    jupyter_server hands Tornado its ping interval and timeout in milliseconds (30 000 and
    90 000); Tornado reads them as seconds and warns, once per server, that the timeout is
    the longer. jupyter_server's own ping check, in milliseconds, is what closes dead
    connections, so nothing is wrong. Setting ``ws_ping_timeout`` to 30 000 silenced the
    warning but cut the real timeout to 30 s, and on a loaded machine live pages were dropped.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return "websocket_ping_timeout" not in record.getMessage()
