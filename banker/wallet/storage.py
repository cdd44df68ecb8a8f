"""The wallet's rows in the game file: the join code, the names the phones claimed and their proposals.

They live in the game's own SQLite file, so the code and the queue travel with the game, but in
tables of their own: the event ledger (and its hash chain) is never written here, and
`banker verify` does not read them. Each write commits on its own short connection, so a running
server notices it through `PRAGMA data_version` exactly like a new action.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from ..ledger import FORMAT, LedgerError

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: a code read aloud or typed is unambiguous
CODE_LENGTH = 8  # about 39 bits: plenty on a home network, short enough to type from the screen
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS wallet_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS wallet_proposal ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, player TEXT NOT NULL, line TEXT NOT NULL,"
    " status TEXT NOT NULL DEFAULT 'pending', outcome TEXT NOT NULL DEFAULT '', action INTEGER,"
    " decided TEXT NOT NULL DEFAULT '', shown TEXT NOT NULL DEFAULT '')",
    "CREATE INDEX IF NOT EXISTS wallet_proposal_status ON wallet_proposal (status)",
    "CREATE TABLE IF NOT EXISTS wallet_claim (player TEXT PRIMARY KEY, token TEXT NOT NULL, since TEXT NOT NULL)",
)
# What an older file's wallet tables lack: added the first time any wallet code opens it.
UPGRADES = (
    ("wallet_proposal", "shown", "ALTER TABLE wallet_proposal ADD COLUMN shown TEXT NOT NULL DEFAULT ''"),
    ("wallet_proposal", "send_key", "ALTER TABLE wallet_proposal ADD COLUMN send_key TEXT NOT NULL DEFAULT ''"),
    ("wallet_claim", "address", "ALTER TABLE wallet_claim ADD COLUMN address TEXT NOT NULL DEFAULT ''"),
    ("wallet_claim", "seen", "ALTER TABLE wallet_claim ADD COLUMN seen TEXT NOT NULL DEFAULT ''"),
    ("wallet_claim", "extra", "ALTER TABLE wallet_claim ADD COLUMN extra INTEGER NOT NULL DEFAULT 0"),
    ("wallet_claim", "pair", "ALTER TABLE wallet_claim ADD COLUMN pair TEXT NOT NULL DEFAULT ''"),
)
WITHDRAWN = "withdrawn"  # the phone took it back, or its name was freed: the banker never decides it


def _open(path: Path) -> sqlite3.Connection:
    """Through SQLite only, never `open()`: POSIX drops every lock a process holds on a file when it
    closes any descriptor of it, and SQLite's WAL relies on those locks (without them another process
    closing its connection deletes the WAL under this one's feet). mode=rw never creates a file.
    """
    if not path.is_file():
        raise LedgerError(f"{path} cannot be read (no such file); create it with `banker new`")
    uri = f"file:{quote(str(path.resolve()))}?mode=rw"
    return sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None, check_same_thread=False)


@contextmanager
def connect(path: Path | str, create: bool = True) -> Iterator[sqlite3.Connection]:
    """A short autocommit connection to a game file, with the wallet's tables made if `create`.

    Readers pass create=False (and check `has_tables`): only serving or proposing adds the
    tables, so opening a game in the app never writes to its file.
    """
    path = Path(path)
    try:
        connection = _open(path)
    except sqlite3.Error as error:
        raise LedgerError(f"{path} cannot be opened ({error})") from None
    try:
        try:
            row = connection.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.DatabaseError as error:
            if "not a database" in str(error):
                raise LedgerError(f"{path} is not a Banker game file (not SQLite)") from None
            row = None
        if not row or row[0] != FORMAT:
            raise LedgerError(f"{path} is an SQLite file but not a Banker game")
        made = has_tables(connection)
        if (create or made) and not _current(connection):
            with writing(connection):
                for statement in SCHEMA:
                    connection.execute(statement)
                for table, column, statement in UPGRADES:
                    if not _has_column(connection, table, column):
                        connection.execute(statement)
        yield connection
    except sqlite3.Error as error:
        raise LedgerError(f"{path}: the wallet's tables cannot be used ({error})") from None
    finally:
        connection.close()


def has_tables(connection: sqlite3.Connection) -> bool:
    found = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('wallet_setting', 'wallet_proposal')"
    ).fetchone()[0]
    return found == 2


def _has_column(connection: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in connection.execute(f"PRAGMA table_info({table})"))


def _current(connection: sqlite3.Connection) -> bool:
    """Every wallet table and column there (a file served by an older Banker lacks the claims)."""
    claims = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'wallet_claim'").fetchone()[0]
    return has_tables(connection) and claims == 1 and all(_has_column(connection, t, c) for t, c, _ in UPGRADES)


@contextmanager
def writing(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One BEGIN IMMEDIATE transaction: a read-then-write here can never interleave with another."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


def fresh_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def read_join_code(connection: sqlite3.Connection) -> str:
    """The current code, or "" when none was made yet (the server makes one before it listens)."""
    row = connection.execute("SELECT value FROM wallet_setting WHERE key = 'join_code'").fetchone()
    return row[0] if row else ""


def join_code(path: Path | str) -> str:
    """This game's join code, made on first use and kept until `new_join_code`."""
    with connect(path) as connection, writing(connection):
        code = read_join_code(connection)
        if not code:
            code = fresh_code()
            connection.execute("INSERT INTO wallet_setting (key, value) VALUES ('join_code', ?)", (code,))
        return code


def new_join_code(path: Path | str) -> str:
    """Replace the join code: every phone holding the old one is cut off and must scan again, and
    every name a phone claimed is free (a new code is how a banker starts the phones over).

    A running server picks the new code up within its poll interval (the write changes the
    file's data_version) and closes the live channels opened with the old one.
    """
    code = fresh_code()
    with connect(path) as connection, writing(connection):
        connection.execute("INSERT OR REPLACE INTO wallet_setting (key, value) VALUES ('join_code', ?)", (code,))
        connection.execute("DELETE FROM wallet_claim")
        withdraw_waiting(connection, "withdrawn: a new join code freed every name")
    return code


def withdraw_waiting(connection: sqlite3.Connection, outcome: str, player: str | None = None,
                     proposal_id: int | None = None) -> int:
    """Take waiting proposals off the banker's list (a freed name's, or one its phone takes back); how many.

    Called inside the caller's write transaction, so a name and its proposals are freed together.
    """
    where, args = "status IN ('pending', 'accepting')", []
    if player is not None:
        where, args = where + " AND player = ?", [player]
    if proposal_id is not None:
        where, args = where + " AND id = ?", [*args, proposal_id]
    cursor = connection.execute(f"UPDATE wallet_proposal SET status = ?, outcome = ?, decided = ? WHERE {where}",
                                (WITHDRAWN, outcome, _now(), *args))
    return cursor.rowcount


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
