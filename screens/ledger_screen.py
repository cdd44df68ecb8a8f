"""The ledger: every event with its running balances, filters, and the head to photograph.

The table is one DataTable (rows are drawn lazily), so a 10,000-event game stays
usable. The head (event count + hash) and its QR code let the table check later,
with `banker verify`, that nothing was edited since.
"""

from __future__ import annotations

import re
from datetime import datetime

import qrcode
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Static

from banker import events as ev
from banker.game import Game
from banker.history import Entry, checked_entries, for_player
from banker.ledger import LedgerError

WIDE = 150  # from this width the QR panel shows from the start; q shows or hides it
SIDE = 42  # the QR panel's width (see banker.tcss)
FIXED = {"seq": 6, "time": 8, "who": 14, "amount": 9}
BALANCE = 26
PAGE = 1000  # rows in the table at once: a DataTable measures every cell it is given
UNDONE = "strike dim"
INK, PAPER = "#000000", "#ffffff"  # true black on white, whatever the terminal's palette


def qr_block(data: str) -> Text:
    """The QR code of `data` in upper half blocks: the top module is the ink, the bottom one
    the background, so two module rows fit a text line and no cell is a bare space."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=2)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    colour = {True: INK, False: PAPER}
    block = Text(no_wrap=True)
    for y in range(0, len(matrix), 2):
        if y:
            block.append("\n")
        for top, bottom in zip(matrix[y], matrix[y + 1], strict=True):
            block.append("▀", style=f"{colour[top]} on {colour[bottom]}")
    return block


def head_text(count: int, digest: str) -> str:
    """What the QR code holds: enough to compare with `banker verify` later."""
    return f"banker:{count}:{digest}"


def kind_label(event_type: str) -> str:
    """DeedBought -> "deed bought"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", event_type).lower()


def local_time(stamp: str, fmt: str = "%H:%M:%S") -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime(fmt)
    except ValueError:
        return stamp[:19]


