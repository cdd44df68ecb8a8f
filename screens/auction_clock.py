"""A timed auction's countdown outlives its screen: left open with Esc, it keeps running on the table (the status
line counts it down), `a` returns to it with the seconds it has left, and at zero it closes as the screen would.

The start is the app's, not the ledger's: a game reopened later restarts the countdown (the screen says so).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from screens.timing import Stop, timing


class AuctionCountdowns:
    """When each timed auction's countdown started, and the one-second watch while its screen is not shown."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.started: dict[str, tuple[datetime, int]] = {}
        self.stop: Stop | None = None

    def start(self, deed: str, seconds: int) -> bool:
        """Start the countdown, or keep the one already running; True when it was already running."""
        running = deed in self.started
        self.started.setdefault(deed, (timing(self.app).now(), seconds))
        return running

    def left(self, deed: str) -> int | None:
        """Whole seconds left, or None for an auction with no countdown running."""
        if deed not in self.started:
            return None
        began, seconds = self.started[deed]
        return max(0, seconds - int((timing(self.app).now() - began).total_seconds()))

    def forget(self, deed: str) -> None:
        self.started.pop(deed, None)

    def watch(self) -> None:
        """The screen was left with the auction open: keep counting on the table."""
        if self.stop is None:
            self.stop = timing(self.app).every_second(self.app, self.tick)

    def unwatch(self) -> None:
        if self.stop is not None:
            self.stop()
            self.stop = None

    def tick(self) -> None:
        game = self.app.game
        auction = game.state.auction if game is not None else None
        shown = any(type(screen).__name__ == "AuctionScreen" for screen in self.app.screen_stack)
        if auction is None or shown or self.left(auction.deed) is None:
            self.unwatch()
            return
        if self.left(auction.deed):
            self.app.show_state()  # the status line's seconds
            return
        self.unwatch()
        outcome = self.app.act("sold", quiet=True)
        if outcome is None:  # a building won at auction needs its deed: the screen asks, at zero
            self.app.show_open_auction()
            return
        self.forget(auction.deed)
        self.app.notify(f"time is up: {outcome.summary}", title="Auction closed", markup=False)
