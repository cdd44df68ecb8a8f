"""Toasts leave between keys, not during one.

Textual takes a toast down on a timer of the toast's own: the removal lays the screen out again, a few
milliseconds, and when that timer fell while a key was being handled the key's new cash reached the screen
late (an undo of 200 at p99 took 17-20 ms instead of 6-7 ms in `benchmarks/bench_tui.py`). Here a toast keeps
its timeout, but the app takes the ones that are due down itself: in the frame after an action (the next key
is a human's, tens of milliseconds away at the least) and, at a quiet table, on a timer that waits for
QUIET_SECONDS without an action.
"""

from __future__ import annotations

from time import monotonic, time

from textual.app import App
from textual.notifications import Notification, Notify

SWEEP_SECONDS = 0.5  # how often a quiet table looks for toasts that are due
QUIET_SECONDS = 0.5  # no action for this long: a due toast may leave on the timer
HELD = 10**9  # the timeout Textual is given: its own timer never takes the toast down


class ToastsBetweenKeys(App[None]):
    """Mixed into the app: each toast's own timeout, kept here, and kept between keys."""

    def __init__(self) -> None:
        super().__init__()
        self.toasts_due: dict[str, tuple[Notification, float]] = {}  # identity -> (toast, when it is due)
        self.last_action = monotonic()  # set by the app at each action

    def sweep_toasts(self) -> None:
        """From now on a quiet table takes its due toasts down on a timer (called once, on mount)."""
        self.set_interval(SWEEP_SECONDS, self.take_down_toasts_when_quiet)

    def _on_notify(self, event: Notify) -> None:
        notification = event.notification
        self.toasts_due[notification.identity] = (notification, notification.raised_at + notification.timeout)
        notification.timeout = HELD
        super()._on_notify(event)

    def take_down_due_toasts(self) -> None:
        """Every toast whose timeout has passed leaves, all in one layout (a click may have taken one already)."""
        now = time()
        due = [identity for identity, (_, at) in self.toasts_due.items() if at <= now]
        for identity in due:
            notification, _ = self.toasts_due.pop(identity)
            if notification in self._notifications:
                self._unnotify(notification, refresh=False)
        if due:
            self._refresh_notifications()

    def take_down_toasts_when_quiet(self) -> None:
        if monotonic() - self.last_action >= QUIET_SECONDS:
            self.take_down_due_toasts()