class LedgerScreen(Screen[None]):
    """Every event, undone ones struck through; filter by player, deed or kind."""
    CSS_PATH = "ledger.tcss"  # loaded when the screen first opens, not at start-up

    BINDINGS = [
        Binding("p", "focus_filter('player')", "player"),
        Binding("d", "focus_filter('deed')", "deed"),
        Binding("k", "focus_filter('kind')", "kind"),
        Binding("x", "clear_filters", "clear filters"),
        Binding("q", "toggle_qr", "QR of the head"),
        Binding("left_square_bracket", "older", "older"),
        Binding("right_square_bracket", "newer", "newer"),
        Binding("escape", "back", "back"),
    ]
    AUTO_FOCUS = "#ledger-table"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.all: list[Entry] = []
        self.matched: list[Entry] = []  # what the filters let through
        self.shown: list[Entry] = []  # the page of it in the table
        self.page: tuple[int, int] = (0, 0)
        self.loaded_head: tuple[int, str] = (-1, "")
        self.problem: str | None = None  # the first damaged or unreadable event: the ledger stops before it

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
        self.load()

    def on_screen_resume(self) -> None:
        if self.game.head != self.loaded_head:
            self.load()

    # -- data --------------------------------------------------------------------

    def load(self) -> None:
        """Read the whole ledger again (after a change) and refill filters and table."""
        game = self.game
        try:
            self.all, self.problem = checked_entries(game.records)
        except LedgerError as error:  # the file cannot be read that far back: said, and the table stays open
            self.all, self.problem = [], str(error)
        if self.problem:
            self.notify(self.problem, severity="error", title="Ledger", timeout=20, markup=False)
        self.loaded_head = game.head
        count, digest = game.head
        self.query_one("#ledger-title", Static).update(
            f"Ledger: {count} events, head {digest[:12]}")
        self.query_one("#ledger-head", Static).update(f"{count} events\n{digest}")
        self.query_one("#ledger-qr", Static).update(qr_block(head_text(count, digest)))
        state = game.state
        seen_deeds = {e.deed for e in self.all if e.deed}
        kinds = sorted({e.type for e in self.all}, key=kind_label)
        with self.prevent(Select.Changed):
            self.query_one("#ledger-player", Select).set_options([(p, p) for p in state.players])
            self.query_one("#ledger-deed", Select).set_options(
                [(d, d) for d in state.edition.deeds if d in seen_deeds])
            self.query_one("#ledger-kind", Select).set_options([(kind_label(k), k) for k in kinds])
        table = self.query_one("#ledger-table", DataTable)
        if not table.columns:
            self._columns(table)
        self.fill()

    def _columns(self, table: DataTable) -> None:
        """Fixed widths (long texts are cut; the line under the table shows the whole event),
        with "what" taking the room the screen has."""
        side = SIDE if self.query_one("#ledger-side").display else 0
        padding = 2 * (len(FIXED) + 2)
        what = max(30, min(70, self.app.size.width - side - sum(FIXED.values()) - BALANCE - padding - 2))
        widths = {**FIXED, "what": what}
        for label, key in (("#", "seq"), ("time", "time"), ("who", "who"), ("what", "what"),
                           ("amount", "amount"), ("balance", "balance")):
            table.add_column(label, key=key, width=widths.get(key))

    def _filter(self, name: str) -> str | None:
        value = self.query_one(f"#ledger-{name}", Select).value
        return value if isinstance(value, str) else None

    def fill(self, end: int | None = None, cursor_at_end: bool = True) -> None:
        """Show the page of matching entries that ends at `end` (default: the newest)."""
        player, deed, kind = self._filter("player"), self._filter("deed"), self._filter("kind")
        if end is None:
            rows = for_player(self.all, player) if player else self.all
            if deed:
                rows = [e for e in rows if e.deed == deed]
            if kind:
                rows = [e for e in rows if e.type == kind]
            self.matched = rows
            end = len(rows)
        self.page = (max(0, end - PAGE), end)
        self.shown = self.matched[self.page[0]:end]
        table = self.query_one("#ledger-table", DataTable)
        table.clear()
        table.add_rows(self._row(e, player) for e in self.shown)
        if self.shown:
            table.move_cursor(row=len(self.shown) - 1 if cursor_at_end else 0, animate=False)
        self._story(player)
        self.refresh_bindings()

    def _row(self, entry: Entry, player: str | None) -> list[Text]:
        money = self.game.money
        if player:
            change = sum(t.amount for t in entry.transfers if t.payee == player) - \
                sum(t.amount for t in entry.transfers if t.payer == player)
            amount = f"{'+' if change > 0 else '-'}{money(abs(change))}" if change else ""
            balance = money(entry.balances[player])
        else:
            total = sum(t.amount for t in entry.transfers)
            amount = money(total) if total else ""
            touched = dict.fromkeys(a for t in entry.transfers for a in (t.payer, t.payee)
                                    if a not in ev.ACCOUNTS)
            balance = "  ".join(f"{a} {money(entry.balances[a])}" for a in touched)
        who = ", ".join(sorted(entry.people)) if len(entry.people) <= 3 else "everyone"
        what = entry.text + ("  (undone)" if entry.undone else "")
        cells = [str(entry.seq), local_time(entry.time), who, what, amount, balance]
        style = UNDONE if entry.undone else ""
        return [Text(cell, style=style, no_wrap=True) for cell in cells]

    def _story(self, player: str | None) -> None:
        money = self.game.money
        rows = self.matched
        undone = sum(1 for e in rows if e.undone)
        struck = f"; {undone} struck through: undone" if undone else ""
        first, last = self.page
        paged = (f" Showing {first + 1:,}-{last:,} ([ older, ] newer)." if len(rows) > PAGE else "")
        if player:
            text = (f"{player} has {money(self.game.state.cash(player))} now: {len(rows):,} events, read the "
                    f"balance column down to see each change{struck}.")
        else:
            text = f"{len(rows):,} of {len(self.all):,} events{struck}. Pick a player (p) to follow their cash."
        damaged = f" Stops early: {self.problem}." if self.problem else ""
        self.query_one("#ledger-story", Static).update(text + paged + damaged)

    # -- reactions ---------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.fill()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        index = event.cursor_row
        if not 0 <= index < len(self.shown):
            return
        entry = self.shown[index]
        money = self.game.money
        legs = "; ".join(f"{t.payer} -> {t.payee} {money(t.amount)}" for t in entry.transfers)
        after = ", ".join(f"{p} {money(entry.balances[p])}" for p in self.game.state.players
                          if p in entry.people)
        detail = (f"#{entry.seq} {local_time(entry.time, '%Y-%m-%d %H:%M:%S')} (action {entry.action}) "
                  f"{entry.text}" + (f"  [{legs}]" if legs else "") + (f"  after: {after}" if after else ""))
        self.query_one("#ledger-detail", Static).update(
            Text(detail + ("  UNDONE" if entry.undone else ""), style=UNDONE if entry.undone else ""))

    def action_focus_filter(self, name: str) -> None:
        self.query_one(f"#ledger-{name}", Select).focus()

    def action_clear_filters(self) -> None:
        with self.prevent(Select.Changed):
            for name in ("player", "deed", "kind"):
                self.query_one(f"#ledger-{name}", Select).clear()
        self.fill()
        self.query_one("#ledger-table", DataTable).focus()

    def action_older(self) -> None:
        self.fill(self.page[0], cursor_at_end=True)

    def action_newer(self) -> None:
        self.fill(min(len(self.matched), self.page[1] + PAGE), cursor_at_end=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
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
