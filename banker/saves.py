"""Saved games on this computer: where they live, what each one is, and the players' token colours.

The start screen lists these; nothing here knows about screens. Reading a game for
the list touches only its first event and its last action, so a long game lists as
fast as a short one.
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_dir

from editions import EditionError, parse_edition

from . import events as ev
from .describe import summarize
from .frozen import Frozen, frozen
from .ledger import LedgerError, LedgerStore, Record, decode_records

TAIL = 256  # events read from the end to find the last action; more only when an action is longer
TOKEN_FILE = "tokens.json"
TOKEN_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "orange")


def data_dir() -> Path:
    """The user's Banker data folder (platformdirs), where games and token colours are kept."""
    return Path(user_data_dir("banker", appauthor=False))


def games_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "games"


@frozen
class SavedGame(Frozen):
    """One game file as the start screen lists it."""

    path: Path
    edition: str
    players: tuple[str, ...]
    last_action: str
    when: datetime | None
    events: int
    problem: str = ""  # why the file cannot be opened, when it cannot

    @property
    def ok(self) -> bool:
        return not self.problem


def _read(store: LedgerStore, sql: str, *args: object) -> list[Record]:
    rows = store.query("SELECT seq, id, action, time, type, payload, prev_hash, hash FROM event " + sql, args)
    return [Record(*row) for row in rows]


def last_action(store: LedgerStore, count: int) -> list[Record]:
    """The records of the game's last action (its events share one action number)."""
    tail = _read(store, "WHERE seq > ? ORDER BY seq", max(0, count - TAIL))
    if not tail:
        return []
    action = tail[-1].action
    if tail[0].action == action and tail[0].seq > 1:
        tail = _read(store, "WHERE seq >= ? ORDER BY seq", action)  # an action's events start at seq == its number
    return [r for r in tail if r.action == action]


def describe_game(path: Path) -> SavedGame:
    """What the start screen shows for one file; a broken file is listed with its problem."""
    try:
        store = LedgerStore.open(path)
    except LedgerError as error:
        return SavedGame(path, "", (), "", None, 0, str(error))
    try:
        first = _read(store, "WHERE seq = 1")
        count = store.head()[0]
        last = last_action(store, count)
        decoded = decode_records(first + last)
    except (LedgerError, sqlite3.Error) as error:
        return SavedGame(path, "", (), "", None, 0, f"cannot be read ({error})")
    finally:
        store.close()
    if not first or not isinstance(decoded[0][1], ev.GameStarted):
        return SavedGame(path, "", (), "", None, 0, "does not begin with a game start")
    started = decoded[0][1]
    try:
        edition = parse_edition(started.edition, started.edition_id, str(path))
    except EditionError as error:
        return SavedGame(path, started.edition_id, tuple(started.players), "", None, count, str(error))
    events = [event for _, event in decoded[1:]]
    summary = summarize(events, edition.money, edition) if events else ""
    when = datetime.fromisoformat(last[-1].time) if last else None
    return SavedGame(path, edition.name, tuple(started.players), summary, when, count)


def list_games(folder: Path) -> list[SavedGame]:
    """Every game file in the folder, the most recently played first."""
    if not folder.is_dir():
        return []
    found = [describe_game(p) for p in sorted(folder.glob("*.db")) if p.is_file()]
    return sorted(found, key=lambda g: (g.when is not None, g.when or datetime.min), reverse=True)


def new_game_path(folder: Path, players: list[str] | tuple[str, ...]) -> Path:
    """A file name from the players' names that is not taken yet: alice-bob-carol.db, then -2, -3 ..."""
    stem = "-".join(re.sub(r"[^0-9a-z]+", "", p.casefold()) for p in players).strip("-") or "game"
    stem = stem[:60]
    path = folder / f"{stem}.db"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.db"
        number += 1
    return path


def game_key(first_hash: str) -> str:
    """A game's identity for side data: its first event's hash (stays the same when the file moves)."""
    return first_hash[:32]


def game_key_of(store: LedgerStore) -> str:
    """The key of an open game, reading only its first event (a long game stays fast to open)."""
    first = _read(store, "WHERE seq = 1")
    return game_key(first[0].hash if first else "")


def load_token_colours(base: Path, key: str) -> dict[str, str]:
    """The token colour each player picked at the new-game screen; {} when none was saved."""
    try:
        data = json.loads((base / TOKEN_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    colours = data.get(key, {}) if isinstance(data, dict) else {}
    return {str(k): str(v) for k, v in colours.items()} if isinstance(colours, dict) else {}


def save_token_colours(base: Path, key: str, colours: dict[str, str]) -> None:
    """Token colours are a table fact, not a ledger one: kept beside the games, never in them."""
    path = base / TOKEN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data[key] = colours
    base.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")


BACKUPS = "backups"


def backups_dir(base: Path | None = None) -> Path:
    """Where the app keeps a rolling backup of each game it opens: `backups/` in the data folder."""
    return (base or data_dir()) / BACKUPS


def rolling_backup(store: LedgerStore, folder: Path) -> Path:
    """A consistent copy of the game (SQLite's online backup) as `NAME-KEY.db` in `folder`; the copy before it is
    kept as `NAME-KEY.prev.db`, so a backup made of a game gone wrong still leaves the one before. Best effort:
    raises LedgerError (a full disk, an unwritable folder) and leaves the copies there were."""
    stem = f"{store.path.stem}-{game_key_of(store)[:8]}"
    latest, previous, fresh = (folder / f"{stem}.db", folder / f"{stem}.prev.db", folder / f".{stem}.new.db")
    LedgerStore.remove(fresh)
    store.backup_to(fresh)
    try:
        if latest.exists():
            latest.replace(previous)
        fresh.replace(latest)
    except OSError as error:
        LedgerStore.remove(fresh)
        raise LedgerError(f"{folder}: the backup could not be kept ({error.strerror})") from None
    return latest


def default_colours(players: tuple[str, ...] | list[str]) -> dict[str, str]:
    return {p: TOKEN_COLOURS[i % len(TOKEN_COLOURS)] for i, p in enumerate(players)}
