"""What the table was told: what an action did on the table's announcement line, the rest in Textual's own toasts,
through its public API only.

What an action did (a roll, a payment, an undo) goes on the table's announcement line (screens/announcement.py),
drawn in the frame that shows the new cash; a toast would be laid out a frame or two later. It is a toast as well
where the line is out of sight (a dialog that acted, the ledger). A rule's note, a refusal and an error stay
toasts: they are read, not glanced at.

A toast goes up with `App.notify` and leaves on Textual's own timer. Two things are the table's own, and both are
public: the app keeps each toast it raised and each announcement (`said`, newest last), so the screens and the tests
can read what is up without Textual's private list; and where toasts stand is CSS on the documented `ToastRack` and
`Toast` types (screens/banker.tcss): at the lower right of the table, and on a dialog above the dialog, which is laid
out below it, so a toast never covers what the dialog asks. On a dialog and on a short table (80x24, where a few
covered most of the board) the newest toast stands alone: the others are cleared with `App.clear_notifications`
when a toast is raised there and when such a screen comes up, and the newest raised again for the time it had left;
back on a tall table, every toast whose time is not up is raised again.

Until issue 34 this module took toasts down itself between keys and mounted a roll's toast in the roll's own frame,
with Textual's private toast classes: a few milliseconds no one at the table could see, against an app that a
Textual release could break.
"""

from __future__ import annotations

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from screens.announcement import Announcement

KEPT = 64  # toasts remembered in `said`: far more than can be up at once


class ToastsKept(App[None]):
    """Mixed into the app: `notify` as Textual's, remembering each toast it raised."""

    TOAST_TIME_SCALE = 1.0  # the tests stretch it so that no toast leaves mid-test: a frame never hangs on the clock

    def __init__(self) -> None:
        super().__init__()
        self.said: list[Notification] = []
        self.raised: list[Notification] = []  # the toasts raised, newest last (the announcements only said are not)
        self.posted: list[Notification] = []  # those of them Textual was given since its toasts were last cleared

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self.toasts_for, immediate=True)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        seconds = (self.NOTIFICATION_TIMEOUT if timeout is None else timeout) * self.TOAST_TIME_SCALE
        notification = Notification(message, title, severity, seconds, markup=markup)
        self.remember(notification)
        self.raised.append(notification)
        del self.raised[:-KEPT]
        if self.posted and self.toast_alone(self.screen):  # cleared in turn: toasts raised just before are not up yet
            self.posted.clear()
            self.call_later(self.clear_toasts)
        self.posted.append(notification)
        self.post_message(Notify(notification))

    def toast(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
              timeout: float | None = None) -> None:
        """`notify` without markup: a player's name or a deed's is shown as typed."""
        self.notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def announce(self, words: str, *, title: str = "", timeout: float = 4.0) -> None:
        """What an action did: on the table's announcement line (screens/announcement.py), drawn in the frame that
        shows the new cash. A toast as well where that line is out of sight (a dialog that acted, the ledger);
        remembered in `said` either way."""
        lines = [line for screen in self.screen_stack for line in screen.query(Announcement)]
        for line in lines:
            line.say(words, title, timeout * self.TOAST_TIME_SCALE)
        if any(line.screen is self.screen for line in lines):
            self.remember(Notification(words, title, "information", timeout * self.TOAST_TIME_SCALE, markup=False))
        else:
            self.toast(words, title=title, timeout=timeout)

    @staticmethod
    def toast_alone(screen: Screen[object]) -> bool:
        """A dialog, and a short table: the newest toast stands alone there."""
        return screen.has_class("dialog-screen") or screen.has_class("-strip")

    def toasts_for(self, screen: Screen[object]) -> None:
        """Puts up what the screen shows: the newest toast alone on a dialog or a short table, else every toast
        whose time is not up (those cleared on a dialog come back on the tall table, for the time they had left)."""
        up = [notification for notification in self.raised if not notification.has_expired]
        shown = up[-1:] if self.toast_alone(screen) else up
        if [notification for notification in self.posted if not notification.has_expired] == shown:
            return
        self.clear_toasts()
        self.posted = shown
        for notification in shown:
            self.post_message(Notify(Notification(notification.message, notification.title, notification.severity,
                                                  notification.time_left, markup=notification.markup)))

    def clear_toasts(self) -> None:
        """`App.clear_notifications`, and the empty holders a clear leaves in the rack taken down: Textual removes a
        cleared toast but not the container it sat in, where an expired toast takes both."""
        for rack in self.screen.query("ToastRack"):
            for holder in rack.children:
                if not holder.children and not isinstance(holder, Static):
                    holder.remove()
        self.clear_notifications()

    def remember(self, notification: Notification) -> None:
        self.said.append(notification)
        del self.said[:-KEPT]

    def toasts_up(self) -> list[Notification]:
        """The toasts raised whose time is not up, oldest first."""
        return [notification for notification in self.said if not notification.has_expired]
