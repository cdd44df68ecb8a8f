"""Checking a game file: the hash chain, then a full replay of the fold.

One pass over the stored rows does both (hash, decode, fold), keeping no row once
it is checked, and reports what the two separate passes would: a broken chain
first (the earliest), else the earliest unreadable event, else the earliest
event the replay refuses, else a snapshot that cannot be trusted.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from . import events as ev
from .fold import FoldError
from .heads import behind, key_of, remembered
from .ledger import DECODE_ERRORS, GENESIS, LedgerError, LedgerStore, Record, as_stored, bulk, chain_hash, loads
from .snapshots import damaged, digests, read_as_now, snapshots, state_to_json
from .state import GameState
from .timeline import Timeline

Snapshot = tuple[int, str, dict[str, Any]]  # (seq, head hash, body) as snapshots.snapshots reads them


class Verdict(NamedTuple):
    """What `banker verify` says: the first problem (None when the file holds), the events read, the head."""

    problem: str | None
    events: int
    head: str


def verify_records(records: Iterable[Record], snapshots: Sequence[Snapshot] = ()) -> str | None:
    """None when the chain and the replay hold; else the first bad event, named.

    Stored snapshots are checked against the replay too: opening a game trusts one
    whose event hash matches, so an edited snapshot would change what the table sees.
    """
    return verify_rows(records, snapshots).problem


def main(game: str | Path) -> int:
    """`banker verify GAME`: "ok: N events, head H" (0), or the file and its first problem (1); 2 and the
    reason on stderr for a file that is not a game."""
    try:
        problem, count, head = verify_file(Path(game))
    except LedgerError as error:
        print(f"banker: {error}", file=sys.stderr)
        return 2
    if problem:
        print(f"{game}: {problem}")
        return 1
    print(f"ok: {count} events, head {head}")
    return 0


def verify_file(path: Path) -> Verdict:
    """The whole file, streamed from SQLite (the store must open: a missing or foreign file raises LedgerError)."""
    store = LedgerStore.open(path)
    try:
        verdict = verify_rows(store.rows(), snapshots(store, at_most=2**62))
        return verdict._replace(problem=verdict.problem or damaged_snapshot(store) or rolled_back(store, verdict))
    finally:
        store.close()


def damaged_snapshot(store: LedgerStore) -> str | None:
    """A stored snapshot whose row differs from the digest written with it (opening never uses it)."""
    known = digests(store)
    try:
        rows = store.query("SELECT seq, head_hash, body FROM snapshot ORDER BY seq")
    except sqlite3.Error:
        return None  # no snapshot table: nothing stored to check
    for seq, head_hash, body in rows:
        if isinstance(seq, int) and damaged(known, seq, head_hash, body):
            return (f"snapshot after event {seq}: damaged (it differs from its digest); the events are the truth, "
                    f"`banker repair {store.path}` makes a new file from them")
    return None


def rolled_back(store: LedgerStore, verdict: Verdict) -> str | None:
    """A whole, good file that is behind (or beside) the head last stored from this machine."""
    if verdict.events == 0:
        return None
    first = store.records(0, 1)
    head = remembered(key_of(first[0].hash)) if first else None
    if head is None:
        return None
    return behind(head, verdict.events, store.hash_at(head.seq) if verdict.events >= head.seq else None)


class _Replay:
    """The fold side of the pass: replays each action once its last event has been read."""

    def __init__(self, snapshots: Sequence[Snapshot]) -> None:
        self.wanted = {seq: (head_hash, body) for seq, head_hash, body in snapshots}
        self.timeline: Timeline | None = None
        self.problem: str | None = None

    def replay(self, number: int, events: list[ev.Event], first_seq: int, last_seq: int, last_hash: str) -> None:
        """One whole action; the first problem is kept and the replay stops there."""
        timeline = self.timeline
        if timeline is None:
            if not isinstance(events[0], ev.GameStarted) or len(events) > 1:
                self.problem = f"event {first_seq}: the game does not begin with GameStarted"
                return
            try:
                self.timeline = Timeline(number, events[0])
                self.timeline.own_state()  # one private state for the whole replay, not a copy per action
            except (FoldError, ValueError) as error:
                self.problem = f"event {first_seq}: {error}"
            return
        try:
            timeline.add(number, events)
        except FoldError as error:
            self.problem = f"event {first_seq}: {error}"
            return
        accounts = timeline.state.accounts
        for event in events:
            for leg in event.transfers:
                if accounts[leg.payer] < 0 and leg.payer != ev.BANK:
                    problem = overdrawn(timeline.state, {t.payer for e in events for t in e.transfers})
                    self.problem = f"event {first_seq}: {problem}"
                    return
        if last_seq in self.wanted:
            self.problem = snapshot_problem(last_seq, last_hash, timeline.state, *self.wanted.pop(last_seq))


def verify_rows(rows: Iterable[Sequence[Any]], snapshots: Sequence[Snapshot] = ()) -> Verdict:
    """Rows in the order (seq, id, action, time, type, payload, prev_hash, hash), as stored, by seq."""
    with bulk():  # the replay's objects are freed by their counts when the pass returns; no collection walks them
        verifier = Verifier(snapshots)
        return verifier.feed(rows) or verifier.verdict()


class Verifier:
    """The one pass of `verify_rows`, able to stop and go on: rows are fed in order, a verdict asked at any action's
    end, and more rows fed after it (a check after every action of a game costs that action, not the game)."""

    def __init__(self, snapshots: Sequence[Snapshot] = ()) -> None:
        self.prev, self.expected = GENESIS, 1
        self.unreadable: str | None = None  # the first event unreadable, starting a misnumbered action or reusing an id
        self.broken: Verdict | None = None  # the chain's first break; nothing is read after it
        self.replay = _Replay(snapshots)
        self.hashes_at: dict[int, str] = {}  # the hash of each event a snapshot names (for snapshots inside an action)
        self.ids: set[str] = set()  # every id read: ids differ (new files hold that here, not by a unique index)
        self.number, self.events, self.first_seq = 0, [], 0  # the action being gathered

    def expect_snapshots(self, snapshots: Sequence[Snapshot]) -> bool:
        """Check these snapshots (new or changed since given) as the replay reaches them; False, and nothing taken,
        if one names an event already read, which only a pass from the first event can check."""
        if any(seq < self.expected for seq, _, _ in snapshots):
            return False
        self.replay.wanted.update((seq, (head_hash, body)) for seq, head_hash, body in snapshots)
        return True

    def feed(self, rows: Iterable[Sequence[Any]]) -> Verdict | None:
        """Read more rows; the verdict at once if the chain breaks (it stays broken)."""
        if self.broken is not None:
            return self.broken
        prev, expected, unreadable = self.prev, self.expected, self.unreadable
        replay, hashes_at, ids = self.replay, self.hashes_at, self.ids
        wanted = replay.wanted
        number, events, first_seq = self.number, self.events, self.first_seq
        decode = ev.decode_owned
        try:
            for seq, event_id, action, time, type_, payload, prev_hash, hash_ in rows:
                if seq != expected:
                    if type(seq) is int and seq > expected:
                        problem = f"event {expected}: missing (the ledger jumps from {expected - 1} to {seq})"
                    else:
                        problem = f"event {seq}: out of order after event {expected - 1}"
                    self.broken = Verdict(problem, expected - 1, prev)
                    return self.broken
                if prev_hash != prev:
                    self.broken = Verdict(f"event {seq}: does not follow event {seq - 1} (chain link broken)",
                                          seq - 1, prev)
                    return self.broken
                if chain_hash(prev_hash, seq, event_id, action, time, type_, payload) != hash_:
                    self.broken = Verdict(f"event {seq}: contents changed since it was written (hash mismatch)",
                                          seq - 1, prev)
                    return self.broken
                prev = hash_
                expected += 1
                if event_id in ids and unreadable is None:
                    unreadable = f"event {seq}: has the id of an earlier event ({event_id}); every event's id differs"
                ids.add(event_id)
                if unreadable is not None:
                    continue  # the chain is still checked to its end: a broken chain is named first
                try:
                    event = decode(type_, loads(payload))
                except DECODE_ERRORS as error:
                    unreadable = f"event {seq}: cannot be read ({error})"
                    continue
                if seq in wanted:
                    hashes_at[seq] = hash_
                if action == number:
                    events.append(event)
                    continue
                if action != seq:
                    unreadable = f"event {seq}: starts action {action}, which does not match its number"
                    continue
                if events and replay.problem is None:  # a new action starts: the one gathered is whole
                    replay.replay(number, events, first_seq, seq - 1, prev_hash)
                number, events, first_seq = action, [event], seq
        finally:
            self.prev, self.expected, self.unreadable = prev, expected, unreadable
            self.number, self.events, self.first_seq = number, events, first_seq
        return None

    def verdict(self) -> Verdict:
        """What the rows read so far say, taking the last one as its action's end: an action's events are appended
        together, so a row fed after this that continues that action is named as misnumbered."""
        if self.broken is not None:
            return self.broken
        count = self.expected - 1
        if self.unreadable is not None:
            return Verdict(self.unreadable, count, self.prev)
        if count == 0:
            return Verdict("the game file holds no events", 0, self.prev)
        if self.events and self.replay.problem is None:
            self.replay.replay(self.number, self.events, self.first_seq, count, self.prev)
        self.number, self.events = -1, []
        return Verdict(_final_problem(self.replay, count, self.hashes_at), count, self.prev)


def _final_problem(replay: _Replay, count: int, hashes_at: dict[int, str]) -> str | None:
    if replay.problem is not None:
        return replay.problem
    assert replay.timeline is not None
    if sum(replay.timeline.state.accounts.values()) != 0:
        return f"event {count}: money is not conserved (accounts do not sum to zero)"
    for seq, (head_hash, _body) in sorted(replay.wanted.items()):
        if hashes_at.get(seq) == head_hash:
            return f"snapshot after event {seq}: taken in the middle of an action (edited?); it cannot be trusted"
    return None


def snapshot_problem(seq: int, event_hash: str, state: GameState, head_hash: str, body: dict[str, Any]) -> str | None:
    """A snapshot that opening would use must equal the replayed state after its event."""
    if head_hash != event_hash:
        return None  # opening ignores a snapshot whose event does not match
    if as_stored(state_to_json(state)) != read_as_now(as_stored(body)):
        return (f"snapshot after event {seq}: differs from the replay of the events (edited?); "
                "the events are the truth, delete the snapshot row")
    return None


def overdrawn(state: GameState, payers: set[str]) -> str | None:
    """A player or the pot left below zero by an action (only its payers can be).

    Money cannot be created or lost by a leg (each moves one amount from one account to
    another), so conservation is checked once at the end of the replay.
    """
    for account in sorted(payers - {ev.BANK}):
        if state.accounts.get(account, 0) < 0:
            return f"{account} is left with {state.accounts[account]} (below zero)"
    return None
