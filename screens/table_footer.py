"""The table's footer: its keys are made once and shown or hidden as the focus moves, not made again each time."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

Entry = tuple[object, ...]  # what one key of the footer is drawn from


class TableFooter(Footer):
    """Textual's footer remakes all its keys (some 15 widgets, each styled and laid out: 40-50 ms on a busy
    machine) whenever the focus moves. At the table the focus moves at every roll: to the command bar with the
    first die (where the letter keys type, so the footer shows only the others), back to the board with enter,
    just before the landing's dialog opens. So the keys are kept, and those the bar hides are hidden; the footer
    is made again only when it would show a key it does not hold."""

    def __init__(self, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self.made: tuple[Entry, list[Entry]] | None = None  # the command palette's key and the others, as made

    def entries(self, screen: Screen) -> tuple[Entry, list[Entry]]:
        """What `Footer.compose` draws from: the command palette's key, then the first shown key of each action."""
        app = screen.app
        first: dict[str, Entry] = {}
        palette: Entry = (self.show_command_palette, app.ENABLE_COMMAND_PALETTE)
        for key, (_, binding, enabled, tooltip) in screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING:
                palette += (binding.key, binding.description, enabled, binding.tooltip)
            if binding.show and binding.action not in first:
                first[binding.action] = (binding.key, app.get_key_display(binding), binding.description,
                                         binding.action, binding.group, enabled, tooltip)
        return palette, list(first.values())

    def bindings_changed(self, screen: Screen) -> None:
        if not (self.is_attached and screen is self.screen and screen.app.app_focus):
            super().bindings_changed(screen)
            return
        palette, wanted = self.entries(screen)
        if self.made is not None and self._bindings_ready and self.show_only(palette, wanted):
            return
        self.made = (palette, wanted)
        super().bindings_changed(screen)

    def show_only(self, palette: Entry, wanted: list[Entry]) -> bool:
        """Show the keys made that are `wanted`, in the order made; False when that cannot show them all."""
        assert self.made is not None
        made_palette, made = self.made
        if palette != made_palette or any(entry[4] is not None for entry in made):  # groups: Footer's own way
            return False
        shown = set(wanted)
        if [entry for entry in made if entry in shown] != wanted:
            return False
        keys = [key for key in self.query_children(FooterKey) if not key.has_class("-command-palette")]
        if len(keys) != len(made):
            return False
        for key, entry in zip(keys, made, strict=True):
            key.display = entry in shown
        return True
