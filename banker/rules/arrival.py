"""What a token's landing settles at once, and what it leaves the table to decide (a game that follows the tokens).

A landing that makes a payment certain (rent on another player's deed, a tax with one amount, the Free Parking
pot under its house rule, an edition's coin or card taken without a choice) is settled in the same action as the
move, with its basis. A landing that needs a decision (a deed for sale, the card drawn, a gift, the Auction space,
Mr. Monopoly's jail or trap) is recorded as a `DecisionAwaited`, and the next roll waits for it. A payment the
player cannot make from cash is recorded as a debt, its amount fixed now: nobody is overdrawn.
"""

from __future__ import annotations

from typing import Protocol

from .. import commands as c
from .. import events as ev
from ..events import BANK, POT
from ..state import GameState
from .awards import award_refusal, coin_kind
from .destinations import auction_space
from .rent import rent_due
from .table import tax_charge


class Act(Protocol):
    """The action being built (rules.tokens): its state so far, adding events or a command's events."""

    state: GameState

    def add(self, *events: ev.Event) -> None: ...

    def do(self, command: c.Command) -> None: ...


def awaits(act: Act, player: str, kind: str, detail: str = "") -> None:
    space = act.state.edition.spaces[act.state.position(player)].name
    act.add(ev.DecisionAwaited(player, kind, space, detail))


def noted(act: Act, player: str, note: str) -> None:
    space = act.state.edition.spaces[act.state.position(player)].name
    act.add(ev.LandingNoted(player, space, note))


def charge(act: Act, payer: str, creditor: str, amount: int, why: str, command: c.Command) -> None:
    """Run the command that pays, or record the debt when the payer's cash does not cover it (no one overdrawn)."""
    if payer not in (BANK, POT) and act.state.cash(payer) < amount:
        act.add(ev.DebtRecorded(payer, creditor, amount, why))
    else:
        act.do(command)


def arrive(act: Act, player: str, dice: int | None) -> int | None:
    """Settle the space the token stands on: what is certain now, what waits. `dice`: this roll's total (a
    utility's rent), None when the token moved without a throw (a card, a ride, triples). Returns the steps the
    token moves on from here when the space sends it on (Mega's Auction space once every deed is owned)."""
    state = act.state
    if player in state.in_jail or player in state.bankrupt:
        return None
    space = state.edition.spaces[state.position(player)]
    mr = bool(state.mr_monopoly) and state.mr_monopoly == player
    if mr and _others_here(state, player):  # 001:33 Mr. Monopoly lands on a token: he traps a player
        awaits(act, player, "trap")
    if space.name in state.edition.deeds:
        _deed(act, player, space.name, dice)
    elif space.type in ("tax", "industry_tax"):
        _tax(act, player, space.name, space.type)
    elif space.type in ("chance", "community_chest"):
        awaits(act, player, "card", space.type)
    elif space.type == "free_parking":
        _free_parking(act, player)
    elif space.type == "auction":
        return _auction_space(act, player)
    elif space.type == "bus_ticket":
        if state.count("bus_ticket", BANK) if "bus_ticket" in state.held else 0:
            awaits(act, player, "choice", "bus-ticket")
        else:
            noted(act, player, "the bank has no bus tickets left: nothing to take")
    elif space.type == "birthday_gift":
        if "bus_ticket" in state.held and state.count("bus_ticket", BANK) == 0:  # 000:94 no choice left: the cash
            act.do(c.BirthdayGift(player))
        else:
            awaits(act, player, "choice", "gift")
    elif space.type == "jail":
        noted(act, player, "just visiting: nothing to pay")
    elif space.type == "planning_permission":
        noted(act, player, "planning permission: a hazard or bonus building may be built (hazard / bonus)")
    return None


def _others_here(state: GameState, player: str) -> list[str]:
    here = state.position(player)
    return [p for p in state.active_players if p != player and state.position(p) == here]


def _deed(act: Act, player: str, deed: str, dice: int | None) -> None:
    state = act.state
    holding = state.deeds[deed]
    owner = holding.owner
    if owner == BANK:
        awaits(act, player, "buy-or-auction")
        return
    if owner == player:
        key = coin_kind(state)
        if key and award_refusal(state, key, player) is None:  # 001: a coin for landing on your own property
            act.do(c.TakeCoin(player))
        else:
            noted(act, player, f"{player}'s own {deed}: nothing to pay")
        return
    if owner in state.bankrupt or holding.mortgaged:
        noted(act, player, f"{deed} is mortgaged: no rent" if holding.mortgaged else f"{owner} is out: no rent")
        return
    if state.deed(deed).kind == "utility" and dice is None:
        awaits(act, player, "choice", "utility")
        return
    dodge = next((k.key for k in state.edition.holdings.values() if k.taken_on == "free_parking"), None)
    if dodge and state.count(dodge, player) and state.edition.max_blocks:  # City: the Rent Dodge card instead
        awaits(act, player, "choice", "rent-dodge")
        return
    amount = rent_due(state, deed, dice)
    if state.mr_monopoly == player:  # 001: the owner pays Mr. Monopoly
        charge(act, owner, player, amount, f"rent for {deed} to Mr. Monopoly", c.Rent(player, deed, dice))
    else:
        charge(act, player, owner, amount, f"rent for {deed}", c.Rent(player, deed, dice))


def _tax(act: Act, player: str, name: str, kind: str) -> None:
    state = act.state
    if kind == "industry_tax" and not any(state.deeds[d].industrial for d in state.deeds_of(player)):
        noted(act, player, f"{player} owns no industrial blocks: {name} costs nothing")
        return
    if state.mr_monopoly == player:  # 001: Mr. Monopoly collects it from the bank
        act.do(c.Tax(player, name))
        return
    charge(act, player, state.fee_account, tax_charge(state, player, name).amount, name, c.Tax(player, name))


def _free_parking(act: Act, player: str) -> None:
    state = act.state
    settled = False
    if state.free_parking and state.cash(POT):
        act.do(c.CollectPot(player))
        settled = True
    key = coin_kind(state)
    if key and any(state.count(key, p) for p in state.active_players if p != player):  # 001: steal a coin
        awaits(act, player, "choice", "steal")
        return
    dodge = next((k.key for k in state.edition.holdings.values() if k.taken_on == "free_parking"), None)
    if dodge:  # 004: the Rent Dodge card, from beside the board or from whoever holds it unused
        holder = next((a for a, n in state.held[dodge].items() if n and a != ev.OUT), None)
        if holder is not None and holder != player:
            act.do(c.TakeAtSpace(player, dodge))
            return
    if not settled:
        noted(act, player, "Free Parking: nothing to pay or collect")


def _auction_space(act: Act, player: str) -> int | None:
    """000: auction any unowned property; once all are owned, move on to the highest rent ahead."""
    state = act.state
    if any(h.owner == BANK for h in state.deeds.values()):
        awaits(act, player, "choice", "auction-space")
        return None
    if state.edition.max_blocks:
        noted(act, player, "every property is owned: nothing to auction")
        return None
    move = auction_space(state, player, state.edition.spaces[state.position(player)])
    if move.target is None:
        noted(act, player, move.reason)
        return None
    return (move.target.position - state.position(player)) % len(state.edition.spaces)
