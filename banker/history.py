"""The ledger read as a story: every event, undone ones marked, with running balances.

This answers "why do I have $310?": filter by a player and read their cash move
line by line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from . import events as ev
from .describe import describe
from .ledger import Record, bulk
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
    """Every stored event in order, with the balances right after it."""
    with bulk():  # many objects made and kept: the collector would walk them again and again
        return _entries(records)


def _entries(records: list[Record]) -> list[Entry]:
    timeline: Timeline | None = None
    raw: list[tuple[Record, ev.Event, dict[str, int]]] = []
    groups: list[tuple[int, list[tuple[Record, ev.Event]]]] = []
    for record in records:
        event = record.event
        if groups and groups[-1][0] == record.action:
            groups[-1][1].append((record, event))
        else:
            groups.append((record.action, [(record, event)]))
    for number, items in groups:
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
        for record, event in items:
            for leg in event.transfers:
                running[leg.payer] -= leg.amount
                running[leg.payee] += leg.amount
            raw.append((record, event, dict(running)))
        timeline.add(number, events)
    if timeline is None:
        return []
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
    return out


def for_player(all_entries: list[Entry], player: str) -> list[Entry]:
    return [e for e in all_entries if player in e.people]


def entry_json(entry: Entry) -> dict:
    body = dataclasses.asdict(entry)
    body["transfers"] = [[t.payer, t.payee, t.amount] for t in entry.transfers]
    body["people"] = sorted(entry.people)
    return body
