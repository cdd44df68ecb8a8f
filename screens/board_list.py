"""The board as a list: every space with its owner, buildings and what a landing costs right now."""

from __future__ import annotations

from typing import Self

from rich.console import ConsoleOptions
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual._styles_cache import StylesCache
from textual.app import ComposeResult
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey

from banker.events import BANK, POT
from banker.landing import utility_times
from banker.rules.rent import rent_due
from banker.state import GameState
from editions import Edition
from screens.city_marks import city_space_cost, district_marks, marks_legend
from screens.colours import group_style, token_style
from screens.player_card import building_mark, building_style

COLUMNS = (("pos", "#"), ("space", "Space"), ("cost", "Landing costs"), ("owner", "Owner"), ("built", "Built"))
GIVE_WAY = (("space", 14), ("cost", 14))  # when the board is narrow these shrink first, to no less than this


def fit_widths(natural: dict[str, int], room: int, padding: int) -> dict[str, int]:
    """Column widths for a board `room` cells wide, each column taking `padding` more.

    Space, then Landing costs, give way (never below their floor; the cells are cut with an ellipsis) so that
    every column fits, or when that cannot be, so that the owner's whole name still shows; the Owner column then
    takes what is left. Built, the last column, scrolls into view when it does not fit.
    """
    widths = dict(natural)

    def over(keys: list[str]) -> int:
        return sum(widths[key] + padding for key in keys) - room

    every = [key for key, _ in COLUMNS]
    slack = sum(max(0, widths[key] - floor) for key, floor in GIVE_WAY)
    excess = over(every) if over(every) <= slack else over(every[:-1])
    for key, floor in GIVE_WAY:
        cut = max(0, min(excess, widths[key] - floor))
        widths[key] -= cut
        excess -= cut
    left = room - sum(widths[key] + padding for key in every[:3]) - padding
    if left >= 3:  # less than that and the owner is better scrolled to than cut to nothing
        widths["owner"] = min(widths["owner"], left)
    return widths


def landing_cost(state: GameState, position: int) -> Text:
    """What landing on the space costs now, in the table's words."""
    edition = state.edition
    money = edition.money
    space = edition.spaces[position]
    if space.name in edition.deeds:
        holding = state.deeds[space.name]
        deed = state.deed(space.name)
        if holding.owner == BANK:
            return Text(f"for sale {money(deed.price)}", style="dim")
        if holding.mortgaged:
            return Text("mortgaged", style="italic #ff8c00")
        if holding.owner in state.bankrupt:
            return Text("no rent", style="dim")
        if deed.kind == "utility":
            return Text(f"{utility_times(state, space.name)}x dice", style="bold")
        return Text(f"rent {money(rent_due(state, space.name))}", style="bold")
    if edition.max_blocks and (city := city_space_cost(state, space)) is not None:  # Monopoly City's spaces
        return city
    match space.type:
        case "go":
            return Text(f"collect {money(edition.go_salary)}", style="green")
        case "tax":
            return Text(f"tax {money(space.amount)}", style="red")
        case "chance":
            return Text("Chance card")
        case "community_chest":
            return Text("Chest card")
        case "go_to_jail":
            return Text("go to jail", style="red")
        case "free_parking" if state.free_parking:
            return Text(f"pot {money(state.cash(POT))}", style="green")
        case "free_parking" if edition.mr_monopoly:  # Sore Losers (001): steal a sore loser coin
            return Text("steal a coin", style="green")
        case "jail":
            return Text("just visiting", style="dim")
        case "auction":
            return Text("auction a deed")
        case "bus_ticket":
            return Text("bus ticket", style="green")
        case "birthday_gift":
            return Text(f"gift {money(space.amount)}", style="green")
    return Text("")


