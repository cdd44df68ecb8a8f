"""The ledger store: one SQLite file per game, append-only, hash-chained.

Every row is one event; one banker action is one `BEGIN IMMEDIATE` transaction,
so its events are all stored or none are. Triggers refuse UPDATE and DELETE on
events: corrections are only ever new events.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import event as sa_event
from sqlalchemy import text
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from .events import Event, EventDecodeError, decode

FORMAT = "banker-ledger"
VERSION = 1
GENESIS = "0" * 64
SQLITE_MAGIC = b"SQLite format 3\x00"


class LedgerError(Exception):
    """A game file that cannot be used; the message says what to do."""


class GameChanged(LedgerError):
    """Another writer appended first; reload and retry."""


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    seq: int = Field(primary_key=True)
    id: str = Field(unique=True)
    action: int = Field(index=True)
    time: str
    type: str
    payload: str
    prev_hash: str
    hash: str


class MetaRow(SQLModel, table=True):
    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str


APPEND_ONLY = [
    "CREATE TRIGGER IF NOT EXISTS event_no_update BEFORE UPDATE ON event "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS event_no_delete BEFORE DELETE ON event "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END",
]


def canonical(payload: dict[str, Any]) -> str:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(prev: str, seq: int, event_id: str, action: int, time: str, type_: str, payload: str) -> str:
    """SHA-256 over the canonical encoding of one event and the hash before it."""
    body = "\n".join([prev, str(seq), event_id, str(action), time, type_, payload])
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


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
        return decode(self.type, json.loads(self.payload))

    def expected_hash(self) -> str:
        return chain_hash(self.prev_hash, self.seq, self.id, self.action, self.time, self.type, self.payload)


def _engine(path: Path, new_file: bool = False):  # noqa: ANN202 - sqlalchemy Engine
    engine = create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False, "timeout": 10})

    @sa_event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        if new_file:  # WAL is stored in the file; setting it on open would rewrite a file that is not ours
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @sa_event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")  # reads; every write goes through LedgerStore._immediate

    return engine


def _check_is_sqlite(path: Path) -> None:
    """Refuse a file that is not SQLite, touching it only through SQLite.

    Opening and closing the file with plain `open()` would drop every POSIX lock this process
    holds on it (an open game in the same process), so another writer could remove its WAL.
    """
    not_sqlite = f"{path} is not a Banker game file (not SQLite); pick a game file made by `banker new`"
    try:
        if path.stat().st_size < len(SQLITE_MAGIC):
            raise LedgerError(not_sqlite)
        probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            probe.execute("PRAGMA schema_version").fetchone()
        finally:
            probe.close()
    except sqlite3.DatabaseError:
        raise LedgerError(not_sqlite) from None
    except OSError as error:
        raise LedgerError(f"{path}: cannot be read ({error.strerror})") from None


class LedgerStore:
    """Reads and appends the events of one game file."""

    def __init__(self, path: Path, new_file: bool = False) -> None:
        self.path = Path(path)
        self.engine = _engine(self.path, new_file)
        self._connection: Any = None

    @classmethod
    def create(cls, path: Path) -> LedgerStore:
        path = Path(path)
        if path.exists():
            raise LedgerError(f"{path} already exists; pick a new file name or open it instead")
        path.parent.mkdir(parents=True, exist_ok=True)
        store = cls(path, new_file=True)
        SQLModel.metadata.create_all(store.engine, tables=[EventRow.__table__, MetaRow.__table__])
        with Session(store.engine) as session:
            for statement in APPEND_ONLY:
                session.exec(text(statement))  # type: ignore[call-overload]
            session.add(MetaRow(key="format", value=FORMAT))
            session.add(MetaRow(key="version", value=str(VERSION)))
            session.commit()
        return store

    @classmethod
    def open(cls, path: Path) -> LedgerStore:
        path = Path(path)
        if not path.exists():
            raise LedgerError(f"{path} does not exist; create it with `banker new {path} ...`")
        _check_is_sqlite(path)
        store = cls(path)
        try:
            with Session(store.engine) as session:
                meta = {row.key: row.value for row in session.exec(select(MetaRow))}
        except (OperationalError, DatabaseError) as error:
            store.close()
            raise LedgerError(f"{path} is not a readable Banker game file ({error.orig})") from None
        if meta.get("format") != FORMAT:
            store.close()
            raise LedgerError(f"{path} is an SQLite file but not a Banker game")
        version = int(meta.get("version", "0") or 0)
        if version > VERSION:
            store.close()
            raise LedgerError(
                f"{path} was written by a newer Banker (file version {version}, this one reads {VERSION}); "
                "upgrade Banker to open it"
            )
        return store

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self.engine.dispose()

    def records(self, after: int = 0, up_to: int | None = None) -> list[Record]:
        """Stored events with after < seq <= up_to, in order (read on the kept connection: fast)."""
        sql = "SELECT seq, id, action, time, type, payload, prev_hash, hash FROM event WHERE seq > ?"
        params: tuple[int, ...] = (after,)
        if up_to is not None:
            sql, params = sql + " AND seq <= ?", (after, up_to)
        try:
            cursor = self._writer().cursor()
            try:
                rows = cursor.execute(sql + " ORDER BY seq", params).fetchall()
            finally:
                cursor.close()
        except (OperationalError, DatabaseError, sqlite3.Error) as error:
            raise LedgerError(f"{self.path}: the game file is damaged ({getattr(error, 'orig', error)})") from None
        return [Record(*row) for row in rows]

    def head(self) -> tuple[int, str]:
        try:
            with Session(self.engine) as session:
                row = session.exec(select(EventRow).order_by(EventRow.seq.desc()).limit(1)).first()  # type: ignore[union-attr]
        except (OperationalError, DatabaseError) as error:
            raise LedgerError(f"{self.path}: the game file is damaged ({error.orig})") from None
        return (row.seq, row.hash) if row else (0, GENESIS)

    def _writer(self) -> Any:
        """One DB-API connection kept for this game's writes and change checks (the hot path)."""
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        return self._connection

    def write(self, sql: str, params: tuple[Any, ...]) -> None:
        """One statement in its own BEGIN IMMEDIATE transaction (used for snapshots)."""
        cursor = self._writer().cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE")
            try:
                cursor.execute(sql, params)
                cursor.execute("COMMIT")
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
        finally:
            cursor.close()

    def data_version(self) -> int:
        """Changes whenever another connection commits to the file (SQLite's data_version)."""
        cursor = self._writer().cursor()
        try:
            return int(cursor.execute("PRAGMA data_version").fetchone()[0])
        finally:
            cursor.close()

    def append(self, events: Sequence[Event], after: tuple[int, str], action: int | None = None) -> list[Record]:
        """Store one action's events atomically after the head `after`.

        Raises GameChanged if another writer appended since `after` was read.
        The action number is the seq of its first event unless given.
        """
        seq, prev = after
        connection = self._writer()
        cursor = connection.cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE")
            try:
                current = cursor.execute("SELECT max(seq) FROM event").fetchone()[0] or 0
                if current != seq:
                    raise GameChanged("the game changed in another window; it has been reloaded, retry")
                action = action if action is not None else seq + 1
                time = datetime.now(UTC).isoformat(timespec="milliseconds")
                records: list[Record] = []
                for event in events:
                    seq += 1
                    payload = canonical(event.payload())
                    event_id = str(uuid.uuid4())
                    digest = chain_hash(prev, seq, event_id, action, time, event.type, payload)
                    records.append(Record(seq, event_id, action, time, event.type, payload, prev, digest))
                    prev = digest
                cursor.executemany(
                    "INSERT INTO event (seq, id, action, time, type, payload, prev_hash, hash) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(r.seq, r.id, r.action, r.time, r.type, r.payload, r.prev_hash, r.hash) for r in records],
                )
                cursor.execute("COMMIT")
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
        except (OperationalError, DatabaseError, sqlite3.Error) as error:
            raise LedgerError(f"{self.path}: could not write the action ({error}); nothing was stored") from None
        finally:
            cursor.close()
        return records


def decode_records(records: Sequence[Record]) -> list[tuple[Record, Event]]:
    out = []
    for record in records:
        try:
            out.append((record, record.event))
        except (EventDecodeError, json.JSONDecodeError) as error:
            raise LedgerError(f"event {record.seq}: cannot be read ({error})") from None
    return out
