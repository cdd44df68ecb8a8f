"""A damaged or rolled-back game is noticed when it opens, never played on (issue 38).

Damage outside the write path (a bad sector, a hand edit, a copy of `GAME.db` without its WAL) was noticed only by
someone who thought to run `banker verify`: the table showed $923 for a stored $123 and took new actions on top.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from banker import snapshots
from banker.game import Game
from banker.ledger import LedgerError, LedgerStore, chain_hash
from banker.saves import describe_game, list_games
from banker.verify import verify_rows
from editions import load_edition

ROOT = Path(__file__).parent.parent


def banker(*args: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def small_game(path: Path) -> None:
    game = Game.create(path, load_edition("classic-us"), ("Ann", "Ben"))
    for line in ("buy Ann Boardwalk", "collect Ann 123", "pay Ben 40 Ann"):
        game.do(line)
    game.close()


def change_bytes(path: Path, old: bytes, new: bytes) -> None:
    """One place in the file itself changed, as a disk or an editor could (no SQL)."""
    data = path.read_bytes()
    assert data.count(old) == 1, f"{old!r} is not unique in the file"
    path.write_bytes(data.replace(old, new))


def test_a_changed_amount_is_named_never_shown_and_nothing_is_stored_on_top(tmp_path: Path) -> None:
    """$123 turned into $923 by one byte: every command names the damaged event; the ledger stops before it."""
    path = tmp_path / "g.db"
    small_game(path)
    change_bytes(path, b'"Ann",123]', b'"Ann",923]')
    before = path.read_bytes()
    with pytest.raises(LedgerError, match="event 3 is damaged") as refused:
        Game.open(path)
    assert "banker repair" in str(refused.value) and "banker verify" in str(refused.value)
    for command in (("state",), ("state", "--json"), ("score",), ("do", "pay Ben 1 Ann")):
        done = banker(command[0], path, *command[1:])
        assert done.returncode == 2 and "event 3 is damaged" in done.stderr and "923" not in done.stdout, command
    assert path.read_bytes() == before, "nothing was stored on the damaged file"
    ledger = banker("ledger", path)
    assert ledger.returncode == 2 and "event 3 is damaged" in ledger.stderr
    assert "Boardwalk" in ledger.stdout and "123" not in ledger.stdout and "923" not in ledger.stdout
    shown = Game.open(path, read_only=True)
    try:
        assert shown.state.cash("Ann") == 1500 - 400 and shown.head[0] == 2  # up to the last good action
        with pytest.raises(LedgerError, match="event 3 is damaged"):
            shown.do("pay Ben 1 Ann")
    finally:
        shown.close()
    assert banker("verify", path).returncode == 1


def test_a_changed_byte_in_the_snapshot_opens_read_only_with_the_events_cash(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 3)
    path = tmp_path / "g.db"
    small_game(path)
    expected = Game.open(path).state_json()
    connection = sqlite3.connect(path)
    seq, body = connection.execute("SELECT seq, body FROM snapshot ORDER BY seq DESC LIMIT 1").fetchone()
    connection.close()
    assert '"Ann":1223' in body
    change_bytes(path, b'"Ann":1223', b'"Ann":9223')
    done = banker("state", path)
    assert done.returncode == 2 and f"the stored snapshot after event {seq} is damaged" in done.stderr
    shown = Game.open(path, read_only=True)
    try:
        assert shown.state_json() == expected  # the events are the truth: never the snapshot's $9,223
    finally:
        shown.close()
    assert "snapshot after event" in banker("verify", path).stdout


def rehash_from(path: Path, seq: int, payload: str) -> None:
    """An event replaced and the chain re-hashed after it (what a careful editor does): the chain holds."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("DROP TRIGGER event_no_update")
    rows = connection.execute("SELECT seq, id, action, time, type, payload, prev_hash FROM event WHERE seq >= ? "
                              "ORDER BY seq", (seq,)).fetchall()
    prev = rows[0][6]
    for number, event_id, action, time, type_, old, _ in rows:
        body = payload if number == seq else old
        digest = chain_hash(prev, number, event_id, action, time, type_, body)
        connection.execute("UPDATE event SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?",
                           (body, prev, digest, number))
        prev = digest
    connection.close()


