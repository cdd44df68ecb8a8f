"""The final rent round (rulebook 001): once every property is owned and every token is back on GO, each owner
collects the rents from the bank, and the most cash wins."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..events import BANK
from ..state import GameState
from .checks import auction_open, refuse_if
from .rent import rent_charge


def final_round_refusal(state: GameState) -> str | None:
    if not state.edition.final_rent_round:
        return f"{state.edition.name} has no final rent round; `score` values the game"
    if state.final_round:
        return "the final rent round was already played; see `score`"
    unowned = [d for d, h in state.deeds.items() if h.owner == BANK]
    if unowned:
        still = "1 property still belongs" if len(unowned) == 1 else f"{len(unowned)} properties still belong"
        return (f"{still} to the bank (e.g. {unowned[0]}); the game ends when all are "
                "bought and everyone is back at GO")
    if state.tokens is not None and (away := [p for p in state.active_players if state.position(p) != 0]):
        return (f"the game ends when every token is back on GO (001:111); not yet: {', '.join(away)}; "
                "keep rolling, each token stops on GO")
    return None


def final_round(state: GameState, cmd: c.FinalRound) -> list[ev.Event]:
    """In turn order, each player collects from the bank the rent on each unmortgaged property (001)."""
    refuse_if(auction_open(state), final_round_refusal(state))
    events: list[ev.Event] = [ev.FinalRoundPlayed()]
    for player in state.active_players:
        for deed in state.deeds_of(player):
            rent = rent_charge(state, deed)
            if rent.amount:
                events.append(ev.FinalRentCollected(player, deed, rent.basis,
                                                    transfers=(ev.Transfer(BANK, player, rent.amount),)))
    return events
