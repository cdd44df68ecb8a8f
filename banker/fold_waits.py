"""The fold of what the table waits for: a decision a landing left (`DecisionAwaited`), settled by the event that
makes it, and the debts recorded and settled (pure, like the whole fold: `banker.fold` applies these)."""

from __future__ import annotations

from . import events as ev
from .errors import FoldError
from .state import GameState
from .waits import Debt, Wait

RENT_CHOICES = ("utility", "rent-dodge")  # a rent the lander answers: a utility's dice, City's Rent Dodge card


def _decision_awaited(state: GameState, e: ev.DecisionAwaited) -> None:
    state.waiting = (*state.waiting, Wait(e.player, e.kind, e.space, e.detail))


def _debt_recorded(state: GameState, e: ev.DebtRecorded) -> None:
    state.debts = (*state.debts, Debt(e.player, e.creditor, e.amount, e.why))


def _debt_settled(state: GameState, e: ev.DebtSettled) -> None:
    debt = Debt(e.player, e.creditor, e.amount, e.why)
    if debt not in state.debts:
        raise FoldError(f"{e.player} has no debt of {e.amount} to {e.creditor} to settle")
    at = state.debts.index(debt)
    state.debts = state.debts[:at] + state.debts[at + 1:]


def settles(wait: Wait, e: ev.Event) -> bool:
    """Whether this event is the decision a wait was for (the fold drops the wait; no event says it twice)."""
    kind, player = wait.kind, wait.player
    match e:
        case ev.PlayerWentBankrupt():
            return e.player == player
        case ev.DeedBought() | ev.AuctionClosed():
            return kind == "buy-or-auction" and e.deed == wait.space or (
                kind == "choice" and wait.detail == "auction-space" and type(e) is ev.AuctionClosed)
        case ev.CardDrawn():
            return kind == "card" and e.player == player and e.deck == wait.detail
        case ev.TokenMoved():
            moved = e.player == player and e.how != "correction"
            return moved and (kind == "move" or kind == "choice" and wait.detail == "auction-space"
                              or kind == "speed-die" and e.how.startswith("speed die"))
        case ev.JailEntered():
            return e.player == player and kind == "speed-die" or (kind == "jail-send" and e.player != player)
        case ev.HoldingMoved():
            if kind != "choice":
                return False
            if wait.detail == "steal":  # Free Parking (001): a coin taken from another player, to him or the bank
                return e.giver not in (ev.BANK, ev.OUT, player)
            return wait.detail in ("gift", "bus-ticket") and e.receiver == player
        case ev.CashPaid():  # the Birthday Gift's cash (000)
            return kind == "choice" and wait.detail == "gift" and e.memo == "birthday gift" and any(
                t.payee == player for t in e.transfers)
        case ev.RentPaid():
            return kind == "choice" and e.deed == wait.space and e.payer == player
        case ev.DebtRecorded():  # the rent a wait was for, beyond the cash (rules.paying_rent)
            return kind == "choice" and e.player == player and e.why == f"rent for {wait.space}"
        case ev.RentDodged():
            return kind == "choice" and e.deed == wait.space and e.player == player
        case ev.RentReversed():
            return kind == "choice" and e.deed == wait.space and e.mr_monopoly == player
        case ev.PlayerTrapped():
            return kind == "trap" and e.mr_monopoly == player
        case ev.FreeHousePlaced() | ev.FreeHouseDeclined():
            return kind == "free-house"
        case ev.LandingNoted():  # the speed die's move found nowhere to go: it stays
            return kind == "speed-die" and e.player == player and e.note.startswith("speed die")
    return False


def rent_still_owed(state: GameState, wait: Wait) -> bool:
    """Whether a rent choice still has a rent to answer: as at the landing (rules.arrival), none is owed on the
    lander's own deed, the bank's, a bankrupt owner's or a mortgaged one. A deed that changes hands while the choice
    waits (the owner bankrupt to the lander, a trade, a mortgage) ends the choice; a waiting item of any other kind is
    kept."""
    if wait.kind != "choice" or wait.detail not in RENT_CHOICES:
        return True
    holding = state.deeds.get(wait.space)
    return (holding is not None and holding.owner not in (wait.player, ev.BANK)
            and holding.owner not in state.bankrupt and not holding.mortgaged)


def still_answerable(state: GameState, wait: Wait, e: ev.Event) -> bool:
    """Whether a wait can still be answered after this event: a speed die's move or a card to draw is void once its
    player is in jail (a card, Go To Jail, or the banker's `jail`: the token left the card's space, and a card is
    drawn where the token stands); Mr. Monopoly's player to send to jail needs another player still in the game
    (001:31), his trap a player still on his space to trap (001:33: the one there went bankrupt); a rent choice, a
    rent still owed (`rent_still_owed`)."""
    if wait.kind == "speed-die" and wait.player in state.in_jail:
        return False
    if wait.kind == "card" and type(e) is ev.JailEntered and e.player == wait.player:
        return False
    if wait.kind == "jail-send" and not any(p != wait.player for p in state.active_players):
        return False
    if wait.kind == "trap" and not _trappable_here(state, wait.player):
        return False
    return rent_still_owed(state, wait)


def _trappable_here(state: GameState, mr: str) -> bool:
    """Whether a player Mr. Monopoly may still trap stands on his space (001:33): not bankrupt, not trapped."""
    if state.tokens is None:
        return True
    here = state.position(mr)
    return any(p != mr and p not in state.trapped and state.position(p) == here for p in state.active_players)


def _settle_waits(state: GameState, e: ev.Event) -> None:
    """Drop what this event decided, and what can no longer be answered (`still_answerable`)."""
    kept = tuple(w for w in state.waiting if not settles(w, e) and still_answerable(state, w, e))
    if type(e) is ev.JailEntered and e.keeps_turn and not any(
            settles(w, e) or (w.kind == "speed-die" and w.player in state.in_jail) or not rent_still_owed(state, w)
            for w in state.waiting):
        # 001:31 Mr. Monopoly's "Go to Jail" card: he sends another player instead, and that answers the card
        card = next((w for w in kept if w.kind == "card" and w.player == state.mr_monopoly), None)
        kept = tuple(w for w in kept if w is not card)
    if len(kept) != len(state.waiting):
        state.waiting = kept
    if type(e) is ev.PlayerWentBankrupt and state.debts:  # a bankruptcy ends the debts it was declared for
        state.debts = tuple(d for d in state.debts if d.player != e.player)
