"""What waits for a player, as their phone shows it: a sentence and the taps that answer it.

In a game that follows the tokens, the table waits after a landing ("Baltic Avenue for $60"), a card, a
debt. The lander's phone shows it with one button per answer ("Buy", "Auction"; for a debt, what selling or
mortgaging would raise); a tap proposes the line in the phone's voice (without the owner's name, as
voice.py reads it). The phone checks every line with `/api/meaning` before it is sent, so a button here is a
suggestion the rules still decide.
"""

from __future__ import annotations

from typing import Any

from .. import commands as c
from ..events import BANK
from ..landing import ways_to_raise
from ..state import GameState
from ..waits import Wait, wait_text

DECKS = {"chance": "Chance", "community_chest": "Community Chest"}


def _q(name: str) -> str:
    """A name as the command language takes it (quoted when it holds a space)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


def _tap(label: str, line: str, needs: str = "") -> dict[str, str]:
    return {"label": label, "line": line, "needs": needs}


def _raise_line(command: c.Command) -> str | None:
    if isinstance(command, c.SellBuildings):
        return f"sell {_q(command.deed)} {command.count}"
    if isinstance(command, c.Mortgage):
        return f"mortgage {_q(command.deed)}"
    return None


def _wait_row(state: GameState, wait: Wait) -> dict[str, Any]:
    money, deed = state.edition.money, _q(wait.space)
    row = {"player": wait.player, "kind": wait.kind, "space": wait.space, "text": wait_text(state, wait), "taps": []}
    match wait.kind, wait.detail:
        case "buy-or-auction", _ if state.auction is None and wait.space in state.deeds:
            row["text"] = f"{wait.space} for {money(state.deed(wait.space).price)}"
            row["taps"] = [_tap("Buy", f"buy {deed}"), _tap("Auction", f"auction {deed}")]
        case "card", deck:
            row["text"] = (f"You are on {wait.space}: draw a {DECKS.get(deck, deck)} card and tell the banker "
                           "(or type: card <card>)")
        case "choice", "utility":
            row["text"] = f"You are on {wait.space}: throw the dice for the rent"
            row["taps"] = [_tap("Pay the rent", f"rent {deed}", needs="dice")]
        case "choice", "rent-dodge":
            row["taps"] = [_tap("Pay the rent", f"rent {deed}"), _tap("Dodge it", f"dodge {deed}")]
    return row


def phone_waits(state: GameState) -> list[dict[str, Any]]:
    """Each thing the table waits for from a player, with the taps that answer it (debts first)."""
    money, rows = state.edition.money, []
    for debt in state.debts:
        to = "the bank" if debt.creditor == BANK else debt.creditor
        taps = [_tap(way.label, line) for way in ways_to_raise(state, debt.player)
                if (line := _raise_line(way.command)) is not None]
        if state.cash(debt.player) >= debt.amount:
            taps.insert(0, _tap("Pay it now", "settle"))
        rows.append({"player": debt.player, "kind": "debt", "space": "", "taps": taps,
                     "text": f"You owe {to} {money(debt.amount)} ({debt.why}); you have "
                             f"{money(state.cash(debt.player))}"})
    rows += [_wait_row(state, wait) for wait in state.waiting]
    return rows
