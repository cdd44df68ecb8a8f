"""Nothing kills the app (issue 36): an error inside a flow becomes a toast and a line in the log (banker.log in the
data folder), the table stays up and the game file is as its last action left it; a dialog answered twice (keys
already on their way) never pops the screen under it ("ScreenStackError: Can't pop screen" closed the app)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, burst, on_disk, played_file, toasts
from key_pilot import settle, title_of

import screens.token_flows
from banker.verify import verify_file
from screens.choice_screen import ChoiceScreen
from screens.errors_kept import LOG_NAME
from screens.table_screen import TableScreen

PLAYERS = ("Ann", "Bob")
FOLLOW = ("follow-tokens",)
SIZE = (120, 40)


@pytest.mark.asyncio
async def test_an_error_in_a_flow_is_a_toast_and_a_log_line_and_the_table_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: object, how: object = None) -> None:
        raise ValueError("a flow that went wrong")

    monkeypatch.setattr(screens.token_flows.TokenFlows, "follow_waiting", broken)
    path = played_file(tmp_path / "error.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "3", "5", "enter")
        await settle(pilot, lambda: any("a flow that went wrong" in t for t in toasts(app)))
        assert app.is_running and isinstance(app.screen, TableScreen)
        await burst(pilot, "ctrl+z")  # the table still takes keys
        await settle(pilot, lambda: app.game.state.position("Ann") == 0)
    log = (path.parent / "data" / LOG_NAME).read_text()
    assert "ValueError: a flow that went wrong" in log
    with on_disk(path) as game:  # the roll was stored before the error, and undone after it
        assert game.state.position("Ann") == 0
    assert verify_file(path).problem is None


@pytest.mark.asyncio
async def test_a_dialog_answered_twice_pops_nothing_under_it(tmp_path: Path) -> None:
    path = played_file(tmp_path / "twice.db", "classic-us", PLAYERS, ["roll Ann 3 5"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: "Vermont Avenue" in title_of(app))
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        dialog.dismiss(None)
        dialog.dismiss(None)  # keys already on their way answered it again: nothing more happens
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.is_running and len(app.screen_stack) == 2


@pytest.mark.asyncio
async def test_the_last_screen_is_never_popped(tmp_path: Path) -> None:
    path = played_file(tmp_path / "last.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        app.pop_screen()  # the table
        app.pop_screen()  # the blank screen under it: refused, said, logged
        await settle(pilot, lambda: any("closed twice" in t for t in toasts(app)))
        assert app.is_running
