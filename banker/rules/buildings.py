"""Houses and hotels: even building, the bank's supply, selling back at half."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..events import BANK
from ..state import HOTEL, SKYSCRAPER, GameState
from .checks import auction_open, not_owner, not_playing, refuse_if
from .money import pay


def level_cost(state: GameState, deed: str, level: int) -> int:
    """What building up to `level` (from the level below) costs at list price."""
    card = state.deed(deed)
    if level == SKYSCRAPER:
        return card.skyscraper_cost
    return card.hotel_cost if level == HOTEL else card.house_cost


def building_cost(state: GameState, deed: str) -> int:
    """What everything standing on a deed cost at list price (valuation counts buildings at cost)."""
    holding = state.deeds[deed]
    cost = sum(level_cost(state, deed, lv) for lv in range(1, holding.level + 1))
    return cost + (state.edition.depot_cost if holding.depot else 0)


def uneven(state: GameState, deed: str, new_level: int) -> bool:
    levels = [new_level if d == deed else state.deeds[d].level for d in state.group(deed)]
    return max(levels) - min(levels) > 1


def build_refusal(state: GameState, player: str, deed: str, count: int = 1) -> str | None:
    """Why `count` more building levels cannot go on `deed`, or None."""
    if state.deed(deed).kind != "street":
        return f"{deed} cannot take buildings; only streets of a colour group can"
    if reason := not_owner(state, player, deed):
        return reason
    if not state.owns_group(player, deed):
        group = state.deed(deed).group.replace("_", " ")
        return f"{player} must own the whole {group} group to build on {deed}"
    mortgaged = [d for d in state.group(deed) if state.deeds[d].mortgaged]
    if mortgaged:
        return f"lift the mortgage on {mortgaged[0]} first; no building on a group with a mortgaged deed"
    level = state.deeds[deed].level
    target = level + count
    if target > HOTEL:
        return f"{deed} has {describe(level)}; a hotel is the most a deed takes"
    if uneven(state, deed, target):
        others = [d for d in state.group(deed) if d != deed]
        lowest = min(others, key=lambda d: state.deeds[d].level)
        return (f"build evenly: {lowest} has {describe(state.deeds[lowest].level)}, so {deed} "
                f"may not go to {describe(target)}; build on {lowest} first")
    houses_needed = sum(1 for lv in range(level + 1, target + 1) if lv < HOTEL)
    if houses_needed > state.bank_houses:
        return (f"the bank has {state.bank_houses} houses left and this needs {houses_needed}; "
                "wait until a player sells some back (or auction them if several want them)")
    if target == HOTEL and state.bank_hotels < 1:
        return "the bank has no hotels left; wait until a player sells one back"
    return None


def describe(level: int) -> str:
    if level == HOTEL:
        return "a hotel"
    return f"{level} house{'s' if level != 1 else ''}" if level else "no buildings"


def build(state: GameState, cmd: c.Build) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              build_refusal(state, cmd.player, cmd.deed, cmd.count))
    level = state.deeds[cmd.deed].level
    target = level + cmd.count
    cost = sum(level_cost(state, cmd.deed, lv) for lv in range(level + 1, target + 1))
    leg = pay(state, cmd.player, BANK, cost, f"building {cmd.count} on {cmd.deed}")
    return [ev.BuildingsBuilt(cmd.player, cmd.deed, target, transfers=(leg,))]


def sell_refusal(state: GameState, player: str, deed: str, count: int = 1) -> str | None:
    if reason := not_owner(state, player, deed):
        return reason
    level = state.deeds[deed].level
    if count > level:
        return f"{deed} has {describe(level)}; there is not that much to sell"
    target = level - count
    if level == HOTEL and 0 < target < HOTEL and state.bank_houses < target:
        have = state.bank_houses
        if not have:
            return (f"the bank has no houses to give for the hotel on {deed}; sell the hotel with its houses: "
                    f"sell {player} \"{deed}\" {HOTEL}")
        return (f"the bank has only {have} houses to give for the hotel on {deed}; sell it down to "
                f"{have} houses: sell {player} \"{deed}\" {HOTEL - have}")
    if uneven(state, deed, target) and not hotel_cannot_break_evenly(state, deed, level):
        others = [d for d in state.group(deed) if d != deed]
        highest = max(others, key=lambda d: state.deeds[d].level)
        return (f"sell evenly: {highest} has {describe(state.deeds[highest].level)}, so {deed} "
                f"may not drop to {describe(target)}; sell from {highest} first")
    return None


def hotel_cannot_break_evenly(state: GameState, deed: str, level: int) -> bool:
    """A hotel the bank lacks the houses to break evenly with its group.

    000 lets all hotels of a group be sold at once; with too few houses in the bank
    the even-selling rule would otherwise keep them from ever being sold.
    """
    if level != HOTEL:
        return False
    others = [state.deeds[d].level for d in state.group(deed) if d != deed]
    return state.bank_houses < max(others, default=0) - 1


def sale_value(state: GameState, deed: str, level: int, target: int) -> int:
    """Half the list price of the levels taken off."""
    return sum(level_cost(state, deed, lv) for lv in range(target + 1, level + 1)) // 2


def building_sale_value(state: GameState, deed: str) -> int:
    """What selling everything on a deed back to the bank raises (0 where buildings never sell back)."""
    if not state.edition.sell_buildings:
        return 0
    holding = state.deeds[deed]
    value = sale_value(state, deed, holding.level, 0)
    return value + (state.edition.depot_sellback if holding.depot else 0)


def sell(state: GameState, cmd: c.SellBuildings) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              sell_refusal(state, cmd.player, cmd.deed, cmd.count))
    level = state.deeds[cmd.deed].level
    target = level - cmd.count
    value = sale_value(state, cmd.deed, level, target)
    return [ev.BuildingsSold(cmd.player, cmd.deed, target, transfers=(ev.Transfer(BANK, cmd.player, value),))]
