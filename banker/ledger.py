"""The ledger store: one SQLite file per game, append-only, hash-chained.

Every row is one event; one banker action is one transaction (`BEGIN IMMEDIATE`, or for an
action of one event its single INSERT, which SQLite runs as a transaction of its own), so its
events are all stored or none are. Triggers refuse UPDATE and DELETE on
events: corrections are only ever new events.

The store talks to SQLite through the standard `sqlite3` module alone. The tables are the
ones SQLModel created in earlier versions, column for column, so files written by either
open in both (new files lack the index on `action` and the unique index on `id`, which
nothing needs: see SCHEMA).

The hash chain and the records it links live in banker/ledger_chain.py, the ledger's errors and the sentences that
say what is wrong with a file in banker/ledger_errors.py; every name of theirs that was defined here is still
importable from here.
"""

from __future__ import annotations

import os
import sqlite3
import time as _time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .events import Event, decode_owned
from .ledger_chain import (
    DECODE_ERRORS,
    GENESIS,
    Record,
    _event_id,  # with _now: `append` calls both by their names here, where tests stand in for them
    _now,
    as_record,
    as_stored,
    bulk,
    canonical,
    chain_break,
    chain_hash,
    decode_records,
    encode,
    loads,
    whole_before,
)
from .ledger_errors import (
    SQLITE_CANTOPEN,
    SQLITE_FULL,
    SQLITE_READONLY,
    Damaged,
    GameChanged,
    LedgerError,
    cannot_create,
    damage_sentence,
    file_damaged,
    name_too_long,
    sqlite_code,
    writable,
    write_failed,
)

__all__ = [  # this module's own names, and those it hands on from the two it was split into
    "APPEND_ONLY", "COLUMNS", "DECODE_ERRORS", "FORMAT", "GENESIS", "INSERT", "NEAR", "SCHEMA", "SQLITE_CANTOPEN",
    "SQLITE_FULL", "SQLITE_MAGIC", "SQLITE_READONLY", "VERSION", "Damaged", "GameChanged", "LedgerError",
    "LedgerStore", "Record", "as_stored", "bulk", "cannot_create", "canonical", "chain_break", "chain_hash",
    "damage_sentence", "decode_owned", "decode_records", "encode", "loads", "whole_before", "write_failed",
]

FORMAT = "banker-ledger"
VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"

# The tables as SQLModel wrote them (so a new file is read as an older one), without two indexes earlier files have,
# each of which an action wrote a page of (6-13 us of its commit with the fsync: benchmarks/bench_pages.py):
# - the index on `action`: an action's events are the rows from seq == its number up to the next action's first
#   (`append` writes them so and `verify` holds every file to it), so the primary key finds them;
# - the unique index on `id` (UNIQUE (id)): nothing looks an event up by its id, and `verify` checks that ids
#   differ; an id is 48 bits of the time and 74 random ones (`_event_id`).
SCHEMA = [
    "CREATE TABLE event (\n\tseq INTEGER NOT NULL, \n\tid VARCHAR NOT NULL, \n\taction INTEGER NOT NULL, "
    "\n\ttime VARCHAR NOT NULL, \n\ttype VARCHAR NOT NULL, \n\tpayload VARCHAR NOT NULL, "
    "\n\tprev_hash VARCHAR NOT NULL, \n\thash VARCHAR NOT NULL, \n\tPRIMARY KEY (seq)\n)",
    "CREATE TABLE meta (\n\t\"key\" VARCHAR NOT NULL, \n\tvalue VARCHAR NOT NULL, \n\tPRIMARY KEY (\"key\")\n)",
]
APPEND_ONLY = [
    "CREATE TRIGGER IF NOT EXISTS event_no_update BEFORE UPDATE ON event "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS event_no_delete BEFORE DELETE ON event "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END",
]
COLUMNS = "seq, id, action, time, type, payload, prev_hash, hash"
INSERT = f"INSERT INTO event ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
NEAR = 64  # wanted actions at most this many events apart are read in one range (the rows between are skipped)

