"""The app on a damaged file (issue 38): it opens read-only and says why, the ledger's `L` reads as far as the file
holds and the app goes on, a file with a bad version mark is listed with its problem among the others, and the
app keeps a rolling backup of the game it opens."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import keys
from textual.pilot import Pilot

from banker import snapshots
from banker.saves import games_dir
from screens.app import BankerApp, make_app
from screens.ledger_screen import LedgerScreen
from screens.start_screen import StartScreen
from screens.table_screen import TableScreen
from tests.test_damage_on_open import change_bytes

SIZE = (120, 40)
LINES = ("buy Ann Boardwalk", "collect Ann 123", "pay Ben 40 Ann")


async def settle(pilot: Pilot, app: BankerApp, holds: Callable[[], object]) -> None:
    await wait_until(pilot, holds, "the app never got there")


@pytest.mark.asyncio
async def test_a_damaged_game_opens_read_only_saying_what_is_damaged(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", ("Ann", "Ben"), LINES)
    change_bytes(path, b'"Ann",123]', b'"Ann",923]')
    before = path.read_bytes()
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.damage is not None and "event 3 is damaged" in app.game.damage
        assert app.sub_title == "g.db: READ-ONLY"
        assert app.game.state.cash("Ann") == 1100  # the last good action's table, never the $923
        assert app.act("pay Ann 1 Ben") is None  # refused with the sentence
        await keys(pilot, "L")
        await settle(pilot, app, lambda: isinstance(app.screen, LedgerScreen))
        await keys(pilot, "escape")
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
    assert path.read_bytes() == before


@pytest.mark.asyncio
async def test_a_damaged_event_before_the_snapshot_leaves_the_app_running_after_L(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 3)
    path = played_file(tmp_path / "g.db", "classic-us", ("Ann", "Ben"), LINES + ("pay Ann 1 Ben",))
    connection = sqlite3.connect(path)
    payload = connection.execute("SELECT payload FROM event WHERE seq = 2").fetchone()[0].encode()
    connection.close()
    change_bytes(path, payload, b"X" + payload[1:])  # opening starts from the snapshot and never reads it
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
        await keys(pilot, "L")
        await settle(pilot, app, lambda: isinstance(app.screen, LedgerScreen))
        screen = app.screen
        assert isinstance(screen, LedgerScreen) and screen.problem is not None
        assert "event 2 is damaged" in screen.problem
        story = str(screen.query_one("#ledger-story").render())
        assert "Stops early: event 2 is damaged" in story
        await keys(pilot, "escape")
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen))
        assert app.is_running


@pytest.mark.asyncio
async def test_a_bad_version_mark_is_listed_beside_the_other_games(tmp_path: Path) -> None:
    folder = games_dir(tmp_path)
    folder.mkdir(parents=True)
    played_file(folder / "bad.db", "classic-us", ("Ann", "Ben"), LINES)
    played_file(folder / "good.db", "classic-us", ("Cy", "Di"), ("buy Cy Boardwalk",))
    connection = sqlite3.connect(folder / "bad.db")
    connection.execute("UPDATE meta SET value = 'one' WHERE key = 'version'")
    connection.commit()
    connection.close()
    app = make_app(None, data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, StartScreen))
        from textual.widgets import DataTable

        await settle(pilot, app, lambda: app.screen.query_one("#saved-games", DataTable).row_count == 2)


@pytest.mark.asyncio
async def test_the_app_keeps_a_rolling_backup_of_the_game_it_opens(tmp_path: Path) -> None:
    from banker.ledger import LedgerStore
    from banker.saves import backups_dir

    path = played_file(tmp_path / "friday.db", "classic-us", ("Ann", "Ben"), LINES)
    app = app_for(path)
    folder = backups_dir(path.parent / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: app.backup is not None and app.backup.exists())
        assert app.backup is not None and app.backup.parent == folder and app.backup.name.startswith("friday-")
        await keys(pilot, ":")
        await pilot.press(*"pay Ann 1 Ben")
        await keys(pilot, "enter")
        await settle(pilot, app, lambda: app.game is not None and app.game.head[0] == 5)
    # the app has closed, and the game with it: its evening's play is copied
    latest, previous = sorted(folder.glob("friday-*.db"), key=lambda p: ".prev." in p.name)
    assert ".prev." in previous.name
    for copy, events in ((latest, 5), (previous, 4)):
        store = LedgerStore.open(copy)
        assert store.head()[0] == events
        store.close()
