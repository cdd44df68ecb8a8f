"""The auction: bids by key for each bidder, closed by the banker's key or a countdown.

Every bid is one `bid` line to the core, so the ledger holds the auction as it went;
quitting mid-auction leaves it open there, and opening this screen again continues it.
"""

from __future__ import annotations

import shlex
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Digits, Footer, Label, Static

from banker import events as ev
from banker.errors import Refusal
from banker.game import Game, Outcome
from banker.language import read_amount
from banker.rules.deeds import bid_refusal, leader_bid_refusal, least_bid
from screens.choice_screen import seat
from screens.key_order import AnswersOnce
from screens.styled_once import StyledOnce
from screens.timing import Stop, timing

COUNTDOWN_SECONDS = 50  # Monopoly City's trading unit
FINAL_SECONDS = 5
QUICK_RAISES = {"o": 1, "t": 10, "f": 50}
CITY_RAISES = {"o": 10_000, "t": 100_000, "f": 1_000_000}  # M10k / M100k / M1m: City's prices run M600k-M4m
DIGIT_SYMBOLS = set("$£€")  # currency signs the Digits font can draw


def timed_auctions(game: Game) -> bool:
    """The countdown closes auctions under the house rule, and by default where the edition says so (City)."""
    state = game.state
    return ("timed-auctions" in state.house_rules or state.edition.timed_auctions
            or state.edition.id.startswith("city"))


def raise_steps(game: Game) -> dict[str, int]:
    """The o / t / f raises in this edition's money: 1 / 10 / 50, or M10k / M100k / M1m in Monopoly City."""
    return CITY_RAISES if game.state.edition.money_style == "millions" else QUICK_RAISES


