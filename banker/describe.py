"""One line of plain words per event, for the ledger and the toasts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from editions import SHIPPED_DIR, Edition, EditionError, HoldingKind, load_edition_file

from . import events as ev
from .events import BANK
from .state import HOTEL, SKYSCRAPER, GameState

DECKS = {"chance": "Chance", "community_chest": "Community Chest"}
AWARDED_FOR = {"rent": "for paying rent", "tax": "for paying a tax or bill", "jail": "for going to jail"}


AWAITED = {"buy-or-auction": "buy or auction", "card": "the card drawn", "choice": "a choice",
           "move": "the move", "speed-die": "the speed die's move",
           "jail-send": "Mr. Monopoly to send a player to jail", "trap": "Mr. Monopoly's trap",
           "free-house": "Mr. Monopoly's free house"}


def _level(level: int) -> str:
    if level == SKYSCRAPER:
        return "a skyscraper"
    if level == HOTEL:
        return "a hotel"
    return f"{level} house{'s' if level != 1 else ''}" if level else "no buildings"


def _why(basis: str) -> str:
    """How a charge's amount was reached, as one parenthesis; nothing for events stored before it was kept."""
    return f" ({basis})" if basis else ""


def landed_on_go(event: ev.Event, before: ev.Event | None) -> bool:
    """A salary paid because the token stopped on GO (the event before it in the action moved it there), which the
    table says as landing on GO, not passing it."""
    return (isinstance(event, ev.SalaryCollected) and isinstance(before, ev.TokenMoved)
            and before.player == event.player and before.position == 0)


