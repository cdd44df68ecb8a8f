"""Boxes that say they are ticked without colour: ✓ in a ticked box of a list, ● in the chosen radio button, and a
blank in the others (Textual draws the same X or ● in every box and tells them apart by colour alone, which a
colour-blind player, a monochrome terminal or a screen reader cannot see). A SelectionList's box holds the same
inner mark as a Checkbox's, which is how a box is told from the row's text."""

from __future__ import annotations

from typing import TypeVar

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

T = TypeVar("T")
TICKED, UNTICKED = "✓", " "


class TickList(SelectionList[T]):
    """A SelectionList whose ticked boxes hold ✓ and the others nothing."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:
            return strip
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        mark = TICKED if selection.value in self.selected else UNTICKED
        segments[1] = Segment(mark, segments[1].style)
        return Strip(segments, strip.cell_length)


class TickRadioButton(RadioButton):
    """A radio button whose dot shows only when it is the one chosen."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.BUTTON_INNER = "●" if self.value else UNTICKED

    def watch_value(self) -> None:
        self.BUTTON_INNER = "●" if self.value else UNTICKED
        super().watch_value()  # tells the radio set, which unsets the others
