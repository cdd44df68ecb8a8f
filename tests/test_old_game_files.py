"""Game files written by an earlier Banker open, replay and verify unchanged (issue 15 changed the store).

tests/data holds one game per edition written by the code of commit 23f3aaa (tests/data/make_old_games.py
says how), with undo/redo, a bankruptcy, and on the classic board 2,284 events and a stored snapshot
that opening now starts from. Beside each file: what that code printed for `banker verify`, for
`banker state --json`, and for `state --json` after undoing back past the snapshot.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from banker.errors import Refusal
from banker.game import Game

DATA = Path(__file__).parent / "data"
EDITIONS = ["classic-us", "classic-uk", "mega", "sore-losers", "city"]
UNDOS = 400  # as make_old_games.py undid them


def banker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *args], capture_output=True, text=True)


@pytest.fixture(params=EDITIONS)
def old_game(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Path]:
    """A copy of the old file (opening writes SQLite's WAL beside it; an action writes into it)."""
    path = tmp_path / "game.db"
    shutil.copy(DATA / f"old-{request.param}.banker", path)
    return request.param, path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def as_old_code(shown: dict) -> dict:
    """The state as the old code printed it: the contract only adds keys, and "waiting" (issue 25) is empty in a
    game whose landings were all settled by hand."""
    assert shown.pop("waiting") == []
    return shown


def test_an_old_file_verifies_and_shows_the_state_the_old_code_printed(old_game: tuple[str, Path]) -> None:
    edition, path = old_game
    before = digest(path)
    verified = banker("verify", str(path))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.replace(str(path), "GAME") == (DATA / f"old-{edition}.verify.txt").read_text()
    shown = banker("state", str(path), "--json")
    assert shown.returncode == 0, shown.stderr
    assert as_old_code(json.loads(shown.stdout)) == json.loads((DATA / f"old-{edition}.state.json").read_text())
    assert digest(path) == before, "reading an old file must not change it"


def test_an_old_file_undoes_back_past_its_snapshot_as_the_old_code_did(old_game: tuple[str, Path]) -> None:
    edition, path = old_game
    game = Game.open(path)
    try:
        for _ in range(UNDOS):
            try:
                game.do("undo")
            except Refusal:
                break
        expected = json.loads((DATA / f"old-{edition}.undone.json").read_text())
        got = as_old_code(game.state_json())
        assert got["ledger"]["events"] == expected["ledger"]["events"]
        assert {k: v for k, v in got.items() if k != "ledger"} == {k: v for k, v in expected.items() if k != "ledger"}
    finally:
        game.close()


def test_an_old_file_takes_a_new_action_and_still_verifies(old_game: tuple[str, Path]) -> None:
    edition, path = old_game
    expected = json.loads((DATA / f"old-{edition}.state.json").read_text())
    line = ["pay", "alice", "1m" if edition == "city" else "5", "bob"]
    done = banker("do", str(path), *line)
    assert done.returncode == 0, done.stderr
    state = json.loads(banker("state", str(path), "--json").stdout)
    cash = {p["name"]: p["cash"] for p in state["players"]}
    before = {p["name"]: p["cash"] for p in expected["players"]}
    moved = 1_000_000 if edition == "city" else 5
    assert cash["Alice"] == before["Alice"] - moved and cash["Bob"] == before["Bob"] + moved
    assert state["ledger"]["events"] == expected["ledger"]["events"] + 1
    verified = banker("verify", str(path))
    assert verified.returncode == 0 and verified.stdout.startswith(f"ok: {state['ledger']['events']} events")


def test_new_event_ids_grow_with_time_beside_the_old_random_ones(old_game: tuple[str, Path]) -> None:
    """The `id` column only asks that ids differ: old files keep their random (version 4) ids and new actions
    add time-ordered (version 7) ones, which land at the unique index's end instead of on a random page."""
    edition, path = old_game
    for amount in ("1", "2", "3"):
        done = banker("do", str(path), "pay", "alice", f"{amount}m" if edition == "city" else amount, "bob")
        assert done.returncode == 0, done.stderr
    connection = sqlite3.connect(path)
    try:
        ids = [row[0] for row in connection.execute("SELECT id FROM event ORDER BY seq")]
    finally:
        connection.close()
    old, new = ids[:-3], ids[-3:]
    assert {uuid.UUID(i).version for i in old} == {4}
    assert [uuid.UUID(i).version for i in new] == [7, 7, 7]
    assert [i[:13] for i in new] == sorted(i[:13] for i in new), "the time part grows with each action"
    assert len(set(ids)) == len(ids)
    assert banker("verify", str(path)).returncode == 0


def indexes_new_and_old(path: Path, tmp_path: Path, where: str) -> tuple[list[str], list[str]]:
    """The indexes (those `where` picks) of a file this version makes for the old game's edition, and of the old."""
    old = Game.open(path)
    new = tmp_path / "new.db"
    Game.create(new, old.state.edition, ("Alice", "Bob")).close()
    old.close()
    found = []
    for file in (new, path):
        connection = sqlite3.connect(file)
        rows = connection.execute(f"SELECT name FROM sqlite_master WHERE type = 'index' AND {where}")
        found.append([row[0] for row in rows])
        connection.close()
    return found[0], found[1]


def test_an_actions_events_are_read_by_seq_alike_with_and_without_the_old_index(old_game: tuple[str, Path],
                                                                               tmp_path: Path) -> None:
    """New files have no index on `action` (one page less to write per action): an action's events are read as
    the rows from seq == its number on. Old files keep their index; both read the same rows as `action IN`."""
    import random

    from banker.ledger import LedgerStore

    edition, path = old_game
    copy = tmp_path / "new-schema.db"
    shutil.copy(path, copy)
    connection = sqlite3.connect(copy)
    connection.execute("DROP INDEX ix_event_action")  # the same rows as a file this version writes
    connection.close()
    assert indexes_new_and_old(path, tmp_path, "sql IS NOT NULL") == ([], ["ix_event_action"])
    rng = random.Random(edition)
    for file in (path, copy):
        store = LedgerStore.open(file)
        try:
            actions = [r[0] for r in store.query("SELECT DISTINCT action FROM event ORDER BY action")]
            events = store.head()[0]
            for numbers in (actions, actions[-1:], actions[:3], rng.sample(actions, 40), rng.sample(actions, 3),
                            [actions[5], actions[5] + 1, events + 7], list(range(1, events + 1, 97))):
                wanted = sorted(set(numbers))
                marks = ",".join("?" * len(wanted))
                by_index = store.query(f"SELECT * FROM event WHERE action IN ({marks}) ORDER BY seq", wanted)
                assert [tuple(r) for r in store.actions_records(numbers)] == by_index
        finally:
            store.close()


def test_new_files_hold_distinct_ids_by_verify_and_old_files_keep_their_unique_index(old_game: tuple[str, Path],
                                                                                  tmp_path: Path) -> None:
    """A new file's event table has no UNIQUE (id), whose index each action wrote a page of; an old file keeps
    its own (SQLite cannot drop it) and still refuses a second row with an id it holds."""
    _, path = old_game
    on_event = "name LIKE 'sqlite_autoindex_event%'"
    assert indexes_new_and_old(path, tmp_path, on_event) == ([], ["sqlite_autoindex_event_1"])
    copy = tmp_path / "old.db"
    shutil.copy(path, copy)
    connection = sqlite3.connect(copy)
    first = connection.execute("SELECT * FROM event ORDER BY seq LIMIT 1").fetchone()
    last = connection.execute("SELECT max(seq) FROM event").fetchone()[0]
    with pytest.raises(sqlite3.IntegrityError, match="event.id"):
        connection.execute("INSERT INTO event VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (last + 1, *first[1:]))
    connection.close()
