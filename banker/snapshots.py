"""Snapshots of the folded state, stored beside the events so a long game opens fast.

A snapshot is a cache, never a source of truth: it names the event it was taken
after (seq and hash), opening ignores one whose event does not match, and
`banker verify` checks every snapshot against a full replay.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from editions import Edition

from .ledger import LedgerStore, loads
from .state import Auction, Clock, GameState, Holding, Spin, Tokens
from .waits import Debt, Wait

EVERY_EVENTS = 1000  # write one after this many events: opening reads at most this many
HEADROOM_EVENTS = 0  # open from the latest snapshot; an undo from before it reads what it needs from the file
# The table exactly as SQLModel created it in earlier versions.
TABLE = ("CREATE TABLE IF NOT EXISTS snapshot (\n\tseq INTEGER NOT NULL, \n\thead_hash VARCHAR NOT NULL, "
         "\n\tbody VARCHAR NOT NULL, \n\tPRIMARY KEY (seq)\n)")


def state_to_json(state: GameState) -> dict[str, Any]:
    """Classic games keep the body they always had; editions add keys only when they use them."""
    auction = state.auction
    body: dict[str, Any] = {
        "players": list(state.players),
        "house_rules": sorted(state.house_rules),
        "accounts": state.accounts,
        "deeds": {name: _holding_row(h) for name, h in state.deeds.items()},
        "bank_houses": state.bank_houses,
        "bank_hotels": state.bank_hotels,
        "jail_cards": state.jail_cards,
        "in_jail": sorted(state.in_jail),
        "bankrupt": sorted(state.bankrupt),
        "auction": [auction.deed, auction.high_bid, auction.high_bidder] if auction else None,
        "to_auction": state.to_auction,
    }
    extra_supply = {k: v for k, v in state.supply.items() if k not in ("houses", "hotels")}
    if extra_supply:
        body["supply"] = extra_supply
    if state.held:
        body["held"] = state.held
    if state.mr_monopoly:
        body["mr_monopoly"] = state.mr_monopoly
    if state.trapped:
        body["trapped"] = sorted(state.trapped)
    if state.final_round:
        body["final_round"] = True
    if state.spin:
        body["spin"] = [state.spin.player, state.spin.blocks_left, state.spin.railroad]
    if state.clock:
        body["clock"] = [state.clock.minutes, state.clock.started]
    if state.time_limit:
        body["time_limit"] = [state.time_limit.minutes, state.time_limit.started]
    if state.last_round:
        body["last_round"] = True
    if state.ended:
        body["ended"] = True
    if state.tokens:
        t = state.tokens
        body["tokens"] = [list(t.positions), t.roll, t.doubles, list(t.jail_rolls), sorted(t.passed_go), t.anywhere]
        if t.placed:  # only files with a correction since this key came in have it: older snapshots read the same
            body["tokens"].append(sorted(t.placed))
    if state.waiting:
        body["waiting"] = [[w.player, w.kind, w.space, w.detail] for w in state.waiting]
    if state.debts:
        body["debts"] = [[d.player, d.creditor, d.amount, d.why] for d in state.debts]
    return body


def read_as_now(body: dict[str, Any]) -> dict[str, Any]:
    """A stored body as today's fold writes it.

    Files written before a bankruptcy ended the bankrupt player's Build spin (City) kept that spin in their
    snapshots; a bankrupt player can never use it, so it reads as ended and such a file opens and verifies.
    """
    spin, bankrupt = body.get("spin"), body.get("bankrupt")
    if isinstance(spin, list) and spin and isinstance(bankrupt, list) and spin[0] in bankrupt:
        return {key: value for key, value in body.items() if key != "spin"}
    return body


def state_from_json(body: dict[str, Any], edition: Edition) -> GameState:
    body = read_as_now(body)
    auction = body["auction"]
    return GameState(
        edition=edition,
        players=tuple(body["players"]),
        house_rules=frozenset(body["house_rules"]),
        accounts={k: int(v) for k, v in body["accounts"].items()},
        deeds={name: _holding(body["deeds"][name]) for name in edition.deeds},  # board order
        supply={"houses": int(body["bank_houses"]), "hotels": int(body["bank_hotels"]),
                **{k: int(v) for k, v in body.get("supply", {}).items()}},
        held={kind: {a: int(n) for a, n in counts.items()} for kind, counts in body.get("held", {}).items()},
        jail_cards={p: list(d) for p, d in body["jail_cards"].items()},
        in_jail=set(body["in_jail"]),
        bankrupt=set(body["bankrupt"]),
        auction=Auction(auction[0], int(auction[1]), auction[2]) if auction else None,
        to_auction=list(body["to_auction"]),
        mr_monopoly=str(body.get("mr_monopoly", "")),
        trapped=set(body.get("trapped", [])),
        final_round=bool(body.get("final_round", False)),
        spin=Spin(*body["spin"]) if body.get("spin") else None,
        clock=Clock(*body["clock"]) if body.get("clock") else None,
        time_limit=Clock(*body["time_limit"]) if body.get("time_limit") else None,
        last_round=bool(body.get("last_round", False)),
        ended=bool(body.get("ended", False)),
        tokens=_tokens(body["tokens"]) if body.get("tokens") else None,
        waiting=tuple(Wait(*map(str, row)) for row in body.get("waiting", [])),
        debts=tuple(Debt(str(p), str(to), int(amount), str(why)) for p, to, amount, why in body.get("debts", [])),
    )


def _tokens(row: list[Any]) -> Tokens:
    positions, roll, doubles, jail_rolls, passed_go, anywhere, *placed = row
    return Tokens(tuple(int(p) for p in positions), str(roll), int(doubles), tuple(int(n) for n in jail_rolls),
                  frozenset(passed_go), str(anywhere), frozenset(placed[0]) if placed else frozenset())


_PLAIN = Holding()
_EXTRAS = [f.name for f in fields(Holding) if f.name not in ("owner", "mortgaged", "level")]


def _holding_row(h: Holding) -> list[Any]:
    """[owner, mortgaged, level], then a table of whatever else is not at its default (depot, City blocks...)."""
    extras = {name: getattr(h, name) for name in _EXTRAS if getattr(h, name) != getattr(_PLAIN, name)}
    return [h.owner, h.mortgaged, h.level] + ([extras] if extras else [])


def _holding(row: list[Any]) -> Holding:
    owner, mortgaged, level, *rest = row
    extras: dict[str, Any] = {}
    if rest and rest[0] is True:  # the first Mega snapshots wrote a bare depot flag
        extras = {"depot": True}
    elif rest and isinstance(rest[0], dict):
        extras = {k: v for k, v in rest[0].items() if k in _EXTRAS}
    return Holding(str(owner), bool(mortgaged), int(level), **extras)


def save(store: LedgerStore, seq: int, head_hash: str, state: GameState) -> None:
    """Store a snapshot and its digest; losing one (a crash, a full disk) costs only speed."""
    body = json.dumps(state_to_json(state), sort_keys=True, separators=(",", ":"))
    try:
        store.write_all([(TABLE, ()), ("INSERT OR REPLACE INTO snapshot (seq, head_hash, body) VALUES (?, ?, ?)",
                                       (seq, head_hash, body)),
                         ("INSERT OR REPLACE INTO meta (\"key\", value) VALUES (?, ?)",
                          (DIGEST_KEY + str(seq), digest(seq, head_hash, body)))])
    except sqlite3.Error:
        pass


DIGEST_KEY = "snapshot-digest:"  # a meta row per snapshot: the table keeps the columns earlier versions wrote


def digest(seq: object, head_hash: object, body: object) -> str:
    """SHA-256 of a stored snapshot row as written: a changed byte of its body (a bad sector, a hand edit) shows."""
    return hashlib.sha256(f"{seq}\n{head_hash}\n{body}".encode("utf-8", "surrogatepass")).hexdigest()


def digests(store: LedgerStore) -> dict[int, str]:
    """The digest of each snapshot that has one (snapshots written before issue 38 have none)."""
    try:
        rows = store.query("SELECT \"key\", value FROM meta WHERE \"key\" LIKE ?", (DIGEST_KEY + "%",))
    except sqlite3.Error:
        return {}
    out = {}
    for key, value in rows:
        number = str(key)[len(DIGEST_KEY):]
        if number.isascii() and number.isdigit():
            out[int(number)] = str(value)
    return out


def damaged(known: dict[int, str], seq: int, head_hash: object, body: object) -> bool:
    """Whether a snapshot's row differs from what its digest says was written (False when it has no digest)."""
    expected = known.get(seq)
    return expected is not None and expected != digest(seq, head_hash, body)


