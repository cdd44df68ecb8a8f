"""The ledger a page at a time, for the app's `L` at any length: only the rows asked for are read and described.

A page's running balances are summed from the legs of the events before it (`ledger_read`), starting from the
nearest place whose accounts are known: the game's start, a stored snapshot (one every 1,000 events, its digest
checked), or a place an earlier page walked past. Whether an action is undone is whether the latest undo or redo
marker naming it is an undo: the markers after the rows asked for are read, once.

A followed game writes a line for every roll, token moved and turn passed; "why do I have $310?" is answered by
the lines that move cash (`money_line`), which `matching` and `money_tail` pick out.
"""

from __future__ import annotations

import json
import sqlite3
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from . import events as ev
from .describe import describe
from .fold import FoldError, start
from .history import Entry, _people
from .ledger import COLUMNS, DECODE_ERRORS, LedgerStore, Record, decode_owned, loads
from .ledger_read import Reading, _move, _Targets, group_entries, stored_anchor
from .snapshots import digests
from .state import FOLLOW_TOKENS

MARKERS = ("ActionUndone", "ActionRedone")
KEPT_ENTRIES = 4000  # entries kept once described (a few screens up and down)
ANCHOR_EVERY = 500  # a walk keeps the balances every this many events, for the next page near there
# an event with legs, as `ledger.dumps` writes it (compact, sorted keys): the SQL side of `money_line`, which a row
# passing it still meets (a marker's legs are those of the action it names)
WITH_LEGS = "instr(payload, '\"transfers\":[[') > 0"
Leg = tuple[str, str, int]


def money_line(legs: Iterable[Leg], player: str | None = None) -> bool:
    """A ledger line that moves cash: one with legs (an undo or redo: the legs of the action it names); with a
    player picked, a leg to or from them. A roll, a token moved, a turn passed, a deed offered move none."""
    return any(player is None or player in (payer, payee) for payer, payee, _ in legs)


def money_first(house_rules: Iterable[str]) -> bool:
    """Whether the ledger opens on the money lines only: at a game whose tokens Banker follows, where they are a
    few lines among the rolls and moves (the key `a` shows every line)."""
    return FOLLOW_TOKENS in house_rules


def _legs(event: ev.Event) -> tuple[Leg, ...]:
    return tuple((t.payer, t.payee, t.amount) for t in event.transfers)


