"""Two writers on one game file (the banker's laptop and a second screen): no fork, no lost action.

Issue 4 "Two writers": two processes acting on one game file at once never fork
the chain or lose an action; the loser of a race gets a clear "the game changed,
retry" and retries. Game retries by itself (reload, decide again, append), and
gives up with that message only after three lost races in a row.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from banker import events as ev
from banker.errors import Refusal
from banker.game import Game, Outcome
from banker.ledger import GameChanged
from banker.verify import verify_records
from editions import load_edition
from tests.ledger_checks import fold_records, full_state, records_of

HERE = Path(__file__).parent
PER_WRITER = 120



@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[Game, Game]]:
    path = tmp_path / "game.db"
    first = Game.create(path, load_edition("classic-us"), ("Alice", "Bob"))
    second = Game.open(path)
    yield first, second
    first.close()
    second.close()


def interrupt_appends(game: Game, times: int, meanwhile: Any) -> list[Outcome]:
    """Lets `meanwhile()` act from the other window during each of `game`'s next `times` appends."""
    append = game.store.append
    done: list[Outcome] = []

    def append_after_the_other(*args: Any, **kwargs: Any) -> Any:
        if len(done) < times:
            done.append(meanwhile())
        return append(*args, **kwargs)

    game.store.append = append_after_the_other  # type: ignore[method-assign]
    return done


def test_a_stale_window_sees_the_other_windows_action_before_deciding(two_windows: tuple[Game, Game]) -> None:
    laptop, screen = two_windows
    laptop.do("buy Alice Boardwalk")
    with pytest.raises(Refusal, match="Boardwalk is not for sale: Alice owns it"):
        screen.do("buy Bob Boardwalk")
    assert screen.state.deeds["Boardwalk"].owner == "Alice"


def test_the_loser_of_a_race_retries_and_lands_after_the_winner(two_windows: tuple[Game, Game]) -> None:
    laptop, screen = two_windows
    raced = interrupt_appends(screen, 1, lambda: laptop.do("buy Alice Boardwalk"))
    outcome = screen.do("buy Bob 'Park Place'")
    assert len(raced) == 1 and outcome.action > raced[0].action
    laptop.reload()
    assert full_state(laptop.state) == full_state(screen.state)
    assert screen.state.deeds["Boardwalk"].owner == "Alice" and screen.state.deeds["Park Place"].owner == "Bob"
    records = records_of(laptop.store.path)
    assert [r.seq for r in records] == list(range(1, len(records) + 1)) and verify_records(records) is None


def test_the_retry_decides_again_on_the_new_state(two_windows: tuple[Game, Game]) -> None:
    """A line the race made illegal is refused after the reload, not appended on stale grounds."""
    laptop, screen = two_windows
    interrupt_appends(screen, 1, lambda: laptop.do("buy Alice Boardwalk"))
    with pytest.raises(Refusal, match="not for sale: Alice owns it"):
        screen.do("buy Bob Boardwalk")
    assert [r.type for r in records_of(laptop.store.path)] == ["GameStarted", "DeedBought"]


def test_three_lost_races_in_a_row_give_a_clear_retry_and_change_nothing(two_windows: tuple[Game, Game]) -> None:
    laptop, screen = two_windows
    amounts = iter(range(1, 10))
    raced = interrupt_appends(screen, 3, lambda: laptop.do(f"collect Alice {next(amounts)}"))
    with pytest.raises(Refusal) as refused:
        screen.do("collect Bob 500")
    assert "the game changed" in str(refused.value) and "retry" in str(refused.value)
    assert len(raced) == 3
    assert screen.state.accounts["Bob"] == 1500 and screen.state.accounts["Alice"] == 1506
    assert screen.head == laptop.head and screen.head[0] == records_of(laptop.store.path)[-1].seq == 4
    outcome = screen.do("collect Bob 500")  # the banker retries, as the message says
    assert outcome.action == 5 and screen.state.accounts["Bob"] == 2000


@pytest.mark.parametrize("events", [1, 3])
def test_an_append_after_a_stale_head_stores_nothing_of_the_action(two_windows: tuple[Game, Game],
                                                                   events: int) -> None:
    """The store's own head check (the event's seq is its primary key): an action of one event (a statement that
    is its own transaction) or of several (one BEGIN IMMEDIATE) written after a head that moved is refused whole."""
    laptop, screen = two_windows
    stale = screen.head
    laptop.do("collect Alice 10")
    legs = [ev.CashPaid("pay", transfers=(ev.Transfer(ev.BANK, "Bob", n + 1),)) for n in range(events)]
    before = records_of(laptop.store.path)
    with pytest.raises(GameChanged):
        screen.store.append(legs, stale)
    assert records_of(laptop.store.path) == before and verify_records(before) is None


def test_undo_in_one_window_undoes_the_latest_action_of_either(two_windows: tuple[Game, Game]) -> None:
    laptop, screen = two_windows
    screen.do("buy Bob Boardwalk")
    laptop.do("buy Alice 'Park Place'")
    screen.do("undo")
    laptop.reload()
    assert laptop.state.deeds["Park Place"].owner == ev.BANK and laptop.state.deeds["Boardwalk"].owner == "Bob"
    assert full_state(laptop.state) == full_state(fold_records(records_of(laptop.store.path)))


def writer(path: Path, player: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(HERE / "two_writers_child.py"), str(path), player, str(PER_WRITER)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=HERE.parent, env={**os.environ, "BANKER_RACE_SLEEP": "0.004"})


def test_two_processes_writing_at_once_never_fork_the_chain_or_lose_an_action(tmp_path: Path) -> None:
    path = tmp_path / "game.db"
    Game.create(path, load_edition("classic-us"), ("Alice", "Bob")).close()
    writers = [writer(path, "Alice"), writer(path, "Bob")]
    for proc in writers:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready", proc.stderr
    for proc in writers:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    reports = []
    for proc in writers:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    print(reports and [{k: v for k, v in r.items() if k != "actions"} for r in reports])

    records = records_of(path)
    assert verify_records(records) is None
    assert [r.seq for r in records] == list(range(1, 2 * PER_WRITER + 2)), "the chain forked or lost an event"
    collected = Counter((r.event.transfers[0].payee, r.event.transfers[0].amount) for r in records
                        if r.type == "CashPaid")
    for player in ("Alice", "Bob"):
        assert sorted(a for (p, a), n in collected.items() if p == player and n == 1) == \
            list(range(1, PER_WRITER + 1)), f"{player}'s actions are not each there exactly once"
    stored = {r.action: r for r in records}
    for report in reports:
        assert len(report["actions"]) == PER_WRITER == len(set(report["actions"]))
        assert all(stored[a].event.transfers[0].payee == report["player"] for a in report["actions"])
    state = fold_records(records)
    assert state.accounts["Alice"] == state.accounts["Bob"] == 1500 + PER_WRITER * (PER_WRITER + 1) // 2
    # the writers really raced: some appends found the other's action first and were retried
    assert sum(r["changed"] for r in reports) > 0, reports
    interleaved = sum(1 for a, b in zip(records[1:], records[2:], strict=False)
                      if a.event.transfers[0].payee != b.event.transfers[0].payee)
    assert interleaved > 10, "the writers did not run at the same time"
