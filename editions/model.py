"""An edition as the game reads it: frozen data, validated once from its TOML (see `validate.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class Deed:
    name: str
    kind: str  # street | railroad | utility
    position: int
    group: str
    price: int
    mortgage: int
    rent: tuple[int, ...] = ()  # streets: base, 1-4 houses, hotel[, skyscraper]
    house_cost: int = 0
    hotel_cost: int = 0
    skyscraper_cost: int = 0  # 0: this deed takes no skyscraper
    residential_cost: int = 0  # Monopoly City districts: per block
    industrial_cost: int = 0


@dataclass(frozen=True)
class HoldingKind:
    """A countable thing players hold and the bank supplies (bus tickets, sore-loser coins...).

    One model for all of them: the state counts them per account, `HoldingMoved` moves
    them, trades carry them, and `state --json` shows them under `json_key`.
    """

    key: str  # bus_ticket
    name: str  # bus ticket
    plural: str  # bus tickets
    word: str  # the command-language word: ticket
    supply: int  # how many the game has in all
    start: int = 0  # each player's share at the start
    max_held: int = 0  # the most one player may hold; 0 = no limit
    json_key: str = ""
    taken_on: str = ""  # a space type where landing takes it from whoever holds it (City: free_parking)
    awarded_for: tuple[str, ...] = ()  # what earns one from the bank: rent, tax, jail (Sore Losers coins)

    def count(self, n: int) -> str:
        return f"{n} {self.name if n == 1 else self.plural}"


@dataclass(frozen=True)
class Planning:
    """A Monopoly City hazard or bonus building: free, and how many blocks of space it takes."""

    name: str
    blocks: int


@dataclass(frozen=True)
class Space:
    position: int
    name: str
    type: str
    amount: int = 0  # tax spaces


@dataclass(frozen=True)
class Card:
    deck: str
    key: str
    title: str
    effect: str
    amount: int = 0
    per_house: int = 0
    per_hotel: int = 0
    per_skyscraper: int = 0
    per_depot: int = 0
    coins: int = 0  # Sore Losers: the card says to collect a sore-loser coin
    target: str = ""  # advance: the space name
    kind: str = ""  # advance_nearest: railroad | utility
    rent_multiplier: int = 1
    dice_multiplier: int = 0
    spaces: int = 0


@dataclass(frozen=True)
class Edition:
    id: str
    name: str
    currency: str
    min_players: int
    max_players: int
    starting_cash: int
    go_salary: int
    jail_fine: int
    houses: int
    hotels: int
    auction_min_bid: int
    mortgage_interest_pct: int
    group_rent_multiplier: int
    mortgage_breaks_group_rent: bool
    railroad_rent: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    spaces: tuple[Space, ...]
    deeds: dict[str, Deed]
    cards: tuple[Card, ...]
    skyscrapers: int = 0
    depots: int = 0
    depot_cost: int = 0
    depot_sellback: int = 0
    build_needs: str = "whole_group"  # or all_but_one (Mega: build once you own all but one of a group)
    speed_die: bool = False  # three dice: totals 2-15
    speed_die_house_rule: bool = True  # the speed die may be added (002 is written for a classic board)
    sell_buildings: bool = True
    mr_monopoly: bool = False  # Sore Losers: four coins cash in for the Mr. Monopoly token
    final_rent_round: bool = False  # Sore Losers: `final` pays every owner their rents, then most cash wins
    winner_by: str = "net_worth"  # or cash
    bankruptcy_auction: bool = True  # deeds a bankruptcy returns to the bank are auctioned
    bankruptcy_interest: bool = True  # a player creditor pays the 10% on mortgaged deeds received (not Sore Losers)
    no_loans: bool = True  # a trade of cash alone between players is a loan, which the rulebooks forbid
    money_style: str = "plain"  # millions: M500k, M2m, M3.5m (Monopoly City)
    mortgage_value: str = "printed"  # rent_value: a district mortgages for its current rent value (City)
    valuation: str = "list_price"  # rent_value: the end counts each district at its rent value (City)
    timed_auctions: bool = False  # the 50-second auction timer is the default (City's trading unit)
    smallest_note: int = 1  # a typed amount must be whole notes: Monopoly City's smallest is M10k
    stadiums: int = 0
    towers: int = 0
    max_blocks: int = 0
    stadium_cost: int = 0
    stadium_go_bonus: int = 0
    tower_cost: int = 0
    hazard_clear_per_block: int = 0
    hazards: dict[str, Planning] = field(default_factory=dict)
    bonuses: dict[str, Planning] = field(default_factory=dict)
    holdings: dict[str, HoldingKind] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    about: str = ""
    rulebook: str = ""  # the number of its rulebook in shared/rulebooks (003 ...), which the app cites
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def group_of(self, deed: str) -> tuple[str, ...]:
        """All deeds of the same colour group (or all railroads, or all utilities), in the edition's order."""
        return self._groups[deed]

    @cached_property
    def deed_names(self) -> tuple[str, ...]:
        """The deeds' names in board order, one tuple for the edition (the command language matches against it)."""
        return tuple(self.deeds)

    @cached_property
    def _groups(self) -> dict[str, tuple[str, ...]]:
        """Each deed's group, gathered once: rent, building and trading ask for it at every action."""
        members: dict[str, list[str]] = {}
        for d in self.deeds.values():
            members.setdefault(d.group, []).append(d.name)
        return {d.name: tuple(members[d.group]) for d in self.deeds.values()}

    def money(self, amount: int) -> str:
        """As the game prints it: $1,500, or M500k / M2m / M3.5m in Monopoly City."""
        if self.money_style == "millions":
            sign = "-" if amount < 0 else ""
            value = abs(amount)
            if value >= 1_000_000:
                return f"{sign}{self.currency}{value / 1_000_000:,.6f}".rstrip("0").rstrip(".") + "m"
            if value >= 1000:
                return f"{sign}{self.currency}{value / 1000:,.3f}".rstrip("0").rstrip(".") + "k"
            return f"{sign}{self.currency}{value}"
        return f"{self.currency}{amount:,}"

    @property
    def has_skyscrapers(self) -> bool:
        return self.skyscrapers > 0

    @property
    def has_depots(self) -> bool:
        return self.depots > 0

    def supplies(self) -> dict[str, int]:
        """The bank's building pieces at the start, by kind (only the kinds this edition has)."""
        pieces = {"houses": self.houses, "hotels": self.hotels}
        for kind, count in (("skyscrapers", self.skyscrapers), ("depots", self.depots),
                            ("stadiums", self.stadiums), ("towers", self.towers)):
            if count:
                pieces[kind] = count
        return pieces

    def term(self, word: str) -> str:
        """The table's own word for a thing in this edition (e.g. railroad -> station)."""
        return self.terms.get(word, word)
