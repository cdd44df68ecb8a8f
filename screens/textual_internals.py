"""Every use of a private name of Textual's, in one module, each with what public API it stands in for.

Textual's private names (a leading underscore) can change in any release. Each one used here is held by
tests/test_textual_internals.py, which fails with a sentence naming the use when a Textual release changes what
it relies on; docs/design.md lists each with the gain it buys. Only gains a person at the table can feel are kept
(issue 34): the others went back to plain, public Textual.

- `KeptDrawingTable`: DataTable's `_render_cell` and `_render_line`. The public way to draw a line is a widget's
  `render_line` (the Line API), but DataTable gives no hook between its rows and Rich: it keys every drawn cell and
  line on a count of the table's changes and forgets them all at any change of style, so one moved token drew the
  board's 40-52 rows through Rich again, about ten times a typed roll (30 ms of 66, up to 70 ms on a busy
  machine). Here a cell or a line is kept under what it shows.
- `FrameSlots`: Screen's `_update_timer`. Textual draws a screen's changes at most once a 60 Hz slot, with no public
  setting for the slot's length: a key pressed just after a frame waited up to 16.7 ms for the next one.
"""

from __future__ import annotations

from rich.console import ConsoleOptions
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer
from textual.widgets import DataTable

FRAME_SECONDS = 1 / 240  # the table's frame slots (Textual's are 1/60 s)


class KeptDrawingTable(DataTable):
    """A DataTable (row cursor) whose drawn cells and lines are kept under what they show."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.drawn_cells: LRUCache[tuple[object, ...], tuple[object, list[list[Segment]]]] = LRUCache(4000)
        self.cell_options: dict[int, ConsoleOptions] = {}  # a column's width -> how Rich draws its cells
        self.drawn_lines: LRUCache[tuple[object, ...], tuple[tuple[object, ...], Strip]] = LRUCache(1000)

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int, cursor: bool = False,
                     hover: bool = False) -> list[list[Segment]]:
        """A cell drawn through Rich once per look, not once per change of the table.

        DataTable keys every cell it has drawn on a count of the table's changes and forgets them all when its
        style changes: one moved token, or the focus moving to or from the board, drew all 34-52 rows through
        Rich again (70 ms on a busy 2-core machine), twice per roll and again behind each see-through dialog.
        Here a cell is kept under everything its drawing depends on: the value shown (the very object, kept
        with the lines so its id cannot be reused), the row's style and the cursor's and hover's styles.
        """
        if row_index < 0 or column_index < 0:  # the header and row labels: DataTable's own way
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        value = self._data[row_key][column_key]
        styles = self._get_styles_to_render_cell(
            False, False, row_index < self.fixed_rows or column_index < self.fixed_columns, hover, cursor,
            self.show_cursor, self._show_hover_cursor, self.cursor_foreground_priority == "css",
            self.cursor_background_priority == "css")
        key = (id(value), row_index, column_index, base_style, styles, width, self.rows[row_key].height,
               self.cell_padding)
        found = self.drawn_cells.get(key)
        if found is not None and found[0] is value:
            return found[1]
        if isinstance(value, Text) and self.rows[row_key].height == 1:
            lines = [self.draw_cell(value, row_index, column_index, base_style, width, styles)]
        else:
            lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        self.drawn_cells[key] = (value, lines)
        return lines

    def draw_cell(self, value: Text, row_index: int, column_index: int, base_style: Style, width: int,
                  styles: tuple[Style, Style]) -> list[Segment]:
        """A one-line cell as DataTable draws it (its text through Rich in a padding, the row's style beneath and
        the cursor's above, the cell's place as meta for the mouse), without Rich's layers of renderables: the
        board's first frame drew its 170 cells in 29 ms (tests/test_app_drawing_kept.py holds the two equal)."""
        console = self.app.console
        component_style, post_style = styles
        pre = base_style + Style.from_meta({"row": row_index, "column": column_index}) + component_style
        pad = self.cell_padding
        inner = max(0, width - 2 * pad)
        options = self.cell_options.get(width)
        if options is None:
            options = self.cell_options[width] = (
                self.app.console_options.update_dimensions(width, 1).update(no_wrap=True).update_width(inner))
        null = Style.null()
        plain = value.plain
        length = value.cell_len
        if value.style or value.justify not in (None, "default") or length > inner or "\n" in plain or "\t" in plain:
            text = next(Segment.split_and_crop_lines(console.render(value, options), inner, style=null, pad=True,
                                                     include_new_lines=False), [Segment(" " * inner, null)])
        else:  # what Rich's wrapping, joining and cropping come to for a short plain line: its spans, then spaces
            text = list(value.render(console))
            if length < inner:
                text.append(Segment(" " * (inner - length), null))
        space = Segment(" " * pad, null)
        segments = [space, *text, space] if pad else text
        if width != inner + 2 * pad:  # a column narrower than its padding: cut as Rich cuts
            return next(Segment.split_and_crop_lines(Segment.apply_style(segments, pre, post_style), width,
                                                     pad=True, include_new_lines=False))
        return list(Segment.apply_style(segments, pre, post_style))

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """A row's line drawn once per look, not once per change of the table.

        DataTable keeps a drawn line under the whole table's count of changes and the cursor's place: a moved
        token, the cursor moved to the landing's row or the focus coming back drew every row again, about ten
        times in a typed roll (30 ms of the roll's 66). Here a line is kept under what it shows: its row's
        values (the very objects, kept with the line so their ids cannot be reused), whether the cursor or the
        mouse is on that row, the columns' widths, the crop, and the table's style and state.
        """
        if self.cursor_type != "row":
            return super()._render_line(y, x1, x2, base_style)
        try:
            row_key, offset = self._get_offsets(y)
        except LookupError:
            return super()._render_line(y, x1, x2, base_style)
        row = -1 if row_key is self._header_row_key else self._row_locations.get(row_key)
        values = tuple(self._data[row_key].values()) if row >= 0 else ()
        key = (row, offset, tuple(map(id, values)), x1, x2, self.size.width, base_style,
               self.cursor_coordinate.row == row, self._show_hover_cursor and self.hover_coordinate.row == row,
               self.show_cursor, self.zebra_stripes, self._pseudo_class_state,
               tuple((column.label.plain, column.get_render_width(self)) for column in self.ordered_columns))
        found = self.drawn_lines.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], values, strict=True)):
            return found[1]
        strip = super()._render_line(y, x1, x2, base_style)
        self.drawn_lines[key] = (values, strip)
        return strip


class FrameSlots(Screen[None]):
    """Mixed into the table's screen: its frame slots are FRAME_SECONDS apart, and it draws only when something
    changed, as Textual's own slots do."""

    frame_timer: Timer | None = None

    @property
    def _update_timer(self) -> Timer:
        if self.frame_timer is None:
            self.frame_timer = self.set_interval(FRAME_SECONDS, self._on_timer_update, name="screen_update",
                                                 pause=True)
        return self.frame_timer
