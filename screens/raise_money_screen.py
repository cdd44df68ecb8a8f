"""Raise money: a player owes more than their cash. Sell buildings or mortgage, then pay; or go bankrupt.

Opened before a payment the core would refuse for lack of cash (banker.landing.shortfall),
or from the table for a player who wants to see what they could raise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from banker import commands as c
from banker.game import Game
from banker.landing import Due, WayToRaise, bankruptcy_creditor, ways_to_raise
from banker.rules.money import raisable
from screens.errors_kept import FlowErrorsKept
from screens.key_order import AnswersOnce
from screens.styled_once import StyledOnce

if TYPE_CHECKING:
    from screens.host import BankerHost


def same_place(before: list[WayToRaise], at: int, now: list[WayToRaise]) -> int:
    """Where the cursor goes when the list is rebuilt after a sale or a mortgage: the same deed (its next sale, or
    its mortgage once its buildings are gone), else the deed that followed it, else the same row. A row's number
    is no place: rows above it come and go, and Enter then sold or mortgaged a deed nobody pointed at."""
    deeds = [getattr(way.command, "deed", "") for way in now]
    for way in before[at:at + 1] + before[at + 1:]:
        deed = getattr(way.command, "deed", "")
        if deed in deeds:
            return deeds.index(deed)
    return min(at, len(now) - 1)


class RaiseMoneyScreen(FlowErrorsKept, AnswersOnce, StyledOnce, ModalScreen[bool]):
    """Dismissed with True once the payment is made or the bankruptcy declared."""

    BINDINGS = [
        Binding("p", "pay", "Pay now"),
        Binding("x", "bankrupt", "Declare bankrupt"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, game: Game, due: Due | None, command: c.Command | None = None,
                 player: str | None = None) -> None:
        super().__init__(id="raise-money", classes="dialog-screen")
        self.game = game
        self.due = due
        self.command = command
        self.player = due.payer if due else (player or game.state.players[0])
        self.ways: list[WayToRaise] = []

    @property
    def banker(self) -> BankerHost:
        return cast("BankerHost", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("", id="raise-title", classes="dialog-title", markup=False)
            yield Label("", id="raise-cash", classes="dialog-hint", markup=False)
            yield OptionList(id="raise-ways")
            yield Label("", id="raise-status", markup=False)
            yield Label("", id="raise-keys", classes="hint", markup=False)

    def on_mount(self) -> None:
        self.show()
        self.query_one("#raise-ways", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pay":
            return self.due is not None and self.enough
        if action == "bankrupt":
            return self.can_go_bankrupt
        return True

    @property
    def can_go_bankrupt(self) -> bool:
        """Bankruptcy only once selling and mortgaging everything could not pay the debt (003: "if you owe more
        than you can pay"): while the money can be raised, `x` is not offered."""
        if self.due is None or not self.due.owed:
            return False
        state = self.game.state
        return state.cash(self.player) + raisable(state, self.player) < self.due.amount

    @property
    def enough(self) -> bool:
        return self.due is not None and self.game.state.cash(self.player) >= self.due.amount

    def show(self) -> None:
        state, money, due = self.game.state, self.game.money, self.due
        cash = state.cash(self.player)
        can_raise = raisable(state, self.player)
        if due:
            to = f" to {due.creditor}" if due.creditor not in ("bank", "pot") else " to the bank"
            title = f"Raise money: {self.player} must pay {money(due.amount)} ({due.why}){to}"
            short = max(0, due.amount - cash)
            facts = f"cash {money(cash)} · short by {money(short)} · up to {money(can_raise)} can still be raised"
        else:
            title = f"Raise money: what {self.player} could sell or mortgage"
            facts = f"cash {money(cash)} · up to {money(can_raise)} can be raised"
        self.query_one("#raise-title", Label).update(title)
        self.query_one("#raise-cash", Label).update(facts)
        options = self.query_one("#raise-ways", OptionList)
        before, at = self.ways, options.highlighted or 0
        self.ways = ways_to_raise(state, self.player)
        options.clear_options()
        for way in self.ways:
            options.add_option(Option(Text(way.label)))
        if not self.ways:
            options.add_option(Option(Text("nothing left to sell or mortgage", style="dim"), disabled=True))
        else:
            options.highlighted = same_place(before, at, self.ways)
        status, keys = self.status_lines(can_raise)
        self.query_one("#raise-status", Label).update(status)
        self.query_one("#raise-keys", Label).update(keys)
        self.refresh_bindings()

    def status_lines(self, can_raise: int) -> tuple[Text, str]:
        due, money = self.due, self.game.money
        if due is None:
            return Text(""), "enter do it · esc close"
        cash = self.game.state.cash(self.player)
        if cash >= due.amount:
            return Text(f"Enough cash now: press p to pay {money(due.amount)}", style="bold green"), \
                "p pay · enter raise more · esc cancel"
        keys = "enter do it · esc cancel"
        if self.can_go_bankrupt:
            creditor = bankruptcy_creditor(due)
            keys = f"enter do it · x bankrupt to {creditor} · esc cancel"
            if cash + can_raise < due.amount:
                return Text(f"Even selling and mortgaging everything leaves {self.player} short: trade for cash, "
                            f"or press x to declare bankruptcy to {creditor}", style="bold red"), keys
        return Text(f"Raise {money(due.amount - cash)} more, then pay", style="bold #ff8c00"), keys

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.ways):
            self.banker.act(self.ways[event.option_index].command)
            if self.due is not None and self.due.owed and self.enough:
                self.action_pay()  # the debt is paid as soon as the cash is there: nothing else is left to do
                return
            self.show()

    def action_pay(self) -> None:
        if self.command is None or not self.enough:
            return
        if self.banker.act(self.command) is not None:
            self.dismiss(True)
        else:
            self.show()

    @work(exclusive=True, exit_on_error=False)
    async def action_bankrupt(self) -> None:
        """The debt comes filled in with the payment that could not be made."""
        if self.due is None or not self.can_go_bankrupt:
            return
        from screens.bankruptcy_flow import ask_bankruptcy

        command = await ask_bankruptcy(self.app, self.game, self.player, bankruptcy_creditor(self.due),
                                       self.due.amount)
        if command is None:
            return
        if self.banker.act(command) is not None:
            self.dismiss(True)
        else:
            self.show()

    def action_cancel(self) -> None:
        self.dismiss(False)
