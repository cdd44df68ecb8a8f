"""One name, one phone: a phone claims its player's name and gets a secret token for it.

The join code only says "you are at this table"; the token says "you are Ann". Every line a phone
sends carries its token, so a guest on the table's Wi-Fi cannot speak as another player. A phone is
known by its network address: it holds one name (the banker may allow it a second, for a child on a
parent's phone), so the first guest to load the QR code cannot take every name. A name stays with its
phone until the phone gives it up ("not you?"), the banker frees it (`banker phones GAME.db free Ann`,
or its digit on the app's phones screen) or a new join code frees every name. A name the banker frees
is held for the new phone the banker pairs (it enters the pairing code, or scans the pairing QR code):
a guest's loop cannot win it back. Freeing a name withdraws the waiting proposals made under it.

The banker's own computer (a request whose source address is the address it reached) is the banker:
whatever runs there can already write the game file, so it may hold several names and take a held one.
Only a hash of the token is stored: the game file, copied or shared, holds no working token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ..errors import Refusal
from ..state import GameState
from .storage import connect, fresh_code, withdraw_waiting, writing

PAIR_LENGTH = 6  # 31**6: a guest's loop would need days; short enough to type from the banker's screen
SEEN_EVERY = timedelta(seconds=30)  # "last seen" is written at most this often per phone


class NameTaken(Refusal):
    """Another phone holds the name, or this phone already holds its one name (HTTP 409)."""


class NotYours(Refusal):
    """The token is missing or is not the name's (HTTP 403)."""


@dataclass(frozen=True)
class Phone:
    """Who sent a request: its network address, and whether it is the banker's own computer."""

    address: str = ""
    own: bool = True  # a call from inside the banker's process (the app, the CLI, a test) is the banker's


BANKERS = Phone()


@dataclass(frozen=True)
class Claim:
    player: str
    since: str  # ISO time, UTC
    address: str = ""  # the phone's network address, as last seen
    seen: str = ""  # when the phone last said it was there (ISO time, UTC)
    extra: int = 0  # names the banker allowed this phone beyond its first

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "since": self.since, "address": self.address, "last_seen": self.seen,
                "second_name_allowed": bool(self.extra)}


@dataclass(frozen=True)
class Held:
    """A name the banker freed, kept for the phone that brings its pairing code."""

    player: str
    code: str
    since: str


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _has_claims(connection: sqlite3.Connection) -> bool:
    return connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'wallet_claim'").fetchone()[0] == 1


def who_may_claim(state: GameState, player: str) -> str | None:
    """Why `player` cannot be claimed at this table now, or None."""
    if player not in state.players:
        return f"{player} is not a player at this table; pick your name from the list"
    if player in state.bankrupt:
        return f"{player} is bankrupt and out of the game; a phone cannot speak for {player}"
    return None


def _names_on(connection: sqlite3.Connection, address: str) -> tuple[list[str], int]:
    """The names the phone at `address` holds, and how many it may hold."""
    rows = connection.execute("SELECT player, extra FROM wallet_claim WHERE address = ? AND token != '' "
                              "ORDER BY since, player", (address,)).fetchall()
    return [row[0] for row in rows], 1 + max((row[1] for row in rows), default=0)


def claim(path: Path | str, state: GameState, player: str, phone: Phone = BANKERS, pair: str = "") -> str:
    """Give `player`'s name to this phone; the token to send with every line. NameTaken when held."""
    problem = who_may_claim(state, player)
    if problem:
        raise Refusal(problem)
    token = secrets.token_urlsafe(24)
    with connect(path) as connection, writing(connection):
        row = connection.execute("SELECT token, pair FROM wallet_claim WHERE player = ?", (player,)).fetchone()
        if row and row[0]:
            raise NameTaken(f"{player} is on another phone; the banker can free the name")
        if row and not phone.own and not hmac.compare_digest(pair.strip().lower().encode(), row[1].encode()):
            raise NameTaken(f"{player} is kept for the phone the banker pairs: enter the pairing code "
                            "shown on the banker's screen, or scan its pairing QR code")
        if not phone.own:
            names, most = _names_on(connection, phone.address)
            if len(names) >= most:
                raise NameTaken(f"this phone already holds {' and '.join(names)}; tap \"not you?\" to change "
                                "names, or ask the banker to allow a second name on it")
        since = _now()
        connection.execute("INSERT OR REPLACE INTO wallet_claim (player, token, since, address, seen, extra, pair) "
                           "VALUES (?, ?, ?, ?, ?, 0, '')", (player, _digest(token), since, phone.address, since))
    return token


def holds(connection: sqlite3.Connection, player: str, token: str) -> bool:
    """Whether `token` is the one `player`'s name was claimed with (read on the caller's connection)."""
    if not token or not _has_claims(connection):
        return False
    row = connection.execute("SELECT token FROM wallet_claim WHERE player = ?", (player,)).fetchone()
    return row is not None and bool(row[0]) and hmac.compare_digest(row[0], _digest(token))