class LedgerPages:
    """Entries by seq, read when asked; `stop` is the last event shown (lowered when a check finds damage)."""

    def __init__(self, store: LedgerStore, up_to: int, money: Callable[[int], str],
                 accounts: Mapping[str, int] | None = None) -> None:
        """`accounts`: the game's accounts after `up_to` (its state now), to read the newest rows back from."""
        self.store, self.stop, self._money = store, up_to, money
        self._head = dict(accounts) if accounts is not None else None
        self.problem: str | None = None
        self._targets = _Targets(store)
        self._known = digests(store)
        self._markers_from = up_to  # the markers after this seq are read into `_latest`
        self._latest: dict[int, str] = {}  # action -> the type of the latest marker naming it
        self._anchors: dict[int, dict[str, int]] = {}  # seq between two actions -> the accounts after it
        self._anchor_seqs: list[int] = []
        self._entries: dict[int, Entry] = {}

    # -- what is undone ------------------------------------------------------------------

    def _read_markers(self, after: int) -> None:
        """The markers after seq `after` (those after `_markers_from` are read already), latest first."""
        if after >= self._markers_from:
            return
        rows = self.store.query("SELECT type, payload FROM event WHERE seq > ? AND seq <= ? AND type IN (?, ?) "
                                "ORDER BY seq DESC", (after, self._markers_from, *MARKERS))
        latest = self._latest
        for type_, payload in rows:
            try:
                latest.setdefault(int(loads(payload)["action"]), type_)
            except (*DECODE_ERRORS, KeyError, ValueError):
                continue  # the page that holds it says it cannot be read
        self._markers_from = after

    def undone(self, action: int) -> bool:
        self._read_markers(action)
        return self._latest.get(action) == "ActionUndone"

    def undone_events(self) -> int:
        """How many events of the ledger are struck through (their action undone now)."""
        self._read_markers(0)
        actions = [a for a, kind in self._latest.items() if kind == "ActionUndone"]
        if not actions:
            return 0
        rows = self.store.query("SELECT count(*) FROM event WHERE seq <= ? AND action IN "
                                "(SELECT value FROM json_each(?))", (self.stop, json.dumps(actions)))
        return int(rows[0][0])

    def stop_at(self, stop: int, problem: str | None) -> None:
        """Show nothing after `stop` (a check found damage there): what was read past it is forgotten."""
        if stop >= self.stop:
            return
        self.stop, self.problem, self._head = stop, self.problem or problem, None
        self._markers_from, self._latest = stop, {}
        self._entries = {seq: e for seq, e in self._entries.items() if seq <= stop}

    # -- entries ---------------------------------------------------------------------------------

    def entries(self, seqs: Sequence[int]) -> list[Entry]:
        """The entries of these seqs (in order; those past `stop` left out), read in runs near each other."""
        wanted = sorted(s for s in set(seqs) if 0 < s <= self.stop and s not in self._entries)
        at = 0
        while at < len(wanted):
            end = at + 1
            while end < len(wanted) and wanted[end] - wanted[end - 1] <= ANCHOR_EVERY:
                end += 1
            self._walk(wanted[at:end])
            at = end
        if len(self._entries) > KEPT_ENTRIES:
            keep = set(seqs)
            for seq in [s for s in self._entries if s not in keep][:len(self._entries) - KEPT_ENTRIES]:
                del self._entries[seq]
        return [self._entries[s] for s in seqs if s in self._entries]

    def _anchor(self, before: int) -> tuple[int, dict[str, int]]:
        """The latest place at or before seq `before`, between two actions, whose accounts are known (0: none);
        from the game's accounts now, read back over the rows after it, when that is the shorter read."""
        at = bisect_right(self._anchor_seqs, before)
        mine = self._anchor_seqs[at - 1] if at else 0
        stored = stored_anchor(self.store, before, self._known)
        if stored is not None and stored[0] > mine:
            found = stored
        else:
            found = (mine, self._anchors[mine]) if mine else (0, {})
        if self._head is not None and self.stop - before < before - found[0]:
            return self._back_from_head(before)
        return found

    def _back_from_head(self, before: int) -> tuple[int, dict[str, int]]:
        """The accounts at the start of the action that holds seq `before + 1`, read back from the game's accounts
        now: each event's legs taken back, newest first (an undo's given back, a redo's taken back)."""
        assert self._head is not None
        row = self.store.query("SELECT action FROM event WHERE seq = ?", (before + 1,))
        boundary = min(before, int(row[0][0]) - 1) if row else before
        running = dict(self._head)
        rows = self.store.query("SELECT seq, action, type, payload FROM event WHERE seq > ? AND seq <= ? "
                                "ORDER BY seq DESC", (boundary, self.stop))
        for seq, action, type_, payload in rows:
            body = loads(payload)
            if seq == action and type_ in MARKERS:
                _move(running, self._targets.legs(int(body["action"])), 1 if type_ == "ActionUndone" else -1)
            else:
                _move(running, [tuple(leg) for leg in body.get("transfers", ())], -1)  # type: ignore[misc]
        return boundary, running

    def _keep_anchor(self, seq: int, running: dict[str, int]) -> None:
        if seq not in self._anchors:
            self._anchors[seq] = dict(running)
            self._anchor_seqs.insert(bisect_right(self._anchor_seqs, seq), seq)

    def _walk(self, wanted: list[int]) -> None:
        """Read from the nearest known place to the end of the last wanted seq's action; describe what is wanted."""
        lo, hi = wanted[0], wanted[-1]
        base, accounts = self._anchor(lo - 1)
        running = dict(accounts)
        want = set(wanted)
        rows = self.store.connection().execute(f"SELECT {COLUMNS} FROM event WHERE seq > ? AND seq <= ? ORDER BY seq",
                                               (base, self.stop))
        first: Record | None = None
        try:
            for group in _groups(rows, hi):
                first = group[0]
                if first.seq == 1:
                    running = self._started(first)
                    continue
                if want.intersection(r.seq for r in group):
                    decoded = [(r, decode_owned(r.type, loads(r.payload))) for r in group]
                    for entry in group_entries(decoded, running, self.undone, self._money, self._targets):
                        self._entries[entry.seq] = entry
                else:
                    self._skip(group, running)
                end = group[-1].seq
                if end // ANCHOR_EVERY != first.seq // ANCHOR_EVERY or end >= hi:
                    self._keep_anchor(end, running)
        except (*DECODE_ERRORS, FoldError, KeyError, ValueError, AttributeError) as error:
            at = first.seq if first is not None else lo
            self.stop_at(at - 1, f"event {at} cannot be read ({error}); the ledger stops before it")
        finally:
            rows.close()

    def _started(self, record: Record) -> dict[str, int]:
        started = decode_owned(record.type, loads(record.payload))
        state = start(started)  # type: ignore[arg-type]
        running = dict(state.accounts)
        self._entries[1] = Entry(1, record.action, record.time, record.type, describe(started, self._money),
                                 started.transfers, dict(running), False,
                                 frozenset(_people(started) - {ev.BANK, ev.POT}), getattr(started, "deed", ""))
        return running

    def _skip(self, group: list[Record], running: dict[str, int]) -> None:
        """An action walked past: its legs only (a marker's, those of the action it names)."""
        first = group[0]
        if first.type in MARKERS:
            target = int(loads(first.payload)["action"])
            _move(running, self._targets.legs(target), -1 if first.type == "ActionUndone" else 1)
            return
        legs = tuple((p, q, a) for r in group for p, q, a in loads(r.payload).get("transfers", ()))
        _move(running, legs)
        self._targets.note_legs(first.action, legs)

    def moved(self, entry: Entry) -> tuple[Leg, ...]:
        """The legs a line moves: its own; an undo's, those of the action it names taken back (payer and payee
        swapped); a redo's, those legs again. (An entry keeps a marker's own legs: none.)"""
        if entry.type not in MARKERS:
            return tuple((t.payer, t.payee, t.amount) for t in entry.transfers)
        try:
            row = self.store.query("SELECT payload FROM event WHERE seq = ?", (entry.seq,))
            legs = self._targets.legs(int(loads(row[0][0])["action"]))
        except (*DECODE_ERRORS, sqlite3.Error, IndexError, KeyError, ValueError):
            return ()  # the line says what it can
        return tuple((q, p, a) for p, q, a in legs) if entry.type == "ActionUndone" else legs

    # -- filters -------------------------------------------------------------------------------

    def matching(self, player: str | None, deed: str | None, kind: str | None,
                 money: bool = False) -> tuple[list[int], int]:
        """The seqs of the entries the filters let through (`money`: the money lines only, `money_line`), and how
        many of them are struck through (undone)."""
        self._read_markers(0)
        undone = {a for a, kind_ in self._latest.items() if kind_ == "ActionUndone"}
        where, params = ["seq <= ?"], [self.stop]
        if kind:
            where.append("type = ?")
            params.append(kind)
        if deed:
            where.append("instr(payload, ?) > 0")
            params.append(json.dumps(deed, ensure_ascii=False))
        if player:
            where.append("(instr(payload, ?) > 0 OR type IN (?, ?, 'GameStarted'))")
            params += [json.dumps(player, ensure_ascii=False), *MARKERS]
        if money:
            where.append(f"({WITH_LEGS} OR type IN (?, ?))")
            params += MARKERS
        rows = self.store.connection().execute(
            f"SELECT seq, action, type, payload FROM event WHERE {' AND '.join(where)} ORDER BY seq", params)
        seqs: list[int] = []
        struck = 0
        theirs: set[int] = set()  # actions with the player among their people
        moving: set[int] = set()  # actions whose legs are money lines (for the markers that name them)
        try:
            while batch := rows.fetchmany(1000):
                for seq, action, type_, payload in batch:
                    if player or deed or money:
                        try:
                            event = decode_owned(type_, loads(payload))
                        except DECODE_ERRORS:
                            return seqs, struck  # the page that holds it says it cannot be read
                        if player:
                            people = _people(event)
                            if player not in people and not (isinstance(event, ev.MARKERS) and event.action in theirs):
                                continue
                            theirs.add(action)
                        if deed and getattr(event, "deed", "") != deed:
                            continue
                        if money and not self._moves(event, action, player, moving, exact=bool(kind or deed)):
                            continue
                    seqs.append(seq)
                    struck += action in undone
        finally:
            rows.close()
        return seqs, struck

    def _moves(self, event: ev.Event, action: int, player: str | None, moving: set[int], exact: bool) -> bool:
        """`money_line` of an event met in order (`moving`: the actions before it whose legs are). A marker's action
        was met before it unless a kind or deed filter (`exact`) left its events out: then its legs are read."""
        if isinstance(event, ev.MARKERS):
            if exact:
                return money_line(self._targets.legs(event.action), player)
            return event.action in moving
        if money_line(_legs(event), player):
            moving.add(action)
            return True
        return False

    def money_tail(self, count: int) -> list[int]:
        """The seqs of the newest `count` money lines (every player), in order, read from the ledger's end: a long
        game's first page at once (the whole list is `matching`'s, read after the first frame)."""
        rows = self.store.connection().execute(
            f"SELECT seq, type, payload FROM event WHERE seq <= ? AND ({WITH_LEGS} OR type IN (?, ?)) "
            "ORDER BY seq DESC", (self.stop, *MARKERS))
        found: list[int] = []
        try:
            while len(found) < count and (batch := rows.fetchmany(min(count, 500))):
                targets = {seq: int(loads(payload)["action"]) for seq, type_, payload in batch if type_ in MARKERS}
                for seq, _, _ in batch:
                    if seq not in targets or money_line(self._targets.legs(targets[seq])):
                        found.append(seq)
        except (*DECODE_ERRORS, KeyError, ValueError):
            pass  # the page that holds it says it cannot be read
        finally:
            rows.close()
        return found[:count][::-1]

    def kinds(self) -> list[str]:
        return [row[0] for row in self.store.query("SELECT DISTINCT type FROM event WHERE seq <= ?", (self.stop,))]

    def deeds(self) -> set[str]:
        """The deeds some event names (the deed filter's choices)."""
        rows = self.store.query("SELECT DISTINCT CASE WHEN json_valid(payload) THEN json_extract(payload, '$.deed') "
                                "END FROM event WHERE seq <= ? AND instr(payload, '\"deed\":') > 0", (self.stop,))
        return {row[0] for row in rows if isinstance(row[0], str) and row[0]}


def _groups(cursor: sqlite3.Cursor, last: int) -> Iterator[list[Record]]:
    """Whole actions from the cursor, up to the one that holds seq `last`."""
    group: list[Record] = []
    while batch := cursor.fetchmany(500):
        for row in batch:
            record = Record(*row)
            if group and group[-1].action != record.action:
                yield group
                if group[-1].seq >= last:
                    return
                group = []
            group.append(record)
    if group:
        yield group


def check(path: object, up_to: int) -> tuple[int, str | None, int]:
    """The whole chain and the markers up to `up_to` on a connection of its own (the app runs it in a thread):
    (the last event to show, why it stops there or None, how many events are struck through)."""
    store = LedgerStore.open(path)  # type: ignore[arg-type]
    try:
        last, chain, undone, _, why = Reading(store, up_to).checked_walk()
        struck = 0
        if undone:
            rows = store.query("SELECT count(*) FROM event WHERE seq <= ? AND action IN "
                               "(SELECT value FROM json_each(?))", (last, json.dumps(sorted(undone))))
            struck = int(rows[0][0])
        return last, chain or why, struck
    finally:
        store.close()
