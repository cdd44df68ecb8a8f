"""Toasts leave between keys, not during one.

Textual takes a toast down on a timer of the toast's own: the removal lays the screen out again, a few
milliseconds, and when that timer fell while a key was being handled the key's new cash reached the screen
late (an undo of 200 at p99 took 17-20 ms instead of 6-7 ms in `benchmarks/bench_tui.py`). Here a toast keeps
its timeout, but the app takes the ones that are due down itself: in the frame after an action (the next key
is a human's, tens of milliseconds away at the least) and, at a quiet table, on a timer that waits for
QUIET_SECONDS without an action.

A toast is mounted whole (Textual wraps it in a holder whose toast is mounted a frame later, then laid out again),
and a roll's toast goes up with the roll itself (`toast(..., at_once=True)`): it is the roll's news, drawn in the
roll's own frame instead of two frames after it (bench_tui --dice).
"""

from __future__ import annotations

from time import monotonic, time

from textual.app import App
from textual.css.query import NoMatches
from textual.notifications import Notification, Notify, SeverityLevel
from textual.widgets._toast import Toast, ToastRack

SWEEP_SECONDS = 0.5  # how often a quiet table looks for toasts that are due
QUIET_SECONDS = 0.5  # no action for this long: a due toast may leave on the timer
HELD = 10**9  # the timeout Textual is given: its own timer never takes the toast down
TOASTS_SHOWN = 4  # a quick table's older toasts leave early (its ledger keeps every line): each one on screen is
# laid out again at every layout, and a pile of them covered the board's lower right
TOASTS_SHOWN_SHORT = 2  # on a screen under SHORT_ROWS rows (80x24), where four covered most of the board
SHORT_ROWS = 30


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
        self.hold(event.notification)
        super()._on_notify(event)

    def hold(self, notification: Notification) -> None:
        """Its timeout is kept here; Textual's own timer never takes it down."""
        self.toasts_due[notification.identity] = (notification, notification.raised_at + notification.timeout)
        notification.timeout = HELD

    def toast(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
              timeout: float | None = None, at_once: bool = False) -> None:
        """`notify` without markup; `at_once`: up now, in the frame of the action that raised it."""
        if not at_once:
            self.notify(message, title=title, severity=severity, timeout=timeout, markup=False)
            return
        notification = Notification(message, title, severity,
                                    self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup=False)
        self.hold(notification)
        self._notifications.add(notification)
        self.show_toasts()

    def _refresh_notifications(self) -> None:
        """Toasts go up once the screen has drawn what is pending: the new cash first, its toast a frame later.

        Mounting a toast lays the whole screen out again, a few milliseconds that otherwise came before the frame
        with the new cash.
        """
        self.call_after_refresh(self.show_toasts)

    def show_toasts(self) -> None:
        """The screen's toasts become the app's: each new one mounted whole, so the next frame lays it out."""
        try:
            rack = self.screen.get_child_by_type(ToastRack)
        except NoMatches:  # a screen without one yet: it shows them once it has one
            return
        notifications = self._notifications
        shown = TOASTS_SHOWN if self.size.height >= SHORT_ROWS else TOASTS_SHOWN_SHORT
        while len(notifications) > shown:
            oldest = next(iter(notifications))
            self.toasts_due.pop(oldest.identity, None)
            self._unnotify(oldest, refresh=False)
        rack.display = bool(notifications)
        for toast in rack.query(Toast):
            if toast._notification not in notifications:
                toast.remove()
        new: list[Toast] = []
        for notification in notifications:
            identity = ToastRack._toast_id(notification)
            try:
                rack.get_child_by_id(identity)
            except NoMatches:
                if notification.has_expired:
                    continue
                toast = Toast(notification)
                toast.id = identity
                new.append(toast)
        if new:
            rack.mount_all(new)
            rack.refresh(layout=True)  # its height is measured again, with the new toasts in it
            self.screen.refresh(repaint=False, layout=True)  # in the next frame (the rack alone would ask on its next
            # idle); the layout repaints where the toasts moved, the screen keeps its drawn background
            rack.call_later(rack.scroll_end, animate=False, force=True)

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