def describe(event: ev.Event, money: Callable[[int], str], edition: Edition | None = None,
             before: ev.Event | None = None) -> str:
    """`edition` names the game's holdings ("the Rent Dodge card"); without it the shipped editions' names are used.
    `before`: the event before it in the same action, where a sentence depends on it (a salary for landing on GO)."""
    e: Any = event
    total = sum(t.amount for t in event.transfers)
    legs = ", ".join(f"{t.payer} pays {t.payee} {money(t.amount)}" for t in event.transfers)
    match event:
        case ev.GameStarted():
            rules = f", house rules: {', '.join(e.house_rules)}" if e.house_rules else ""
            return f"game started ({e.edition_id}) with {', '.join(e.players)}{rules}"
        case ev.CashPaid():
            return f"{legs} ({e.memo})" if e.memo else legs
        case ev.SalaryCollected():
            why = "landing on" if landed_on_go(event, before) else "passing"
            return f"{e.player} collects {money(total)} salary for {why} GO{_why(e.basis)}"
        case ev.TaxPaid():
            return f"{e.player} pays {money(total)} {e.space}{_why(e.basis)}"
        case ev.RentPaid():
            why = _why(e.basis) or (f" (dice {e.dice})" if e.dice else "")
            return f"{e.payer} pays {e.owner} {money(total)} rent for {e.deed}{why}"
        case ev.CardDrawn():
            extra = f": {legs}" if legs else ""
            return f"{e.player} draws {DECKS.get(e.deck, e.deck)} \"{e.title}\"{extra}{_why(e.basis)}"
        case ev.PotCollected():
            return f"{e.player} collects the Free Parking pot of {money(total)}"
        case ev.DeedBought():
            return f"{e.player} buys {e.deed} for {money(total)}"
        case ev.AuctionOpened():
            return f"auction opened for {e.deed}"
        case ev.BidPlaced():
            return f"{e.player} bids {money(e.amount)}"
        case ev.AuctionClosed():
            if e.winner:
                return f"{e.deed} sold at auction to {e.winner} for {money(e.amount)}"
            return f"auction closed with no bid; {e.deed} stays with the bank"
        case ev.DeedMortgaged():
            return f"{e.player} mortgages {e.deed} for {money(total)}{_why(e.basis)}"
        case ev.MortgageLifted():
            return f"{e.player} lifts the mortgage on {e.deed} for {money(total)}{_why(e.basis)}"
        case ev.MortgageInterestPaid():
            return f"{e.player} pays {money(total)} interest to keep {e.deed} mortgaged{_why(e.basis)}"
        case ev.DeedHandedOver():
            return f"{e.giver} hands {e.deed} to {e.receiver}"
        case ev.DeedReturnedToBank():
            return f"{e.deed} returns to the bank from {e.player}"
        case ev.TradeMade():
            return f"trade between {e.first} and {e.second}" + (" (mortgages lifted)" if e.lift else "")
        case ev.BuildingsBuilt():
            return f"{e.player} builds on {e.deed}, now {_level(e.level)}, for {money(total)}"
        case ev.BuildingsSold():
            return f"{e.player} sells buildings on {e.deed}, now {_level(e.level)}, for {money(total)}"
        case ev.HousesMoved():
            return f"{e.player} moves {e.count} house{'s' * (e.count != 1)} from {e.source} to {e.target} (free)"
        case ev.DepotBuilt():
            return f"{e.player} builds a train depot on {e.deed} for {money(total)}"
        case ev.DepotSold():
            return f"{e.player} sells the train depot on {e.deed} for {money(total)}"
        case ev.HoldingMoved():
            return _holding_moved(e, edition.holdings if edition else _shipped_holdings())
        case ev.MrMonopolyTaken():
            took = f" from {e.previous}" if e.previous else ""
            return f"{e.player} becomes Mr. Monopoly{took}"
        case ev.PlayerTrapped():
            return f"Mr. Monopoly ({e.mr_monopoly}) lands on {e.player}: trapped until released"
        case ev.PlayerReleased():
            return f"{e.player} is released"
        case ev.RentReversed():
            return f"{e.owner} pays Mr. Monopoly ({e.mr_monopoly}) {money(total)} rent for {e.deed}{_why(e.basis)}"
        case ev.TaxCollected():
            return f"Mr. Monopoly ({e.player}) collects {money(total)} from the bank on {e.space}{_why(e.basis)}"
        case ev.FreeHousePlaced():
            return f"a free house on {e.deed}, now {_level(e.level)} (doubles while {e.player} is Mr. Monopoly)"
        case ev.FreeHouseDeclined():
            return f"no free house for these doubles (while {e.player} is Mr. Monopoly)"
        case ev.FinalRoundPlayed():
            return "the final rent round"
        case ev.FinalRentCollected():
            return f"{e.player} collects {money(total)} rent for {e.deed} from the bank{_why(e.basis)}"
        case ev.BuildTurnOver():
            return f"{e.player}'s Build press of the turn before is over (once per turn)"
        case ev.BuildSpun():
            what = "a free railroad" if e.result == "railroad" else f"up to {e.result} block{'s' * (e.result != '1')}"
            return f"{e.player} presses Build: {what} this turn"
        case ev.BlocksBuilt():
            return f"{e.player} builds {e.count} {e.kind} block{'s' * (e.count != 1)} on {e.deed} for {money(total)}"
        case ev.RailroadPlaced():
            return f"{e.player} puts a railroad on {e.deed}"
        case ev.PlanningBuilt():
            return f"{e.player} builds a {e.name} ({e.kind}) on {e.deed}"
        case ev.HazardCleared():
            return f"{e.player} clears the hazard from {e.deed} for {money(total)}{_why(e.basis)}"
        case ev.StadiumBuilt():
            return f"{e.player} builds a stadium on {e.deed} for {money(total)}"
        case ev.TowerBuilt():
            return f"{e.player} builds the Monopoly Tower on {e.deed} for {money(total)}"
        case ev.RentDodged():
            return f"{e.player} plays the Rent Dodge card on {e.deed}: no rent"
        case ev.ClockStarted():
            return f"game clock: {e.minutes} minutes from {e.started}" if e.minutes else "game clock stopped"
        case ev.TimeLimitSet():
            return f"time limit: {e.minutes} minutes from {e.started}, then the last round"
        case ev.LastRoundCalled():
            return f"last round: {e.reason or 'called'}; the game ends when it is over"
        case ev.GameEnded():
            return "the last round is over: the game ends (see score)"
        case ev.JailEntered():
            return f"{e.player} goes to jail"
        case ev.JailLeft():
            how = {"bail": f"pays the {money(total)} fine", "card": "uses a Get Out of Jail Free card",
                   "doubles": "rolls doubles", "cashin": "cashes in for Mr. Monopoly",
                   "fine owed": "owes the fine after a third roll without doubles"}[e.how]
            return f"{e.player} {how} and leaves jail"
        case ev.JailCardHandedOver():
            return f"{e.giver} hands a {DECKS.get(e.deck, e.deck)} Get Out of Jail Free card to {e.receiver}"
        case ev.JailCardReturned():
            return f"{e.player}'s {DECKS.get(e.deck, e.deck)} Get Out of Jail Free card goes back to the deck"
        case ev.PlayerWentBankrupt():
            owing = f", owing {money(e.debt)}," if e.debt else ""
            return f"{e.player} is bankrupt to {e.creditor}{owing} and leaves the game"
        case ev.DiceRolled():
            faces = {"mr": " and Mr. Monopoly", "bus": " and the Bus", "": ""}
            speed = faces.get(e.speed, f" and {e.speed}")
            doubles = " (doubles)" if len(e.dice) == 2 and e.dice[0] == e.dice[1] else ""
            doubles = " (triples)" if doubles and e.speed == str(e.dice[0]) else doubles
            return f"{e.player} rolls {' and '.join(map(str, e.dice))}{speed}{doubles}"
        case ev.SpeedDieIgnored():
            shown = {"mr": "Mr. Monopoly", "bus": "the Bus"}.get(e.face, e.face)
            return f"{e.why}: ignored (it showed {shown})"
        case ev.TokenMoved():
            go = ", passing GO" if e.passed_go and e.position else ""
            how = {"correction": " (a correction: no money moves)", "moved back": " (moved back)"}.get(
                e.how, f" ({e.how})" if e.how != "moved" else "")
            return f"{e.player}'s token goes to {e.space}{go}{how}"
        case ev.RollPassed():
            if e.anywhere:
                return f"{e.anywhere} rolled triples: move the token to any space; then it is {e.player}'s roll"
            return f"{e.player} rolls again (doubles)" if e.doubles else f"{e.player}'s roll"
        case ev.JailRollFailed():
            return f"{e.player} stays in jail (no doubles)"
        case ev.DecisionAwaited():
            return f"{e.player} on {e.space}: waits for {AWAITED.get(e.kind, e.kind)}"
        case ev.LandingNoted():
            return f"{e.player} on {e.space}: {e.note}"
        case ev.DebtRecorded():
            return (f"{e.player} owes {e.creditor} {money(e.amount)} ({e.why}) and has not the cash: "
                    f"a debt until settled")
        case ev.DebtSettled():
            return f"{e.player} settles the debt of {money(e.amount)} to {e.creditor} ({e.why})"
        case ev.ActionUndone():
            return f"undo of action {e.action}: {e.summary}"
        case ev.ActionRedone():
            return f"redo of action {e.action}: {e.summary}"
    return event.type


