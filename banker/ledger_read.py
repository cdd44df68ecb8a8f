"""The ledger read as it goes, at any length: `banker ledger` streamed in constant memory, the app's `L` a page at
a time.

`history.checked_entries` replays the whole game into a timeline and keeps every entry: 18 s and 637 MB at
100,000 events. What an entry shows needs far less. Money moves only by an event's legs (`fold._move_money`), and
an undo takes back the latest counted action, so the balances after an undo are those before it less the undone
action's legs, and a redo adds them again: running balances are sums, read forward from the game's start or from
any stored snapshot's accounts. Whether an action is undone now is whether the latest marker naming it is an undo.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence

from . import events as ev
from .chain_check import ChainBroken, checked_rows
from .describe import describe
from .fold import FoldError, start
from .history import Entry, _people
from .ledger import COLUMNS, DECODE_ERRORS, LedgerStore, Record, bulk, decode_owned, loads
from .markers import take_marker
from .snapshots import damaged, stored

KEPT_ACTIONS = 4096  # the latest actions' legs and people kept for the markers that name them (else read again)
Legs = tuple[tuple[str, str, int], ...]


class _Targets:
    """What an undo or redo marker needs of the action it names: its legs and its people. The latest actions read
    are kept (a marker names a recent action almost always); an older one is read from the file."""

    def __init__(self, store: LedgerStore) -> None:
        self.store = store
        self.known: dict[int, tuple[Legs, frozenset[str] | None]] = {}  # None: its people not yet read

    def _keep(self, number: int, legs: Legs, people: frozenset[str] | None) -> None:
        self.known[number] = (legs, people)
        if len(self.known) > KEPT_ACTIONS:
            del self.known[next(iter(self.known))]

    def note(self, number: int, events: Sequence[ev.Event]) -> None:
        people: set[str] = set()
        for event in events:
            people |= _people(event)
        self._keep(number, tuple((t.payer, t.payee, t.amount) for e in events for t in e.transfers),
                   frozenset(people))

    def note_legs(self, number: int, legs: Legs) -> None:
        """An action walked past for its money only (the ledger screen's pages)."""
        if number not in self.known:
            self._keep(number, legs, None)

    def legs(self, number: int) -> Legs:
        if number not in self.known:
            self.of(number)
        return self.known[number][0]

    def of(self, number: int) -> tuple[Legs, frozenset[str]]:
        known = self.known.get(number)
        if known is None or known[1] is None:
            records = self.store.actions_records([number])
            self.note(number, [decode_owned(r.type, loads(r.payload)) for r in records])
        legs, people = self.known[number]
        return legs, people or frozenset()


def _move(running: dict[str, int], legs: Iterable[tuple[str, str, int]], sign: int = 1) -> None:
    """Legs applied to the running balances (taken back with sign -1), refused as the fold refuses them."""
    for payer, payee, amount in legs:
        if type(amount) is not int or amount <= 0:
            raise FoldError(f"transfer of {amount} from {payer} to {payee} is not positive")
        if payer not in running or payee not in running:
            raise FoldError(f"transfer between unknown accounts {payer!r} and {payee!r}")
        running[payer] -= sign * amount
        running[payee] += sign * amount


def group_entries(items: Sequence[tuple[Record, ev.Event]], running: dict[str, int], undone: Callable[[int], bool],
                  money: Callable[[int], str], targets: _Targets) -> list[Entry]:
    """The entries of one action's events, with the balances after each (`running` is moved on past the action),
    as `history.checked_entries` makes them."""
    first, marker = items[0]
    if isinstance(marker, ev.MARKERS):  # one line, the balances after the undo or redo
        legs, inner = targets.of(marker.action)
        _move(running, legs, -1 if type(marker) is ev.ActionUndone else 1)
        people = (_people(marker) | inner) - {ev.BANK, ev.POT}
        return [Entry(first.seq, first.action, first.time, first.type, describe(marker, money), marker.transfers,
                      dict(running), undone(first.action), frozenset(people), getattr(marker, "deed", ""))]
    out = []
    previous: ev.Event | None = None
    for record, event in items:
        _move(running, ((t.payer, t.payee, t.amount) for t in event.transfers))
        out.append(Entry(record.seq, record.action, record.time, record.type,
                         describe(event, money, before=previous), event.transfers, dict(running),
                         undone(record.action), frozenset(_people(event) - {ev.BANK, ev.POT}),
                         getattr(event, "deed", "")))
        previous = event
    targets.note(first.action, [event for _, event in items])
    return out


def _decoded(rows: Iterable[tuple]) -> Iterator[tuple[Record, ev.Event] | str]:
    """Each row as (record, event); an unreadable one as the sentence the ledger stops with, and no more."""
    for row in rows:
        record = Record(*row)
        try:
            yield record, decode_owned(record.type, loads(record.payload))
        except DECODE_ERRORS as error:
            yield f"event {record.seq} cannot be read ({error}); the ledger stops before it"
            return


def _by_action(decoded: Iterable[tuple[Record, ev.Event] | str]) -> Iterator[list[tuple[Record, ev.Event]] | str]:
    """Whole actions in order; an unreadable event ends it (its action left out)."""
    group: list[tuple[Record, ev.Event]] = []
    for item in decoded:
        if isinstance(item, str):
            yield item
            return
        if group and group[-1][0].action != item[0].action:
            yield group
            group = []
        group.append(item)
    if group:
        yield group


class Reading:
    """Every entry of a game's ledger up to `up_to`, streamed: a first pass checks the hash chain and counts the
    undo and redo markers (a few ints per action kept), the second reads the events one batch at a time and
    forgets each entry once given. `problem` says, after the entries, where and why the ledger stopped early."""

    def __init__(self, store: LedgerStore, up_to: int) -> None:
        self.store, self.up_to = store, up_to
        self.problem: str | None = None

    def checked_walk(self) -> tuple[int, str | None, set[int], int, str | None]:
        """(the last seq to read, the chain's problem, the undone actions, the first action that cannot be
        replayed or 0, why)."""
        counted: list[int] = []
        redoable: list[int] = []
        regular: list[int] = []
        last = 0  # the last seq read
        chain, bad_action, why = None, 0, None
        rows = checked_rows(self.store.connection(), self.up_to)
        try:
            for seq, action, type_, marker in rows:
                last = seq
                if seq != action or bad_action:
                    continue
                try:
                    target = int(loads(marker)["action"]) if marker is not None else 0
                except (*DECODE_ERRORS, KeyError, ValueError):  # the second pass says it cannot be read
                    bad_action = action
                    continue
                try:
                    if take_marker(counted, redoable, action, type_ if marker is not None else "", target):
                        regular.append(action)
                except FoldError as error:
                    bad_action, why = action, f"event {seq} cannot be replayed ({error}); the ledger stops before it"
        except ChainBroken as broken:
            chain = f"event {broken.seq} is damaged (it no longer matches the hash chain); the ledger stops before it"
            row = self.store.query("SELECT seq, action FROM event WHERE seq >= ? ORDER BY seq LIMIT 1", (broken.seq,))
            starts_own = bool(row) and row[0][0] == broken.seq and row[0][1] == broken.seq
            last = broken.seq - 1
            if not starts_own and last:  # the action the break is in may have lost an event: left out whole
                row = self.store.query("SELECT action FROM event WHERE seq = ?", (last,))
                last = row[0][0] - 1 if row else last
        if bad_action and bad_action <= last:
            last = min(last, bad_action - 1)
        else:
            why = None
        kept = set(counted)
        return last, chain, {a for a in regular if a not in kept and a <= last}, bad_action, why

    def entries(self) -> Iterator[Entry]:
        with bulk():
            last, chain, undone, _, why = self.checked_walk()
        self.problem = chain or why
        rows = self.store.connection().execute(f"SELECT {COLUMNS} FROM event WHERE seq <= ? ORDER BY seq", (last,))
        targets = _Targets(self.store)
        running: dict[str, int] | None = None
        money: Callable[[int], str] = str
        try:
            for group in _by_action(_decoded(_batches(rows))):
                if isinstance(group, str):
                    self.problem = self.problem or group
                    return
                if running is None:  # the game's start: one line, the balances it deals out
                    record, started = group[0]
                    try:
                        state = start(started)  # type: ignore[arg-type]
                    except (FoldError, KeyError, TypeError, ValueError, AttributeError) as error:
                        self.problem = self.problem or (f"event {record.seq} cannot be replayed ({error}); the "
                                                        "ledger stops before it")
                        return
                    running, money = dict(state.accounts), state.edition.money
                    yield Entry(record.seq, record.action, record.time, record.type, describe(started, money),
                                started.transfers, dict(running), record.action in undone,
                                frozenset(_people(started) - {ev.BANK, ev.POT}), getattr(started, "deed", ""))
                    continue
                try:
                    made = group_entries(group, running, undone.__contains__, money, targets)
                except (FoldError, KeyError, TypeError, ValueError, AttributeError) as error:
                    self.problem = self.problem or (f"event {group[0][0].seq} cannot be replayed ({error}); the "
                                                    "ledger stops before it")
                    return
                yield from made
        finally:
            rows.close()


def _batches(cursor: sqlite3.Cursor) -> Iterator[tuple]:
    while batch := cursor.fetchmany(1000):
        yield from batch


def stored_anchor(store: LedgerStore, before: int, known: dict[int, str]) -> tuple[int, dict[str, int]] | None:
    """The latest stored snapshot taken at or before seq `before` between two actions whose row is as written (its
    digest) and names an event of this file: (its seq, the accounts it holds); None when there is none."""
    for seq, head_hash, body in stored(store, before):
        try:
            if seq < 1 or damaged(known, seq, head_hash, body) or store.hash_at(seq) != head_hash:
                continue
            after = store.query("SELECT action FROM event WHERE seq = ?", (seq + 1,))
            if after and after[0][0] != seq + 1:
                continue
            accounts = loads(body)["accounts"]
            return seq, {str(k): int(v) for k, v in accounts.items()}
        except (sqlite3.Error, *DECODE_ERRORS, KeyError, ValueError, AttributeError):
            continue
    return None


try:
    from orjson import OPT_INDENT_2 as _INDENT
    from orjson import dumps as _dumps
except ImportError:  # orjson is optional: json writes the same text, slower
    _dumps = None


def entry_text(entry: Entry) -> str:
    """`json.dumps(history.entry_json(entry), indent=2, ensure_ascii=False)`, by orjson when it can (the same text;
    json's indented writer is pure Python, and `dataclasses.asdict` copies deeply: 0.3 ms an entry together)."""
    body = {"seq": entry.seq, "action": entry.action, "time": entry.time, "type": entry.type, "text": entry.text,
            "transfers": [[t.payer, t.payee, t.amount] for t in entry.transfers], "balances": entry.balances,
            "undone": entry.undone, "people": sorted(entry.people), "deed": entry.deed}
    if _dumps is not None:
        try:
            return _dumps(body, option=_INDENT).decode("utf-8")
        except TypeError:  # a value orjson does not write as json does (an int past 64 bits)
            pass
    return json.dumps(body, indent=2, ensure_ascii=False)
