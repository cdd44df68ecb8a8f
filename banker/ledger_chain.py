"""The hash chain and the stored records: how an event is written as text (`encode`), how each one is chained to
the one before it (`chain_hash`), a stored event with its place in the chain (`Record`), where a chain breaks and
what is whole before the break, the records read back as events, and the time and id each new event is stamped
with (banker/ledger.py stores them)."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import random
import time as _time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from typing import Any, NamedTuple

from .events import Event, EventDecodeError, Transfer, decode_owned
from .ledger_errors import LedgerError

try:  # the same values as json.loads, three to four times faster on the payloads a replay reads
    from orjson import OPT_NON_STR_KEYS as _ANY_KEYS
    from orjson import OPT_PASSTHROUGH_DATACLASS as _LEGS_BY_DEFAULT
    from orjson import OPT_SORT_KEYS as _SORT_KEYS
    from orjson import JSONDecodeError as _OrjsonError
    from orjson import dumps as _dumps
    from orjson import loads
except ImportError:  # pragma: no cover - orjson is a dependency; stay correct without it
    from json import loads

    _OrjsonError = json.JSONDecodeError
    _dumps = None
else:
    _ENCODING = _SORT_KEYS | _LEGS_BY_DEFAULT

GENESIS = "0" * 64
DECODE_ERRORS = (EventDecodeError, json.JSONDecodeError, _OrjsonError, TypeError)


def canonical(payload: dict[str, Any]) -> str:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def encode(event: Event) -> str:
    """`canonical(event.payload())`, by orjson in one call when it can: the same text (sorted keys, no spaces,
    UTF-8 kept as it is) for the strings, whole numbers, booleans and tuples events hold. orjson reads the
    fields straight from the frozen event's `__dict__` (which holds its fields and nothing else), and each money
    leg as `[payer, payee, amount]` (`_leg`), so no payload dict is built per event. The edition a game starts
    with goes through json itself: only there could a float be written differently (1e+16 against 1e16)."""
    if _dumps is not None and event.type != "GameStarted":
        try:
            return _dumps(event.__dict__, default=_leg, option=_ENCODING).decode("utf-8")
        except TypeError:  # something orjson does not write as json does (an int past 64 bits): json writes it
            pass
    return canonical(event.payload())


def _leg(value: object) -> list[Any]:
    if type(value) is Transfer:
        return [value.payer, value.payee, value.amount]  # type: ignore[attr-defined]
    raise TypeError(f"an event holds a {type(value).__name__}")


def as_stored(value: Any) -> Any:
    """The value as a JSON round trip gives it back (tuples as lists, every key as text): how a state and a
    stored snapshot body are compared. By orjson when it can, else by json, which writes any value it takes."""
    if _dumps is not None:
        try:
            return loads(_dumps(value, option=_ANY_KEYS))
        except TypeError:
            pass
    return json.loads(json.dumps(value))


def chain_hash(prev: str, seq: int, event_id: str, action: int, time: str, type_: str, payload: str) -> str:
    """SHA-256 over the canonical encoding of one event and the hash before it."""
    digest = _SHA256.copy()
    digest.update(f"{prev}\n{seq}\n{event_id}\n{action}\n{time}\n{type_}\n{payload}".encode())
    return digest.hexdigest()


_SHA256 = hashlib.sha256()  # copied for each event: OpenSSL looks its SHA-256 up once, not per event


class Record(NamedTuple):
    """One stored event with its place in the chain (a tuple: 100,000 of them load fast)."""

    seq: int
    id: str
    action: int
    time: str
    type: str
    payload: str
    prev_hash: str
    hash: str

    @property
    def event(self) -> Event:
        return decode_owned(self.type, loads(self.payload))

    def expected_hash(self) -> str:
        return chain_hash(self.prev_hash, self.seq, self.id, self.action, self.time, self.type, self.payload)


as_record = partial(tuple.__new__, Record)  # a row from SQLite is already in Record's order


_second: tuple[int, str] = (-1, "")  # the last whole second stamped, and its text up to the seconds


def _now(millis: int | None = None) -> str:
    """The time an action is stored (Unix milliseconds, now unless given), as
    `datetime.now(UTC).isoformat(timespec="milliseconds")` writes it; the text up to the second is made once a
    second (actions come many a second in a script, a replay or a test)."""
    global _second
    second, milli = divmod(_time.time_ns() // 1_000_000 if millis is None else millis, 1000)
    stamp = _second
    if second != stamp[0]:
        stamp = _second = (second, datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds")[:-6])
    return f"{stamp[1]}.{milli:03d}+00:00"


def _event_id(millis: int) -> str:
    """A time-ordered UUID (version 7, RFC 9562: 48 bits of Unix milliseconds, then 74 random bits) in its usual
    text form. Files keep the version 4 ids they were written with; ids need only differ. Older files hold that
    with a unique index on `id`, which each action wrote a page of (ids that grow with time at least kept that
    page the index's right-hand end); new files have none, and `verify` checks that no id is used twice."""
    value = (millis << 80) | _ID_BITS.getrandbits(80)
    value = (value & _UUID7_MASK) | _UUID7_BITS
    text = f"{value:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


_ID_BITS = random.Random()  # seeded from os.urandom, and again in a forked child: ids drawn without a system call
os.register_at_fork(after_in_child=_ID_BITS.seed)
_UUID7_MASK = ~((0xF << 76) | (0x3 << 62))  # the version and variant places
_UUID7_BITS = (0x7 << 76) | (0x2 << 62)  # version 7, variant RFC 4122/9562


@contextmanager
def bulk() -> Iterator[None]:
    """Pauses the cyclic garbage collector while many objects are made and kept (a replay, an opening).

    Events, records and states hold no reference cycles, yet every 700 new objects the collector
    would walk all of them again: half the time of a 100,000-event replay went there.

    At the end, what was made goes to the oldest generation in one step (freeze, then unfreeze, moves every
    object there without a walk). Left young, it would all be walked by the first collection after this, the
    very walk the pause avoided: 0.1 s at the end of a 100,000-event verify. Whatever of it is garbage is freed
    by its count as usual, and the next full collection still looks at all of it.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def chain_break(records: Sequence[Record], after: tuple[int, str]) -> int | None:
    """The seq of the first record that does not follow the one before it (`after`: its seq and hash) or whose
    contents changed since it was written (hash mismatch); None when every one holds. A SHA-256 each: opening
    checks the events it reads past the snapshot, about a millisecond for a thousand."""
    seq, digest = after
    for record in records:
        if record.seq != seq + 1 or record.prev_hash != digest or record.expected_hash() != record.hash:
            return seq + 1
        seq, digest = record.seq, record.hash
    return None


def whole_before(records: Sequence[Record], broken: int) -> list[Record]:
    """The records before seq `broken`, whole actions only: the last is kept if the broken event starts an action
    of its own (its action number is its seq), else it may have lost an event and is left out."""
    kept = [r for r in records if r.seq < broken]
    if not kept:
        return kept
    starts_own = any(r.seq == broken and r.action == broken for r in records)
    if starts_own:
        return kept
    last = kept[-1].action
    return [r for r in kept if r.action != last]


def decode_records(records: Sequence[Record]) -> list[tuple[Record, Event]]:
    out = []
    with bulk():
        for record in records:
            try:
                out.append((record, decode_owned(record.type, loads(record.payload))))
            except DECODE_ERRORS as error:
                raise LedgerError(f"event {record.seq}: cannot be read ({error})") from None
    return out
