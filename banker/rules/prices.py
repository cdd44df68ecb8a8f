"""What the bank charges and pays for what stands on a deed: a building level's list price, half of it back on a
sale, and what mortgaging the deed pays.

Below both the payments (`money`, which says what a player short of cash could raise) and the rules that sell
and mortgage (`buildings`, `deeds`), which pay through `money`.
"""

from __future__ import annotations

from ..state import HOTEL, SKYSCRAPER, GameState
from .rent import Charge, rent_charge


def level_cost(state: GameState, deed: str, level: int) -> int:
    """What building up to `level` (from the level below) costs at list price."""
    card = state.deed(deed)
    if level == SKYSCRAPER:
        return card.skyscraper_cost
    return card.hotel_cost if level == HOTEL else card.house_cost


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


def mortgage_amount(state: GameState, deed: str) -> int:
    """What mortgaging pays now (its basis: `mortgage_charge`)."""
    return mortgage_charge(state, deed).amount


def mortgage_charge(state: GameState, deed: str) -> Charge:
    """What mortgaging pays: the printed value, or in Monopoly City the district's current rent value."""
    if state.edition.mortgage_value == "rent_value":
        rent = rent_charge(state, deed)
        return Charge(rent.amount, f"its rent value: {rent.basis}")
    return Charge(state.deed(deed).mortgage)
