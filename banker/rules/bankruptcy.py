"""Bankruptcy: only for a debt the player cannot raise; everything of value goes to the creditor,
or back to the bank, which auctions the deeds at once where the edition says so."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_in_notes, not_playing, refuse_if, same_player
from .deeds import interest, lift_cost
from .holdings import holdings_on_bankruptcy
from .money import legs, raisable_from
from .prices import sale_value
from .trade import received_mortgages


def solvent_refusal(state: GameState, player: str, creditor: str, debt: int) -> str | None:
    """Why `player` is not bankrupt over this debt: none named, or selling and mortgaging would pay it.

    003 "HELP! I'M IN DEBT!" and 000:207: bankrupt only when you owe more than you can pay even after
    selling buildings and mortgaging.
    """
    money = state.edition.money
    if debt <= 0:
        example = "2m" if state.edition.money_style == "millions" else "2000"
        to = "" if creditor == BANK else f" {creditor}"
        return f"say what {player} owes, e.g. bankrupt {player}{to} {example}"
    can = raisable_from(state, player)
    if can.total >= debt:
        return (f"{player} can raise {money(can.total)} ({can.parts(money)}), enough for {money(debt)}: "
                f"raise money and pay")
    return None


def recorded_creditors(state: GameState, player: str) -> list[str]:
    """Whom the ledger records the player's debts to, in the order they fell due (the pot and a creditor who has
    left the game since count as the bank, which is paid in their place)."""
    found: list[str] = []
    for debt in state.debts:
        if debt.player == player:
            to = BANK if debt.creditor in ev.ACCOUNTS or debt.creditor in state.bankrupt else debt.creditor
            found += [to] if to not in found else []
    return found


def creditor_refusal(state: GameState, player: str, creditor: str) -> str | None:
    """003:196-200: the bankruptcy goes to whom the debt is owed; when the ledger records it ("Bob owes Ann $4"),
    naming anyone else is refused with the recorded creditor named. Several creditors (a card paying each player):
    the table names the one the bankruptcy goes to, among them."""
    owed = recorded_creditors(state, player)
    if not owed or creditor in owed:
        return None
    amount = sum(d.amount for d in state.debts if d.player == player)
    lines = " or ".join(f"bankrupt {player}{'' if to == BANK else ' ' + to} {amount}" for to in owed)
    whom = " and ".join("the bank" if to == BANK else to for to in owed)
    them = whom if len(owed) == 1 else "one of them"
    return (f"the ledger records that {player} owes {whom} {state.edition.money(amount)}, so the bankruptcy goes "
            f"to {them}: {lines}")


def bankrupt(state: GameState, cmd: c.Bankrupt) -> list[ev.Event]:
    player, creditor = cmd.player, cmd.creditor
    refuse_if(auction_open(state), not_playing(state, player), same_player(player, creditor, "owe"),
              creditor_refusal(state, player, creditor))
    if creditor != BANK:
        refuse_if(not_playing(state, creditor))
    elif cmd.lift:
        raise Refusal("`lift` is for a player who receives mortgaged deeds; the bank takes them back unmortgaged")
    refuse_if(not_in_notes(state, cmd.debt), solvent_refusal(state, player, creditor, cmd.debt))
    deeds = state.deeds_of(player)
    events: list[ev.Event] = []
    cash = state.cash(player)
    for deed in deeds if state.edition.sell_buildings else ():
        level = state.deeds[deed].level
        if level:
            value = sale_value(state, deed, level, 0)
            cash += value
            events.append(ev.BuildingsSold(player, deed, 0, transfers=legs(ev.Transfer(BANK, player, value))))
        if state.deeds[deed].depot:
            value = state.edition.depot_sellback
            cash += value
            events.append(ev.DepotSold(player, deed, transfers=legs(ev.Transfer(BANK, player, value))))
    if cash:
        events.append(ev.CashPaid("bankruptcy", transfers=(ev.Transfer(player, creditor, cash),)))
    if creditor == BANK:
        events += [ev.DeedReturnedToBank(player, deed) for deed in deeds]
        events += [ev.JailCardReturned(player, deck) for deck in state.jail_cards[player]]
    else:
        mortgaged = [d for d in deeds if state.deeds[d].mortgaged]
        due = sum(lift_cost(state, d) if cmd.lift else received_interest(state, d) for d in mortgaged)
        if due > state.cash(creditor) + cash:
            money = state.edition.money
            what = "to lift the mortgages" if cmd.lift else "interest on the mortgaged deeds"
            instead = ("raises money first" if not cmd.lift
                       else "can pay the interest alone now (leave out `lift`)" if state.edition.bankruptcy_interest
                       else "takes them mortgaged and may unmortgage them at any time (leave out `lift`)")
            raise Refusal(f"{creditor} must pay {money(due)} {what} received but would have "
                          f"{money(state.cash(creditor) + cash)}; {creditor} {instead}")
        events += [ev.DeedHandedOver(player, creditor, deed) for deed in deeds]
        events += [ev.JailCardHandedOver(player, creditor, deck) for deck in state.jail_cards[player]]
        events += received_mortgages(state, creditor, deeds, lift=cmd.lift,
                                     interest_due=state.edition.bankruptcy_interest)
    events += holdings_on_bankruptcy(state, player, creditor)
    events.append(ev.PlayerWentBankrupt(player, creditor, cmd.debt))
    if creditor == BANK and state.edition.bankruptcy_auction and deeds:
        events.append(ev.AuctionOpened(deeds[0]))  # 000:207 "the Bank immediately sells by auction"
    return events


def mortgages_passing(state: GameState, player: str) -> tuple[int, int, int]:
    """The mortgaged deeds a player creditor would receive: how many, the cost of lifting them all now
    (value + interest), and the interest alone that is due now if they stay mortgaged."""
    mortgaged = [d for d in state.deeds_of(player) if state.deeds[d].mortgaged]
    return (len(mortgaged), sum(lift_cost(state, d) for d in mortgaged),
            sum(received_interest(state, d) for d in mortgaged))


def received_interest(state: GameState, deed: str) -> int:
    """The 10% a player creditor pays now on a mortgaged deed kept mortgaged; none in Sore Losers (001:75)."""
    return interest(state, deed) if state.edition.bankruptcy_interest else 0
