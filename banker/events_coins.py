"""Monopoly for Sore Losers' events: Mr. Monopoly, his traps and reversed rents and taxes, free houses, the
final rent round (rulebook 001)."""

from __future__ import annotations

from .events_base import Event, frozen

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
class FreeHouseDeclined(Event):
    """The free house that doubles left waiting at a followed table is not placed (`place none`)."""

    player: str


@frozen
class FinalRoundPlayed(Event):
    """Opens the final rent round; the rents follow as FinalRentCollected events."""


@frozen
class FinalRentCollected(Event):
    player: str
    deed: str
    basis: str = ""
