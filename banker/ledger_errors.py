"""What can go wrong with a game file, in the table's words: the ledger's errors, and the sentences that say why a
file is damaged, cannot be written or cannot be made, and what to do then (banker/ledger.py raises them)."""

from __future__ import annotations

import os
from pathlib import Path


class LedgerError(Exception):
    """A game file that cannot be used; the message says what to do."""


class Damaged(LedgerError):
    """Stored events or a snapshot that changed since they were written; the message says what to do."""


class GameChanged(LedgerError):
    """Another writer appended first; reload and retry."""


def file_damaged(path: Path, error: BaseException) -> LedgerError:
    return Damaged(f"{path}: the game file is damaged ({error}); nothing can be stored in it. Run `banker verify "
                   f"{path}` for details, then open a backup or run `banker repair {path}` (a new file with its good "
                   "events; this one is kept)")


SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN = 8, 13, 14


def sqlite_code(error: BaseException) -> int:
    """SQLite's primary result code of an error (0 when it has none)."""
    return (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def write_failed(path: Path, error: BaseException, what: str = "the action") -> LedgerError:
    """A write that stored nothing, in the table's words: a full disk, a file that cannot be written, or SQLite's."""
    errno = getattr(error, "errno", None)
    if sqlite_code(error) == SQLITE_FULL or errno == 28:  # ENOSPC
        return LedgerError(f"{path}: the disk is full; nothing was stored (free some space, then try again)")
    if sqlite_code(error) == SQLITE_READONLY or errno in (13, 30):  # EACCES, EROFS
        return LedgerError(f"{path}: the file cannot be written (a read-only file, folder or disk); nothing was "
                           "stored (copy it somewhere you can write to with `banker backup`)")
    return LedgerError(f"{path}: could not write {what} ({error}); nothing was stored")


def cannot_create(path: Path, error: BaseException) -> LedgerError:
    """Why a new game file could not be made, and what to do instead (no file is left behind)."""
    errno = getattr(error, "errno", None)
    if errno == 36:  # ENAMETOOLONG
        return LedgerError(f"{path}: the file name is too long for this disk; pick a shorter name (nothing was made)")
    if sqlite_code(error) == SQLITE_FULL or errno == 28:
        return LedgerError(f"{path}: the disk is full; nothing was stored (free some space, or pick another disk)")
    if sqlite_code(error) in (SQLITE_READONLY, SQLITE_CANTOPEN) or errno in (13, 30):
        return LedgerError(f"{path}: cannot write in {path.parent} (read-only or not yours); pick a folder you can "
                           "write to (nothing was made)")
    return LedgerError(f"{path}: cannot be made ({error}); nothing was made")


def name_too_long(path: Path) -> bool:
    try:
        most = os.pathconf(path.parent if path.parent.exists() else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        most = 255
    return len(path.name.encode("utf-8", "surrogateescape")) + len("-journal") > most


def writable(path: Path) -> bool:
    """Whether SQLite can write this game: the file and its folder (where the -wal and -shm files go)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def damage_sentence(path: Path, what: str, good: int) -> str:
    """What is damaged and what to do, in one sentence (the game is open read-only, or not at all)."""
    return (f"{path}: {what}; nothing can be stored in it. Run `banker verify {path}` for details, then open a "
            f"backup or run `banker repair {path}` (a new file with the {good} good events; this one is kept)")