class AuctionScreen(AnswersOnce, StyledOnce, ModalScreen[Outcome | None]):
    """Runs the open auction; dismisses with the `sold` Outcome, or None if left open."""

    AUTO_FOCUS = ""  # every key comes to the screen, in the order typed (see on_key)
    BINDINGS = [
        *[Binding(str(n), f"pick({n - 1})", f"bidder {n}", show=False) for n in range(1, 9)],
        *[Binding(key, f"raise_by('{key}')", f"+{step}") for key, step in QUICK_RAISES.items()],
        Binding("b", "type_amount", "type a bid"),
        Binding("s", "sold", "sold (no one bids higher)"),
        Binding("escape", "leave", "leave open (a returns)"),
    ]

    def __init__(self, game: Game, deed: str | None = None, *, seconds: int = COUNTDOWN_SECONDS,
                 timed: bool | None = None, autostart: bool = True) -> None:
        """`deed` opens the auction when none is open; `seconds`, `timed` and `autostart`
        let a test drive the countdown with `tick()` instead of the wall clock."""
        super().__init__()
        self.game = game
        self.opened: Outcome | None = None
        if game.state.auction is None and deed is not None:
            self.opened = game.do(f"auction {shlex.quote(deed)}")
        auction = game.state.auction
        if auction is None:
            raise Refusal("no auction is open; open one with `auction <deed>` first")
        self.deed = auction.deed
        self.timed = timed_auctions(game) if timed is None else timed
        self.seconds = seconds
        self.remaining = seconds
        self.autostart = autostart
        self.resumed = self.opened is None and not self._just_opened()
        self.selected: str | None = None
        self.typing: str | None = None  # the amount being typed after `b`
        self.closing = False
        self.seen: tuple[int, str] = game.head  # the ledger head the screen shows
        self._timer: Stop | None = None
        self.raises = raise_steps(game)

    def _just_opened(self) -> bool:
        """True when the ledger's latest event is this auction's opening (not a resumed one)."""
        count = self.game.head[0]
        last = self.game.store.records(after=count - 1) if count else []
        return bool(last) and isinstance(last[-1].event, ev.AuctionOpened) and last[-1].event.deed == self.deed

    # -- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        state, money = self.game.state, self.game.money
        card = state.deed(self.deed)
        with VerticalScroll(id="auction-box"):
            yield Static(f"Auction: {self.deed}", id="auction-title", classes="title")
            worth = (f"rent {money(card.rent[0])} unbuilt" if card.kind == "district"  # City: no printed mortgage
                     else f"mortgage value {money(card.mortgage)}")
            yield Static(f"list price {money(card.price)} · {worth} · "
                         f"opening bid {money(state.edition.auction_min_bid)}", classes="hint")
            with Horizontal(id="auction-lead"):
                with Vertical(id="auction-bid-box"):
                    yield Label("leading bid", classes="auction-caption")
                    yield Digits("", id="auction-bid")
                with Vertical(id="auction-leader-box"):
                    yield Label("bidder", classes="auction-caption")
                    yield Static("", id="auction-leader")
                if self.timed:
                    with Vertical(id="auction-clock"):
                        yield Label("seconds left", classes="auction-caption")
                        yield Digits(str(self.remaining), id="auction-seconds")
            yield Static(self._rule_note(), id="auction-note", classes="hint")
            with Vertical(id="auction-bidders"):
                for index in range(len(state.active_players[:8])):
                    yield Static("", id=f"auction-bidder-{index}", classes="auction-bidder")
            yield Static("", id="auction-amount")
            yield Static("", id="auction-message")
        yield Footer()

    def _rule_note(self, kept: bool = False) -> str:
        state = self.game.state
        numbers = [seat(state.players, p) for p in state.active_players[:8]]
        keys = (f"{numbers[0]}-{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1))
                else ", ".join(map(str, numbers))) if len(numbers) > 1 else str(numbers[0] if numbers else 1)
        steps = " / ".join(self.game.money(step) if step >= 1000 else str(step) for step in self.raises.values())
        note = f"Pick who bids with {keys}, then o / t / f raise by {steps} over the leading bid; b types one."
        if self.timed:
            note += f" The auction closes when the {self.seconds} s run out (they run from its start, not per bid)."
            if kept:
                note += " Back to it: the countdown kept running while the table was shown."
            elif self.resumed:
                note += f" Resumed: the countdown restarted from {self.seconds} s (the clock is not in the ledger)."
        else:
            note += " s closes it when no one bids higher."
        return note

    def on_mount(self) -> None:
        self._show()
        self._show_typing()
        countdowns = getattr(self.app, "countdowns", None)
        if self.timed and countdowns is not None:  # left open with Esc: the countdown kept running meanwhile
            if countdowns.start(self.deed, self.seconds):
                self.remaining = countdowns.left(self.deed) or 0
                self.query_one("#auction-seconds", Digits).update(str(self.remaining))
                self.query_one("#auction-note", Static).update(self._rule_note(kept=True))
            if self.remaining == 0:
                self.call_later(self._close, "time is up")
        if self.timed and self.autostart:  # the app's clock: the wall clock, or a test's ManualClock
            self._timer = timing(self.app).every_second(self, self.tick)
        self.set_interval(1, self.sync)

    def sync(self) -> None:
        """Follow what another window wrote (the app reloads the file): new bids, or a closed auction."""
        if self.closing or self.game.head == self.seen:
            return
        auction = self.game.state.auction
        if auction is None or auction.deed != self.deed:
            self.closing = True
            self._forget()
            self.app.notify(f"the auction for {self.deed} was closed in another window", title="Auction")
            self.dismiss(None)
            return
        self._show()

    # -- what the table sees -------------------------------------------------

    def _show(self) -> None:
        state = self.game.state
        auction = state.auction
        if auction is None:
            return
        self.seen = self.game.head
        bid = self.query_one("#auction-bid", Digits)
        leader = self.query_one("#auction-leader", Static)
        if auction.high_bidder:
            bid.update(self._digits_money(auction.high_bid))
            leader.update(auction.high_bidder)
            leader.remove_class("-none")
        else:
            bid.update("-")
            leader.update(f"no bid yet (opens at {self.game.money(state.edition.auction_min_bid)})")
            leader.add_class("-none")
        least = least_bid(state)
        for index, player in enumerate(state.active_players[:8]):
            row = self.query_one(f"#auction-bidder-{index}", Static)
            cash = state.cash(player)
            marks = []
            if player == auction.high_bidder:
                marks.append("leading")
            if cash < least:
                marks.append(f"cannot bid {self.game.money(least)}")
            row.update(f"[{seat(state.players, player)}] {player:<14} {self.game.money(cash):>9}   {'  '.join(marks)}")
            row.set_class(player == self.selected, "-selected")
            row.set_class(player == auction.high_bidder, "-leader")
            row.set_class(cash < least, "-short")

    def _digits_money(self, amount: int) -> str:
        currency = self.game.state.edition.currency
        if self.game.state.edition.money_style == "millions":  # M1.5m: the font draws "." and "m" small
            return self.game.money(amount)
        return f"{currency}{amount}" if currency in DIGIT_SYMBOLS else str(amount)

    def _say(self, text: str, error: bool = False) -> None:
        message = self.query_one("#auction-message", Static)
        message.update(text)
        message.set_class(error, "-error")

    # -- bidding -------------------------------------------------------------

    def action_pick(self, index: int) -> None:
        """A bidder by his seat's number, the number he has in every dialog (a bankrupt player's is no bidder)."""
        state = self.game.state
        if index >= len(state.players) or state.players[index] not in state.active_players:
            numbers = ", ".join(str(seat(state.players, p)) for p in state.active_players[:8])
            self._say(f"there is no bidder {index + 1}; pick {numbers}", error=True)
            return
        self.selected = state.players[index]
        if reason := leader_bid_refusal(self.game.state, self.selected):
            self._say(reason, error=True)
            self._show()
            return
        steps = " / ".join(self.game.money(step) if step >= 1000 else str(step) for step in self.raises.values())
        self._say(f"{self.selected} bids next: o / t / f raise by {steps}, b types an amount")
        self._show()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer says the raises in the game's money (City's M10k / M100k / M1m)."""
        found = super().active_bindings
        if self.raises is QUICK_RAISES:  # +1, +10, +50 as the bindings say
            return found
        for key, step in self.raises.items():
            active = found.get(key)
            if active is not None:  # namedtuple's own _replace: public, despite its underscore
                found[key] = active._replace(binding=replace(active.binding, description=f"+{self.game.money(step)}"))
        return found

    def action_raise_by(self, key: str) -> None:
        self.action_raise_bid(self.raises[key])

    def action_raise_bid(self, step: int) -> None:
        auction = self.game.state.auction
        if self.selected is None or auction is None:
            self._say("pick who bids first: press their number", error=True)
            return
        amount = max(self.game.state.edition.auction_min_bid, auction.high_bid + step)  # a raise by `step`
        self.place_bid(self.selected, amount)

    def action_type_amount(self) -> None:
        if self.selected is None:
            self._say("pick who bids first: press their number, then b", error=True)
            return
        self.typing = ""
        self._show_typing()

    def _show_typing(self) -> None:
        box = self.query_one("#auction-amount", Static)
        if self.typing is None:
            box.update("b: type an amount for the picked bidder")
            box.remove_class("-typing")
        else:
            box.update(f"{self.selected} bids: {self.typing}▏   (Enter bids, Esc cancels)")
            box.add_class("-typing")

    def on_key(self, event: events.Key) -> None:
        """Every key of this screen is handled here, in the order typed.

        (Bindings run only after a key has bubbled up to the app, so a fast "b250" could
        otherwise reach the screen before `b` has started the amount.) The bindings
        stay for the footer and the mouse.
        """
        if self.typing is not None:
            self._type(event.key, event.character if event.is_printable else None)
        elif event.key in self.raises:
            self.action_raise_bid(self.raises[event.key])
        elif event.key.isdigit() and 1 <= int(event.key) <= 8:
            self.action_pick(int(event.key) - 1)
        elif event.key in ("b", "s", "escape"):
            {"b": self.action_type_amount, "s": self.action_sold, "escape": self.action_leave}[event.key]()
        else:
            return
        event.stop()
        event.prevent_default()

    def _type(self, key: str, character: str | None) -> None:
        assert self.typing is not None
        if key == "enter":
            self._submit_typed()
        elif key == "escape":
            self.typing = None
        elif key == "backspace":
            self.typing = self.typing[:-1]
        elif character and len(self.typing) < 12:
            self.typing += character
        self._show_typing()

    def _submit_typed(self) -> None:
        text, self.typing = self.typing or "", None
        if self.selected is None:
            return
        try:
            amount = read_amount(text, self.game.state)
        except Refusal as refusal:
            self._say(str(refusal), error=True)
            return
        self.place_bid(self.selected, amount)

    def place_bid(self, player: str, amount: int) -> bool:
        """Checks the bid here first (over the bidder's cash: refused on the spot), then bids."""
        if reason := bid_refusal(self.game.state, player, amount):
            self._say(reason, error=True)
            return False
        try:
            outcome = self.game.do(f"bid {shlex.quote(player)} {amount}")
        except Refusal as refusal:
            self._say(str(refusal), error=True)
            return False
        self._say(outcome.summary)
        self._show()
        return True

    # -- closing ---------------------------------------------------------------

    def tick(self) -> None:
        """One second of the countdown (the interval timer calls it; tests may call it directly)."""
        if self.closing or not self.timed:
            return
        self.remaining = max(0, self.remaining - 1)
        if self.is_mounted:
            self.query_one("#auction-seconds", Digits).update(str(self.remaining))
            self.set_class(0 < self.remaining <= FINAL_SECONDS, "-final")
        if 0 < self.remaining <= FINAL_SECONDS:
            self.app.bell()
            if self.is_mounted:
                self._say(f"{self.remaining} second{'s' if self.remaining != 1 else ''} left: last bids now!",
                          error=True)
        if self.remaining == 0:
            self._close("time is up")

    def action_sold(self) -> None:
        self._close("no one bids higher")

    def _close(self, why: str) -> None:
        if self.closing:
            return
        if self.game.state.auction is None:
            self.closing = True
            self._forget()
            self.dismiss(None)
            return
        try:
            outcome = self.game.do("sold")
        except Refusal as refusal:
            self._say(f"{why}, but: {refusal}", error=True)
            return
        self.closing = True
        if self._timer is not None:
            self._timer()
        self._forget()
        self.app.notify(f"{why}: {outcome.summary}", title="Auction closed")
        self.dismiss(outcome)

    def _forget(self) -> None:
        if (countdowns := getattr(self.app, "countdowns", None)) is not None:
            countdowns.forget(self.deed)

    def action_leave(self) -> None:
        """Esc: back to the table with the auction still open."""
        if self._timer is not None:
            self._timer()
        self.dismiss(None)