def _connect(path: Path, new_file: bool = False, read_only: bool = False) -> sqlite3.Connection:
    """The one connection a store keeps: autocommit (we issue BEGIN ourselves), synchronous=FULL.

    `mode=rw` never creates a file by accident; only `LedgerStore.create` makes one (`rwc`).
    """
    uri = f"{path.resolve().as_uri()}?mode={'rwc' if new_file else 'ro' if read_only else 'rw'}"
    if read_only and not os.access(path.parent, os.W_OK):
        wal = path.parent / f"{path.name}-wal"
        if not wal.exists() or wal.stat().st_size == 0:  # every action is in the file, and nobody can write here:
            uri += "&immutable=1"  # read without the -shm file SQLite cannot make in a read-only folder
    connection = sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None, check_same_thread=False)
    if new_file:  # WAL is stored in the file; setting it on open would rewrite a file that is not ours
        connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    return connection


def _rollback(connection: sqlite3.Connection) -> None:
    """Undo an open transaction; SQLite already rolled back one that a full disk or an I/O error ended."""
    if connection.in_transaction:
        connection.execute("ROLLBACK")


class LedgerStore:
    """Reads and appends the events of one game file."""

    def __init__(self, path: Path, new_file: bool = False, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only  # opened for reading only (a read-only file or folder)
        self._connection: sqlite3.Connection | None = _connect(self.path, new_file, read_only)
        self._inserter: sqlite3.Cursor | None = None  # the cursor an action of one event is written with

    @classmethod
    def create(cls, path: Path) -> LedgerStore:
        """A new, empty game file; when it cannot be made (an unwritable folder, a full disk, a name too long),
        a LedgerError says why and no file is left behind."""
        path = Path(path)
        if name_too_long(path):
            raise cannot_create(path, OSError(36, "File name too long"))
        if path.exists():
            raise LedgerError(f"{path} already exists; pick a new file name or open it instead")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise cannot_create(path, error) from None
        store: LedgerStore | None = None
        try:
            store = cls(path, new_file=True)
            store.write_all([(sql, ()) for sql in SCHEMA + APPEND_ONLY]
                            + [("INSERT INTO meta (\"key\", value) VALUES (?, ?)", ("format", FORMAT)),
                               ("INSERT INTO meta (\"key\", value) VALUES (?, ?)", ("version", str(VERSION)))])
        except (OSError, sqlite3.Error) as error:
            if store is not None:
                store.close()
            cls.remove(path)
            raise cannot_create(path, error) from None
        return store

    @staticmethod
    def remove(path: Path) -> None:
        """Delete a game file this process has just made and its -wal, -shm and -journal (a failed creation)."""
        for name in (path.name, path.name + "-wal", path.name + "-shm", path.name + "-journal"):
            try:
                (path.parent / name).unlink(missing_ok=True)
            except OSError:
                pass

    @classmethod
    def open(cls, path: Path) -> LedgerStore:
        path = Path(path)
        if not path.exists():
            raise LedgerError(f"{path} does not exist; create it with `banker new {path} ...`")
        not_sqlite = f"{path} is not a Banker game file (not SQLite); pick a game file made by `banker new`"
        try:
            if path.stat().st_size < len(SQLITE_MAGIC):
                raise LedgerError(not_sqlite)
        except OSError as error:
            raise LedgerError(f"{path}: cannot be read ({error.strerror})") from None
        read_only = not writable(path)
        try:
            store = cls(path, read_only=read_only)
        except sqlite3.Error:
            raise LedgerError(not_sqlite) from None
        try:
            store.query("PRAGMA schema_version")
        except sqlite3.DatabaseError as error:
            store.close()
            if sqlite_code(error) in (SQLITE_CANTOPEN, SQLITE_READONLY):
                raise LedgerError(f"{path}: cannot be opened ({error}); if it is in a read-only folder, copy it "
                                  "somewhere you can write to") from None
            with open(path, "rb") as head:
                magic = head.read(len(SQLITE_MAGIC))
            if magic == SQLITE_MAGIC:
                raise file_damaged(path, error) from None
            raise LedgerError(not_sqlite) from None
        try:
            meta = dict(store.query("SELECT \"key\", value FROM meta"))
        except sqlite3.Error as error:
            store.close()
            raise LedgerError(f"{path} is not a readable Banker game file ({error})") from None
        if meta.get("format") != FORMAT:
            store.close()
            raise LedgerError(f"{path} is an SQLite file but not a Banker game")
        try:
            version = int(meta.get("version", "0") or 0)
        except (TypeError, ValueError):
            store.close()
            raise LedgerError(f"{path}: its version mark ({meta.get('version')!r}) is damaged (not a whole number); "
                              f"open a backup, or run `banker repair {path}` for a new file with its good events"
                              ) from None
        if version > VERSION:
            store.close()
            raise LedgerError(
                f"{path} was written by a newer Banker (file version {version}, this one reads {VERSION}); "
                "upgrade Banker to open it"
            )
        return store

    def close(self) -> None:
        self._inserter = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _writer(self) -> sqlite3.Connection:
        """The connection kept for this game's reads, writes and change checks (the hot path)."""
        if self._connection is None:
            self._connection = _connect(self.path, read_only=self.read_only)
        return self._connection

    def connection(self) -> sqlite3.Connection:
        """The game's own connection, for a streamed read (banker/chain_check.py); reads only."""
        return self._writer()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of one read statement (raises sqlite3.Error; callers say what it means)."""
        return self._writer().execute(sql, params).fetchall()

    def records(self, after: int = 0, up_to: int | None = None) -> list[Record]:
        """Stored events with after < seq <= up_to, in order."""
        sql = f"SELECT {COLUMNS} FROM event WHERE seq > ?"
        params: tuple[int, ...] = (after,)
        if up_to is not None:
            sql, params = sql + " AND seq <= ?", (after, up_to)
        try:
            rows = self.query(sql + " ORDER BY seq", params)
        except sqlite3.Error as error:
            raise file_damaged(self.path, error) from None
        return list(map(as_record, rows))

    def rows(self, after: int = 0) -> Iterator[tuple[Any, ...]]:
        """Stored events after a seq as plain rows, streamed (a replay of the whole file keeps none)."""
        try:
            cursor = self._writer().execute(f"SELECT {COLUMNS} FROM event WHERE seq > ? ORDER BY seq", (after,))
            while batch := cursor.fetchmany(2000):
                yield from batch
        except sqlite3.Error as error:
            raise file_damaged(self.path, error) from None

    def actions_records(self, numbers: Iterable[int]) -> list[Record]:
        """The stored events of these actions, in order. An action's events are the rows from seq == its number
        on, while they carry its number: read by ranges of the primary key, one read for actions close together."""
        wanted = sorted(set(numbers))
        out: list[Record] = []
        try:
            connection = self._writer()
            start = 0
            while start < len(wanted):
                end = start + 1
                while end < len(wanted) and wanted[end] - wanted[end - 1] <= NEAR:
                    end += 1
                run = wanted[start:end]
                out += self._range_of(connection, run[0], run[-1], set(run))
                start = end
        except sqlite3.Error as error:
            raise file_damaged(self.path, error) from None
        return out

    @staticmethod
    def _range_of(connection: sqlite3.Connection, first: int, last: int, keep: set[int]) -> list[Record]:
        """The rows of the actions in `keep`, all within `first`..`last` (action numbers), by one forward read."""
        out: list[Record] = []
        cursor = connection.execute(f"SELECT {COLUMNS} FROM event WHERE seq >= ? ORDER BY seq", (first,))
        size = last - first + 4  # the run and a few events of its last action: a lone action reads a few rows
        try:
            while batch := cursor.fetchmany(size):
                size = 256
                for row in batch:
                    if row[2] > last:
                        return out
                    if row[2] in keep:
                        out.append(as_record(row))
        finally:
            cursor.close()  # the rest unread: no read left open on the connection the game writes with
        return out

    def head(self) -> tuple[int, str]:
        try:
            row = self.query("SELECT seq, hash FROM event ORDER BY seq DESC LIMIT 1")
        except sqlite3.Error as error:
            raise file_damaged(self.path, error) from None
        return (row[0][0], row[0][1]) if row else (0, GENESIS)

    def hash_at(self, seq: int) -> str | None:
        row = self.query("SELECT hash FROM event WHERE seq = ?", (seq,))
        return row[0][0] if row else None

    def write(self, sql: str, params: tuple[Any, ...]) -> None:
        """One statement in its own BEGIN IMMEDIATE transaction (used for snapshots)."""
        self.write_all([(sql, params)])

    def write_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Statements in one BEGIN IMMEDIATE transaction: all of them, or none."""
        connection = self._writer()
        connection.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in statements:
                connection.execute(sql, params)
            connection.execute("COMMIT")
        except BaseException:
            _rollback(connection)
            raise

    def backup_to(self, dest: Path) -> None:
        """A consistent copy of the game as it is now, by SQLite's online backup through a connection of its own (the
        WAL's newest actions included, while others write); copying `GAME.db` alone can miss them. No file is left
        at `dest` when the copy fails."""
        dest = Path(dest)
        if name_too_long(dest):
            raise cannot_create(dest, OSError(36, "File name too long"))
        if dest.exists():
            raise LedgerError(f"{dest} already exists; pick a new file name for the copy")
        source = target = None
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            source = _connect(self.path, read_only=True)
            target = sqlite3.connect(f"{dest.resolve().as_uri()}?mode=rwc", uri=True, isolation_level=None)
            source.backup(target)
            target.execute("PRAGMA journal_mode=WAL")
            target.close()
            target = None
        except (OSError, sqlite3.Error) as error:
            if target is not None:
                target.close()
            self.remove(dest)
            raise cannot_create(dest, error) from None
        finally:
            if source is not None:
                source.close()

    def data_version(self) -> int:
        """Changes whenever another connection commits to the file (SQLite's data_version)."""
        return int(self._writer().execute("PRAGMA data_version").fetchone()[0])

    def append(self, events: Sequence[Event], after: tuple[int, str], action: int | None = None) -> list[Record]:
        """Store one action's events atomically after the head `after`.

        Raises GameChanged if another writer appended since `after` was read.
        The action number is the seq of its first event unless given.
        """
        seq, prev = after
        action = action if action is not None else seq + 1
        millis = _time.time_ns() // 1_000_000  # one reading of the clock for the time and the ids
        time = _now(millis)
        records: list[Record] = []
        for event in events:  # everything but the writing happens before the lock is taken
            seq += 1
            type_ = event.type
            payload = encode(event)
            event_id = _event_id(millis)
            digest = chain_hash(prev, seq, event_id, action, time, type_, payload)
            records.append(as_record((seq, event_id, action, time, type_, payload, prev, digest)))
            prev = digest
        # The head check is the primary key: rows are never deleted (the triggers), so the seq after `after` is
        # free exactly when nobody appended since. (A check inside the INSERT, `INSERT ... SELECT ... WHERE
        # max(seq) = ?`, reads the table it writes, and SQLite then stages the row in a temporary table first.)
        try:
            connection = self._writer()
            if len(records) == 1:  # one statement is its own transaction: the write lock, the write, the commit
                cursor = self._inserter
                if cursor is None or cursor.connection is not connection:  # kept: no new cursor per action
                    cursor = self._inserter = connection.cursor()
                cursor.execute(INSERT, records[0])
            else:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    connection.executemany(INSERT, records)
                    connection.execute("COMMIT")
                except BaseException:
                    _rollback(connection)
                    raise
        except sqlite3.IntegrityError as error:
            if "event.seq" not in str(error):
                raise write_failed(self.path, error) from None
            raise GameChanged("the game changed in another window; it has been reloaded, retry") from None
        except sqlite3.Error as error:
            raise write_failed(self.path, error) from None
        return records
