"""Proposals from the phones: accept (`a`) or refuse (`r`) each with one key.

Each proposal shows what it would do now, in the ledger's words, above the full line that will run
(a phone's `pay Ann 50` is `pay Ben 50 Ann`), so the banker never has to decode the command language.
Accepting runs the line through the game exactly as if typed on the command bar; a line the
rules refuse is shown with the reason (and the phone sees it). The list refreshes itself every
second, so a proposal sent while the screen is open appears without a key press. Everything a phone
wrote is drawn escaped (safe_text.shown): no character from a phone can repaint this screen.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from banker.cli_phones import accept_stored
from banker.errors import Refusal
from banker.game import Game
from banker.ledger import LedgerError
from banker.wallet.proposals import ACCEPTED, Proposal, refuse, waiting
from banker.wallet.safe_text import shown as escaped
from banker.wallet.voice import REFUSED_NOW
from screens.ledger_layout import local_time

REFRESH_SECONDS = 1.0
FIXED_COLUMNS = 4 + 5 + 10  # id, time, from
CHROME = 2 * 4 + 2  # each column's padding, and the scrollbar


class ProposalsScreen(Screen[None]):
    BINDINGS = [
        Binding("a", "accept", "accept"),
        Binding("r", "refuse", "refuse"),
        Binding("escape", "back", "back"),
    ]
    DEFAULT_CSS = """
    ProposalsScreen #proposals-title { text-style: bold; padding: 0 1; }
    ProposalsScreen #proposals-table { height: 1fr; }
    ProposalsScreen #proposals-last { padding: 0 1; min-height: 2; }
    ProposalsScreen .proposals-hint { color: $text-muted; padding: 0 1; }
    """
    AUTO_FOCUS = "#proposals-table"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.pending: list[Proposal] = []
        self.shown: list[tuple[int, str]] = []  # (id, meaning) as drawn: a new meaning redraws the row
        self.width = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Proposals from the phones", id="proposals-title")
            yield DataTable(id="proposals-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="proposals-last")
            yield Static("a accepts (runs the line) · r refuses · nothing moves without you", classes="proposals-hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("#", key="id", width=4)
        table.add_column("time", key="time", width=5)
        table.add_column("from", key="from", width=10)
        table.add_column("what it does, then the line that runs", key="line")
        self.refresh_list()
        self.set_interval(REFRESH_SECONDS, self.refresh_list)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_list()  # the meanings wrap to the new width

    def refresh_list(self) -> None:
        """Re-read the queue; the table is rebuilt only when it changed, keeping the cursor's proposal."""
        try:
            listed = waiting(self.game.store.path, self.game.state)
        except LedgerError as error:
            self.query_one("#proposals-last", Static).update(Text(str(error), style="bold red"))
            return
        table = self.query_one(DataTable)
        shown = [(p.id, meaning) for p, meaning in listed]
        width = max(20, self.size.width - FIXED_COLUMNS - CHROME)
        if (shown == self.shown and width == self.width) or "line" not in table.columns:
            return
        selected = self.selected()
        self.pending, self.shown, self.width = [p for p, _ in listed], shown, width
        table.columns["line"].width, table.columns["line"].auto_width = width, False  # type: ignore[index]
        table.clear()
        for proposal, meaning in listed:
            cell = Text(escaped(meaning), style="red" if meaning.startswith(REFUSED_NOW) else "bold")
            cell.append("\n" + escaped(proposal.line), style="dim")
            table.add_row(str(proposal.id), local_time(proposal.time, "%H:%M"), escaped(proposal.player), cell,
                          key=str(proposal.id), height=None)
        pending = self.pending
        if not pending:
            self.query_one("#proposals-title", Static).update("Proposals from the phones: none waiting")
            return
        self.query_one("#proposals-title", Static).update(f"Proposals from the phones: {len(pending)} waiting")
        ids = [p.id for p in pending]
        table.move_cursor(row=ids.index(selected.id) if selected and selected.id in ids else 0, animate=False)

    def selected(self) -> Proposal | None:
        table = self.query_one(DataTable)
        if not self.pending or not 0 <= table.cursor_row < len(self.pending):
            return None
        return self.pending[table.cursor_row]

    def _said(self, text: Text) -> None:
        self.query_one("#proposals-last", Static).update(Text(escaped(text.plain), style=text.style))

    def action_accept(self) -> None:
        proposal = self.selected()
        if proposal is None:
            return
        try:
            decided = accept_stored(self.game, proposal.id)
        except (Refusal, LedgerError) as error:
            self._said(Text(str(error), style="bold red"))
            self.refresh_list()
            return
        if decided.status == ACCEPTED:
            self._said(Text(f"Accepted {decided.player}'s \"{decided.line}\": {decided.outcome}"))
        else:
            self._said(Text(f"Refused by the rules: {decided.outcome}", style="bold red"))
        for hook in ("show_state", "show_open_auction"):  # the app redraws the table from the new state
            redraw = getattr(self.app, hook, None)
            if callable(redraw):
                redraw()
        self.refresh_list()

    def action_refuse(self) -> None:
        proposal = self.selected()
        if proposal is None:
            return
        try:
            refuse(self.game.store.path, proposal.id)
        except (Refusal, LedgerError) as error:
            self._said(Text(str(error), style="bold red"))
        else:
            self._said(Text(f"Refused {proposal.player}'s \"{proposal.line}\""))
        self.refresh_list()

    def action_back(self) -> None:
        self.dismiss(None)