@cache
def _shipped_holdings() -> dict[str, HoldingKind]:
    """The holding kinds of the editions shipped with Banker, by key: their names for a caller without the edition."""
    found: dict[str, HoldingKind] = {}
    for path in sorted(SHIPPED_DIR.glob("*.toml")):
        try:
            found.update(load_edition_file(path).holdings)
        except EditionError:
            continue
    return found


def _holding_moved(e: ev.HoldingMoved, kinds: Mapping[str, HoldingKind]) -> str:
    """The holding by the edition's name: "the Rent Dodge card" (one in the game), "a bus ticket", "2 bus tickets"."""
    kind = kinds.get(e.kind)
    name = kind.name if kind else e.kind.replace("_", " ")
    what = (kind.plural if kind else name + "s") if e.count != 1 else name
    one = f"the {name}" if kind and kind.supply == 1 else f"a {name}"
    pieces = f"{e.count} {what}" if e.count != 1 else one
    why = f" ({AWARDED_FOR.get(e.why, e.why)})" if e.why else ""
    if e.giver == ev.BANK:
        return f"{e.receiver} takes {pieces} from the bank{why}"
    if e.receiver == ev.OUT:
        own = f"{e.count} {what}" if e.count != 1 else what
        return f"{e.giver}'s {own} {'go' if e.count != 1 else 'goes'} out of play{why}"
    if e.receiver == ev.BANK:
        return f"{e.giver} returns {pieces} to the bank{why}"
    return f"{e.giver} hands {pieces} to {e.receiver}{why}"


def summarize(events: Sequence[ev.Event], money: Callable[[int], str], edition: Edition | None = None) -> str:
    """One line for a whole action: its first event, plus how many legs followed."""
    if not events:
        return ""
    text = describe(events[0], money, edition)
    if isinstance(events[0], ev.TradeMade):
        return text + ": " + "; ".join(describe(e, money, edition) for e in events[1:])
    if len(events) > 1:
        befores = (None, *events[:-1])
        return "; ".join(describe(e, money, edition, before) for before, e in zip(befores, events, strict=True))
    return text


SHORT_PIECES = {"houses": "⌂", "skyscrapers": " sky"}  # the bank line when the terminal is narrow


def bank_parts(state: GameState, short: bool = False) -> list[str]:
    """The bank's building pieces and holdings, e.g. "32 houses", "16 bus tickets" ("32⌂", "16 tickets" short).

    The CLI's `state` and the table's bank line both say it this way; City has no houses or hotels to list.
    """
    parts = []
    for piece, count in state.supply.items():
        if piece in ("houses", "hotels") and not getattr(state.edition, piece):  # City: blocks, no houses
            continue
        name = piece[:-1] if count == 1 else piece
        parts.append(f"{count}{SHORT_PIECES[piece]}" if short and piece in SHORT_PIECES else f"{count} {name}")
    for kind in state.edition.holdings.values():
        count = state.count(kind.key, BANK)
        parts.append(f"{count} {kind.word if count == 1 else kind.word + 's'}" if short else kind.count(count))
    return parts
