"""What the last action did, in words, on the table's own lines above the command bar.

A roll's words used to go up as a toast, and Textual lays a new toast out in a frame after the one that shows the
new cash (its toast rack is laid out again for each toast it mounts): a typed roll's words came 30-60 ms after
its cash, and three or four frames were drawn where one would do. This line is always there, so new words only
repaint it, in the same frame as the new cash, as long as they need as many rows as the words before (two for
most; up to four for the longest, Mega's rolls on a narrow screen: a new height lays the table out again; longer
still, they end in "…" and the ledger has them whole). It never covers the board or a dialog, and the last words
stay in sight until the next action (a toast left after a few seconds), dimmed once they have been up as long as a
toast would have been.
"""

from __future__ import annotations

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

LINES = 2  # the line's rows for the words of most actions
MOST_LINES = 4  # the most it grows to; longer words end in "…"


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
        self.shown = Text()  # what the line shows: the words, bright or dimmed (drawn in `rows` rows)
        self.rows = LINES
        self.dimming: Timer | None = None

    def say(self, words: str, title: str = "", seconds: float = 4.0) -> None:
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
        """The words in the rows they need, from LINES to MOST_LINES: the same rows as before only repaint the
        line, new rows lay the table out again."""
        self.shown = text
        width = self.content_size.width or max(1, self.app.size.width - 2)
        lines = text.wrap(self.app.console, width)
        if len(lines) > MOST_LINES:
            lines = lines[:MOST_LINES]
            lines[-1].rstrip()
            lines[-1].truncate(width - 1)
            lines[-1].append("…")
        rows = max(LINES, len(lines))
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows
        self.update(Text("\n").join(lines), layout=False)

    def on_resize(self) -> None:
        self.show(self.shown)  # the rows the words need at the new width
