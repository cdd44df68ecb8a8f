"""Proposals and the join code in the game file: nothing moves without the banker, nothing is decided twice,
and the event ledger is never touched."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from banker.errors import Refusal
from banker.game import Game
from banker.ledger import LedgerError
from banker.verify import verify_records
from banker.wallet import accept, count_pending, join_code, list_pending, new_join_code, propose, recent, refuse
from banker.wallet.proposals import MAX_LINE, MAX_PENDING_EACH, PendingWatch
from banker.wallet.storage import CODE_ALPHABET, CODE_LENGTH

ROOT = Path(__file__).resolve().parent.parent


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_the_join_code_is_kept_until_a_new_one_is_asked(game: Game) -> None:
    path = game.store.path
    code = join_code(path)
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert join_code(path) == code
    fresh = new_join_code(path)
    assert fresh != code and join_code(path) == fresh


def test_reading_a_game_without_wallet_tables_does_not_write_to_it(game: Game) -> None:
    path = game.store.path
    before = tables(path)
    assert list_pending(path) == [] and count_pending(path) == 0 and recent(path) == []
    assert tables(path) == before


def test_wallet_rows_never_touch_the_ledger(game: Game) -> None:
    game.do("pay alice 10")
    head = game.store.head()
    join_code(game.store.path)
    proposal = propose(game.store.path, "Bob", "pay bob 20")
    refuse(game.store.path, proposal.id)
    assert game.store.head() == head
    assert verify_records(game.store.records(), []) is None


def test_accept_runs_the_line_once(game: Game) -> None:
    proposal = propose(game.store.path, "Alice", "  pay   alice 50 bob ")
    assert proposal.line == "pay alice 50 bob" and proposal.status == "pending"
    assert count_pending(game.store.path) == 1
    decided = accept(game, proposal.id)
    assert (decided.status, decided.outcome) == ("accepted", "Alice pays Bob $50 (pay)")
    assert game.state.cash("Bob") == 1550
    with pytest.raises(Refusal, match="already accepted"):
        accept(game, proposal.id)
    with pytest.raises(Refusal, match="already accepted"):
        refuse(game.store.path, proposal.id)
    assert game.state.cash("Bob") == 1550


def test_refused_moves_nothing_and_says_so(game: Game) -> None:
    proposal = propose(game.store.path, "Carol", "buy carol boardwalk")
    decided = refuse(game.store.path, proposal.id)
    assert decided.status == "refused" and decided.outcome == "the banker refused it"
    assert game.state.deeds["Boardwalk"].owner == "bank"
    assert list_pending(game.store.path) == []
    with pytest.raises(Refusal, match="no proposal 99"):
        refuse(game.store.path, 99)


def test_the_rules_refusal_is_the_outcome_not_an_error(game: Game) -> None:
    proposal = propose(game.store.path, "Carol", "pay carol 5000")
    decided = accept(game, proposal.id)
    assert decided.status == "failed"
    assert decided.outcome.startswith("Carol has $1,500 but paying bank costs $5,000")
    assert game.state.cash("Carol") == 1500


def test_a_phone_cannot_flood_the_banker(game: Game) -> None:
    path = game.store.path
    with pytest.raises(Refusal, match="at most"):
        propose(path, "Alice", "pay bob " + "9" * MAX_LINE)
    with pytest.raises(Refusal, match="write an action"):
        propose(path, "Alice", "   ")
    for _ in range(MAX_PENDING_EACH):
        propose(path, "Alice", "go alice")
    with pytest.raises(Refusal, match="wait for the banker"):
        propose(path, "Alice", "go alice")
    propose(path, "Bob", "go bob")  # the others still can


def test_pending_watch_tells_the_table_what_is_new(game: Game) -> None:
    watch = PendingWatch(game.store.path)
    assert watch.poll() == (0, [])
    first = propose(game.store.path, "Alice", "go alice")
    assert watch.poll() == (1, [first])
    second = propose(game.store.path, "Bob", "go bob")
    assert watch.poll() == (2, [second])
    refuse(game.store.path, first.id)
    assert watch.poll() == (1, [])


def test_not_a_game_file(tmp_path: Path) -> None:
    plain = tmp_path / "other.db"
    with sqlite3.connect(plain) as connection:
        connection.execute("CREATE TABLE x (y)")
    with pytest.raises(LedgerError, match="not a Banker game"):
        join_code(plain)
    with pytest.raises(LedgerError, match="cannot be read"):
        join_code(tmp_path / "missing.db")
    assert not (tmp_path / "missing.db").exists()


def test_reading_the_wallet_tables_keeps_this_process_s_sqlite_locks(game: Game) -> None:
    """POSIX drops every lock a process holds on a file when it closes any descriptor of it. The wallet
    must only touch the game file through SQLite, or another process closing its connection takes this
    process's WAL away (the server then stops seeing actions; an app's writes could be lost)."""
    path = game.store.path
    game.do("pay alice 1")
    join_code(path)
    for _ in range(3):
        list_pending(path)
        count_pending(path)
    other = subprocess.run([sys.executable, "-m", "banker", "do", str(path), "pay", "bob", "7"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert other.returncode == 0, other.stderr
    assert Path(f"{path}-wal").exists()
    assert game.reload() == 1 and game.state.cash("Bob") == 1493
