"""Debts: a payment fixed when it fell due that the player's cash could not cover (a landing's rent or tax, a
card's charge). Nobody is overdrawn meanwhile; `settle` pays them all once the cash is raised, or a bankruptcy
ends them."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import GameState
from .checks import auction_open, not_playing, refuse_if
from .money import raisable_from


def settle_refusal(state: GameState, player: str) -> str | None:
    """Why the debts waiting on `player` cannot be paid now: none, or the cash is short (and what can be raised)."""
    owed = [d for d in state.debts if d.player == player]
    if not owed:
        return f"{player} owes no debt; nothing to settle"
    money = state.edition.money
    total = sum(d.amount for d in owed)
    cash = state.cash(player)
    if total <= cash:
        return None
    found = raisable_from(state, player)
    short = total - cash
    if found.total >= total:
        return (f"{player} owes {money(total)} but has {money(cash)}: raise {money(short)} first "
                f"({found.parts(money)}), then settle {player}")
    creditor = owed[0].creditor
    named = "" if creditor in ev.ACCOUNTS else f" {creditor}"
    return (f"{player} owes {money(total)} and can raise only {money(found.total)} ({found.parts(money)}): "
            f"declare bankrupt {player}{named} {total}")


def settle(state: GameState, cmd: c.Settle) -> list[ev.Event]:
    """Every debt of the player, in the order they fell due, all or nothing."""
    refuse_if(auction_open(state), not_playing(state, cmd.player), settle_refusal(state, cmd.player))
    return [ev.DebtSettled(d.player, d.creditor, d.amount, d.why,
                           transfers=(ev.Transfer(d.player, _payee(state, d.creditor), d.amount),))
            for d in state.debts if d.player == cmd.player]


def _payee(state: GameState, creditor: str) -> str:
    """A creditor who has left the game since is paid through the bank."""
    return ev.BANK if creditor in state.bankrupt else creditor


def record_or_pay(state: GameState, player: str, creditor: str, amount: int, why: str) -> ev.Transfer | ev.Event:
    """The leg that pays now, or the debt recorded when the cash does not cover it (the charge is fixed now)."""
    if player in ev.ACCOUNTS or amount <= state.cash(player):
        return ev.Transfer(player, creditor, amount)
    return ev.DebtRecorded(player, creditor, amount, why)
