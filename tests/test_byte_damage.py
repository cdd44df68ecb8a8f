"""A game file damaged one byte at a time (issue 38): every byte of a small game's events and snapshot, a fixed-seed
sample of a longer game's, and a few through the `banker` command itself.

Each damaged file must do one of: open as before, showing exactly the original table (the byte did not matter), or
be refused or opened read-only with a sentence that says what is damaged. Never a traceback, never a changed balance
shown as good, never an action stored on top of the damage.
"""

from __future__ import annotations

import os
import random
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from banker import snapshots
from banker.game import Game
from banker.history import checked_entries
from banker.ledger import LedgerError
from editions import load_edition

SEED = 38  # the sample of the longer game's bytes (fixed: the same bytes every run)
PAGE_KINDS = ("event", "snapshot")


def build(path: Path, rounds: int) -> None:
    """A game with multi-event actions (trades, an undo and redo) and at least one snapshot; `rounds` of 0 makes
    the small one (nine events)."""
    game = Game.create(path, load_edition("classic-us"), ("Ann", "Ben", "Cy"))
    game.do("buy Ann Boardwalk")
    game.do("buy Ben 'Park Place'")
    if not rounds:
        for line in ("pay Ann 123 Ben", "trade Ann Ben give Boardwalk $1 get 'Park Place' $2", "undo"):
            game.do(line)
    for number in range(rounds):
        for line in (f"pay Ann {number % 7 + 1}23 Ben", f"pay Ben {number % 7 + 1}23 Ann",
                     "trade Ann Ben give Boardwalk $1 get 'Park Place' $2",
                     "trade Ann Ben give 'Park Place' $2 get Boardwalk $1", "go Cy", "undo", "redo",
                     "rent Cy Boardwalk", "tax Ben 'Income Tax'", "collect Ben 200"):
            game.do(line)
    game.close()  # the last connection: the WAL is checked into the file, which now holds every byte


def table_pages(path: Path, overflow_stride: int = 1) -> list[int]:
    """Byte offsets of the events and the snapshots: every byte of their pages (every page without dbstat) but
    the unused gap of a b-tree page between its cell pointers and its cells, which holds nothing; of the overflow
    pages (the rest of the game's start, which holds the whole edition) every `overflow_stride`-th byte."""
    connection = sqlite3.connect(path)
    try:
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        try:
            pages = [(n, kind) for name, n, kind in connection.execute("SELECT name, pageno, pagetype FROM dbstat")
                     if name in PAGE_KINDS]
        except sqlite3.Error:
            pages = [(n, "") for n in range(1, connection.execute("PRAGMA page_count").fetchone()[0] + 1)]
    finally:
        connection.close()
    data = path.read_bytes()
    offsets = []
    for number, kind in sorted(pages):
        start = (number - 1) * size
        gap = range(0)
        if kind in ("leaf", "internal"):
            header = start + (100 if number == 1 else 0)
            cells = int.from_bytes(data[header + 3:header + 5], "big")
            content = int.from_bytes(data[header + 5:header + 7], "big") or 65536
            pointers = header + (8 if kind == "leaf" else 12) + 2 * cells
            gap = range(pointers, start + content)
        stride = overflow_stride if kind == "overflow" else 1
        offsets += [offset for offset in range(start, start + size, stride) if offset not in gap]
    return offsets


def state_of(path: Path) -> dict:
    game = Game.open(path)
    try:
        return game.state_json()
    finally:
        game.close()


def outcome(path: Path, expected: dict) -> str:
    """What the damaged file does: "same", "refused" or "read-only"; fails the test on anything else."""
    try:
        game = Game.open(path, read_only=True)
    except LedgerError as error:
        assert str(error).strip() and "\n" not in str(error), repr(error)
        return "refused"
    try:
        if game.damage is None:
            assert game.state_json() == expected, "a damaged file opened as good with another table"
            return "same"
        assert "banker verify" in game.damage or "repair" in game.damage, game.damage
        head = game.store.head()
        with pytest.raises(LedgerError):
            game.do("pay Ann 1 Ben")
        assert game.store.head() == head, "an action was stored on a damaged file"
        checked_entries(game.records)  # the ledger reads as far as it holds, without an error
        return "read-only"
    except LedgerError:
        return "refused"  # the file gives out further on (SQLite's own check), with its sentence
    finally:
        game.close()


def damage_each(original: Path, work: Path, offsets: list[int], expected: dict) -> dict[str, int]:
    data = original.read_bytes()
    rng = random.Random(SEED)
    tally = {"same": 0, "refused": 0, "read-only": 0}
    for offset in offsets:
        damaged = bytearray(data)
        damaged[offset] ^= rng.randrange(1, 256)
        for name in (work.name + "-wal", work.name + "-shm"):
            (work.parent / name).unlink(missing_ok=True)
        work.write_bytes(bytes(damaged))
        try:
            tally[outcome(work, expected)] += 1
        except AssertionError as failure:
            raise AssertionError(f"byte {offset} changed: {failure}") from None
    return tally


@pytest.fixture
def often_snapshots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 7)


def test_every_byte_of_a_small_games_events_and_snapshot(tmp_path: Path, often_snapshots: None) -> None:
    original = tmp_path / "small.db"
    build(original, rounds=0)
    expected = state_of(original)
    connection = sqlite3.connect(original)
    assert connection.execute("SELECT count(*) FROM snapshot").fetchone()[0] >= 1, "the small game has a snapshot"
    connection.close()
    offsets = table_pages(original, overflow_stride=64)
    tally = damage_each(original, tmp_path / "work.db", offsets, expected)
    assert sum(tally.values()) == len(offsets)
    assert tally["read-only"] + tally["refused"] > 0 and tally["same"] > 0, tally


def test_a_sample_of_a_longer_games_bytes(tmp_path: Path) -> None:
    original = tmp_path / "long.db"
    build(original, rounds=120)  # past 1,000 events: the real snapshot
    expected = state_of(original)
    offsets = table_pages(original)
    sample = sorted(random.Random(SEED).sample(offsets, 200))
    tally = damage_each(original, tmp_path / "work.db", sample, expected)
    assert tally["read-only"] + tally["refused"] > 0, tally


def test_the_banker_command_on_damaged_files_says_why_without_a_traceback(tmp_path: Path) -> None:
    original = tmp_path / "small.db"
    build(original, rounds=0)
    data = original.read_bytes()
    offsets = random.Random(SEED).sample(table_pages(original), 12)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    said_damaged = 0
    for number, offset in enumerate(offsets):
        work = tmp_path / f"work{number}.db"
        damaged = bytearray(data)
        damaged[offset] ^= 0x5A
        work.write_bytes(bytes(damaged))
        for command in ("state", "ledger", "verify", "do"):
            extra = ["pay", "Ann", "1", "Ben"] if command == "do" else []
            done = subprocess.run([sys.executable, "-m", "banker", command, str(work), *extra], capture_output=True,
                                  text=True, env=env, timeout=60)
            shown = f"banker {command} {shlex.quote(str(work))} (byte {offset}): {done.stderr}"
            assert "Traceback" not in done.stderr and done.returncode in (0, 1, 2), shown
            said_damaged += "damaged" in done.stderr + done.stdout
    assert said_damaged, "a sample of damaged bytes was noticed by no command"
