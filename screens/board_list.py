"""The board as a list: every space with its owner, buildings and what a landing costs right now."""

from __future__ import annotations

from typing import Self

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets.data_table import ColumnKey

from banker.events import BANK, POT
from banker.landing import utility_times
from banker.rules.rent import rent_due
from banker.state import GameState
from editions import Edition
from screens.city_marks import city_space_cost, district_marks, marks_legend
from screens.colours import group_style, token_style
from screens.player_card import building_mark, building_style
from screens.textual_internals import KeptDrawingTable

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


class BoardList(KeptDrawingTable):
    """Rows are the board's spaces in order; enter on a row starts the landing flow there."""

    one_row = False  # while a row's cells are updated in place: update_cell's whole repaint is not needed
    focus_moved = False  # the focus just came or went: the whole repaint Textual asks for next is not needed

    def __init__(self, colours: dict[str, str], state: GameState | None = None) -> None:
        super().__init__(id="board", cursor_type="row", zebra_stripes=True)
        self.colours = colours
        self.shown: dict[int, tuple] = {}
        self.state = state
        self.drawn_from: tuple[dict[str, object], int] | None = None  # the facts and width the rows show
        self.widest: dict[str, int] = {}  # each column's widest content yet: the columns never narrow in a game

    def on_mount(self) -> None:
        for key, label in COLUMNS:
            self.add_column(label, key=key)
        if self.state is not None:  # the rows from the start: Textual measures them before the table's first frame
            self.show(self.state)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if (self.one_row or self.focus_moved) and not regions and not layout and not recompose:
            self.focus_moved = False
            return self  # the row's own repaint follows (show), or the look did not change (watch_has_focus)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def watch_has_focus(self, has_focus: bool) -> None:
        """The board looks the same with the focus or without it (banker.tcss), so the focus coming or going
        restyles nothing: Textual's own watcher restyles the table and its parts, twice in each typed roll (the
        focus goes to the command bar with the first die and comes back with the roll). Its handler then repaints
        the whole board, which drew every row again in the roll's frame: that one repaint is let go."""
        self.focus_moved = True
        self.call_next(self.focus_settled)  # only the repaint that comes with the focus, never a later one

    def focus_settled(self) -> None:
        self.focus_moved = False

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
        # a column measured wider than it now fits (the rows are added before the board has its width, and Textual
        # measures them at once) is measured again from one of its cells: Textual then measures the whole column
        narrows = {key for key, _ in COLUMNS
                   if key in self.columns and self.columns[ColumnKey(key)].content_width > widths[key]}
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
                measure = grows or any(column in narrows for column, _ in changed)
                self.one_row = not measure
                try:
                    for column, cell in changed:
                        self.update_cell(str(space.position), column, cell, update_width=grows or column in narrows)
                        narrows.discard(column)
                finally:
                    self.one_row = False
                if not measure:
                    self.refresh_row(self.get_row_index(str(space.position)))
            self.shown[space.position] = plain

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

    def __init__(self, colours: dict[str, str], state: GameState) -> None:
        super().__init__(id="board-side")
        self.colours, self.state = colours, state

    def compose(self) -> ComposeResult:
        yield BoardList(self.colours, self.state)
        yield BoardLegend(self.state.edition)
