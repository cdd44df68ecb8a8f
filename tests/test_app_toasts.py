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
