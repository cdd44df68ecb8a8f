"""The events of a game: frozen, past-tense facts; the only thing the ledger stores.

Money moves through one mechanism only: every event carries its `transfers`, each
a (payer, payee, amount) leg between accounts ("bank", "pot" or a player's name).
The fold applies the legs; the rest of an event says what else changed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from functools import cache
from typing import Any, ClassVar

from .frozen import Frozen, frozen

BANK = "bank"
POT = "pot"
OUT = "out"  # holdings out of play for good (a used bus ticket)
ACCOUNTS = (BANK, POT)


@frozen
class Transfer(Frozen):
    payer: str
    payee: str
    amount: int


Transfers = tuple[Transfer, ...]


@frozen
class Event(Frozen):
    """Base of every event. `transfers` are the money legs of this event."""

    registry: ClassVar[dict[str, type[Event]]] = {}
    type: ClassVar[str] = "Event"  # the class's name, as the ledger stores it (an attribute: no call per event)
    transfers: Transfers = field(default=(), kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Event.registry[cls.__name__] = cls
        cls.type = cls.__name__

    def payload(self) -> dict[str, Any]:
        """The JSON-ready body of the event (everything but its type)."""
        body: dict[str, Any] = {}
        for name in _field_order(type(self)):
            value = getattr(self, name)
            if name == "transfers":
                value = [[t.payer, t.payee, t.amount] for t in value]
            elif isinstance(value, tuple):
                value = list(value)
            body[name] = value
        return body


class EventDecodeError(ValueError):
    pass


@cache
def _field_order(cls: type[Event]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _field_names(cls: type[Event]) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


@cache
def _later_fields(cls: type[Event]) -> dict[str, Any]:
    """Fields with a default: a payload written before such a field was added reads as that default."""
    return {f.name: f.default for f in dataclasses.fields(cls)
            if f.name != "transfers" and f.default is not dataclasses.MISSING}


def decode(type_name: str, payload: dict[str, Any]) -> Event:
    """Rebuild an event from its stored type and payload; raises EventDecodeError. The payload is left as it is."""
    if not isinstance(payload, dict):
        raise EventDecodeError("payload is not an object")
    return decode_owned(type_name, dict(payload))


_new = object.__new__
_set = object.__setattr__


_LEGS: dict[tuple[str, str, int], Transfer] = {}  # the same legs come back all game long: one (frozen) object each


def _transfer(leg: Any) -> Transfer:
    payer, payee, amount = leg
    plain = type(payer) is str and type(payee) is str and type(amount) is int  # never True for 1: the fold checks
    if plain and (known := _LEGS.get((payer, payee, amount))) is not None:
        return known
    transfer = _new(Transfer)
    _set(transfer, "__dict__", {"payer": payer, "payee": payee, "amount": amount})
    if plain:
        if len(_LEGS) >= 4096:
            _LEGS.clear()
        _LEGS[payer, payee, amount] = transfer
    return transfer


def _shape(type_name: str) -> tuple[type[Event], frozenset[str], dict[str, Any]]:
    """An event type's class, field names and later fields' defaults, looked up once per type name."""
    cls = Event.registry.get(type_name)
    if cls is None:
        raise EventDecodeError(f"unknown event type {type_name!r}")
    shape = _SHAPES[type_name] = (cls, _field_names(cls), _later_fields(cls))
    return shape


_SHAPES: dict[str, tuple[type[Event], frozenset[str], dict[str, Any]]] = {}


def decode_owned(type_name: str, payload: dict[str, Any]) -> Event:
    """`decode` for a payload the caller hands over (fresh from the JSON decoder): it becomes the event's fields.

    A stored payload holds every field it had when written (see `payload`), so the keys are checked
    as a set and the frozen instance takes the dict as it is: replaying 100,000 events stays fast.
    """
    cls, names, later = _SHAPES.get(type_name) or _shape(type_name)
    if type(payload) is not dict and not isinstance(payload, dict):
        raise EventDecodeError("payload is not an object")
    keys = payload.keys()
    if keys != names:
        missing = names - keys
        if not (keys <= names and missing <= later.keys()):  # transfers is never a later field
            extra = sorted(keys - names)
            raise EventDecodeError(f"bad {type_name} payload: missing {sorted(missing)}, unknown {extra}")
        for name in missing:
            payload[name] = later[name]
    try:
        for name, value in payload.items():
            if type(value) is list:
                payload[name] = tuple(map(_transfer, value)) if name == "transfers" else tuple(value)
        if type(payload["transfers"]) is not tuple:
            raise TypeError("transfers is not a list")
    except (TypeError, ValueError) as error:
        raise EventDecodeError(f"bad {type_name} payload: {error}") from None
    event = _new(cls)
    _set(event, "__dict__", payload)
    return event


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


# -- Sore Losers: Mr. Monopoly and the final rent round ------------------------


@frozen
class MrMonopolyTaken(Event):
    """Four coins cashed in: `player` takes the token from `previous` (empty when nobody had it)."""

    player: str
    previous: str = ""


@frozen
class PlayerTrapped(Event):
    """Mr. Monopoly landed on `player`: trapped until released or the next trap."""

    mr_monopoly: str
    player: str


@frozen
class PlayerReleased(Event):
    player: str


@frozen
class RentReversed(Event):
    """Mr. Monopoly landed on `owner`'s deed: the owner pays him the rent."""

    mr_monopoly: str
    owner: str
    deed: str
    dice: int = 0
    basis: str = ""


