"""Deeds: buying, auctions, when rent is due (the `rent` command itself: paying_rent.py), and mortgages."""

from __future__ import annotations

import math

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_in_notes, not_owner, not_playing, refuse_if
from .money import legs, pay
from .prices import mortgage_charge
from .rent import Charge
from .shortage import BUILDINGS, building_bid_refusal, close_building_auction


def interest(state: GameState, deed: str) -> int:
    """10% of the mortgage value (its basis: `interest_charge`)."""
    return interest_charge(state, deed).amount


def interest_charge(state: GameState, deed: str) -> Charge:
    """10% of the mortgage value, rounded up to a whole amount (in the bank's favour)."""
    value, pct = state.deed(deed).mortgage, state.edition.mortgage_interest_pct
    return Charge(math.ceil(value * pct / 100), f"{pct}% of the {state.edition.money(value)} mortgage")


def lift_cost(state: GameState, deed: str) -> int:
    """What lifting the mortgage costs now (its basis: `lift_charge`)."""
    return lift_charge(state, deed).amount


def lift_charge(state: GameState, deed: str) -> Charge:
    """Value + interest; in Monopoly City the amount the mortgage paid ("buy back for the same")."""
    if state.edition.mortgage_value == "rent_value":
        return Charge(state.deeds[deed].mortgaged_for, "what the mortgage paid")
    value, fee = state.deed(deed).mortgage, interest_charge(state, deed)
    if not fee.amount:
        return Charge(value)
    money = state.edition.money
    return Charge(value + fee.amount, f"{money(value)} mortgage + {state.edition.mortgage_interest_pct}% interest")


def for_sale(state: GameState, deed: str) -> str | None:
    owner = state.deeds[deed].owner
    return None if owner == BANK else f"{deed} is not for sale: {owner} owns it"


def buy_refusal(state: GameState, deed: str) -> str | None:
    """Why the deed cannot be bought at list price: owned, or left by a bankruptcy to be auctioned."""
    if reason := for_sale(state, deed):
        return reason
    if deed in state.to_auction:
        return f"{deed} came back to the bank in a bankruptcy and is sold by auction: auction \"{deed}\""
    return None


def buy(state: GameState, cmd: c.Buy) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player), buy_refusal(state, cmd.deed))
    price = state.deed(cmd.deed).price
    leg = pay(state, cmd.player, BANK, price, f"buying {cmd.deed}")
    return [ev.DeedBought(cmd.player, cmd.deed, transfers=(leg,))]


def open_auction(state: GameState, cmd: c.OpenAuction) -> list[ev.Event]:
    refuse_if(auction_open(state), for_sale(state, cmd.deed))
    return [ev.AuctionOpened(cmd.deed)]


def least_bid(state: GameState) -> int:
    """The smallest bid that stands now: the edition's opening bid, then one more than the leader."""
    auction = state.auction
    return max(state.edition.auction_min_bid, (auction.high_bid + 1) if auction and auction.high_bidder else 0)


def leader_bid_refusal(state: GameState, player: str) -> str | None:
    """The leading bidder does not bid against himself: a higher bid is another player's (003:157 "If no one makes a
    higher bid, the last player to bid must buy the property"); a raise of one's own bid only costs the leader."""
    auction = state.auction
    if auction is None or not auction.high_bidder or auction.high_bidder != player:
        return None
    others = [p for p in state.active_players if p != player]
    who = ", ".join(others[:-1]) + f" or {others[-1]}" if len(others) > 1 else (others[0] if others else "nobody")
    lead = state.edition.money(auction.high_bid)
    return f"{player} already leads with {lead} and cannot raise the bid; {who} may bid"


