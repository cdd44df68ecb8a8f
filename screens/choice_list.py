"""The choice dialog's list, which keeps the rows it drew from one question to the next.

Textual's option list forgets every row it drew when it is given new options. The app keeps one choice dialog and
asks every question in it (screens/choice_screen.py), and the same rows come back: the sixteen Chance cards at
every Chance, a player's row at every pick of a player. Each option a dialog makes is kept with its row (the same
words, the same number: the same Option), and its drawing is kept by that option, its place in the list, its look
and the list's width: drawing the Chance list took 3-4 ms of the 30 from typed dice to the dialog on screen.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ChoiceList(OptionList):
    """An option list whose drawn rows outlive the options it is given."""

    def __init__(self, *options: Option, id: str | None = None) -> None:
        super().__init__(*options, id=id)
        self.drawn_rows: LRUCache[tuple[object, ...], list[Strip]] = LRUCache(1024)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        key = (option, self._option_to_index[option], style, self.get_component_styles("option-list--option").padding,
               self.scrollable_content_region.width, self._get_left_gutter_width())
        strips = self.drawn_rows.get(key)
        if strips is None:
            strips = self.drawn_rows[key] = super()._get_option_render(option, style)
        return strips
