"""What the table looks like after the events: the state the fold produces.

The state is plain data. The fold works on a private copy (`GameState.copy`), so a
state handed out is never changed afterwards.
"""

from __future__ import annotations

import copy
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from editions import Deed, Edition

from .events import BANK, OUT, POT
from .frozen import Frozen, frozen
from .waits import Debt, Wait, waiting_json

FOLLOW_TOKENS = "follow-tokens"  # the house rule of a game whose tokens Banker moves from the dice

HOTEL = 5  # building level of a hotel: after four houses
SKYSCRAPER = 6  # Mega: built on a hotel, which goes back to the bank


def uses_speed_die(state: GameState) -> bool:
    """Mega rolls the speed die always; the classic boards under the speed-die house rule (002)."""
    return state.edition.speed_die or "speed-die" in state.house_rules


@frozen
class Holding(Frozen):
    """One deed: who holds it and what is on it. Frozen: the fold replaces it, so copies share it."""

    owner: str = BANK
    mortgaged: bool = False
    level: int = 0  # 0-4 houses, 5 = hotel, 6 = skyscraper (Monopoly City: 6 = the group's skyscraper)
    depot: bool = False  # a railroad's train depot (Mega)
    residential: int = 0  # Monopoly City blocks
    industrial: int = 0
    hazard: str = ""  # Monopoly City planning permission: a hazard's name, or a bonus building's
    bonus: str = ""
    stadium: bool = False
    railroad: bool = False  # Monopoly City: a free railroad on the district's track space
    tower: bool = False  # the Monopoly Tower
    mortgaged_for: int = 0  # Monopoly City: the rent value the mortgage paid, and what buying it back costs

    @property
    def houses(self) -> int:
        return self.level if self.level < HOTEL else 0

    @property
    def hotel(self) -> bool:
        return self.level == HOTEL

    @property
    def skyscraper(self) -> bool:
        return self.level == SKYSCRAPER

    @property
    def improved(self) -> bool:
        """Anything built on it: houses, a hotel, a skyscraper or a depot."""
        return bool(self.level) or self.depot

    @property
    def blocks(self) -> int:
        """Monopoly City: residential and industrial blocks (the 8-block limit counts only these)."""
        return self.residential + self.industrial


def pieces(level: int) -> dict[str, int]:
    """The building pieces that stand on a street at this level."""
    if level == SKYSCRAPER:
        return {"skyscrapers": 1}
    if level == HOTEL:
        return {"hotels": 1}
    return {"houses": level}


@frozen
class Spin(Frozen):
    """The trading unit's Build press: blocks (1-3) or a free railroad, for one player's turn."""

    player: str
    blocks_left: int = 0
    railroad: bool = False


@frozen
class Clock(Frozen):
    """A timed game: `minutes` from `started` (an ISO time written into the ledger when it started)."""

    minutes: int
    started: str


