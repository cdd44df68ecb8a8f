"""The deal timer on the trade screen: Monopoly City's trading unit times deals like auctions.

004: "When you want to make a deal, press the Auction button to start the timer. You must come to an
agreement before the time runs out!" It starts when the trade screen opens; the last five seconds
are red with the terminal bell; at zero the trade screen closes and nothing is traded. Runs on the
app's injectable clock (`screens.timing`).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from screens.timing import Stop, timing

DEAL_SECONDS = 50  # the trading unit's timer (the Auction button)
FINAL_SECONDS = 5


class DealTimer(Static):
    """Counts down one second per tick; calls `on_zero` once when the time runs out."""

    DEFAULT_CSS = """
    DealTimer {
        height: 1;
        width: 100%;
        background: $accent-darken-2;
        color: $text;
        text-style: bold;
        padding: 0 1;
    }
    DealTimer.-final {
        background: $error;
        color: white;
    }
    """

    def __init__(self, seconds: int, on_zero: Callable[[], None], autostart: bool = True) -> None:
        super().__init__("", id="deal-timer")
        self.seconds = seconds
        self.remaining = seconds
        self.on_zero = on_zero
        self.autostart = autostart
        self.stopped = False
        self._stop: Stop | None = None

    def on_mount(self) -> None:
        self.show()
        if self.autostart:
            self._stop = timing(self.app).every_second(self, self.tick)

    def on_unmount(self) -> None:
        self.stop()

    def stop(self) -> None:
        self.stopped = True
        if self._stop is not None:
            self._stop()
            self._stop = None

    def show(self) -> None:
        left = self.remaining
        if left <= FINAL_SECONDS:
            text = f"DEAL TIMER {left} s: confirm now, or the deal is off!"
        else:
            text = f"deal timer {left} s: confirm the deal (ctrl+r, then y) before it runs out"
        self.update(text)
        self.set_class(0 < left <= FINAL_SECONDS, "-final")

    def tick(self) -> None:
        """One second of the deal timer (the app's clock calls it; tests may call it directly)."""
        if self.stopped or not self.is_attached:
            return
        self.remaining = max(0, self.remaining - 1)
        self.show()
        if 0 < self.remaining <= FINAL_SECONDS:
            self.app.bell()
        if self.remaining == 0:
            self.stop()
            self.on_zero()
