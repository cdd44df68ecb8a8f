"""Checks shared by the reliability tests: the table's invariants and the ledger read afresh.

Not a test module: the random-play, crash, fuzz and two-writer tests import it so
they all judge a game by the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from banker import events as ev
from banker.fold import fold
from banker.ledger import LedgerStore, Record, decode_records
from banker.state import HOTEL, GameState


def full_state(state: GameState) -> dict[str, Any]:
    """Everything the fold decides, including what `to_json` leaves out (bank cash, card decks, the auction queue)."""
    auction = state.auction
    return {
        "accounts": dict(state.accounts),
        "deeds": {name: (h.owner, h.mortgaged, h.level) for name, h in state.deeds.items()},
        "bank": (state.bank_houses, state.bank_hotels),
        "jail_cards": {p: list(decks) for p, decks in state.jail_cards.items()},
        "in_jail": sorted(state.in_jail),
        "bankrupt": sorted(state.bankrupt),
        "auction": None if auction is None else (auction.deed, auction.high_bid, auction.high_bidder),
        "to_auction": list(state.to_auction),
    }


def table_problems(state: GameState) -> list[str]:
    """Every way the table breaks the bank's invariants (empty when the books hold)."""
    problems: list[str] = []
    edition = state.edition
    if sum(state.accounts.values()) != 0:
        problems.append(f"accounts sum to {sum(state.accounts.values())}, not zero")
    for account, cash in state.accounts.items():
        if account != ev.BANK and cash < 0:
            problems.append(f"{account} holds {cash}, below zero")
    if set(state.deeds) != set(edition.deeds):
        problems.append("the deeds on the table are not the edition's deeds")
    owners = {ev.BANK, *state.players}
    for name, holding in state.deeds.items():
        if holding.owner not in owners:
            problems.append(f"{name} is held by {holding.owner!r}, neither the bank nor a player")
        if not 0 <= holding.level <= HOTEL:
            problems.append(f"{name} has building level {holding.level}")
        if holding.level and (holding.owner == ev.BANK or state.deed(name).kind != "street"):
            problems.append(f"{name} has buildings but is held by {holding.owner} ({state.deed(name).kind})")
        if holding.level and holding.mortgaged:
            problems.append(f"{name} is mortgaged with buildings on it")
    listed = [p["name"] for player in state.to_json()["players"] for p in player["properties"]]
    if len(listed) != len(set(listed)):
        problems.append(f"a deed is listed under two players: {sorted(listed)}")
    for player in state.to_json()["players"]:
        for prop in player["properties"]:
            if prop["hotel"] and prop["houses"]:
                problems.append(f"{prop['name']} shows a hotel and {prop['houses']} houses")
    houses = sum(h.level for h in state.deeds.values() if h.level < HOTEL)
    hotels = sum(1 for h in state.deeds.values() if h.level == HOTEL)
    if state.bank_houses + houses != edition.houses:
        problems.append(f"bank houses {state.bank_houses} + {houses} on deeds != {edition.houses}")
    if state.bank_hotels + hotels != edition.hotels:
        problems.append(f"bank hotels {state.bank_hotels} + {hotels} on deeds != {edition.hotels}")
    for name, holding in state.deeds.items():
        if not holding.level:
            continue
        group = state.group(name)
        if not state.owns_group(holding.owner, name):
            problems.append(f"{name} is built on but {holding.owner} does not hold all of {group}")
        if any(state.deeds[d].mortgaged for d in group):
            problems.append(f"{name}'s group has buildings and a mortgaged deed")
        levels = [state.deeds[d].level for d in group]
        if max(levels) - min(levels) > 1:
            problems.append(f"{name}'s group is built unevenly: {levels}")
    for player in state.bankrupt:
        if state.accounts[player] or state.deeds_of(player) or state.jail_cards[player]:
            problems.append(f"{player} is bankrupt but still holds cash, deeds or cards")
    held = [deck for decks in state.jail_cards.values() for deck in decks]
    if len(held) != len(set(held)):
        problems.append(f"a Get Out of Jail Free card is held twice: {held}")
    return problems


def actions_of(records: Sequence[Record]) -> list[tuple[int, list[ev.Event]]]:
    """The ledger's rows grouped into actions, as the fold takes them."""
    actions: list[tuple[int, list[ev.Event]]] = []
    for record, event in decode_records(records):
        if actions and actions[-1][0] == record.action:
            actions[-1][1].append(event)
        else:
            actions.append((record.action, [event]))
    return actions


def fold_records(records: Sequence[Record]) -> GameState:
    return fold(actions_of(records))


def records_of(path: Path) -> list[Record]:
    """Every stored event of a game file, read afresh."""
    store = LedgerStore.open(path)
    try:
        return store.records()
    finally:
        store.close()


def one_line(message: str) -> bool:
    """A refusal a terminal shows as one line: non-empty, no line break of any kind."""
    return bool(message.strip()) and len(message.splitlines()) == 1 and "\n" not in message