class KeptScrollBar(ScrollBar):
    """The board's scrollbar, drawn again only when what it shows changes: the board's focus coming or going sets
    its colours again, the same colours, and each set drew all its rows again (1.5 ms of a typed roll)."""

    drawn: tuple[tuple[object, ...], list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        look = (crop, self.size, type(bar), *(getattr(bar, name, None) for name in
                                               ("virtual_size", "window_size", "position", "thickness", "style")))
        if self.drawn is not None and self.drawn[0] == look:
            return self.drawn[1]
        lines = super().render_lines(crop)
        self.drawn = (look, lines)
        return lines


class BoardList(DataTable):
    """Rows are the board's spaces in order; enter on a row starts the landing flow there."""

    one_row = False  # while a row's cells are updated in place: update_cell's whole repaint is not needed

    def __init__(self, colours: dict[str, str]) -> None:
        super().__init__(id="board", cursor_type="row", zebra_stripes=True)
        self.colours = colours
        self.shown: dict[int, tuple] = {}
        self.state: GameState | None = None
        self.drawn_from: tuple[dict[str, object], int] | None = None  # the facts and width the rows show
        self.sizes_seen: tuple[Size, ...] = ()
        self.drawn_cells: LRUCache[tuple[object, ...], tuple[object, list[list[Segment]]]] = LRUCache(4000)
        self.widest: dict[str, int] = {}  # each column's widest content yet: the columns never narrow in a game
        self.cell_options: dict[int, ConsoleOptions] = {}  # a column's width -> how Rich draws its cells
        self.drawn_lines: LRUCache[tuple[object, ...], tuple[tuple[object, ...], Strip]] = LRUCache(1000)

    def on_mount(self) -> None:
        for key, label in COLUMNS:
            self.add_column(label, key=key)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self.one_row and not regions and not layout and not recompose:
            return self  # the row's own repaint follows (show)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Widget's own, made a KeptScrollBar."""
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = bar = KeptScrollBar(vertical=True, name="vertical",
                                                           thickness=self.scrollbar_size_vertical)
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def watch_has_focus(self, has_focus: bool) -> None:
        """The focus coming or going changes the cursor row's look alone (banker.tcss: no tint with the focus):
        that row is repainted, not the whole board (4-5 ms in each typed roll: the focus goes to the command bar
        with the first die and comes back with the roll)."""
        self.one_row = True
        try:
            super().watch_has_focus(has_focus)
        finally:
            self.one_row = False
        self.refresh_row(self.cursor_row)

    def notify_style_update(self) -> None:
        """While the focus comes or goes, the rows keep their drawn lines (DataTable forgets them all at any
        change of style): only the cursor row looks different, and watch_has_focus repaints it."""
        if not self.one_row:
            super().notify_style_update()
            return
        drawn = self._styles_cache
        self._styles_cache = StylesCache()
        try:
            super().notify_style_update()
        finally:
            self._styles_cache = drawn

    def _on_focus(self, event: events.Focus) -> None:
        """Widget's own handler, less its repaint of the whole board (Textual calls each class's `_on_focus`,
        derived first, unless one prevents the default)."""
        event.prevent_default()
        self.has_focus = True
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def _on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    def on_resize(self, event: events.Resize) -> None:
        """The widths depend on the room the board has: fit them again."""
        if self.state is not None:
            self.show(self.state)

    def show(self, state: GameState) -> None:
        """Add the rows once, then update only the cells that changed (a column resizes to what it holds).

        Most actions move only cash (GO, a payment, their undo), which no row shows: when the facts the rows
        are drawn from and the board's width are those last drawn, the 40-52 rows are not worked out again.
        """
        self.state = state
        drawn_from = (board_facts(state), self.size.width)
        if drawn_from == self.drawn_from:
            return
        self.drawn_from = drawn_from
        rows = [self.cells(state, space.position) for space in state.edition.spaces]
        widths = self.widths(state, rows)
        for space, cells in zip(state.edition.spaces, rows, strict=True):
            fitted = tuple(fit(cell, widths[key]) for (key, _), cell in zip(COLUMNS, cells, strict=True))
            plain = tuple(cell.plain for cell in fitted)
            before = self.shown.get(space.position)
            if before is None:
                self.add_row(*fitted, key=str(space.position))
            elif before != plain:
                changed = [(column, cell) for (column, _), cell, old, new in zip(COLUMNS, fitted, before, plain,
                                                                                 strict=True) if old != new]
                # a column grows to a wider cell, and never shrinks back (see `widest`); a cell that fits its
                # column repaints its row alone, not the whole board (DataTable's update_cell repaints it all)
                grows = any(cell.cell_len > self.columns[ColumnKey(column)].content_width for column, cell in changed)
                self.one_row = not grows
                try:
                    for column, cell in changed:
                        self.update_cell(str(space.position), column, cell, update_width=grows)
                finally:
                    self.one_row = False
                if not grows:
                    self.refresh_row(self.get_row_index(str(space.position)))
            self.shown[space.position] = plain

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """Textual's ScrollView repaints its scrollbar at every layout of the screen (a toast, a card growing),
        though the board did not move, and with it every widget under the scrollbar's column, 34-50 rows
        high; the same sizes as last time change nothing, so they are not taken in again."""
        sizes = (size, virtual_size, container_size, self.virtual_size, self.container_size)
        if sizes == self.sizes_seen:
            return False
        updated = super()._size_updated(size, virtual_size, container_size, layout)
        self.sizes_seen = (size, virtual_size, container_size, self.virtual_size, self.container_size)
        return updated

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

    def widths(self, state: GameState, rows: list[tuple[Text, ...]]) -> dict[str, int]:
        """What each column needs (Owner: the longest player's name), fitted to the board's width once it has one."""
        natural = {key: max(len(label), self.widest.get(key, 0), *(cells[index].cell_len for cells in rows))
                   for index, (key, label) in enumerate(COLUMNS)}
        natural["owner"] = max(len("Owner"), *(len(player) for player in state.players))
        self.widest = natural
        room = self.size.width - self.styles.scrollbar_size_vertical  # the board scrolls: keep the bar's room
        if room <= 0:  # not laid out yet: on_resize fits it
            return natural
        return fit_widths(natural, room, 2 * self.cell_padding)

    def cells(self, state: GameState, position: int) -> tuple[Text, ...]:
        space = state.edition.spaces[position]
        name = Text()
        owner = Text("")
        built = Text("")
        if space.name in state.edition.deeds:
            deed = state.deed(space.name)
            holding = state.deeds[space.name]
            name.append("■ ", style=group_style(deed.group))
            if holding.owner != BANK:
                owner = Text(holding.owner, style=token_style(self.colours.get(holding.owner, "white")))
            if deed.kind == "district":  # Monopoly City: "3R 2I !Power SKY"
                built = district_marks(holding)
            elif holding.level:
                built = Text(building_mark(holding.level), style=building_style(holding.level))
            elif holding.depot:
                built = Text("depot", style="bold blue")
        else:
            name.append("  ")
        name.append(space.name)
        cost = landing_cost(state, position)
        if owner.plain:
            cost.stylize(owner.style)
        return (self.tokens_here(state, position), name, cost, owner, built)

    def tokens_here(self, state: GameState, position: int) -> Text:
        """The # column: the position, then a chip per token standing there (a game that follows the tokens)."""
        cell = Text(str(position), style="dim")
        if state.tokens is None:
            return cell
        for player in state.active_players:
            if state.position(player) == position:
                cell.append(" ")
                cell.append(player[0], style=f"bold reverse {token_style(self.colours.get(player, 'white'))}")
        return cell


def board_facts(state: GameState) -> dict[str, object]:
    """What the board's rows are drawn from: every fact of the state but the players' cash (no row shows it; the
    pot's, which Free Parking's row shows, stays). A state is never changed once handed out, so its parts are
    kept as they are, and comparing two is quick: the deeds a new state shares with the last are the same objects."""
    facts = dict(vars(state))
    facts["accounts"] = state.accounts[POT]
    return facts


def fit(cell: Text, width: int) -> Text:
    """A cell cut to its column's width with an ellipsis, so a cut name or amount never reads as whole."""
    if cell.cell_len > width:
        cell = cell.copy()
        cell.truncate(width, overflow="ellipsis")
    return cell


class BoardLegend(Static):
    """One line under the board saying what City's block marks mean (hidden where an edition has none)."""

    def __init__(self, edition: Edition) -> None:
        legend = marks_legend(edition)
        super().__init__(legend or "", id="board-legend")
        self.display = legend is not None


class BoardSide(Vertical):
    """The board and, under it, the legend of its marks."""

    def __init__(self, colours: dict[str, str], edition: Edition) -> None:
        super().__init__(id="board-side")
        self.colours, self.edition = colours, edition

    def compose(self) -> ComposeResult:
        yield BoardList(self.colours)
        yield BoardLegend(self.edition)
