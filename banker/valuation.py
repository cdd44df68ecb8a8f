"""End-of-game valuation: what each player is worth, part by part."""

from __future__ import annotations

from dataclasses import dataclass

from .state import HOTEL, GameState


@dataclass(frozen=True)
class Worth:
    name: str
    cash: int
    deeds: int  # list price, or the mortgage value of a mortgaged deed
    buildings: int  # what they cost; a hotel = its cost plus the four houses given up
    bankrupt: bool

    @property
    def net_worth(self) -> int:
        return self.cash + self.deeds + self.buildings


def worth(state: GameState, player: str) -> Worth:
    deeds = buildings = 0
    for name in state.deeds_of(player):
        holding, card = state.deeds[name], state.deed(name)
        deeds += card.mortgage if holding.mortgaged else card.price
        if holding.level == HOTEL:
            buildings += card.hotel_cost + 4 * card.house_cost
        else:
            buildings += holding.level * card.house_cost
    return Worth(player, state.cash(player), deeds, buildings, player in state.bankrupt)


def score(state: GameState) -> tuple[list[Worth], str | None]:
    """Every player's worth and the winner: the last one standing, else the richest."""
    table = [worth(state, p) for p in state.players]
    standing = [w for w in table if not w.bankrupt]
    if not standing:
        return table, None
    if len(standing) == 1:
        return table, standing[0].name
    best = max(w.net_worth for w in standing)
    leaders = [w.name for w in standing if w.net_worth == best]
    return table, leaders[0] if len(leaders) == 1 else None


def score_json(state: GameState) -> dict:
    table, winner = score(state)
    return {
        "players": [{"name": w.name, "cash": w.cash, "net_worth": w.net_worth,
                     "deeds": w.deeds, "buildings": w.buildings, "bankrupt": w.bankrupt} for w in table],
        "winner": winner,
    }
