"""What the table looks like after the events: the state the fold produces.

The state is plain data. The fold works on a private copy (`GameState.copy`), so a
state handed out is never changed afterwards.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from editions import Deed, Edition

from .events import BANK, POT

HOTEL = 5  # building level of a hotel: after four houses


@dataclass(frozen=True)
class Holding:
    """One deed: who holds it and what is on it. Frozen: the fold replaces it, so copies share it."""

    owner: str = BANK
    mortgaged: bool = False
    level: int = 0  # 0-4 houses, 5 = hotel

    @property
    def houses(self) -> int:
        return self.level if self.level < HOTEL else 0

    @property
    def hotel(self) -> bool:
        return self.level == HOTEL


@dataclass
class Auction:
    deed: str
    high_bid: int = 0
    high_bidder: str = ""


@dataclass
class GameState:
    edition: Edition
    players: tuple[str, ...]
    house_rules: frozenset[str]
    accounts: dict[str, int]
    deeds: dict[str, Holding]
    bank_houses: int
    bank_hotels: int
    jail_cards: dict[str, list[str]]  # player -> decks of the cards they hold
    in_jail: set[str] = field(default_factory=set)
    bankrupt: set[str] = field(default_factory=set)
    auction: Auction | None = None
    to_auction: list[str] = field(default_factory=list)  # deeds a bankruptcy left to the bank

    @classmethod
    def new(cls, edition: Edition, players: tuple[str, ...], house_rules: frozenset[str]) -> GameState:
        return cls(
            edition=edition,
            players=players,
            house_rules=house_rules,
            accounts={BANK: 0, POT: 0, **{p: 0 for p in players}},
            deeds={name: Holding() for name in edition.deeds},
            bank_houses=edition.houses,
            bank_hotels=edition.hotels,
            jail_cards={p: [] for p in players},
        )

    def copy(self) -> GameState:
        clone = copy.copy(self)
        clone.accounts = dict(self.accounts)
        clone.deeds = dict(self.deeds)
        clone.jail_cards = {p: list(decks) for p, decks in self.jail_cards.items()}
        clone.in_jail = set(self.in_jail)
        clone.bankrupt = set(self.bankrupt)
        clone.auction = copy.copy(self.auction)
        clone.to_auction = list(self.to_auction)
        return clone

    # -- questions the rules ask ---------------------------------------------

    def cash(self, account: str) -> int:
        return self.accounts[account]

    @property
    def active_players(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.bankrupt)

    def deeds_of(self, player: str) -> list[str]:
        return [name for name, h in self.deeds.items() if h.owner == player]

    def deed(self, name: str) -> Deed:
        return self.edition.deeds[name]

    def group(self, deed: str) -> tuple[str, ...]:
        return self.edition.group_of(deed)

    def owns_group(self, player: str, deed: str) -> bool:
        return all(self.deeds[d].owner == player for d in self.group(deed))

    def group_has_buildings(self, deed: str) -> bool:
        return any(self.deeds[d].level for d in self.group(deed))

    @property
    def free_parking(self) -> bool:
        return "free-parking" in self.house_rules

    @property
    def fee_account(self) -> str:
        """Where taxes and fees go: the pot under the Free Parking house rule."""
        return POT if self.free_parking else BANK

    def to_json(self) -> dict[str, Any]:
        """The `state --json` contract (keys are never renamed; editions add keys)."""
        players = []
        for name in self.players:
            properties = [
                {"name": d, "mortgaged": h.mortgaged, "houses": h.houses, "hotel": h.hotel}
                for d, h in self.deeds.items() if h.owner == name
            ]
            players.append({
                "name": name,
                "cash": self.accounts[name],
                "bankrupt": name in self.bankrupt,
                "in_jail": name in self.in_jail,
                "goojf": len(self.jail_cards[name]),
                "properties": properties,
            })
        auction = None
        if self.auction is not None:
            auction = {
                "deed": self.auction.deed,
                "high_bid": self.auction.high_bid,
                "high_bidder": self.auction.high_bidder or None,
            }
        return {
            "edition": self.edition.id,
            "players": players,
            "bank": {"houses": self.bank_houses, "hotels": self.bank_hotels},
            "parking_pot": self.accounts[POT],
            "auction": auction,
        }
