"""What Mr. Monopoly does besides trapping (rulebook 001): a free house on doubles, and the rent paid to him."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..state import HOTEL, GameState
from .awards import awards
from .checks import auction_open, refuse_if
from .coins import coins_key
from .rent import rent_charge


def place_free_house(state: GameState, cmd: c.PlaceFreeHouse) -> list[ev.Event]:
    """Doubles by anyone while there is a Mr. Monopoly: one free house on any street (001)."""
    coins_key(state)
    refuse_if(auction_open(state))
    if not state.mr_monopoly:
        raise Refusal("nobody is Mr. Monopoly, so doubles place no free house")
    if state.deed(cmd.deed).kind != "street":
        raise Refusal(f"{cmd.deed} is not a street; the free house goes on a street")
    level = state.deeds[cmd.deed].level
    if level >= HOTEL - 1:
        raise Refusal(f"{cmd.deed} already has {'a hotel' if level == HOTEL else '4 houses'}; "
                      "the free house goes on a street with fewer than 4")
    if state.bank_houses < 1:
        raise Refusal("the bank has no houses left to place")
    return [ev.FreeHousePlaced(state.mr_monopoly, cmd.deed, level + 1)]


def reversed_rent(state: GameState, mr: str, deed: str, dice: int | None) -> list[ev.Event]:
    """`rent <mr-monopoly> <deed>`: the owner pays Mr. Monopoly, and takes a coin for paying rent."""
    from .money import pay

    owner = state.deeds[deed].owner
    rent = rent_charge(state, deed, dice)
    leg = pay(state, owner, mr, rent.amount, f"the rent on {deed} to Mr. Monopoly")
    return [ev.RentReversed(mr, owner, deed, dice or 0, rent.basis, transfers=(leg,)), *awards(state, "rent", owner)]