def bid_refusal(state: GameState, player: str, amount: int) -> str | None:
    """Why this bid cannot stand, or None (also used by the auction screen)."""
    auction = state.auction
    money = state.edition.money
    if auction is None:
        return "no auction is open; start one with `auction <deed>`"
    if player in state.bankrupt:
        return f"{player} is bankrupt and out of the game"
    if reason := leader_bid_refusal(state, player):
        return reason
    least = least_bid(state)
    if amount < least:
        if auction.high_bidder:
            return (f"{money(amount)} does not beat {auction.high_bidder}'s {money(auction.high_bid)}; "
                    f"bid at least {money(least)}")
        return f"the opening bid is at least {money(least)}"
    if reason := not_in_notes(state, amount):
        return reason
    if amount > state.cash(player):
        return f"{player} has only {money(state.cash(player))} and bids are paid in cash; bid less"
    return building_bid_refusal(state, player)


def bid(state: GameState, cmd: c.Bid) -> list[ev.Event]:
    refuse_if(bid_refusal(state, cmd.player, cmd.amount))
    return [ev.BidPlaced(cmd.player, cmd.amount)]


def close_auction(state: GameState, cmd: c.CloseAuction) -> list[ev.Event]:
    auction = state.auction
    refuse_if(None if auction else "no auction is open; there is nothing to close")
    assert auction is not None
    if auction.deed in BUILDINGS:
        return close_building_auction(state, cmd) + next_bankruptcy_auction(state)
    if cmd.deed:
        raise Refusal("`sold` names a deed only to place a building won at auction; close with `sold` alone")
    if not auction.high_bidder:
        return [ev.AuctionClosed(auction.deed), *next_bankruptcy_auction(state)]
    leg = pay(state, auction.high_bidder, BANK, auction.high_bid, f"the winning bid on {auction.deed}")
    return [ev.AuctionClosed(auction.deed, auction.high_bidder, auction.high_bid, transfers=(leg,)),
            *next_bankruptcy_auction(state)]


def next_bankruptcy_auction(state: GameState) -> list[ev.Event]:
    """000:207 "the Bank immediately sells by auction all properties so taken": one after another."""
    return [ev.AuctionOpened(state.to_auction[0])] if state.to_auction else []


def rent_refusal(state: GameState, payer: str, deed: str, dice: int | None) -> str | None:
    holding = state.deeds[deed]
    if holding.owner == BANK:
        return f"{deed} belongs to the bank; no rent is due (buy it or auction it)"
    if holding.owner == payer:
        return f"{payer} owns {deed}; no rent is due on your own deed"
    if holding.owner in state.bankrupt:
        return f"{holding.owner} is bankrupt; no rent is due"
    if holding.mortgaged:
        return f"{deed} is mortgaged; no rent is due on a mortgaged deed"
    if state.deed(deed).kind == "utility" and dice is None:
        return f"rent on {deed} depends on the dice: rent {payer} \"{deed}\" <dice total>"
    return None


def mortgage_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := not_owner(state, player, deed):
        return reason
    if state.deeds[deed].mortgaged:
        return f"{deed} is already mortgaged"
    if state.deeds[deed].depot:
        return f"sell the train depot on {deed} first: sell {player} \"{deed}\""
    if state.group_has_buildings(deed) and state.edition.sell_buildings:
        return f"sell the buildings on {deed}'s group first; only a group without buildings can be mortgaged"
    return None


def mortgage(state: GameState, cmd: c.Mortgage) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              mortgage_refusal(state, cmd.player, cmd.deed))
    value = mortgage_charge(state, cmd.deed)
    if value.amount <= 0:
        raise Refusal(f"{cmd.deed} has a rent value of {state.edition.money(0)} now, so mortgaging it raises nothing")
    leg = ev.Transfer(BANK, cmd.player, value.amount)
    return [ev.DeedMortgaged(cmd.player, cmd.deed, value.basis, transfers=legs(leg))]


def unmortgage_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := not_owner(state, player, deed):
        return reason
    if not state.deeds[deed].mortgaged:
        return f"{deed} is not mortgaged"
    return None


def unmortgage(state: GameState, cmd: c.Unmortgage) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              unmortgage_refusal(state, cmd.player, cmd.deed))
    cost = lift_charge(state, cmd.deed)
    leg = pay(state, cmd.player, BANK, cost.amount, f"lifting the mortgage on {cmd.deed}")
    return [ev.MortgageLifted(cmd.player, cmd.deed, cost.basis, transfers=(leg,))]


