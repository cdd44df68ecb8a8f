"""The table's keys on one line: one widget drawing one line of text, instead of Textual's footer of a widget per key.

Textual's footer is a container with a widget for every key (27 at the table), each styled on its own: styling
them was a good part of the table's first frame, and rebuilding them whenever the focus moved was half of a typed
roll's time. The table needs less: the keys shown, dimmed when they do nothing now, the palette's key on the
right when there is room for it (on a narrow screen it would cover the last keys), and a click on a key pressing
it; the keys that do not fit give way to `? more keys` (the help panel lists them all), never a key cut in
half. The keys come from the screen's active bindings, as the footer's do, in their order (the table lists the dice
first). A typed roll moves the focus into the command bar and back within a few milliseconds; a change of the
keys waits a moment, so a change undone within it is never drawn (no flicker on every roll).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

SETTLE_SECONDS = 0.25  # a typed roll gives the focus back within a few milliseconds of taking it


class ShownKey(NamedTuple):
    key: str  # what a click presses
    display: str  # what the line shows: "l", "^z"
    description: str
    enabled: bool


class KeyLine(Widget):
    """The keys of the screen's focused widgets and the screen itself, on the bottom line."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-line--key", "key-line--description"}
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-line--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-line--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys: tuple[ShownKey, ...] = ()
        self.palette: ShownKey | None = None
        self.places: list[tuple[int, int, ShownKey]] = []  # the columns each drawn key takes, for a click
        self.pending: Timer | None = None
        self.drawn_once = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.show_keys(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def shown(self, screen: Screen) -> tuple[tuple[ShownKey, ...], ShownKey | None]:
        """The keys to draw and the palette's, from the screen's active bindings (the footer's own source)."""
        app = screen.app
        keys: list[ShownKey] = []
        palette: ShownKey | None = None
        seen: set[str] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = ShownKey(key, app.get_key_display(binding), binding.description, active.enabled)
            elif binding.show and binding.action not in seen:
                seen.add(binding.action)
                keys.append(ShownKey(key, app.get_key_display(binding), binding.description, active.enabled))
        return tuple(keys), palette

    def show_keys(self, screen: Screen) -> None:
        keys, palette = self.shown(screen)
        if (keys, palette) != (self.keys, self.palette):
            self.keys, self.palette = keys, palette
            self.refresh()

    def bindings_changed(self, screen: Screen) -> None:
        if not (self.is_attached and screen is self.screen and screen.app.app_focus):
            return
        if self.pending is not None:
            self.pending.stop()
            self.pending = None
        if self.shown(screen) != (self.keys, self.palette):
            self.pending = self.set_timer(SETTLE_SECONDS, lambda: self.settled(screen))

    def settled(self, screen: Screen) -> None:
        self.pending = None
        if self.is_attached:
            self.show_keys(screen)

    def render(self) -> Text:
        width = self.size.width
        key_style = self.get_component_rich_style("key-line--key")
        description_style = self.get_component_rich_style("key-line--description")
        line = Text(no_wrap=True, overflow="crop", end="")
        self.places = []

        def add(shown: ShownKey) -> None:
            start = line.cell_len
            line.append(f" {shown.display}", key_style)
            line.append(f" {shown.description}", description_style)
            if not shown.enabled:
                line.stylize("dim", start)
            self.places.append((start, line.cell_len, shown))

        more = ShownKey("question_mark", "?", "more keys", True)
        room = len(f" {more.display} {more.description}")
        for at, shown in enumerate(self.keys):
            needs = len(f" {shown.display} {shown.description}")
            if line.cell_len + needs + (0 if at == len(self.keys) - 1 else room) > width:
                add(more)  # a key is never cut in half: what does not fit is one key away, in the help panel
                return line
            add(shown)
        if self.palette is not None:
            tail = len(f" ▏ {self.palette.display} {self.palette.description}")
            if line.cell_len + tail <= width:  # on a narrow screen the keys matter more than the palette's
                line.append(" " * (width - line.cell_len - tail) + " ▏")
                add(self.palette)
        return line

    def on_click(self, event: events.Click) -> None:
        shown = next((s for start, end, s in self.places if start <= event.x < end), None)
        if shown is None:
            return
        event.stop()
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()
