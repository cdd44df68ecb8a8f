"""The table's one-line status: whose turn, the bank's pieces and holdings, the ledger.

Its text depends on its width (a shorter bank line when narrow), so it redraws itself
whenever its width changes: a resized terminal, or the key help opening beside it.

While it says an auction is open it can be focused and pressed: Enter on it, or a click, returns to the auction
(as `a` does), its countdown still running (issue 27). An auction left open with Esc leaves the focus on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import Static

if TYPE_CHECKING:
    from screens.host import BankerHost


class StatusLine(Static):
    """`make(width)` gives the line for a width; the widget keeps no fact of its own."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
    }
    StatusLine:focus {
        background: $accent 40%;
    }
    """
    BINDINGS = [Binding("enter", "return_to_auction", "Back to the auction")]

    def __init__(self, make: Callable[[int], Text], id: str = "status") -> None:
        super().__init__("", id=id)
        self.make = make
        self.line = Text()
        self.can_focus = False

    def show(self) -> None:
        """Redraw the line when its text changed; always one line high, so the screen is not laid out again."""
        self.show_auction_open()
        line = self.make(self.size.width or self.app.size.width)
        if line != self.line:
            self.line = line
            self.update(line, layout=False)

    def on_resize(self, event: events.Resize) -> None:
        self.show()

    @property
    def auction_open(self) -> bool:
        game = getattr(self.app, "game", None)
        return game is not None and game.state.auction is not None

    def show_auction_open(self) -> None:
        """Pressable while an auction is open; once it closes the focus goes on to the board below."""
        pressable = self.auction_open
        if pressable != self.can_focus:
            self.can_focus = pressable
            if not pressable and self.has_focus:
                board = self.screen.query("#board")
                if board:
                    board.first().focus()
                else:
                    self.screen.focus_next()

    def action_return_to_auction(self) -> None:
        if self.auction_open:
            cast("BankerHost", self.app).show_open_auction()

    def on_click(self, event: events.Click) -> None:
        self.action_return_to_auction()
