"""What the banker asks for, with every name already resolved to the table's own name.

The command language (`language.py`) and the screens both build these; the rules
(`rules/`) turn one into the events of one action, or refuse it.
"""

from __future__ import annotations

from dataclasses import field

from .frozen import Frozen, frozen


@frozen
class Command(Frozen):
    pass


@frozen
class Buy(Command):
    player: str
    deed: str


@frozen
class OpenAuction(Command):
    deed: str


@frozen
class Bid(Command):
    player: str
    amount: int


@frozen
class OpenBuildingAuction(Command):
    """A building shortage: one house or hotel from the bank goes by auction."""

    kind: str  # house | hotel


@frozen
class CloseAuction(Command):
    """`sold`: no one bids higher. `deed` places a building won at a shortage auction."""

    deed: str = ""


@frozen
class Rent(Command):
    payer: str
    deed: str
    dice: int | None = None


@frozen
class Pay(Command):
    """Any plain payment between two accounts (bank, pot, players)."""

    payer: str
    payee: str
    amount: int
    memo: str = "pay"


@frozen
class Salary(Command):
    """GO's salary. `by_token`: Banker's own, for a token it moved past GO (a followed game refuses the banker's)."""

    player: str
    by_token: bool = False


@frozen
class Tax(Command):
    player: str
    space: str


@frozen
class DrawCard(Command):
    player: str
    deck: str
    key: str
    deed: str = ""
    dice: int | None = None
    passed_go: bool = False


@frozen
class GoToJail(Command):
    """`instead`: Mr. Monopoly sends this other player to jail in his place (Sore Losers)."""

    player: str
    instead: str = ""


@frozen
class Bail(Command):
    player: str


@frozen
class UseJailCard(Command):
    player: str
    deck: str = ""


@frozen
class RolledOut(Command):
    """Rolled doubles in jail: out without paying."""

    player: str


@frozen
class Build(Command):
    player: str
    deed: str
    count: int = 1


@frozen
class SellBuildings(Command):
    player: str
    deed: str
    count: int = 1


@frozen
class Redistribute(Command):
    player: str
    source: str
    target: str
    count: int = 1


@frozen
class BuildDepot(Command):
    player: str
    deed: str


@frozen
class TakeTicket(Command):
    """`expire`: the ticket drawn reads "All Tickets Expire"."""

    player: str
    expire: bool = False


@frozen
class Ride(Command):
    """A bus ticket used instead of rolling."""

    player: str


@frozen
class BirthdayGift(Command):
    player: str
    ticket: bool = False


@frozen
class Mortgage(Command):
    player: str
    deed: str


@frozen
class Unmortgage(Command):
    player: str
    deed: str


@frozen
class Items(Frozen):
    """One side of a trade: what a player hands over."""

    cash: int = 0
    deeds: tuple[str, ...] = ()
    jail_cards: tuple[str, ...] = field(default=())  # decks; "" = any one the player holds
    holdings: tuple[str, ...] = field(default=())  # one holding kind key per piece: ("bus_ticket", "bus_ticket")

    @property
    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards or self.holdings)


@frozen
class Trade(Command):
    first: str
    second: str
    gives: Items
    gets: Items
    lift: bool = False


@frozen
class CollectPot(Command):
    player: str


@frozen
class Bankrupt(Command):
    """`debt`: what the player owes and cannot raise (required); `lift`: a player creditor lifts the
    mortgages received at once (value + 10%) instead of paying 10% now and again later."""

    player: str
    creditor: str = "bank"
    debt: int = 0
    lift: bool = False


@frozen
class TakeCoin(Command):
    player: str


@frozen
class StealCoin(Command):
    player: str
    victim: str


@frozen
class CashIn(Command):
    player: str


@frozen
class Trap(Command):
    mr_monopoly: str
    player: str
    deed: str = ""


@frozen
class Release(Command):
    player: str


@frozen
class PlaceFreeHouse(Command):
    """`place <street>`; `place none` (deed "") declines the free house a followed table waits for (001:32)."""

    deed: str


@frozen
class FinalRound(Command):
    pass


@frozen
class SpinBuild(Command):
    """Monopoly City's Build button: result "1" | "2" | "3" | "railroad" (drawn by Banker when not given)."""

    player: str
    result: str
    again: bool = False  # the same player's new turn (doubles, or nobody else pressed Build since)


@frozen
class BuildBlocks(Command):
    player: str
    deed: str
    kind: str  # residential | industrial
    count: int = 1


@frozen
class PlaceRailroad(Command):
    player: str
    deed: str


@frozen
class BuildPlanning(Command):
    """Planning permission: `kind` hazard | bonus, `name` from the edition's list."""

    player: str
    deed: str
    kind: str
    name: str


@frozen
class ClearHazard(Command):
    player: str
    deed: str


@frozen
class BuildStadium(Command):
    player: str
    deed: str


@frozen
class BuildSkyscraper(Command):
    player: str
    deed: str


@frozen
class BuildTower(Command):
    player: str
    deed: str


@frozen
class DodgeRent(Command):
    player: str
    deed: str


@frozen
class TakeAtSpace(Command):
    """Landing takes a holding from whoever holds it (City: the Rent Dodge card at Free Parking)."""

    player: str
    kind: str


@frozen
class StartClock(Command):
    """A timed game: `minutes` (0 stops the clock) from `started`, an ISO time set when the line is read."""

    minutes: int
    started: str


@frozen
class SetTimeLimit(Command):
    """A game with a time limit: `minutes` from `started` (an ISO time set when the game is made)."""

    minutes: int
    started: str


@frozen
class CallLastRound(Command):
    """The time is up (or the banker calls it): this round is the last."""

    reason: str = ""


@frozen
class EndGame(Command):
    """The last round is over, in a game whose tokens Banker does not follow."""


@frozen
class Roll(Command):
    """The dice as rolled at the table (a game that follows the tokens). `speed`: the speed die's face
    ("1"-"3", "bus", "mr") or ""; `choice`: on the Bus face, "ticket" (Mega) or the white die to move by (002)."""

    player: str
    dice: tuple[int, int]
    speed: str = ""
    choice: str = ""


@frozen
class Settle(Command):
    """Pay every debt waiting on the player, in the order they fell due (all or nothing)."""

    player: str


@frozen
class MoveToken(Command):
    """`how`: forward (GO paid when passed) | back (a card sends it back: no GO) | fix (a correction: no money)."""

    player: str
    position: int
    how: str = "forward"


@frozen
class Undo(Command):
    pass


@frozen
class Redo(Command):
    pass
