"""Countable holdings (bus tickets, sore-loser coins...): one model for every edition.

The bank holds a finite supply; a player may hold at most `max_held`; a used piece
goes "out" of play for good. Every change is a `HoldingMoved`.
"""

from __future__ import annotations

from .. import events as ev
from ..errors import Refusal
from ..events import BANK, OUT
from ..state import GameState


def kind_named(state: GameState, key: str, what: str) -> str | None:
    """The refusal when this edition has no such holding."""
    if key in state.edition.holdings:
        return None
    return f"{state.edition.name} has no {what}; that is for another edition"


def from_bank(state: GameState, key: str, player: str, why: str) -> ev.HoldingMoved:
    """One piece from the bank's supply to a player, or a Refusal saying why not."""
    kind = state.edition.holdings[key]
    if state.count(key, BANK) < 1:
        raise Refusal(f"the bank has no {kind.plural} left; nothing to take")
    if kind.max_held and state.count(key, player) >= kind.max_held:
        raise Refusal(f"{player} already holds {kind.count(state.count(key, player))}, the most allowed")
    return ev.HoldingMoved(key, BANK, player, 1, why)


def out_of_play(state: GameState, key: str, player: str, why: str) -> ev.HoldingMoved:
    kind = state.edition.holdings[key]
    if state.count(key, player) < 1:
        raise Refusal(f"{player} holds no {kind.name}")
    return ev.HoldingMoved(key, player, OUT, 1, why)


def holdings_on_bankruptcy(state: GameState, player: str, creditor: str) -> list[ev.Event]:
    """A bankrupt player's holdings: to the creditor like anything of value (000: bus tickets), but
    earned ones go back to the bank (001, coins: "People have to earn those!")."""
    out: list[ev.Event] = []
    for key, kind in state.edition.holdings.items():
        count = state.count(key, player)
        if count:
            receiver = BANK if kind.awarded_for or creditor == BANK else creditor
            out.append(ev.HoldingMoved(key, player, receiver, count, "bankruptcy"))
    return out