def stored(store: LedgerStore, at_most: int) -> Iterator[tuple[int, str, str]]:
    """(seq, head hash, body text) of the stored snapshots with seq <= at_most, newest first, read one by one.

    Opening decodes only the one it uses; none when the table is missing or unreadable.
    """
    below = at_most + 1
    while True:
        try:
            rows = store.query("SELECT seq, head_hash, body FROM snapshot WHERE seq < ? ORDER BY seq DESC LIMIT 1",
                               (below,))
        except sqlite3.Error:
            return
        if not rows:
            return
        seq, head_hash, body = rows[0]
        if not isinstance(seq, int) or seq >= below:  # a damaged index can answer the same row again: stop there
            return
        yield seq, head_hash, body
        below = seq


def snapshots(store: LedgerStore, at_most: int) -> list[tuple[int, str, dict[str, Any]]]:
    """Stored snapshots with seq <= at_most, newest first; none if the table is missing or unreadable."""
    try:
        rows = store.query("SELECT seq, head_hash, body FROM snapshot WHERE seq <= ? ORDER BY seq DESC", (at_most,))
        return [(int(seq), head_hash, loads(body)) for seq, head_hash, body in rows]
    except (sqlite3.Error, ValueError, TypeError):  # a missing or damaged table is no snapshot
        return []


def hash_at(store: LedgerStore, seq: int) -> str | None:
    rows = store.query("SELECT hash FROM event WHERE seq = ?", (seq,))
    return rows[0][0] if rows else None


def action_index(store: LedgerStore, up_to: int) -> list[tuple[int, str, int]]:
    """(action, marker type or "", marker target) for every action up to a seq, in order.

    Enough to know which actions count without decoding every event: only the markers' payloads are read.
    """
    rows = store.query("SELECT action, type, CASE WHEN type IN ('ActionUndone', 'ActionRedone') THEN payload END "
                       "FROM event WHERE seq = action AND seq <= ? ORDER BY seq", (up_to,))
    return [(action, type_, int(loads(payload)["action"])) if payload is not None else (action, "", 0)
            for action, type_, payload in rows]


def mismatches(store: LedgerStore, states_at: dict[int, GameState]) -> list[int]:
    """Seqs of stored snapshots that disagree with the replayed state at that seq."""
    bad = []
    for seq, _head, body in snapshots(store, at_most=2**62):
        expected = states_at.get(seq)
        if expected is None or state_to_json(expected) != read_as_now(json.loads(json.dumps(body))):
            bad.append(seq)
    return sorted(bad)