def check_holder(path: Path | str, player: str, token: str) -> None:
    """NotYours unless this phone holds `player`'s name."""
    with connect(path) as connection:
        if holds(connection, player, token):
            return
    if not token:
        raise NotYours(f"pick your name first: {player} is not claimed on this phone")
    raise NotYours(f"this phone no longer holds {player} (the banker freed the name); pick your name again")


def mark_seen(path: Path | str, player: str, token: str, phone: Phone) -> bool:
    """The phone holding `player` is there now (at `phone.address`); written at most every SEEN_EVERY."""
    with connect(path) as connection:
        if not holds(connection, player, token):
            raise NotYours(f"this phone no longer holds {player} (the banker freed the name); pick your name again")
        now = datetime.now(UTC)
        row = connection.execute("SELECT seen, address FROM wallet_claim WHERE player = ?", (player,)).fetchone()
        try:
            fresh = now - datetime.fromisoformat(row[0]) < SEEN_EVERY
        except ValueError:
            fresh = False
        if fresh and (row[1] == phone.address or phone.own):
            return False
        with writing(connection):
            connection.execute("UPDATE wallet_claim SET seen = ?, address = CASE WHEN ? THEN address ELSE ? END "
                               "WHERE player = ?", (now.isoformat(timespec="seconds"), phone.own, phone.address,
                                                    player))
        return True


def give_up(path: Path | str, player: str, token: str) -> None:
    """The phone's own "not you?": only the holder can give a name up; its waiting proposals go with it."""
    with connect(path) as connection, writing(connection):
        if not holds(connection, player, token):
            raise NotYours(f"this phone does not hold {player}")
        connection.execute("DELETE FROM wallet_claim WHERE player = ?", (player,))
        withdraw_waiting(connection, f"withdrawn: {player}'s phone gave the name up", player)


def free(path: Path | str, player: str) -> Claim:
    """The banker frees a name: its phone's token stops working at once, the proposals it left waiting are
    withdrawn, and the name is kept for the phone the banker pairs (`pairing_code`). A Refusal when no phone
    holds it."""
    with connect(path, create=False) as connection:
        if not _has_claims(connection):
            raise Refusal(f"no phone holds {player}")
    with connect(path) as connection, writing(connection):  # an older file gets the pairing columns first
        row = connection.execute("SELECT player, since, address, seen, extra FROM wallet_claim "
                                 "WHERE player = ? AND token != ''", (player,)).fetchone()
        if row is None:
            raise Refusal(f"no phone holds {player}")
        connection.execute("UPDATE wallet_claim SET token = '', pair = ?, since = ?, address = '', seen = '', "
                           "extra = 0 WHERE player = ?", (fresh_code(PAIR_LENGTH), _now(), player))
        withdraw_waiting(connection, f"withdrawn: the banker freed {player}'s name", player)
    return Claim(*row)


def allow_second(path: Path | str, player: str) -> Claim:
    """The banker lets the phone holding `player` take one more name (a child on a parent's phone)."""
    with connect(path) as connection, writing(connection):
        row = connection.execute("SELECT player, since, address, seen, extra FROM wallet_claim "
                                 "WHERE player = ? AND token != ''", (player,)).fetchone()
        if row is None:
            raise Refusal(f"no phone holds {player}; a phone must pick its first name before a second is allowed")
        connection.execute("UPDATE wallet_claim SET extra = 1 WHERE player = ?", (player,))
    return Claim(*row[:4], 1)


def claimed_rows(connection: sqlite3.Connection) -> list[Claim]:
    if not _has_claims(connection):
        return []
    columns = "player, since" + (", address, seen, extra" if _has_column(connection, "pair") else "")
    where = " WHERE token != ''"
    return [Claim(*row) for row in connection.execute(f"SELECT {columns} FROM wallet_claim{where} "
                                                      "ORDER BY since, player")]


def held_rows(connection: sqlite3.Connection) -> list[Held]:
    """The names kept for a new phone, with their pairing codes."""
    if not _has_claims(connection) or not _has_column(connection, "pair"):
        return []
    return [Held(*row) for row in connection.execute(
        "SELECT player, pair, since FROM wallet_claim WHERE token = '' ORDER BY since, player")]


def _has_column(connection: sqlite3.Connection, column: str) -> bool:
    return any(row[1] == column for row in connection.execute("PRAGMA table_info(wallet_claim)"))


def claims(path: Path | str) -> list[Claim]:
    """The names on phones now, the longest-held first."""
    with connect(path, create=False) as connection:
        return claimed_rows(connection)


def held(path: Path | str) -> list[Held]:
    """The names the banker freed, kept for the phone each pairing code is for."""
    with connect(path, create=False) as connection:
        return held_rows(connection)
