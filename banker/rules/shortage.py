"""The building shortage: when the bank's last houses or hotels are wanted by two or
more players, they go by auction (rulebook 003 "Building shortage?", 000 line 191).

`auction house` / `auction hotel` sells one building; the winner pays the bid instead of the
list price and `sold <deed>` puts it on one of their deeds where it may legally go.
"""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import HOTEL, GameState
from .buildings import build_refusal, no_houses_refusal, restocked
from .checks import auction_open, refuse_if
from .money import pay

BUILDINGS = ("house", "hotel")


def building_sites(state: GameState, player: str, kind: str) -> list[str]:
    """The player's deeds where one more `kind` may legally go right now."""
    sites = []
    for deed in state.deeds_of(player):
        level = state.deeds[deed].level
        next_is = "hotel" if level + 1 == HOTEL else "house"
        if level < HOTEL and next_is == kind and build_refusal(state, player, deed, 1) is None:
            sites.append(deed)
    return sites


def building_bidders(state: GameState, kind: str) -> list[str]:
    return [p for p in state.active_players if building_sites(state, p, kind)]


def open_building_auction(state: GameState, cmd: c.OpenBuildingAuction) -> list[ev.Event]:
    refuse_if(auction_open(state), no_houses_refusal(state))
    supply = state.bank_houses if cmd.kind == "house" else state.bank_hotels
    if supply < 1:
        raise Refusal(f"the bank has no {cmd.kind}s left to auction; {restocked(state, 'one')}")
    wanting = building_bidders(state, cmd.kind)
    if len(wanting) < 2:
        who = f"only {wanting[0]} can" if wanting else "nobody can"
        raise Refusal(f"a {cmd.kind} auction is for two or more players wanting the last buildings; "
                      f"{who} build a {cmd.kind} now, so use `build` instead")
    return [ev.AuctionOpened(cmd.kind)]


def building_bid_refusal(state: GameState, player: str) -> str | None:
    kind = state.auction.deed if state.auction else ""
    if kind in BUILDINGS and not building_sites(state, player, kind):
        return f"{player} has no deed where a {kind} may go now, so cannot bid for one"
    return None


def close_building_auction(state: GameState, cmd: c.CloseAuction) -> list[ev.Event]:
    auction = state.auction
    assert auction is not None and auction.deed in BUILDINGS
    kind, winner = auction.deed, auction.high_bidder
    if not winner:
        if cmd.deed:
            raise Refusal(f"nobody bid, so the {kind} stays with the bank; close with `sold` alone")
        return [ev.AuctionClosed(kind)]
    sites = building_sites(state, winner, kind)
    if cmd.deed not in sites:
        where = "no deed given" if not cmd.deed else f"a {kind} cannot go on {cmd.deed}"
        raise Refusal(f"{where}; say where {winner} puts the {kind}: sold <deed>, one of {', '.join(sites)}")
    leg = pay(state, winner, BANK, auction.high_bid, f"the winning bid on a {kind}")
    level = state.deeds[cmd.deed].level + 1
    return [ev.AuctionClosed(kind, winner, auction.high_bid),
            ev.BuildingsBuilt(winner, cmd.deed, level, transfers=(leg,))]