@frozen
class Tokens(Frozen):
    """Where each token stands and whose roll it is, in a game that follows the tokens from the dice.

    Frozen and indexed by the players' seating order, so a copy of the state shares it.
    """

    positions: tuple[int, ...]  # board index per player, 0 = GO
    roll: str  # whose roll it is
    doubles: int = 0  # doubles rolled so far in this turn
    jail_rolls: tuple[int, ...] = ()  # rolls failed in jail per player (the third pays the fine and moves)
    passed_go: frozenset[str] = frozenset()  # players who have passed GO once (the speed die starts then, 002)
    anywhere: str = ""  # a player whose triples let them move to any space (000, 002)
    placed: frozenset[str] = frozenset()  # tokens a correction put where they stand: their landing is the banker's


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
    supply: dict[str, int]  # the bank's building pieces by kind: houses, hotels, skyscrapers, depots
    held: dict[str, dict[str, int]]  # holding kind -> account (players, bank, out) -> count
    jail_cards: dict[str, list[str]]  # player -> decks of the cards they hold
    in_jail: set[str] = field(default_factory=set)
    bankrupt: set[str] = field(default_factory=set)
    auction: Auction | None = None
    to_auction: list[str] = field(default_factory=list)  # deeds a bankruptcy left to the bank
    mr_monopoly: str = ""  # Sore Losers: the player holding the Mr. Monopoly token
    trapped: set[str] = field(default_factory=set)  # players Mr. Monopoly landed on, until released
    final_round: bool = False  # Sore Losers: the final rent round was played
    spin: Spin | None = None  # Monopoly City: the latest Build press and what is left of it
    clock: Clock | None = None  # a timed game's clock (Monopoly City), its start in the ledger
    time_limit: Clock | None = None  # `banker new --time-limit`: when it runs out, the last round
    last_round: bool = False  # the last round was called (the time limit ran out)
    ended: bool = False  # the banker said the last round is over (a game whose tokens are not followed)
    tokens: Tokens | None = None  # only in a game that follows the tokens (`--follow-tokens`)
    waiting: tuple[Wait, ...] = ()  # what must be decided before the next roll (a game that follows the tokens)
    debts: tuple[Debt, ...] = ()  # payments due that cash could not cover, each fixed when it fell due

    @classmethod
    def new(cls, edition: Edition, players: tuple[str, ...], house_rules: frozenset[str]) -> GameState:
        return cls(
            edition=edition,
            players=players,
            house_rules=house_rules,
            accounts={BANK: 0, POT: 0, **{p: 0 for p in players}},
            deeds={name: Holding() for name in edition.deeds},
            supply=edition.supplies(),
            held={kind.key: {BANK: kind.supply - kind.start * len(players), OUT: 0,
                             **{p: kind.start for p in players}}
                  for kind in edition.holdings.values()},
            jail_cards={p: [] for p in players},
            tokens=(Tokens((0,) * len(players), players[0], jail_rolls=(0,) * len(players))
                    if FOLLOW_TOKENS in house_rules else None),
        )

    def copy(self, parts: Collection[str] | None = None) -> GameState:
        """A copy the fold may change. Given `parts` (the containers an action changes in place: "deeds", "held",
        "supply"; see `fold.CHANGES`), only those and the accounts are its own, and it shares the rest with this
        state, which must then never change them: a payment, a rent or a salary copies one small dict instead of
        every deed, supply and holding (3 of an action's 25 us, with the caches cold after its wait for the disk)."""
        clone = object.__new__(type(self))  # copy.copy, without its generic (and slower) reduce protocol
        clone.__dict__.update(self.__dict__)
        clone.accounts = dict(self.accounts)
        if parts is not None:
            if "deeds" in parts:
                clone.deeds = dict(self.deeds)
            if "supply" in parts:
                clone.supply = dict(self.supply)
            if "held" in parts:
                held = self.held
                clone.held = dict(zip(held, map(dict, held.values()), strict=True))
            return clone
        clone.deeds = dict(self.deeds)
        clone.supply = dict(self.supply)
        held, jail_cards = self.held, self.jail_cards
        clone.held = dict(zip(held, map(dict, held.values()), strict=True))  # no comprehension: no function per copy
        clone.jail_cards = dict(zip(jail_cards, map(list, jail_cards.values()), strict=True))
        clone.in_jail = set(self.in_jail)
        clone.bankrupt = set(self.bankrupt)
        clone.auction = None if self.auction is None else copy.copy(self.auction)
        clone.to_auction = list(self.to_auction)
        clone.trapped = set(self.trapped)
        return clone

    # -- questions the rules ask ---------------------------------------------

    def position(self, player: str) -> int:
        assert self.tokens is not None
        return self.tokens.positions[self.players.index(player)]

    @property
    def whose_roll(self) -> str:
        """The player who rolls next: the one named, or the next still playing after them."""
        assert self.tokens is not None
        return self.next_player(self.tokens.roll, include=True)

    def next_player(self, player: str, include: bool = False) -> str:
        """The next player in seating order still in the game (`include`: `player` themself if still in)."""
        order = self.players[self.players.index(player):] + self.players[:self.players.index(player)]
        for name in order if include else order[1:] + order[:1]:
            if name not in self.bankrupt:
                return name
        return player

    @property
    def game_over(self) -> bool:
        """A game with a time limit is over once its last round is: in a game that follows the tokens, when the
        roll is back with the first player still in, nothing waits and no doubles are pending; else when the
        banker says so (`end`)."""
        if not self.last_round:
            return False
        if self.ended or self.tokens is None:
            return self.ended
        active = self.active_players
        return (len(active) < 2 or (self.whose_roll == active[0] and not self.tokens.doubles
                                    and not self.waiting and not self.debts and self.auction is None))

    def cash(self, account: str) -> int:
        return self.accounts[account]

    @property
    def bank_houses(self) -> int:
        return self.supply["houses"]

    @property
    def bank_hotels(self) -> int:
        return self.supply["hotels"]

    def count(self, kind: str, account: str) -> int:
        """How many of a holding kind (bus_ticket, coin...) an account holds."""
        return self.held[kind][account]

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
        """Buildings anywhere on a street's group; a railroad counts only its own depot (000)."""
        if self.deed(deed).kind == "railroad":
            return self.deeds[deed].depot
        if self.edition.build_needs == "all_but_one":  # Mega: only the owner's own buildings tie the deed down
            owner = self.deeds[deed].owner
            return any(self.deeds[d].level for d in self.group(deed) if self.deeds[d].owner == owner)
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
        edition = self.edition
        players = []
        for name in self.players:
            properties = []
            for d, h in self.deeds.items():
                if h.owner != name:
                    continue
                row: dict[str, Any] = {"name": d, "mortgaged": h.mortgaged, "houses": h.houses, "hotel": h.hotel}
                if edition.has_skyscrapers:
                    row["skyscraper"] = h.skyscraper
                if edition.has_depots:
                    row["depot"] = h.depot
                if edition.max_blocks:
                    row.update(residential=h.residential, industrial=h.industrial, hazard=h.hazard or None,
                               bonus=h.bonus or None, skyscraper=h.skyscraper, stadium=h.stadium,
                               railroad=h.railroad, tower=h.tower)
                properties.append(row)
            player: dict[str, Any] = {
                "name": name,
                "cash": self.accounts[name],
                "bankrupt": name in self.bankrupt,
                "in_jail": name in self.in_jail,
                "goojf": len(self.jail_cards[name]),
                "properties": properties,
            }
            for kind in edition.holdings.values():
                player[kind.json_key] = self.held[kind.key][name]
            if edition.mr_monopoly:
                player["mr_monopoly"] = self.mr_monopoly == name
                player["trapped"] = name in self.trapped
            players.append(player)
        bank: dict[str, Any] = dict(self.supply)
        for kind in edition.holdings.values():
            bank[kind.json_key] = self.held[kind.key][BANK]
        auction = None
        if self.auction is not None:
            auction = {
                "deed": self.auction.deed,
                "high_bid": self.auction.high_bid,
                "high_bidder": self.auction.high_bidder or None,
            }
        body = {
            "edition": self.edition.id,
            "players": players,
            "bank": bank,
            "parking_pot": self.accounts[POT],
            "auction": auction,
        }
        body["waiting"] = waiting_json(self)
        if self.tokens is not None:
            for row, position in zip(players, self.tokens.positions, strict=True):
                row["position"] = position
                row["space"] = edition.spaces[position].name
            body["roll"] = self.whose_roll
        if edition.max_blocks:
            body["spin"] = ({"player": self.spin.player, "blocks_left": self.spin.blocks_left,
                             "railroad": self.spin.railroad} if self.spin else None)
            body["clock"] = {"minutes": self.clock.minutes, "started": self.clock.started} if self.clock else None
        if self.time_limit is not None:
            body["time_limit"] = {"minutes": self.time_limit.minutes, "started": self.time_limit.started}
            body["last_round"] = self.last_round
            body["game_over"] = self.game_over
        return body
