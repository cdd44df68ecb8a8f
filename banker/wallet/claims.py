"""One name, one phone: a phone claims its player's name and gets a secret token for it.

The join code only says "you are at this table"; the token says "you are Ann". Every line a phone
sends carries its token, so a guest on the table's Wi-Fi cannot speak as another player. A name
stays with its phone until the phone gives it up ("not you?"), the banker frees it (`banker phones
GAME.db free Ann`, or `f` on the app's phones screen) or a new join code frees every name. Only a
hash of the token is stored: the game file, copied or shared, holds no working token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..errors import Refusal
from ..state import GameState
from .storage import connect, writing


class NameTaken(Refusal):
    """Another phone holds the name (HTTP 409)."""


class NotYours(Refusal):
    """The token is missing or is not the name's (HTTP 403)."""


@dataclass(frozen=True)
class Claim:
    player: str
    since: str  # ISO time, UTC

    def to_json(self) -> dict[str, str]:
        return {"player": self.player, "since": self.since}


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


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


def claim(path: Path | str, state: GameState, player: str) -> str:
    """Give `player`'s name to this phone; the token to send with every line. NameTaken when held."""
    problem = who_may_claim(state, player)
    if problem:
        raise Refusal(problem)
    token = secrets.token_urlsafe(24)
    with connect(path) as connection, writing(connection):
        if connection.execute("SELECT 1 FROM wallet_claim WHERE player = ?", (player,)).fetchone():
            raise NameTaken(f"{player} is on another phone; the banker can free the name")
        since = datetime.now(UTC).isoformat(timespec="seconds")
        connection.execute("INSERT INTO wallet_claim (player, token, since) VALUES (?, ?, ?)",
                           (player, _digest(token), since))
    return token


def holds(connection: sqlite3.Connection, player: str, token: str) -> bool:
    """Whether `token` is the one `player`'s name was claimed with (read on the caller's connection)."""
    if not token or not _has_claims(connection):
        return False
    row = connection.execute("SELECT token FROM wallet_claim WHERE player = ?", (player,)).fetchone()
    return row is not None and hmac.compare_digest(row[0], _digest(token))


def check_holder(path: Path | str, player: str, token: str) -> None:
    """NotYours unless this phone holds `player`'s name."""
    with connect(path) as connection:
        if holds(connection, player, token):
            return
    if not token:
        raise NotYours(f"pick your name first: {player} is not claimed on this phone")
    raise NotYours(f"this phone no longer holds {player} (the banker freed the name); pick your name again")


def give_up(path: Path | str, player: str, token: str) -> None:
    """The phone's own "not you?": only the holder can give a name up."""
    with connect(path) as connection, writing(connection):
        if not holds(connection, player, token):
            raise NotYours(f"this phone does not hold {player}")
        connection.execute("DELETE FROM wallet_claim WHERE player = ?", (player,))


def free(path: Path | str, player: str) -> Claim:
    """The banker frees a name: its phone's token stops working at once. A Refusal when no phone holds it."""
    with connect(path, create=False) as connection:
        if not _has_claims(connection):
            raise Refusal(f"no phone holds {player}")
        with writing(connection):
            row = connection.execute("SELECT player, since FROM wallet_claim WHERE player = ?", (player,)).fetchone()
            if row is None:
                raise Refusal(f"no phone holds {player}")
            connection.execute("DELETE FROM wallet_claim WHERE player = ?", (player,))
    return Claim(*row)


def claimed_rows(connection: sqlite3.Connection) -> list[Claim]:
    if not _has_claims(connection):
        return []
    return [Claim(*row) for row in connection.execute("SELECT player, since FROM wallet_claim ORDER BY since, player")]


def claims(path: Path | str) -> list[Claim]:
    """The names on phones now, the longest-held first."""
    with connect(path, create=False) as connection:
        return claimed_rows(connection)
