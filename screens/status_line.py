"""The table's one-line status: whose turn, the bank's pieces and holdings, the ledger.

Its text depends on its width (a shorter bank line when narrow), so it redraws itself
whenever its width changes: a resized terminal, or the key help opening beside it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.widgets import Static


class StatusLine(Static):
    """`make(width)` gives the line for a width; the widget keeps no fact of its own."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
    }
    """

    def __init__(self, make: Callable[[int], Text], id: str = "status") -> None:
        super().__init__("", id=id)
        self.make = make
        self.line = Text()

    def show(self) -> None:
        """Redraw the line when its text changed; always one line high, so the screen is not laid out again."""
        line = self.make(self.size.width or self.app.size.width)
        if line != self.line:
            self.line = line
            self.update(line, layout=False)

    def on_resize(self, event: events.Resize) -> None:
        self.show()
