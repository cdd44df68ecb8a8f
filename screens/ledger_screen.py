"""The ledger: every event with its running balances, filters, and the head to photograph.

At a followed game it opens on the money lines (`banker.ledger_pages.money_line`; `a` shows every line), and at
any width the amount and balance columns are in sight: the time and who columns show only on a wide screen, "what"
takes the rest, and the line under the table says the selected row in full.

The table is one DataTable holding a page of rows (`PAGE`, `[` and `]` for the next), each row's cells read and
described only when it scrolls into view (`banker.ledger_pages`), so `L` opens at the same cost at any length.
On a long game the whole hash chain is checked in a thread after the first frame; the rows stop before damage it
finds. The head (event count + hash) and its QR code let the table check later, with `banker verify`, that nothing
was edited since.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.events import DescendantFocus, Resize
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Static

from banker import events as ev
from banker.game import Game
from banker.history import Entry
from banker.ledger import LedgerError, LedgerStore
from banker.ledger_pages import LedgerPages, check, money_first
from screens.ledger_layout import COLUMNS, column_widths, head_text, kind_label, local_time, qr_block

WIDE = 150  # from this width the QR panel shows from the start; q shows or hides it
SIDE = 42  # the QR panel's width (see banker.tcss)
PAGE = 1000  # rows in the table at once, their cells filled as they scroll into view
SMALL = 2000  # up to this many events the whole chain is checked before the first frame (a few ms), else after it
# in a thread; a filter's scan likewise (0.8 s for a player at 100,000 events)
MARGIN = 4  # rows filled beyond those in view
UNDONE = "strike dim"


class LedgerScreen(Screen[None]):
    """Every event, undone ones struck through (at a followed game the money lines first); filter by player, deed
    or kind."""
    CSS_PATH = "ledger.tcss"  # loaded when the screen first opens, not at start-up

    BINDINGS = [
        Binding("a", "lines(False)", "all lines"),  # the one of these two that applies shows (check_action)
        Binding("a", "lines(True)", "money only"),
        Binding("p", "focus_filter('player')", "player"),
        Binding("d", "focus_filter('deed')", "deed"),
        Binding("k", "focus_filter('kind')", "kind"),
        Binding("x", "clear_filters", "clear"),
        Binding("q", "toggle_qr", "QR"),
        Binding("left_square_bracket", "older", "older"),
        Binding("right_square_bracket", "newer", "newer"),
        Binding("escape", "back", "back"),
    ]
    AUTO_FOCUS = "#ledger-table"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.pages: LedgerPages | None = None
        self.matched: Sequence[int] = ()  # the seqs the filters let through
        self.struck: int | None = None  # how many of them are undone (None: still being counted)
        self.total_struck: int | None = None  # how many of every event (counted with the chain's check)
        self.shown: Sequence[int] = ()  # the page of them in the table
        self.filled: set[int] = set()  # rows of the table whose cells are read
        self.page: tuple[int, int] = (0, 0)
        self.loaded_head: tuple[int, str] = (-1, "")
        self.problem: str | None = None  # the first damaged or unreadable event: the ledger stops before it
        self.options_for: tuple[int, str] | None = None  # the head the deed and kind choices were read at
        self.money = money_first(game.state.house_rules)  # the money lines only (`a` toggles)
        self.widths: dict[str, int] = {}  # the table's columns now

    def compose(self) -> ComposeResult:
        with Horizontal(id="ledger-page"):
            with Vertical(id="ledger-main"):
                yield Static("", id="ledger-title", classes="title")
                with Horizontal(id="ledger-filters"):
                    yield Select([], prompt="every player", id="ledger-player")
                    yield Select([], prompt="every deed", id="ledger-deed")
                    yield Select([], prompt="every kind", id="ledger-kind")
                yield Static("", id="ledger-story", classes="hint")
                yield DataTable(id="ledger-table", cursor_type="row", zebra_stripes=True)
                yield Static("", id="ledger-detail")
            with VerticalScroll(id="ledger-side"):
                yield Static("Ledger head", classes="title")
                yield Static("", id="ledger-head")
                yield Static("", id="ledger-qr")
                yield Static("Photograph this. Later, `banker verify GAME.db` must print the same "
                             "count and head: then nothing was edited.", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ledger-side").display = self.app.size.width >= WIDE
        self.watch(self.query_one("#ledger-table", DataTable), "scroll_y", self._fill_in_view, init=False)
        self.load()

    def on_screen_resume(self) -> None:
        if self.game.head != self.loaded_head:
            self.load()

    # -- data --------------------------------------------------------------------

    def load(self) -> None:
        """Read the ledger again (after a change): the newest page, its rows in view, and the head."""
        game = self.game
        pages = self.pages = LedgerPages(game.store, game.head[0], game.money, game.state.accounts)
        self.problem, self.options_for, self.total_struck = None, None, None
        self.loaded_head = game.head
        count, digest = game.head
        self.query_one("#ledger-title", Static).update(
            f"Ledger: {count} events, head {digest[:12]}")
        self.query_one("#ledger-head", Static).update(f"{count} events\n{digest}")
        self.query_one("#ledger-qr", Static).update(qr_block(head_text(count, digest)))
        with self.prevent(Select.Changed):
            self.query_one("#ledger-player", Select).set_options([(p, p) for p in game.state.players])
        if count <= SMALL:
            self._checked(pages, *self._check(count), fill=False)
        else:  # the whole chain in a thread, after the first frame
            self.run_worker(lambda: self.app.call_from_thread(self._checked, pages, *self._check(count)),
                            thread=True, exclusive=True, group="ledger-check")
        self.fill()

    def _check(self, count: int) -> tuple[int, str | None, int]:
        """The whole chain and the undone rows, on a connection of its own (safe in a thread)."""
        try:
            return check(self.game.store.path, count)
        except (LedgerError, sqlite3.Error) as error:  # the file cannot be read that far back: said
            return 0, str(error), 0

    def _checked(self, pages: LedgerPages, last: int, problem: str | None, struck: int, fill: bool = True) -> None:
        """The whole chain was checked: the rows stop before damage it found; the undone rows are counted."""
        if pages is not self.pages or not self.is_attached:
            return  # the ledger was read again since, or the screen has closed
        self.total_struck = struck
        if problem is not None:
            pages.stop_at(last, problem)
            self.problem = pages.problem
            self.notify(self.problem or problem, severity="error", title="Ledger", timeout=20, markup=False)
            if fill:
                self.fill()
            return
        if fill and not any(self._filters()):
            self.struck = struck
            self._story(None)

    def _options(self) -> None:
        """The deed and kind choices: what the ledger holds, read when a filter is first picked."""
        if self.options_for == self.loaded_head or self.pages is None:
            return
        self.options_for = self.loaded_head
        state, pages = self.game.state, self.pages
        seen_deeds = pages.deeds()
        kinds = sorted(pages.kinds(), key=kind_label)
        with self.prevent(Select.Changed):
            self.query_one("#ledger-deed", Select).set_options(
                [(d, d) for d in state.edition.deeds if d in seen_deeds])
            self.query_one("#ledger-kind", Select).set_options([(kind_label(k), k) for k in kinds])

    def _widths(self, player: bool) -> dict[str, int]:
        """The columns that fit the screen now, beside the QR panel when it shows (`column_widths`)."""
        side = SIDE if self.query_one("#ledger-side").display else 0
        return column_widths(self.app.size.width - side - 2, self.pages.stop if self.pages else 0, player)

    def _columns(self, table: DataTable, player: bool) -> None:
        """The columns that fit the screen now, set again when they change."""
        widths = self._widths(player)
        if widths != self.widths:
            table.clear(columns=True)
            self.widths = widths
            labels = dict((key, label) for label, key in COLUMNS)
            for key, width in widths.items():
                table.add_column(labels[key], key=key, width=width)

    def _filter(self, name: str) -> str | None:
        value = self.query_one(f"#ledger-{name}", Select).value
        return value if isinstance(value, str) else None

    def _filters(self) -> tuple[str | None, str | None, str | None, bool]:
        return self._filter("player"), self._filter("deed"), self._filter("kind"), self.money

    def fill(self, end: int | None = None, cursor_at_end: bool = True, at: int | None = None) -> None:
        """Show the page of matching entries that ends at `end` (default: the newest), the cursor on its last row,
        its first, or row `at`; only the rows in view are read now, the others as they scroll into view."""
        pages = self.pages
        assert pages is not None
        filters = self._filters()
        if end is None:
            if not any(filters):
                self.matched, self.struck = range(1, pages.stop + 1), self.total_struck
            elif pages.stop <= SMALL:
                self.matched, self.struck = pages.matching(*filters)
            else:  # a scan of the whole ledger: in a thread, the table empty until it is done (the money lines:
                # the newest page of them at once, read from the end)
                tail = filters == (None, None, None, True)
                self.matched, self.struck = (pages.money_tail(PAGE) if tail else ()), None
                stop = pages.stop
                self.run_worker(lambda: self.app.call_from_thread(self._matched, pages, filters,
                                                                  *self._match_apart(stop, filters)),
                                thread=True, exclusive=True, group="ledger-filter")
            end = len(self.matched)
        player = filters[0]
        self.page = (max(0, end - PAGE), end)
        self.shown = self.matched[self.page[0]:end]
        table = self.query_one("#ledger-table", DataTable)
        table.clear()
        self._columns(table, bool(player))
        blank = Text("", no_wrap=True)
        table.add_rows([Text(str(seq), no_wrap=True)] + [blank] * (len(self.widths) - 1) for seq in self.shown)
        self.filled = set()
        rows = max(1, self.app.size.height)
        if self.shown:
            at = min(at, len(self.shown) - 1) if at is not None else len(self.shown) - 1 if cursor_at_end else 0
            self._fill_rows(at - rows, at + rows)
            table.move_cursor(row=at, animate=False)
        self._story(player)
        self.refresh_bindings()

    def _match_apart(self, stop: int, filters: tuple[str | None, str | None, str | None, bool]
                     ) -> tuple[list[int], int]:
        """The filters' scan on a connection of its own (safe in a thread)."""
        store = LedgerStore.open(self.game.store.path)
        try:
            return LedgerPages(store, stop, self.game.money).matching(*filters)
        except (LedgerError, sqlite3.Error):
            return [], 0
        finally:
            store.close()

    def _matched(self, pages: LedgerPages, filters: tuple[str | None, str | None, str | None, bool],
                 seqs: list[int], struck: int) -> None:
        if pages is not self.pages or filters != self._filters() or not self.is_attached:
            return  # read again, or other filters picked, since
        matched = [seq for seq in seqs if seq <= pages.stop]
        if self.shown and matched[-len(self.shown):] == list(self.shown) and self.page[1] == len(self.shown):
            self.matched, self.struck = matched, struck  # the newest page, shown already: counted, left as it is
            self.page = (len(matched) - len(self.shown), len(matched))
            self._story(filters[0])
            self.refresh_bindings()
            return
        self.matched, self.struck = matched, struck
        self.fill(len(self.matched))

    def _fill_in_view(self) -> None:
        table = self.query_one("#ledger-table", DataTable)
        top = int(table.scroll_y)
        self._fill_rows(top - MARGIN, top + table.size.height + MARGIN)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The columns for the screen's width now (the same page, the cursor on the same row), the rows in view."""
        if self.pages is not None and self.is_attached:
            if self._widths(bool(self._filter("player"))) != self.widths:
                self.fill(self.page[1], at=self.query_one("#ledger-table", DataTable).cursor_row)
        self._fill_in_view()

    def _fill_rows(self, first: int, last: int) -> None:
        """Read and show the rows first..last of the table (those not shown yet)."""
        table = self.query_one("#ledger-table", DataTable)
        end = min(len(self.shown), table.row_count, last + 1)  # (a table being cleared scrolls, with no rows yet)
        rows = [i for i in range(max(0, first), end) if i not in self.filled]
        if not rows or self.pages is None:
            return
        stop = self.pages.stop
        try:
            entries = {e.seq: e for e in self.pages.entries([self.shown[i] for i in rows])}
        except (LedgerError, sqlite3.Error) as error:  # the file gives out there: the ledger stops before it
            self.pages.stop_at(max(0, self.shown[rows[0]] - 1), str(error))
            entries = {}
        if self.pages.stop != stop:  # a row that cannot be read: the ledger stops before it
            self.problem = self.pages.problem
            self.notify(self.problem or "", severity="error", title="Ledger", timeout=20, markup=False)
            self.call_after_refresh(self.fill)
            return
        player = self._filter("player")
        for i in rows:
            entry = entries.get(self.shown[i])
            if entry is None:
                continue
            cells = self._row(entry, player)
            for column, key in enumerate(self.widths):
                table.update_cell_at(Coordinate(i, column), cells[key])
            self.filled.add(i)

    def _row(self, entry: Entry, player: str | None) -> dict[str, Text]:
        money = self.game.money
        legs = self.pages.moved(entry) if self.pages is not None else ()
        if player:
            change = sum(a for _, q, a in legs if q == player) - sum(a for p, _, a in legs if p == player)
            amount = f"{'+' if change > 0 else '-'}{money(abs(change))}" if change else ""
            balance = money(entry.balances[player])
        else:
            total = sum(a for _, _, a in legs)
            amount = money(total) if total else ""
            touched = dict.fromkeys(a for p, q, _ in legs for a in (p, q) if a not in ev.ACCOUNTS)
            balance = "  ".join(f"{a} {money(entry.balances[a])}" for a in touched)
        who = ", ".join(sorted(entry.people)) if len(entry.people) <= 3 else "everyone"
        what = entry.text + ("  (undone)" if entry.undone else "")
        style = UNDONE if entry.undone else ""
        cells = {"seq": str(entry.seq), "time": local_time(entry.time), "who": who, "what": what, "amount": amount,
                 "balance": balance}
        right = {"amount", "balance"} if player else {"amount"}  # sums line up
        return {key: Text(cell, style=style, no_wrap=True, overflow="ellipsis",
                          justify="right" if key in right else "left") for key, cell in cells.items()}

    def _story(self, player: str | None) -> None:
        money = self.game.money
        rows = self.matched
        undone = self.struck
        struck = f"; {undone:,} struck through: undone" if undone else ""
        first, last = self.page
        paged = (f" Showing {first + 1:,}-{last:,} ([ older, ] newer)." if len(rows) > PAGE else "")
        total = self.pages.stop if self.pages is not None else 0
        lines = "money lines" if self.money else "events"
        if player:
            text = (f"{player} has {money(self.game.state.cash(player))} now: {len(rows):,} {lines}, each with their "
                    f"cash after it{struck}.")
        elif self.money and self.struck is None and total > SMALL:
            text = f"The newest {len(rows):,} money lines of {total:,} events (the rest being counted)."
        else:
            text = (f"{len(rows):,} {'money lines ' if self.money else ''}of {total:,} events{struck}. "
                    "p: a player's cash.")
        damaged = f" Stops early: {self.problem}." if self.problem else ""
        self.query_one("#ledger-story", Static).update(text + paged + damaged)
        table = self.query_one("#ledger-table", DataTable)  # a longer story leaves the table shorter: the cursor's
        self.call_after_refresh(lambda: table.move_cursor(row=table.cursor_row, scroll=True))  # row kept in view

    # -- reactions ---------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.fill()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        index = event.cursor_row
        if not 0 <= index < len(self.shown) or self.pages is None:
            return
        found = self.pages.entries([self.shown[index]])
        if not found:
            return
        entry = found[0]
        money = self.game.money
        legs = "; ".join(f"{p} -> {q} {money(a)}" for p, q, a in self.pages.moved(entry))
        after = ", ".join(f"{p} {money(entry.balances[p])}" for p in self.game.state.players
                          if p in entry.people)
        detail = (f"#{entry.seq} {entry.text}" + (f"  [{legs}]" if legs else "") +
                  (f"  after: {after}" if after else "") +
                  f"  ({local_time(entry.time, '%Y-%m-%d %H:%M:%S')}, action {entry.action})")
        self.query_one("#ledger-detail", Static).update(
            Text(detail + ("  UNDONE" if entry.undone else ""), style=UNDONE if entry.undone else ""))

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        if isinstance(event.widget, Select):  # a filter picked (a key, a click, tab): its choices are read now
            self._options()

    def action_focus_filter(self, name: str) -> None:
        self._options()
        self.query_one(f"#ledger-{name}", Select).focus()

    def action_clear_filters(self) -> None:
        with self.prevent(Select.Changed):
            for name in ("player", "deed", "kind"):
                self.query_one(f"#ledger-{name}", Select).clear()
        self.fill()
        self.query_one("#ledger-table", DataTable).focus()

    def action_lines(self, money: bool) -> None:
        """The money lines only, or every line (the filters kept)."""
        self.money = money
        self.fill()

    def action_older(self) -> None:
        self.fill(self.page[0], cursor_at_end=True)

    def action_newer(self) -> None:
        self.fill(min(len(self.matched), self.page[1] + PAGE), cursor_at_end=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lines":
            return parameters[0] != self.money  # "all lines" while the money lines only show, and back
        if action in ("older", "newer") and len(self.matched) <= PAGE:
            return False
        if action == "older":
            return None if self.page[0] == 0 else True
        if action == "newer":
            return None if self.page[1] >= len(self.matched) else True
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def action_toggle_qr(self) -> None:
        side = self.query_one("#ledger-side")
        side.display = not side.display
        self.call_after_refresh(self._fit)
