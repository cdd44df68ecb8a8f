"""What a wallet shows, as one JSON document for every phone at once.

Built once per change by the server's watcher and sent as the same bytes to every phone, so
eight phones cost no more than one. Every label is made here from the general model (deed
kinds, `edition.holdings`, the Mr. Monopoly switch, the extra keys an edition adds to a deed's
`state --json` row), so the page itself knows no edition and prints only what it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..describe import DECKS
from ..events import POT
from ..rules.rent import rent_due
from ..state import GameState
from .lines import Line
from .proposals import PENDING, Proposal
from .taps import phone_waits
from .voice import meaning_now

PLAYER_KEYS = {"name", "cash", "bankrupt", "in_jail", "goojf", "properties", "mr_monopoly", "trapped", "position",
               "space"}
DEED_KEYS = {"name", "mortgaged", "houses", "hotel"}


def signed(amount: int, money: Callable[[int], str]) -> str:
    if not amount:
        return ""
    return ("+" if amount > 0 else "−") + money(abs(amount))


def extra_marks(row: dict[str, Any], known: set[str]) -> list[str]:
    """An edition's own keys in a `state --json` row, in words: skyscraper, depot, 3 residential..."""
    marks = []
    for key, value in row.items():
        if key in known or value in (None, False, 0, ""):
            continue
        word = key.replace("_", " ")
        if value is True:
            marks.append(word)
        elif isinstance(value, int):
            marks.append(f"{value} {word}")
        elif isinstance(value, str):
            marks.append(f"{word}: {value}")
    return marks


def landing_cost(state: GameState, deed: str) -> str:
    """What landing on the deed costs right now; dice-based rent says how many times the dice."""
    if state.deeds[deed].mortgaged:
        return "mortgaged: no rent"
    try:
        once, twice = rent_due(state, deed, 1), rent_due(state, deed, 2)
    except (KeyError, IndexError, ValueError, TypeError):  # a deed kind the rent rules do not price yet
        return ""
    if twice != once:
        return f"landing: {once}x the dice"
    return f"landing: {state.edition.money(once)}"


def deed_groups(state: GameState, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A player's deeds by colour group, in board order."""
    groups: dict[str, dict[str, Any]] = {}
    edition = state.edition
    for row in rows:
        name = row["name"]
        card = edition.deeds[name]
        if card.group not in groups:
            label = edition.term(card.group).replace("_", " ")
            if card.group == card.kind and card.kind != "street":  # railroads, utilities: the group is the kind
                label = label[:-1] + "ies" if label.endswith("y") else label + "s"
            owned = sum(1 for d in edition.group_of(name) if state.deeds[d].owner == state.deeds[name].owner)
            size = len(edition.group_of(name))
            groups[card.group] = {"key": card.group, "label": label, "colour": card.group.replace("_", ""),
                                  "owned": f"{owned} of {size}", "deeds": []}
        build = []
        if row.get("hotel"):
            build.append("hotel")
        elif row.get("houses"):
            build.append(f"{row['houses']} house{'s' if row['houses'] != 1 else ''}")
        build += extra_marks(row, DEED_KEYS)
        groups[card.group]["deeds"].append({
            "name": name,
            "build": ", ".join(build),
            "mortgaged": bool(row.get("mortgaged")),
            "rent": landing_cost(state, name),
        })
    return list(groups.values())


def player_view(state: GameState, row: dict[str, Any], lines: Sequence[Line], undone: set[int]) -> dict[str, Any]:
    name, money, edition = row["name"], state.edition.money, state.edition
    badges = [word for word, on in (("bankrupt", row["bankrupt"]), ("in jail", row["in_jail"])) if on]
    if edition.mr_monopoly:
        badges += [w for w, on in (("Mr. Monopoly", state.mr_monopoly == name),
                                   ("trapped by Mr. Monopoly", name in state.trapped)) if on]
    holdings = [f"Get Out of Jail Free ({DECKS.get(deck, deck)})" for deck in state.jail_cards[name]]
    holdings += [kind.count(state.count(kind.key, name)) for kind in edition.holdings.values()
                 if state.count(kind.key, name)]
    holding_keys = {kind.json_key for kind in edition.holdings.values()}
    holdings += extra_marks(row, PLAYER_KEYS | holding_keys)
    return {
        "name": name,
        "cash": row["cash"],
        "cash_text": money(row["cash"]),
        "space": row.get("space", ""),  # a game that follows the tokens: "you are on ..."
        "badges": badges,
        "holdings": holdings,
        "deeds": len(row["properties"]),
        "groups": deed_groups(state, row["properties"]),
        "lines": [{"seq": line.seq, "time": line.time, "text": line.text, "change": signed(line.change, money),
                   "balance": money(line.balance), "marker": line.marker,
                   "undone": not line.marker and line.action in undone}
                  for line in lines],
    }


def table_notes(state: GameState) -> list[str]:
    """What everyone at the table should see: the pot, an open auction, deeds waiting for one."""
    money, notes = state.edition.money, []
    if state.free_parking:
        notes.append(f"Free Parking pot: {money(state.accounts[POT])}")
    if state.auction is not None:
        a = state.auction
        lead = f"{a.high_bidder} leads with {money(a.high_bid)}" if a.high_bidder else "no bid yet"
        notes.append(f"Auction open for {a.deed}: {lead}")
    if state.to_auction:
        notes.append(f"To auction: {', '.join(state.to_auction)}")
    return notes


def wallet_document(state: GameState, head: tuple[int, str], game_id: str,
                    lines_of: Callable[[str], Sequence[Line]], undone: set[int],
                    proposals: Sequence[Proposal], claimed: Sequence[str] = (),
                    kept: Sequence[str] = ()) -> dict[str, Any]:
    """Everything every phone shows; each phone picks its player (`claims`: the names held by a phone; `kept`:
    the names the banker freed, kept for the phone that brings the pairing code)."""
    body = state.to_json()
    return {
        "game": game_id,
        "edition": state.edition.name,
        "head": {"events": head[0], "hash": head[1]},
        "players": [player_view(state, row, lines_of(row["name"]), undone) for row in body["players"]],
        "notes": table_notes(state),
        "claims": list(claimed),
        "kept": list(kept),
        "waiting": phone_waits(state),  # what the table waits for from a player, with the taps that answer it
        "proposals": [{**p.to_json(), "meaning": meaning_now(state, p.line) if p.status == PENDING else ""}
                      for p in proposals],
    }
