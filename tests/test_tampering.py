"""Tampering: over a game of 10,000+ events, every edit of the file fails `banker verify`, naming the first bad event.

Issue 2: "A tampered game file (one byte of one event changed, an event deleted,
two swapped) fails `banker verify`." Issue 4 adds: over a 10,000-event game, also
an inserted event and an edited balance-bearing payload. A tamperer first drops
the append-only triggers, as anyone with the file could.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from banker import snapshots
from banker.game import Game
from banker.ledger import GENESIS, LedgerError, LedgerStore, Record, canonical, chain_hash
from banker.verify import Verifier, verify_records, verify_rows
from editions import load_edition
from tests.ledger_checks import fold_records, records_of

PLAYERS = ("Alice", "Bob", "Carol", "Dan")
EVENTS = 10_000


def build_long_game(path: Path) -> None:
    """A real game through the Game API: many-legged trades plus the everyday actions, past 10,000 events."""
    game = Game.create(path, load_edition("classic-us"), PLAYERS)
    game.do("collect Alice 5000")
    game.do("collect Bob 5000")
    for number, deed in enumerate(game.state.deeds):
        game.do(f"buy {PLAYERS[number % 2]} {shlex.quote(deed)}")
    game.do("mortgage Bob 'Short Line'")
    round_ = 0
    while game.head[0] < EVENTS:
        round_ += 1
        alice, bob = game.state.deeds_of("Alice"), game.state.deeds_of("Bob")
        game.do(f"trade Alice Bob give {' '.join(map(shlex.quote, alice))} $1 "
                f"get {' '.join(map(shlex.quote, bob))} $2")
        for line in ("go Carol", f"rent Carol {shlex.quote(alice[0])} 7", "tax Dan 'Income Tax'",
                     f"collect Dan {1000 + round_}", "card Carol chest bank-error", "jail Dan", "bail Dan",
                     "pay Carol 3 Dan", "undo", "redo", "collect Alice 30"):
            game.do(line)
    game.close()


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.db"
    build_long_game(path)
    return path


@pytest.fixture
def game_file(long_game: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "game.db"
    shutil.copy(long_game, copy)
    return copy



def tamper(path: Path, *statements: tuple[str, tuple]) -> None:
    """Edit the file as a tamperer would: drop the append-only triggers, then change rows."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("BEGIN")
        connection.execute("DROP TRIGGER IF EXISTS event_no_update")
        connection.execute("DROP TRIGGER IF EXISTS event_no_delete")
        for sql, params in statements:
            connection.execute(sql, params)
        connection.execute("COMMIT")
    finally:
        connection.close()


def rewrite_from(path: Path, records: list[Record], start: int) -> None:
    """A careful tamperer: re-hash every event from `start` on so the chain links up again."""
    prev = records[start - 2].hash if start > 1 else GENESIS
    statements = []
    for record in records[start - 1:]:
        digest = chain_hash(prev, record.seq, record.id, record.action, record.time, record.type, record.payload)
        statements.append(("UPDATE event SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?",
                           (record.payload, prev, digest, record.seq)))
        prev = digest
    tamper(path, *statements)


def cli_verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", "verify", str(path)], capture_output=True, text=True)


