"""Small pure checks: each returns the refusal text, or None when the rule allows it.

The screens call these to offer only legal choices; the rules call them through
`refuse_if` so both always agree.
"""

from __future__ import annotations

from ..errors import Refusal
from ..events import BANK
from ..state import GameState


def refuse_if(*reasons: str | None) -> None:
    for reason in reasons:
        if reason:
            raise Refusal(reason)


def not_playing(state: GameState, player: str) -> str | None:
    if player in state.bankrupt:
        return f"{player} is bankrupt and out of the game"
    return None


def not_in_notes(state: GameState, amount: int) -> str | None:
    """A typed amount the bank's notes cannot make: in Monopoly City, whose smallest note is M10k, "pay bob 50"
    is a slip for 50k, and is refused rather than taken as M50."""
    note = state.edition.smallest_note
    if amount % note == 0:
        return None
    money, name = state.edition.money, state.edition.name
    meant = f"; did you mean {money(amount * 1000)}?" if amount < note and amount * 1000 % note == 0 else ""
    return f"{money(amount)} cannot be paid in {name} notes, the smallest of which is {money(note)}{meant}"


def auction_open(state: GameState) -> str | None:
    if state.auction is not None:
        return (f"the auction for {state.auction.deed} is open; bid on it or close it with `sold` first")
    return None


def not_owner(state: GameState, player: str, deed: str) -> str | None:
    owner = state.deeds[deed].owner
    if owner == player:
        return None
    if owner == BANK:
        return f"{deed} belongs to the bank, not {player}; buy it first"
    return f"{deed} belongs to {owner}, not {player}; name {owner}, or trade for it first"


def same_player(first: str, second: str, doing: str) -> str | None:
    return f"{first} cannot {doing} themselves; name another player" if first == second else None
