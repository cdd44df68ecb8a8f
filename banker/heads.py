"""The last head stored from this machine, kept outside each game file (in the user data folder).

SQLite's WAL holds the newest actions until a checkpoint: a copy of `GAME.db` alone, a deleted `-wal`, an old
backup put back all open as a whole, shorter game, and nothing in the file can tell. The head remembered here
can: a game that opens behind it, or beside it (another copy played on apart), is named before anyone plays on.

One small JSON file per game (its key: the first event's hash), replaced whole, never edited in place: two
processes writing at once leave one of their heads, each a true one.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple


class Head(NamedTuple):
    """The last event stored from this machine: its seq, its hash, and when (ISO time, UTC)."""

    seq: int
    hash: str
    time: str


def folder(data: Path | None = None) -> Path:
    """Where the heads are kept: `heads/` in the Banker data folder (the one the saved games are in)."""
    if data is None:
        data = _user_data()
    return data / "heads"


def _user_data() -> Path:
    """The user's Banker data folder, as platformdirs names it (saves.data_dir); on Linux without loading it (a
    command's start-up: platformdirs and its modules cost more than reading one small file)."""
    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_DATA_HOME", "").strip() or os.path.expanduser("~/.local/share")
        return Path(base) / "banker"
    from platformdirs import user_data_dir

    return Path(user_data_dir("banker", appauthor=False))


def key_of(first_hash: str) -> str:
    """A game's identity: its first event's hash (the same wherever the file is moved or copied)."""
    return first_hash[:32]


def remembered(key: str, data: Path | None = None) -> Head | None:
    """The head last remembered for this game, or None (never played here, or the note is unreadable)."""
    try:
        body = json.loads((folder(data) / f"{key}.json").read_text(encoding="utf-8"))
        return Head(int(body["seq"]), str(body["hash"]), str(body.get("time", "")))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def remember(key: str, seq: int, digest: str, data: Path | None = None) -> None:
    """Note this head as the last stored from here. Best effort: a read-only or full data folder costs only the
    warning a later rolled-back copy would have had."""
    where = folder(data)
    body = json.dumps({"seq": seq, "hash": digest, "time": datetime.now(UTC).isoformat(timespec="seconds")})
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=f".{key}.", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(body)
            os.replace(temporary, where / f"{key}.json")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def clock(stamp: str) -> str:
    """HH:MM in local time (the moment a table would remember), or the stamp as it is."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")
    except ValueError:
        return stamp


def behind(head: Head, file_seq: int, hash_at: str | None) -> str | None:
    """Why a file whose head is `file_seq` (and whose event at the remembered seq has `hash_at`) is not the latest
    copy stored from here; None when it is that copy or a later one."""
    if file_seq < head.seq:
        missing = head.seq - file_seq
        return (f"this file ends {missing} event{'s' if missing != 1 else ''} before the last one stored from this "
                f"machine (head {head.hash[:8]}..., {clock(head.time)}): it may be an old copy")
    if hash_at != head.hash:
        return (f"this file's event {head.seq} is not the one stored from this machine (head {head.hash[:8]}..., "
                f"{clock(head.time)}): it is another copy of this game, played on apart")
    return None
