"""The table's footer: Textual's own, laid out again only when the keys it shows have changed and stay changed.

Textual's footer rebuilds all its keys whenever the focused widget's bindings change. At the table the focus
moves twice on every typed roll: into the command bar with the first die (the letter keys are the bar's while
it is typed in, so the footer would drop them) and back to the board after enter. Rebuilding, laying out and
drawing the keys twice was the largest part of the time from the dice to the landing's toast, for a footer
that ends the roll as it began it. So a change waits a moment: a change undone within it costs nothing, and a
banker typing a longer line sees the footer follow a quarter of a second later.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer

SETTLE_SECONDS = 0.25  # a typed roll gives the focus back within a few milliseconds of taking it


class TableFooter(Footer):
    """A footer that keeps its keys while the keys it would show come back to the same within a moment."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.shown_keys: tuple[object, ...] | None = None
        self.pending: Timer | None = None

    def keys_to_show(self, screen: Screen) -> tuple[object, ...]:
        """What `compose` draws from: each shown binding with whether it is enabled, and the palette's key."""
        shown = tuple((binding.key, binding.description, binding.action, enabled, tooltip, binding.group)
                      for (_, binding, enabled, tooltip) in screen.active_bindings.values() if binding.show)
        return shown + (self.show_command_palette, self.compact)

    def bindings_changed(self, screen: Screen) -> None:
        if not (self.is_attached and screen is self.screen and screen.app.app_focus):
            super().bindings_changed(screen)
            return
        keys = self.keys_to_show(screen)
        if self.shown_keys is None:  # the first keys: drawn at once
            self.shown_keys = keys
            super().bindings_changed(screen)
            return
        if self.pending is not None:
            self.pending.stop()
            self.pending = None
        if keys != self.shown_keys:
            self.pending = self.set_timer(SETTLE_SECONDS, lambda: self.settled(screen))

    def settled(self, screen: Screen) -> None:
        """The moment passed: draw the keys if they still differ from those shown."""
        self.pending = None
        if not self.is_attached:
            return
        keys = self.keys_to_show(screen)
        if keys != self.shown_keys:
            self.shown_keys = keys
            super().bindings_changed(screen)