@frozen
class TaxCollected(Event):
    """Mr. Monopoly on a tax or bill space: the bank pays him the amount."""

    player: str
    space: str
    basis: str = ""


@frozen
class FreeHousePlaced(Event):
    """Doubles while someone is Mr. Monopoly: one free house from the bank on any street."""

    player: str
    deed: str
    level: int


@frozen
class FinalRoundPlayed(Event):
    """Opens the final rent round; the rents follow as FinalRentCollected events."""


@frozen
class FinalRentCollected(Event):
    player: str
    deed: str
    basis: str = ""


# -- Monopoly City: the trading unit, blocks and planning permission ----------


@frozen
class BuildSpun(Event):
    """One press of the Build button: "1", "2", "3" blocks this turn, or "railroad" (one free railroad)."""

    player: str
    result: str


@frozen
class BlocksBuilt(Event):
    """`kind`: residential | industrial."""

    player: str
    deed: str
    kind: str
    count: int


@frozen
class RailroadPlaced(Event):
    player: str
    deed: str


@frozen
class PlanningBuilt(Event):
    """A hazard or a bonus building (`kind`), free, on a district."""

    player: str
    deed: str
    kind: str
    name: str


@frozen
class HazardCleared(Event):
    player: str
    deed: str
    basis: str = ""


@frozen
class StadiumBuilt(Event):
    player: str
    deed: str


@frozen
class TowerBuilt(Event):
    player: str
    deed: str


@frozen
class RentDodged(Event):
    """The Rent Dodge card used: no rent on this landing (the card goes back in the same action)."""

    player: str
    deed: str


@frozen
class ClockStarted(Event):
    """A timed game's clock (re)started: `minutes` from `started` (ISO time); 0 minutes = no clock."""

    minutes: int
    started: str


# -- jail and cards held ----------------------------------------------------


@frozen
class JailEntered(Event):
    """`keeps_turn`: sent by Mr. Monopoly, the player keeps their next turn, the first jail roll (001:338)."""

    player: str
    keeps_turn: bool = False


@frozen
class JailLeft(Event):
    """how: bail | card | doubles."""

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


# -- tokens followed from the dice (a game with `--follow-tokens`) -------------


@frozen
class DiceRolled(Event):
    """The dice as the table rolled them; `speed` is the speed die's face ("1"-"3", "bus", "mr") or ""."""

    player: str
    dice: tuple[int, ...]
    speed: str = ""


@frozen
class TokenMoved(Event):
    """A token goes to a board index; `how`: the roll, a card, a bus ride, or a correction (no money)."""

    player: str
    position: int
    space: str  # the space's name, so the ledger reads without the board
    how: str
    passed_go: bool = False


@frozen
class RollPassed(Event):
    """Whose roll it is now, and the doubles already rolled in that turn (doubles keep the turn)."""

    player: str
    doubles: int = 0
    anywhere: str = ""  # triples: this player moves to any space next (000, 002)


@frozen
class JailRollFailed(Event):
    """A roll in jail without doubles: the third one pays the fine and moves (003)."""

    player: str


# -- what the table waits for before the next roll ---------------------------


@frozen
class DecisionAwaited(Event):
    """A landing left a decision to the table (see `state.Wait`); the event that makes it settles it (fold)."""

    player: str
    kind: str
    space: str
    detail: str = ""


@frozen
class LandingNoted(Event):
    """A landing where nothing is due or to decide, said in the roll's line ("Ann's own Boardwalk: nothing to pay")."""

    player: str
    space: str
    note: str


@frozen
class DebtRecorded(Event):
    """A payment the player could not make from cash, its amount fixed now; nobody is overdrawn (no legs)."""

    player: str
    creditor: str
    amount: int
    why: str


@frozen
class DebtSettled(Event):
    """A recorded debt paid in full (`settle`): its one money leg."""

    player: str
    creditor: str
    amount: int
    why: str


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
