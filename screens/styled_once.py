"""A screen styled once when it first shows, not twice.

Textual styles a screen's widgets as they are mounted, then again at the screen's first resume (the styles of a
screen pushed anew are refreshed): every rule matched again for every widget, 2-6 ms of a dialog opened by a typed
roll and of the table's first frame, for styles that are already current. Later resumes restyle as Textual does.
"""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Mixed into a screen (before `Screen`): its first resume does not style its widgets again."""

    resumed_once = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self.resumed_once:
            event.refresh_styles = False
            self.resumed_once = True
