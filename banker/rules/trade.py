"""Trades between two players: any mix of cash, deeds and Get Out of Jail Free cards."""

from __future__ import annotations

from collections import Counter

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_in_notes, not_owner, not_playing, refuse_if, same_player
from .deeds import interest, interest_charge, lift_charge, lift_cost
from .money import legs, short_of_cash


def tradable_refusal(state: GameState, player: str, deed: str) -> str | None:
    """Why `player` cannot hand `deed` over in a trade, or None."""
    if reason := not_owner(state, player, deed):
        return reason
    if state.deeds[deed].depot:
        return f"sell the train depot on {deed} first; a railroad with a depot cannot be traded"
    if state.group_has_buildings(deed) and state.edition.sell_buildings:
        return f"sell the buildings on {deed}'s group first; deeds of a built-on group cannot be traded"
    return None


def _cards(state: GameState, player: str, wanted: tuple[str, ...]) -> list[str]:
    """Resolve the decks of the cards a player hands over ("" = any one still held)."""
    held = list(state.jail_cards[player])
    chosen = []
    for deck in wanted:
        pick = deck if deck in held else (held[0] if not deck and held else None)
        if pick is None:
            kind = {"chance": "Chance ", "community_chest": "Community Chest "}.get(deck, "")
            raise Refusal(f"{player} holds no {kind}Get Out of Jail Free card to trade")
        held.remove(pick)
        chosen.append(pick)
    return chosen


def holdings_refusal(state: GameState, giver: str, receiver: str, pieces: tuple[str, ...]) -> str | None:
    """Why `giver` cannot hand these holdings to `receiver`: too few held, or over the receiver's limit."""
    for key, count in Counter(pieces).items():
        kind = state.edition.holdings[key]
        held = state.count(key, giver)
        if held < count:
            return f"{giver} holds {kind.count(held)}, not {count}; trade at most {held}"
        limit = holding_room(state, key, receiver)
        if limit == 0 and receiver == state.mr_monopoly:
            return f"{receiver} is Mr. Monopoly and may not take {kind.plural}; leave them out of the trade"
        if limit is not None and count > limit:
            return (f"{receiver} may hold at most {kind.max_held} {kind.plural} and has "
                    f"{state.count(key, receiver)}; trade at most {limit}")
    return None


def holding_room(state: GameState, key: str, player: str) -> int | None:
    """How many more of a holding the player may take, or None when there is no limit."""
    kind = state.edition.holdings[key]
    if kind.awarded_for and player == state.mr_monopoly:
        return 0  # 001: "You may not collect sore loser coins when you are Mr. Monopoly"
    if not kind.max_held:
        return None
    return max(0, kind.max_held - state.count(key, player))


def mortgage_fee(state: GameState, deed: str, lift: bool) -> int:
    """What the receiver of a mortgaged deed pays the bank now."""
    if not state.deeds[deed].mortgaged:
        return 0
    return lift_cost(state, deed) if lift else interest(state, deed)


def loan_refusal(state: GameState, cmd: c.Trade) -> str | None:
    """Cash for nothing, or cash for cash, is a loan between players (the `no_loans` rule switch)."""
    if not state.edition.no_loans:
        return None
    if any(side.deeds or side.jail_cards or side.holdings for side in (cmd.gives, cmd.gets)):
        return None
    return ("a trade of cash alone is a loan, and players may never lend each other money (000:211, 002); "
            "trade a deed, a card or a holding for it, or mortgage with the bank")


