"""Holdings the bank hands out because something happened at the table (Sore Losers coins).

An edition says which table events earn a piece (`awarded_for`); the rule that makes the
event asks here, so the award is part of the same action. A player at the limit, Mr. Monopoly,
or an empty bank gets nothing, and the action still goes through (001: "do nothing").
"""

from __future__ import annotations

from .. import events as ev
from ..events import BANK
from ..state import GameState


def award_refusal(state: GameState, key: str, player: str) -> str | None:
    """Why `player` takes no piece of `key` now, or None."""
    kind = state.edition.holdings[key]
    if player == state.mr_monopoly:
        return f"Mr. Monopoly never collects {kind.plural}"
    if kind.max_held and state.count(key, player) >= kind.max_held:
        return f"{player} already holds {kind.count(state.count(key, player))}, the most allowed; nothing is taken"
    if state.count(key, BANK) < 1:
        return f"the bank has no {kind.plural} left; nothing is taken"
    return None


def awards(state: GameState, reason: str, player: str) -> list[ev.Event]:
    """The pieces `player` earns for `reason` (rent, tax, jail) in this edition, possibly none."""
    return [ev.HoldingMoved(kind.key, BANK, player, 1, reason)
            for kind in state.edition.holdings.values()
            if reason in kind.awarded_for and player in state.players
            and award_refusal(state, kind.key, player) is None]


def coin_kind(state: GameState) -> str | None:
    """The holding that Mr. Monopoly is cashed in for (the edition's awarded holding)."""
    return next((k.key for k in state.edition.holdings.values() if k.awarded_for), None)
