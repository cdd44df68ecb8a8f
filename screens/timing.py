"""The app's clock for its timers (the auction countdown, the deal timer, the game clock), injectable.

Every timer asks `timing(app)`: the wall clock by default; a test sets `app.timing = ManualClock(...)`
and moves time with `advance(seconds)`, which runs every registered one-second callback once per
second passed, so a 50-second auction or a one-hour game runs through in no real time.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

Stop = Callable[[], None]

SETTLE_SECONDS = 0.5  # after a table opens: its first frames are drawn, and the heap is collected and frozen
IDLE_CHECK_SECONDS = 10.0  # how often a quiet table looks whether a full collection is due


class Clock(Protocol):
    manual: bool

    def now(self) -> datetime: ...

    def every_second(self, owner: Any, callback: Callable[[], None]) -> Stop: ...


class WallClock:
    """Real time: a Textual interval on the widget that owns the timer."""

    manual = False

    def now(self) -> datetime:
        return datetime.now(UTC)

    def every_second(self, owner: Any, callback: Callable[[], None]) -> Stop:
        timer = owner.set_interval(1, callback)
        return timer.stop


class ManualClock:
    """Time stands still until a test moves it; each second passed calls every live callback once."""

    manual = True

    def __init__(self, start: datetime | str | None = None) -> None:
        if isinstance(start, str):
            start = datetime.fromisoformat(start)
        self.time = start or datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
        self.callbacks: list[tuple[Any, Callable[[], None]]] = []

    def now(self) -> datetime:
        return self.time

    def every_second(self, owner: Any, callback: Callable[[], None]) -> Stop:
        entry = (owner, callback)
        self.callbacks.append(entry)

        def stop() -> None:
            if entry in self.callbacks:
                self.callbacks.remove(entry)

        return stop

    def advance(self, seconds: float = 1) -> None:
        """Move time on; whole seconds tick the timers, one call per second, in the order they started."""
        whole = int(seconds)
        for _ in range(whole):
            self.time += timedelta(seconds=1)
            for owner, callback in list(self.callbacks):
                if (owner, callback) in self.callbacks and getattr(owner, "is_attached", True):
                    callback()
        self.time += timedelta(seconds=seconds - whole)

    def set(self, when: datetime | str) -> None:
        """Jump to a time without ticking (a game reopened later); timers catch up on their next second."""
        self.time = datetime.fromisoformat(when) if isinstance(when, str) else when


WALL = WallClock()


def timing(app: Any) -> Clock:
    """The clock the app's timers use: `app.timing` when a test set one, else the wall clock."""
    return getattr(app, "timing", None) or WALL