def kept_mortgage_refusal(state: GameState, cmd: c.Trade) -> str | None:
    """Mega (000:70): "If you acquire the final property of a group, after previously building on its other
    properties, you must un-mortgage this property immediately": such a trade lifts the mortgage or is not made."""
    if cmd.lift or state.edition.build_needs != "all_but_one":
        return None
    owners = {d: h.owner for d, h in state.deeds.items()}
    owners |= dict.fromkeys(cmd.gives.deeds, cmd.second) | dict.fromkeys(cmd.gets.deeds, cmd.first)
    for receiver, deeds in ((cmd.second, cmd.gives.deeds), (cmd.first, cmd.gets.deeds)):
        for deed in deeds:
            group = state.group(deed)
            if (not state.deeds[deed].mortgaged or state.deed(deed).kind != "street"
                    or any(owners[d] != receiver for d in group) or not any(state.deeds[d].level for d in group)):
                continue
            return (f"{deed} completes {receiver}'s {state.deed(deed).group.replace('_', ' ')} group, already built "
                    f"on, so its mortgage is lifted at once (000:70): end the trade with `lift` "
                    f"({receiver} pays the bank {state.edition.money(lift_cost(state, deed))})")
    return None


def trade(state: GameState, cmd: c.Trade) -> list[ev.Event]:
    first, second = cmd.first, cmd.second
    refuse_if(auction_open(state), not_playing(state, first), not_playing(state, second),
              same_player(first, second, "trade with"))
    for deed in cmd.gives.deeds:
        refuse_if(tradable_refusal(state, first, deed))
    for deed in cmd.gets.deeds:
        refuse_if(tradable_refusal(state, second, deed))
    refuse_if(not_in_notes(state, cmd.gives.cash), not_in_notes(state, cmd.gets.cash), loan_refusal(state, cmd),
              kept_mortgage_refusal(state, cmd))
    first_cards = _cards(state, first, cmd.gives.jail_cards)
    second_cards = _cards(state, second, cmd.gets.jail_cards)
    refuse_if(holdings_refusal(state, first, second, cmd.gives.holdings),
              holdings_refusal(state, second, first, cmd.gets.holdings))
    fee_first = sum(mortgage_fee(state, d, cmd.lift) for d in cmd.gets.deeds)
    fee_second = sum(mortgage_fee(state, d, cmd.lift) for d in cmd.gives.deeds)
    for player, out, back, fee in ((first, cmd.gives.cash, cmd.gets.cash, fee_first),
                                   (second, cmd.gets.cash, cmd.gives.cash, fee_second)):
        need = out + fee - back
        refuse_if(short_of_cash(state, player, need, "this trade") if need > 0 else None)

    events: list[ev.Event] = [ev.TradeMade(first, second, cmd.lift)]
    for giver, receiver, items, cards in ((first, second, cmd.gives, first_cards),
                                           (second, first, cmd.gets, second_cards)):
        if items.cash:
            events.append(ev.CashPaid("trade", transfers=(ev.Transfer(giver, receiver, items.cash),)))
        for deed in items.deeds:
            events.append(ev.DeedHandedOver(giver, receiver, deed))
        for deck in cards:
            events.append(ev.JailCardHandedOver(giver, receiver, deck))
        for kind, count in Counter(items.holdings).items():
            events.append(ev.HoldingMoved(kind, giver, receiver, count, "trade"))
    for receiver, deeds in ((second, cmd.gives.deeds), (first, cmd.gets.deeds)):
        events += received_mortgages(state, receiver, deeds, cmd.lift)
    return events


def received_mortgages(state: GameState, receiver: str, deeds: tuple[str, ...] | list[str],
                       lift: bool, interest_due: bool = True) -> list[ev.Event]:
    """The bank's due on mortgaged deeds a player receives: lift now, or 10% now (unless `interest_due` is False:
    Sore Losers' bankruptcy hands them over free, 001:75)."""
    out: list[ev.Event] = []
    for deed in deeds:
        if not state.deeds[deed].mortgaged:
            continue
        if lift:
            cost = lift_charge(state, deed)
            out.append(ev.MortgageLifted(receiver, deed, cost.basis,
                                         transfers=legs(ev.Transfer(receiver, BANK, cost.amount))))
        elif interest_due and (fee := interest_charge(state, deed)).amount:
            out.append(ev.MortgageInterestPaid(receiver, deed, fee.basis,
                                               transfers=(ev.Transfer(receiver, BANK, fee.amount),)))
    return out
