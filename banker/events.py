"""The events of a game: frozen, past-tense facts; the only thing the ledger stores.

Money moves through one mechanism only: every event carries its `transfers`, each
a (payer, payee, amount) leg between accounts ("bank", "pot" or a player's name).
The fold applies the legs; the rest of an event says what else changed.

Here: the table's money, deeds, buildings, holdings, jail and corrections; the events of the tokens, of Mr. Monopoly
and of City's districts are in their own modules, gathered below so `events.X` names every event.
"""

from __future__ import annotations

from typing import Any

from .events_base import (  # noqa: F401 - the machinery every event module shares, named here as before
    ACCOUNTS,
    BANK,
    OUT,
    POT,
    Event,
    EventDecodeError,
    Transfer,
    Transfers,
    decode,
    decode_owned,
    frozen,
)

# -- the game ---------------------------------------------------------------


@frozen
class GameStarted(Event):
    """Carries the whole edition data so the game replays even if the file changes."""

    edition: dict[str, Any]
    edition_id: str
    players: tuple[str, ...]
    house_rules: tuple[str, ...] = ()


@frozen
class CashPaid(Event):
    """A plain payment between two accounts (pay / collect / fees)."""

    memo: str = ""


@frozen
class SalaryCollected(Event):
    player: str
    basis: str = ""  # how the amount was reached, in the table's words (City: "M2m salary + 1 stadium × M1m")


@frozen
class TaxPaid(Event):
    player: str
    space: str
    basis: str = ""


@frozen
class RentPaid(Event):
    payer: str
    owner: str
    deed: str
    dice: int = 0
    basis: str = ""  # "2 houses", "dice 8 × 4: one utility owned"; empty in games written before it was kept


@frozen
class CardDrawn(Event):
    """A Chance/Community Chest card and its money effect."""

    player: str
    deck: str
    card: str
    title: str
    passed_go: bool = False
    deed: str = ""
    basis: str = ""  # a repairs card's count, a nearest-deed card's rent


@frozen
class PotCollected(Event):
    player: str


# -- deeds ------------------------------------------------------------------


@frozen
class DeedBought(Event):
    player: str
    deed: str


@frozen
class AuctionOpened(Event):
    deed: str


@frozen
class BidPlaced(Event):
    player: str
    amount: int


@frozen
class AuctionClosed(Event):
    """winner is empty when nobody bid: the deed stays with the bank."""

    deed: str
    winner: str = ""
    amount: int = 0


@frozen
class DeedMortgaged(Event):
    player: str
    deed: str
    basis: str = ""  # Monopoly City: the rent value it mortgages for


@frozen
class MortgageLifted(Event):
    player: str
    deed: str
    basis: str = ""


@frozen
class MortgageInterestPaid(Event):
    """10% paid by a new owner who keeps a received deed mortgaged."""

    player: str
    deed: str
    basis: str = ""


@frozen
class DeedHandedOver(Event):
    """A deed changes hands in a trade or a bankruptcy (money is in other events)."""

    giver: str
    receiver: str
    deed: str


@frozen
class DeedReturnedToBank(Event):
    """Bankruptcy to the bank: the deed goes back unmortgaged, to be auctioned."""

    player: str
    deed: str


@frozen
class TradeMade(Event):
    """Opens the events of one trade; its legs follow as their own events."""

    first: str
    second: str
    lift: bool = False


# -- buildings --------------------------------------------------------------


@frozen
class BuildingsBuilt(Event):
    """`level` is the deed's building level after: 0-4 houses, 5 = hotel."""

    player: str
    deed: str
    level: int


@frozen
class BuildingsSold(Event):
    player: str
    deed: str
    level: int


@frozen
class HousesMoved(Event):
    """Mega: houses moved, free, from one street of a group to another (redistributing, 000)."""

    player: str
    source: str
    target: str
    count: int


@frozen
class DepotBuilt(Event):
    """A train depot on a railroad (Mega): doubles its rent."""

    player: str
    deed: str


@frozen
class DepotSold(Event):
    player: str
    deed: str


# -- holdings: bus tickets, sore-loser coins and the like ---------------------


@frozen
class HoldingMoved(Event):
    """`count` of a holding kind move between accounts: players, "bank", or "out" (out of play).

    The one way any countable holding changes hands, as transfers are for money.
    """

    kind: str
    giver: str
    receiver: str
    count: int = 1
    why: str = ""


# -- jail and cards held ----------------------------------------------------


@frozen
class JailEntered(Event):
    """`keeps_turn`: sent by Mr. Monopoly, the player keeps their next turn, the first jail roll (001:338)."""

    player: str
    keeps_turn: bool = False


@frozen
class JailLeft(Event):
    """how: bail | card | doubles | cashin | fine owed (the third failed roll short of the fine: a debt, 003:127)."""

    player: str
    how: str
    deck: str = ""


@frozen
class JailCardHandedOver(Event):
    giver: str
    receiver: str
    deck: str


@frozen
class JailCardReturned(Event):
    """A Get Out of Jail Free card goes back to the bottom of its deck."""

    player: str
    deck: str


# -- the end of a player ----------------------------------------------------


@frozen
class PlayerWentBankrupt(Event):
    """creditor is a player's name or "bank"; debt is what the player owed and could not raise (0: not recorded)."""

    player: str
    creditor: str
    debt: int = 0


# -- a game with a time limit (tournament play: "last turn", then the places) ------------------------


@frozen
class TimeLimitSet(Event):
    """The game ends `minutes` after `started` (ISO time), once the round then going is finished."""

    minutes: int
    started: str


@frozen
class LastRoundCalled(Event):
    """Time is up: the round going on is the last, so that every player has had the same number of turns."""

    reason: str = ""


@frozen
class GameEnded(Event):
    """The last round is over (the banker says so in a game whose tokens Banker does not follow)."""


# -- corrections ------------------------------------------------------------


@frozen
class ActionUndone(Event):
    action: int
    summary: str = ""


@frozen
class ActionRedone(Event):
    action: int
    summary: str = ""


MARKERS = (ActionUndone, ActionRedone)


from .events_coins import *  # noqa: E402,F403 - every event, named as events.X
from .events_districts import *  # noqa: E402,F403
from .events_tokens import *  # noqa: E402,F403
