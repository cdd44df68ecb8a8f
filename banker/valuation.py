"""End-of-game valuation: what each player is worth, part by part."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import events as ev
from .ledger import Record, decode_records
from .rules.buildings import building_cost
from .rules.rent import rent_due
from .state import GameState
from .timeline import Timeline


@dataclass(frozen=True)
class Worth:
    name: str
    cash: int
    deeds: int  # list price, or the mortgage value of a mortgaged deed
    buildings: int  # what they cost: a hotel counts the four houses given up, a skyscraper its hotel; depots
    bankrupt: bool

    @property
    def net_worth(self) -> int:
        return self.cash + self.deeds + self.buildings


def worth(state: GameState, player: str) -> Worth:
    deeds = buildings = 0
    by_rent = state.edition.valuation == "rent_value"  # City: "the rent value of all the districts you own"
    for name in state.deeds_of(player):
        holding, card = state.deeds[name], state.deed(name)
        if by_rent:
            deeds += rent_due(state, name)
            continue
        deeds += card.mortgage if holding.mortgaged else card.price
        buildings += building_cost(state, name)
    return Worth(player, state.cash(player), deeds, buildings, player in state.bankrupt)


def score(state: GameState) -> tuple[list[Worth], str | None]:
    """Every player's worth and the winner: the last one standing, else the richest by the
    edition's measure (net worth; Sore Losers: cash, "the player with the most wins")."""
    table = [worth(state, p) for p in state.players]
    standing = [w for w in table if not w.bankrupt]
    if not standing:
        return table, None
    if len(standing) == 1:
        return table, standing[0].name
    best = max(ranking_value(state, w) for w in standing)
    leaders = [w.name for w in standing if ranking_value(state, w) == best]
    return table, leaders[0] if len(leaders) == 1 else None


def ranking_value(state: GameState, w: Worth) -> int:
    return w.cash if state.edition.winner_by == "cash" else w.net_worth


def district_values(state: GameState, player: str) -> list[tuple[str, int, bool]]:
    """City: each district the player owns with its rent value now (0 while mortgaged)."""
    return [(d, rent_due(state, d), state.deeds[d].mortgaged) for d in state.deeds_of(player)]


def score_json(state: GameState, final_lines: Sequence[tuple[str, str, int]] = ()) -> dict:
    table, winner = score(state)
    body: dict = {
        "players": [{"name": w.name, "cash": w.cash, "net_worth": w.net_worth,
                     "deeds": w.deeds, "buildings": w.buildings, "bankrupt": w.bankrupt} for w in table],
        "winner": winner,
        "ranked_by": state.edition.winner_by,
    }
    if state.edition.valuation == "rent_value":
        for row in body["players"]:
            row["districts"] = [{"name": d, "rent_value": v, "mortgaged": m}
                                for d, v, m in district_values(state, row["name"])]
    if state.edition.final_rent_round:
        body["final_round"] = [{"player": p, "deed": d, "rent": amount} for p, d, amount in final_lines]
    return body


def final_round_lines(events: Sequence[ev.Event]) -> list[tuple[str, str, int]]:
    """The final rent round, line by line (player, deed, rent), from the counted events."""
    return [(e.player, e.deed, sum(t.amount for t in e.transfers))
            for e in events if isinstance(e, ev.FinalRentCollected)]


def _actions(records: Sequence[Record]) -> list[tuple[int, list[ev.Event]]]:
    """Stored events grouped into actions, in order."""
    grouped: list[tuple[int, list[ev.Event]]] = []
    for record, event in decode_records(records):
        if grouped and grouped[-1][0] == record.action:
            grouped[-1][1].append(event)
        else:
            grouped.append((record.action, [event]))
    return grouped


def net_worth_over_time(records: Sequence[Record]) -> dict[str, list[int]]:
    """Each player's net worth after the start and after every action that counts now.

    Undone actions are left out, so the curve is the game the table actually played;
    point 0 is the starting cash.
    """
    grouped = _actions(records)
    if not grouped:
        return {}
    first, (opening, *_) = grouped[0]
    if not isinstance(opening, ev.GameStarted):
        raise ValueError("the ledger does not begin with GameStarted")
    played = Timeline(first, opening)
    for number, events in grouped[1:]:
        played.add(number, events)
    replay = Timeline(first, opening)
    players = replay.state.players
    curves: dict[str, list[int]] = {p: [worth(replay.state, p).net_worth] for p in players}
    for number in played.counted[1:]:
        replay.add(number, played.actions[number])
        for player in players:
            curves[player].append(worth(replay.state, player).net_worth)
    return curves
