"""Monopoly City's events: the trading unit's Build spin, blocks, railroads, planning permission (hazards and
bonus buildings), stadiums, the tower, the Rent Dodge card and the game clock (rulebook 004)."""

from __future__ import annotations

from .events_base import Event, frozen

# -- Monopoly City: the trading unit, blocks and planning permission ----------


@frozen
class BuildSpun(Event):
    """One press of the Build button: "1", "2", "3" blocks this turn, or "railroad" (one free railroad)."""

    player: str
    result: str


@frozen
class BuildTurnOver(Event):
    """A followed table: the player's next roll ends the Build press of their turn before, with what was left of it
    (004:155 "once per turn"; doubles give another turn, 004:83)."""

    player: str


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