def assert_caught(path: Path, first_bad: int) -> str:
    """Both verify_records and `banker verify` fail and name the same first bad event."""
    problem = verify_records(records_of(path))
    assert problem is not None and problem.startswith(f"event {first_bad}:"), problem
    done = cli_verify(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"event {first_bad}:" in done.stdout and "Traceback" not in done.stderr, done.stdout + done.stderr
    return problem


def middle_event(records: list[Record], type_: str) -> Record:
    """An event of this type about halfway through the game."""
    return next(r for r in records[len(records) // 2:] if r.type == type_)


def test_a_clean_long_game_verifies(long_game: Path) -> None:
    records = records_of(long_game)
    assert len(records) >= EVENTS
    assert verify_records(records) is None
    done = cli_verify(long_game)
    assert done.returncode == 0 and done.stdout.startswith(f"ok: {len(records)} events"), done.stdout + done.stderr


def test_one_byte_changed_in_one_events_payload_is_named(game_file: Path) -> None:
    target = middle_event(records_of(game_file), "RentPaid")
    payload = target.payload.replace('"Carol"', '"Karol"', 1)
    assert len(payload) == len(target.payload) and payload != target.payload
    tamper(game_file, ("UPDATE event SET payload = ? WHERE seq = ?", (payload, target.seq)))
    assert "hash mismatch" in assert_caught(game_file, target.seq)


def test_one_byte_flipped_in_the_file_itself_is_named(game_file: Path) -> None:
    """No SQL at all: one byte of the file changed in place, as a disk or an editor could."""
    records = records_of(game_file)
    target = next(r for r in records[len(records) // 2:]
                  if r.type == "CashPaid" and '"collect"' in r.payload and '"Dan"' in r.payload)
    data = bytearray(game_file.read_bytes())
    needle = target.payload.encode()
    where = data.find(needle)
    assert where >= 0 and data.count(needle) == 1, "pick an event whose payload is unique in the file"
    spot = where + needle.rindex(b"]]") - 1  # the last digit of its amount
    data[spot] = ord("9") if data[spot] != ord("9") else ord("8")
    game_file.write_bytes(bytes(data))
    assert assert_caught(game_file, target.seq)


def test_a_deleted_event_is_named(game_file: Path) -> None:
    target = middle_event(records_of(game_file), "DeedHandedOver")
    tamper(game_file, ("DELETE FROM event WHERE seq = ?", (target.seq,)))
    assert "missing" in assert_caught(game_file, target.seq)


def test_an_inserted_event_is_named(game_file: Path) -> None:
    """A forged event slipped in mid-game, even one hashed onto its predecessor, breaks the next link."""
    records = records_of(game_file)
    before = middle_event(records, "SalaryCollected")
    forged_payload = canonical({"player": "Carol", "transfers": [["bank", "Carol", 5000]]})
    seq = before.seq + 1
    forged_hash = chain_hash(before.hash, seq, "forged-id", seq, before.time, "SalaryCollected", forged_payload)
    tamper(game_file,
           ("UPDATE event SET seq = -(seq + 1) WHERE seq > ?", (before.seq,)),
           ("UPDATE event SET seq = -seq WHERE seq < 0", ()),
           ("INSERT INTO event (seq, id, action, time, type, payload, prev_hash, hash) VALUES (?,?,?,?,?,?,?,?)",
            (seq, "forged-id", seq, before.time, "SalaryCollected", forged_payload, before.hash, forged_hash)))
    # the forged event itself is well formed; the event after it no longer follows it
    assert assert_caught(game_file, seq + 1)


def test_an_event_appended_with_a_made_up_hash_is_named(game_file: Path) -> None:
    last = records_of(game_file)[-1]
    tamper(game_file, ("INSERT INTO event (seq, id, action, time, type, payload, prev_hash, hash) "
                       "VALUES (?,?,?,?,?,?,?,?)",
                       (last.seq + 1, "extra", last.seq + 1, last.time, "SalaryCollected",
                        canonical({"player": "Dan", "transfers": [["bank", "Dan", 200]]}), last.hash, "f" * 64)))
    assert "hash mismatch" in assert_caught(game_file, last.seq + 1)


def test_two_swapped_events_are_named(game_file: Path) -> None:
    records = records_of(game_file)
    first = middle_event(records, "TradeMade")
    second = next(r for r in records if r.seq > first.seq + 3 and r.type == "RentPaid")
    columns = ("id", "action", "time", "type", "payload", "prev_hash", "hash")
    swap = ", ".join(f"{c} = ?" for c in columns)

    def values(r: Record) -> tuple:
        return (r.id, r.action, r.time, r.type, r.payload, r.prev_hash, r.hash)

    tamper(game_file,
           ("UPDATE event SET id = id || '-moving' WHERE seq IN (?, ?)", (first.seq, second.seq)),
           (f"UPDATE event SET {swap} WHERE seq = ?", (*values(second), first.seq)),
           (f"UPDATE event SET {swap} WHERE seq = ?", (*values(first), second.seq)))
    assert assert_caught(game_file, first.seq)


def test_two_swapped_payloads_are_named(game_file: Path) -> None:
    records = records_of(game_file)
    first = middle_event(records, "SalaryCollected")
    second = next(r for r in records if r.seq > first.seq and r.type == "CashPaid")
    tamper(game_file,
           ("UPDATE event SET payload = ? WHERE seq = ?", (second.payload, first.seq)),
           ("UPDATE event SET payload = ? WHERE seq = ?", (first.payload, second.seq)))
    assert "hash mismatch" in assert_caught(game_file, first.seq)


def test_an_edited_amount_is_named(game_file: Path) -> None:
    """A balance-bearing payload: the trade's $1 becomes $1,000,000."""
    records = records_of(game_file)
    trade = middle_event(records, "TradeMade")
    cash = next(r for r in records[trade.seq:] if r.type == "CashPaid" and r.action == trade.action)
    body = json.loads(cash.payload)
    body["transfers"][0][2] = 1_000_000
    tamper(game_file, ("UPDATE event SET payload = ? WHERE seq = ?", (canonical(body), cash.seq)))
    assert "hash mismatch" in assert_caught(game_file, cash.seq)


def test_an_edited_amount_rehashed_into_the_chain_is_caught_by_the_replay(game_file: Path) -> None:
    """A tamperer who recomputes every later hash still cannot make the books balance.

    The replay checks the books per action, so it names the action's first event.
    """
    records = records_of(game_file)
    trade = middle_event(records, "TradeMade")
    cash = next(r for r in records[trade.seq:] if r.type == "CashPaid" and r.action == trade.action)
    body = json.loads(cash.payload)
    payer = body["transfers"][0][0]
    body["transfers"][0][2] = 1_000_000
    records[cash.seq - 1] = cash._replace(payload=canonical(body))
    rewrite_from(game_file, records, cash.seq)
    problem = assert_caught(game_file, trade.action)
    assert f"{payer} is left with" in problem and "below zero" in problem


def test_an_event_given_an_earlier_events_id_rehashed_into_the_chain_is_named(game_file: Path) -> None:
    """Every event's id differs. New files hold that by `verify`, not a unique index (an action wrote a page of
    it): a tamperer who copies an earlier event's id into a later one and re-hashes the chain is named."""
    records = records_of(game_file)
    copied = records[41]
    target = middle_event(records, "TradeMade")
    records[target.seq - 1] = target._replace(id=copied.id)
    prev = records[target.seq - 2].hash
    statements = []
    for record in records[target.seq - 1:]:
        digest = chain_hash(prev, record.seq, record.id, record.action, record.time, record.type, record.payload)
        statements.append(("UPDATE event SET id = ?, prev_hash = ?, hash = ? WHERE seq = ?",
                           (record.id, prev, digest, record.seq)))
        prev = digest
    tamper(game_file, *statements)
    problem = assert_caught(game_file, target.seq)
    assert problem == f"event {target.seq}: has the id of an earlier event ({copied.id}); every event's id differs"


def snapshots_of(path: Path) -> list[tuple[int, str, dict]]:
    store = LedgerStore.open(path)
    try:
        return snapshots.snapshots(store, 2**62)
    finally:
        store.close()


def forge_snapshot(path: Path) -> int:
    """Gives Carol $100,000 in the snapshot opening uses (its event hash untouched); returns its seq."""
    records = records_of(path)
    seq, _head, body = next(s for s in snapshots_of(path) if s[0] <= records[-1].seq - snapshots.HEADROOM_EVENTS)
    body["accounts"]["Carol"] += 100_000
    body["accounts"]["bank"] -= 100_000
    tamper(path, ("UPDATE snapshot SET body = ? WHERE seq = ?",
                  (json.dumps(body, sort_keys=True, separators=(",", ":")), seq)))
    # issue 38: opening checks the snapshot's digest, so the forged cash is never shown; the game opens read-only
    # from the events (the truth), saying what is damaged
    with pytest.raises(LedgerError, match=f"the stored snapshot after event {seq} is damaged"):
        Game.open(path)
    opened = Game.open(path, read_only=True)
    try:
        assert opened.state.accounts["Carol"] == fold_records(records).accounts["Carol"]
        assert opened.damage is not None and "banker repair" in opened.damage
    finally:
        opened.close()
    return seq


def test_the_long_games_snapshots_match_the_replay(long_game: Path) -> None:
    stored = snapshots_of(long_game)
    assert stored, "the long game should hold snapshots"
    assert verify_records(records_of(long_game), stored) is None


def test_an_edited_snapshot_is_named_by_verify_records(game_file: Path) -> None:
    """Opening trusts a snapshot whose event hash matches, so verify must check its body."""
    seq = forge_snapshot(game_file)
    problem = verify_records(records_of(game_file), snapshots_of(game_file))
    assert problem is not None and problem.startswith(f"snapshot after event {seq}:"), problem


def test_an_edited_snapshot_fails_banker_verify(game_file: Path) -> None:
    seq = forge_snapshot(game_file)
    done = cli_verify(game_file)
    assert done.returncode == 1 and f"snapshot after event {seq}" in done.stdout, done.stdout


def test_a_snapshot_moved_into_the_middle_of_an_action_is_named(game_file: Path) -> None:
    """Opening resumes after a snapshot's event, so one placed mid-action would split that action."""
    records = records_of(game_file)
    seq, _head, body = snapshots_of(game_file)[-1]
    trade = middle_event(records, "TradeMade")
    inside = records[trade.seq]  # the trade's second event, not its last
    assert inside.action == trade.action and records[inside.seq].action == trade.action
    tamper(game_file, ("INSERT INTO snapshot (seq, head_hash, body) VALUES (?, ?, ?)",
                       (inside.seq, inside.hash, json.dumps(body))))
    problem = verify_records(records, snapshots_of(game_file))
    assert problem is not None and problem.startswith(f"snapshot after event {inside.seq}:"), problem


def test_verifying_a_step_at_a_time_says_what_one_pass_says(tmp_path: Path) -> None:
    """The resumable verifier (random play checks each step's new rows with it) agrees with `verify_records` on
    a good game read an action at a time, and names the same first problem once an edited row is fed."""
    game = Game.create(tmp_path / "game.db", load_edition("classic-us"), ("Alice", "Bob"))
    for line in ("buy Alice Boardwalk", "rent Bob Boardwalk", "undo", "redo", "pay Bob 50 Alice", "undo"):
        game.do(line)
    records = game.store.records()
    game.close()
    along = Verifier()
    for action in sorted({r.action for r in records}):
        assert along.feed([r for r in records if r.action == action]) is None
        assert along.verdict().problem is None
    assert along.verdict() == verify_rows(records)
    edited = [*records[:-3], records[-3]._replace(payload=records[-3].payload.replace("50", "500")), *records[-2:]]
    again = Verifier()
    again.feed(edited[:-3])
    assert again.verdict().problem is None
    assert (again.feed(edited[-3:]) or again.verdict()).problem == verify_records(edited) is not None
