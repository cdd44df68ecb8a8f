"""The table of a game with a time limit (`banker new --time-limit`): the time left on the clock line, "last round"
once it ran out (the call written in the ledger), then the end screen when the round is over.

Hasbro's tournament rules (docs/places.md): the judges "announce 'last turn.' Each player will get an equal number of
turns."
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_pilot import on_disk, text_of, wait_until
from screen_host import keys

from banker import commands as c
from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.end_screen import EndScreen
from screens.game_clock import GameClock
from screens.table_screen import TableScreen
from screens.timing import ManualClock

START = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)


def timed_file(tmp_path: Path) -> Path:
    path = tmp_path / "timed.db"
    game = Game.create(path, load_edition("classic-us"), ("Alice", "Bob", "Carol"))
    try:
        game.do("buy alice boardwalk")
        game.execute(c.SetTimeLimit(90, START.isoformat(timespec="seconds")))
    finally:
        game.close()
    return path


def app_at(path: Path, now: datetime) -> tuple[BankerApp, ManualClock]:
    app = make_app(path, data=path.parent / "data", watch=False)
    clock = ManualClock(now)
    app.timing = clock  # type: ignore[attr-defined]
    app.bell = lambda: None  # type: ignore[method-assign]
    return app, clock


async def until(pilot, holds) -> None:  # type: ignore[no-untyped-def]
    await wait_until(pilot, holds)


@pytest.mark.asyncio
async def test_the_time_limit_calls_the_last_round_then_the_end_shows_the_places(tmp_path: Path) -> None:
    path = timed_file(tmp_path)
    app, clock = app_at(path, START + timedelta(minutes=89, seconds=50))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        widget = app.screen.query_one(GameClock)
        assert widget.display and "time limit 00:10 left, then the last round" in text_of(app, "#game-clock")
        clock.advance(10)
        await until(pilot, lambda: "LAST ROUND" in text_of(app, "#game-clock"))
        assert app.game is not None and app.game.state.last_round and isinstance(app.screen, TableScreen)
        assert "type end" in text_of(app, "#game-clock")
        app.act("end")
        clock.advance(1)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await keys(pilot, "escape")
        clock.advance(2)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "THE GAME IS OVER" in text_of(app, "#game-clock")
    with on_disk(path) as game:
        assert game.state.last_round and game.state.game_over
