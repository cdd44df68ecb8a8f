"""Which rule decides each command (`banker.rules.decide`).

`decide` is pure: a state and a command in, the events of one action out.
Undo and redo are not here: they depend on the ledger's history (see game.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .. import commands as c
from ..errors import Refusal
from ..events import Event
from ..state import GameState
from . import (
    bankruptcy,
    buildings,
    bus_tickets,
    clock,
    coins,
    debts,
    deeds,
    depots,
    districts,
    final_round,
    hazards,
    mr_monopoly,
    paying_rent,
    redistribute,
    rent_dodge,
    shortage,
    skyscrapers,
    stadiums,
    table,
    time_limit,
    tokens,
    trade,
    traps,
)
from .answers import landing_refusal
from .buildings import completed_built_groups
from .checks import refuse_if


def _rule(state: GameState, command: c.Command) -> list[Event]:
    """A command inside another's action (a rolled token's landing): its own rule alone, never the after-action
    steps of `decide`. Passed to the token rules, which sit below this table."""
    return DECIDERS[type(command)](state, command)


DECIDERS: dict[type[c.Command], Callable[[GameState, Any], list[Event]]] = {
    c.Buy: deeds.buy,
    c.OpenAuction: deeds.open_auction,
    c.OpenBuildingAuction: shortage.open_building_auction,
    c.Bid: deeds.bid,
    c.CloseAuction: deeds.close_auction,
    c.Rent: paying_rent.rent,
    c.Mortgage: deeds.mortgage,
    c.Unmortgage: deeds.unmortgage,
    c.Build: buildings.build,
    c.SellBuildings: buildings.sell,
    c.Pay: table.payment,
    c.Salary: table.salary,
    c.Tax: table.tax,
    c.DrawCard: partial(tokens.draw_card, rule=_rule),  # table.draw_card, the token moved first when followed
    c.GoToJail: table.go_to_jail,
    c.Bail: table.bail,
    c.UseJailCard: table.use_jail_card,
    c.RolledOut: table.rolled_out,
    c.CollectPot: table.collect_pot,
    c.Trade: trade.trade,
    c.Bankrupt: bankruptcy.bankrupt,
    c.BuildDepot: depots.build_depot,
    c.Redistribute: redistribute.redistribute,
    c.TakeTicket: bus_tickets.take_ticket,
    c.Ride: bus_tickets.ride,
    c.BirthdayGift: bus_tickets.birthday_gift,
    c.TakeCoin: coins.take_coin,
    c.StealCoin: coins.steal_coin,
    c.CashIn: coins.cash_in,
    c.Trap: traps.trap,
    c.Release: traps.release,
    c.PlaceFreeHouse: mr_monopoly.place_free_house,
    c.FinalRound: final_round.final_round,
    c.SpinBuild: districts.spin,
    c.BuildBlocks: districts.build_blocks,
    c.PlaceRailroad: districts.place_railroad,
    c.BuildPlanning: hazards.build_planning,
    c.ClearHazard: hazards.clear_hazard,
    c.BuildStadium: stadiums.build_stadium,
    c.BuildSkyscraper: skyscrapers.build_skyscraper,
    c.BuildTower: stadiums.build_tower,
    c.DodgeRent: rent_dodge.dodge_rent,
    c.TakeAtSpace: rent_dodge.take_at_space,
    c.StartClock: clock.start_clock,
    c.Roll: partial(tokens.roll, rule=_rule),
    c.MoveToken: partial(tokens.move_token, rule=_rule),
    c.Settle: debts.settle,
    c.SetTimeLimit: time_limit.set_time_limit,
    c.CallLastRound: time_limit.call_last_round,
    c.EndGame: time_limit.end_game,
}


def decide(state: GameState, command: c.Command) -> list[Event]:
    if state.last_round and type(command) is c.Roll and (over := time_limit.over_refusal(state)):
        raise Refusal(over)
    refuse_if(landing_refusal(state, command))  # a followed game: a landing line answers what waits, once
    events = DECIDERS[type(command)](state, command)
    if state.waiting and any(w.kind == "speed-die" for w in state.waiting):  # 002:14: its move, once free to go
        return tokens.follow_speed_die(state, events, _rule)
    return events


def notices(before: GameState, after: GameState) -> list[str]:
    """What the rulebook asks of the table after an action, beyond the money (shown with its summary)."""
    return completed_built_groups(before, after)
