"""A screen styled once when it first shows, and again on a later showing only if the look changed meanwhile.

Textual styles a screen's widgets as they are mounted, then again at the screen's first resume, and again at every
later resume (the styles of a screen pushed anew are refreshed): every rule matched again for every widget, 2-6 ms
of a dialog opened by a typed roll and of the table's first frame, and the whole table again each time a dialog
closes over it, for styles that are already current. A widget whose classes or focus change while its screen is
hidden is styled again then; what else can change a hidden screen's styles is the app's: its rules (another theme,
the CSS read again), its classes and its pseudo-classes (dark or light, the terminal's focus). A screen is styled
again on showing when one of those differs from when it was last styled.
"""

from __future__ import annotations

from typing import Any

from textual import events


def look(app: Any) -> tuple[object, frozenset[str], frozenset[str]]:
    """What a hidden screen's styles depend on beyond its own widgets."""
    return app.stylesheet.rules, frozenset(app.classes), frozenset(app.get_pseudo_classes())


class StyledOnce:
    """Mixed into a screen (before `Screen`): a resume restyles its widgets only when the app's look changed."""

    styled_under: tuple[object, frozenset[str], frozenset[str]] | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Runs before Screen's own handler (Textual calls each class's handler, the derived first), which reads
        `refresh_styles`, a public field of the event."""
        now = look(self.app)  # type: ignore[attr-defined]
        before = self.styled_under
        if before is None or (before[0] is now[0] and before[1:] == now[1:]):
            event.refresh_styles = False
        self.styled_under = now
