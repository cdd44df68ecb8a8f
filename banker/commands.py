"""What the banker asks for, with every name already resolved to the table's own name.

The command language (`language.py`) and the screens both build these; the rules
(`rules/`) turn one into the events of one action, or refuse it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Command:
    pass


@dataclass(frozen=True)
class Buy(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class OpenAuction(Command):
    deed: str


@dataclass(frozen=True)
class Bid(Command):
    player: str
    amount: int


@dataclass(frozen=True)
class OpenBuildingAuction(Command):
    """A building shortage: one house or hotel from the bank goes by auction."""

    kind: str  # house | hotel


@dataclass(frozen=True)
class CloseAuction(Command):
    """`sold`: no one bids higher. `deed` places a building won at a shortage auction."""

    deed: str = ""


@dataclass(frozen=True)
class Rent(Command):
    payer: str
    deed: str
    dice: int | None = None


@dataclass(frozen=True)
class Pay(Command):
    """Any plain payment between two accounts (bank, pot, players)."""

    payer: str
    payee: str
    amount: int
    memo: str = "pay"


@dataclass(frozen=True)
class Salary(Command):
    player: str


@dataclass(frozen=True)
class Tax(Command):
    player: str
    space: str


@dataclass(frozen=True)
class DrawCard(Command):
    player: str
    deck: str
    key: str
    deed: str = ""
    dice: int | None = None
    passed_go: bool = False


@dataclass(frozen=True)
class GoToJail(Command):
    """`instead`: Mr. Monopoly sends this other player to jail in his place (Sore Losers)."""

    player: str
    instead: str = ""


@dataclass(frozen=True)
class Bail(Command):
    player: str


@dataclass(frozen=True)
class UseJailCard(Command):
    player: str
    deck: str = ""


@dataclass(frozen=True)
class RolledOut(Command):
    """Rolled doubles in jail: out without paying."""

    player: str


@dataclass(frozen=True)
class Build(Command):
    player: str
    deed: str
    count: int = 1


@dataclass(frozen=True)
class SellBuildings(Command):
    player: str
    deed: str
    count: int = 1


@dataclass(frozen=True)
class Redistribute(Command):
    player: str
    source: str
    target: str
    count: int = 1


@dataclass(frozen=True)
class BuildDepot(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class TakeTicket(Command):
    """`expire`: the ticket drawn reads "All Tickets Expire"."""

    player: str
    expire: bool = False


@dataclass(frozen=True)
class Ride(Command):
    """A bus ticket used instead of rolling."""

    player: str


@dataclass(frozen=True)
class BirthdayGift(Command):
    player: str
    ticket: bool = False


@dataclass(frozen=True)
class Mortgage(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class Unmortgage(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class Items:
    """One side of a trade: what a player hands over."""

    cash: int = 0
    deeds: tuple[str, ...] = ()
    jail_cards: tuple[str, ...] = field(default=())  # decks; "" = any one the player holds
    holdings: tuple[str, ...] = field(default=())  # one holding kind key per piece: ("bus_ticket", "bus_ticket")

    @property
    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards or self.holdings)


@dataclass(frozen=True)
class Trade(Command):
    first: str
    second: str
    gives: Items
    gets: Items
    lift: bool = False


@dataclass(frozen=True)
class CollectPot(Command):
    player: str


@dataclass(frozen=True)
class Bankrupt(Command):
    """`debt`: what the player owes and cannot raise (required); `lift`: a player creditor lifts the
    mortgages received at once (value + 10%) instead of paying 10% now and again later."""

    player: str
    creditor: str = "bank"
    debt: int = 0
    lift: bool = False


@dataclass(frozen=True)
class TakeCoin(Command):
    player: str


@dataclass(frozen=True)
class StealCoin(Command):
    player: str
    victim: str


@dataclass(frozen=True)
class CashIn(Command):
    player: str


@dataclass(frozen=True)
class Trap(Command):
    mr_monopoly: str
    player: str
    deed: str = ""


@dataclass(frozen=True)
class Release(Command):
    player: str


@dataclass(frozen=True)
class PlaceFreeHouse(Command):
    deed: str


@dataclass(frozen=True)
class FinalRound(Command):
    pass


@dataclass(frozen=True)
class SpinBuild(Command):
    """Monopoly City's Build button: result "1" | "2" | "3" | "railroad" (drawn by Banker when not given)."""

    player: str
    result: str
    again: bool = False  # the same player's new turn (doubles, or nobody else pressed Build since)


@dataclass(frozen=True)
class BuildBlocks(Command):
    player: str
    deed: str
    kind: str  # residential | industrial
    count: int = 1


@dataclass(frozen=True)
class PlaceRailroad(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class BuildPlanning(Command):
    """Planning permission: `kind` hazard | bonus, `name` from the edition's list."""

    player: str
    deed: str
    kind: str
    name: str


@dataclass(frozen=True)
class ClearHazard(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class BuildStadium(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class BuildSkyscraper(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class BuildTower(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class DodgeRent(Command):
    player: str
    deed: str


@dataclass(frozen=True)
class TakeAtSpace(Command):
    """Landing takes a holding from whoever holds it (City: the Rent Dodge card at Free Parking)."""

    player: str
    kind: str


@dataclass(frozen=True)
class StartClock(Command):
    """A timed game: `minutes` (0 stops the clock) from `started`, an ISO time set when the line is read."""

    minutes: int
    started: str


@dataclass(frozen=True)
class Roll(Command):
    """The dice as rolled at the table (a game that follows the tokens). `speed`: the speed die's face
    ("1"-"3", "bus", "mr") or ""; `choice`: on the Bus face, "ticket" (Mega) or the white die to move by (002)."""

    player: str
    dice: tuple[int, int]
    speed: str = ""
    choice: str = ""


@dataclass(frozen=True)
class MoveToken(Command):
    """`how`: forward (GO paid when passed) | back (a card sends it back: no GO) | fix (a correction: no money)."""

    player: str
    position: int
    how: str = "forward"


@dataclass(frozen=True)
class Undo(Command):
    pass


@dataclass(frozen=True)
class Redo(Command):
    pass
