"""`banker backup` and `banker repair`: the game file itself, copied safely or rebuilt from its good events.

A copy of `GAME.db` alone, made while a game is played, can miss the newest actions (they sit in `GAME.db-wal` until
SQLite moves them in): `backup` uses SQLite's online backup, which copies the game as it is at that moment. `repair`
makes a new file holding the events of a damaged one up to its first bad event, as they were written (their hashes
unchanged, so the head a table photographed still matches); the damaged file is kept as it is.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import heads, snapshots
from .game import Game
from .ledger import INSERT, LedgerError, LedgerStore, write_failed
from .verify import Verifier


def add_parsers(sub: Any) -> None:
    backup = sub.add_parser("backup", help="a safe copy of a game file, even while it is played")
    backup.add_argument("game", type=Path)
    backup.add_argument("dest", type=Path, help="the new file (or a folder to put it in)")
    repair = sub.add_parser("repair", help="a new game file with a damaged one's good events (the original is kept)")
    repair.add_argument("game", type=Path)
    repair.add_argument("dest", type=Path, nargs="?", help="the new file (default: GAME-repaired.db beside it)")


def _free_name(path: Path) -> Path:
    number = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    return candidate


def backup(args: argparse.Namespace) -> int:
    """`banker backup GAME.db DEST`: a consistent copy at any moment; DEST may be a folder."""
    dest = args.dest / args.game.name if args.dest.is_dir() else args.dest
    store = LedgerStore.open(args.game)
    try:
        store.backup_to(dest)
    finally:
        store.close()
    copy = LedgerStore.open(dest)
    try:
        count, digest = copy.head()
    finally:
        copy.close()
    print(f"backed up {args.game} to {dest}: {count} events, head {digest[:12]}")
    return 0


def _good_actions(store: LedgerStore) -> tuple[Any, str | None]:
    """The stored rows, whole actions one after another, up to the first action that fails the check `verify`
    makes (its chain, its reading, its replay); then the problem, or None when every action is good."""
    verifier = Verifier()
    result: dict[str, str | None] = {"problem": None}

    def actions() -> Any:
        pending: list[Sequence[Any]] = []
        try:
            for row in store.rows():
                if pending and row[2] != pending[0][2]:
                    if not _holds(verifier, pending, result):
                        return
                    yield pending
                    pending = []
                pending.append(row)
        except LedgerError as error:
            result["problem"] = str(error)
            return
        if pending and _holds(verifier, pending, result):
            yield pending

    return actions(), result


def _holds(verifier: Verifier, rows: list[Sequence[Any]], result: dict[str, str | None]) -> bool:
    verdict = verifier.feed(rows) or verifier.verdict()
    result["problem"] = verdict.problem
    return verdict.problem is None


def repair(args: argparse.Namespace) -> int:
    """`banker repair GAME.db [DEST]`: a new file with the good events; the damaged one is kept unchanged."""
    source: Path = args.game
    dest = args.dest or _free_name(source.with_name(f"{source.stem}-repaired{source.suffix}"))
    store = LedgerStore.open(source)
    try:
        actions, result = _good_actions(store)
        made = LedgerStore.create(dest)
        count = 0
        try:
            connection = made._writer()
            connection.execute("BEGIN IMMEDIATE")
            for rows in actions:
                connection.executemany(INSERT, rows)
                count += len(rows)
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            made.close()
            LedgerStore.remove(dest)
            raise write_failed(dest, error, "the repaired game") from None
        made.close()
    finally:
        store.close()
    problem = result["problem"]
    if count == 0:
        LedgerStore.remove(dest)
        raise LedgerError(f"{source}: its first event (the game's start) cannot be read ({problem}); nothing to "
                          "repair from: open a backup")
    game = Game.open(dest, read_only=True)  # the new file, replayed once more; a snapshot for a long game
    try:
        if game.damage is not None and "another copy" not in game.damage and "old copy" not in game.damage:
            raise LedgerError(f"{dest}: the repaired file does not hold together ({game.damage}); it is left for a "
                              "look, open a backup instead")
        if count >= snapshots.EVERY_EVENTS:
            snapshots.save(game.store, *game.head, game.state)
        heads.remember(game.key, *game.head)  # playing on from this file is the table's choice now
    finally:
        game.store.close()
    said = f"stopped before the first problem: {problem}" if problem else "every event was good"
    print(f"repaired {source} into {dest}: {count} events, head {game.head[1][:12]} ({said}); "
          f"{source} is kept unchanged", file=sys.stdout)
    return 0
