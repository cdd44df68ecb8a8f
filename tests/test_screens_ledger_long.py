"""`L` at any length (issue 38): the ledger screen reads the rows in view when it opens, and the others as they
scroll into view; on a long game the whole chain is checked after the first frame, and the rows stop before damage
it finds. (How long any of it takes is benchmarks/bench_length.py's, never a test's.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from screen_host import Host
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

import screens.ledger_screen as ledger_screen
from banker import snapshots
from banker.game import Game
from banker.history import checked_entries
from editions import load_edition
from screens.ledger_screen import LedgerScreen

LINES = ("pay Alice 10 Bob", "collect Bob 20", "pay Bob 30 Carol", "undo", "pay Bob 20", "pay Bob 10 Carol",
         "pay Carol 10 Alice")


@pytest.fixture
def long_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game of some 300 events, a stored snapshot every 50; the screen treats it as long (past SMALL)."""
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 50)
    monkeypatch.setattr(ledger_screen, "SMALL", 20)
    game = Game.create(tmp_path / "long.db", load_edition("classic-us"), ("Alice", "Bob", "Carol"))
    while game.head[0] < 300:
        for line in LINES:
            game.do(line)
    game.close()
    return tmp_path / "long.db"


async def until(pilot: Pilot, holds: object) -> None:
    for _ in range(400):
        if holds():  # type: ignore[operator]
            return
        await pilot.pause()
    raise AssertionError("the ledger screen never got there")


def cells(table: DataTable, row: int) -> dict[str, str]:
    """A row's cells by column ("seq", "what", "amount", "balance"; "time" and "who" on a wide screen)."""
    return {c.key.value: str(cell) for c, cell in zip(table.ordered_columns, table.get_row_at(row), strict=True)}


@pytest.mark.asyncio
async def test_a_long_ledger_opens_on_its_newest_rows_and_reads_older_ones_as_they_scroll_into_view(
        long_game: Path) -> None:
    game = Game.open(long_game)
    try:
        whole = checked_entries(game.records)[0]
        app = Host(LedgerScreen(game))
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            table = screen.query_one("#ledger-table", DataTable)
            assert table.row_count == len(whole)
            assert cells(table, len(whole) - 1)["what"] == whole[-1].text  # the newest, in view, read
            assert cells(table, 0)["seq"] == "1" and cells(table, 0)["what"] == ""  # the oldest not read yet
            assert len(screen.filled) < len(whole) // 2
            await pilot.press("ctrl+home")
            await until(pilot, lambda: 0 in screen.filled)
            assert cells(table, 0)["what"] == whole[0].text
            await pilot.press(*["pagedown"] * 3)
            await until(pilot, lambda: table.cursor_row in screen.filled)
            for row in sorted(screen.filled):
                entry = whole[row]
                assert cells(table, row)["what"] == entry.text + ("  (undone)" if entry.undone else "")
                balance = cells(table, row)["balance"]
                assert all(f"{name} ${entry.balances[name]:,}" in balance for name in balance.split()[::2])
            await until(pilot, lambda: screen.struck is not None)  # counted with the chain's check, after
            struck = sum(e.undone for e in whole)
            assert f"{struck} struck through: undone" in str(screen.query_one("#ledger-story", Static).render())
    finally:
        game.close()


@pytest.mark.asyncio
async def test_damage_found_after_the_first_frame_stops_the_long_ledger_before_it(long_game: Path) -> None:
    connection = sqlite3.connect(long_game)
    with connection:
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            connection.execute(f'DROP TRIGGER "{name}"')
        connection.execute("UPDATE event SET payload = payload || ' ' WHERE seq = 40")  # its hash no longer holds
    connection.close()
    game = Game.open(long_game)  # from the latest snapshot: event 40 is not read when the game opens
    try:
        app = Host(LedgerScreen(game))
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            await until(pilot, lambda: screen.problem is not None)
            assert "event 40 is damaged" in screen.problem
            table = screen.query_one("#ledger-table", DataTable)
            await until(pilot, lambda: table.row_count == 39)
            assert "Stops early: event 40 is damaged" in str(screen.query_one("#ledger-story", Static).render())
    finally:
        game.close()


@pytest.mark.asyncio
async def test_a_filter_on_a_long_ledger_reads_its_rows_the_same_way(long_game: Path) -> None:
    game = Game.open(long_game)
    try:
        whole = [e for e in checked_entries(game.records)[0] if "Alice" in e.people]
        app = Host(LedgerScreen(game))
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            await pilot.press("p", "enter", "down", "enter")  # every player -> Alice
            table = screen.query_one("#ledger-table", DataTable)
            await until(pilot, lambda: table.row_count == len(whole))
            assert cells(table, len(whole) - 1)["balance"] == f"${whole[-1].balances['Alice']:,}"
            assert f"Alice has ${game.state.cash('Alice'):,} now: {len(whole)} events" in str(
                screen.query_one("#ledger-story", Static).render())
    finally:
        game.close()
