"""The fold of the deeds: who owns each, auctions, mortgages, and the building pieces moved between a deed and the
bank's supply (pure, like the whole fold: `banker.fold` applies these for their events)."""

from __future__ import annotations

from dataclasses import fields

from . import events as ev
from .errors import FoldError
from .state import Auction, GameState, Holding, pieces


def _holding(state: GameState, deed: str):  # noqa: ANN202 - a Holding
    try:
        return state.deeds[deed]
    except KeyError:
        raise FoldError(f"unknown deed {deed!r}") from None


_HOLDING_FIELDS = frozenset(f.name for f in fields(Holding))


def _change(state: GameState, deed: str, **changes: object) -> None:
    """`dataclasses.replace` of the deed's Holding without its per-call look at the fields (the fold's
    commonest step): a copy of its values with the changes, checked against the field names."""
    old = _holding(state, deed)
    if not changes.keys() <= _HOLDING_FIELDS:
        raise TypeError(f"Holding has no field {sorted(changes.keys() - _HOLDING_FIELDS)[0]!r}")
    new = object.__new__(Holding)
    values = new.__dict__
    values.update(old.__dict__)
    values.update(changes)
    state.deeds[deed] = new


def _deed_bought(state: GameState, e: ev.DeedBought) -> None:
    _change(state, e.deed, owner=e.player)


def _auction_opened(state: GameState, e: ev.AuctionOpened) -> None:
    state.auction = Auction(e.deed)
    if e.deed in state.to_auction:
        state.to_auction.remove(e.deed)


def _bid_placed(state: GameState, e: ev.BidPlaced) -> None:
    if state.auction is None:
        raise FoldError("bid without an open auction")
    state.auction.high_bid, state.auction.high_bidder = e.amount, e.player


def _auction_closed(state: GameState, e: ev.AuctionClosed) -> None:
    if e.winner and e.deed in state.deeds:  # a building won at auction is placed by BuildingsBuilt
        _change(state, e.deed, owner=e.winner)
    state.auction = None


def _mortgaged(state: GameState, e: ev.DeedMortgaged) -> None:
    """City mortgages for the current rent value: what was paid is what buying it back costs."""
    paid = sum(t.amount for t in e.transfers) if state.edition.mortgage_value == "rent_value" else 0
    _change(state, e.deed, mortgaged=True, mortgaged_for=paid)


def _lifted(state: GameState, e: ev.MortgageLifted) -> None:
    _change(state, e.deed, mortgaged=False, mortgaged_for=0)


def _handed_over(state: GameState, e: ev.DeedHandedOver) -> None:
    holding = _holding(state, e.deed)
    if holding.owner != e.giver:
        raise FoldError(f"{e.giver} hands over {e.deed} but {holding.owner} holds it")
    _change(state, e.deed, owner=e.receiver)


def _returned(state: GameState, e: ev.DeedReturnedToBank) -> None:
    _change(state, e.deed, owner=ev.BANK, mortgaged=False, mortgaged_for=0)  # buildings: sold first, or stay
    if state.edition.bankruptcy_auction:
        state.to_auction.append(e.deed)


def _supply(state: GameState, kind: str, change: int, deed: str) -> None:
    if kind not in state.supply:
        raise FoldError(f"this edition has no {kind} (on {deed})")
    state.supply[kind] += change
    if state.supply[kind] < 0:
        raise FoldError(f"the bank's {kind} went below zero on {deed}")


def _set_level(state: GameState, deed: str, level: int) -> None:
    """Moves building pieces between the deed and the bank's supply."""
    holding = _holding(state, deed)
    if not 0 <= level <= (6 if state.deed(deed).skyscraper_cost else 5):
        raise FoldError(f"building level {level} does not fit {deed}")
    for kind, count in pieces(holding.level).items():
        _supply(state, kind, count, deed)
    for kind, count in pieces(level).items():
        _supply(state, kind, -count, deed)
    _change(state, deed, level=level)


def _depot(state: GameState, deed: str, built: bool) -> None:
    if state.deed(deed).kind != "railroad" or _holding(state, deed).depot == built:
        raise FoldError(f"a depot cannot be {'built' if built else 'sold'} on {deed}")
    _supply(state, "depots", -1 if built else 1, deed)
    _change(state, deed, depot=built)


def _houses_moved(state: GameState, e: ev.HousesMoved) -> None:
    source, target = _holding(state, e.source), _holding(state, e.target)
    if type(e.count) is not int or e.count <= 0 or source.level - e.count < 0 or target.level + e.count > 4:
        raise FoldError(f"{e.count} houses cannot move from {e.source} to {e.target}")
    _set_level(state, e.source, source.level - e.count)
    _set_level(state, e.target, target.level + e.count)


def _depot_built(state: GameState, e: ev.DepotBuilt) -> None:
    _depot(state, e.deed, True)


def _depot_sold(state: GameState, e: ev.DepotSold) -> None:
    _depot(state, e.deed, False)


def _built(state: GameState, e: ev.BuildingsBuilt) -> None:
    _set_level(state, e.deed, e.level)


def _sold(state: GameState, e: ev.BuildingsSold) -> None:
    _set_level(state, e.deed, e.level)
