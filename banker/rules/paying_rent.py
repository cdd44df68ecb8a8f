"""The `rent` command: the player who landed pays the owner (a coin for it in Sore Losers), or, when Mr. Monopoly
landed, the owner pays him (001).

Above the deeds (the rent's refusal) and the coins (Mr. Monopoly's reversal), so the deeds, and Monopoly City's
districts built on them, never know the Sore Losers' coins.
"""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import GameState
from .awards import awards
from .checks import auction_open, not_playing, refuse_if
from .deeds import rent_refusal
from .money import pay
from .mr_monopoly import reversed_rent
from .rent import rent_charge


def rent(state: GameState, cmd: c.Rent) -> list[ev.Event]:
    """Rent to the owner, with any coin the edition gives for paying it; Mr. Monopoly collects instead (001)."""
    refuse_if(auction_open(state), not_playing(state, cmd.payer),
              rent_refusal(state, cmd.payer, cmd.deed, cmd.dice))
    if cmd.payer == state.mr_monopoly:
        return reversed_rent(state, cmd.payer, cmd.deed, cmd.dice)
    owner = state.deeds[cmd.deed].owner
    rent = rent_charge(state, cmd.deed, cmd.dice)
    leg = pay(state, cmd.payer, owner, rent.amount, f"rent for {cmd.deed}")
    return [ev.RentPaid(cmd.payer, owner, cmd.deed, cmd.dice or 0, rent.basis, transfers=(leg,)),
            *awards(state, "rent", cmd.payer)]
