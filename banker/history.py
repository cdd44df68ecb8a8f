"""The ledger read as a story: every event, undone ones marked, with running balances.

This answers "why do I have $310?": filter by a player and read their cash move
line by line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from . import events as ev
from .describe import describe
from .fold import FoldError
from .ledger import DECODE_ERRORS, GENESIS, Record, bulk, chain_break, whole_before
from .timeline import Timeline

PEOPLE_FIELDS = ("player", "payer", "owner", "giver", "receiver", "first", "second", "creditor", "winner")


@dataclass(frozen=True)
class Entry:
    seq: int
    action: int
    time: str
    type: str
    text: str
    transfers: tuple[ev.Transfer, ...]
    balances: dict[str, int]  # every account after this event, as the table saw it then
    undone: bool
    people: frozenset[str]
    deed: str


def _people(event: ev.Event) -> set[str]:
    found = {getattr(event, f) for f in PEOPLE_FIELDS if hasattr(event, f)}
    found |= {t.payer for t in event.transfers} | {t.payee for t in event.transfers}
    if isinstance(event, ev.GameStarted):
        found |= set(event.players)
    return {p for p in found if isinstance(p, str) and p}


def entries(records: list[Record]) -> list[Entry]:
    """Every stored event in order, with the balances right after it (up to the first damaged or unreadable one:
    `checked_entries` says which)."""
    return checked_entries(records)[0]


def checked_entries(records: list[Record]) -> tuple[list[Entry], str | None]:
    """The entries of the events up to the first that is damaged (its hash) or unreadable, whole actions only, and
    what is wrong there (None when every event is good): a damaged file is read as far as it holds, never crashed
    on, never shown past the damage as if good."""
    problem = None
    broken = chain_break(records, (0, GENESIS)) if records and records[0].seq == 1 else None
    if broken is not None:
        records = whole_before(records, broken)
        problem = f"event {broken} is damaged (it no longer matches the hash chain); the ledger stops before it"
    with bulk():  # many objects made and kept: the collector would walk them again and again
        out, unreadable = _entries(records)
    return out, problem or unreadable


def _entries(records: list[Record]) -> tuple[list[Entry], str | None]:
    timeline: Timeline | None = None
    raw: list[tuple[Record, ev.Event, dict[str, int]]] = []
    groups: list[tuple[int, list[tuple[Record, ev.Event]]]] = []
    problem = None
    for record in records:
        try:
            event = record.event
        except DECODE_ERRORS as error:
            problem = f"event {record.seq} cannot be read ({error}); the ledger stops before it"
            if groups and groups[-1][0] == record.action:
                groups.pop()
            break
        if groups and groups[-1][0] == record.action:
            groups[-1][1].append((record, event))
        else:
            groups.append((record.action, [(record, event)]))
    for number, items in groups:
        try:
            if timeline is None:
                timeline = Timeline(number, items[0][1])  # type: ignore[arg-type]
                raw.append((items[0][0], items[0][1], dict(timeline.state.accounts)))
                continue
            events = [e for _, e in items]
            if isinstance(events[0], ev.MARKERS):
                timeline.add(number, events)
                raw.append((items[0][0], events[0], dict(timeline.state.accounts)))
                continue
            running = dict(timeline.state.accounts)
            done = []
            for record, event in items:
                for leg in event.transfers:
                    running[leg.payer] -= leg.amount
                    running[leg.payee] += leg.amount
                done.append((record, event, dict(running)))
            timeline.add(number, events)
            raw += done
        except (FoldError, KeyError, TypeError, ValueError, AttributeError) as error:
            problem = f"event {items[0][0].seq} cannot be replayed ({error}); the ledger stops before it"
            break
    if timeline is None:
        return [], problem
    undone = timeline.undone()
    money = timeline.state.edition.money
    out = []
    before: tuple[int, ev.Event] | None = None  # the event before, with its action: a sentence may depend on it
    for record, event, balances in raw:
        previous = before[1] if before is not None and before[0] == record.action else None
        before = (record.action, event)
        people = _people(event)
        if isinstance(event, ev.MARKERS):
            for inner in timeline.actions.get(event.action, []):
                people |= _people(inner)
        out.append(Entry(record.seq, record.action, record.time, record.type, describe(event, money, before=previous),
                         event.transfers, balances, record.action in undone,
                         frozenset(people - {ev.BANK, ev.POT}), getattr(event, "deed", "")))
    return out, problem


def for_player(all_entries: list[Entry], player: str) -> list[Entry]:
    return [e for e in all_entries if player in e.people]


def entry_json(entry: Entry) -> dict:
    body = dataclasses.asdict(entry)
    body["transfers"] = [[t.payer, t.payee, t.amount] for t in entry.transfers]
    body["people"] = sorted(entry.people)
    return body
