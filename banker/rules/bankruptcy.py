"""Bankruptcy: everything of value goes to the creditor, or back to the bank."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .buildings import sale_value
from .checks import auction_open, not_playing, refuse_if, same_player
from .deeds import interest
from .holdings import holdings_on_bankruptcy
from .money import legs
from .trade import received_mortgages


def bankrupt(state: GameState, cmd: c.Bankrupt) -> list[ev.Event]:
    player, creditor = cmd.player, cmd.creditor
    refuse_if(auction_open(state), not_playing(state, player), same_player(player, creditor, "owe"))
    if creditor != BANK:
        refuse_if(not_playing(state, creditor))
    deeds = state.deeds_of(player)
    events: list[ev.Event] = []
    cash = state.cash(player)
    for deed in deeds if state.edition.sell_buildings else ():
        level = state.deeds[deed].level
        if level:
            value = sale_value(state, deed, level, 0)
            cash += value
            events.append(ev.BuildingsSold(player, deed, 0, transfers=legs(ev.Transfer(BANK, player, value))))
        if state.deeds[deed].depot:
            value = state.edition.depot_sellback
            cash += value
            events.append(ev.DepotSold(player, deed, transfers=legs(ev.Transfer(BANK, player, value))))
    if cash:
        events.append(ev.CashPaid("bankruptcy", transfers=(ev.Transfer(player, creditor, cash),)))
    if creditor == BANK:
        events += [ev.DeedReturnedToBank(player, deed) for deed in deeds]
        events += [ev.JailCardReturned(player, deck) for deck in state.jail_cards[player]]
    else:
        due = sum(interest(state, d) for d in deeds if state.deeds[d].mortgaged)
        if due > state.cash(creditor) + cash:
            money = state.edition.money
            raise Refusal(f"{creditor} must pay {money(due)} interest on the mortgaged deeds received but "
                          f"would have {money(state.cash(creditor) + cash)}; {creditor} raises money first")
        events += [ev.DeedHandedOver(player, creditor, deed) for deed in deeds]
        events += [ev.JailCardHandedOver(player, creditor, deck) for deck in state.jail_cards[player]]
        events += received_mortgages(state, creditor, deeds, lift=False)
    events += holdings_on_bankruptcy(state, player, creditor)
    events.append(ev.PlayerWentBankrupt(player, creditor))
    return events
