"""What the game's page and an online game know of each other: small interfaces, so that the
page never imports the rooms (:mod:`warkit_widgets.rooms` builds on the page, never the other
way round).

The notebook hands a :class:`Rooms` to :class:`~warkit_widgets.play.app.PlayApp` (the rooms'
:class:`~warkit_widgets.rooms.opener.RoomOpener`); a page without one offers no "Play online".
A room's session drives the page only through :class:`RoomPage`, and tells the page it took it
with :meth:`RoomPage.enter_room`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import ipywidgets as w

    from ..report import ErrorReporter
    from .config import GameConfig
    from .controller import GameController
    from .page.voila import PageAddress


class OnlineGame(Protocol):
    """An online game shown on a page: the page asks for its controller and stops it when
    the page leaves it (a new game, the form, a loaded file)."""

    @property
    def game(self) -> GameController | None:
        """This page's seat's controller (``None``: a visitor still choosing a seat)."""

    def stop(self) -> None:
        """Stop following the room on this page (the game goes on for the others)."""


class RoomPage(Protocol):
    """What an online game may ask of the page that shows it."""

    reporter: ErrorReporter
    """Guards the room's callbacks (an error is shown on the page, not lost in a thread)."""
    address: PageAddress
    """The page's address (a room's link: ``?room=CODE&key=SECRET``)."""

    @property
    def lang(self) -> str:
        """The page's language ("pt" or "en")."""

    @property
    def pace(self) -> str:
        """The computers' speed chosen on the page (a key of ``PACES``)."""

    def set_address(self, query: str) -> None:
        """Put ``query`` (``?room=...``) in the browser's address bar (a reload comes back)."""

    def set_game(self, game: GameController) -> None:
        """Show ``game`` on the page."""

    def enter_room(self, room: OnlineGame) -> None:
        """``room`` takes the page (an earlier one stops)."""

    def show_room_panel(self, panel: w.Widget) -> None:
        """Put the room's lobby on the page."""

    def notice_text(self, text: str, kind: str = "info") -> None:
        """A banner on the page."""

    def kick_computers(self) -> None:
        """Let the computers go on (their moves are due)."""


class Rooms(Protocol):
    """Opens online games for a page: "Play online" on the form, a room's link."""

    def unavailable(self, lang: str) -> str | None:
        """Why no room can be opened from this page (no room server), in ``lang``: the form
        shows "Play online" disabled with it as its tooltip; ``None``: rooms can be opened."""

    def host(self, page: RoomPage, config: GameConfig) -> OnlineGame:
        """A new room for the form's answers, the page in its first human seat."""

    def open_address(self, page: RoomPage) -> OnlineGame | None:
        """The room the page's address names (``?room=CODE[&key=SECRET]``), if any."""
