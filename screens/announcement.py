"""What the last action did, in words, on two lines of the table above the command bar.

A roll's words used to go up as a toast, and Textual lays a new toast out in a frame after the one that shows the
new cash (its toast rack is laid out again for each toast it mounts): a typed roll's words came 30-60 ms after
its cash, and three or four frames were drawn where one would do. This line is always there and always two lines
high, so new words only repaint it, in the same frame as the new cash. It never covers the board or a dialog, and
the last words stay in sight until the next action (a toast left after a few seconds), dimmed once they have been
up as long as a toast would have been.
"""

from __future__ import annotations

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

LINES = 2


class Announcement(Static):
    """The bank's last words: `say` shows them, bright until `seconds` have passed, then dimmed."""

    DEFAULT_CSS = """
    Announcement {
        height: 2;
        padding: 0 1;
        background: $boost;
    }
    """

    def __init__(self) -> None:
        super().__init__("", id="announcement")
        self.words = Text()  # the last words said, as said
        self.shown = Text()  # what the line draws: the words, bright or dimmed
        self.dimming: Timer | None = None

    def say(self, words: str, title: str = "", seconds: float = 4.0) -> None:
        """New words repaint the line alone: its size never changes, so the screen is not laid out again."""
        text = Text(f"{title}: ", style="bold") if title else Text()
        text.append(words)
        self.words = text
        self.show(text)
        if self.dimming is not None:
            self.dimming.stop()
        self.dimming = self.set_timer(seconds, self.dim)

    def recall(self, words: str) -> None:
        """The last words of an earlier sitting (the ledger's last action), shown already dimmed."""
        self.words = Text(f"Last: {words}")
        self.dim()

    def dim(self) -> None:
        self.show(Text(self.words.plain, style="dim"))

    def show(self, text: Text) -> None:
        self.shown = text
        self.update(text, layout=False)

    def fits(self, words: str, title: str = "") -> bool:
        """Whether the words fit the line's two rows at its width (else they go up as a toast too)."""
        width = max(1, (self.size.width or self.app.size.width) - 2)
        text = Text(f"{title}: {words}" if title else words)
        return len(text.wrap(self.app.console, width)) <= LINES
