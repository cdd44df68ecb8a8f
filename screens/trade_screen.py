"""A trade between two players: cash, deeds, Get Out of Jail Free cards and holdings, as one action.

Only what the rules let a player hand over is offered; the review shows what each
side gives, what the bank takes for mortgaged deeds, and the cash after, before the
one `trade` line goes to the core.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    ContentSwitcher,
    Footer,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    SelectionList,
    Static,
)

from banker.errors import Refusal
from banker.game import Game, Outcome
from banker.language import read_amount
from banker.rules.money import short_of_cash
from banker.rules.trade import holdings_refusal, mortgage_fee, tradable_refusal
from editions import Edition
from screens.auction_screen import timed_auctions
from screens.deal_timer import DEAL_SECONDS, DealTimer
from screens.key_order import AnswersOnce
from screens.tick_list import TickList, TickRadioButton

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}
DECK_WORDS = {"chance": "chance", "community_chest": "chest"}  # the command language's words
SIDES = (0, 1)


@dataclass
class Offer:
    """What one side hands over."""

    player: str
    cash: int = 0
    deeds: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # decks
    holdings: list[str] = field(default_factory=list)  # one holding kind key per piece (bus_ticket, coin...)

    @property
    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.cards or self.holdings)

    def words(self, edition: Edition | None = None) -> list[str]:
        out = [str(self.cash)] if self.cash else []
        out += [shlex.quote(deed) for deed in self.deeds]
        out += [f"goojf:{DECK_WORDS.get(deck, deck)}" for deck in self.cards]
        if edition is not None:
            out += [shlex.quote(edition.holdings[key].word) for key in self.holdings]
        return out

    def holding_counts(self, edition: Edition) -> list[str]:
        """ "2 bus tickets" for each kind handed over."""
        return [edition.holdings[key].count(self.holdings.count(key)) for key in dict.fromkeys(self.holdings)]



def mortgage_choices(edition: Edition) -> tuple[str, str, str]:
    """The caption and the two choices for a mortgaged deed that changes hands, in this edition's terms:
    10% interest in the classic boxes; Monopoly City charges none and buys back for what the mortgage paid."""
    deed, pct = edition.term("deed"), edition.mortgage_interest_pct
    if pct:
        return (f"A mortgaged {deed} changes hands: its new owner lifts the mortgage now, "
                f"or pays the bank {pct}% now and keeps it mortgaged.",
                f"pay {pct}% now, keep it mortgaged", f"lift now (mortgage value + {pct}%)")
    return (f"A mortgaged {deed} changes hands: its new owner buys it back now for what the mortgage paid, "
            f"or keeps it mortgaged (no interest in {edition.name}).",
            "keep it mortgaged (no interest)", "buy it back now (what the mortgage paid)")


class TradeScreen(AnswersOnce, ModalScreen[Outcome | None]):
    """Builds one trade; dismisses with its Outcome, or None when called off."""
    CSS_PATH = "trade.tcss"  # loaded when the screen first opens, not at start-up

    AUTO_FOCUS = "SelectionList"  # the players come preset; the first thing to pick is what they give
    BINDINGS = [
        Binding("ctrl+r", "review", "review the trade"),
        Binding("y", "confirm", "confirm"),
        Binding("n", "back", "back to the offer"),
        Binding("escape", "cancel", "call off"),
    ]

    def __init__(self, game: Game, first: str | None = None, second: str | None = None, *,
                 seconds: int = DEAL_SECONDS, timed: bool | None = None, autostart: bool = True) -> None:
        """`timed`: the deal timer (default: City, or the timed-auctions house rule); `seconds` and
        `autostart` let a test drive it with `DealTimer.tick()` or the app's ManualClock."""
        super().__init__()
        self.game = game
        self.timed = timed_auctions(game) if timed is None else timed
        self.seconds = seconds
        self.autostart = autostart
        self.closing = False
        players = game.state.active_players
        if len(players) < 2:
            raise Refusal("a trade needs two players still in the game")
        self.initial = (first or players[0], second or next(p for p in players if p != (first or players[0])))
        self.reviewing = False
        self.line = ""

    # -- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        players = [(p, p) for p in self.game.state.active_players]
        with VerticalScroll(id="trade-box"):
            yield Static("Trade", classes="title")
            if self.timed:
                yield DealTimer(self.seconds, self.time_is_up, self.autostart)
            yield Static("space ticks a deed or card · tab moves on · ctrl+r reviews · esc calls off",
                         classes="hint")
            with ContentSwitcher(initial="trade-form", id="trade-switcher"):
                with Vertical(id="trade-form"):
                    with Horizontal(id="trade-sides"):
                        for side in SIDES:
                            with Vertical(classes="trade-side"):
                                yield Label("", id=f"trade-caption-{side}", classes="trade-caption")
                                yield Select(players, value=self.initial[side], allow_blank=False,
                                             id=f"trade-player-{side}")
                                yield Input(placeholder="cash it gives (blank = none)", restrict=self.cash_chars,
                                            max_length=12, id=f"trade-cash-{side}")
                                yield TickList[str](id=f"trade-items-{side}", classes="trade-items")
                                yield Static("", id=f"trade-unoffered-{side}", classes="hint")
                    with Vertical(id="trade-mortgage"):
                        caption, keep, lift = mortgage_choices(self.game.state.edition)
                        yield Static(caption, classes="trade-caption")
                        with RadioSet(id="trade-lift"):
                            yield TickRadioButton(keep, value=True, id="trade-keep")
                            yield TickRadioButton(lift, id="trade-lift-now")
                    yield Button("Review the trade (ctrl+r)", id="trade-review-button", variant="primary")
                with Vertical(id="trade-review"):
                    yield Static("", id="trade-summary")
                    with Horizontal(id="trade-confirm-row"):
                        yield Button("Confirm (y)", id="trade-confirm", variant="success")
                        yield Button("Back (n)", id="trade-back")
            yield Static("", id="trade-message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#trade-box").can_focus = False
        for side in SIDES:
            self._fill(side)
        self._show_mortgage_choice()
        # the first player may have nothing to hand over (a hidden list): start on what can be picked
        shown = [items for items in self.query(SelectionList) if items.display]
        (shown[0] if shown else self.query_one("#trade-cash-0", Input)).focus()

    # -- the two offers ----------------------------------------------------------

    def _player(self, side: int) -> str:
        value = self.query_one(f"#trade-player-{side}", Select).value
        return value if isinstance(value, str) else self.initial[side]

    def _fill(self, side: int) -> None:
        """Offer the deeds and cards this side's player may hand over; list the rest with why not."""
        state, money = self.game.state, self.game.money
        player = self._player(side)
        items = self.query_one(f"#trade-items-{side}", SelectionList)
        items.clear_options()
        refused = []
        for deed in state.deeds_of(player):
            if reason := tradable_refusal(state, player, deed):
                refused.append(f"{deed}: {reason}")
                continue
            card = state.deed(deed)
            mark = "  (mortgaged)" if state.deeds[deed].mortgaged else ""
            items.add_option((f"{deed}  {money(card.price)}{mark}", f"deed:{deed}"))
        for index, deck in enumerate(state.jail_cards[player]):
            items.add_option((f"Get Out of Jail Free ({DECK_NAMES.get(deck, deck)})", f"card:{index}:{deck}"))
        for kind in state.edition.holdings.values():  # one line per piece: tick as many as change hands
            held = state.count(kind.key, player)
            for index in range(held):
                label = kind.name if held == 1 else f"{kind.name} ({index + 1} of {held})"
                items.add_option((label, f"holding:{index}:{kind.key}"))
        items.display = bool(items.option_count)
        if items.option_count:
            items.highlighted = 0
        for index in SIDES:
            giver, taker = self._player(index), self._player(1 - index)
            self.query_one(f"#trade-caption-{index}", Label).update(f"{giver} gives {taker}:")
        cash = f"{player} has {money(state.cash(player))}" + ("." if items.option_count else
                                                               ", and no deed or card to offer.")
        self.query_one(f"#trade-unoffered-{side}", Static).update(
            cash + ("\nNot offered: " + "; ".join(refused) if refused else ""))

    def _offer(self, side: int) -> Offer:
        """Raises Refusal when the cash box does not hold an amount."""
        offer = Offer(self._player(side))
        text = self.query_one(f"#trade-cash-{side}", Input).value.strip()
        if text:
            offer.cash = read_amount(text, self.game.state)
        for value in self.query_one(f"#trade-items-{side}", SelectionList).selected:
            kind, _, rest = value.partition(":")
            if kind == "deed":
                offer.deeds.append(rest)
            elif kind == "card":
                offer.cards.append(rest.partition(":")[2])
            elif kind == "holding":
                offer.holdings.append(rest.partition(":")[2])
        return offer

    def _mortgaged_included(self) -> list[str]:
        state = self.game.state
        chosen = []
        for side in SIDES:
            for value in self.query_one(f"#trade-items-{side}", SelectionList).selected:
                if value.startswith("deed:") and state.deeds[value[5:]].mortgaged:
                    chosen.append(value[5:])
        return chosen

    def _show_mortgage_choice(self) -> None:
        self.query_one("#trade-mortgage").display = bool(self._mortgaged_included())

    @property
    def lift(self) -> bool:
        return self.query_one("#trade-lift-now", RadioButton).value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("trade-player-"):
            self._fill(int(event.select.id[-1]))
            self._show_mortgage_choice()
            self._say("")

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        self._show_mortgage_choice()

    # -- review and confirm ------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        message = self.query_one("#trade-message", Static)
        message.update(text)
        message.set_class(error, "-error")

    def summary(self, first: Offer, second: Offer, lift: bool) -> str:
        """What the table reads before confirming: both sides, the bank's due, cash after."""
        state, money = self.game.state, self.game.money

        def listing(offer: Offer) -> str:
            parts = [money(offer.cash)] if offer.cash else []
            parts += [deed + (" (mortgaged)" if state.deeds[deed].mortgaged else "") for deed in offer.deeds]
            parts += [f"Get Out of Jail Free ({DECK_NAMES.get(d, d)})" for d in offer.cards]
            parts += offer.holding_counts(state.edition)
            return ", ".join(parts) or "nothing"

        lines = [f"{first.player} gives {second.player}: {listing(first)}",
                 f"{second.player} gives {first.player}: {listing(second)}"]
        for receiver, giver in ((second, first), (first, second)):
            for deed in giver.deeds:
                if fee := mortgage_fee(state, deed, lift):
                    pct = state.edition.mortgage_interest_pct
                    what = "lifts the mortgage on" if lift else f"pays {pct}% interest to keep mortgaged"
                    lines.append(f"{receiver.player} {what} {deed}: {money(fee)} to the bank")
        for player, out, back, received in ((first.player, first.cash, second.cash, second.deeds),
                                            (second.player, second.cash, first.cash, first.deeds)):
            fees = sum(mortgage_fee(state, deed, lift) for deed in received)
            before = state.cash(player)
            lines.append(f"{player}: {money(before)} -> {money(before - out + back - fees)}")
        return "\n".join(lines)

    def action_review(self) -> None:
        if self.reviewing:
            return
        try:
            first, second = self._offer(0), self._offer(1)
        except Refusal as refusal:
            self._say(str(refusal), error=True)
            return
        if first.player == second.player:
            self._say(f"{first.player} cannot trade with themselves; pick two different players", error=True)
            return
        if first.empty and second.empty:
            self._say("pick at least one thing either player gives: cash, a deed, a card or a holding", error=True)
            return
        lift = self.lift
        state = self.game.state
        for payer, out, back, received in ((first.player, first.cash, second.cash, second.deeds),
                                           (second.player, second.cash, first.cash, first.deeds)):
            need = out - back + sum(mortgage_fee(state, deed, lift) for deed in received)
            if need > 0 and (reason := short_of_cash(state, payer, need, "this trade")):
                self._say(reason, error=True)
                return
        for giver, receiver in ((first, second), (second, first)):
            if reason := holdings_refusal(state, giver.player, receiver.player, tuple(giver.holdings)):
                self._say(reason, error=True)
                return
        self.line = " ".join(["trade", shlex.quote(first.player), shlex.quote(second.player),
                              "give", *first.words(state.edition), "get", *second.words(state.edition),
                              *(["lift"] if lift and self._mortgaged_included() else [])])
        self.query_one("#trade-summary", Static).update(
            self.summary(first, second, lift) + "\n\nConfirm this trade? y = yes, n = back to the offer")
        self.query_one("#trade-switcher", ContentSwitcher).current = "trade-review"
        self.reviewing = True
        self._say("")
        self.query_one("#trade-confirm", Button).focus()
        self.refresh_bindings()

    @property
    def cash_chars(self) -> str:
        """What the cash boxes accept: whole numbers, or City's 500k / 2m / 3.5m."""
        return r"[0-9,.kKmM]*" if self.game.state.edition.money_style == "millions" else r"[0-9,]*"

    def time_is_up(self) -> None:
        """The deal timer ran out before the deal was confirmed: close, nothing traded."""
        if self.closing:
            return
        self.closing = True
        self.app.bell()
        self.app.notify("The deal timer ran out before the deal was confirmed: no deal, nothing was traded.",
                        title="Deal off", severity="warning", timeout=10, markup=False)
        self.dismiss(None)

    def _stop_timer(self) -> None:
        for timer in self.query(DealTimer):
            timer.stop()

    def action_confirm(self) -> None:
        if not self.reviewing or self.closing:
            return
        try:
            outcome = self.game.do(self.line)
        except Refusal as refusal:
            self.action_back()
            self._say(str(refusal), error=True)
            return
        self.closing = True
        self._stop_timer()
        self.app.notify(outcome.summary, title="Trade")
        self.dismiss(outcome)

    def action_back(self) -> None:
        if not self.reviewing:
            return
        self.reviewing = False
        self.query_one("#trade-switcher", ContentSwitcher).current = "trade-form"
        self.query_one("#trade-review-button", Button).focus()
        self.refresh_bindings()

    def action_cancel(self) -> None:
        if self.reviewing:
            self.action_back()
        else:
            self.closing = True
            self._stop_timer()
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("confirm", "back"):
            return self.reviewing
        if action == "review":
            return not self.reviewing
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"trade-review-button": self.action_review, "trade-confirm": self.action_confirm,
         "trade-back": self.action_back}.get(event.button.id or "", lambda: None)()
