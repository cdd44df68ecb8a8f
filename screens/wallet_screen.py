"""Phones at the table: the QR code the players scan, and the switch for the wallet server.

The server runs as a child process (banker.wallet.process) shared per game file, so leaving
this screen keeps the phones live; `s` stops it, `n` makes a new join code (every phone with
the old one must scan again, and every name is free). The names the phones hold are listed, each
with its number, the phone's address, since when and when it was last seen: that digit frees it (a
lost phone, a player who swapped phones), and the name is kept for the new phone that scans the
pairing QR code shown here (or types its pairing code). `a` then a digit lets that phone pick a
second name (a child on a parent's phone). Usable on its own: `WalletScreen(game_path)`.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from banker.errors import Refusal
from banker.ledger import LedgerError
from banker.wallet.claims import Claim, Held, allow_second, claims, free
from banker.wallet.claims import held as kept_names
from banker.wallet.process import ServeProcess
from banker.wallet.server import ServeError
from banker.wallet.storage import new_join_code
from screens.errors_kept import FlowErrorsKept
from screens.ledger_layout import local_time, qr_block

HOW = ("Phones must be on the same Wi-Fi as this computer. Scan with the camera app; each player picks "
       "their name once; a name belongs to one phone until it is freed. Wallets are read-only: a phone can only "
       "propose an action, which you accept or refuse.")
MAX_LISTED = 9  # one digit each


class WalletScreen(FlowErrorsKept, Screen[None]):
    """Shows the wallet URL as a QR code; starts the server when it is not running."""

    BINDINGS = [
        Binding("s", "toggle_server", "start / stop"),
        Binding("n", "new_code", "new join code"),
        Binding("a", "allow", "allow a second name"),
        Binding("escape", "back", "back"),
        *(Binding(str(n), f"free({n})", "free a name", show=n == 1) for n in range(1, MAX_LISTED + 1)),
    ]
    DEFAULT_CSS = """
    WalletScreen { align-horizontal: center; }
    WalletScreen #wallet-body { width: auto; max-width: 100%; height: 1fr; padding: 0 1; }
    WalletScreen #wallet-title { text-style: bold; margin: 1 0 0 0; }
    WalletScreen #wallet-qr { width: auto; margin: 1 0; }
    WalletScreen #wallet-url { text-style: bold; }
    WalletScreen .wallet-hint { color: $text-muted; max-width: 72; margin: 1 0 0 0; }
    WalletScreen #wallet-phones { max-width: 72; margin: 1 0 0 0; }
    WalletScreen #wallet-pairing { max-width: 72; margin: 1 0 0 0; }
    """

    def __init__(self, game_path: Path | str, server: ServeProcess | None = None, start: bool = True) -> None:
        super().__init__()
        self.game_path = Path(game_path)
        self.server = server or ServeProcess.for_game(self.game_path)
        self.start_on_open = start
        self.shown_url: str | None = None
        self.problem = ""
        self.starting = False
        self.held: list[Claim] = []
        self.listed: list[Claim] | None = None  # as drawn
        self.kept: list[Held] = []
        self.shown_kept: tuple[list[Held], str] | None = None  # as drawn, with the URL it was drawn for
        self.allowing = False  # `a` pressed: the next digit allows that phone a second name

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="wallet-body"):
            yield Static("Phones at the table", id="wallet-title")
            yield Static("", id="wallet-qr")
            yield Static("", id="wallet-url")
            yield Static("", id="wallet-status", classes="wallet-hint")
            yield Static("", id="wallet-phones")
            yield Static("", id="wallet-pairing")
            yield Static(HOW, classes="wallet-hint")
        yield Footer()

    def on_mount(self) -> None:
        if self.start_on_open and not self.server.running:
            self.start_server()
        self.show()
        self.set_interval(0.5, self.show)  # the URL changes when the code does; the server may stop

    def show_phones(self) -> None:
        """The names on phones, numbered: the number is the key that frees it."""
        try:
            held, self.kept = claims(self.game_path)[:MAX_LISTED], kept_names(self.game_path)
        except LedgerError:
            return
        self.show_pairing()
        self.held = held
        if held == self.listed:
            return
        self.listed = held
        text = Text("Names on phones: ", style="bold")
        if not held:
            text.append("none yet", style="dim")
        for number, claim in enumerate(held, 1):
            text.append(f"\n{number} ", style="bold")
            text.append(f"{claim.player}, since {local_time(claim.since, '%H:%M')}")
            seen = local_time(claim.seen, "%H:%M:%S") if claim.seen else "never"
            text.append(f" · {claim.address or 'this computer'} · last seen {seen}"
                        + (" · may hold a second name" if claim.extra else ""), style="dim")
        if held:
            text.append(f"\n1-{len(held)}: free that name (its phone must pick it again)" if len(held) > 1
                        else "\n1: free the name (its phone must pick it again)", style="dim")
            text.append("\na then a digit: that phone may pick a second name", style="dim")
        self.query_one("#wallet-phones", Static).update(text)

    def show_pairing(self) -> None:
        """The names kept for a new phone: each pairing code, and the latest one's QR code to scan."""
        url = self.server.url if self.server.running else ""
        if self.shown_kept == (self.kept, url):
            return
        self.shown_kept = (list(self.kept), url)
        box = self.query_one("#wallet-pairing", Static)
        if not self.kept:
            box.update("")
            return
        text = Text()
        for kept in self.kept:
            text.append(f"{kept.player}", style="bold")
            text.append(f" is kept for a new phone: pairing code {kept.code}\n")
        if url:
            latest = self.kept[-1]
            text.append(f"{latest.player}'s new phone scans this (or taps {latest.player} and types the code):\n",
                        style="dim")
            text.append(qr_block(f"{url}&pair={latest.code}"))
        box.update(text)

    def action_allow(self) -> None:
        self.allowing = bool(self.held)
        if self.allowing:
            self.notify("Press the digit of the phone that may pick a second name", markup=False)

    def action_free(self, number: int) -> None:
        allowing, self.allowing = self.allowing, False
        if not 1 <= number <= len(self.held):
            return
        player = self.held[number - 1].player
        try:
            if allowing:
                allow_second(self.game_path, player)
            else:
                free(self.game_path, player)
        except (Refusal, LedgerError) as error:
            self.notify(str(error), severity="error", markup=False)
        else:
            self.notify(f"The phone holding {player} may now pick a second name" if allowing else
                        f"{player} is free: the phone that held it must pick the name again; the name is kept "
                        "for the new phone that scans the pairing QR code", markup=False)
        self.listed = None
        self.show_phones()

    def show(self) -> None:
        """Redraw only when the URL or the server's state changed."""
        self.show_phones()
        url = self.server.url if self.server.running else ""
        key = f"{url}|{self.problem}|{self.starting}"
        if key == self.shown_url:
            return
        self.shown_url = key
        qr, link, status = self.query_one("#wallet-qr", Static), self.query_one("#wallet-url", Static), \
            self.query_one("#wallet-status", Static)
        if url:
            qr.update(qr_block(url))
            link.update(Text(url))
            status.update(f"Serving {self.game_path.name}. n: new join code (old links stop working) · "
                          "s: stop · esc: back to the table (the phones stay live)")
        else:
            qr.update("")
            link.update("")
            if self.starting:
                status.update("Starting the wallet server…")
            else:
                status.update(Text(self.problem or "The wallet server is stopped; s starts it."))

    @work(thread=True, exclusive=True, exit_on_error=False)
    def start_server(self) -> None:
        """Starting takes a second or two (a new Python process opens the game): off the key path."""
        self.starting, self.problem = True, ""
        self.app.call_from_thread(self.show)
        try:
            ServeProcess.stop_others(self.game_path)
            self.server.start()
        except (ServeError, OSError) as error:
            self.problem = f"The wallet server could not start: {error}"
        finally:
            self.starting = False
        self.held: list[Claim] = []
        self.listed: list[Claim] | None = None  # as drawn
        self.app.call_from_thread(self.show)

    def action_toggle_server(self) -> None:
        if self.server.running:
            self.server.stop()
            self.problem = ""
            self.show()
        elif not self.starting:
            self.start_server()

    def action_new_code(self) -> None:
        try:
            new_join_code(self.game_path)
        except LedgerError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.notify("New join code: phones must scan the QR code again and pick their names", markup=False)
        self.show_phones()

    def action_back(self) -> None:
        self.dismiss(None)
