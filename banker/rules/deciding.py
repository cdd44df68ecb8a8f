"""Which rule decides each command (`banker.rules.decide`).

`decide` is pure: a state and a command in, the events of one action out.
Undo and redo are not here: they depend on the ledger's history (see game.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import commands as c
from ..events import Event
from ..state import GameState
from . import bankruptcy, buildings, city, debts, deeds, mega, shortage, sore_losers, table, tokens, trade
from .buildings import completed_built_groups

DECIDERS: dict[type[c.Command], Callable[[GameState, Any], list[Event]]] = {
    c.Buy: deeds.buy,
    c.OpenAuction: deeds.open_auction,
    c.OpenBuildingAuction: shortage.open_building_auction,
    c.Bid: deeds.bid,
    c.CloseAuction: deeds.close_auction,
    c.Rent: deeds.rent,
    c.Mortgage: deeds.mortgage,
    c.Unmortgage: deeds.unmortgage,
    c.Build: buildings.build,
    c.SellBuildings: buildings.sell,
    c.Pay: table.payment,
    c.Salary: table.salary,
    c.Tax: table.tax,
    c.DrawCard: tokens.draw_card,  # table.draw_card, moving the token first where the game follows it
    c.GoToJail: table.go_to_jail,
    c.Bail: table.bail,
    c.UseJailCard: table.use_jail_card,
    c.RolledOut: table.rolled_out,
    c.CollectPot: table.collect_pot,
    c.Trade: trade.trade,
    c.Bankrupt: bankruptcy.bankrupt,
    c.BuildDepot: mega.build_depot,
    c.Redistribute: mega.redistribute,
    c.TakeTicket: mega.take_ticket,
    c.Ride: mega.ride,
    c.BirthdayGift: mega.birthday_gift,
    c.TakeCoin: sore_losers.take_coin,
    c.StealCoin: sore_losers.steal_coin,
    c.CashIn: sore_losers.cash_in,
    c.Trap: sore_losers.trap,
    c.Release: sore_losers.release,
    c.PlaceFreeHouse: sore_losers.place_free_house,
    c.FinalRound: sore_losers.final_round,
    c.SpinBuild: city.spin,
    c.BuildBlocks: city.build_blocks,
    c.PlaceRailroad: city.place_railroad,
    c.BuildPlanning: city.build_planning,
    c.ClearHazard: city.clear_hazard,
    c.BuildStadium: city.build_stadium,
    c.BuildSkyscraper: city.build_skyscraper,
    c.BuildTower: city.build_tower,
    c.DodgeRent: city.dodge_rent,
    c.TakeAtSpace: city.take_at_space,
    c.StartClock: city.start_clock,
    c.Roll: tokens.roll,
    c.MoveToken: tokens.move_token,
    c.Settle: debts.settle,
}


def decide(state: GameState, command: c.Command) -> list[Event]:
    events = DECIDERS[type(command)](state, command)
    if state.waiting and any(w.kind == "speed-die" for w in state.waiting):  # 002:14: its move, once free to go
        return tokens.follow_speed_die(state, events)
    return events


def notices(before: GameState, after: GameState) -> list[str]:
    """What the rulebook asks of the table after an action, beyond the money (shown with its summary)."""
    return completed_built_groups(before, after)
