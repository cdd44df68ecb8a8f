"""Checking a game file: the hash chain, then a full replay of the fold."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from . import events as ev
from .fold import FoldError
from .ledger import GENESIS, Record
from .snapshots import read_as_now, state_to_json
from .state import GameState
from .timeline import Timeline

Snapshot = tuple[int, str, dict[str, Any]]  # (seq, head hash, body) as snapshots.snapshots reads them


def verify_records(records: list[Record], snapshots: Sequence[Snapshot] = ()) -> str | None:
    """None when the chain and the replay hold; else the first bad event, named.

    Stored snapshots are checked against the replay too: opening a game trusts one
    whose event hash matches, so an edited snapshot would change what the table sees.
    """
    prev, expected_seq = GENESIS, 1
    for record in records:
        if record.seq != expected_seq:
            if record.seq > expected_seq:
                return f"event {expected_seq}: missing (the ledger jumps from {expected_seq - 1} to {record.seq})"
            return f"event {record.seq}: out of order after event {expected_seq - 1}"
        if record.prev_hash != prev:
            return f"event {record.seq}: does not follow event {record.seq - 1} (chain link broken)"
        if record.expected_hash() != record.hash:
            return f"event {record.seq}: contents changed since it was written (hash mismatch)"
        prev, expected_seq = record.hash, expected_seq + 1
    return replay_problem(records, snapshots)


def replay_problem(records: list[Record], snapshots: Sequence[Snapshot] = ()) -> str | None:
    """Replays every action and checks the books after each, and each snapshot at its event."""
    wanted = {seq: (head_hash, body) for seq, head_hash, body in snapshots}
    if not records:
        return "the game file holds no events"
    groups: list[tuple[int, list[tuple[Record, ev.Event]]]] = []
    for record in records:
        try:
            event = record.event
        except (ev.EventDecodeError, json.JSONDecodeError) as error:
            return f"event {record.seq}: cannot be read ({error})"
        if groups and groups[-1][0] == record.action:
            groups[-1][1].append((record, event))
        else:
            if record.action != record.seq:
                return f"event {record.seq}: starts action {record.action}, which does not match its number"
            groups.append((record.action, [(record, event)]))
    first_items = groups[0][1] if groups else []
    if not first_items or not isinstance(first_items[0][1], ev.GameStarted) or len(first_items) > 1:
        return f"event {records[0].seq}: the game does not begin with GameStarted"
    try:
        timeline = Timeline(groups[0][0], first_items[0][1])  # type: ignore[arg-type]
    except (FoldError, ValueError) as error:
        return f"event {records[0].seq}: {error}"
    with timeline.batch():  # one private state for the whole replay, not a copy per action
        for number, items in groups[1:]:
            first = items[0][0]
            events = [e for _, e in items]
            try:
                timeline.add(number, events)
            except FoldError as error:
                return f"event {first.seq}: {error}"
            if problem := overdrawn(timeline.state, {t.payer for e in events for t in e.transfers}):
                return f"event {first.seq}: {problem}"
            last = items[-1][0]
            if last.seq in wanted and (problem := snapshot_problem(last, timeline.state, *wanted.pop(last.seq))):
                return problem
    if sum(timeline.state.accounts.values()) != 0:
        return f"event {records[-1].seq}: money is not conserved (accounts do not sum to zero)"
    by_hash = {r.hash: r.seq for r in records}
    for seq, (head_hash, _body) in sorted(wanted.items()):
        if by_hash.get(head_hash) == seq:
            return f"snapshot after event {seq}: taken in the middle of an action (edited?); it cannot be trusted"
    return None


def snapshot_problem(record: Record, state: GameState, head_hash: str, body: dict[str, Any]) -> str | None:
    """A snapshot that opening would use must equal the replayed state after its event."""
    if head_hash != record.hash:
        return None  # opening ignores a snapshot whose event does not match
    if json.loads(json.dumps(state_to_json(state))) != read_as_now(json.loads(json.dumps(body))):
        return (f"snapshot after event {record.seq}: differs from the replay of the events (edited?); "
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
