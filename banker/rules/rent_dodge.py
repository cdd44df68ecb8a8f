"""Monopoly City's Rent Dodge card (rulebook 004): taken at Free Parking, played instead of a rent."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_playing, refuse_if
from .deeds import rent_refusal


def dodge_rent(state: GameState, cmd: c.DodgeRent) -> list[ev.Event]:
    """The Rent Dodge card: no rent this landing; the card goes back beside Free Parking (004)."""
    key = dodge_kind(state)
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              None if key else f"{state.edition.name} has no Rent Dodge card",
              rent_refusal(state, cmd.player, cmd.deed, 0))
    assert key is not None
    if state.count(key, cmd.player) < 1:
        raise Refusal(f"{cmd.player} does not hold the Rent Dodge card; pay the rent")
    return [ev.RentDodged(cmd.player, cmd.deed), ev.HoldingMoved(key, cmd.player, BANK, 1, "used")]


def dodge_kind(state: GameState) -> str | None:
    return next((k.key for k in state.edition.holdings.values() if k.taken_on == "free_parking"), None)


def take_at_space(state: GameState, cmd: c.TakeAtSpace) -> list[ev.Event]:
    """Free Parking: take the card from beside the board, or from whoever has not used it yet (004)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    kind = state.edition.holdings[cmd.kind]
    holder = next((a for a, n in state.held[cmd.kind].items() if n and a != ev.OUT), None)
    if holder == cmd.player:
        raise Refusal(f"{cmd.player} already holds the {kind.name}; nothing to take")
    if holder is None:
        raise Refusal(f"the {kind.name} is out of play")
    return [ev.HoldingMoved(cmd.kind, holder, cmd.player, 1, "Free Parking")]