def test_an_unreadable_event_never_crashes_the_ledger(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    small_game(path)
    rehash_from(path, 3, "{not json")
    done = banker("ledger", path)
    assert done.returncode == 2 and "event 3" in done.stderr and "cannot be read" in done.stderr
    assert banker("ledger", path, "--json").returncode == 2
    assert banker("state", path).returncode == 2


def test_a_version_mark_that_is_not_a_whole_number_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    small_game(folder / "bad.db")
    small_game(folder / "good.db")
    connection = sqlite3.connect(folder / "bad.db")
    connection.execute("UPDATE meta SET value = '1x' WHERE key = 'version'")
    connection.commit()
    connection.close()
    for command in ("state", "verify", "ledger"):
        done = banker(command, folder / "bad.db")
        assert done.returncode == 2 and "version mark ('1x') is damaged" in done.stderr, done.stderr
    assert "version mark" in describe_game(folder / "bad.db").problem
    assert sorted(g.ok for g in list_games(folder)) == [False, True]  # one bad file hides no other game


def test_a_copy_behind_the_last_head_stored_here_is_named(tmp_path: Path) -> None:
    path, copy = tmp_path / "g.db", tmp_path / "copy.db"
    small_game(path)
    shutil.copy(path, copy)
    game = Game.open(path)
    for line in ("pay Ann 1 Ben", "pay Ann 2 Ben", "pay Ann 3 Ben"):
        game.do(line)
    game.close()
    with pytest.raises(LedgerError, match=r"this file ends 3 events before the last one stored from this machine "
                                          r"\(head [0-9a-f]{8}\.\.\., \d\d:\d\d\): it may be an old copy"):
        Game.open(copy)
    assert banker("verify", copy).returncode == 1
    assert banker("do", copy, "pay Ann 9 Ben").returncode == 2
    assert Game.open(path).head[0] == 7  # the latest copy opens as ever
    repaired = banker("repair", copy, tmp_path / "chosen.db")
    assert repaired.returncode == 0, repaired.stderr
    assert banker("do", tmp_path / "chosen.db", "pay Ann 9 Ben").returncode == 0  # the table chose that copy


def test_a_copy_played_on_apart_is_named(tmp_path: Path) -> None:
    path, copy = tmp_path / "g.db", tmp_path / "copy.db"
    small_game(path)
    shutil.copy(path, copy)
    game = Game.open(path)
    game.do("pay Ann 1 Ben")
    game.close()
    elsewhere = Game.open(copy, data=tmp_path / "another-machine")  # the copy, played on at another table
    elsewhere.do("pay Ben 1 Ann")
    elsewhere.close()
    with pytest.raises(LedgerError, match="another copy of this game, played on apart"):
        Game.open(copy)
    Game.open(path).close()


CHILD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from banker.game import Game
    path = Path(sys.argv[1])
    game = Game.open(path)
    for line in ("pay Ann 1 Ben", "pay Ann 2 Ben", "pay Ann 3 Ben"):
        game.do(line)
    game.remember_head()  # the app does it every two seconds
    for suffix in ("-wal", "-shm"):
        os.unlink(str(path) + suffix)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_deleted_wal_under_an_open_game_is_named_at_the_next_opening(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    small_game(path)
    done = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, timeout=60, capture_output=True)
    assert done.returncode == -9, done.stderr
    with pytest.raises(LedgerError, match="this file ends 3 events before the last one stored from this machine"):
        Game.open(path)


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from banker.game import Game
    game = Game.open(Path(sys.argv[1]))
    print("ready", flush=True)
    for number in range(int(sys.argv[2])):
        game.do("pay Ann 1 Ben" if number % 2 else "pay Ben 1 Ann")
    game.close()
""")


def test_banker_backup_while_a_writer_plays_is_a_whole_prefix_of_the_game(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    small_game(path)
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "400"], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True, env={**os.environ})
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    copies = []
    for number in range(3):
        copy = tmp_path / f"backup{number}.db"
        done = banker("backup", path, copy)
        assert done.returncode == 0 and done.stdout.startswith(f"backed up {path} to {copy}: "), done.stderr
        copies.append(copy)
    assert writer.wait(timeout=300) == 0
    final = Game.open(path)
    try:
        for copy in copies:
            store = LedgerStore.open(copy)
            try:
                assert verify_rows(store.rows()).problem is None  # whole: every action, every hash
            finally:
                store.close()
            said = banker("verify", copy).stdout  # and, the game having gone on, an old copy
            assert "it may be an old copy" in said or said.startswith("ok: "), said
            connection = sqlite3.connect(copy)
            count, digest = connection.execute("SELECT seq, hash FROM event ORDER BY seq DESC LIMIT 1").fetchone()
            connection.close()
            assert final.store.hash_at(count) == digest  # a moment of the game, its newest actions included
    finally:
        final.close()
    assert banker("backup", path, copies[0]).returncode == 2  # never over an existing file


def test_the_heads_are_kept_in_the_saved_games_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """heads.py names the data folder without loading platformdirs (a command's start-up); it is the same folder."""
    from banker import heads
    from banker.saves import data_dir

    for value in (str(tmp_path), ""):
        monkeypatch.setenv("XDG_DATA_HOME", value)
        assert heads.folder() == data_dir() / "heads"
