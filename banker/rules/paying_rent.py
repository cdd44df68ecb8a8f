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
from .debts import record_or_pay
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
    why = f"rent for {cmd.deed}"
    if awaited(state, cmd.payer, cmd.deed):
        owed = record_or_pay(state, cmd.payer, owner, rent.amount, why)
        if isinstance(owed, ev.DebtRecorded):
            return [owed]
    leg = pay(state, cmd.payer, owner, rent.amount, why)
    return [ev.RentPaid(cmd.payer, owner, cmd.deed, cmd.dice or 0, rent.basis, transfers=(leg,)),
            *awards(state, "rent", cmd.payer)]


def awaited(state: GameState, payer: str, deed: str) -> bool:
    """Whether the table waits for this rent (a followed game's utility after a card): then it is certain once the
    dice are thrown, and a rent beyond the cash is a debt, fixed now, as the roll's own rent would be."""
    return any(w.player == payer and w.kind == "choice" and w.space == deed for w in state.waiting)
