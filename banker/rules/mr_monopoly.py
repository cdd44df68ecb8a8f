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


def free_house_refusal(state: GameState, cmd: c.PlaceFreeHouse) -> str | None:
    """001:32: one free house for each doubles rolled while there is a Mr. Monopoly. A followed table saw the dice:
    the house answers the doubles that wait for it (`place none` declines it); a plain game takes the banker's word
    that doubles were rolled, and has nothing to decline."""
    waits = any(w.kind == "free-house" for w in state.waiting)
    if state.tokens is not None and not waits:
        return (f"no doubles were rolled while {state.mr_monopoly} is Mr. Monopoly since the last free house, and a "
                "free house is placed for doubles (001:32)")
    if not cmd.deed and not waits:
        return "no free house waits to be declined: place none answers doubles at a table that follows the tokens"
    return None


def place_free_house(state: GameState, cmd: c.PlaceFreeHouse) -> list[ev.Event]:
    """Doubles by anyone while there is a Mr. Monopoly: one free house on any street (001)."""
    coins_key(state)
    refuse_if(auction_open(state))
    if not state.mr_monopoly:
        raise Refusal("nobody is Mr. Monopoly, so doubles place no free house")
    refuse_if(free_house_refusal(state, cmd))
    if not cmd.deed:
        return [ev.FreeHouseDeclined(state.mr_monopoly)]
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
