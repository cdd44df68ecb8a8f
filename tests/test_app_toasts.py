"""Toasts leave when their time is up, but between keys (screens/toasts.py): in the frame after an action, or on a
quiet table's timer, never by a timer of their own that could fall inside a key's handling."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_pilot import app_for, played_file, toasts
from screen_host import keys
from textual.widgets._toast import Toast

import screens.toasts


def shown(app: object) -> list[str]:
    return [str(toast._notification.message) for toast in app.screen.query(Toast)]  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_a_due_toast_leaves_in_the_frame_after_the_next_action(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screens.toasts, "SWEEP_SECONDS", 3600.0)  # no quiet-table timer within the test
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.notify("a toast of a twentieth of a second", timeout=0.05)
        app.notify("a toast of a minute", timeout=60)
        await pilot.pause()
        await asyncio.sleep(0.3)
        await pilot.pause()
        assert "a toast of a twentieth of a second" in toasts(app)  # due, but no action yet and no timer
        assert "a toast of a twentieth of a second" in shown(app)
        await keys(pilot, "g")
        await pilot.pause()
        assert "a toast of a twentieth of a second" not in toasts(app)
        assert "a toast of a twentieth of a second" not in shown(app)
        assert "a toast of a minute" in toasts(app) and "a toast of a minute" in shown(app)
        assert any("salary" in message for message in toasts(app))  # the action's own toast, not yet due


@pytest.mark.asyncio
async def test_a_quiet_table_takes_its_due_toasts_down_on_a_timer(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screens.toasts, "SWEEP_SECONDS", 0.05)
    monkeypatch.setattr(screens.toasts, "QUIET_SECONDS", 0.1)
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.notify("a short toast", timeout=0.2)
        app.notify("a toast of a minute", timeout=60)
        for _ in range(50):  # a busy machine may take a while; the toast must go without any key
            await asyncio.sleep(0.1)
            await pilot.pause()
            if "a short toast" not in toasts(app):
                break
        assert "a short toast" not in toasts(app) and "a short toast" not in shown(app)
        assert "a toast of a minute" in shown(app)


@pytest.mark.asyncio
async def test_a_quick_table_shows_its_newest_toasts_only(tmp_path: Path) -> None:
    """Older toasts leave early when more than TOASTS_SHOWN are up (the ledger keeps every line)."""
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        for index in range(screens.toasts.TOASTS_SHOWN + 2):
            app.notify(f"toast {index}", timeout=60)
            await pilot.pause()
        await pilot.pause()
        newest = [f"toast {index}" for index in range(2, screens.toasts.TOASTS_SHOWN + 2)]
        assert toasts(app) == newest
        assert shown(app) == newest


@pytest.mark.asyncio
async def test_a_roll_that_opens_nothing_puts_its_toast_up_with_the_roll(tmp_path: Path) -> None:
    """Its toast is the roll's news: mounted whole in the roll's own handling, so the roll's frame draws it
    (a toast posted as a message went up two frames later)."""
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), (), ("follow-tokens",)))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        table = app.screen
        outcome = app.act("roll Ann 1 3", quiet=True)  # Income Tax: charged by the roll, nothing to decide
        assert outcome is not None
        app.toast_outcome(outcome, at_once=True)
        up = [toast for toast in table.query(Toast) if "Income Tax" in str(toast._notification.message)]
        assert up and up[0].parent is not None and up[0].parent.id == "textual-toastrack"  # no holder to wait for
        await pilot.pause()
        assert any("Income Tax" in message for message in shown(app))


@pytest.mark.asyncio
async def test_a_small_terminal_shows_its_two_newest_toasts(tmp_path: Path) -> None:
    """At 80x24 four toasts covered most of the board: two stay up there."""
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for index in range(4):
            app.notify(f"toast {index}", timeout=60)
            await pilot.pause()
        await pilot.pause()
        assert toasts(app) == shown(app) == ["toast 2", "toast 3"]
